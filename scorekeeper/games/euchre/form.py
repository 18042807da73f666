"""Euchre's hand form: who called, alone, the makers' tricks, and "More" (trump, round,
turn-up, discard, renege, a lone defender)."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, RadioField, SelectField

from ...engine.cards import Pack
from ...web.forms import Omitted, choices, given, number, seat_choices
from ...web.match.handforms import SUIT_CHOICES, HandForm, card_choices
from .rules import TRICKS


class EuchreHandForm(HandForm):
    more_fields = ("trump", "round", "turn_up", "passed", "renege", "defender_alone", "note")
    caller = RadioField(_l("Who called?"), choices=seat_choices(), validators=[Omitted()])
    alone = BooleanField(_l("Alone"))
    makers_tricks = RadioField(
        _l("Makers' tricks"), choices=choices((str(n), str(n)) for n in range(TRICKS + 1)),
        validators=[Omitted()],
    )
    trump = RadioField(_l("Trump"), choices=SUIT_CHOICES, validators=[Omitted()])
    round = RadioField(
        _l("Round"), choices=choices([("1", _l("1: ordered up")), ("2", _l("2: named"))]),
        validators=[Omitted()],
    )
    turn_up = SelectField(_l("Turn-up card"), validators=[Omitted()])
    passed = BooleanField(_l("Everyone passed"))
    renege = SelectField(_l("Renege by"), validators=[Omitted()])
    defender_alone = SelectField(_l("Defender alone"), validators=[Omitted()])
    discard = SelectField(_l("Dealer’s discard"), validators=[Omitted()])

    def name_seats(self, seats: dict[str, str], teams: dict[str, str]) -> None:
        """Put the players' names on the seat buttons and lists."""
        seated = seat_choices(seats)
        self.caller.choices = seated
        self.renege.choices = choices([("", _l("nobody"))]) + seated
        self.defender_alone.choices = choices([("", _l("nobody"))]) + seated

    def use_pack(self, pack: Pack) -> None:
        """Offer the turn-up and the discard from the match's pack."""
        self.turn_up.choices = choices([("", _l("not recorded")), *card_choices(pack.cards)])
        self.discard.choices = self.turn_up.choices

    def hand(self) -> dict[str, Any]:
        """The Euchre hand object of spec/match-format.md."""
        if self.passed.data:
            hand: dict[str, Any] = {"passed": True}
            if given(self.turn_up):
                hand["turn_up"] = given(self.turn_up)
        else:
            hand = {"caller": given(self.caller)} if given(self.caller) else {}
            hand["alone"] = bool(self.alone.data)
            for name in ("makers_tricks", "round"):
                if number(self[name]) is not None:
                    hand[name] = number(self[name])
            for name in ("trump", "turn_up", "renege", "defender_alone", "discard"):
                if given(self[name]):
                    hand[name] = given(self[name])
        if given(self.note):
            hand["note"] = given(self.note)
        return self.records(hand)

    def fill(self, hand: dict[str, Any]) -> None:
        """Prefill from a recorded hand (for corrections)."""
        self.passed.data = bool(hand.get("passed"))
        self.caller.data = hand.get("caller")
        self.alone.data = bool(hand.get("alone"))
        if hand.get("makers_tricks") is not None:
            self.makers_tricks.data = str(hand["makers_tricks"])
        self.trump.data = hand.get("trump")
        self.round.data = str(hand["round"]) if hand.get("round") else None
        self.turn_up.data = hand.get("turn_up") or ""
        self.renege.data = hand.get("renege") or ""
        self.defender_alone.data = hand.get("defender_alone") or ""
        self.discard.data = hand.get("discard") or ""
        self.note.data = hand.get("note") or ""
        self.fill_records(hand)
