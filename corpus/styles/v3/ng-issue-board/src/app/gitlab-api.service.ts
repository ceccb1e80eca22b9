import { Inject, Injectable } from '@angular/core';
import { HttpClient, HttpErrorResponse, HttpHeaders, HttpParams } from '@angular/common/http';
import { Observable } from 'rxjs/Observable';
import { ErrorObservable } from 'rxjs/observable/ErrorObservable';
import { catchError, map } from 'rxjs/operators';

import { GITLAB_API_URL, GITLAB_TOKEN } from './gitlab.config';

export interface Project {
  id: number;
  name_with_namespace: string;
  star_count: number;
}

export interface Issue {
  id: number;
  iid: number;
  project_id: number;
  title: string;
  labels: string[];
  state: string;
  subscribed?: boolean;
}

@Injectable()
export class GitlabApiService {
  private headers: HttpHeaders;

  constructor(private http: HttpClient,
              @Inject(GITLAB_API_URL) private baseUrl: string,
              @Inject(GITLAB_TOKEN) private token: string) {
    this.headers = new HttpHeaders({ 'PRIVATE-TOKEN': token });
  }

  /** Projects shown in the project picker: the ones the user starred. */
  starredProjects(): Observable<Project[]> {
    const params = new HttpParams()
      .set('per_page', '50')
      .set('order_by', 'last_activity_at');
    return this.http.get<Project[]>(`${this.baseUrl}/projects/starred`, { headers: this.headers, params })
      .pipe(catchError(this.handleError));
  }

  unstar(project: Project): Observable<Project> {
    return this.http.delete<Project>(`${this.baseUrl}/projects/${project.id}/star`, { headers: this.headers });
  }

  issues(projectId: number, labels: string[], state = 'opened'): Observable<Issue[]> {
    let params = new HttpParams()
      .set('state', state)
      .set('per_page', '100');
    if (labels.length) {
      // a card must carry every label of the swimlane filter
      params = params.set('labels', labels.join(','));
    }
    return this.http.get<Issue[]>(this.baseUrl + '/projects/' + projectId + '/issues', { headers: this.headers, params })
      .pipe(catchError(this.handleError));
  }

  /** Issues the user watches, for the "My cards" toggle. */
  watchedIssues(projectId: number): Observable<Issue[]> {
    const params = new HttpParams().set('state', 'opened').set('per_page', '100');
    return this.http.get<Issue[]>(`${this.baseUrl}/projects/${projectId}/issues`, { headers: this.headers, params })
      .pipe(map(list => list.filter(issue => issue.subscribed)));
  }

  /** `#12` typed in the search box: the number is the issue's iid. */
  issueByNumber(projectId: number, iid: number): Observable<Issue | undefined> {
    const params = new HttpParams().set('iid', String(iid));
    return this.http.get<Issue[]>(`${this.baseUrl}/projects/${projectId}/issues`, { headers: this.headers, params })
      .pipe(map(list => list[0]));
  }

  moveToColumn(issue: Issue, from: string, to: string): Observable<Issue> {
    const labels = issue.labels.filter(l => l !== from).concat(to);
    return this.http.put<Issue>(
      `${this.baseUrl}/projects/${issue.project_id}/issues/${issue.id}`,
      { labels: labels.join(',') },
      { headers: this.headers }
    );
  }

  subscribe(issue: Issue): Observable<Issue> {
    return this.http.post<Issue>(`${this.baseUrl}/projects/${issue.project_id}/issues/${issue.id}/subscription`, null,
      { headers: this.headers });
  }

  unsubscribe(issue: Issue): Observable<Issue> {
    const url = `${this.baseUrl}/projects/${issue.project_id}/issues/${issue.id}/subscription`;
    return this.http.request<Issue>('DELETE', url, { headers: this.headers });
  }

  /**
   * The wall TV runs the board behind a proxy that strips custom headers,
   * so this one call passes the token in the query string.
   */
  wallMilestones(projectId: number): Observable<any[]> {
    const params = new HttpParams()
      .set('state', 'active')
      .set('private_token', this.token);
    return this.http.get<any[]>(`${this.baseUrl}/projects/${projectId}/milestones`, { params });
  }

  private handleError(error: HttpErrorResponse) {
    if (error.error instanceof ErrorEvent) {
      console.error('Network error:', error.error.message);
    } else {
      console.error(`GitLab answered ${error.status}:`, error.error);
    }
    return new ErrorObservable('Could not talk to GitLab; try again in a moment.');
  }
}
