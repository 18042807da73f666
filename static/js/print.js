// The score sheet's Print button: shown only when scripts run (the PDF link works without).
document.querySelectorAll(".print-button").forEach(function (button) {
  button.hidden = false;
  button.addEventListener("click", function () {
    window.print();
  });
});
