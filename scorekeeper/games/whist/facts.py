"""Whist's statistics (``GAME.statistics``): the facts a deal yields and their labels (issue
14's figures, and the printed sheet's summary). Pure, as the rest of Whist's module (kept apart
for its size).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.cards import TEAM_OF
from ...engine.messages import N_
from ...engine.result import Details
from ...engine.statistics import Column, Fact, HandFacts, Statistics
from .details import whist_details

TRICKS = 13

FACTS = (  # all the side's: both partners took the tricks, scored the honours, revoked
    Fact("deals", N_("Whist deals"), side=True), Fact("tricks", N_("Tricks"), side=True),
    Fact("honours", N_("Honour points"), side=True), Fact("revokes", N_("Revokes"), side=True),
    Fact("deals_won", N_("Deals won (7+ tricks)"), side=True, shown=False),
    Fact("points", N_("Points scored"), side=True, shown=False),
)


def hand_facts(hand: Mapping[str, Any], entry: Mapping[str, Any],
               details: Details | None) -> HandFacts:
    """Each side's tricks, points, honour points and revoke in a deal (every seat has its
    side's)."""
    parts = whist_details(details).parts
    tricks, points = entry.get("tricks") or {}, entry.get("points") or {}
    revoke = entry.get("revoke") or hand.get("revoke")
    by = revoke.get("by") if isinstance(revoke, dict) else None
    seats = {seat: {"deals": 1, "tricks": int(tricks.get(side, 0)),
                    "deals_won": int(tricks.get(side, 0) > TRICKS // 2),
                    "points": int(points.get(side, 0)), "revokes": int(by == side),
                    "honours": int(parts["honours"][side]) if parts else 0}
             for seat, side in TEAM_OF.items()}
    return HandFacts({s: {k: v for k, v in f.items() if v} for s, f in seats.items()})


COLUMNS = ("revoke_by", "revoke_penalty", "honours_NS", "honour_points_NS", "honour_points_EW")


def hand_columns(hand: Mapping[str, Any], entry: Mapping[str, Any],
                 details: Details | None) -> dict[str, Any]:
    """A deal's row in the hands' export: its trump, honours and revoke."""
    trump = hand.get("trump")
    turn_up = hand.get("turn_up")
    if not (isinstance(trump, str) and len(trump) == 1 and trump in "SHDC"):
        trump = turn_up[-1] if isinstance(turn_up, str) and turn_up[-1:] in "SHDC" else None
    revoke = entry.get("revoke") or hand.get("revoke")
    honours, parts = hand.get("honours_NS"), whist_details(details).parts
    return {
        "trump": trump, "turn_up": turn_up if isinstance(turn_up, str) else None,
        "revoke_by": revoke.get("by") if isinstance(revoke, dict) else None,
        "revoke_penalty": revoke.get("penalty") if isinstance(revoke, dict) else None,
        "honours_NS": honours if isinstance(honours, int) and not isinstance(honours, bool)
        else None,
        "honour_points_NS": int(parts["honours"]["NS"]) if parts else 0,
        "honour_points_EW": int(parts["honours"]["EW"]) if parts else 0,
    }


STATISTICS = Statistics(FACTS, (), hand_facts, table=(Column("deals", N_("Deals")),),
                      season=(Column("deals", N_("Deals")),),
                      figures="game/whist/figures.html", summary="game/whist/summary.html",
                      sheet_words="game/whist/sheet_words.html", columns=COLUMNS,
                      hand_columns=hand_columns)
