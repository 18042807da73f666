// The start page: the "who deals first?" buttons show the names as they are typed.
"use strict";
(function () {
  var seats = ["N", "E", "S", "W"];
  function show() {
    seats.forEach(function (seat, i) {
      var input = document.getElementById(seat);
      var span = document.querySelector("label:has(#first_dealer-" + i + ") span");
      if (!input || !span) return;
      if (!span.dataset.seat) span.dataset.seat = span.textContent;
      var name = input.value.trim();
      span.textContent = name || span.dataset.seat;
      if (name) {
        var small = document.createElement("small");
        small.textContent = span.dataset.seat;
        span.appendChild(small);
      }
    });
  }
  document.addEventListener("input", function (e) {
    if (seats.indexOf(e.target.id) >= 0) show();
  });
  show();

  // "All rules" shows what the chosen preset sets ("Short whist": target 5): a number as the
  // empty field's placeholder, a choice's words in its "default" entry, a box ticked by it.
  var data = document.getElementById("preset-values");
  var presets = data ? JSON.parse(data.textContent) : {};
  function rules(group) {
    var picked = document.querySelector("input[name='" + group + "']:checked");
    var values = (picked && presets[group][picked.value]) || {};
    var first = presets[group][Object.keys(presets[group])[0]] || {};
    Object.keys(Object.assign({}, first, values)).forEach(function (id) {
      var el = document.getElementById(id), v = values[id];
      if (!el) return;
      if (el.type === "checkbox") {
        if (v === true && !el.checked) { el.checked = true; el.dataset.preset = "1"; }
        else if (v !== true && el.dataset.preset) { el.checked = false; delete el.dataset.preset; }
      } else if (el.tagName === "SELECT") {
        var empty = el.querySelector("option[value='']");
        if (!empty) return;
        if (!empty.dataset.word) empty.dataset.word = empty.textContent;
        empty.textContent = v === undefined ? empty.dataset.word
          : data.dataset.default.replace("#", v);
      } else {
        el.placeholder = v === undefined ? "" : String(v);
      }
    });
  }
  document.addEventListener("change", function (e) {
    if (presets[e.target.name]) rules(e.target.name);
    if (e.target.dataset && e.target.dataset.preset) delete e.target.dataset.preset;
  });
  Object.keys(presets).forEach(rules);
})();
