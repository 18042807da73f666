// The match page, better with a script: Save says what will happen (the server's engine
// decides), other phones' hands appear without reloading. queue.js and wake.js use window.SK.
"use strict";
(function () {
  var live = document.getElementById("live"), timer = 0, seq = 0;
  var etag = (live && live.dataset.etag) || null;  // the page's own version: 304 until a change
  var $ = function (id) { return document.getElementById(id); };
  var opts = { credentials: "same-origin", cache: "no-store" };
  var SK = window.SK = { $: $, opts: opts, hooks: [], online: true, refresh: refresh, ready: ready };

  // After a Save: the last messages are done with (an undo or correction message stays only
  // until the next hand), the score and the dealer in view, the keys on the next question.
  function ready() {
    document.querySelectorAll(".flash").forEach(function (n) { n.remove(); });
    window.scrollTo(0, 0);
    var f = $("entry"), q = f && f.querySelector("input:not([type=hidden]), select, textarea");
    if (q) q.focus({ preventScroll: true });
    ask();
  }
  // The first question whole above Save: where the page above it is tall (a club night's
  // banner, Spades' four bids) the board gives up its top rather than the question its taps.
  // A part shown closed that asks a question (details[data-ask]: Spades' nil tricks, shown
  // once a nil is bid) counts as one: its summary, the tap that opens it, comes up.
  function ask(from) {
    var f = $("entry");
    if (!f || !f.dataset.queue) return;
    var all = Array.prototype.slice.call(f.querySelectorAll("fieldset.chips, details[data-ask]"));
    var q = all.slice(from ? all.indexOf(from) + 1 : 0).filter(function (x) {
      if (!x.getClientRects().length) return false;
      if (x.tagName === "DETAILS") return !x.open;
      return !x.querySelector("input:checked") && x.querySelector("input[type=radio]");
    })[0];
    if (q && q.tagName === "DETAILS") q = q.querySelector("summary");
    // At once, not smoothly: a quick thumb's next tap must not land on a chip still gliding
    // past (a bid of 10 for the 4 it aimed at). "auto" is at once: no smooth scroll-behavior.
    if (q) q.scrollIntoView({ block: "nearest", behavior: "auto" });
  }

  function filled(f) {
    var v = function (n) { return f.elements[n] && f.elements[n].value; };
    if (f.elements.tricks_NS) return !!v("tricks_NS");
    return (f.elements.passed && f.elements.passed.checked) || (!!v("caller") && !!(v("makers_tricks") || v("renege")));
  }

  function preview(kept) {  // ``kept``: asked by a refresh, not a tap (a refusal's words stay)
    var f = $("entry"), mine = ++seq;
    if (!f || !f.dataset.preview || f.dataset.chained) return;  // behind pending hands: no guess
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
        if (!kept || msgs.length) $("preview").textContent = msgs.join(" ");
      }).catch(function () {});
  }

  function rest(f) {
    var out = $("rest"), n = f.elements.tricks_NS;
    if (out && n && n.value) out.textContent = out.dataset.fmt.replace("#", Number(f.dataset.tricks) - n.value);
  }

  function changed(e) {
    var f = e.target.form;
    if (!f || f.id !== "entry") return;
    f.dataset.dirty = "1";
    rest(f);
    clearTimeout(timer);
    timer = setTimeout(function () { preview(); }, e.type === "input" ? 300 : 30);
  }
  document.addEventListener("change", changed);
  document.addEventListener("input", changed);

  // Thumb first: an answer tapped brings the next unanswered question into view, above the
  // sticky Save (the page's scroll-padding-bottom is the bar's room), so a hand takes taps and
  // no swipe. A question is a fieldset of chips; one in a closed "More" or hidden has no box.
  document.addEventListener("change", function (e) {
    var t = e.target, q = t.closest && t.closest("fieldset.chips");
    if (t.form && t.form.id === "entry" && t.type === "radio" && q) ask(q);
  });
  // Such a part opened: its first question unanswered comes up the same way
  document.addEventListener("toggle", function (e) {
    var d = e.target;
    if (d.open && d.matches("#entry details[data-ask]")) ask(d);
  }, true);  // toggle does not bubble

  document.addEventListener("submit", function (e) {  // a double tap sends once
    var f = e.target;
    if (e.defaultPrevented) return;  // refused (queue.js: offline): not sent, a later tap may
    if (f.dataset.offline && !navigator.onLine) {  // a correction needs the server's check
      e.preventDefault();
      $("preview").textContent = f.dataset.offline;
      return;
    }
    if (f.dataset.queue) return;  // queue.js sends it
    if (f.dataset.sent) return e.preventDefault();
    f.dataset.sent = "1";
  });
  // A correction form is opened from the match, never come back to: Back (or Forward) onto
  // one, after it was saved and the match went on, goes to the match as it is now instead
  // (replacing the form's entry, so the next Back leaves the match for the page before it).
  window.addEventListener("pageshow", function (e) {
    var nav = window.performance && performance.getEntriesByType("navigation")[0];
    var back = e.persisted || (nav && nav.type === "back_forward"), cancel = $("cancel-fix");
    if (back && cancel) location.replace(cancel.href);
  });
  window.addEventListener("pageshow", function (e) {  // Back may restore a page already sent
    document.querySelectorAll("form[data-sent]").forEach(function (f) { delete f.dataset.sent; });
    if (!e.persisted) return;
    // From the back-forward cache: clear the form, hold Save until the state is fresh.
    var f = $("entry"), save = $("save");
    if (f) { f.reset(); delete f.dataset.dirty; }
    if (save && live) {
      save.disabled = true;
      SK.stale = true;
      if ($("qtext")) $("preview").textContent = $("qtext").dataset.stale;
    }
    if (live) refresh(true);
  });
  document.addEventListener("focusin", function (e) {
    if (e.target.readOnly && e.target.select) e.target.select();  // share links, ready to copy
  });

  // Swap in the fresh page's parts; a form being filled in stays unless ``whole``: then what
  // the form holds now may go, but a tap made while the page is on its way stays.
  function refresh(whole) {
    var f = $("entry");
    if (whole && f) delete f.dataset.dirty;
    return fetch(location.pathname, opts).then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        var doc = html && new DOMParser().parseFromString(html, "text/html");
        var token = doc && doc.querySelector("input[name=csrf_token]");
        if (token) SK.token = token.value;
        swap(doc);
      }).catch(function () {
        var b = $("save");  // offline: Save queues; a stale number shows as a conflict later
        if (whole && b) { b.disabled = false; SK.stale = false; }
      });
  }
  function swap(doc) {  // ``doc``: the page, or the live part alone
    var fresh = doc && doc.getElementById("live"), f = $("entry");
    if (!fresh) return;
    live.dataset.version = fresh.dataset.version;
    if (fresh.dataset.etag) etag = fresh.dataset.etag;  // a whole page: polls go on from it
    SK.stale = false;
    // Only a form with answers in it is kept: focus alone is not filling in (after a Save the
    // focus rests on the next question, and that form's hand number must follow the match).
    if (!(f && f.dataset.dirty)) {
      var had = document.activeElement, id = had && live.contains(had) && had.id;
      live.replaceChildren.apply(live, Array.prototype.slice.call(fresh.childNodes));
      if (id && $(id)) $(id).focus({ preventScroll: true });
    } else {
      fresh.querySelectorAll("[data-live]").forEach(function (el) {
        var old = $(el.id);
        if (old && el.id !== "entry") old.replaceWith(el);
      });
      preview(true);  // what Save will do follows the match (and a form no longer behind a save)
    }
    document.title = fresh.dataset.title || doc.title;
    localTimes();
    SK.hooks.forEach(function (h) { h(); });
  }

  // Follow the match: pushed by the server's stream (stream.js) while it holds, else poll
  // (ETag / 304) every 1.5 s while visible; say "Live" or how old it is. A phone that only
  // watches asks the live part itself (the same answer for every such phone, kept by the
  // server); a scoring phone asks the JSON API and fetches its own page when the match changed.
  var conn = $("conn"), lastOk = Date.now(), part = live && live.dataset.liveUrl;
  function status(ok) {
    if (ok) lastOk = Date.now();
    SK.online = ok;
    if (!conn) return;
    var min = Math.floor((Date.now() - lastOk) / 60000);
    conn.hidden = false;
    conn.className = "conn " + (ok ? "on" : "off");
    conn.textContent = ok ? conn.dataset.liveText
      : min < 1 ? conn.dataset.offNow : conn.dataset.offMin.replace("#", min);
  }
  // force (an event, a stream's news): ask even while the stream holds. ``news``: the version
  // the stream named; the live part is then asked by it (?v=), so a proxy that keeps the part a
  // second (the nginx profile) answers from the server, never with the part from before it.
  function poll(force, news) {
    if (!force && window.SKStream && SKStream.holding()) return;
    if (document.visibilityState !== "visible") return;
    if (!navigator.onLine) return status(false);
    fetch(part ? part + (news ? "?v=" + encodeURIComponent(news) : "") : live.dataset.poll,
      Object.assign({ headers: etag ? { "If-None-Match": etag } : {} }, opts))
      .then(function (r) {
        var tag = r.headers.get("ETag");
        status(r.status === 200 || r.status === 304);
        if (SK.ping) SK.ping();
        if (r.status !== 200 || !tag) return;
        // The first answer too: the page may be older than the match (kept offline, or a
        // hand saved elsewhere between the page and this poll). The tag is "v<version>-..."
        // (the JSON) or "l<version>-..." (the live part).
        var v = /^(?:W\/)?"?[vl](\d+)-/.exec(tag);
        var changed = etag ? tag !== etag : v && v[1] !== String(live.dataset.version);
        etag = tag;
        if (!changed) return;
        if (!part) return refresh();
        return r.text().then(function (html) {
          swap(new DOMParser().parseFromString(html, "text/html"));
        });
      }).catch(function () { status(false); });
  }
  if (live && live.dataset.poll) {
    if (window.SKStream && window.EventSource) {  // its first news is the version now
      SKStream.watch("m", live.dataset.id, function (v) {
        status(true);
        if (SK.ping) SK.ping();
        if (v !== String(live.dataset.version)) poll(true, v);
      });
    } else {
      poll();
    }
    setInterval(poll, 1500);
    document.addEventListener("visibilitychange", poll);
    window.addEventListener("online", poll);
    window.addEventListener("offline", function () { status(false); });
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
  if (!window.scrollY) ask();  // a reload keeps its place
})();
