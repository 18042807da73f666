// The card recorder: the play of a hand tapped card by card into the hand form's hidden
// `play` (and `deal`) fields, which Save sends like any hand (queue.js: same key, same queue).
// SKCards mirrors the engine's trick rules (scorekeeper/engine/cards.py and tricks.py) for
// the live display only: the server's engine still judges the hand when it is saved.
// Everything that differs between games is data the page hands it (engine/recording.py:
// the pack and its Joker, tricks, bowers, lone hands, the turn-up, lead rules, form fields).
"use strict";
(function () {
  var SEATS = "NESW", SUITS = "SHDC", SAME = { S: "C", C: "S", H: "D", D: "H" };
  var HIGH = { A: 14, K: 13, Q: 12, J: 11 }, SYM = { S: "♠", H: "♥", D: "♦", C: "♣" };
  var PARTNER = { N: "S", S: "N", E: "W", W: "E" };
  var JOKER = "JK", JOKER_RANK = 15;  // engine/cards.py: no suit of its own, a trump above all

  // --- the rules (engine/cards.py) ----------------------------------------------------------
  // a Joker led without a trump suit is written with the suit it names ("JKH")
  function isJoker(c) { return c.slice(0, 2) === JOKER; }
  function rank(c) { if (isJoker(c)) return JOKER_RANK; var r = c.slice(0, -1); return HIGH[r] || +r; }
  function suit(c) { return c === JOKER ? "J" : c.slice(-1); }
  function isSuit(s) { return !!s && s.length === 1 && SUITS.indexOf(s) >= 0; }
  function eff(c, trump, bowers) {  // the Joker and the left bower are trumps
    if (c === JOKER) return isSuit(trump) ? trump : "J";
    if (isJoker(c)) return c.slice(-1);  // led at no trumps: the suit it names
    return bowers && isSuit(trump) && rank(c) === 11 && suit(c) === SAME[trump] ? trump : suit(c);
  }
  function power(c, led, trump, bowers) {
    var s = eff(c, trump, bowers);
    if (isJoker(c) && !isSuit(trump)) return 300;  // no trumps, misère: the only trump
    if (s === trump) {
      if (c === JOKER) return 201;  // above both bowers
      return bowers && rank(c) === 11 ? (suit(c) === trump ? 200 : 199) : 100 + rank(c);
    }
    return s === led ? rank(c) : -1;
  }
  function winner(cards, trump, bowers) {  // index in play order of the card that wins
    var led = eff(cards[0], trump, bowers), best = 0, top = -2;
    cards.forEach(function (c, i) {
      var p = power(c, led, trump, bowers);
      if (p > top) { best = i; top = p; }
    });
    return best;
  }
  function next(seat, out) {
    do { seat = SEATS[(SEATS.indexOf(seat) + 1) % 4]; } while (out.indexOf(seat) >= 0);
    return seat;
  }
  var team = function (s) { return s === "N" || s === "S" ? "NS" : "EW"; };

  // Replay a sequence of cards: tricks (leader, seats, cards, winner), counts, whose turn,
  // the first renege the record proves: a seat that showed out of a suit and plays it later,
  // or that did not follow while its known holding (f.deal, complete hands only) had the suit.
  // g: the game's data {bowers, tricks, alone}; f: {dealer, trump, caller, alone, defender,
  // loneLead, deal}
  function replay(g, f, cards) {
    var bowers = !!g.bowers, out = [];
    if (g.alone && f.alone && f.caller) out.push(PARTNER[f.caller]);
    if (g.alone && f.defender) out.push(PARTNER[f.defender]);
    var size = 4 - out.length, total = g.tricks;
    var first = f.alone && f.caller && f.loneLead === "loner_left" ? f.caller : f.dealer;
    var st = { tricks: [], counts: { NS: 0, EW: 0 }, out: out, size: size, total: total,
               renege: null, leader: g.caller_leads && f.caller ? f.caller
                 : g.caller_left_leads && f.caller ? next(f.caller, out) : next(first, out) };
    var shown = {}, trick = null;
    cards.forEach(function (c, i) {
      if (!trick) { trick = { leader: st.leader, seats: [], cards: [], winner: null }; st.tricks.push(trick); }
      var seat = trick.seats.length ? next(trick.seats[trick.seats.length - 1], out) : trick.leader;
      var s = eff(c, f.trump, bowers), t = st.tricks.length, mine = shown[seat] || (shown[seat] = {});
      if (mine[s] && !st.renege) st.renege = { seat: seat, suit: s, shown: mine[s], card: c, trick: t, index: i };
      if (trick.cards.length) {
        var led = eff(trick.cards[0], f.trump, bowers), gone = cards.slice(0, i);
        var held = ((f.deal || {})[seat] || []).filter(function (x) {
          return gone.indexOf(x) < 0 && x !== c && eff(x, f.trump, bowers) === led;
        });
        if (s !== led && held.length && !st.renege)
          st.renege = { seat: seat, suit: led, shown: t, card: c, trick: t, index: i, held: held };
        if (s !== led && !mine[led]) mine[led] = t;
      }
      trick.seats.push(seat);
      trick.cards.push(c);
      if (trick.cards.length === size) {
        trick.winner = trick.seats[winner(trick.cards, f.trump, bowers)];
        st.counts[team(trick.winner)]++;
        st.leader = trick.winner;
        trick = null;
      }
    });
    st.current = trick;
    st.turn = trick ? next(trick.seats[trick.seats.length - 1], out) : st.leader;
    st.complete = !trick && st.tricks.length === total;
    return st;
  }
  window.SKCards = { effectiveSuit: eff, power: power, winner: winner, replay: replay };

  // --- the recorder on the page ---------------------------------------------------------------
  var $ = function (id) { return document.getElementById(id); };
  var rec, data, f, cards = [], deal = {}, mode = "play", holder = null, renegeScored = false;
  var K = null;  // the kitty exchange (window.SKKitty, from its game's game.js), for a game with a kitty
  var anyway = null;  // a card refused for not following suit, that may be recorded as a renege
  var claim = null;  // the play ended by a claim: the tricks the makers take of those left

  function say(tpl, values) {
    return Object.keys(values).reduce(function (s, k) { return s.split("{" + k + "}").join(values[k]); }, tpl);
  }
  function show(c) { return c === JOKER ? JOKER : c.slice(0, -1) + SYM[suit(c)]; }
  function name(seat) { return data.seats[seat].name; }
  function val(n) { var e = f.elements[n]; return e ? e.value : ""; }
  function checked(n, v) {  // set a radio group (or clear it with v === null)
    var group = f.querySelectorAll("input[name='" + n + "']");
    group.forEach(function (i) { i.checked = v !== null && i.value === String(v); });
  }

  // The hand's facts as the form gives them. A game whose bidding decides more (a card ordered
  // up, a bid's suit, a bid played alone) says so itself: its game.js sets SKPlayFacts, which
  // gets these facts and reads the form's fields by name (val).
  function bidFacts() {
    var no = +(rec.dataset.no || val("expected_no")) || 1;
    var fx = {
      dealer: SEATS[(SEATS.indexOf(data.first_dealer) + no - 1) % 4], trump: val("trump") || "",
      caller: val(data.caller_field || "caller") || null, alone: !!(f.elements.alone && f.elements.alone.checked),
      defender: val("defender_alone") || null, loneLead: data.lone_lead,
      turnUp: val("turn_up") || "", round: val("round"), discard: K ? "" : val("discard") || "",
      deal: null,
    };
    // a trump rotation (the server's, by the deal's number) fixes the deal's trump ("NT": no
    // trump, so the highest card of the suit led wins every trick)
    if (data.cycle) fx.trump = data.cycle[(no - 1) % data.cycle.length];
    return window.SKPlayFacts ? window.SKPlayFacts(fx, val) : fx;
  }
  function facts() {  // the hand's facts with the holdings play is judged by
    var fx = bidFacts();
    fx.deal = known(fx);
    return fx;
  }
  function complete() {  // the seats whose whole hand is known
    var full = {}, per = data.tricks;
    Object.keys(deal).forEach(function (s) { if (deal[s].length === per) full[s] = deal[s]; });
    return full;
  }
  // the seats whose whole hand at the start of play is known (after a kitty exchange)
  function known(fx) { return K ? K.known(fx, complete()) : complete(); }
  function ready(fx) { return fx.trump && (!data.caller || fx.caller); }

  function save() {  // the hidden fields the form sends
    var st = replay(data, facts(), cards), tricks = st.tricks.map(function (t) { return t.cards; });
    f.elements.play.value = tricks.length ? JSON.stringify(tricks) : "";
    var full = complete();
    f.elements.deal.value = Object.keys(full).length ? JSON.stringify(full) : "";
    if (f.elements.claim) f.elements.claim.value = claim === null ? "" : String(claim);
    if (K) K.save();
    return st;
  }

  function touched() {  // the form changed: keep it through live refreshes, update the preview
    f.dataset.dirty = "1";
    f.elements.play.dispatchEvent(new Event("change", { bubbles: true }));  // table.js: preview
  }

  function holderOf(c) {
    for (var s in deal) if (deal[s].indexOf(c) >= 0) return s;
    return null;
  }
  function unavailable(fx, c) {  // why nobody can play c, or ""
    if (K && K.discarded(c)) return data.words.discarded;
    if (!data.turn_up) return "";
    if (fx.discard && c === fx.discard) return data.words.discarded;
    if (fx.turnUp && c === fx.turnUp && fx.round === "2") return data.words.turned_down;
    return "";
  }

  // Why `seat` cannot play `c` now, or "" (the engine's checks, as far as the holdings go).
  function refusal(fx, st, seat, c) {
    var why = unavailable(fx, c);
    if (why) return say(data.words.unavailable, { card: show(c), why: why });
    if (data.turn_up && fx.turnUp && c === fx.turnUp && fx.round !== "2" && seat !== fx.dealer)
      return say(data.words.only_dealer, { card: show(c) });
    var h = holderOf(c), mine = fx.deal[seat];
    if (K && !h && K.taken(c) && fx.caller) h = fx.caller;  // taken up
    if ((h && h !== seat) || (mine && mine.indexOf(c) < 0))
      return say(data.words.not_held, { name: name(seat), card: show(c) });
    var bowers = data.bowers, played = [].concat.apply([], st.tricks.map(function (t) { return t.cards; }));
    var known = !!mine;
    var left = known ? mine.filter(function (x) { return played.indexOf(x) < 0; }) : [];
    if (!st.current && known && data.lead_rules.indexOf("trumps_broken") >= 0 && eff(c, fx.trump, bowers) === fx.trump
        && !played.some(function (x) { return eff(x, fx.trump, bowers) === fx.trump; })) {
      var other = left.filter(function (x) { return eff(x, fx.trump, bowers) !== fx.trump; });
      if (other.length) return say(data.words.trumps_broken, { name: name(seat), cards: other.map(show).join(" ") });
    }
    if (st.current && known) {
      var led = eff(st.current.cards[0], fx.trump, bowers);
      var follow = left.filter(function (x) { return eff(x, fx.trump, bowers) === led; });
      if (eff(c, fx.trump, bowers) !== led && follow.length) {
        anyway = c;  // refused, unless the scorer says it was played all the same (a renege)
        return say(data.words.must_follow, { name: name(seat), cards: follow.map(show).join(" ") });
      }
    }
    return "";
  }

  function message(text) {
    $("rec-msg").textContent = text;
    $("rec-msg").hidden = !text;
    $("rec-anyway").hidden = !(text && anyway) || data.renege_refused;
    if (!text) anyway = null;
  }

  function tap(c) {
    var fx = facts();
    message("");
    if (!ready(fx)) return message(data.words.need);
    var st = replay(data, fx, cards);
    if (mode === "hold") return hold(fx, st, c);
    if (mode === "swap") return K.tap(fx, st, c);
    if (st.complete || claim !== null || (st.renege && renegeScored && data.renege_ends)) return;
    anyway = null;
    var why = refusal(fx, st, st.turn, c);
    if (why) return message(why);
    if (data.joker_names_suit && c === JOKER && !st.current && !isSuit(fx.trump)) return askSuit();
    cards.push(c);
    redraw(c);
  }

  function askSuit() {  // the Joker led at no trumps or in misère: the suit it names
    message(data.words.joker_suit);
    var box = $("rec-msg");
    SUITS.split("").forEach(function (s) {
      var b = button([span("s", SYM[s])], "pc s" + s, function () {
        message("");
        cards.push(JOKER + s);
        redraw(JOKER);
      });
      b.setAttribute("aria-label", data.words.joker_suit + " " + SYM[s]);
      box.append(" ", b);
    });
  }

  function redraw(c) {  // after a tap: the grid is drawn again, the focus stays where it was
    var had = document.activeElement && document.activeElement.dataset.card === c;
    draw(true);
    touched();
    if (!had) return;
    var all = Array.prototype.slice.call($("rec-grid").querySelectorAll("button"));
    var at = all.findIndex(function (b) { return b.dataset.card === c; });
    var next = all.slice(at).concat(all.slice(0, at).reverse()).find(function (b) { return !b.disabled; });
    if (next) next.focus();
    else $("rec-undo").focus();
  }

  function hold(fx, st, c) {
    var seat = holder, mine = deal[seat] || (deal[seat] = []), at = mine.indexOf(c), h = holderOf(c);
    var played = st.tricks.some(function (t) { return t.cards.indexOf(c) >= 0; });
    if (at >= 0) { if (!played) mine.splice(at, 1); }
    else if (h) return message(say(data.words.holding_other, { card: show(c), name: name(h) }));
    else if (K && K.hold(fx, seat, c)) return message(K.hold(fx, seat, c));
    else if (unavailable(fx, c) && !(K && seat === fx.caller)) return message(say(data.words.unavailable, { card: show(c), why: unavailable(fx, c) }));
    else if (data.turn_up && c === fx.turnUp && seat !== fx.dealer) return message(say(data.words.only_dealer, { card: show(c) }));
    else if (mine.length >= st.total) return message(say(data.words.holding_full, { name: name(seat), n: st.total }));
    else mine.push(c);
    redraw(c);
  }

  function button(label, cls, act) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = cls;
    b.addEventListener("click", act);
    b.append.apply(b, [].concat(label));
    return b;
  }
  function span(cls, text) { var s = document.createElement("span"); s.className = cls; s.textContent = text; return s; }
  function li(parts) { var l = document.createElement("li"); l.append.apply(l, parts); return l; }

  // The grid: the match's pack (data.pack.cards), trump first with the Joker and the left
  // bower among the trumps; before trump is known the Joker has a row of its own.
  function order(fx) {
    var bowers = data.bowers, suits = SUITS.split(""), deck = data.pack.cards;
    if (fx.trump) suits.sort(function (a, b) { return (b === fx.trump) - (a === fx.trump); });
    var rows = suits.map(function (s) {
      var t = s === fx.trump ? fx.trump : null;
      return deck.filter(function (c) { return eff(c, fx.trump, bowers) === s; })
        .sort(function (a, b) { return power(b, s, t, bowers) - power(a, s, t, bowers); });
    });
    var rest = deck.filter(function (c) { return suits.indexOf(eff(c, fx.trump, bowers)) < 0; });
    return rest.length ? rows.concat([rest]) : rows;
  }

  function draw(changed) {
    var fx = facts(), st = changed ? save() : replay(data, fx, cards), w = data.words;
    var played = {}, grid = $("rec-grid"), turn = $("rec-turn");
    st.tricks.forEach(function (t) { t.cards.forEach(function (c, i) { played[isJoker(c) ? JOKER : c] = t.seats[i]; }); });
    // whose turn, the trick on the table (its leader marked)
    if (!ready(fx)) turn.textContent = w.need;
    else if (mode === "swap") turn.textContent = K.turn(fx);
    else if (st.complete) turn.textContent = w.done;
    else if (claim !== null && mode === "play") turn.textContent = say(w.claimed, { side: claimSide(fx), k: claim, n: st.total - st.tricks.length });
    else {
      var s = st.turn, lead = !st.current;
      turn.textContent = say(lead ? w.lead : w.turn, { name: name(s), seat: data.seats[s].seat, n: st.tricks.length + (lead ? 1 : 0) });
    }
    var now = $("rec-now");
    now.replaceChildren();
    if (st.current) st.current.seats.forEach(function (seat, i) {
      now.append(li([span("who", (i === 0 ? "▸ " : "") + name(seat) + " "), span("pc s" + suit(st.current.cards[i]), show(st.current.cards[i]))]));
    });
    // the grid
    grid.replaceChildren();
    order(fx).forEach(function (row) {
      var r = document.createElement("div");
      r.className = "rec-row";
      row.forEach(function (c) {
        var h = holderOf(c), off = unavailable(fx, c), label = data.cards[c];
        var face = c === JOKER ? [span("r", JOKER)] : [span("r", c.slice(0, -1)), span("s", SYM[suit(c)])];
        var b = button(face, "pc s" + suit(c), function () { tap(c); });
        if (fx.trump && (eff(c, fx.trump, data.bowers) === fx.trump || (c === JOKER && !isSuit(fx.trump)))) b.classList.add("trump");
        if (played[c]) {
          b.disabled = true;
          b.classList.add("played");
          label += " (" + w.played + ")";
        } else if (off) {
          label += " (" + off + ")";
          if (mode !== "swap") {  // a discard stays tappable in the exchange: to take it back
            b.disabled = true;
            b.classList.add("played");
          }
        }
        if (K) label = K.mark(b, c, label);
        if (h) {
          b.append(span("who", h));
          label += " (" + say(w.held_by, { name: name(h) }) + ")";
          if (mode === "hold") b.setAttribute("aria-pressed", String(h === holder));
        } else if (mode === "hold") b.setAttribute("aria-pressed", "false");
        if ((mode === "hold" || mode === "swap") && !played[c]) b.disabled = mode === "hold" && !!off;
        else if (mode === "play" && (st.complete || claim !== null || (renegeScored && data.renege_ends))) b.disabled = true;
        b.setAttribute("aria-label", label);
        b.dataset.card = c;
        r.append(b);
      });
      grid.append(r);
    });
    // holdings mode: whose cards
    var seats = $("rec-seats");
    seats.hidden = mode !== "hold";
    seats.replaceChildren();
    if (mode === "hold") SEATS.split("").forEach(function (s) {
      var b = button(say(w.holding_of, { name: name(s), seat: s, n: (deal[s] || []).length, max: st.total }), "seat", function () { holder = s; draw(); });
      b.setAttribute("aria-pressed", String(s === holder));
      seats.append(b);
    });
    if (K) K.draw();
    // the count and the likely result
    var makers = fx.caller ? team(fx.caller) : null, other = makers === "NS" ? "EW" : "NS";
    if (data.makers_need && makers) {
      var m = st.counts[makers], d = st.counts[other], need = data.makers_need;
      $("rec-count").textContent = say(w.count, { m: m, d: d });
      $("rec-likely").textContent = d > st.total - need ? w.defeated : m === st.total ? w.march : m >= need ? w.made : w.open;
    } else {
      $("rec-count").textContent = say(w.count_teams, { ns: data.teams.NS, a: st.counts.NS, ew: data.teams.EW, b: st.counts.EW });
      $("rec-likely").textContent = "";
    }
    var list = $("rec-tricks");
    list.replaceChildren();
    st.tricks.forEach(function (t, i) {
      if (!t.winner) return;
      var parts = [span("n", say(w.trick, { n: i + 1 }) + ": ")];
      t.cards.forEach(function (c, j) {
        var pc = span("pc s" + suit(c) + (t.seats[j] === t.winner ? " won" : ""), (j === 0 ? "▸" : "") + show(c));
        pc.title = name(t.seats[j]);
        parts.push(pc, " ");
      });
      parts.push(span("by", say(w.won, { name: name(t.winner) })));
      list.append(li(parts));
    });
    drawClaim(fx, st);
    // the outcome radios follow a complete record, or whole tricks and a claim of the rest
    if (changed) {
      var side = data.caller ? makers : "NS", claimed = claim !== null && !st.current;
      var whole = (st.complete || claimed) && !renegeScored && side;
      checked(data.result_field, whole ? st.counts[side] + (claimed ? claim : 0) : null);
    }
    // a renege the record proves
    var box = $("rec-renege");
    box.hidden = !st.renege;
    if (st.renege) {
      var r = st.renege;
      $("rec-renege-text").textContent = renegeScored ? say(w.renege_scored, { name: name(r.seat) })
        : r.held ? say(w.renege_held, { name: name(r.seat), cards: r.held.map(show).join(" "), t: r.trick, card: show(r.card) })
        : say(w.renege, { name: name(r.seat), suit: SYM[r.suit], t: r.shown, card: show(r.card), u: r.trick });
      if (data.renege_refused) $("rec-renege-text").textContent += " " + w.renege_refused;
      $("rec-score").hidden = $("rec-fix").hidden = renegeScored;
      if (data.renege_refused) $("rec-score").hidden = true;
    } else renegeScored = false;
    $("rec-undo").disabled = !cards.length;
    $("rec-play-mode").setAttribute("aria-pressed", String(mode === "play"));
    $("rec-hold-mode").setAttribute("aria-pressed", String(mode === "hold"));
  }

  // The claim step (a game with claims): after whole tricks and before the last, the tricks
  // the makers (or NS, without a caller) take of those left, one button a number.
  function claimSide(fx) { return data.teams[data.caller && fx.caller ? team(fx.caller) : "NS"]; }
  function drawClaim(fx, st) {
    var box = $("rec-claim");
    if (!box) return;
    var left = st.total - st.tricks.length;
    box.hidden = !(ready(fx) && mode === "play" && !st.current && st.tricks.length && !st.complete
                   && !st.renege);
    if (box.hidden) return;
    var side = claimSide(fx), row = $("rec-claim-n");
    $("rec-claim-q").textContent = say(data.words.claim_ask, { n: left, side: side });
    row.replaceChildren();
    for (var k = 0; k <= left; k++) (function (k) {
      var b = button(String(k), "claim", function () {
        claim = claim === k ? null : k;  // a second tap takes it back
        message("");
        draw(true);
        touched();
        var again = $("rec-claim-n").querySelector("[data-k='" + k + "']");
        if (again) again.focus();
      });
      b.dataset.k = String(k);
      b.setAttribute("aria-pressed", String(claim === k));
      b.setAttribute("aria-label", say(data.words.claim_one, { side: side, k: k, n: left }));
      row.append(b);
    })(k);
  }

  function scoreRenege() {
    var st = replay(data, facts(), cards), r = st.renege;
    if (!r) return;
    renegeScored = true;
    var field = f.elements[data.renege_field];  // a game without one corrects the cards instead
    if (field) field.value = data.renege_seat ? r.seat : team(r.seat);
    if (data.renege_ends) checked(data.result_field, null);
    var more = f.querySelector("details.more");
    if (more) more.open = true;
    draw(true);
    touched();
  }

  function undo() {
    if (claim !== null) { claim = null; draw(true); touched(); return; }  // the claim first
    if (!cards.length) return;
    cards.pop();
    renegeScored = false;
    message("");
    draw(true);
    touched();
  }

  function load() {  // a correction: the stored record, back into the recorder
    try {
      var p = JSON.parse(f.elements.play.value || "[]"), d = JSON.parse(f.elements.deal.value || "{}");
      cards = [].concat.apply([], p);
      deal = d || {};
      var k = f.elements.claim ? f.elements.claim.value : "";
      claim = /^\d+$/.test(k) && cards.length ? +k : null;
    } catch (e) { cards = []; deal = {}; claim = null; }
    if (K) K.load();
  }

  function open() {
    var fx = facts(), btn = $("rec-open");
    if (!ready(fx)) {
      var more = f.querySelector("details.more");
      if (more && data.caller && fx.caller) more.open = true;
      rec.hidden = false;  // the turn line says what is needed first (no second, red copy)
      btn.setAttribute("aria-expanded", "true");
      draw();
      return;
    }
    if (!val("trump") && fx.trump && !data.cycle) checked("trump", fx.trump);
    if (K) K.ask(fx);
    rec.hidden = false;
    btn.setAttribute("aria-expanded", "true");
    message("");
    draw(true);
    touched();
    rec.scrollIntoView({ block: "start" });
  }

  function close() {  // stop: the hand is saved without its cards
    cards = [];
    claim = null;
    deal = {};
    renegeScored = false;
    mode = "play";
    if (K) K.clear();
    f.elements.play.value = f.elements.deal.value = "";
    if (f.elements.claim) f.elements.claim.value = "";
    rec.hidden = true;
    $("rec-open").setAttribute("aria-expanded", "false");
    touched();
    $("rec-open").focus();
  }

  function init() {
    rec = $("rec");
    f = $("entry");
    if (!rec || !f || rec.dataset.ready) return;
    rec.dataset.ready = "1";
    data = JSON.parse(rec.dataset.rec);
    $("rec-nojs").hidden = true;
    $("rec-open").hidden = false;
    cards = []; deal = {}; mode = "play"; renegeScored = false; holder = null; claim = null;
    K = data.kitty && window.SKKitty ? window.SKKitty({
      data: data, form: f, $: $, say: say, show: show, name: name, message: message, redraw: redraw,
      draw: draw, button: button, span: span, holderOf: holderOf, ready: ready,
      cards: function () { return cards; }, deal: function () { return deal; },
      mode: function () { return mode; }, setMode: function (m) { mode = m; },
    }) : null;
    load();
    $("rec-open").addEventListener("click", function () { if (rec.hidden) open(); else rec.scrollIntoView(); });
    $("rec-undo").addEventListener("click", undo);
    $("rec-anyway").addEventListener("click", function () {  // it was played: a renege
      var c = anyway;
      if (!c) return;
      message("");
      cards.push(c);
      draw(true);
      touched();
      $("rec-score").focus();
    });
    $("rec-clear").addEventListener("click", close);
    $("rec-score").addEventListener("click", scoreRenege);
    $("rec-fix").addEventListener("click", function () { undo(); $("rec-grid").querySelector("button:not([disabled])").focus(); });
    $("rec-play-mode").addEventListener("click", function () { mode = "play"; if (K) K.skip(); message(""); draw(); });
    if (K) $("rec-swap-mode").addEventListener("click", function () {
      K.start();
      message("");
      draw();
    });
    $("rec-hold-mode").addEventListener("click", function () {
      mode = "hold";
      holder = holder || facts().dealer;
      var st = replay(data, facts(), cards);  // a seat's played cards were in its hand
      st.tricks.forEach(function (t) { t.cards.forEach(function (c, i) {
        var s = t.seats[i], mine = deal[s] || (deal[s] = []);
        if (K && K.taken(c)) return;  // taken up, not dealt
        if (mine.indexOf(c) < 0 && !holderOf(c)) mine.push(c);
      }); });
      message("");
      draw(true);
      touched();
    });
    f.addEventListener("change", function (e) {  // the bidding facts changed: replay
      var n = e.target && e.target.name;
      if (!rec.hidden && n === (data.caller_field || "caller") && data.caller && !val("trump")
          && !data.trump_from_bid) {
        var more = f.querySelector("details.more");  // the trump is asked next: show it
        if (more) more.open = true;
      }
      if (!rec.hidden && n && [data.result_field, "play", "deal", "claim"].indexOf(n) < 0) {
        if (K) K.ask(facts());  // the recorder was opened before the bid
        draw(true);
      }
    });
    f.addEventListener("reset", function () {  // saved (queued): the next hand starts empty
      cards = []; deal = {}; renegeScored = false; mode = "play"; claim = null;
      if (K) K.clear();
      f.elements.play.value = f.elements.deal.value = "";
      if (f.elements.claim) f.elements.claim.value = "";
      rec.hidden = true;
      $("rec-open").setAttribute("aria-expanded", "false");
    });
    if (cards.length || Object.keys(deal).length || (K && K.any())) { rec.hidden = false; $("rec-open").setAttribute("aria-expanded", "true"); draw(); }
  }

  init();
  if (window.SK) window.SK.hooks.push(init);
})();
