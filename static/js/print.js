// The score sheet's Print button: shown only when scripts run (the PDF link works without).
document.querySelectorAll(".print-button").forEach(function (button) {
  button.hidden = false;
  button.addEventListener("click", function () {
    window.print();
  });
});
// A table wider than the phone scrolls sideways inside its box: say so where it does.
(function () {
  function hints() {
    document.querySelectorAll(".scroll-hint").forEach(function (hint) {
      var box = hint.parentElement;
      hint.hidden = box.scrollWidth <= box.clientWidth + 1;
    });
  }
  hints();
  window.addEventListener("resize", hints);
})();
