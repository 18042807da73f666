"""Bridge's statistics (``GAME.statistics``): contracts declared and made by level and strain,
slams and doubled contracts declared and made, contracts set defending, the points a side
scored a deal (rubber or Chicago, as the match scored it). Pure, and worked out when a deal is
saved: no double dummy here. Declarer play against double dummy (:mod:`.stats`,
``bridge_stats``) needs DDS, a tenth of a second and more a deal: a save does not wait for it,
so the players' pages leave it out; each deal's page says it (the analysis)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.messages import N_
from ...engine.result import Details
from ...engine.statistics import Breakdown, Column, Fact, HandFacts, Statistics
from .notation import SEATS, side_of
from .scoring import parse_contract

FACTS = (
    Fact("declared", N_("Contracts declared")), Fact("made", N_("Made")),
    Fact("slams", N_("Slams bid")), Fact("slams_made", N_("Slams made")),
    Fact("doubled", N_("Doubled contracts declared")),
    Fact("doubled_made", N_("Doubled contracts made")),
    Fact("sets", N_("Contracts defeated (defending)"), side=True),
    Fact("deals", N_("Deals played"), side=True),
    Fact("points", N_("Points scored"), side=True),
)
BREAKDOWNS = (
    Breakdown("level", N_("By level"), (
        ("1", N_("Level 1")), ("2", N_("Level 2")), ("3", N_("Level 3")), ("4", N_("Level 4")),
        ("5", N_("Level 5")), ("6", N_("Level 6: small slam")),
        ("7", N_("Level 7: grand slam")))),
    Breakdown("strain", N_("By strain"), (
        ("C", N_("clubs")), ("D", N_("diamonds")), ("H", N_("hearts")), ("S", N_("spades")),
        ("NT", N_("no trumps")))),
)


def hand_facts(hand: Mapping[str, Any], entry: Mapping[str, Any],
               details: Details | None) -> HandFacts:
    """A deal's facts: every seat played it and its side scored its points; declarer's
    contract and whether it made; the defenders' set."""
    points = entry.get("points") or {}
    seats: dict[str, dict[str, int]] = {
        seat: {"deals": 1, "points": int(points.get(side_of(seat), 0))} for seat in SEATS}
    contract = parse_contract(str(hand.get("contract", "")))
    declarer = hand.get("declarer")
    if entry.get("result") == "passed" or contract is None or declarer not in SEATS:
        return HandFacts(seats={s: {k: v for k, v in f.items() if v} for s, f in seats.items()})
    made = entry.get("result") == "made"
    seats[str(declarer)].update(
        declared=1, made=int(made), slams=int(contract.level >= 6),
        slams_made=int(contract.level >= 6 and made), doubled=int(contract.doubled > 0),
        doubled_made=int(contract.doubled > 0 and made))
    for seat in SEATS:
        if side_of(seat) != side_of(str(declarer)):
            seats[seat]["sets"] = int(not made)
    return HandFacts(seats={s: {k: v for k, v in f.items() if v} for s, f in seats.items()},
                     keys=(str(contract.level), contract.strain))


COLUMNS = ("contract", "level", "made")


def hand_columns(hand: Mapping[str, Any], entry: Mapping[str, Any],
                 details: Details | None) -> dict[str, Any]:
    """A deal's row in the hands' export: the contract, its level and whether it made."""
    contract = parse_contract(str(hand.get("contract", "")))
    if entry.get("result") == "passed" or contract is None:
        return {"trump": None, "contract": None, "level": None, "made": 0}
    return {"caller": hand.get("declarer"), "trump": contract.strain,
            "contract": hand.get("contract"), "level": contract.level,
            "made": int(entry.get("result") == "made")}


STATISTICS = Statistics(
    FACTS, BREAKDOWNS, hand_facts,
    table=(Column("declared", N_("Contracts declared")),
           Column("made", N_("Made rate"), of="declared", show="rate"),
           Column("slams_made", N_("Slams made"), of="slams", show="ratio"),
           Column("points", N_("Points a deal"), of="deals", show="per")),
    season=(Column("declared", N_("Contracts declared")),
            Column("made", N_("Made"), of="declared", show="share"),
            Column("slams_made", N_("Slams made"), of="slams", show="ratio"),
            Column("points", N_("Points a deal"), of="deals", show="per")),
    figures="game/bridge/figures.html", columns=COLUMNS, hand_columns=hand_columns,
    sheet_words="game/bridge/sheet_words.html")  # "deal", not "hand"
