// The match page, a little better with JavaScript: the Save button says what will happen
// (the server's engine decides), and other phones' hands appear without reloading.
"use strict";
(function () {
  var live = document.getElementById("live");
  var timer = 0, seq = 0, etag = null;

  function entry() { return document.getElementById("entry"); }

  function filled(form) {
    var v = function (n) { var f = form.elements[n]; return f && f.value; };
    if (form.elements.tricks_NS) return !!v("tricks_NS");
    var passed = form.elements.passed;
    return (passed && passed.checked) || (!!v("caller") && (!!v("makers_tricks") || !!v("renege")));
  }

  function preview() {
    var form = entry();
    if (!form || !form.dataset.preview) return;
    var mine = ++seq;
    fetch(form.dataset.preview, { method: "POST", body: new FormData(form), credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data || mine !== seq) return;
        document.getElementById("save").textContent = data.label;
        var msgs = [];
        if (filled(form)) for (var k in data.errors) msgs = msgs.concat(data.errors[k]);
        document.getElementById("preview").textContent = msgs.join(" ");
      })
      .catch(function () {});
  }

  function rest(form) {
    var out = document.getElementById("rest"), f = form.elements.tricks_NS;
    if (out && f && f.value && out.dataset.fmt) out.textContent = out.dataset.fmt.replace("#", 13 - f.value);
  }

  function changed(e) {
    var form = e.target.form;
    if (!form || form.id !== "entry") return;
    form.dataset.dirty = "1";
    rest(form);
    clearTimeout(timer);
    timer = setTimeout(preview, e.type === "input" ? 300 : 30);
  }
  document.addEventListener("change", changed);
  document.addEventListener("input", changed);

  document.addEventListener("submit", function (e) {
    var button = e.target.querySelector("button[type=submit]");
    if (!button) return;
    if (e.target.dataset.sent) { e.preventDefault(); return; }  // a double tap sends once
    e.target.dataset.sent = "1";
    button.setAttribute("aria-busy", "true");
  });

  window.addEventListener("pageshow", function () {  // Back may restore a page already sent
    document.querySelectorAll("form[data-sent]").forEach(function (f) { delete f.dataset.sent; });
  });

  document.addEventListener("focusin", function (e) {
    if (e.target.readOnly && e.target.select) e.target.select();  // share links: ready to copy
  });

  // Live score: poll the JSON API (ETag / 304) every few seconds while the page is visible.
  function refresh() {
    fetch(location.pathname, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) return;
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("live"), form = entry();
        if (!fresh) return;
        var busy = form && (form.dataset.dirty || form.contains(document.activeElement));
        if (!busy) {
          live.replaceChildren.apply(live, Array.prototype.slice.call(fresh.childNodes));
        } else {
          fresh.querySelectorAll("[data-live]").forEach(function (el) {
            var old = document.getElementById(el.id);
            if (old && el.id !== "entry") old.replaceWith(el);
          });
        }
        document.title = doc.title;
      })
      .catch(function () {});
  }

  function poll() {
    if (document.visibilityState !== "visible") return;
    var headers = etag ? { "If-None-Match": etag } : {};
    fetch(live.dataset.poll, { headers: headers, credentials: "same-origin", cache: "no-store" })
      .then(function (r) {
        var tag = r.headers.get("ETag");
        if (r.status === 200 && tag) {
          if (etag && tag !== etag) refresh();
          etag = tag;
        }
      })
      .catch(function () {});
  }

  if (live && live.dataset.poll) {
    poll();
    setInterval(poll, 3000);
    document.addEventListener("visibilitychange", poll);
  }
  var form = entry();
  if (form) { rest(form); if (filled(form)) preview(); }
})();
