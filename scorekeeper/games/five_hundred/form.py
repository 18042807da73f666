"""Five Hundred's hand form: who won the bid, the bid (a 6–10 by ♠ ♣ ♦ ♥ NT grid, misère,
open misère), the makers' tricks; a hand everyone passed in one tap."""

from __future__ import annotations

import json
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, HiddenField, RadioField

from ...formats import safejson
from ...web.forms import Omitted, choices, given, number, seat_choices
from ...web.match.handforms import CardRecord, HandForm
from .rules import BID_VALUES, MISERE_VALUES, TRICKS
from .words import bid_text

MISERE_LABELS = {"misere": _l("Misère"), "open_misere": _l("Open misère")}
BID_CHOICES = choices([*((b, bid_text(b)) for b in BID_VALUES),
                       *((m, MISERE_LABELS[m]) for m in MISERE_VALUES)])


class FiveHundredHandForm(HandForm):
    caller = RadioField(_l("Who won the bid?"), choices=seat_choices(), validators=[Omitted()])
    bid = RadioField(_l("Bid"), choices=BID_CHOICES, validators=[Omitted()])
    makers_tricks = RadioField(
        _l("Makers' tricks"), choices=choices((str(n), str(n)) for n in range(TRICKS + 1)),
        validators=[Omitted()],
    )
    passed = BooleanField(_l("Everyone passed"))
    # the kitty and the caller's discard, set by the card recorder's exchange (cards.js)
    kitty = HiddenField(validators=[CardRecord(list)])
    discard = HiddenField(validators=[CardRecord(list)])

    def name_seats(self, seats: dict[str, str], teams: dict[str, str]) -> None:
        """Put the players' names on the seat buttons."""
        self.caller.choices = seat_choices(seats)

    def hand(self) -> dict[str, Any]:
        """The Five Hundred hand object of spec/match-format.md."""
        if self.passed.data:
            hand: dict[str, Any] = {"passed": True}
        else:
            hand = {"caller": given(self.caller)} if given(self.caller) else {}
            if given(self.bid):
                hand["bid"] = given(self.bid)
            if number(self.makers_tricks) is not None:
                hand["makers_tricks"] = number(self.makers_tricks)
        for name in ("kitty", "discard"):
            text = (self[name].data or "").strip()  # checked by CardRecord
            cards = safejson.loads(text) if text else None
            if cards is not None and not (name == "discard" and hand.get("passed")):
                hand[name] = cards
        if given(self.note):
            hand["note"] = given(self.note)
        return self.records(hand)

    def fill(self, hand: dict[str, Any]) -> None:
        """Prefill from a recorded hand (for corrections)."""
        self.passed.data = bool(hand.get("passed"))
        self.caller.data = hand.get("caller")
        self.bid.data = hand.get("bid")
        tricks = hand.get("makers_tricks")
        self.makers_tricks.data = None if tricks is None else str(tricks)
        self.note.data = hand.get("note") or ""
        for name in ("kitty", "discard"):
            self[name].data = json.dumps(hand[name]) if hand.get(name) else ""
        self.fill_records(hand)
