"""What every hand form of the table page has (the card record it carries, the hidden fields);
each game's form is in its folder (``scorekeeper/games/<name>/form.py``, ``Game.hand_form``).
Shape checks only: :meth:`HandForm.hand` turns the values into the hand objects of
spec/match-format.md and the engine judges them.
"""

from __future__ import annotations

import importlib
import json
from functools import cache
from typing import Any, ClassVar

from flask import abort
from flask_babel import lazy_gettext as _l
from werkzeug.datastructures import MultiDict
from wtforms import Field, HiddenField, StringField
from wtforms.validators import DataRequired, Length, Optional, StopValidation

from ...engine.cards import JOKER, SUIT_SYMBOLS, SUITS, Card, Pack
from ...engine.games import GAMES, resolve_rules
from ...engine.limits import NOTE_FORM_MAX
from ...formats import safejson
from ...service.match import Match
from ..forms import Form, SaidLength, TypedForm, choices, new_submission_id
from .board import short_names

RECORD_MAX = 4000  # characters of a card record (JSON): 52 cards and 52 more of a deal fit


class CardRecord:
    """A card record sent by the card recorder's script (``play`` or ``deal``, as JSON).

    Only its shape is checked here (a list of tricks, an object of seats); the engine checks
    every card. Left out or blank: no record.
    """

    field_flags: ClassVar[dict[str, bool]] = {"optional": True}

    def __init__(self, kind: type) -> None:
        self.kind = kind

    def __call__(self, form: TypedForm, field: Field) -> None:
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


def _record(field: Field) -> Any:
    """A card record field's value (already checked by :class:`CardRecord`); None if blank."""
    text = (field.data or "").strip()
    return safejson.loads(text) if text else None


def _record_text(value: Any) -> str:
    """A stored card record as the hidden field's text (for corrections)."""
    return json.dumps(value, separators=(",", ":")) if value else ""


class HandTicket(Form):
    """What of a hand form is the page's own, not the match's: the CSRF token, the idempotency
    key, the hand number and the version it expects. A fresh form's fields are kept as HTML
    (web/match/kept.py): the match page then renders this part alone, with no game's form to
    build; a Save posts to the game's form (:class:`HandForm`), which has these fields too."""

    submission_id = HiddenField(validators=[Optional(), Length(max=100)])
    expected_no = HiddenField(validators=[DataRequired()])
    version = HiddenField(validators=[Optional(), Length(max=12)])  # the score it is based on

    def fill_defaults(self, no: int, version: int | None = None) -> None:
        """Set the hidden fields of a fresh form for hand ``no`` (after match ``version``)."""
        self.submission_id.data = new_submission_id()
        self.expected_no.data = str(no)
        self.version.data = "" if version is None else str(version)

    def more_open(self) -> bool:
        """Whether "More" opens: never for the hidden fields alone (a fresh form)."""
        return False


class HandForm(HandTicket):
    """What every hand form carries: the hidden fields (:class:`HandTicket`), the note, the
    recorded cards."""

    note = StringField(_l("Note"), validators=[
        Optional(), SaidLength(NOTE_FORM_MAX, _l("Notes are limited to %(max)d characters."))])
    deal = HiddenField(validators=[CardRecord(dict)])  # set by the card recorder (cards.js)
    play = HiddenField(validators=[CardRecord(list)])
    # a claim that ended the play (cards.js, for a game whose recorder takes claims): the
    # tricks the makers take of those left; anything but a number goes to the game to refuse
    claim = HiddenField(validators=[Optional(), Length(max=4)])
    # fields under the form's "More" (opened when one of them has an error)
    more_fields: ClassVar[tuple[str, ...]] = ("note",)
    # the engine's field a problem names -> this form's field that shows it, where they differ
    problem_fields: ClassVar[dict[str, str]] = {}

    def name_seats(self, seats: dict[str, str], teams: dict[str, str]) -> None:
        """Put the match's names (players by seat, sides) on the form's buttons and lists."""

    def use_pack(self, pack: Pack) -> None:
        """Offer the cards of the match's pack (Euchre's 24, 28 or 32 cards, the Joker)."""

    def hand(self) -> dict[str, Any]:
        """The hand object of spec/match-format.md (each game's form says how)."""
        raise NotImplementedError

    def fill(self, hand: dict[str, Any]) -> None:
        """Put a stored hand in the form, for a correction (each game's form says how)."""
        raise NotImplementedError

    def more_open(self) -> bool:
        """Whether "More" opens: one of its fields has an error."""
        return any(self[f].errors for f in self.more_fields if f in self)

    def records(self, hand: dict[str, Any]) -> dict[str, Any]:
        """Add the recorded cards (``deal``, ``play``) to ``hand``, when sent."""
        for name in ("deal", "play"):
            value = _record(self[name])
            if value is not None:
                hand[name] = value
        claim = (self.claim.data or "").strip()
        if claim and "play" in hand:
            hand["claim"] = int(claim) if claim.isdigit() else claim
        return hand

    def fill_records(self, hand: dict[str, Any]) -> None:
        """Keep a stored hand's card record in the form (a correction does not drop it)."""
        self.deal.data = _record_text(hand.get("deal"))
        self.play.data = _record_text(hand.get("play"))
        claim = hand.get("claim")
        self.claim.data = str(claim) if isinstance(claim, int) else ""


SUIT_CHOICES = choices((s, SUIT_SYMBOLS[s]) for s in SUITS)  # trump, for every game


def card_choices(cards: frozenset[Card]) -> list[tuple[str, str]]:
    """The cards of a pack as a list's choices, suit by suit, low to high (the Joker last)."""
    ordered = sorted(cards, key=lambda c: (c == JOKER, SUITS.index(c.suit) if c != JOKER else 0,
                                           c.rank))
    return [(str(c), c.symbol) for c in ordered]




def form_for(match: Match, formdata: MultiDict[str, str] | None = None, csrf: bool = True,
             ) -> HandForm:
    """The hand form of the match's game, with the players' names on its seat buttons (the
    match's hands are not needed: no replay). A game with no hand form yet is scored through
    the API: its form addresses are 404."""
    if not (game := match.game).playable:
        abort(404)
    form = hand_form_class(game.name)(formdata=formdata, meta={} if csrf else {"csrf": False})
    form.name_seats(match.seats, short_names(match))
    form.use_pack(game.pack(resolve_rules(game.name, match.rules)[0]))
    return form


@cache
def hand_form_class(game: str) -> type[HandForm]:
    """The hand form a game names (``Game.hand_form``, "module:Class")."""
    path = GAMES[game].hand_form
    if path is None:
        raise LookupError(f"{game} has no hand form")
    module, _sep, name = path.partition(":")
    form: type[HandForm] = getattr(importlib.import_module(module), name)
    return form
