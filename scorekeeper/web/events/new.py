"""The "Club night" page: a director starts an evening from the app (``GET``/``POST
/events/new``; issue 26). A plain Flask-WTF form that works without script: the players (a
pasted list and known players ticked), the game and its rules, rounds and the movement, with
what each movement guarantees for this count. Every problem is said next to its field and
nothing is stored; a good form makes the event (``service.events.create_event``) and takes the
director to its page, this phone holding the director's right."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import (
    IntegerField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.validators import DataRequired, InputRequired, NumberRange, Optional
from wtforms.widgets import CheckboxInput, ListWidget

from ...engine.games import GAMES
from ...engine.limits import TITLE_MAX
from ...i18n.labels import CHOICE_LABELS
from ...service import events
from ...service.events import EventStatus
from ...service.events.checks import club_games
from ...service.events.guarantees import guarantees
from ...service.events.results import MAX_HANDS_PER_ROUND, MAX_MINUTES, MAX_ROUNDS, MOVEMENTS
from ...service.keys import hash_key
from ...store import players as players_store
from ...store.db import get_db
from ..errors import refuse_if_storage_full
from ..forms import SaidLength, TypedForm, option_words
from ..ratelimit import spend_creations
from ..security import remember_key_hash
from .access import _ref
from .paths import app_secret
from .words import problem_text

LENGTH_OPTIONS = ("target", "deals")  # a round's length is the event's, not a rule


def movement_labels() -> dict[str, str]:
    return {"schedule": _("Schedule (planned: new partners each round)"),
            "fixed": _("Fixed seats (North stays, the others move)"),
            "progressive": _("Progressive (winners move up and split)"),
            "updown": _("Up and down (the losers split: one up, one down)")}


class EventForm(TypedForm):
    """The evening's settings; shapes only (the service judges the rest)."""

    name = StringField(_l("Name of the evening"), validators=[
        DataRequired(message=_l("Give the evening a name.")),
        SaidLength(TITLE_MAX, _l("A name is at most %(max)d characters."))])
    game = SelectField(_l("Game"), choices=[])
    players = TextAreaField(_l("Players, one a line (or pasted with commas)"))
    known = SelectMultipleField(_l("Players who have played here"), choices=[],
                                widget=ListWidget(prefix_label=False),
                                option_widget=CheckboxInput(), validate_choice=False)
    rounds = IntegerField(_l("Rounds"), default=6, validators=[
        InputRequired(message=_l("Say how many rounds.")),
        NumberRange(1, MAX_ROUNDS, message=_l("From 1 to %(max)s rounds."))])
    hands_per_round = IntegerField(_l("Hands a round"), default=8, validators=[
        InputRequired(message=_l("Say how many hands a round.")),
        NumberRange(1, MAX_HANDS_PER_ROUND, message=_l("From 1 to %(max)s hands a round."))])
    movement = RadioField(_l("Movement"), choices=list(MOVEMENTS), default="schedule")
    minutes_per_round = IntegerField(_l("Minutes a round (optional)"), validators=[
        Optional(), NumberRange(1, MAX_MINUTES, message=_l("From 1 to %(max)s minutes."))])

    def fill(self, known: list[players_store.KnownPlayer]) -> EventForm:
        self.game.choices = [(g, _(GAMES[g].label)) for g in club_games()]
        self.known.choices = [(p.id, p.name) for p in known]
        self.movement.choices = list(movement_labels().items())
        return self


def typed_names(text: str) -> list[str]:
    """A pasted list: one name a line, or separated by commas; blanks dropped."""
    return [n.strip() for line in text.splitlines() for n in line.split(",") if n.strip()]


@dataclass(frozen=True, slots=True)
class RuleField:
    """One of a game's rule options as the "Club night" page draws it."""

    name: str  # the form field, "rule-<game>-<option>"
    option: str
    kind: str  # "bool", "choice" or "int"
    label: str
    default: Any
    nullable: bool
    choices: list[tuple[str, str]]  # (value, its words)


def rule_fields(game: str) -> list[RuleField]:
    """The game's rule options as the page draws them (a round's length left out)."""
    out = []
    for option in GAMES[game].options:
        if option.name in LENGTH_OPTIONS:
            continue
        kind = "bool" if option.kind is bool else "choice" if option.choices else (
            "int" if option.kind is int else None)
        if kind is None:
            continue
        out.append(RuleField(
            name=f"rule-{game}-{option.name}", option=option.name, kind=kind,
            label=str(option_words(GAMES[game], option.name)[0]), default=option.default,
            nullable=option.nullable,
            choices=[(c, str(CHOICE_LABELS.get(c, c))) for c in option.choices]))
    return out


def chosen_rules(game: str, form: Any, problems: list[str]) -> dict[str, Any]:
    """The rules ticked or typed for ``game``: only those off their defaults."""
    rules: dict[str, Any] = {}
    for field in rule_fields(game):
        raw = form.get(field.name)
        if field.kind == "bool":
            value: Any = raw is not None
        elif raw in (None, ""):
            continue
        elif field.kind == "int":
            try:
                value = int(raw)
            except ValueError:
                problems.append(_("%(rule)s must be a whole number.", rule=field.label))
                continue
        else:
            value = raw
        if value != field.default:
            rules[field.option] = value
    return rules


def _field_of(where: str | None) -> str:
    return (where or "").split("[")[0].split(".")[0]


def _page(form: EventForm, problems: list[str], status: int = 200) -> ResponseReturnValue:
    count = len(typed_names(form.players.data or "")) + len(form.known.data or [])
    rounds = form.rounds.data if isinstance(form.rounds.data, int) else 0
    shown = guarantees(count, rounds) if count and 1 <= rounds <= MAX_ROUNDS else []
    rules = {g: rule_fields(g) for g in club_games()}
    picked = {g: request.form if request.method == "POST" and form.game.data == g else {}
              for g in club_games()}
    return render_template("events/new.html", form=form, problems=problems, count=count,
                           guarantees=shown, rules=rules, picked=picked,
                           movement_labels=movement_labels()), status


def new_event() -> ResponseReturnValue:
    """The "Club night" page; its form makes the evening and opens the director's page."""
    known = players_store.recent_players(get_db())
    form = EventForm().fill(known)
    if request.method == "GET" or "check" in request.form:
        if request.method == "POST":
            form.validate()
        return _page(form, [])
    if not form.validate():
        return _page(form, [], 422)
    problems: list[str] = []
    rules = chosen_rules(form.game.data, request.form, problems)
    names = dict(form.known.choices)
    players: list[Any] = [{"player": pid, "name": names[pid]}
                          for pid in form.known.data or [] if pid in names]
    players += typed_names(form.players.data or "")
    body: dict[str, Any] = {"name": form.name.data, "game": form.game.data,
                            "players": players, "rounds": form.rounds.data,
                            "hands_per_round": form.hands_per_round.data,
                            "movement": form.movement.data, "rules": rules}
    if form.minutes_per_round.data:
        body["minutes_per_round"] = form.minutes_per_round.data
    if problems:
        return _page(form, problems, 422)
    refuse_if_storage_full(get_db())
    result = events.create_event(get_db(), body, app_secret(), spend_creations)
    if result.status is not EventStatus.CREATED or result.event_id is None:
        for problem in result.problems:
            field = getattr(form, _field_of(problem.field), None)
            if field is not None and field.name in form._fields:
                field.errors = [*field.errors, problem_text(problem)]
            else:
                problems.append(problem_text(problem))
        return _page(form, problems, 422)
    assert result.director_key is not None
    remember_key_hash(_ref(result.event_id), hash_key(result.director_key))
    flash(_("The evening has started. To run it from another phone, open “Director’s link” "
            "below: scan its QR code or copy it."), "ok")
    return redirect(url_for("events.director", event_id=result.event_id))
