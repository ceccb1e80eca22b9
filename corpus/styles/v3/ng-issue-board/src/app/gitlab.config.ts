import { InjectionToken, Provider } from '@angular/core';

import { environment } from '../environments/environment';

/** Root of the REST API, without a trailing slash. */
export const GITLAB_API_URL = new InjectionToken<string>('gitlab.api.url');

/** Personal access token of the signed-in user (kept in localStorage by the login page). */
export const GITLAB_TOKEN = new InjectionToken<string>('gitlab.token');

export function tokenFactory(): string {
  try {
    return window.localStorage.getItem('board.token') || '';
  } catch (e) {
    // Safari private mode throws on localStorage access
    return '';
  }
}

export const GITLAB_PROVIDERS: Provider[] = [
  { provide: GITLAB_API_URL, useValue: environment.gitlabUrl + '/api/v3' },
  { provide: GITLAB_TOKEN, useFactory: tokenFactory }
];
