// The file contents for the current environment will overwrite these during build.
// The build system defaults to the dev environment which uses `environment.ts`, but if you do
// `ng build --env=prod` then `environment.prod.ts` will be used instead.
// The list of which env maps to which file can be found in `.angular-cli.json`.

export const environment = {
  production: false,

  // host of the GitLab instance; the API path is appended in gitlab.config.ts
  gitlabUrl: 'https://gitlab.example.org',

  // "platform/issue-tracker" until people pick their own in the project picker
  defaultProjectId: 412,

  // columns of the board, left to right; each one is a label on the issue
  columns: ['To Do', 'Doing', 'Review', 'Done'],

  // how often the board reloads, in milliseconds
  refreshMs: 30000
};
