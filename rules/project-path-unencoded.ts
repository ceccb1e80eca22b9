import { defineRule, hasRawProjectPath, PROJECT_RESOURCES, type CheckFinding, type MatchedCall } from '../src/rule.js';

// Names under which code keeps a project's `group/name` path.
const PATHISH = /(path_with_namespace|pathWithNamespace|fullPath|full_path|projectPath|project_path)$/;

function check(match: MatchedCall): CheckFinding[] {
  const [, ns, name] = match.segments;
  // `/projects/group/name/issues`, `/projects/group/name`: two literal segments in the id's place.
  if (ns && name && hasRawProjectPath(match.segments)) {
    return [{ atCapture: 'ns', rewrite: { path: '/projects/:encoded{/**}', bind: { encoded: { text: `${encodeURIComponent(ns)}%2F${encodeURIComponent(name)}` } } } }];
  }
  const capture = match.capture('ns');
  // A name that says it holds the path, or a pattern's capture group that holds a slash (`msg.match[1]` of `(\S+\/\S+)`).
  if (capture && 'code' in capture && (PATHISH.test(capture.code) || capture.slashed) && name && PROJECT_RESOURCES.includes(name)) {
    return [{ atCapture: 'ns', rewrite: { captureCode: { ns: `encodeURIComponent(${capture.code})` } } }];
  }
  // `/projects/${owner}/${repo}/issues`: the two values make the path; what joins them is code's to say.
  const second = match.capture('name');
  if (capture && second && 'code' in capture && 'code' in second && hasRawProjectPath(match.segments)) {
    const whole = `encodeURIComponent(${capture.code} + '/' + ${second.code})`;
    return [{ atCapture: 'ns', rewrite: null, message: `A project path in \`/projects/:id/…\` must be one URL-encoded segment (\`${whole}\`), not two` }];
  }
  return [];
}

export default defineRule({
  id: 'project-path-unencoded',
  changes: ['EV-PROJECT-PATH'],
  release: '9.0',
  category: 'events',
  fix: 'safe',
  message: 'A project path in `/projects/:id/…` must be URL-encoded (`group%2Fname`)',
  fixTitle: 'URL-encode the project path',
  v3: { path: '/projects/:ns/:name{/**}', version: 'any' },
  check: ({ match }) => check(match),
  docs:
    'Every endpoint under `/projects/:id` takes the project\'s numeric id or its **URL-encoded** path (document §4.3): ' +
    '`group%2Fname`, not `group/name`, whose slash splits the route so the server answers 404. A literal path is ' +
    'encoded in place; a variable holding a path (`path_with_namespace`, `fullPath`) is wrapped in `encodeURIComponent`, ' +
    "and so is a chat command's capture whose pattern cannot match without a slash (`msg.match[1]` of `/deploy (\\S+\\/\\S+)/`).",
  examples: {
    invalid: [
      { code: "fetch('/api/v4/projects/gitlab-org/gitlab-ce/events')", output: "fetch('/api/v4/projects/gitlab-org%2Fgitlab-ce/events')" },
      { code: 'axios.get(`/projects/${project.path_with_namespace}/issues`)', output: 'axios.get(`/projects/${encodeURIComponent(project.path_with_namespace)}/issues`)' },
    ],
    valid: ["fetch('/api/v4/projects/gitlab-org%2Fgitlab-ce/events')", 'axios.get(`/projects/${encodeURIComponent(project.path_with_namespace)}/issues`)', 'axios.get(`/projects/${id}/repository/files`)'],
  },
  cases: {
    // Two values where the id goes: reported; how to join them is the code's to say.
    invalid: [{ code: 'axios.get(`${host}/api/v4/projects/${owner}/${repo}/repository/tags`)' }],
    valid: ['axios.get(`${host}/api/v4/projects/${id}/${resource}`)'],
  },
});
