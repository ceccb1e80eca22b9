import { Component, OnDestroy, OnInit } from '@angular/core';
import { Subscription } from 'rxjs/Subscription';
import { interval } from 'rxjs/observable/interval';
import { startWith, switchMap } from 'rxjs/operators';

import { environment } from '../../environments/environment';
import { GitlabApiService, Issue } from '../gitlab-api.service';

@Component({
  selector: 'app-board',
  templateUrl: './board.component.html',
  styleUrls: ['./board.component.css']
})
export class BoardComponent implements OnInit, OnDestroy {
  columns = environment.columns;
  cards: { [column: string]: Issue[] } = {};
  watching = 0;
  error: string | null = null;
  private poll: Subscription;

  constructor(private api: GitlabApiService) {}

  ngOnInit() {
    this.poll = interval(environment.refreshMs).pipe(
      startWith(0),
      switchMap(() => this.api.issues(environment.defaultProjectId, []))
    ).subscribe(
      issues => this.layout(issues),
      err => this.error = err
    );
  }

  ngOnDestroy() {
    if (this.poll) {
      this.poll.unsubscribe();
    }
  }

  layout(issues: Issue[]) {
    this.cards = {};
    for (const column of this.columns) {
      this.cards[column] = issues.filter(issue => issue.labels.indexOf(column) !== -1);
    }
    this.watching = issues.filter(issue => issue.subscribed).length;
  }

  drop(issue: Issue, from: string, to: string) {
    if (from === to) {
      return;
    }
    this.api.moveToColumn(issue, from, to).subscribe(
      updated => Object.assign(issue, updated),
      () => this.error = 'Could not move #' + issue.iid
    );
  }

  toggleWatch(issue: Issue) {
    const call = issue.subscribed ? this.api.unsubscribe(issue) : this.api.subscribe(issue);
    call.subscribe(updated => issue.subscribed = updated.subscribed);
  }
}
