// A duplicate session's table page, better with a script (issue 40). Save says the score
// before it is tapped (the server's check decides); a Save or an Accept / Dispute goes into a
// queue on the phone (localStorage: it outlives a browser restart) with its submission key and
// is sent in order, each once (the key makes a retry safe): offline for a whole round, the
// table goes on and its results follow when the network is back. The page follows the
// table (its results, their answers, the director's Next round) by the live stream (stream.js,
// topic "t:<session>.<table>": a table's stamp, not the session's, which moves with every
// table's result), else it asks every 3 s with the page's ETag; a form being filled in is kept. A match's queue (queue.js) numbers hands;
// a table's results are boards of a round, so this queue is its own, with the same rules.
"use strict";
(function () {
  var live = document.getElementById("live"), words = document.getElementById("st-text");
  if (!live || !words) return;
  var $ = function (id) { return document.getElementById(id); };
  var opts = { credentials: "same-origin", cache: "no-store" };
  var NAME = "sk-table:" + location.pathname, timer = 0, seq = 0, sending = null;
  var token = (document.querySelector("input[name=csrf_token]") || {}).value || "";
  var refused = [];  // this visit's refusals, said until the page changes round
  var told = false;  // a refusal not yet brought into view

  // --- the queue on the phone ------------------------------------------------------------
  function all() {
    try { return JSON.parse(localStorage.getItem(NAME) || "[]"); } catch (e) { return []; }
  }
  function keep(list) {
    try { localStorage.setItem(NAME, JSON.stringify(list)); return true; } catch (e) { return false; }
  }
  function newKey() {  // crypto.randomUUID needs a secure context; this works on plain HTTP
    var b = crypto.getRandomValues(new Uint8Array(16));
    return Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
  }

  document.addEventListener("submit", function (ev) {
    var f = ev.target;
    if (!f.dataset || !f.dataset.queue || !live.contains(f)) return;
    ev.preventDefault();
    if (f.dataset.busy) return;  // a double tap
    var fields = [], board = "";
    new FormData(f, ev.submitter).forEach(function (v, k) {
      if (k === "csrf_token" || k === "submission_id") return;
      if (k === "board") board = v;
      fields.push([k, v]);
    });
    var what = f.dataset.what;
    if (!what) {  // the Save: its board and the score it said
      var label = ($("save") || {}).textContent || "";
      var passed = ev.submitter && ev.submitter.name === "passed";
      what = words.dataset.board.replace("#", board) + (passed ? " · " + ev.submitter.textContent
        : label.indexOf(":") > 0 ? " ·" + label.slice(label.indexOf(":") + 1) : tapped(f));
    }
    var entry = { key: newKey(), url: f.action, fields: fields, what: what, board: board,
                  kind: f.id === "entry" ? "enter" : "answer", round: live.dataset.round };
    var list = all();
    list.push(entry);
    if (!keep(list)) { f.submit(); return; }  // no room on the phone: the plain form post
    f.dataset.busy = "1";
    if (f.id === "entry") clear(f, board);
    render();
    send_all();
  });

  function tapped(f) {  // offline, no score from the server: the chips tapped say the result
    var out = [];
    f.querySelectorAll("input[type=radio]:checked").forEach(function (i) {
      if (i.name === "board" || !i.value) return;
      var l = i.closest("label");
      if (l) out.push((l.querySelector("b") || l).textContent.replace(/\s+/g, " ").trim());
    });
    return out.length ? " · " + out.join(" ") : "";
  }
  function clear(f, board) {  // the form, ready for the round's next board
    f.reset();
    delete f.dataset.dirty;
    delete f.dataset.busy;
    $("save").textContent = words.dataset.save;
    $("preview").textContent = "";
    hide_queued();
  }
  function hide_queued() {  // a board waiting to be sent is not offered again
    var f = $("entry"), waiting = all().filter(function (e) { return e.kind === "enter"; })
      .map(function (e) { return e.board; });
    document.querySelectorAll("#live .st-board").forEach(function (sec) {  // said per board
      var n = sec.id.replace("board-", ""), q = sec.querySelector(".st-queued");
      var none = sec.querySelector(".st-none");
      if (q) q.hidden = waiting.indexOf(n) < 0;
      if (none) none.hidden = waiting.indexOf(n) >= 0;
    });
    if (!f) return;
    var radios = Array.prototype.slice.call(f.querySelectorAll("input[name=board]"));
    radios.forEach(function (r) { r.closest("label").hidden = waiting.indexOf(r.value) >= 0; });
    var open = radios.filter(function (r) { return waiting.indexOf(r.value) < 0; });
    if (!open.length) { f.hidden = true; return; }
    f.hidden = false;
    if (!open.some(function (r) { return r.checked; })) open[0].checked = true;
  }

  // --- sending ------------------------------------------------------------------------------
  function post(e, again) {
    var body = new URLSearchParams();
    e.fields.forEach(function (kv) { body.append(kv[0], kv[1]); });
    body.set("submission_id", e.key);
    body.set("csrf_token", token);
    return fetch(e.url, Object.assign({ method: "POST", body: body,
                                        headers: { Accept: "application/json" } }, opts))
      .then(function (r) {
        return r.json().catch(function () { return {}; }).then(function (d) {
          d.code = r.status;
          if (r.status === 400 && !again) {  // the CSRF token expired: a fresh one, once
            return fetch("/csrf-token", opts).then(function (t) { return t.json(); })
              .then(function (j) { token = j.token; return post(e, true); });
          }
          return d;
        });
      });
  }
  function send_all() {
    if (sending) return sending;
    var sent = 0;
    function step() {
      var e = all()[0];
      if (!e) return Promise.resolve();
      return post(e).then(function (d) {
        if (d.code === 429 || d.code >= 500) throw d;  // busy or down: later, in order
        keep(all().filter(function (x) { return x.key !== e.key; }));
        sent++;
        if (d.code >= 400) {  // the server's words name the board ("Board 2 was not saved: …")
          var m = d.message || "", label = words.dataset.board.replace("#", e.board);
          refused.push(m && e.board && m.indexOf(label) >= 0 ? m
                       : words.dataset.refused + " " + e.what + (m ? ": " + m : ""));
          told = true;
        }
        return step();
      });
    }
    sending = step().then(function () { status(true); }, function () { status(false); })
      .then(function () {
        sending = null;
        render();
        if (sent) return refresh(true);
      });
    return sending;
  }

  // --- what the page shows ------------------------------------------------------------------
  function render() {
    var list = all(), box = $("queue"), ul = $("queue-list"), why = $("queue-why");
    if (!box || !ul) return;
    ul.replaceChildren();
    list.forEach(function (e) {
      var li = document.createElement("li");
      li.textContent = e.what;
      var answered = list.some(function (x) { return x.kind === "answer" && x.board === e.board; });
      if (e.kind === "enter" && !answered) li.appendChild(answers(e));
      ul.appendChild(li);
    });
    why.textContent = list.length ? (navigator.onLine ? words.dataset.sending : words.dataset.offline) : "";
    var last = null;
    refused.forEach(function (r) {
      var p = document.createElement("p");
      p.className = "err";
      p.setAttribute("role", "alert");
      p.textContent = r;
      why.appendChild(p);
      last = p;
    });
    box.hidden = !list.length && !refused.length;
    var head = box.querySelector("h2");
    if (head) head.hidden = !list.length;  // a refusal alone waits for nothing
    // Save is at the thumb, the words at the top: the refusal is brought into view once
    if (told && last) { told = false; last.scrollIntoView({ block: "center" }); }
    hide_queued();
  }
  function answers(e) {  // the opponents answer a result still waiting to be sent
    var span = document.createElement("span"), url = live.dataset.answers;
    span.className = "st-answers";
    [["accepted", words.dataset.accept, "go"], ["disputed", words.dataset.dispute, "st-dispute"]]
      .forEach(function (a) {
        var b = document.createElement("button");
        b.type = "button";
        b.className = a[2];
        b.textContent = a[1];
        b.addEventListener("click", function () {
          var list = all();
          list.push({ key: newKey(), url: url, kind: "answer", board: e.board, round: e.round,
                      fields: [["board", e.board], ["state", a[0]]],
                      what: words.dataset.board.replace("#", e.board) + ": " + a[1] });
          keep(list);
          render();
          send_all();
        });
        span.appendChild(b);
      });
    return span;
  }

  function status(ok) {  // offline: said once, under the queue when something waits there
    var conn = $("conn"), box = $("queue");
    if (!conn) return;
    conn.hidden = ok || !!(box && !box.hidden);
    conn.textContent = ok ? "" : words.dataset.offline;
  }

  // --- Save's label: what the server's check says this result scores -------------------------
  function preview() {
    var f = $("entry"), mine = ++seq;
    if (!f || !f.dataset.preview) return;
    var q = new URLSearchParams(new FormData(f));
    q.delete("csrf_token");
    q.delete("submission_id");
    fetch(f.dataset.preview + "?" + q, opts).then(function (r) { return r.ok ? r.json() : null; })
      .then(function (d) {
        if (!d || mine !== seq) return;
        $("save").textContent = d.label;
        $("preview").textContent = (d.errors || []).join(" ");
      }).catch(function () {});
  }
  function changed(e) {
    var f = e.target.form;
    if (!f || f.id !== "entry") return;
    f.dataset.dirty = "1";
    clearTimeout(timer);
    timer = setTimeout(preview, e.type === "input" ? 300 : 30);
  }
  document.addEventListener("change", changed);
  document.addEventListener("input", changed);

  // --- following the session ----------------------------------------------------------------
  var tag = "";  // the page's ETag: a poll of an unchanged table is a 304, nothing rendered
  function refresh(whole) {
    var ask = whole || !tag ? opts : Object.assign({ headers: { "If-None-Match": tag } }, opts);
    return fetch(location.pathname, ask).then(function (r) {
      if (r.status === 304) { status(true); return null; }
      if (r.ok) tag = r.headers.get("ETag") || "";
      return r.ok ? r.text() : null;
    })
      .then(function (html) {
        var doc = html && new DOMParser().parseFromString(html, "text/html");
        var fresh = doc && doc.getElementById("live");
        if (!fresh) return;
        status(true);
        var t = doc.querySelector("input[name=csrf_token]");
        if (t) token = t.value;
        var f = $("entry"), round = fresh.dataset.round !== live.dataset.round;
        if (!whole && !round && fresh.dataset.version === live.dataset.version) return;
        if (round) refused = [];
        var form = f && f.dataset.dirty && !round ? f.closest("section") : null;
        if (form && fresh.querySelector("#" + form.id + " #entry")) {  // keep what is tapped
          fresh.querySelector("#" + form.id).replaceWith(form);
        }
        Object.keys(fresh.dataset).forEach(function (k) { live.dataset[k] = fresh.dataset[k]; });
        live.replaceChildren.apply(live, Array.prototype.slice.call(fresh.childNodes));
        document.title = fresh.dataset.title || doc.title;
        render();
      }).catch(function () { status(false); });
  }
  function poll() {
    if (window.SKStream && SKStream.holding()) return;
    if (document.visibilityState !== "visible") return;
    if (!navigator.onLine) return status(false);
    refresh();
  }
  if (window.SKStream && window.EventSource) {
    SKStream.watch("t", live.dataset.topic, function (v) {
      if (v === String(live.dataset.version)) return;
      // the session's part of the stamp moved (a round, the clock, the end): every table's
      // phone hears it at once, so each asks at its own moment within data-spread (ms)
      var whole = String(v).split(".")[0] !== String(live.dataset.version).split(".")[0];
      var spread = whole ? +live.dataset.spread || 0 : 0;
      setTimeout(refresh, spread ? Math.random() * spread : 0);
    });
  }
  setInterval(poll, 3000);
  setInterval(function () { if (all().length && navigator.onLine) send_all(); }, 10000);
  document.addEventListener("visibilitychange", poll);
  window.addEventListener("online", function () { send_all(); poll(); });
  window.addEventListener("offline", function () { status(false); render(); });
  window.addEventListener("pageshow", function (e) {  // Back onto a page already sent
    if (e.persisted) refresh(true);
  });
  render();
  if (all().length) send_all();
})();
