/* Live by push: one EventSource (GET /stream) for everything the page follows. Scripts call
   SKStream.watch("m" or "e", id, fn): fn(stamp) runs for each stamp the stream sends (the
   first on every connection: a reconnect checks the version and misses nothing); they fetch
   their part then, with If-None-Match, as a poll would. While SKStream.holding() the pages'
   own polls stay quiet; otherwise they poll as before. The rule for giving up the stream:
   - no EventSource in this browser: poll;
   - the stream refused (any answer but a stream: 503 when the server holds too many, a
     proxy that forbids it): poll, and try the stream again after 5 minutes;
   - dropped 3 times within 2 minutes (a network that cuts long connections): the same;
   - offline: closed, and opened again when the phone is back online. */
(function () {
  "use strict";
  if (window.SKStream) return;
  var RETRY = 5 * 60000, WINDOW = 2 * 60000, DROPS = 3;
  var topics = {}, es = null, drops = [], later = 0, soon = 0;
  // Opened once every deferred script of the page has said what it follows (one connection)
  var ready = document.readyState === "complete";
  document.addEventListener("DOMContentLoaded", function () { ready = true; open(); });
  var S = window.SKStream = {
    watch: watch,
    holding: function () { return !!es && es.readyState === 1; },
    given_up: false
  };
  function watch(kind, id, fn) {
    var key = kind + ":" + id;
    (topics[key] = topics[key] || []).push(fn);
    if (!ready) return;
    clearTimeout(soon);
    soon = setTimeout(open, 0);
  }
  function url() {
    return "/stream?" + Object.keys(topics).map(function (k) {
      var i = k.indexOf(":");
      return k.slice(0, i) + "=" + encodeURIComponent(k.slice(i + 1));
    }).join("&");
  }
  function close() {
    if (es) { es.close(); es = null; }
  }
  function giveUp() {  // poll for a while, then try the stream again
    close();
    S.given_up = true;
    clearTimeout(later);
    later = setTimeout(function () { drops = []; open(); }, RETRY);
  }
  function open() {
    close();
    if (!window.EventSource || !Object.keys(topics).length || !navigator.onLine) return;
    S.given_up = false;
    es = new EventSource(url());
    es.addEventListener("change", function (e) {
      var d;
      try { d = JSON.parse(e.data); } catch (err) { return; }
      (topics[d.k] || []).forEach(function (fn) { fn(String(d.v)); });
    });
    es.addEventListener("error", function () {
      if (!es) return;
      if (es.readyState === 2) return giveUp();  // refused: not a stream
      var now = Date.now();
      drops = drops.filter(function (t) { return now - t < WINDOW; }).concat([now]);
      if (drops.length >= DROPS) giveUp();
    });
  }
  window.addEventListener("offline", close);
  window.addEventListener("online", function () { drops = []; open(); });
}());
