(function () {
  'use strict';

  /**
   * Merge requests of a project, as the radiator needs them.
   */
  angular.module('mrRadiator').service('MergeRequests', ['$http', 'GITLAB', function ($http, GITLAB) {
    var base = GITLAB.api + '/projects/';

    function data(res) {
      return res.data;
    }

    this.open = function (projectId) {
      return $http.get(base + projectId + '/merge_requests', {
        params: { state: 'opened', order_by: 'updated_at', per_page: 100 }
      }).then(data);
    };

    // "!12 !15" typed in the filter box: look those up by their number
    this.byNumbers = function (projectId, numbers) {
      return $http.get(base + projectId + '/merge_requests', {
        params: { 'iid[]': numbers }
      }).then(data);
    };

    this.changes = function (projectId, mergeRequestId) {
      return $http.get(base + projectId + '/merge_request/' + mergeRequestId + '/changes').then(data);
    };

    this.acceptWhenGreen = function (mr) {
      return $http({
        method: 'PUT',
        url: base + mr.project_id + '/merge_request/' + mr.id + '/merge',
        data: {
          merge_when_build_succeeds: true,
          should_remove_source_branch: true
        }
      }).then(data);
    };

    this.cancelAutoMerge = function (mr) {
      return $http.post(base + mr.project_id + '/merge_request/' + mr.id + '/cancel_merge_when_build_succeeds')
        .then(data);
    };

    // age in hours, for the colour of the card
    this.age = function (mr) {
      return moment().diff(moment(mr.created_at), 'hours');
    };
  }]);
})();
