"""Flask-WTF forms of the table pages: shape checks only (required, integers, ranges).

Whether a hand is legal is the engine's business; these forms only make sure the values have
the right shape, then :func:`euchre_hand` / :func:`whist_hand` turn them into the hand objects
of spec/match-format.md.
"""

from __future__ import annotations

import importlib
import json
import secrets
from functools import cache
from typing import Any, ClassVar

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileAllowed, FileField, FileRequired
from wtforms import (
    BooleanField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectChoice,
    SelectField,
    StringField,
)
from wtforms.validators import DataRequired, Length, NumberRange, Optional, StopValidation

from ..engine import euchre, whist
from ..engine.cards import EUCHRE_DECK, SEATS, SUIT_SYMBOLS, SUITS
from ..engine.games import GAMES
from ..engine.limits import MATCH_FORMAT, NAME_MAX, NOTE_FORM_MAX
from ..formats import safejson
from ..i18n.catalogs import wtforms_translations
from ..i18n.labels import CHOICE_LABELS, OPTION_HELP, OPTION_LABELS, SEAT_LABELS


class SaidLength(Length):
    """A length limit said in the form, with no ``maxlength`` attribute that would make the
    browser cut a pasted name or note silently."""

    def __init__(self, most: int, message: Any) -> None:
        super().__init__(max=most, message=message)
        self.field_flags = {}


def NameLength() -> SaidLength:
    """At most ``NAME_MAX`` characters."""
    return SaidLength(NAME_MAX, _l("Names are limited to %(max)d characters."))


class Omitted:
    """Optional, but only when really left out: a blank or whitespace choice is refused.

    (WTForms' ``Optional`` also lets "\t" through, which no button of ours ever sends.)
    """

    field_flags: ClassVar[dict[str, bool]] = {"optional": True}

    def __call__(self, form, field) -> None:
        if not field.raw_data or field.raw_data[0] == "":
            field.errors[:] = []
            raise StopValidation()


def _given(field) -> str | None:
    """A field's value, stripped; None when left out or blank (whitespace is blank)."""
    value = field.data
    if value is None:
        return None
    value = str(value).strip()
    return value if value and value != "None" else None


def _number(field) -> int | None:
    """A number field's value; None when blank (its choices already held it to digits)."""
    value = _given(field)
    return int(value) if value is not None and value.isdigit() else None


def new_submission_id() -> str:
    """A fresh idempotency key for one form (reliability.md section 2)."""
    return secrets.token_urlsafe(16)


def _c(pairs) -> list[SelectChoice]:
    """Choices for a select or radio field from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


def _seat_choices(seats: dict[str, str] | None = None) -> list[SelectChoice]:
    return _c((s, (seats or {}).get(s) or str(SEAT_LABELS[s])) for s in SEATS)


class Form(FlaskForm):
    """Our forms: WTForms' own messages in the page's script (zh_Hant is not zh)."""

    class Meta:
        def get_translations(self, form):
            return wtforms_translations


class ActionForm(Form):
    """A bare POST (undo, rematch): the CSRF token plus the hand number it refers to."""

    expected_no = HiddenField(validators=[DataRequired()])


class StartForm(Form):
    """Start a match: game, four players by seat, team names, first dealer, rules."""

    game = RadioField(
        _l("Game"),
        choices=_c((g.name, _l(g.label)) for g in GAMES.values() if g.hand_form is not None),
        default="euchre",
    )
    N = StringField(_l("North"), validators=[DataRequired(), NameLength()])
    S = StringField(_l("South"), validators=[DataRequired(), NameLength()])
    E = StringField(_l("East"), validators=[DataRequired(), NameLength()])
    W = StringField(_l("West"), validators=[DataRequired(), NameLength()])
    # "New player": this name is someone new, even if a player of this name exists (issue 14)
    N_new = BooleanField(_l("New player"))
    S_new = BooleanField(_l("New player"))
    E_new = BooleanField(_l("New player"))
    W_new = BooleanField(_l("New player"))
    team_NS = StringField(_l("Team name"), validators=[Optional(), NameLength()])
    team_EW = StringField(_l("Team name"), validators=[Optional(), NameLength()])
    first_dealer = RadioField(
        _l("Who deals first?"), choices=_c((s, SEAT_LABELS[s]) for s in SEATS), default="N"
    )

    def new_players(self) -> frozenset[str]:
        """The seats marked "new player"."""
        return frozenset(s for s in SEATS if self[f"{s}_new"].data)

    def match(self) -> dict[str, Any]:
        """The match object (spec/match-format.md) these answers describe."""
        game = self.game.data
        seats = {s: self[s].data.strip() for s in SEATS}
        preset = GAMES[game].preset(self[f"preset_{game}"].data or "")
        rules = dict(preset.rules) if preset is not None else {}
        for option in GAMES[game].options:
            field = self._fields.get(f"{game}_{option.name}")
            value = field.data if field is not None else None
            if option.kind is bool:
                if value:
                    rules[option.name] = True
            elif value not in (None, ""):
                rules[option.name] = value
                if option.name == "deals" and self._fields[f"{game}_target"].data is None:
                    rules.pop("target", None)  # a fixed number of hands replaces the target
        defaults = {o.name: o.default for o in GAMES[game].options}
        rules = {k: v for k, v in rules.items() if v != defaults.get(k)}
        match: dict[str, Any] = {
            "format": MATCH_FORMAT,
            "game": game,
            "seats": seats,
            "first_dealer": self.first_dealer.data or "N",
            "hands": [],
        }
        if rules:
            match["rules"] = rules
        teams = {t: (self[f"team_{t}"].data or "").strip() for t in ("NS", "EW")}
        if any(teams.values()):
            match["teams"] = {t: name for t, name in teams.items() if name}
        return match


def _placeholder(option) -> str:
    """The default as a placeholder, except where a preset decides (the target)."""
    return "" if option.default is None or option.name == "target" else str(option.default)


def _option_field(game: str, option):
    """A form field for one rule option, empty by default (the preset decides)."""
    label, desc = OPTION_LABELS[option.name], OPTION_HELP[option.name]
    if option.kind is bool:
        return BooleanField(label, description=desc)
    if option.kind is int:
        return IntegerField(
            label,
            description=desc,
            render_kw={"placeholder": _placeholder(option)},
            validators=[Optional(), NumberRange(min=option.minimum, max=option.maximum)],
        )
    return SelectField(
        label,
        description=desc,
        choices=_c([("", _l("default")), *((c, CHOICE_LABELS.get(c, c)) for c in option.choices)]),
        validators=[Optional()],
    )


# A preset field and a field per rule option for each game played on the pages.
for _game in GAMES.values():
    if _game.hand_form is None or not _game.presets:
        continue
    setattr(StartForm, f"preset_{_game.name}", RadioField(
        _l(_game.rules_label), choices=_c((p.name, _l(p.label)) for p in _game.presets),
        default=_game.presets[0].name))
    for _option in _game.options:
        setattr(StartForm, f"{_game.name}_{_option.name}", _option_field(_game.name, _option))


class ImportForm(Form):
    """Import a match file (.json) or a Euchre Game Notation file (.egn)."""

    file = FileField(
        _l("Match file"),
        validators=[
            FileRequired(),
            FileAllowed(["json", "egn"], _l("Choose a .json match file or an .egn file.")),
        ],
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


_SUIT_CHOICES = _c((s, SUIT_SYMBOLS[s]) for s in SUITS)
_EUCHRE_CARDS = [str(c) for c in sorted(EUCHRE_DECK, key=lambda c: (SUITS.index(c.suit), c.rank))]


class EuchreHandForm(HandForm):
    caller = RadioField(_l("Who called?"), choices=_seat_choices(), validators=[Omitted()])
    alone = BooleanField(_l("Alone"))
    makers_tricks = RadioField(
        _l("Makers' tricks"), choices=_c((str(n), str(n)) for n in range(euchre.TRICKS + 1)),
        validators=[Omitted()],
    )
    trump = RadioField(_l("Trump"), choices=_SUIT_CHOICES, validators=[Omitted()])
    round = RadioField(
        _l("Round"), choices=_c([("1", _l("1: ordered up")), ("2", _l("2: named"))]),
        validators=[Omitted()],
    )
    turn_up = SelectField(_l("Turn-up card"), validators=[Omitted()])
    passed = BooleanField(_l("Everyone passed"))
    renege = SelectField(_l("Renege by"), validators=[Omitted()])
    defender_alone = SelectField(_l("Defender alone"), validators=[Omitted()])
    discard = SelectField(_l("Dealer’s discard"), validators=[Omitted()])

    def name_seats(self, seats: dict[str, str], teams: dict[str, str]) -> None:
        """Put the players' names on the seat buttons and lists."""
        choices = _seat_choices(seats)
        self.caller.choices = choices
        self.renege.choices = _c([("", _l("nobody"))]) + choices
        self.defender_alone.choices = _c([("", _l("nobody"))]) + choices
        self.turn_up.choices = _c([("", _l("not recorded")), *(
            (c, c[:-1] + SUIT_SYMBOLS[c[-1]]) for c in _EUCHRE_CARDS)])
        self.discard.choices = self.turn_up.choices

    def hand(self) -> dict[str, Any]:
        """The Euchre hand object of spec/match-format.md."""
        if self.passed.data:
            hand: dict[str, Any] = {"passed": True}
            if _given(self.turn_up):
                hand["turn_up"] = _given(self.turn_up)
        else:
            hand = {"caller": _given(self.caller)} if _given(self.caller) else {}
            hand["alone"] = bool(self.alone.data)
            for name in ("makers_tricks", "round"):
                if _number(self[name]) is not None:
                    hand[name] = _number(self[name])
            for name in ("trump", "turn_up", "renege", "defender_alone", "discard"):
                if _given(self[name]):
                    hand[name] = _given(self[name])
        if _given(self.note):
            hand["note"] = _given(self.note)
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
        _l("Tricks won by NS"), choices=_c((str(n), str(n)) for n in range(whist.TRICKS + 1)),
        validators=[Omitted()],
    )
    honours_NS = RadioField(
        _l("Honours held by NS"), choices=_c((str(n), str(n)) for n in range(5)),
        validators=[Omitted()],
    )
    revoke_by = SelectField(
        _l("Revoke by"),
        choices=_c([("", _l("nobody")), ("NS", "NS"), ("EW", "EW")]),
        validators=[Omitted()],
    )
    revoke_penalty = SelectField(
        _l("Penalty"),
        choices=_c([
            ("take3", _l("take 3 tricks")),
            ("add3", _l("add 3 points")),
            ("deduct3", _l("deduct 3 points")),
        ]),
        default="take3",
        validators=[Omitted()],
    )

    def name_seats(self, seats: dict[str, str], teams: dict[str, str]) -> None:
        """Show team names on the revoke list."""
        self.revoke_by.choices = _c([("", _l("nobody")), *((t, teams[t]) for t in ("NS", "EW"))])

    def hand(self) -> dict[str, Any]:
        """The Whist deal object of spec/match-format.md."""
        hand: dict[str, Any] = {}
        if _given(self.trump):
            hand["trump"] = _given(self.trump)
        for name in ("tricks_NS", "honours_NS"):
            if _number(self[name]) is not None:
                hand[name] = _number(self[name])
        if _given(self.revoke_by):
            hand["revoke"] = {"by": _given(self.revoke_by),
                              "penalty": _given(self.revoke_penalty) or "take3"}
        if _given(self.note):
            hand["note"] = _given(self.note)
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


class RenamePlayerForm(Form):
    """Rename a player (the player page): the service checks the name as the API does."""

    name = StringField(_l("New name"), validators=[DataRequired(_l("Write the new name.")),
                                                   NameLength()])


class MergePlayerForm(Form):
    """Merge a player into another (the player page); ``confirm`` is the second step's yes."""

    into = SelectField(_l("Merge into"), validate_choice=False,
                       validators=[DataRequired(_l("Choose the player to merge into."))])
    confirm = HiddenField()
