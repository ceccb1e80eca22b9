'use strict';

// Small recipes on top of request(), used by our bots. Every function takes a
// request already configured with baseUrl and token (request.defaults({ ... })).

exports.unstarAll = function unstarAll(request, projectIds) {
  return Promise.all(projectIds.map(id => request('DELETE /projects/:id/star', { id })));
};

exports.forkInto = function forkInto(request, id, namespace) {
  return request('POST /projects/fork/:id', { id, namespace }).then(res => res.data);
};

exports.stopWatching = function stopWatching(request, id, mergeRequestId) {
  return request('DELETE /projects/:id/merge_requests/:merge_request_id/subscription', {
    id,
    merge_request_id: mergeRequestId
  });
};

// `numbers` are the !123 numbers shown in the UI.
exports.mergeRequestsByNumber = (request, id, numbers) =>
  request('GET /projects/:id/merge_requests', { id, iid: numbers }).then(res => res.data);

exports.everyProject = function everyProject(request, page) {
  return request('GET /projects/all', { page: page || 1, per_page: 100, order_by: 'id' }).then(res => res.data);
};

exports.myGroups = request => request('GET /groups/owned').then(res => res.data);

exports.blockUser = (request, userId) => request('PUT /users/:id/block', { id: userId });

exports.clearTodos = request => request('DELETE /todos');

exports.deployKeys = (request, id) => request('GET /projects/:id/keys', { id }).then(res => res.data);

exports.retireDeployKey = (request, id, keyId) =>
  request('DELETE /projects/:id/deploy_keys/:key_id/disable', { id, key_id: keyId });

/**
 * Adds a user to a project; an invalid access level is reported as a friendly error.
 */
exports.addMember = function addMember(request, id, userId, accessLevel) {
  return request('POST /projects/:id/members', { id, user_id: userId, access_level: accessLevel })
    .then(res => res.data)
    .catch(err => {
      if (err.status === 422) {
        throw new Error(`cannot add user ${userId} with access level ${accessLevel}: ${err.message}`);
      }
      throw err;
    });
};

exports.hooks = (request, id) => request('GET /projects/:id/hooks', { id }).then(res => res.data);
