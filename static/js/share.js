// The share panel, better with a script: copy buttons, the system share sheet (Web Share API,
// where the browser has it), and the service worker for offline start (secure contexts only).
// Without a script the links stay readable and the QR codes open full screen by #target.
"use strict";
(function () {
  var said = document.getElementById("copied");
  function tell(text) { if (said) said.textContent = text; }

  function copy(input, button) {
    var text = input.value, done = function () { tell(button.dataset.done || ""); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { fallback(input, done); });
    } else {
      fallback(input, done);
    }
  }
  function fallback(input, done) {  // plain HTTP: select the text and use the old command
    input.focus();
    input.select();
    try { if (document.execCommand("copy")) done(); } catch (e) { /* the text stays selected */ }
  }

  document.querySelectorAll("button[data-copy]").forEach(function (b) {
    var input = document.getElementById(b.dataset.copy);
    if (!input) return;
    b.hidden = false;
    b.addEventListener("click", function () { copy(input, b); });
  });
  if (navigator.share) {
    document.querySelectorAll("button[data-share]").forEach(function (b) {
      var input = document.getElementById(b.dataset.share);
      if (!input) return;
      b.hidden = false;
      b.addEventListener("click", function () {
        navigator.share({ title: document.title, url: input.value })
          .catch(function () { /* the person closed the sheet */ });
      });
    });
  }
  document.addEventListener("keydown", function (e) {  // Escape closes a full-screen QR code
    if (e.key === "Escape" && /^#qr-/.test(location.hash)) location.hash = "share";
  });
})();
