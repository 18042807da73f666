"""Spades' hand form: the four bids first (before play: 0 is nil, blind nil when the rules
allow it), then after play the tricks North–South took and each nil bidder's own tricks."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import HiddenField, RadioField

from ...engine.cards import SEATS
from ...web.forms import Omitted, choices, given, number
from ...web.match.handforms import HandForm
from .rules import BLIND_NIL, TRICKS

COUNTS = [(str(n), str(n)) for n in range(TRICKS + 1)]
BID_CHOICES = [("0", _l("Nil")), *COUNTS[1:], (BLIND_NIL, _l("Blind nil"))]


def _bid_field(seat: str) -> RadioField:
    return RadioField(_l("Bid of %(seat)s", seat=seat), choices=choices(BID_CHOICES),
                      validators=[Omitted()])


def _nil_field(seat: str) -> RadioField:
    return RadioField(_l("Tricks %(seat)s took (nil)", seat=seat), choices=choices(COUNTS),
                      validators=[Omitted()])


class SpadesHandForm(HandForm):
    bid_N, bid_E, bid_S, bid_W = (_bid_field(s) for s in SEATS)
    tricks_NS = RadioField(_l("Tricks won by NS"), choices=choices(COUNTS),
                           validators=[Omitted()])
    nil_N, nil_E, nil_S, nil_W = (_nil_field(s) for s in SEATS)
    # never sent: the engine's problems with the bids and the nils' tricks shown by them
    bids = HiddenField()
    nil_tricks = HiddenField()
    seat_names: dict[str, str]

    def name_seats(self, seats: dict[str, str], teams: dict[str, str]) -> None:
        """Each seat's bid and nil tricks say whose they are."""
        self.seat_names = dict(seats)
        for seat in SEATS:
            self[f"bid_{seat}"].label.text = str(_l("%(name)s bids", name=seats[seat]))
            self[f"nil_{seat}"].label.text = str(_l("Tricks %(name)s took (nil)",
                                                    name=seats[seat]))
        self.tricks_NS.label.text = str(_l("Tricks won by %(team)s", team=teams["NS"]))

    def hand(self) -> dict[str, Any]:
        """The Spades hand object of spec/match-format.md (what was left out stays out: the
        engine says what is missing)."""
        hand: dict[str, Any] = {}
        bids: dict[str, Any] = {}
        for seat in SEATS:
            bid = given(self[f"bid_{seat}"])
            if bid is not None:
                bids[seat] = bid if bid == BLIND_NIL else int(bid)
        if bids:
            hand["bids"] = bids
        if number(self.tricks_NS) is not None:
            hand["tricks_NS"] = number(self.tricks_NS)
        nil = {s: number(self[f"nil_{s}"]) for s in SEATS if number(self[f"nil_{s}"]) is not None}
        if nil:
            hand["nil_tricks"] = nil
        if given(self.note):
            hand["note"] = given(self.note)
        return self.records(hand)

    def fill(self, hand: dict[str, Any]) -> None:
        """Prefill from a recorded hand (for corrections)."""
        bids = hand.get("bids") or {}
        nil = hand.get("nil_tricks") or {}
        for seat in SEATS:
            self[f"bid_{seat}"].data = str(bids[seat]) if seat in bids else None
            self[f"nil_{seat}"].data = str(nil[seat]) if seat in nil else None
        self.tricks_NS.data = str(hand["tricks_NS"]) if hand.get("tricks_NS") is not None \
            else None
        self.note.data = hand.get("note") or ""
        self.fill_records(hand)
