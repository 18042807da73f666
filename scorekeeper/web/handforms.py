"""The hand forms of the table page (Euchre and Whist, and the card record they carry): shape
checks only; :meth:`HandForm.hand` turns the values into the hand objects of
spec/match-format.md and the engine judges them.
"""

from __future__ import annotations

import importlib
import json
from functools import cache
from typing import Any, ClassVar

from flask_babel import lazy_gettext as _l
from wtforms import (
    BooleanField,
    HiddenField,
    RadioField,
    SelectField,
    StringField,
)
from wtforms.validators import DataRequired, Length, Optional, StopValidation

from ..engine import euchre, whist
from ..engine.cards import JOKER, SUIT_SYMBOLS, SUITS, Card, Pack
from ..engine.games import GAMES
from ..engine.limits import NOTE_FORM_MAX
from ..formats import safejson
from .forms import (
    Form,
    Omitted,
    SaidLength,
    choices,
    given,
    new_submission_id,
    number,
    seat_choices,
)

RECORD_MAX = 4000  # characters of a card record (JSON): 52 cards and 52 more of a deal fit


class CardRecord:
    """A card record sent by the card recorder's script (``play`` or ``deal``, as JSON).

    Only its shape is checked here (a list of tricks, an object of seats); the engine checks
    every card. Left out or blank: no record.
    """

    field_flags: ClassVar[dict[str, bool]] = {"optional": True}

    def __init__(self, kind: type) -> None:
        self.kind = kind

    def __call__(self, form, field) -> None:
        text = (field.data or "").strip()
        if not text:
            return
        try:
            value = safejson.loads(text) if len(text) <= RECORD_MAX else None
        except ValueError:  # safejson.Refused too: too deep, a lone surrogate, not JSON
            value = None
        if not isinstance(value, self.kind) or not value:
            raise StopValidation(str(_l("The recorded cards could not be read: record them "
                                        "again, or leave them out.")))


def _record(field) -> Any:
    """A card record field's value (already checked by :class:`CardRecord`); None if blank."""
    text = (field.data or "").strip()
    return safejson.loads(text) if text else None


def _record_text(value: Any) -> str:
    """A stored card record as the hidden field's text (for corrections)."""
    return json.dumps(value, separators=(",", ":")) if value else ""


class HandForm(Form):
    """What every hand form carries: idempotency key, expected hand number, note."""

    submission_id = HiddenField(validators=[Optional(), Length(max=100)])
    expected_no = HiddenField(validators=[DataRequired()])
    version = HiddenField(validators=[Optional(), Length(max=12)])  # the score it is based on
    note = StringField(_l("Note"), validators=[
        Optional(), SaidLength(NOTE_FORM_MAX, _l("Notes are limited to %(max)d characters."))])
    deal = HiddenField(validators=[CardRecord(dict)])  # set by the card recorder (cards.js)
    play = HiddenField(validators=[CardRecord(list)])

    def name_seats(self, seats: dict[str, str], teams: dict[str, str]) -> None:
        """Put the match's names (players by seat, sides) on the form's buttons and lists."""

    def use_pack(self, pack: Pack) -> None:
        """Offer the cards of the match's pack (Euchre's 24, 28 or 32 cards, the Joker)."""

    def fill_defaults(self, no: int, version: int | None = None) -> None:
        """Set the hidden fields of a fresh form for hand ``no`` (after match ``version``)."""
        self.submission_id.data = new_submission_id()
        self.expected_no.data = str(no)
        self.version.data = "" if version is None else str(version)

    def records(self, hand: dict[str, Any]) -> dict[str, Any]:
        """Add the recorded cards (``deal``, ``play``) to ``hand``, when sent."""
        for name in ("deal", "play"):
            value = _record(self[name])
            if value is not None:
                hand[name] = value
        return hand

    def fill_records(self, hand: dict[str, Any]) -> None:
        """Keep a stored hand's card record in the form (a correction does not drop it)."""
        self.deal.data = _record_text(hand.get("deal"))
        self.play.data = _record_text(hand.get("play"))


_SUIT_CHOICES = choices((s, SUIT_SYMBOLS[s]) for s in SUITS)

def _card_choices(cards: frozenset[Card]) -> list[tuple[str, str]]:
    """The cards of a pack as a list's choices, suit by suit, low to high (the Joker last)."""
    ordered = sorted(cards, key=lambda c: (c == JOKER, SUITS.index(c.suit) if c != JOKER else 0,
                                           c.rank))
    return [(str(c), c.symbol) for c in ordered]


class EuchreHandForm(HandForm):
    caller = RadioField(_l("Who called?"), choices=seat_choices(), validators=[Omitted()])
    alone = BooleanField(_l("Alone"))
    makers_tricks = RadioField(
        _l("Makers' tricks"), choices=choices((str(n), str(n)) for n in range(euchre.TRICKS + 1)),
        validators=[Omitted()],
    )
    trump = RadioField(_l("Trump"), choices=_SUIT_CHOICES, validators=[Omitted()])
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
        self.turn_up.choices = choices([("", _l("not recorded")), *_card_choices(pack.cards)])
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


class WhistHandForm(HandForm):
    trump = RadioField(_l("Trump"), choices=_SUIT_CHOICES, validators=[Omitted()])
    tricks_NS = RadioField(
        _l("Tricks won by NS"), choices=choices((str(n), str(n)) for n in range(whist.TRICKS + 1)),
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


@cache
def hand_form_class(game: str) -> type[HandForm]:
    """The hand form a game names (``Game.hand_form``, "module:Class")."""
    path = GAMES[game].hand_form
    if path is None:
        raise LookupError(f"{game} has no hand form")
    module, _sep, name = path.partition(":")
    form: type[HandForm] = getattr(importlib.import_module(module), name)
    return form
