"""A session's hand records as its pages and prints show them: each hand by suit, the
double-dummy makeable-tricks table and par (endplay's DDS, through :mod:`..analysis`; a deal's
table is solved once and kept)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..deal_cards import deal_hands
from ..notation import SEATS
from ..scoring import dealer_of_board, vulnerable_on_board

SUITS = ("S", "H", "D", "C")
RANKS = "AKQJT98765432"


def _by_suit(cards: tuple[str, ...]) -> dict[str, list[str]]:
    """A hand as it is printed: each suit's ranks from the ace down (10 as "10")."""
    held: dict[str, list[str]] = {suit: [] for suit in SUITS}
    for card in cards:
        rank, suit = card[:-1], card[-1]
        held[suit].append(rank)
    return {suit: sorted(ranks, key=lambda r: RANKS.index("T" if r == "10" else r))
            for suit, ranks in held.items()}


def hand_record(data: Mapping[str, Any], number: int) -> dict[str, Any] | None:
    """Board ``number``'s hand record (None: the session has none): its dealer,
    vulnerability, hands by suit, makeable tricks (strain -> seat -> tricks) and par (NS's
    score and the contracts). Solving the table takes up to a second or so."""
    board = (data.get("boards") or {}).get(str(number))
    hands = deal_hands({"deal": board["deal"]})[0] if isinstance(board, dict) else None
    if hands is None:
        return None
    vulnerable, dealer = vulnerable_on_board(number), dealer_of_board(number)
    from ..analysis import makeable, par_of  # endplay (DDS) loads when a board is analysed

    table = makeable(hands)
    return {"board": number, "dealer": dealer, "vulnerable": vulnerable,
            "hands": {seat: _by_suit(hands[seat]) for seat in SEATS},
            "makeable": table.as_json(), "par": par_of(table, vulnerable, dealer).as_json()}
