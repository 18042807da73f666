// The match page, better with a script: Save says what will happen (the server's engine
// decides), other phones' hands appear without reloading, the screen can stay on.
"use strict";
(function () {
  var live = document.getElementById("live"), timer = 0, seq = 0, etag = null;
  var $ = function (id) { return document.getElementById(id); };
  var opts = { credentials: "same-origin", cache: "no-store" };

  function filled(f) {
    var v = function (n) { return f.elements[n] && f.elements[n].value; };
    if (f.elements.tricks_NS) return !!v("tricks_NS");
    return (f.elements.passed && f.elements.passed.checked) || (!!v("caller") && !!(v("makers_tricks") || v("renege")));
  }

  function preview() {
    var f = $("entry"), mine = ++seq;
    if (!f || !f.dataset.preview) return;
    var q = new URLSearchParams(new FormData(f));
    q.delete("csrf_token");
    q.delete("submission_id");
    fetch(f.dataset.preview + (f.dataset.preview.indexOf("?") < 0 ? "?" : "&") + q, opts)
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (d) {
        if (!d || mine !== seq) return;
        $("save").textContent = d.label;
        var msgs = [];
        if (filled(f)) {  // the last Save's errors are stale now
          f.querySelectorAll(".err").forEach(function (el) { el.remove(); });
          for (var k in d.errors) msgs = msgs.concat(d.errors[k]);
        }
        $("preview").textContent = msgs.join(" ");
      }).catch(function () {});
  }

  function rest(f) {
    var out = $("rest"), n = f.elements.tricks_NS;
    if (out && n && n.value) out.textContent = out.dataset.fmt.replace("#", 13 - n.value);
  }

  function changed(e) {
    var f = e.target.form;
    if (!f || f.id !== "entry") return;
    f.dataset.dirty = "1";
    rest(f);
    clearTimeout(timer);
    timer = setTimeout(preview, e.type === "input" ? 300 : 30);
  }
  document.addEventListener("change", changed);
  document.addEventListener("input", changed);

  document.addEventListener("submit", function (e) {  // a double tap sends once
    if (e.target.dataset.sent) return e.preventDefault();
    e.target.dataset.sent = "1";
  });
  window.addEventListener("pageshow", function () {  // Back may restore a page already sent
    document.querySelectorAll("form[data-sent]").forEach(function (f) { delete f.dataset.sent; });
  });
  document.addEventListener("focusin", function (e) {
    if (e.target.readOnly && e.target.select) e.target.select();  // share links, ready to copy
  });

  // Live score: poll the JSON API (ETag / 304) every 3 s while visible; on a change, swap in
  // the fresh page's parts, leaving a hand form that is being filled in alone.
  function refresh() {
    fetch(location.pathname, opts).then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        var doc = html && new DOMParser().parseFromString(html, "text/html");
        var fresh = doc && doc.getElementById("live"), f = $("entry");
        if (!fresh) return;
        if (!(f && (f.dataset.dirty || f.contains(document.activeElement)))) {
          live.replaceChildren.apply(live, Array.prototype.slice.call(fresh.childNodes));
        } else {
          fresh.querySelectorAll("[data-live]").forEach(function (el) {
            var old = $(el.id);
            if (old && el.id !== "entry") old.replaceWith(el);
          });
        }
        document.title = doc.title;
        localTimes();
      }).catch(function () {});
  }

  function poll() {
    if (document.visibilityState !== "visible") return;
    fetch(live.dataset.poll, Object.assign({ headers: etag ? { "If-None-Match": etag } : {} }, opts))
      .then(function (r) {
        var tag = r.headers.get("ETag");
        if (r.status !== 200 || !tag) return;
        if (etag && tag !== etag) refresh();
        etag = tag;
      }).catch(function () {});
  }
  if (live && live.dataset.poll) {
    poll();
    setInterval(poll, 3000);
    document.addEventListener("visibilitychange", poll);
  }

  var wake = $("wake"), lock = null, wanted = false;  // keep the screen on, where allowed
  function hold() {
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      wake.setAttribute("aria-pressed", "true");
      l.addEventListener("release", function () { wake.setAttribute("aria-pressed", "false"); });
    }).catch(function () { wanted = false; });
  }
  if (wake && "wakeLock" in navigator) {
    wake.hidden = false;
    wake.addEventListener("click", function () {
      wanted = !wanted;
      if (wanted) hold(); else if (lock) lock.release();
    });
    document.addEventListener("visibilitychange", function () {
      if (wanted && document.visibilityState === "visible") hold();
    });
  }

  function localTimes() {  // corrections are stamped in UTC; show the phone's own clock
    document.querySelectorAll("time[datetime]").forEach(function (t) {
      var d = new Date(t.getAttribute("datetime"));
      if (!isNaN(d)) t.textContent = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    });
  }
  localTimes();
  var f = $("entry");
  if (f) { rest(f); if (filled(f)) preview(); }
})();
