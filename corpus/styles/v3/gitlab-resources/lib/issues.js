'use strict';

const { Resource } = require('./resource');
const pid = Resource.pid;

class Issues extends Resource {
  all(projectId, query) {
    return this.get(`projects/${pid(projectId)}/issues`, query);
  }

  show(projectId, issueId) {
    return this.get(`projects/${pid(projectId)}/issues/${issueId}`);
  }

  create(projectId, attributes) {
    return this.post(`projects/${pid(projectId)}/issues`, attributes);
  }

  edit(projectId, issueId, attributes) {
    return this.put(`projects/${pid(projectId)}/issues/${issueId}`, attributes);
  }

  close(projectId, issueId) {
    return this.edit(projectId, issueId, { state_event: 'close' });
  }

  notes(projectId, issueId, query) {
    return this.get(`projects/${pid(projectId)}/issues/${issueId}/notes`, query);
  }

  addNote(projectId, issueId, body) {
    return this.post(`projects/${pid(projectId)}/issues/${issueId}/notes`, { body });
  }

  /** Sets the estimate, e.g. "3h30m". */
  estimate(projectId, issueId, duration) {
    return this.post(`projects/${pid(projectId)}/issues/${issueId}/time_estimate`, { duration });
  }

  /** Thumbs up minus thumbs down, counted on the comments. */
  score(projectId, issueId) {
    return this.get(`projects/${pid(projectId)}/issues/${issueId}/notes`, { per_page: 100 })
      .then(notes => notes.reduce((sum, note) => sum + (note.upvote ? 1 : 0) - (note.downvote ? 1 : 0), 0));
  }
}

class Milestones extends Resource {
  all(projectId, query) {
    return this.get(`projects/${pid(projectId)}/milestones`, query);
  }

  /** Milestones by their project-local number. */
  byNumbers(projectId, numbers) {
    return this.get(`projects/${pid(projectId)}/milestones`, { iid: numbers });
  }

  create(projectId, title, dueDate) {
    return this.post(`projects/${pid(projectId)}/milestones`, { title, due_date: dueDate });
  }

  issues(projectId, milestoneId) {
    return this.get(`projects/${pid(projectId)}/milestones/${milestoneId}/issues`);
  }
}

module.exports = { Issues, Milestones };
