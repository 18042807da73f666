"""Five Hundred's statistics (``GAME.statistics``): contracts bid and made by level and by
denomination, misères, the points a bid brings (made or lost), the defenders' sets. Pure, kept
apart from the module for its size."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.cards import SEATS, TEAM_OF
from ...engine.messages import N_
from ...engine.result import Details
from ...engine.statistics import Breakdown, Column, Fact, HandFacts, Statistics

MADE = frozenset({"made", "slam", "misere_made"})
MISERES = ("misere", "open_misere")
FACTS = (
    Fact("bids", N_("Contracts bid")), Fact("made", N_("Made")), Fact("slams", N_("Slams")),
    Fact("failed", N_("Failed")), Fact("miseres", N_("Misères bid")),
    Fact("miseres_made", N_("Misères made")),
    Fact("points_from_bids", N_("Points from bids")),
    Fact("sets_taken", N_("Contracts set (defending)"), side=True),
    Fact("points_defending", N_("Points defending"), side=True, shown=False),
)
BREAKDOWNS = (
    Breakdown("level", N_("By tricks bid"), (
        ("6", N_("Six")), ("7", N_("Seven")), ("8", N_("Eight")), ("9", N_("Nine")),
        ("10", N_("Ten")), ("M", N_("Misère")))),
    Breakdown("suit", N_("By trump"), (
        ("S", N_("spades")), ("C", N_("clubs")), ("D", N_("diamonds")), ("H", N_("hearts")),
        ("NT", N_("no trumps")))),
)


def level_and_suit(bid: object) -> tuple[str | None, str | None]:
    """A bid's level ("6" … "10", "M" for a misère) and denomination (None for a misère)."""
    if bid in MISERES:
        return "M", None
    if not isinstance(bid, str) or len(bid) < 2:
        return None, None
    suit = "NT" if bid.endswith("NT") else bid[-1]
    level = bid[:-len(suit)]
    return (level, suit) if level in ("6", "7", "8", "9", "10") else (None, None)


def hand_facts(hand: Mapping[str, Any], entry: Mapping[str, Any],
               details: Details | None) -> HandFacts:
    """A bid hand's facts: the caller's contract and its outcome, the defenders' set."""
    result, caller = str(entry.get("result", "")), hand.get("caller")
    if result == "passed" or not isinstance(caller, str) or caller not in TEAM_OF:
        return HandFacts()
    makers = entry.get("makers") or TEAM_OF[caller]
    points = entry.get("points") or {}
    misere = hand.get("bid") in MISERES
    made = result in MADE
    seats: dict[str, dict[str, int]] = {s: {} for s in SEATS}
    seats[caller] = {"bids": 1, "made": int(made), "slams": int(result == "slam"),
                     "failed": int(not made), "miseres": int(misere),
                     "miseres_made": int(misere and made),
                     "points_from_bids": int(points.get(makers, 0))}
    for seat in SEATS:
        if TEAM_OF[seat] != makers:
            seats[seat].update(sets_taken=int(not made),
                               points_defending=int(points.get(TEAM_OF[seat], 0)))
    return HandFacts(seats={s: {k: v for k, v in f.items() if v} for s, f in seats.items()},
                     keys=level_and_suit(hand.get("bid")))


COLUMNS = ("bid", "level", "makers", "makers_tricks", "made", "bid_points")


def hand_columns(hand: Mapping[str, Any], entry: Mapping[str, Any],
                 details: Details | None) -> dict[str, Any]:
    """A hand's row in the hands' export: the bid, the makers' tricks and what it came to."""
    result, caller = str(entry.get("result", "")), hand.get("caller")
    bid = hand.get("bid") if isinstance(hand.get("bid"), str) else None
    level, suit = level_and_suit(bid)
    if result == "passed" or not isinstance(caller, str) or caller not in TEAM_OF:
        return {"trump": None, "bid": None, "level": None, "made": 0}
    makers = entry.get("makers") or TEAM_OF[caller]
    tricks = entry["tricks"] if isinstance(entry.get("tricks"), dict) else {}
    points = entry.get("points") or {}
    return {"caller": caller, "trump": suit, "bid": bid, "level": level, "makers": makers,
            "makers_tricks": tricks.get(makers), "made": int(result in MADE),
            "bid_points": points.get(makers)}


STATISTICS = Statistics(
    FACTS, BREAKDOWNS, hand_facts,
    table=(Column("bids", N_("Contracts bid")),
           Column("made", N_("Made rate"), of="bids", show="rate"),
           Column("miseres_made", N_("Misères made"), of="miseres", show="ratio"),
           Column("points_from_bids", N_("Points a bid"), of="bids", show="per")),
    season=(Column("bids", N_("Contracts bid")),
            Column("made", N_("Made"), of="bids", show="share"),
            Column("miseres_made", N_("Misères"), of="miseres", show="ratio"),
            Column("points_from_bids", N_("Points a bid"), of="bids", show="per")),
    figures="game/five_hundred/figures.html", summary="game/five_hundred/summary.html",
    sheet_words="game/five_hundred/sheet_words.html", columns=COLUMNS, hand_columns=hand_columns)
