// Configuration of the nag bot. Everything can be overridden from the environment
// in the container; the defaults are what runs on the build box.
module.exports = {
  gitlab: {
    host: process.env.NAGBOT_GITLAB_HOST || 'gitlab.example.org',
    // token of the "nagbot" user (reporter on the projects below)
    token: process.env.NAGBOT_TOKEN || 'q8Xr2bTzL1mVfYw9sKdE'
  },

  // projects to watch, by path
  projects: [
    'web/storefront',
    'web/checkout',
    'platform/api-gateway'
  ],

  chat: {
    hook: process.env.NAGBOT_HOOK || 'https://chat.example.org/hooks/7dcyzx4qgtrqbq5d7ngd1b3u9e',
    channel: 'code-review',
    username: 'nagbot'
  },

  // weekdays at 10:00 and 15:00
  schedule: '0 0 10,15 * * 1-5',
  staleHours: 24
};
