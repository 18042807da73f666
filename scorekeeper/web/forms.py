"""Flask-WTF forms of the pages: shape checks only (required, integers, ranges), and the small
helpers every form module shares. The start form (with every rule option), the import form and
the players' rename and merge forms are here; the hand forms are in
:mod:`scorekeeper.web.match.handforms`.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import Any, ClassVar

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileAllowed, FileField, FileRequired
from wtforms import (
    BooleanField,
    Field,
    HiddenField,
    IntegerField,
    PasswordField,
    RadioField,
    SelectChoice,
    SelectField,
    StringField,
)
from wtforms.validators import DataRequired, Length, NumberRange, Optional, StopValidation

from ..engine.cards import SEATS, TEAMS
from ..engine.game import Game
from ..engine.games import GAMES
from ..engine.limits import MATCH_FORMAT, NAME_MAX
from ..engine.rules import Option
from ..i18n.catalogs import WTFormsTranslations, wtforms_translations
from ..i18n.labels import CHOICE_LABELS, OPTION_HELP, OPTION_LABELS, SEAT_LABELS


class SaidLength(Length):
    """A length limit said in the form, with no ``maxlength`` attribute that would make the
    browser cut a pasted name or note silently."""

    def __init__(self, most: int, message: Any) -> None:
        super().__init__(max=most, message=message)  # type: ignore[no-untyped-call]  # WTForms: no hints
        self.field_flags = {}


def NameLength() -> SaidLength:
    """At most ``NAME_MAX`` characters."""
    return SaidLength(NAME_MAX, _l("Names are limited to %(max)d characters."))


class Omitted:
    """Optional, but only when really left out: a blank or whitespace choice is refused.

    (WTForms' ``Optional`` also lets "\t" through, which no button of ours ever sends.)
    """

    field_flags: ClassVar[dict[str, bool]] = {"optional": True}

    def __call__(self, form: FlaskForm, field: Field) -> None:
        if not field.raw_data or field.raw_data[0] == "":
            show_errors(field, [])
            raise StopValidation()


def given(field: Field) -> str | None:
    """A field's value, stripped; None when left out or blank (whitespace is blank)."""
    value = field.data
    if value is None:
        return None
    value = str(value).strip()
    return value if value and value != "None" else None


def number(field: Field) -> int | None:
    """A number field's value; None when blank (its choices already held it to digits)."""
    value = given(field)
    return int(value) if value is not None and value.isdigit() else None


def show_errors(field: Field, messages: Iterable[str]) -> None:
    """Put ``messages`` under ``field`` (after validation, or instead of its own)."""
    # WTForms' source sets the class default to a tuple, so a checker takes the attribute for a
    # tuple; validation makes it a list, as here
    field.errors = list(messages)  # type: ignore[assignment]


def new_submission_id() -> str:
    """A fresh idempotency key for one form (reliability.md section 2)."""
    return secrets.token_urlsafe(16)


def choices(pairs: Iterable[tuple[str, Any]]) -> list[SelectChoice]:
    """Choices for a select or radio field from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


def seat_choices(seats: dict[str, str] | None = None) -> list[SelectChoice]:
    return choices((s, (seats or {}).get(s) or str(SEAT_LABELS[s])) for s in SEATS)


class TypedForm(FlaskForm):
    """Flask-WTF's form with the signatures of the calls we make (Flask-WTF has no types)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[no-untyped-call]  # no hints to check

    def validate(self, extra_validators: Mapping[str, Sequence[Any]] | None = None) -> bool:
        return bool(super().validate(extra_validators))  # type: ignore[no-untyped-call]


class Form(TypedForm):
    """Our forms: WTForms' own messages in the page's script (zh_Hant is not zh)."""

    class Meta:
        def get_translations(self, form: FlaskForm) -> WTFormsTranslations:
            return wtforms_translations


class ActionForm(Form):
    """A bare POST (undo, rematch): the CSRF token plus the hand number it refers to."""

    expected_no = HiddenField(validators=[DataRequired()])
    version = HiddenField()  # the match version the page showed (undo, redo): Back resends none


# A minus a phone's keyboard may type: the hyphen-minus, the true minus, an en dash (autocorrect)
MINUS_SIGNS = ("-", "\u2212", "\u2013")


def start_score(field: Field) -> int | None:
    """A starting score as typed ("-320", "−320", "+5", " 12 "); 0 when blank; None when it
    is not a whole number."""
    text = (field.data or "").strip()
    if not text:
        return 0
    sign = -1 if text[0] in MINUS_SIGNS else 1
    digits = text[1:].strip() if text[0] in (*MINUS_SIGNS, "+") else text
    if not (digits.isascii() and digits.isdigit()):
        return None
    # any number of digits is a whole number: one past 999 is enough for the engine to refuse
    # it with the game's range (and int() of thousands of digits would raise)
    return sign * (int(digits) if len(digits) <= 9 else 10**9)


class StartScore:
    """A starting score must read as a whole number; its range is the game's (the engine's
    ``start_problems``, after the rules are known)."""

    def __call__(self, form: FlaskForm, field: Field) -> None:
        if start_score(field) is None:
            raise StopValidation(_l("Write a whole number, such as 120 or −320."))


def start_score_field(label: Any) -> StringField:
    """A side's score so far. A text field, not type="number": a phone's numeric keypad
    (inputmode="numeric") has no minus key, and a number field that can't read what was typed
    sends nothing, which would start the game at 0 without a word."""
    return StringField(label, validators=[StartScore()], render_kw={
        "inputmode": "text", "autocomplete": "off", "placeholder": "0", "size": 5})


class StartForm(Form):
    """Start a match: game, four players by seat, team names, first dealer, rules.

    The game's choices and a preset and rule fields per game come from the games registered
    when the form is made (:func:`start_form`)."""

    game = RadioField(_l("Game"))
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
        _l("Who deals first?"), choices=choices((s, SEAT_LABELS[s]) for s in SEATS), default="N"
    )
    # a game started on paper, continued here (spec/match-format.md, ``start_score``)
    start_NS = start_score_field(_l("North–South"))
    start_EW = start_score_field(_l("East–West"))

    def new_players(self) -> frozenset[str]:
        """The seats marked "new player"."""
        return frozenset(s for s in SEATS if self[f"{s}_new"].data)

    def place_problems(self, problems: Any, words: Any) -> list[str]:
        """The engine's problems with the match, in ``words``: a starting score's goes under
        its field (it names no side), the others are returned for the foot of the form."""
        rest = []
        for problem in problems:
            side = (problem.field or "").removeprefix("start_score.")
            if side in TEAMS:
                self[f"start_{side}"].errors = [words(problem)]
            else:
                rest.append(words(problem))
        return rest

    def match(self) -> dict[str, Any]:
        """The match object (spec/match-format.md) these answers describe."""
        game = self.game.data
        seats = {s: self[s].data.strip() for s in SEATS}
        chosen = self._fields.get(f"preset_{game}")
        preset = GAMES[game].preset(chosen.data or "") if chosen is not None else None
        rules = dict(preset.rules) if preset is not None else {}
        for option in GAMES[game].options:
            field = self._fields.get(f"{game}_{option.name}")
            value = field.data if field is not None else None
            if option.kind is bool:  # a box ticked by default (Five Hundred's) may be unticked
                if value or option.default:
                    rules[option.name] = bool(value)
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
        start = {t: start_score(self[f"start_{t}"]) or 0 for t in TEAMS}
        if any(start.values()):
            match["start_score"] = start
        teams = {t: (self[f"team_{t}"].data or "").strip() for t in TEAMS}
        if any(teams.values()):
            match["teams"] = {t: name for t, name in teams.items() if name}
        return match


def _placeholder(option: Option) -> str:
    """The default as a placeholder, except where a preset decides (the target)."""
    return "" if option.default is None or option.name == "target" else str(option.default)


def _option_field(game: Game, option: Option) -> Field:
    """A form field for one rule option, empty by default (the preset decides)."""
    label, desc = option_words(game, option.name)
    if option.kind is bool:
        return BooleanField(label, description=desc, default=bool(option.default))
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
        choices=choices([("", _l("default")),
                         *((c, CHOICE_LABELS.get(c, c)) for c in option.choices)]),
        validators=[Optional()],
    )


def played_games() -> list[Game]:
    """The games played on the pages (those with a hand form), in the registry's order."""
    return [g for g in GAMES.values() if g.playable]


def option_words(game: Game, name: str) -> tuple[Any, Any]:
    """An option's label and one line of help: the game's own words, else the shared ones."""
    own = game.option_words.get(name)
    if own is not None:
        return _l(own[0]), _l(own[1])
    return OPTION_LABELS[name], OPTION_HELP[name]


@cache
def _start_form_class(names: tuple[str, ...]) -> type[StartForm]:
    """A start form for these games: their choice, a preset field and a field per option."""
    games = [GAMES[n] for n in names]
    fields: dict[str, Any] = {"game": RadioField(
        _l("Game"), choices=choices((g.name, _l(g.label)) for g in games),
        default=games[0].name if games else None)}
    for game in games:
        if game.presets:
            fields[f"preset_{game.name}"] = RadioField(
                _l(game.rules_label), choices=choices((p.name, _l(p.label)) for p in game.presets),
                default=game.presets[0].name)
        for option in game.options:
            fields[f"{game.name}_{option.name}"] = _option_field(game, option)
    return type("StartForm", (StartForm,), fields)


def start_form(**kwargs: Any) -> StartForm:
    """The start form of the games registered now (a test may register one of its own)."""
    return _start_form_class(tuple(g.name for g in played_games()))(**kwargs)


def text_endings() -> tuple[str, ...]:
    """The endings of the registered text notations' files (``.pbn``)."""
    return tuple(f".{g.notation.extension}" for g in GAMES.values()
                 if g.notation is not None and g.notation.text)


def decoded(raw: bytes) -> str:
    """A text file's bytes as text: UTF-8 (a byte-order mark dropped), else ISO-8859-1, the
    charset PBN files were first written in (every byte is a character: never refused)."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def import_accept() -> str:
    """The import form's ``accept``: every ending it takes, asked of the registered games."""
    return ",".join((*(f".{e}" for e in ImportEndings()), "application/json"))


IMPORT_TEXT_MAX = 1_000_000  # characters: an imported file's text sent back with its names


class ImportEndings:
    """The file endings the import form takes: a match file's, then each registered game's
    notation's (``Game.notation``), asked when a file is checked."""

    def __iter__(self) -> Iterator[str]:
        return iter(("json", *(g.notation.extension for g in GAMES.values() if g.notation)))


class ImportForm(Form):
    """Import a match file (.json) or a file of a game's notation (Euchre's .egn)."""

    file = FileField(
        _l("Match file"),
        validators=[
            FileRequired(),
            FileAllowed(ImportEndings(), _l("Choose a match file (.json) or a game’s own "
                                            "notation file.")),
        ],
    )


class ImportNamesForm(Form):
    """A notation file that names no players (a PBN deal without player tags), sent again with
    the names of the seats it leaves out: the import page asks for them (the view checks that
    each seat the file leaves out has one)."""

    text = HiddenField(validators=[DataRequired(), Length(max=IMPORT_TEXT_MAX)])
    filename = HiddenField(validators=[Optional(), Length(max=255)])
    N = StringField(_l("North"), validators=[Optional(), NameLength()])
    E = StringField(_l("East"), validators=[Optional(), NameLength()])
    S = StringField(_l("South"), validators=[Optional(), NameLength()])
    W = StringField(_l("West"), validators=[Optional(), NameLength()])


class RenamePlayerForm(Form):
    """Rename a player (the player page): the service checks the name as the API does."""

    name = StringField(_l("New name"), validators=[DataRequired(_l("Write the new name.")),
                                                   NameLength()])


class MergePlayerForm(Form):
    """Merge a player into another (the player page); ``confirm`` is the second step's yes."""

    into = SelectField(_l("Merge into"), validate_choice=False,
                       validators=[DataRequired(_l("Choose the player to merge into."))])
    confirm = HiddenField()


class OrganiserForm(Form):
    """The organiser key, exchanged for the organiser's right on this phone."""

    key = PasswordField(_l("Organiser key"),
                        validators=[DataRequired(_l("Write the organiser key."))])
    next = HiddenField()


class UndoChangeForm(Form):
    """Undo a rename or a merge (the player page): the CSRF token is the whole form."""
