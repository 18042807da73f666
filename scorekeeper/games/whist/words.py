"""Whist's words on the pages (pure): the history's honours tag, a deal's line ("Ann & Cai 8
tricks → +2"), its Undo button's words and a recorded deal in the corrections list, N_-marked
for the web layer to translate (``History`` in :mod:`scorekeeper.engine.game`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.messages import N_
from ...engine.parts.sheet import SheetRow, card_as_recorded
from ...engine.parts.words import TagWords
from ...engine.result import HandResult
from ...engine.state import HandState
from .details import copied_parts, whist_details

# The history's result column: a deal simply scored shows its points alone.
RESULT_WORDS = {"revoke": N_("revoke")}
# The game's own hand fields as the problems name them (``Game.field_words``; the fields the
# generic layers know, dealer, note, ..., are worded in i18n/labels.py).
FIELD_WORDS = {"tricks_NS": N_("NS tricks"), "honours_NS": N_("NS honours"), "revoke": N_("revoke")}


def history_tags(hand: Mapping[str, Any], rules: Mapping[str, Any]) -> TagWords:
    """The history's tag of a deal, when the rules count honours: which side held how many of
    A K Q J of trumps (``honours_NS`` 1 is EW's 3), in words a player reads at a glance."""
    held = hand.get("honours_NS")
    if held not in HONOURS_TAGS or not rules.get("honours"):
        return ()
    return (HONOURS_TAGS[held],)


# NS held 0..4 of the four honours: each as the side that held more (2 each: split); the
# side by its code, named by the web layer ("Ann & Cai held 4 honours").
HONOURS_TAGS: dict[int, tuple[str, dict[str, Any]]] = {
    4: (N_("%(team)s held %(n)s honours"), {"team": "NS", "n": 4}),
    3: (N_("%(team)s held %(n)s honours"), {"team": "NS", "n": 3}),
    2: (N_("honours split 2–2"), {}),
    1: (N_("%(team)s held %(n)s honours"), {"team": "EW", "n": 3}),
    0: (N_("%(team)s held %(n)s honours"), {"team": "EW", "n": 4}),
}


def _revoker(hand: Mapping[str, Any], result: HandResult) -> str | None:
    """The side that revoked: as recorded, else as the engine read it."""
    for revoke in (hand.get("revoke"), getattr(result.details, "revoke", None)):
        if isinstance(revoke, Mapping) and revoke.get("by"):
            return str(revoke["by"])
    return None


def outcome_words(hand: Mapping[str, Any], result: HandResult, rules: Mapping[str, Any]
                  ) -> TagWords:
    """A deal by North–South's tricks: "Ann & Cai 8 tricks → +2, Bo & Dee +1", after a revoke
    "Bo & Dee revoke, Ann & Cai 8 tricks → …"; no tricks known: its points."""
    tricks = (result.tricks or {}).get("NS")
    if tricks is None:
        return ()
    params: dict[str, Any] = {"team": "NS", "n": tricks, "said": "NS"}
    if result.result == "revoke":
        return ((N_("%(side)s revoke, %(team)s %(n)s tricks → %(gain)s"),
                 {**params, "side": _revoker(hand, result)}),)
    return ((N_("%(team)s %(n)s tricks → %(gain)s"), params),)


def short_words(hand: Mapping[str, Any], result: HandResult, rules: Mapping[str, Any]
                ) -> TagWords:
    """The Undo button's words: the trump and North–South's tricks, "♠ Ann & Cai 7"."""
    tricks = (result.tricks or {}).get("NS")
    return (("%(trump)s %(NS)s %(n)s", {"n": "" if tricks is None else tricks}),)


def recorded_words(hand: Mapping[str, Any], rules: Mapping[str, Any]) -> TagWords:
    """A deal as recorded, for the corrections list: "♠ Ann & Cai 7"."""
    return (("%(trump)s", {}), ("%(NS)s", {}), ("%(n)s", {"n": hand.get("tricks_NS", "?")}))


def sheet_marks(hand: Mapping[str, Any], result: HandResult) -> tuple[str, ...]:
    """The printed sheet's mark of a deal: a revoke."""
    return ("revoke",) if result.result == "revoke" else ()


def sheet_row(hand: Mapping[str, Any], state: HandState) -> SheetRow:
    """A deal's own columns on the printed sheet: North–South's honours, a revoke, and the
    points split into tricks and honours (and, for the deal's facts, the turn-up); the
    honours and revoke columns print when a deal fills them."""
    parts, revoke = copied_parts(state.outcome.details), hand.get("revoke")
    honours = whist_details(state.outcome.details).honours_ns
    return SheetRow(
        own={"honours_ns": honours, "revoke": revoke,
             "trick_points": parts["tricks"] if parts else None,
             "honour_points": parts["honours"] if parts else None,
             "turn_up": card_as_recorded(hand, "turn_up")},
        columns=frozenset({"honours"} if honours is not None else set())
        | ({"revoke"} if revoke else set()))
