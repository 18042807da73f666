/* Club nights, live: every [data-follow] part (the director's tables and standings, a table's
   banner, the wall screen) asks its address again every few seconds while the page is shown
   and online, with its ETag: an unchanged evening answers 304; a changed one sends the part,
   which replaces this one in place. Looked up at every poll, as a Save may have replaced the
   part. A part being used (focus inside, an open <details>) waits for the next poll. */
(function () {
  'use strict';
  if (window.eventLive) { return; }
  window.eventLive = true;
  var busy = false;
  function poll() {
    if (busy || document.visibilityState !== 'visible' || !navigator.onLine) { return; }
    var parts = Array.prototype.slice.call(document.querySelectorAll('[data-follow]'));
    if (!parts.length) { return; }
    busy = true;
    Promise.all(parts.map(function (el) {
      var tag = el.getAttribute('data-etag');
      return fetch(el.getAttribute('data-follow'), {
        headers: tag ? { 'If-None-Match': 'W/"' + tag + '"' } : {},
        credentials: 'same-origin'
      }).then(function (r) {
        if (r.status !== 200) { return; }
        return r.text().then(function (html) {
          var doc = new DOMParser().parseFromString(html, 'text/html');
          var fresh = doc.getElementById(el.id);
          if (!fresh || !el.isConnected) { return; }
          if (el.contains(document.activeElement) && document.activeElement !== document.body) { return; }
          if (el.querySelector('details[open]')) { return; }
          el.replaceWith(document.importNode(fresh, true));
        });
      }).catch(function () {});
    })).then(function () { busy = false; }, function () { busy = false; });
  }
  setInterval(poll, 2500);
  document.addEventListener('visibilitychange', poll);
  window.addEventListener('online', poll);
}());
