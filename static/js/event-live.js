/* Club nights and duplicate sessions, live: every [data-follow] part (the director's tables
   and standings, a table's banner, the wall screens) is asked again, with its ETag, when its
   evening changes: an unchanged evening answers 304; a changed one sends the part, which
   replaces this one in place. The server's stream (stream.js, the part's data-event or
   data-session) says when; while it does not hold, the parts are polled every few seconds
   while the page is shown and online. Looked up at every ask, as a Save may have replaced the
   part. A part being used (focus inside, an open <details>) waits for the next ask. A timed
   round's end is asked for once it is past (the late tables). */
(function () {
  'use strict';
  if (window.eventLive) { return; }
  window.eventLive = true;
  var busy = false, again = false, alarm = 0;
  function parts() { return Array.prototype.slice.call(document.querySelectorAll('[data-follow]')); }
  function poll(force) {
    if (force !== true && window.SKStream && SKStream.holding()) { return; }
    if (document.visibilityState !== 'visible' || !navigator.onLine) { return; }
    if (busy) { again = again || force === true; return; }
    var all = parts();
    if (!all.length) { return; }
    busy = true;
    Promise.all(all.map(function (el) {
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
    })).then(done, done);
  }
  function done() {
    ends();
    // a part may ask to be asked at most every so often (data-every, ms: a session of many
    // tables changes several times a second, and its console takes a while to make)
    var every = Math.max.apply(null, [0].concat(parts().map(function (el) {
      return +el.getAttribute('data-every') || 0;
    })));
    setTimeout(function () {
      busy = false;
      if (again) { again = false; poll(true); }
    }, every);
  }
  function ends() {  // the next round's clock to run out, asked for just after
    var now = Date.now(), next = Infinity;
    document.querySelectorAll('[data-ends]').forEach(function (el) {
      var t = Date.parse(el.getAttribute('data-ends'));
      if (t > now && t < next) { next = t; }
    });
    clearTimeout(alarm);
    if (next < Infinity) { alarm = setTimeout(function () { poll(true); }, next - now + 1500); }
  }
  var seen = {};
  if (window.SKStream && window.EventSource) {
    parts().forEach(function (el) {  // a club night's (data-event) or a session's parts
      var kind = el.hasAttribute('data-session') ? 's' : 'e';
      var id = el.getAttribute(kind === 's' ? 'data-session' : 'data-event');
      var key = kind + ':' + id;
      if (!id || seen[key] !== undefined) { return; }
      seen[key] = '';
      SKStream.watch(kind, id, function (v) {  // the first: a check of the page's age
        if (v === seen[key]) { return; }
        seen[key] = v;
        poll(true);
      });
    });
  }
  ends();
  setInterval(poll, 2500);
  document.addEventListener('visibilitychange', function () { poll(true); });
  window.addEventListener('online', function () { poll(true); });
}());
