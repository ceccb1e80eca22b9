/*!
 * build-badge 0.2.3 - latest builds of the style guide, for the intranet portal.
 * Usage: <div id="build-badge"></div><script src="build-badge.min.js"></script>
 * Works in IE9+ (no fetch, no Promise).
 */
(function (window, document) {
  'use strict';

  var HOST = 'https://gitlab.example.org';
  var PROJECT = 'design/style-guide';
  // read-only token of the "portal" bot user; the portal has no backend to proxy through
  var READ_TOKEN = 'Fm3nQ8cW2vLp7xZr4tYh';
  var MAX_ROWS = 5;

  function getJSON(url, onSuccess, onError) {
    var xhr = new XMLHttpRequest();
    xhr.open('GET', url, true);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.onreadystatechange = function () {
      if (xhr.readyState !== 4) {
        return;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        var data;
        try {
          data = JSON.parse(xhr.responseText);
        } catch (e) {
          return onError(e);
        }
        onSuccess(data);
      } else {
        onError(new Error('HTTP ' + xhr.status));
      }
    };
    xhr.send(null);
  }

  function escapeHtml(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  }

  function row(build) {
    return '<li class="bb-' + escapeHtml(build.status) + '">' +
      '<a href="' + HOST + '/' + PROJECT + '/builds/' + build.id + '">' + escapeHtml(build.name) + '</a> ' +
      '<span>' + escapeHtml(build.ref) + '</span></li>';
  }

  function render(el, builds) {
    var html = '<ul class="bb-list">';
    for (var i = 0; i < builds.length && i < MAX_ROWS; i++) {
      html += row(builds[i]);
    }
    el.innerHTML = html + '</ul>';
  }

  function load(el) {
    var api = HOST + '/api/v3/projects/' + PROJECT;
    // the newest commit on master, then its builds
    getJSON(api + '/repository/commits?ref_name=master&page=0&per_page=1&private_token=' + READ_TOKEN, function (commits) {
      if (!commits.length) {
        el.innerHTML = '<em>no commits</em>';
        return;
      }
      getJSON(api + '/repository/commits/' + commits[0].id + '/builds?private_token=' + READ_TOKEN, function (builds) {
        render(el, builds);
      }, function () {
        el.innerHTML = '<em>builds unavailable</em>';
      });
    }, function (err) {
      el.innerHTML = '<em>' + escapeHtml(err.message) + '</em>';
    });
  }

  // The "all builds" link opens the list of the project's builds, filtered to failures.
  function failedCount(el) {
    var url = HOST + '/api/v3/projects/' + encodeURIComponent(PROJECT) + '/builds?scope=failed&private_token=' + READ_TOKEN;
    getJSON(url, function (builds) {
      el.setAttribute('data-failed', builds.length);
    }, function () {});
  }

  function init() {
    var el = document.getElementById('build-badge');
    if (!el) {
      return;
    }
    load(el);
    failedCount(el);
    setInterval(function () { load(el); }, 60000);
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', init);
  } else {
    init();
  }
})(window, document);
