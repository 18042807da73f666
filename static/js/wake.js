// Keep the screen on: by default while this phone scores (the button's data-default), as the
// phone last chose otherwise (remembered on the device). Where the browser has no Wake Lock
// (plain HTTP, older browsers) the button stays hidden and nothing happens.
"use strict";
(function () {
  var wake = document.getElementById("wake"), lock = null, KEY = "scorekeeper.wake";
  if (!wake || !("wakeLock" in navigator)) return;
  var saved = null;
  try { saved = localStorage.getItem(KEY); } catch (e) { /* storage blocked: the default */ }
  var wanted = saved ? saved === "on" : wake.dataset.default === "on";

  function show() { wake.setAttribute("aria-pressed", wanted ? "true" : "false"); }
  function hold() {
    if (!wanted || lock || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      l.addEventListener("release", function () { lock = null; });
      if (!wanted) l.release();
    }).catch(function () { /* refused (battery saver, no permission): the screen may sleep */ });
  }
  wake.hidden = false;
  show();
  hold();
  wake.addEventListener("click", function () {
    wanted = !wanted;
    try { localStorage.setItem(KEY, wanted ? "on" : "off"); } catch (e) { /* not kept */ }
    show();
    if (wanted) hold(); else if (lock) lock.release();
  });
  document.addEventListener("visibilitychange", hold);  // the lock ends when the page hides
})();
