"""Whist's statistics (``GAME.statistics``): the facts a deal yields and their labels (issue
14's figures, and the printed sheet's summary). Pure, as the rest of Whist's module (kept apart
for its size).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import TEAM_OF
from .messages import N_
from .statistics import Column, Fact, HandFacts, Statistics

TRICKS = 13

FACTS = (  # all the side's: both partners took the tricks, scored the honours, revoked
    Fact("deals", N_("Whist deals"), side=True), Fact("tricks", N_("Tricks"), side=True),
    Fact("honours", N_("Honour points"), side=True), Fact("revokes", N_("Revokes"), side=True),
    Fact("deals_won", N_("Deals won (7+ tricks)"), side=True, shown=False),
    Fact("points", N_("Points scored"), side=True, shown=False),
)


def hand_facts(hand: Mapping[str, Any], entry: Mapping[str, Any],
               parts: Mapping[str, Mapping[str, int]] | None) -> HandFacts:
    """Each side's tricks, points, honour points and revoke in a deal (every seat has its
    side's)."""
    tricks, points = entry.get("tricks") or {}, entry.get("points") or {}
    revoke = entry.get("revoke") or hand.get("revoke")
    by = revoke.get("by") if isinstance(revoke, dict) else None
    seats = {seat: {"deals": 1, "tricks": int(tricks.get(side, 0)),
                    "deals_won": int(tricks.get(side, 0) > TRICKS // 2),
                    "points": int(points.get(side, 0)), "revokes": int(by == side),
                    "honours": int(parts["honours"][side]) if parts else 0}
             for seat, side in TEAM_OF.items()}
    return HandFacts({s: {k: v for k, v in f.items() if v} for s, f in seats.items()})


STATISTICS = Statistics(FACTS, (), hand_facts, table=(Column("deals", N_("Deals")),),
                      season=(Column("deals", N_("Deals")),),
                      figures="game/whist/figures.html", summary="game/whist/summary.html",
                      sheet_words="game/whist/sheet_words.html")
