// Settings come from the build environment (.env.local in development).
// REACT_APP_GITLAB_URL: e.g. https://gitlab.example.org (no trailing slash)

const GITLAB_URL = (process.env.REACT_APP_GITLAB_URL || window.location.origin).replace(/\/$/, '');

export const API = `${GITLAB_URL}/api/v3`;

const TOKEN_KEY = 'activity-feed.token';

export function authHeaders() {
  const token = window.sessionStorage.getItem(TOKEN_KEY);
  return token ? { 'PRIVATE-TOKEN': token } : {};
}

export function setToken(token) {
  if (token) {
    window.sessionStorage.setItem(TOKEN_KEY, token);
  } else {
    window.sessionStorage.removeItem(TOKEN_KEY);
  }
}

export const POLL_SECONDS = Number(process.env.REACT_APP_POLL_SECONDS) || 60;
