import { ofType } from 'redux-observable';
import { ajax } from 'rxjs/ajax';
import { of } from 'rxjs';
import { catchError, map, mergeMap, switchMap } from 'rxjs/operators';

import { API, authHeaders } from '../config';

export const LOAD_ACTIVITY = 'activity/LOAD';
export const ACTIVITY_LOADED = 'activity/LOADED';
export const LOAD_MY_ACTIVITY = 'activity/LOAD_MINE';
export const ACTIVITY_FAILED = 'activity/FAILED';

const day = date => date.toISOString();

// Comments on issues of one project since a date: the "discussions" tab.
export const projectActivityEpic = action$ => action$.pipe(
  ofType(LOAD_ACTIVITY),
  switchMap(({ projectId, since }) => {
    const query = [
      'action=commented on',
      'target_type=Note',
      `after=${day(since)}`,
      'sort=DESC',
      'per_page=50'
    ].join('&');
    return ajax.getJSON(`${API}/projects/${projectId}/events?${query}`, authHeaders()).pipe(
      map(events => events.filter(e => e.target_type === 'note' && e.note && e.note.noteable_type === 'Issue')),
      map(events => ({ type: ACTIVITY_LOADED, projectId, events })),
      catchError(error => of({ type: ACTIVITY_FAILED, error: error.message }))
    );
  })
);

// The signed-in user's own activity: the "me" tab.
export const myActivityEpic = action$ => action$.pipe(
  ofType(LOAD_MY_ACTIVITY),
  mergeMap(() => ajax({
    url: `${API}/events?per_page=30`,
    method: 'GET',
    headers: authHeaders(),
    responseType: 'json'
  }).pipe(
    map(res => res.response.filter(e => e.action_name === 'merged')),
    map(events => ({ type: ACTIVITY_LOADED, projectId: 'me', events })),
    catchError(error => of({ type: ACTIVITY_FAILED, error: error.message }))
  ))
);
