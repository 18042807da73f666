"""Contract Bridge's words (pure): its problems, its options and fields, its results, in English
marked with N_ for the web layer to translate (zh_Hant and zh_Hans in the catalogs; the terms
are in scorekeeper/translations/GLOSSARY.md)."""

from __future__ import annotations

from ...engine.messages import N_

# The game's own problem codes (``Game.messages``): what a person at the table reads.
MESSAGES: dict[str, str] = {
    "deal.contract_missing": N_("say the contract, like 4H or 3NTX (or that all four passed)"),
    "deal.bad_contract": N_("{value} is not a contract: write the level 1 to 7, then C, D, H, "
                            "S or NT, then X if doubled or XX if redoubled (4H, 3NTX, 6SXX)"),
    "deal.declarer_missing": N_("say who declared the contract: N, E, S or W"),
    "deal.tricks_range": N_("declarer's side takes 0 to 13 tricks, not {value}"),
    "deal.tricks_missing": N_("how many tricks did declarer's side take? (0 to 13)"),
    "deal.tricks_mismatch": N_("the card record gives declarer's side {derived} tricks, but "
                               "tricks says {given}"),
    "deal.passed_extra": N_("a passed-out deal holds only the dealer, the deal and a note, "
                            "not {key}"),
    "deal.claim_range": N_("a claim is 0 to 13 tricks, not {value}"),
    "deal.claim_over": N_("after {played} tricks played only {most} are left, so declarer "
                          "can't claim {value}"),
    "deal.lead_held_by": N_("{card} can't be the opening lead: {seat} (declarer's left) "
                            "leads, but {holder} holds it"),
    "deal.lead_mismatch": N_("the opening lead is {lead}, but the first card played is {card}"),
    "deal.honours_off": N_("honours are not counted in this match (the honours rule is off)"),
    "deal.bad_honours": N_("honours must name a side and 100 or 150, like "
                           "{{\"side\": \"NS\", \"points\": 100}}"),
    "deal.honours_no_trumps": N_("at no trumps only the four aces in one hand count, for 150, "
                                 "not {value}"),
    "deal.honours_not_held": N_("the deal shows no hand holding honours, so {side} can't score "
                                "{points} for them"),
    "deal.honours_mismatch": N_("the deal gives {side} {points} for honours ({seat} holds "
                                "them), not {given_side} {given}"),
    "match.stop_chicago": N_("only a rubber can be stopped before it ends: a Chicago match "
                             "ends after its chukkers"),
}

# The game's own hand fields as the problems name them (``Game.field_words``).
FIELD_WORDS = {
    "contract": N_("contract"), "declarer": N_("declarer"), "tricks": N_("tricks"),
    "honours": N_("honours"), "lead": N_("opening lead"), "claim": N_("claim"),
}

# Each option's label and one line of help on the start page (spec/bridge.md).
OPTION_WORDS = {
    "scoring": (N_("Scoring"),
                N_("Rubber bridge (games below the line, the rubber bonus) or Chicago (four "
                   "deals, each scored on its own).")),
    "rubbers": (N_("Rubbers"),
                N_("How many rubbers the match lasts; the most points over all of them wins.")),
    "chukkers": (N_("Chukkers"),
                 N_("How many rounds of four deals a Chicago match lasts.")),
    "honours": (N_("Count honours"),
                N_("Four of the trump A K Q J 10 in one hand score 100, all five 150; the "
                   "four aces at no trumps 150.")),
    "partscore_carry": (N_("Partscores carry"),
                        N_("In Chicago, partscores add up towards game within a chukker.")),
}

# The history's result column.
RESULT_WORDS = {"made": N_("made"), "down": N_("down"), "passed": N_("passed out")}

STRAIN_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}


def contract_text(contract: object) -> str:
    """A recorded contract as players write it: "4HX" -> "4♥X"."""
    if not isinstance(contract, str) or len(contract) < 2:
        return ""
    bare = contract.rstrip("X")
    return f"{bare[0]}{STRAIN_SYMBOLS.get(bare[1:], bare[1:])}{contract[len(bare):]}"


def result_text(over: int | None) -> str:
    """Tricks over or under the contract as a pad writes them: "=", "+1", "−2" ("" passed)."""
    if over is None:
        return ""
    return "=" if over == 0 else f"+{over}" if over > 0 else f"−{-over}"
