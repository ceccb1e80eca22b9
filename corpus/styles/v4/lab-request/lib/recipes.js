'use strict';

// Small recipes on top of request(), used by our bots. Every function takes a
// request already configured with baseUrl and token (request.defaults({ ... })).
// 2.0.0: moved to API v4 (see CHANGELOG.md for the renamed recipes).

exports.unstarAll = function unstarAll(request, projectIds) {
  return Promise.all(projectIds.map(id => request('POST /projects/:id/unstar', { id })));
};

exports.forkInto = function forkInto(request, id, namespace) {
  return request('POST /projects/:id/fork', { id, namespace }).then(res => res.data);
};

// `mergeRequestIid` is the number shown in the UI (!123), not the global id.
exports.stopWatching = function stopWatching(request, id, mergeRequestIid) {
  return request('DELETE /projects/:id/merge_requests/:merge_request_iid/unsubscribe', {
    id,
    merge_request_iid: mergeRequestIid
  });
};

// `numbers` are the !123 numbers shown in the UI.
exports.mergeRequestsByNumber = (request, id, numbers) =>
  request('GET /projects/:id/merge_requests', { id, iids: numbers }).then(res => res.data);

exports.everyProject = function everyProject(request, page) {
  return request('GET /projects', { page: page || 1, per_page: 100, order_by: 'id' }).then(res => res.data);
};

exports.myProjects = function myProjects(request, page) {
  return request('GET /projects', { membership: true, page: page || 1, per_page: 100 }).then(res => res.data);
};

exports.myGroups = request => request('GET /groups', { owned: true }).then(res => res.data);

exports.blockUser = (request, userId) => request('POST /users/:id/block', { id: userId });

exports.clearTodos = request => request('POST /todos/mark_as_done');

exports.markDone = (request, todoId) => request('PUT /todos/:id/mark_as_done', { id: todoId });

exports.deployKeys = (request, id) => request('GET /projects/:id/deploy_keys', { id }).then(res => res.data);

exports.retireDeployKey = (request, id, keyId) =>
  request('DELETE /projects/:id/deploy_keys/:key_id', { id, key_id: keyId });

/**
 * Adds a user to a project. An existing member answers 409; invalid input answers 400.
 */
exports.addMember = function addMember(request, id, userId, accessLevel) {
  return request('POST /projects/:id/members', { id, user_id: userId, access_level: accessLevel })
    .then(res => res.data)
    .catch(err => {
      if (err.status === 409) {
        return request('PUT /projects/:id/members/:user_id', { id, user_id: userId, access_level: accessLevel })
          .then(res => res.data);
      }
      if (err.status === 400) {
        throw new Error(`cannot add user ${userId} with access level ${accessLevel}: ${err.message}`);
      }
      throw err;
    });
};

exports.hooks = (request, id) => request('GET /projects/:id/hooks', { id }).then(res => res.data);
