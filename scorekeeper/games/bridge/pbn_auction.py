"""The contract an auction ends in, as PBN writes an auction (``[Auction "N"]`` then the calls
from that seat: ``1NT Pass 4H AP``): a deal record keeps the contract, not the bids, so the
auction serves to check the Contract and Declarer tags, or to stand in for them."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .notation import SEATS, next_seat, side_of

_BID = re.compile(r"([1-7])(C|D|H|S|NT|N)", re.IGNORECASE)
_PASS = {"PASS", "P"}
_DOUBLE = {"X", "DBL", "D"}
_REDOUBLE = {"XX", "RDBL", "R"}


def auction_contract(first: str, calls: Sequence[str]) -> tuple[str, str | None] | None:
    """``("4HX", "S")`` for an auction that ends in 4♥ doubled played by South, ``("Pass",
    None)`` when all four passed, None when the auction does not end or has a call that is
    not one (``-`` for calls not known, a bid lower than the last)."""
    if first.upper() not in SEATS:
        return None
    seat, passes, doubled = first.upper(), 0, 0
    last: tuple[int, str, str] | None = None  # level, strain, the side that bid it
    named: dict[tuple[str, str], str] = {}  # (side, strain) -> the first of the side to name it
    for raw in calls:
        call = raw.upper()
        if call.startswith(("=", "$")):  # a note or an annotation
            continue
        if call == "AP":
            passes = 3 if last is not None else 4
            break
        if call in _PASS:
            passes += 1
        elif call in _DOUBLE or call in _REDOUBLE:
            if last is None:
                return None
            passes, doubled = 0, 1 if call in _DOUBLE else 2
        else:
            bid = _BID.fullmatch(call)
            if bid is None:
                return None
            level, strain = int(bid.group(1)), bid.group(2).upper()
            strain = "NT" if strain in ("N", "NT") else strain
            order = ("C", "D", "H", "S", "NT")
            if last is not None and (level, order.index(strain)) <= (last[0],
                                                                     order.index(last[1])):
                return None
            last, passes, doubled = (level, strain, side_of(seat)), 0, 0
            named.setdefault((side_of(seat), strain), seat)
        seat = next_seat(seat)
        if (last is None and passes == 4) or (last is not None and passes == 3):
            break
    if last is None:
        return ("Pass", None) if passes == 4 else None
    if passes < 3:
        return None
    level, strain, side = last
    return f"{level}{strain}{'X' * doubled}", named[(side, strain)]
