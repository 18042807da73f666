// Every page: offline start where the browser allows a service worker (HTTPS or localhost).
// On plain HTTP nothing happens here and everything works without it.
"use strict";
(function () {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (reg) {
    if (reg.active && !location.search) reg.active.postMessage({ keep: location.pathname });
  }).catch(function () { /* no offline start on this phone: the app works the same */ });
})();
// The reader's time zone for the server (Flask-Babel's timezone selector): the pages and the
// PDFs then print times as this phone shows them. A cookie, so a PDF download carries it too.
(function () {
  var zone = "";
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { return; }
  if (!zone || document.cookie.split("; ").indexOf("tz=" + zone) >= 0) return;
  document.cookie = "tz=" + zone + "; path=/; max-age=34560000; samesite=lax";
})();
