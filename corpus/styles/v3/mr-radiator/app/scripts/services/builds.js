(function () {
  'use strict';

  var app = angular.module('mrRadiator');

  app.factory('Build', ['$resource', 'GITLAB', function ($resource, GITLAB) {
    return $resource(GITLAB.api + '/projects/:projectId/builds/:buildId/:action', {
      projectId: '@projectId',
      buildId: '@id'
    }, {
      query: { method: 'GET', isArray: true, params: { scope: 'failed', per_page: 20 } },
      retry: { method: 'POST', params: { action: 'retry' } },
      cancel: { method: 'POST', params: { action: 'cancel' } }
    });
  }]);

  // "Deploy" button on the staging tile
  app.factory('Deploy', ['$resource', function ($resource) {
    return $resource('/gitlab/api/v3/projects/:id/trigger/builds', { id: '@id' }, {
      run: { method: 'POST' }
    });
  }]);

  app.service('Triggers', ['$http', '$q', 'GITLAB', function ($http, $q, GITLAB) {
    var cache = {};

    // The radiator owns one trigger per project; it is created the first time someone deploys.
    this.tokenFor = function (projectId) {
      if (cache[projectId]) {
        return $q.when(cache[projectId]);
      }
      var url = GITLAB.api + '/projects/' + projectId + '/triggers';
      return $http.get(url).then(function (res) {
        if (res.data.length) {
          return res.data[0].token;
        }
        return $http.post(url).then(function (created) {
          return created.data.token;
        });
      }).then(function (token) {
        cache[projectId] = token;
        return token;
      });
    };
  }]);
})();
