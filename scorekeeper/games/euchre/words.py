"""Euchre's words on the pages (pure): the history's tag, a hand's line ("Bo & Dee euchred →
Ann & Cai +2"), its Undo button's words and a recorded hand in the corrections list, N_-marked
for the web layer to translate (``History`` in :mod:`scorekeeper.engine.game`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.cards import TEAMS
from ...engine.messages import N_
from ...engine.parts.sheet import SheetRow, card_as_recorded
from ...engine.parts.words import TagWords
from ...engine.result import HandResult
from ...engine.state import HandState

# The history's result column (a hand made, alone or not, shows its points alone) and the
# Undo button's word after the caller ("Bo, march").
RESULT_WORDS = {
    "march": N_("march"),
    "alone_march": N_("alone march"),
    "euchred": N_("euchred"),
    "passed": N_("passed"),
    "renege": N_("renege"),
}
SHORT_WORDS = {**RESULT_WORDS, "made": N_("made"), "alone_made": N_("alone")}
# A lone hand made or marched looks as the same hand played with a partner.
RESULT_CLASSES = {"alone_made": "made", "alone_march": "march"}
PASSED: TagWords = ((N_("passed"), {}),)
# The game's own hand fields as the problems name them (``Game.field_words``; the fields the
# generic layers know, dealer, note, ..., are worded in i18n/labels.py).
FIELD_WORDS = {
    "round": N_("round"), "alone": N_("alone"), "defender_alone": N_("defender alone"),
    "makers_tricks": N_("makers' tricks"), "renege": N_("renege"),
}
# The card recorder's likely result as the tricks are tapped (``Recording.likely``).
LIKELY_WORDS = {
    "made": N_("Likely result: made (3 tricks or more)."),
    "march": N_("Likely result: a march (all 5 tricks)."),
    "defeated": N_("Likely result: euchred (the defenders have 3 tricks)."),
    "open": N_("Likely result: open (the makers need 3 tricks)."),
}


def history_tags(hand: Mapping[str, Any], rules: Mapping[str, Any]) -> TagWords:
    """The history's tag of a hand: "alone"."""
    return ((N_("alone"), {}),) if hand.get("alone") else ()


def outcome_words(hand: Mapping[str, Any], result: HandResult, rules: Mapping[str, Any]
                  ) -> TagWords:
    """A hand in the table's words: "all passed → no score", "Cai alone march → Home +4",
    "Bo & Dee euchred → Ann & Cai +2", "Bo renege → …"; a hand simply made: its points."""
    code = result.result
    if code == "passed":
        return ((N_("all passed → no score"), {}),)
    if code == "alone_made":
        return ((N_("%(caller)s alone → %(gain)s"), {}),)
    if code == "alone_march":
        return ((N_("%(caller)s alone march → %(gain)s"), {}),)
    if code == "march":
        return ((N_("%(makers)s march → %(gain)s"), {"said": result.makers}),)
    if code == "euchred":
        return ((N_("%(makers)s euchred → %(gain)s"), {"said": result.makers}),)
    if code == "renege":
        by = (result.renege or {}).get("seat") or hand.get("renege")
        return ((N_("%(seat)s renege → %(gain)s"), {"seat": by}),)
    return ()


def short_words(hand: Mapping[str, Any], result: HandResult, rules: Mapping[str, Any]
                ) -> TagWords:
    """The Undo button's words: "passed", or the caller and the result ("Bo, march")."""
    if result.result == "passed":
        return PASSED
    return (("%(caller)s", {}), (SHORT_WORDS.get(result.result, ""), {}))


def recorded_words(hand: Mapping[str, Any], rules: Mapping[str, Any]) -> TagWords:
    """A hand as recorded, for the corrections list: "passed", "Bo ♠ alone 4 tricks"."""
    if hand.get("passed"):
        return PASSED
    parts: list[tuple[str, dict[str, Any]]] = [("%(caller)s", {}), ("%(trump)s", {})]
    if hand.get("alone"):
        parts.append((N_("alone"), {}))
    if hand.get("makers_tricks") is not None:
        parts.append((N_("%(n)s tricks"), {"n": hand["makers_tricks"]}))
    return tuple(parts)


# The printed sheet marks these results (a lone hand as the same result), then the loner and
# a lone defence, then a renege.
MARKED = ("passed", "march", "euchred")


def sheet_marks(hand: Mapping[str, Any], result: HandResult) -> tuple[str, ...]:
    """The printed sheet's marks of a hand: "euchred", "loner", "renege" (prints them)."""
    base = RESULT_CLASSES.get(result.result, result.result)
    marks = [base] if base in MARKED else []
    if hand.get("alone"):
        marks.append("loner")
    if hand.get("defender_alone"):
        marks.append("defender_alone")
    if base == "renege":
        marks.append("renege")
    return tuple(marks)


# The hand table always has a trump and an alone column; the round's only when a hand says it.
ALWAYS = frozenset({"trump", "alone"})


def makers_tricks(hand: Mapping[str, Any], state: HandState) -> int | None:
    """The makers' tricks: as recorded, else from the cards (none for a passed hand)."""
    if state.result == "passed":
        return None
    taken = hand.get("makers_tricks")
    tricks, makers = state.outcome.tricks, state.outcome.makers
    if taken is None and tricks is not None and makers in TEAMS:
        taken = tricks.get(makers)
    return taken if isinstance(taken, int) else None


def sheet_row(hand: Mapping[str, Any], state: HandState) -> SheetRow:
    """A hand's own columns on the printed sheet: the round, alone (and a lone defender), the
    makers' tricks and a renege; and, for the hand's facts, the turn-up and the dealer's
    discard."""
    round_ = hand.get("round")
    return SheetRow(
        own={"round": round_, "alone": bool(hand.get("alone")),
             "defender_alone": hand.get("defender_alone"),
             "makers_tricks": makers_tricks(hand, state), "renege": state.outcome.renege,
             "turn_up": card_as_recorded(hand, "turn_up"),
             "discard": card_as_recorded(hand, "discard")},
        columns=ALWAYS | ({"round"} if round_ is not None else set()))
