/* Club nights: a timed round's countdown (the page says "ends at 21:40" without script).
   Every [data-ends] element (an ISO time) shows the minutes and seconds left, then its
   data-done words. Looked up every second: the live board may replace the element. */
(function () {
  'use strict';
  function tick() {
    var now = Date.now();
    document.querySelectorAll('[data-ends]').forEach(function (el) {
      var ends = Date.parse(el.getAttribute('data-ends'));
      if (isNaN(ends)) { return; }
      var left = Math.ceil((ends - now) / 1000);
      var text;
      if (left <= 0) {
        text = el.getAttribute('data-done');
        el.classList.add('ev-clock-done');
      } else {
        var m = Math.floor(left / 60), s = left % 60;
        text = el.getAttribute('data-left').replace('%(time)s', m + ':' + (s < 10 ? '0' : '') + s);
      }
      if (el.textContent !== text) { el.textContent = text; }
    });
  }
  tick();
  setInterval(tick, 1000);
}());
