// A hand form's first step (inputs inside [data-keep]: bids made before play) stays on this
// phone through a reload or a lost connection, until the hand is saved: sessionStorage, one
// entry per match page and hand number.
(function () {
  "use strict";
  function key(f) { return "keep:" + location.pathname + ":" + (f.elements.expected_no || {}).value; }
  function inputs(f) { return f.querySelectorAll("[data-keep] input, [data-keep] select"); }
  function store(f) {
    var kept = {};
    inputs(f).forEach(function (i) {
      if (i.type === "radio" || i.type === "checkbox") { if (i.checked) kept[i.name] = i.value; }
      else if (i.value) kept[i.name] = i.value;
    });
    try { sessionStorage.setItem(key(f), JSON.stringify(kept)); } catch (e) { /* not kept */ }
  }
  function restore(f) {
    var kept;
    try { kept = JSON.parse(sessionStorage.getItem(key(f)) || "{}"); } catch (e) { kept = {}; }
    var any = null;
    inputs(f).forEach(function (i) {
      if (!(i.name in kept)) return;
      if (i.type === "radio" || i.type === "checkbox") {
        if (!f.querySelector("[name='" + i.name + "']:checked")) { i.checked = i.value === kept[i.name]; if (i.checked) any = i; }
      } else if (!i.value) { i.value = kept[i.name]; any = i; }
    });
    if (any) {
      f.dataset.dirty = "1";  // live refreshes keep the form; the Save label follows
      any.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }
  function init() {
    var f = document.getElementById("entry");
    if (!f || !f.querySelector("[data-keep]") || f.dataset.keeping) return;
    f.dataset.keeping = "1";
    restore(f);
    f.addEventListener("change", function (e) { if (e.target.closest && e.target.closest("[data-keep]")) store(f); });
    // saved (the queue resets the form) or sent without the script's queue: forget the bids
    f.addEventListener("reset", function () { try { sessionStorage.removeItem(key(f)); } catch (e) { /* gone */ } });
  }
  init();
  if (window.SK) window.SK.hooks.push(init);
})();
