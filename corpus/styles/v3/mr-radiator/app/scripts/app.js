(function () {
  'use strict';

  angular
    .module('mrRadiator', ['ngResource', 'ngRoute'])

    // nginx on the TV box proxies /gitlab/ to the GitLab host, so no CORS dance is needed
    .constant('GITLAB', {
      api: '/gitlab/api/v3',
      refreshSeconds: 60,
      projects: [17, 23, 31]
    })

    .config(['$routeProvider', '$httpProvider', function ($routeProvider, $httpProvider) {
      $routeProvider
        .when('/', { templateUrl: 'views/radiator.html', controller: 'RadiatorCtrl' })
        .when('/setup', { templateUrl: 'views/setup.html', controller: 'SetupCtrl' })
        .otherwise({ redirectTo: '/' });

      $httpProvider.interceptors.push('gitlabToken');
    }])

    .factory('gitlabToken', ['$window', function ($window) {
      return {
        request: function (config) {
          var token = $window.localStorage.getItem('radiator.token');
          if (token && config.url.indexOf('/gitlab/') === 0) {
            config.headers['PRIVATE-TOKEN'] = token;
          }
          return config;
        }
      };
    }])

    .controller('SetupCtrl', ['$scope', '$window', '$location', function ($scope, $window, $location) {
      $scope.token = $window.localStorage.getItem('radiator.token') || '';
      $scope.save = function () {
        $window.localStorage.setItem('radiator.token', $scope.token);
        $location.path('/');
      };
    }]);
})();
