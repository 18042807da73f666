// Bridge's part of the match page: its play facts for the card recorder (cards.js asks
// window.SKPlayFacts). The contract's strain is trump ("4H": hearts; "3NT": no trump, so the
// highest card of the suit led wins); the declarer, the caller, is named by the form's
// `declarer` (Recording.caller_field), and declarer's left leads (caller_left_leads).
"use strict";
window.SKPlayFacts = function (fx, val) {
  var contract = val("contract") || "";
  if (contract) fx.trump = /NT$/.test(contract) ? "NT" : contract.slice(-1);
  return fx;
};
