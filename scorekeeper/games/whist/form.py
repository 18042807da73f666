"""Whist's hand form: trump, the tricks and honours of North–South, and a revoke."""

from __future__ import annotations

from typing import Any, ClassVar

from flask_babel import lazy_gettext as _l
from wtforms import RadioField, SelectField

from ...web.forms import Omitted, choices, given, number
from ...web.match.handforms import SUIT_CHOICES, HandForm
from .rules import TRICKS


class WhistHandForm(HandForm):
    more_fields = ("trump", "note", "revoke_by", "revoke_penalty")
    # the deal's revoke is asked as who and penalty: its problems show by who
    problem_fields: ClassVar[dict[str, str]] = {"revoke": "revoke_by"}
    trump = RadioField(_l("Trump"), choices=SUIT_CHOICES, validators=[Omitted()])
    tricks_NS = RadioField(
        _l("Tricks won by NS"), choices=choices((str(n), str(n)) for n in range(TRICKS + 1)),
        validators=[Omitted()],
    )
    honours_NS = RadioField(
        _l("Honours held by NS"), choices=choices((str(n), str(n)) for n in range(5)),
        validators=[Omitted()],
    )
    revoke_by = SelectField(
        _l("Revoke by"),
        choices=choices([("", _l("nobody")), ("NS", "NS"), ("EW", "EW")]),
        validators=[Omitted()],
    )
    revoke_penalty = SelectField(
        _l("Penalty"),
        choices=choices([
            ("take3", _l("take 3 tricks")),
            ("add3", _l("add 3 points")),
            ("deduct3", _l("deduct 3 points")),
        ]),
        default="take3",
        validators=[Omitted()],
    )

    def name_seats(self, seats: dict[str, str], teams: dict[str, str]) -> None:
        """Show team names on the revoke list."""
        self.revoke_by.choices = choices([("", _l("nobody")),
                                          *((t, teams[t]) for t in ("NS", "EW"))])

    def hand(self) -> dict[str, Any]:
        """The Whist deal object of spec/match-format.md."""
        hand: dict[str, Any] = {}
        if given(self.trump):
            hand["trump"] = given(self.trump)
        for name in ("tricks_NS", "honours_NS"):
            if number(self[name]) is not None:
                hand[name] = number(self[name])
        if given(self.revoke_by):
            hand["revoke"] = {"by": given(self.revoke_by),
                              "penalty": given(self.revoke_penalty) or "take3"}
        if given(self.note):
            hand["note"] = given(self.note)
        return self.records(hand)

    def fill(self, hand: dict[str, Any]) -> None:
        """Prefill from a recorded deal (for corrections)."""
        self.trump.data = hand.get("trump")
        for name in ("tricks_NS", "honours_NS"):
            self[name].data = str(hand[name]) if hand.get(name) is not None else None
        revoke = hand.get("revoke") or {}
        self.revoke_by.data = revoke.get("by") or ""
        self.revoke_penalty.data = revoke.get("penalty") or "take3"
        self.note.data = hand.get("note") or ""
        self.fill_records(hand)
