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
})();
