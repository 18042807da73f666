"""Spades' statistics (``GAME.statistics``): bids made, nils made, bags and sets (issue 25's
figures, and the printed sheet's summary). Pure; kept apart from the rules for their size."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.cards import SEATS, TEAM_OF
from ...engine.messages import N_
from ...engine.result import Details
from ...engine.statistics import Column, Fact, HandFacts, Statistics

# A side's contract is its partnership's (both partners have it); a nil is the bidder's own.
FACTS = (
    Fact("hands", N_("Spades hands"), side=True),
    Fact("contracts", N_("Contracts bid"), side=True),
    Fact("contracts_made", N_("Contracts made"), side=True),
    Fact("sets", N_("Sets"), side=True),
    Fact("bags", N_("Bags"), side=True),
    Fact("nils", N_("Nils bid")),
    Fact("nils_made", N_("Nils made")),
    Fact("points", N_("Points scored"), side=True, shown=False),
)


def hand_facts(hand: Mapping[str, Any], entry: Mapping[str, Any],
               details: Details | None) -> HandFacts:
    """Each seat's side's contract (bid, made or set), its bags, and the seat's own nil."""
    tricks, contracts = entry.get("tricks") or {}, entry.get("contracts") or {}
    points, nil = entry.get("points") or {}, entry.get("nil") or {}
    seats: dict[str, dict[str, int]] = {}
    for seat in SEATS:
        side = TEAM_OF[seat]
        contract, taken = int(contracts.get(side, 0)), int(tricks.get(side, 0))
        made = taken >= contract
        seats[seat] = {
            "hands": 1, "contracts": int(contract > 0),
            "contracts_made": int(made and contract > 0),
            "sets": int(not made), "bags": taken - contract if made else 0,
            "nils": int(seat in nil), "nils_made": int(nil.get(seat) == "made"),
            "points": int(points.get(side, 0)),
        }
    return HandFacts({s: {k: v for k, v in f.items() if v} for s, f in seats.items()})


COLUMNS = ("bids", "contract_NS", "contract_EW", "bags_NS", "bags_EW", "nils")


def hand_columns(hand: Mapping[str, Any], entry: Mapping[str, Any],
                 details: Details | None) -> dict[str, Any]:
    """A hand's row in the hands' export: the bids, each side's contract and bags after the
    hand, each nil's result (trump is always spades)."""
    raw = hand.get("bids")
    bids: Mapping[str, Any] = raw if isinstance(raw, dict) else {}
    contracts, bags = entry.get("contracts") or {}, entry.get("bags") or {}
    nil = entry.get("nil") or {}
    return {
        "trump": "S",
        "bids": " ".join(f"{s}:{bids[s]}" for s in SEATS if s in bids),
        "contract_NS": contracts.get("NS"), "contract_EW": contracts.get("EW"),
        "bags_NS": bags.get("NS"), "bags_EW": bags.get("EW"),
        "nils": " ".join(f"{s}:{nil[s]}" for s in SEATS if s in nil),
    }


STATISTICS = Statistics(
    FACTS, (), hand_facts,
    table=(Column("contracts", N_("Contracts")),
           Column("contracts_made", N_("Bids made"), of="contracts", show="rate"),
           Column("nils_made", N_("Nils made"), of="nils", show="ratio"),
           Column("sets", N_("Sets")), Column("bags", N_("Bags"))),
    season=(Column("contracts", N_("Contracts")),
            Column("contracts_made", N_("Bids made"), of="contracts", show="share"),
            Column("nils_made", N_("Nils made"), of="nils", show="ratio"),
            Column("sets", N_("Sets")), Column("bags", N_("Bags"))),
    figures="game/spades/figures.html", summary="game/spades/summary.html",
    sheet_words="game/spades/sheet_words.html", columns=COLUMNS, hand_columns=hand_columns)
