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

// A deal waiting on this phone, in the words the history says it in (outcome.py's Undo words,
// "S 4♥X made +1", translated into #deal-words): queue.js asks window.SKSummary.
var SUITS = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT" };
window.SKSummary = function (f, submitter) {
  var says = document.getElementById("deal-words");
  var val = function (n) {
    var el = f.elements[n];
    return el ? (el.value || "") : "";
  };
  if (!says) return "";
  if (submitter && submitter.name === "passed") return says.dataset.passed;
  var contract = val("contract"), m = /^([1-7])(C|D|H|S|NT)$/.exec(contract);
  if (!m) return "";
  var over = val("result") === "" ? null : +val("result");
  if (val("tricks") !== "") over = +val("tricks") - 6 - +m[1];
  if (over === null) return "";
  var words = says.dataset[over === 0 ? "made" : over > 0 ? "over" : "down"];
  return words.replace("{decl}", val("declarer")).replace("{n}", Math.abs(over))
    .replace("{contract}", m[1] + SUITS[m[2]] + val("doubled"));
};
