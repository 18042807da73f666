// Euchre's part of the match page: its play facts for the card recorder (cards.js asks
// window.SKPlayFacts). A card ordered up in round 1 makes its suit trump; a turned-up Joker's
// suit is the one the dealer named, which the form gives as trump.
"use strict";
window.SKPlayFacts = function (fx) {
  if (!fx.trump && fx.turnUp && fx.round === "1" && fx.turnUp !== "JK") fx.trump = fx.turnUp.slice(-1);
  return fx;
};
