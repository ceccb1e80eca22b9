import { ofType } from 'redux-observable';
import { ajax } from 'rxjs/ajax';
import { of } from 'rxjs';
import { catchError, map, mergeMap, switchMap } from 'rxjs/operators';

import { API, authHeaders } from '../config';

export const LOAD_TODOS = 'todos/LOAD';
export const TODOS_LOADED = 'todos/LOADED';
export const MARK_DONE = 'todos/MARK_DONE';
export const MARK_ALL_DONE = 'todos/MARK_ALL_DONE';
export const TODO_REMOVED = 'todos/REMOVED';
export const LOAD_STARRED = 'projects/LOAD_STARRED';
export const STARRED_LOADED = 'projects/STARRED_LOADED';
export const TODOS_FAILED = 'todos/FAILED';

const failed = error => of({ type: TODOS_FAILED, error: error.message });

export const loadTodosEpic = action$ => action$.pipe(
  ofType(LOAD_TODOS),
  switchMap(() => ajax.getJSON(`${API}/todos?state=pending&per_page=100`, authHeaders()).pipe(
    map(todos => ({ type: TODOS_LOADED, todos })),
    catchError(failed)
  ))
);

export const markDoneEpic = action$ => action$.pipe(
  ofType(MARK_DONE),
  mergeMap(({ id }) => ajax({ method: 'DELETE', url: `${API}/todos/${id}`, headers: authHeaders() }).pipe(
    map(() => ({ type: TODO_REMOVED, ids: [id] })),
    catchError(failed)
  ))
);

export const markAllDoneEpic = (action$, state$) => action$.pipe(
  ofType(MARK_ALL_DONE),
  mergeMap(() => ajax({
    method: 'DELETE',
    url: `${API}/todos`,
    headers: authHeaders()
  }).pipe(
    map(() => ({ type: TODO_REMOVED, ids: state$.value.todos.items.map(t => t.id) })),
    catchError(failed)
  ))
);

// The project filter in the sidebar lists the user's starred projects.
export const loadStarredEpic = action$ => action$.pipe(
  ofType(LOAD_STARRED),
  switchMap(() => ajax.getJSON(`${API}/projects/starred?simple=true&per_page=100`, authHeaders()).pipe(
    map(projects => ({ type: STARRED_LOADED, projects })),
    catchError(failed)
  ))
);
