"""The one-trick game's hand form: who took the trick (the players' names on the buttons)."""

from __future__ import annotations

from typing import Any

from wtforms import RadioField

from scorekeeper.web.forms import Omitted, given, seat_choices
from scorekeeper.web.match.handforms import HandForm


class OneTrickHandForm(HandForm):
    winner = RadioField("Who took the trick?", choices=seat_choices(), validators=[Omitted()])

    def name_seats(self, seats: dict[str, str], teams: dict[str, str]) -> None:
        self.winner.choices = seat_choices(seats)

    def hand(self) -> dict[str, Any]:
        hand: dict[str, Any] = {"winner": given(self.winner)} if given(self.winner) else {}
        if given(self.note):
            hand["note"] = given(self.note)
        return self.records(hand)

    def fill(self, hand: dict[str, Any]) -> None:
        self.winner.data = hand.get("winner")
        self.note.data = hand.get("note") or ""
        self.fill_records(hand)
