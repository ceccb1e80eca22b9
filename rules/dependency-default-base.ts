import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'dependency-default-base',
  changes: ['V-PREFIX'],
  release: '9.0',
  category: 'prefix',
  fix: 'report',
  message: "This version of the service's client sends its requests to `/api/v3` by default; upgrade it, or give it an `/api/v4` base URL",
  dependencies: (pins) =>
    pins.map((pin) => ({
      pin,
      message:
        `\`${pin.module}\` ${pin.range}${pin.resolved ? ` (installed: ${pin.resolved})` : ''} sends its requests to \`/api/v3\` by default; ` +
        `upgrade ${pin.module}${pin.firstV4 !== undefined ? ` to ${pin.firstV4}` : ''}${pin.baseOption ? ` or set its \`${pin.baseOption}\` to \`/api/v4/\`` : ''}`,
    })),
  docs:
    "Some clients of the service write no base URL in your code: they bring their own default, and the version of " +
    'the client decides it (`gl-got` before 8 sends to `/api/v3`, 8 and later to `/api/v4`). The version is ' +
    "written in package.json, so the prefix is reported there, at the dependency's version, once, when the " +
    "package's code calls the client without a base URL of its own (the lock file's resolved version counts " +
    'when there is one). Each such call is also reported where it is made (`api-prefix`), since it goes to ' +
    '`/api/v3` whatever else it does. Upgrade the client to a version whose default is `/api/v4` (then check ' +
    'what else its new major version changed), or give the calls an `/api/v4` base URL (`endpoint` for gl-got). ' +
    'Never fixed automatically: `--fix` does not write package.json. A comment cannot silence it (JSON has ' +
    'none): turn the rule off in the configuration, or allow it there with a reason ' +
    '(`{ "rule": "dependency-default-base", "files": ["package.json"], "reason": "…" }`).',
  examples: {
    invalid: [
      { code: '{\n  "name": "merge-bot",\n  "dependencies": {\n    "gl-got": "^7.1.0"\n  }\n}\n', filename: 'package.json' },
      { code: '{\n  "name": "release-notes",\n  "devDependencies": {\n    "gl-got": "7.0.0"\n  }\n}\n', filename: 'package.json' },
    ],
    valid: [
      { code: '{\n  "name": "merge-bot",\n  "dependencies": {\n    "gl-got": "^8.0.0"\n  }\n}\n', filename: 'package.json' },
      { code: '{\n  "name": "merge-bot",\n  "dependencies": {\n    "got": "^7.1.0"\n  }\n}\n', filename: 'package.json' },
    ],
  },
});
