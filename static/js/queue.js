// Saves that survive the network. Save puts the hand in an on-device queue (IndexedDB) with
// its submission key, the hand number it expects and the match version it was based on, then
// sends it with fetch (Accept: application/json, the same form POST as without a script). A
// hand that cannot be sent yet is shown as pending and sent later (online, page load, the
// page shown again, every 10 s), in order and each once: the submission key makes a retry
// safe. A hand the server refuses stays until the scorer decides: another phone's hand with
// that number (409), an illegal hand (422), or this phone no longer the scorer (403).
"use strict";
(function () {
  var SK = window.SK, $ = SK.$, text = $("qtext"), live = $("live");
  if (!text || !live || !window.indexedDB) return;  // a view-only page still shows its queue
  var match = live.dataset.id, flushing = null, STORE = "hands";
  var t = function (name, n) { return text.dataset[name].replace("#", n); };
  var token = document.querySelector("input[name=csrf_token]");
  SK.token = token ? token.value : "";

  // --- the queue on the device ------------------------------------------------------------
  function db() {
    return new Promise(function (ok, no) {
      var r = indexedDB.open("scorekeeper-queue", 1);
      r.onupgradeneeded = function () { r.result.createObjectStore(STORE, { keyPath: "key" }); };
      r.onsuccess = function () { ok(r.result); };
      r.onerror = function () { no(r.error); };
    });
  }
  function tx(mode, work) {  // work(store) -> request or nothing; resolves with its result
    return db().then(function (d) {
      return new Promise(function (ok, no) {
        var x = d.transaction(STORE, mode), req = work(x.objectStore(STORE));
        x.oncomplete = function () { d.close(); ok(req && req.result); };
        x.onerror = x.onabort = function () { d.close(); no(x.error); };
      });
    });
  }
  function all() {  // this match's pending hands, oldest first
    return tx("readonly", function (s) { return s.getAll(); }).then(function (list) {
      return list.filter(function (e) { return e.match === match; })
        .sort(function (a, b) { return a.seq - b.seq; });
    });
  }
  var put = function (e) { return tx("readwrite", function (s) { s.put(e); }); };
  var drop = function (e) { return tx("readwrite", function (s) { s.delete(e.key); }); };
  // An answer that arrives after the scorer dropped its hand must not store the hand again.
  var keep = function (e) {
    return tx("readwrite", function (s) {
      var there = s.getKey(e.key);
      there.onsuccess = function () { if (there.result !== undefined) s.put(e); };
    });
  };

  function newKey() {  // crypto.randomUUID needs a secure context; this works on plain HTTP
    var b = crypto.getRandomValues(new Uint8Array(16));
    return Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
  }

  function summary(f) {  // the hand in a few words, from the labels the scorer tapped
    var words = [];
    f.querySelectorAll("input:checked").forEach(function (i) {
      var l = i.closest("label") || f.querySelector("label[for='" + i.id + "']");
      if (l) words.push((l.querySelector("b") || l).textContent.replace(/\s+/g, " ").trim());
    });
    if (f.elements.note && f.elements.note.value) words.push("“" + f.elements.note.value + "”");
    return words.join(" · ");
  }

  // --- Save -------------------------------------------------------------------------------
  document.addEventListener("submit", function (ev) {
    var f = ev.target;
    if (f !== $("entry") || !f.dataset.queue) return;
    ev.preventDefault();
    if (f.dataset.busy || SK.stale) return;  // a double tap, or a page restored by Back
    f.dataset.busy = "1";
    var fields = [], entry;
    new FormData(f, ev.submitter).forEach(function (v, k) { if (k !== "csrf_token") fields.push([k, v]); });
    all().then(function (list) {
      entry = {
        key: f.elements.submission_id.value || newKey(), match: match, url: f.action,
        fields: fields, no: +f.elements.expected_no.value, seq: Date.now(),
        version: f.elements.version.value === "" ? null : +f.elements.version.value,
        // the game's words for it when it has some (the history's), else the labels tapped
        what: (window.SKSummary && window.SKSummary(f, ev.submitter)) || summary(f),
        state: "waiting",
      };
      return put(entry).then(function () { return list.length; });
    }).then(function (before) {
      if (before || !navigator.onLine) {
        return queued(f, entry).then(function () { SK.ready(); flush(); });
      }
      $("save").textContent = text.dataset.saving;
      // The score it will have, at once (a slow network's answer takes a second): marked as
      // on its way until the server's board replaces it, or taken back if refused.
      var board = $("board");
      if (board) ahead(board, [entry]);
      var direct = send(entry).then(function (d) {
        if (d.code === 422 && d.status !== "key_reused") {  // not a whole or legal hand: say so
          var say = function () { $("preview").textContent = d.message; };
          say();
          $("save").textContent = t("save", entry.no);
          delete f.dataset.busy;
          return drop(entry).then(function () {
            // the board drawn ahead, taken back: the stored page again, and the words with it
            // (an untouched form comes back whole from the server, its words empty)
            if (!$("board") || !$("board").querySelector(".ahead")) return;
            return SK.refresh().then(function () {
              var now = $("entry");
              if (!(now && now.dataset.dirty)) say();  // a tap since: its own words stand
            });
          });
        }
        queued(f, entry);
        return settle(entry, d).then(function (go) {
          render();
          if (go) { freshen().then(SK.ready); flush(); }
        });
      }).catch(function () { queued(f, entry); });  // no answer: it waits, shown as pending
      flushing = direct.then(function () { flushing = null; });  // no second sender meanwhile
    }, function () {  // no IndexedDB here (a private window): the plain form post
      f.submit();
    });
  });

  // The page after a save: whole, unless the next hand is already being tapped in (a tap
  // made while the answer was on its way must not be wiped by it).
  function freshen() {
    var f = $("entry");
    return SK.refresh(!(f && f.dataset.dirty));
  }
  function queued(f, entry) {  // the form, cleared for the hand after this one
    f.reset();
    ["dirty", "busy"].forEach(function (k) { delete f.dataset[k]; });
    $("preview").textContent = "";
    chain(f, entry);
    return render();
  }
  function chain(f, last) {  // the form saves the hand after the last pending one
    var next = last.no + 1;
    f.dataset.chained = "1";
    f.elements.submission_id.value = newKey();
    f.elements.expected_no.value = next;
    f.elements.version.value = "";
    $("save").textContent = t("save", next);
    if ($("based")) $("based").textContent = t("based", next);
  }

  // --- sending ----------------------------------------------------------------------------
  function send(e, again) {
    var body = new URLSearchParams();
    e.fields.forEach(function (kv) { body.append(kv[0], kv[1]); });
    body.set("expected_no", e.no);
    body.set("version", e.version === null ? "" : e.version);
    body.set("csrf_token", SK.token);
    var stop = new AbortController(), timer = setTimeout(function () { stop.abort(); }, 10000);
    return fetch(e.url, {
      method: "POST", body: body, credentials: "same-origin", cache: "no-store",
      headers: { Accept: "application/json" }, signal: stop.signal,
    }).then(function (r) {
      clearTimeout(timer);
      return r.json().catch(function () { return {}; }).then(function (d) {
        d.code = r.status;
        if (r.status === 400 && !again) {  // the CSRF token expired: get a fresh one, once
          return fetch("/csrf-token", SK.opts).then(function (t) { return t.json(); })
            .then(function (j) { SK.token = j.token; return send(e, true); });
        }
        return d;
      });
    }, function (err) { clearTimeout(timer); throw err; });
  }

  // What an answer means for the entry; resolves true when the next one may be sent.
  function settle(e, d) {
    if (d.code === 200 || d.code === 201) {
      return drop(e).then(all).then(function (rest) {
        var f = $("entry");
        if (rest[0] && rest[0].version === null) { rest[0].version = d.version; return put(rest[0]); }
        if (!rest.length && f && +f.elements.expected_no.value === d.no + 1) {
          f.elements.version.value = d.version;  // the form follows this phone's own hands
          delete f.dataset.chained;
        }
      }).then(function () { return true; });
    }
    if (d.code === 429 || d.code >= 500) return Promise.reject(d);  // busy or down: later
    e.state = { 403: "forbidden", 409: "conflict" }[d.code] || "illegal";
    e.message = d.message || (d.errors && d.errors[0] && d.errors[0].message) || "";
    e.stored = d.stored || null;
    e.next_no = d.next_no || null;
    e.server_version = d.version === undefined ? null : d.version;
    e.over = d.status === "over";
    return keep(e).then(function () { return false; });
  }

  function flush(auto) {
    if (flushing) return flushing;
    var sent = 0;
    function step() {
      return all().then(function (list) {
        var e = list[0];
        if (!e || e.state === "conflict" || e.state === "illegal") return;
        if (auto && e.state === "forbidden") return;  // only when the page loads or is back online
        return send(e).then(function (d) { return settle(e, d); })
          .then(function (go) { if (go) { sent++; return step(); } });
      });
    }
    flushing = step().catch(function () {}).then(function () {
      flushing = null;
      return render();
    }).then(function () {
      if (sent) return freshen();
    });
    return flushing;
  }

  // --- what the page shows ----------------------------------------------------------------
  function el(tag, cls, txt) {
    var n = document.createElement(tag);
    if (cls) n.className = cls;
    if (txt !== undefined) n.textContent = txt;
    return n;
  }
  function button(label, act) {
    var b = el("button", "", label);
    b.type = "button";
    b.addEventListener("click", act);
    return b;
  }

  var asked = null;  // the held hand whose choice was last brought into view
  function render() {
    return all().then(function (list) {
      var panel = $("queue"), board = $("board"), hist = $("history");
      document.querySelectorAll(".pending-note, .pending-list").forEach(function (n) { n.remove(); });
      // The choice already shown for this very hand stays as it is (a poll redraws the rest):
      // rebuilt, a screen reader would hear it again and a thumb could lose its button.
      var e = list[0], sig = e && e.state !== "waiting" ? JSON.stringify([e.key, e.state,
        e.message, e.no, e.version, e.next_no, e.server_version, e.over, e.stored, e.what]) : "";
      var kept = !!sig && panel.dataset.sig === sig && !panel.hidden;
      if (!kept) {
        panel.replaceChildren();
        panel.hidden = true;
        delete panel.dataset.sig;
      }
      if (!list.length || list[0].state === "waiting") asked = null;
      if (!list.length) return;
      var f = $("entry"), last = list[list.length - 1];
      if (f && f.dataset.queue && +f.elements.expected_no.value <= last.no) chain(f, last);
      // A hand held for the scorer's choice is not sent when the connection is back: say so.
      var held = list[0].state !== "waiting";
      var note = el("p", "pending-note", "↻ " + t(held ? "held" : "note", list.length));
      // Only the hands that go as they are count ahead: one held for the scorer's decision
      // (another phone's hand took its number) and those after it wait.
      var going = [];
      list.every(function (e) { return e.state === "waiting" && going.push(e); });
      if (board) { board.appendChild(note); if (going.length) ahead(board, going); }
      // The board counted a hand that is now held (refused while it was being sent, another
      // phone's hand having taken its number): the stored board again, from the server.
      if (board && !going.length && board.querySelector(".ahead")) SK.refresh();
      var ol = el("ol", "pending-list");
      list.forEach(function (e) {
        var li = el("li", "pending-row" + (e.state !== "waiting" ? " blocked" : ""));
        li.appendChild(el("b", "", "#" + e.no));
        li.appendChild(el("span", "", " " + e.what + " "));
        li.appendChild(el("em", "tag t-pending", "↻ " + text.dataset.tag));
        ol.appendChild(li);
      });
      if (hist) hist.insertBefore(ol, hist.children[1] || null);
      if (e.state === "waiting") return;
      if (kept) return whole(panel);
      panel.dataset.sig = sig;
      panel.hidden = false;
      panel.className = "queue card " + e.state;
      panel.appendChild(el("p", "err", e.message));
      var clash = el("div", "clash");
      if (e.stored) {
        var theirs = el("div", "theirs");
        theirs.appendChild(el("h3", "", text.dataset.theirs));
        theirs.appendChild(el("p", "", t("hand", e.stored.no) + ": " + e.stored.what));
        theirs.appendChild(el("p", "", e.stored.result));
        clash.appendChild(theirs);
      }
      var yours = el("div", "yours");
      yours.appendChild(el("h3", "", text.dataset.yours));
      yours.appendChild(el("p", "", t("hand", e.no) + ": " + e.what));
      clash.appendChild(yours);
      panel.appendChild(clash);
      var row = el("p", "choices"), clashed = e.state === "conflict" && e.next_no;
      if (clashed && !e.over) {
        row.appendChild(button(t("next", e.next_no), function () {
          resolve(e.next_no, e.server_version);
        }));
      }
      row.appendChild(button(text.dataset.drop, function () {
        drop(e).then(function () {
          return clashed ? resolve(e.next_no, e.server_version) : resolve(e.no, e.version);
        });
      }));
      panel.appendChild(row);
      // The choice is at the top of the page and the scorer just tapped Save far below it:
      // bring it into view once, when it first appears (a poll redraws it, and leaves it be)
      if (asked !== e.key) { asked = e.key; panel.scrollIntoView({ block: "start" }); return; }
      whole(panel);
    });
  }
  // While being read, the page around the choice changed: cut by the screen's edge, it comes
  // back whole; scrolled away from, it stays where the scorer left it.
  function whole(panel) {
    var r = panel.getBoundingClientRect(), h = window.innerHeight;
    if (r.bottom > 0 && r.top < h && (r.top < 0 || r.bottom > h)) {
      panel.scrollIntoView({ block: "nearest" });
    }
  }

  // The board as it will be once the waiting hands are sent: the engine's points of each
  // answer (the page's #outcomes, web/pending.py) added to the last known score, the deal
  // turned and the hands counted. An answer the table does not hold (a tap under "More", a
  // card record) leaves the score to the server; the deal and the number still follow.
  var SKIP = { csrf_token: 1, submission_id: 1, expected_no: 1, version: 1, note: 1 };
  function points(data, e, k) {
    var names = data.names, key = [], seen = {};
    e.fields.forEach(function (kv) { seen[kv[0]] = kv[1]; });
    for (var n in seen) if (!SKIP[n] && names.indexOf(n) < 0 && seen[n]) return null;
    names.forEach(function (n) { key.push(seen[n] || ""); });
    var seat = data.dealers[k % data.dealers.length].seat;
    return (data.points[seat] || data.points["*"])[key.join("|")] || null;
  }
  function ahead(board, list) {
    var src = $("outcomes"), pts = board.querySelectorAll(".pts");
    if (!src || pts.length !== 2) return;
    var data = JSON.parse(src.textContent), teams = ["NS", "EW"], score = [], exact = true;
    pts.forEach(function (p) { score.push(+(p.dataset.known || p.dataset.score)); });
    list.forEach(function (e, k) {
      var got = exact && points(data, e, k);
      if (!got) { exact = false; return; }
      teams.forEach(function (team, i) { score[i] += got[team] || 0; });
    });
    if (exact) {
      pts.forEach(function (p, i) {
        if (!p.dataset.known) p.dataset.known = p.dataset.score;
        // a true minus below zero, as the page writes it (engine/numbers.py)
        p.textContent = score[i] < 0 ? "\u2212" + -score[i] : String(score[i]);
        p.classList.add("ahead");
        var bar = p.parentNode.querySelector("progress");
        if (bar) bar.value = Math.max(0, Math.min(score[i], bar.max));
      });
    }
    var d = data.dealers[list.length % data.dealers.length], deal = board.querySelector(".deal");
    if (!deal || !board.querySelector(".dealer")) return;
    board.querySelector(".dealer").replaceChildren(el("span", "", "▸"), " " + d.name);
    board.querySelector(".dealer").firstChild.setAttribute("aria-hidden", "true");
    board.querySelector(".deal small").textContent = "(" + d.seat_name + ")";
    var no = board.querySelector(".deal .no");
    if (no) no.textContent = t("hand", data.no + list.length) + " · ↻ " + text.dataset.tag;
    deal.classList.add("ahead");
  }

  // The scorer decided: number the hands left (the refused one first, when kept) from
  // ``base`` on, the first based on ``version``, each later one on the one before it; send.
  function resolve(base, version) {
    return all().then(function (list) {
      return Promise.all(list.map(function (x, i) {
        x.no = base + i;
        x.version = i === 0 ? version : null;
        x.state = "waiting";
        return put(x);
      })).then(function () {
        var f = $("entry");
        if (f && f.dataset.chained) {
          f.elements.expected_no.value = base + list.length;
          $("save").textContent = t("save", base + list.length);
        }
        return list.length ? flush() : SK.refresh(true);
      });
    });
  }

  // Undo and corrections need the server's say on the stored hands: refused while offline or
  // while hands wait to be sent (a waiting hand can be dropped instead, when it is refused).
  document.addEventListener("submit", function (ev) {
    var f = ev.target;
    if (!f.classList.contains("undo") && !f.classList.contains("redo")) return;  // Redo too
    if (!navigator.onLine || !SK.online) {
      ev.preventDefault();
      return say(f, text.dataset.undoOffline);
    }
    if (document.querySelector(".pending-row")) { ev.preventDefault(); say(f, text.dataset.undoPending); }
  }, true);
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest && ev.target.closest("a[href^='?fix=']");
    if (a && (!navigator.onLine || !SK.online)) { ev.preventDefault(); say(a.closest("section"), text.dataset.fixOffline); }
  });
  function say(where, msg) {
    var old = document.querySelector(".refused");
    if (old) old.remove();
    var p = el("p", "err refused", msg);
    p.setAttribute("role", "alert");
    where.parentNode.insertBefore(p, where.nextSibling);
  }

  SK.hooks.push(render);
  SK.ping = function () { flush(true); };
  window.addEventListener("online", function () { flush(); });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") flush();
  });
  setInterval(function () { flush(true); }, 10000);
  render().then(function () { flush(); }).catch(function () {});  // hands left from before
})();
