"""Euchre's statistics (``GAME.statistics``): the facts a hand yields, their labels and
breakdowns, the players' tables' columns (issue 14's figures, and the printed sheet's summary).
Pure, as the rest of Euchre's module (kept apart for its size).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.cards import JOKER, SEATS, TEAM_OF, parse_card
from ...engine.messages import N_
from ...engine.result import Details
from ...engine.statistics import Breakdown, Column, Fact, HandFacts, Statistics

MADE = frozenset({"made", "march", "alone_made", "alone_march"})
MARCH = frozenset({"march", "alone_march"})
# What a hand counts (issue 14's figures, and the printed sheet's summary): a renege hand is a
# call, neither made nor euchred; euchres taken and points from euchres are the defenders'.
FACTS = (
    Fact("called", N_("Called")), Fact("made", N_("Made")), Fact("marches", N_("Marches")),
    Fact("euchred", N_("Euchred")), Fact("euchres_taken", N_("Euchres taken"), side=True),
    Fact("loners_tried", N_("Loners tried")), Fact("loners_made", N_("Loners made")),
    Fact("points_from_calls", N_("Points from calls")),
    Fact("reneged", N_("Ended by a renege"), shown=False),
    Fact("points_defending", N_("Points from euchres"), side=True, shown=False),
    Fact("points_reneges", N_("Points from reneges"), side=True, shown=False),
)
BREAKDOWNS = (
    Breakdown("suit", N_("By trump suit"), (("S", N_("spades")), ("H", N_("hearts")),
                                            ("D", N_("diamonds")), ("C", N_("clubs"))),
              api="by_suit"),
    Breakdown("round", N_("By calling round"), (("1", N_("Ordered up (round 1)")),
                                                ("2", N_("Named (round 2)"))), api="by_round"),
    Breakdown("seat", N_("By seat from the dealer"), (
        ("1", N_("First (dealer’s left)")), ("2", N_("Second")), ("3", N_("Third")),
        ("4", N_("Dealer")))),
)


def trump_and_round(hand: Mapping[str, Any]) -> tuple[str | None, int | None]:
    """The trump as recorded (or the turn-up's suit in round 1), and the calling round as
    recorded (or as trump and the turn-up show); None where unknown."""
    trump = hand.get("trump")
    up = parse_card(hand.get("turn_up"))
    if not (isinstance(trump, str) and len(trump) == 1 and trump in "SHDC"):
        trump = up.suit if up is not None and hand.get("round") == 1 else None
    given = hand.get("round")
    if given in (1, 2) and not isinstance(given, bool):
        return trump, int(given)
    if trump is None or up is None or up == JOKER:
        return trump, None  # a turned-up Joker's suit is the one named for it: no round follows
    return trump, 1 if up.suit == trump else 2


def hand_facts(hand: Mapping[str, Any], entry: Mapping[str, Any],
               details: Details | None) -> HandFacts:
    """A called hand's facts: the caller's call and its outcome, the defenders' euchre, the
    points a renege gave; by trump suit, calling round and the caller's seat from the dealer."""
    result = str(entry.get("result", ""))
    caller, dealer = hand.get("caller"), entry.get("dealer")
    if result == "passed" or not isinstance(caller, str) or caller not in TEAM_OF:
        return HandFacts()
    makers = entry.get("makers") or TEAM_OF[caller]
    points = entry.get("points") or {}
    seats: dict[str, dict[str, int]] = {s: {} for s in SEATS}
    alone, made = bool(hand.get("alone")), result in MADE
    seats[caller] = {"called": 1, "made": int(made), "marches": int(result in MARCH),
                     "euchred": int(result == "euchred"), "loners_tried": int(alone),
                     "loners_made": int(alone and made),
                     "points_from_calls": int(points.get(makers, 0)) if made else 0,
                     "reneged": int(result == "renege")}
    renege = entry.get("renege")
    for seat in SEATS:
        if result == "euchred" and TEAM_OF[seat] != makers:
            seats[seat].update(euchres_taken=1, points_defending=int(points.get(TEAM_OF[seat], 0)))
        if (result == "renege" and isinstance(renege, dict) and renege.get("seat") in TEAM_OF
                and TEAM_OF[seat] != TEAM_OF[renege["seat"]]):
            seats[seat]["points_reneges"] = max(int(v) for v in points.values())
    trump, rnd = trump_and_round(hand)
    order = "NESW"
    position = ((order.index(caller) - order.index(dealer)) % 4 or 4
                if isinstance(dealer, str) and dealer in TEAM_OF else None)
    return HandFacts(
        seats={s: {k: v for k, v in f.items() if v} for s, f in seats.items()},
        keys=(trump, str(rnd) if rnd else None, str(position) if position else None),
    )


COLUMNS = ("caller_seat_from_dealer", "makers", "round", "alone", "defender_alone", "turn_up",
           "makers_tricks", "made", "march", "euchred", "renege")


def hand_columns(hand: Mapping[str, Any], entry: Mapping[str, Any],
                 details: Details | None) -> dict[str, Any]:
    """A hand's row in the hands' export: what was recorded and what it came to."""
    result, caller, dealer = str(entry.get("result", "")), hand.get("caller"), entry.get("dealer")
    trump, rnd = trump_and_round(hand)
    turn_up = hand.get("turn_up") if isinstance(hand.get("turn_up"), str) else None
    row: dict[str, Any] = {"turn_up": turn_up, "alone": 0, "made": 0, "march": 0, "euchred": 0}
    if result == "passed" or not isinstance(caller, str) or caller not in TEAM_OF:
        row["trump"] = None if result == "passed" else trump
        return row
    makers = entry.get("makers") or TEAM_OF[caller]
    tricks: Mapping[str, int] = entry["tricks"] if isinstance(entry.get("tricks"), dict) else {}
    renege = entry.get("renege") if isinstance(entry.get("renege"), dict) else None
    order = "NESW"
    row.update(
        caller=caller, trump=trump, makers=makers, round=rnd, alone=int(bool(hand.get("alone"))),
        caller_seat_from_dealer=(order.index(caller) - order.index(dealer)) % 4 or 4
        if isinstance(dealer, str) and dealer in TEAM_OF else None,
        defender_alone=hand.get("defender_alone"), makers_tricks=tricks.get(makers),
        made=int(result in MADE), march=int(result in MARCH), euchred=int(result == "euchred"),
        renege=renege.get("seat") if renege else None,
    )
    return row


STATISTICS = Statistics(
    FACTS, BREAKDOWNS, hand_facts,
    table=(Column("called", N_("Called")),
           Column("made", N_("Made rate"), of="called", show="rate"),
           Column("marches", N_("Marches")), Column("euchred", N_("Euchred")),
           Column("loners_made", N_("Loners made"))),
    season=(Column("called", N_("Called")),
            Column("made", N_("Made"), of="called", show="share"),
            Column("marches", N_("Marches")), Column("euchred", N_("Euchred")),
            Column("loners_made", N_("Loners"), of="loners_tried", show="ratio"),
            Column("points_from_calls", N_("Points per call"), of="called", show="per")),
    figures="game/euchre/figures.html", summary="game/euchre/summary.html",
    sheet_words="game/euchre/sheet_words.html", columns=COLUMNS, hand_columns=hand_columns)
