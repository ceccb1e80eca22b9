// The route tables and the change table: the v4 methods the fixes rely on, the v3 shapes that
// identify the service (and the foreign v3 APIs that must not), and the change IDs of CHANGES.md.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHANGES, CHANGE_IDS, isChangeId } from '../src/changes.js';
import { isV4Route, v4MethodsFor, V4_ROUTES } from '../src/api/v4-routes.js';
import { SERVICE_RESOURCE_WORDS, SERVICE_ROOT_WORDS, V3_ROUTES, v3RouteInfo } from '../src/api/v3-routes.js';

/** `'/projects/:id/jobs'` → `['projects', null, 'jobs']`, the shape callers pass. */
const shape = (path: string) => path.split('/').filter(Boolean).map((s) => (s.startsWith(':') ? null : s));

describe('v4 routes', () => {
  it("never takes one of v3's sub-list words for a collection's item", () => {
    for (const path of ['/projects/all', '/projects/owned', '/projects/starred', '/projects/visible', '/projects/search/x', '/groups/owned']) {
      expect(isV4Route('GET', path.split('/').filter(Boolean)), path).toBe(false);
    }
    expect(isV4Route('GET', ['projects', 'group%2Fname'])).toBe(true);
    expect(isV4Route('GET', ['runners', 'all'])).toBe(true);
  });

  it('routes the v4 forms the fixes produce, with the method v4 expects', () => {
    expect(isV4Route('POST', shape('/projects/:id/unstar'))).toBe(true);
    expect(isV4Route('POST', shape('/projects/:id/star'))).toBe(true);
    expect(isV4Route('DELETE', shape('/projects/:id/star'))).toBe(false);
    expect(isV4Route('POST', shape('/projects/:id/fork'))).toBe(true);
    expect(v4MethodsFor(shape('/projects/:id/issues/:iid/unsubscribe'))).toEqual(['POST']);
    expect(v4MethodsFor(shape('/projects/:id/merge_requests/:iid/subscribe'))).toEqual(['POST']);
    expect(v4MethodsFor(shape('/projects/:id/labels/:label_id/unsubscribe'))).toEqual(['POST']);
    expect(v4MethodsFor(shape('/todos/mark_as_done'))).toEqual(['POST']);
    expect(v4MethodsFor(shape('/todos/:id/mark_as_done'))).toEqual(['POST']);
    expect(v4MethodsFor(shape('/users/:id/block'))).toEqual(['POST']);
    expect(v4MethodsFor(shape('/users/:id/unblock'))).toEqual(['POST']);
    expect(v4MethodsFor(shape('/projects/:id/deploy_keys/:key_id')).sort()).toEqual(['DELETE', 'GET', 'PUT']);
    expect(v4MethodsFor(shape('/projects/:id/deploy_keys/:key_id/enable'))).toEqual(['POST']);
    expect(v4MethodsFor(shape('/projects/:id/merge_requests/:iid/merge'))).toEqual(['PUT']);
    expect(isV4Route('POST', shape('/projects/:id/merge_requests/:iid/cancel_merge_when_pipeline_succeeds'))).toBe(true);
    expect(isV4Route('POST', shape('/projects/:id/trigger/pipeline'))).toBe(true);
    expect(isV4Route('POST', shape('/projects/:id/environments/:environment_id/stop'))).toBe(true);
    expect(isV4Route('DELETE', shape('/projects/:id/repository/merged_branches'))).toBe(true);
    expect(isV4Route('GET', shape('/projects/:id/repository/files/:file_path/raw'))).toBe(true);
    expect(isV4Route('GET', shape('/projects/:id/repository/blobs/:sha/raw'))).toBe(true);
    expect(isV4Route('GET', shape('/templates/gitlab_ci_ymls/:key'))).toBe(true);
    expect(isV4Route('GET', shape('/users/:id/events'))).toBe(true);
    expect(isV4Route('GET', shape('/projects/:id/events'))).toBe(true);
    expect(isV4Route('GET', shape('/events'))).toBe(true);
    expect(v4MethodsFor(shape('/groups')).sort()).toEqual(['GET', 'POST']);
  });

  it('routes every job sub-path under jobs, and none under builds', () => {
    for (const [method, sub] of [['GET', ''], ['GET', '/trace'], ['POST', '/cancel'], ['POST', '/retry'], ['POST', '/erase'], ['POST', '/play'], ['GET', '/artifacts'], ['POST', '/artifacts/keep']] as const) {
      expect(isV4Route(method, shape(`/projects/:id/jobs/:job_id${sub}`)), sub).toBe(true);
      expect(isV4Route(undefined, shape(`/projects/:id/builds/:build_id${sub}`)), sub).toBe(false);
    }
    expect(isV4Route('GET', shape('/projects/:id/jobs/artifacts/:ref_name/download'))).toBe(true);
    expect(isV4Route('GET', ['projects', '7', 'jobs', null, 'artifacts', 'dist', 'app.js'])).toBe(true);
  });

  it('has none of the v3 forms the catalogue rewrites', () => {
    expect(isV4Route(undefined, shape('/projects/:id/keys'))).toBe(false);
    expect(isV4Route(undefined, shape('/projects/fork/:id'))).toBe(false);
    expect(isV4Route(undefined, shape('/projects/:id/issues/:iid/subscription'))).toBe(false);
    expect(isV4Route(undefined, shape('/projects/:id/merge_request/:id/changes'))).toBe(false);
    expect(isV4Route(undefined, shape('/projects/:id/trigger/builds'))).toBe(false);
    expect(isV4Route(undefined, shape('/projects/:id/repository/raw_blobs/:sha'))).toBe(false);
    expect(isV4Route(undefined, shape('/projects/:id/repository/commits/:sha/blob'))).toBe(false);
    expect(isV4Route(undefined, shape('/projects/:id/repository/files'))).toBe(false);
    expect(isV4Route(undefined, shape('/projects/:id/deploy_keys/:key_id/disable'))).toBe(false);
    expect(isV4Route(undefined, shape('/licenses'))).toBe(false);
    expect(isV4Route('DELETE', shape('/todos'))).toBe(false);
    expect(isV4Route('PUT', shape('/users/:id/block'))).toBe(false);
  });

  it('matches literal call segments against parameters, and prefers a literal template segment', () => {
    expect(isV4Route('GET', ['projects', '42', 'jobs'])).toBe(true);
    expect(isV4Route('GET', ['projects', 'group%2Fname', 'events'])).toBe(true);
    // `keep` is the action, not an artifact file named keep.
    expect(v4MethodsFor(['projects', null, 'jobs', null, 'artifacts', 'keep'])).toEqual(['POST']);
    expect(v4MethodsFor(['runners', 'all'])).toEqual(['GET']);
    // A literal template segment never matches a dynamic call segment.
    expect(v4MethodsFor(['projects', null, null])).toEqual([]);
    expect(v4MethodsFor([])).toEqual([]);
  });

  it('answers HEAD wherever it answers GET', () => {
    expect(isV4Route('HEAD', shape('/projects/:id/repository/tree'))).toBe(true);
    expect(v4MethodsFor(shape('/projects/:id/repository/tree'))).toEqual(['GET']);
    expect(isV4Route('HEAD', shape('/projects/:id/unstar'))).toBe(false);
  });

  it('lists each method of a path once', () => {
    const keys = V4_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('v3 routes', () => {
  it('knows the service\'s own shapes as specific', () => {
    for (const path of ['/projects/:id/builds', '/projects/:id/builds/:id/trace', '/projects/:id/repository/tree', '/projects/:id/merge_request/:id', '/projects/:id/keys', '/projects/fork/:id', '/projects/owned', '/projects/all', '/projects/search/:q', '/groups/owned', '/gitignores/:key', '/gitlab_ci_ymls', '/projects/:id/trigger/builds', '/projects/:id/star', '/projects/:id/events', '/projects/:id/services/slack', '/users/:id/block']) {
      expect(v3RouteInfo(shape(path)), path).toEqual({ known: true, specific: true });
    }
    expect(v3RouteInfo(['projects', '42', 'builds']).specific).toBe(true);
  });

  it('knows the shapes other v3 APIs share, but not as specific', () => {
    // GitHub has `/licenses`, to-do apps `/todos`, a container registry (Harbor) `/projects/:id/members`.
    for (const path of ['/user', '/users', '/users/:id', '/users/:id/events', '/user/keys', '/projects', '/projects/:id', '/groups', '/groups/:id', '/issues', '/events', '/namespaces', '/session', '/version', '/todos', '/todos/:id', '/licenses/:key', '/projects/:id/members', '/projects/:id/members/:user_id']) {
      expect(v3RouteInfo(shape(path)), path).toEqual({ known: true, specific: false });
    }
  });

  it('does not know the routes of other products', () => {
    for (const path of ['/projects/:id/notices', '/projects/:id/groups', '/projects/:id/deploys', '/projects/:id/activities', '/repos/:owner/:repo', '/orgs/:org', '/users/:name/repos', '/projects/:id/columns']) {
      expect(v3RouteInfo(shape(path)).known, path).toBe(false);
    }
  });

  it('uses ** only as a last segment', () => {
    for (const r of V3_ROUTES) expect(r.path.indexOf('**'), r.path).toSatisfy((i: number) => i === -1 || i === r.path.length - 2);
  });

  it('collects the literal words of both tables', () => {
    for (const w of ['projects', 'repository', 'builds', 'jobs', 'merge_requests', 'templates', 'mark_as_done', 'unstar', 'licences']) expect(SERVICE_RESOURCE_WORDS.has(w), w).toBe(true);
    for (const w of ['', '**', ':id', 'notices', 'repos']) expect(SERVICE_RESOURCE_WORDS.has(w), w).toBe(false);
    for (const w of SERVICE_ROOT_WORDS) expect(SERVICE_RESOURCE_WORDS.has(w), w).toBe(true);
    expect(SERVICE_ROOT_WORDS.has('templates')).toBe(true);
    expect(SERVICE_ROOT_WORDS.has('raw')).toBe(false);
  });
});

describe('change table', () => {
  it('recognises its IDs', () => {
    expect(isChangeId('R90-JOBS')).toBe(true);
    expect(isChangeId('V-PREFIX')).toBe(true);
    expect(isChangeId('R90-NOPE')).toBe(false);
    expect(isChangeId('toString')).toBe(false);
    expect(CHANGES['L-PAGINATION'].fix).toBe('report');
    expect(CHANGES['R90-VISIBILITY'].fix).toBe('safe');
    expect(CHANGES['R817-KEYS'].release).toBe('8.17');
  });

  it('gives the 9.0 release to every change outside the 8.17 list', () => {
    for (const id of CHANGE_IDS) expect(CHANGES[id].release, id).toBe(id.startsWith('R817-') ? '8.17' : '9.0');
  });

  it('holds exactly the IDs of CHANGES.md, in its order, when the spec is beside the clone', () => {
    const spec = fileURLToPath(new URL('../../shared/spec/CHANGES.md', import.meta.url));
    // A clone on its own has no spec to compare with; the table is the project's copy of it.
    if (existsSync(spec)) {
      const ids = [...readFileSync(spec, 'utf8').matchAll(/^\| ([A-Z0-9]+(?:-[A-Z0-9]+)+) \|/gm)].map((m) => m[1]);
      expect(ids.length).toBeGreaterThan(0);
      expect(CHANGE_IDS).toEqual(ids);
    }
  });
});
