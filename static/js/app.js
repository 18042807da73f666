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
