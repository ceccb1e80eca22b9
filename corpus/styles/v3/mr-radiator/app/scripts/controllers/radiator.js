(function () {
  'use strict';

  angular.module('mrRadiator').controller('RadiatorCtrl', [
    '$scope', '$http', '$interval', 'GITLAB', 'MergeRequests', 'Build', 'Deploy', 'Triggers',
    function ($scope, $http, $interval, GITLAB, MergeRequests, Build, Deploy, Triggers) {
      $scope.tiles = [];

      function loadProject(projectId) {
        var tile = { id: projectId, mergeRequests: [], failed: [] };

        MergeRequests.open(projectId).then(function (list) {
          tile.mergeRequests = list.map(function (mr) {
            mr.age = MergeRequests.age(mr);
            return mr;
          });
        });

        $http({
          method: 'GET',
          url: GITLAB.api + '/projects/' + projectId + '/builds',
          params: { scope: 'failed', per_page: 10 }
        }).then(function (res) {
          tile.failed = res.data.filter(function (build) {
            return build.ref === 'master';
          });
        }, function (res) {
          tile.error = 'GitLab answered ' + res.status;
        });

        return tile;
      }

      function refresh() {
        $scope.tiles = GITLAB.projects.map(loadProject);
      }

      $scope.retry = function (tile, build) {
        Build.retry({ projectId: tile.id, id: build.id }, refresh);
      };

      $scope.deploy = function (tile) {
        Triggers.tokenFor(tile.id).then(function (token) {
          return Deploy.run({ id: tile.id }, { token: token, ref: 'master' }).$promise;
        }).then(function () {
          tile.deploying = true;
        });
      };

      $scope.merge = function (mr) {
        MergeRequests.acceptWhenGreen(mr).then(refresh);
      };

      refresh();
      var timer = $interval(refresh, GITLAB.refreshSeconds * 1000);
      $scope.$on('$destroy', function () {
        $interval.cancel(timer);
      });
    }
  ]);
})();
