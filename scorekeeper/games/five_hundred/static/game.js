// Five Hundred's part of the match page, for the card recorder (cards.js): its play facts
// read from the bid, and the kitty exchange.
"use strict";

// The bid's suit is trump ("8H"); no trumps and misère have none (the Joker alone), and a
// misère's caller plays alone.
window.SKPlayFacts = function (fx, val) {
  var bid = val("bid") || "", misere = bid.indexOf("misere") >= 0;
  if (!bid) return fx;
  fx.trump = misere || /NT$/.test(bid) ? "NT" : bid.slice(-1);
  if (misere) fx.alone = true;
  return fx;
};

// The kitty exchange (data.kitty cards): the cards the caller took up and the cards the
// caller put down, tapped on the recorder's grid before the play into the form's hidden
// `kitty` and `discard` fields. cards.js hands it what it needs (r) and calls it back.
window.SKKitty = function (r) {
  var data = r.data, w = data.words, n = data.kitty, f = r.form;
  var kit = { kitty: [], discard: [] }, part = "kitty", skipped = false;
  var has = function (p, c) { return kit[p].indexOf(c) >= 0; };
  function done() { return kit.kitty.length === n && kit.discard.length === n; }
  function clear() {
    kit = { kitty: [], discard: [] };
    part = "kitty";
    skipped = false;
    f.elements.kitty.value = f.elements.discard.value = "";
  }
  function choose() { part = kit.kitty.length < n ? "kitty" : "discard"; }

  return {
    // The caller's whole hand at the start of play is the deal plus the kitty less the
    // discards: known only with the whole exchange.
    known: function (fx, full) {
      if (!fx.caller || !full[fx.caller]) return full;
      if (!done()) delete full[fx.caller];
      else full[fx.caller] = full[fx.caller].concat(kit.kitty).filter(function (c) { return !has("discard", c); });
      return full;
    },
    save: function () {
      ["kitty", "discard"].forEach(function (p) { f.elements[p].value = kit[p].length ? JSON.stringify(kit[p]) : ""; });
    },
    load: function () {
      try { kit = { kitty: JSON.parse(f.elements.kitty.value || "[]"), discard: JSON.parse(f.elements.discard.value || "[]") }; }
      catch (e) { kit = { kitty: [], discard: [] }; }
    },
    clear: clear,
    any: function () { return kit.kitty.length + kit.discard.length > 0; },
    discarded: function (c) { return has("discard", c); },
    taken: function (c) { return has("kitty", c); },
    // After the bid the exchange is asked first; "Play cards" skips it (nobody saw it).
    ask: function (fx) {
      if (r.cards().length || done() || r.mode() !== "play" || skipped || !r.ready(fx)) return;
      r.setMode("swap");
      choose();
    },
    skip: function () { skipped = true; },
    start: function () { r.setMode("swap"); choose(); },
    // Why `seat` cannot hold c in the holdings, or "": the kitty was dealt to nobody.
    hold: function (fx, seat, c) {
      if (has("kitty", c)) return r.say(w.kitty_held, { card: r.show(c), seat: r.name(seat) });
      if (has("discard", c) && seat !== fx.caller) return r.say(w.discard_not_callers, { card: r.show(c), seat: r.name(seat) });
      return "";
    },
    // A tap puts a card in (or takes it out of) the kitty or the discards, with the engine's
    // own checks as far as the holdings go; both complete, the play comes next. A played
    // card's button is disabled: it is neither taken back nor discarded.
    tap: function (fx, st, c) {
      var list = kit[part], at = list.indexOf(c), h = r.holderOf(c), mine = r.deal()[fx.caller] || [];
      if (at >= 0) { list.splice(at, 1); return r.redraw(c); }
      if (list.length >= n) return r.message(r.say(part === "kitty" ? w.kitty_count : w.discard_count, { count: n, got: n + 1 }));
      if (part === "kitty" && h) return r.message(r.say(w.kitty_held, { card: r.show(c), seat: r.name(h) }));
      if (part === "discard" && h && h !== fx.caller)
        return r.message(r.say(w.discard_not_callers, { card: r.show(c), seat: r.name(h) }));
      if (part === "discard" && !h && mine.length === st.total && kit.kitty.length === n && !has("kitty", c))
        return r.message(r.say(w.discard_not_held, { card: r.show(c) }));
      list.push(c);
      if (part === "kitty" && kit.kitty.length === n && kit.discard.length < n) part = "discard";
      if (done()) r.setMode("play");
      r.redraw(c);
    },
    turn: function (fx) {
      return r.say(part === "kitty" ? w.swap_kitty : w.swap_discard, { name: r.name(fx.caller), n: kit[part].length, max: n });
    },
    mark: function (b, c, label) {  // a card of the grid: in the kitty, in the list being filled
      if (r.mode() === "swap") b.setAttribute("aria-pressed", String(has(part, c)));
      if (!has("kitty", c)) return label;
      b.append(r.span("who", w.kitty_mark));
      return label + " (" + w.in_kitty + ")";
    },
    draw: function () {  // which list a tap fills
      var parts = r.$("rec-parts"), swap = r.mode() === "swap";
      parts.hidden = !swap;
      parts.replaceChildren();
      if (swap) ["kitty", "discard"].forEach(function (p) {
        var b = r.button(r.say(w["part_" + p], { n: kit[p].length, max: n }), "seat", function () { part = p; r.message(""); r.draw(); });
        b.setAttribute("aria-pressed", String(p === part));
        b.id = "rec-part-" + p;
        parts.append(b);
      });
      r.$("rec-swap-mode").setAttribute("aria-pressed", String(swap));
    },
  };
};
