// Scorekeeper's service worker (served as /sw.js, scope /; secure contexts only: HTTPS or
// localhost). It lets a phone open the app and the matches it has opened when the network is
// gone, and never gets in the way when the network works:
// - pages ("/" and "/m/<id>") and the app shell (CSS, JS, icons, manifest): network first; the
//   last good answer is kept and served only when the network fails;
// - everything else passes through untouched: POSTs and every other write, the JSON API (the
//   page's own polling says when it is offline), previews, sheets and PDFs.
"use strict";
var SHELL = "scorekeeper-shell-v5", PAGES = "scorekeeper-pages-v1", MAX_PAGES = 30;
// Every file a kept page loads (tests/test_offline_shell.py checks the pages against it): a page
// opened offline without queue.js would send Save as a plain POST, and the hand would be lost.
// The registered games' own files (their styles and scripts) and the pages' joined scripts
// (web/bundles.py) are filled in by the server (web/shell/views.py), which asks the registry:
// this file names no game.
var GAME_URLS = [];
var SHELL_URLS = ["/static/css/app.css", "/static/js/share.js",
  "/static/js/start.js", "/static/js/app.js", "/static/css/events.css",
  "/static/js/event-clock.js", "/static/js/event-live.js", "/static/js/stream.js",
  "/static/icons/favicon.svg", "/static/icons/icon-192.png", "/static/icons/icon-512.png", "/manifest.webmanifest"]
  .concat(GAME_URLS);

self.addEventListener("install", function (e) {
  e.waitUntil(caches.open(SHELL).then(function (c) { return c.addAll(SHELL_URLS); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (e) {
  e.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k !== SHELL && k !== PAGES; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

function isPage(url) { return url.pathname === "/" || /^\/m\/[\w-]+$/.test(url.pathname); }
function isShell(url) { return SHELL_URLS.indexOf(url.pathname) >= 0; }

function keep(cacheName, key, response) {  // only complete answers of this site, never redirects
  if (!response.ok || response.type !== "basic" || response.redirected) return Promise.resolve();
  return caches.open(cacheName).then(function (c) {
    return c.put(key, response).then(function () { return cacheName === PAGES && trim(c); });
  });
}

function trim(c) {  // the oldest pages go first
  return c.keys().then(function (keys) {
    return Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_PAGES))
      .map(function (k) { return c.delete(k); }));
  });
}

function networkFirst(e, cacheName, key) {
  return fetch(e.request).then(function (response) {
    e.waitUntil(keep(cacheName, key, response.clone()));
    return response;
  }).catch(function (error) {
    return caches.match(key, { cacheName: cacheName, ignoreVary: true, ignoreSearch: false })
      .then(function (cached) { if (cached) return cached; throw error; });
  });
}

self.addEventListener("fetch", function (e) {
  var req = e.request;
  if (req.method !== "GET") return;  // writes always go to the network, never to a cache
  var url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (!url.search && isPage(url)) e.respondWith(networkFirst(e, PAGES, url.pathname));
  // A shell file's address carries its digest (?v=…, kept a year by the phone's own cache,
  // so the network is not asked): kept here by its path, for when the network is gone.
  else if (/^(\?v=[\w-]+)?$/.test(url.search) && isShell(url)) {
    e.respondWith(networkFirst(e, SHELL, url.pathname));
  }
});

// A page asks to be kept right after the first visit (before this worker controlled it).
self.addEventListener("message", function (e) {
  var path = e.data && e.data.keep;
  if (typeof path !== "string" || !isPage(new URL(path, self.location.origin))) return;
  e.waitUntil(fetch(path, { credentials: "same-origin", cache: "no-store" })
    .then(function (response) { return keep(PAGES, path, response); }).catch(function () {}));
});
