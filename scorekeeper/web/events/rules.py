"""The rules card (issue 26): ``/r/<code>`` shows the game and rules a short code names and
starts a match with them; the club night's prints and the table's banner carry the code and
its QR (``rules_card``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import abort, flash, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from markupsafe import Markup

from ...engine.games import GAMES
from ...i18n.labels import CHOICE_LABELS
from ...service.events.model import Event
from ...service.rules_codes import rules_of, stored_code
from ...store.db import get_db
from .. import links
from ..forms import StartForm, option_words, played_games, start_form
from ..qr import qr_svg

LENGTH_OPTIONS = ("target", "deals")  # a game's length: chosen when it starts, not a rule


def _value_words(value: Any) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None:
        return _("none")
    return str(CHOICE_LABELS.get(str(value), value))


def rule_lines(game: str, rules: dict[str, Any]) -> list[tuple[str, str]]:
    """Each rule off its default, in words: (label, value)."""
    return [(str(option_words(GAMES[game], option.name)[0]), _value_words(rules[option.name]))
            for option in GAMES[game].options if option.name in rules]


def standard_lines(game: str, rules: dict[str, Any]) -> list[tuple[str, str]]:
    """Each rule kept at its default, in words (the game's length left out: a match chooses
    it when it starts, a club night's evening sets it)."""
    return [(str(option_words(GAMES[game], option.name)[0]), _value_words(option.default))
            for option in GAMES[game].options
            if option.name not in rules and option.name not in LENGTH_OPTIONS]


@dataclass(frozen=True, slots=True)
class RulesCard:
    """An evening's rules card: its code, the card's address, its QR and the rules in words."""

    code: str
    url: str
    qr: Markup
    lines: list[tuple[str, str]]


def rules_card(found: Event) -> RulesCard:
    """An evening's rules card (an evening made before codes existed gets its code stored
    now)."""
    code = found.rules_code or stored_code(get_db(), found.game, found.rules)
    url = links.external("events.rules_page", code=code)
    qr = qr_svg(url, _("Rules %(code)s", code=code), public=True)
    return RulesCard(code, url, qr, rule_lines(found.game, found.rules))


def rules_page(code: str) -> ResponseReturnValue:
    """What a rules code names, and a match started with those rules."""
    found = rules_of(get_db(), code)
    if found is None or found[0] not in GAMES:
        abort(404, description=_("There is no such rules code: check the letters on the "
                                 "card."))
    game, rules = found
    return render_template("events/rules.html", code=code.upper(), game=game,
                           game_label=_(GAMES[game].label), lines=rule_lines(game, rules),
                           standard=standard_lines(game, rules),
                           start=url_for("match.home", rules=code.upper()))


def form_with_rules(code: str | None) -> StartForm | None:
    """The start form filled in with the game and rules a code names (``/?rules=<code>``, the
    rules card's "Start a match with these rules"), or None when no code is given. An unknown
    code says so and leaves the form as it is."""
    if not code:
        return None
    form = start_form()
    found = rules_of(get_db(), code)
    if found is None or found[0] not in {g.name for g in played_games()}:
        flash(_("There is no such rules code: check the letters on the card."), "warn")
        return form
    game, rules = found
    form.game.data = game
    if f"preset_{game}" in form:  # the plainest preset: the code's rules are filled in one by one
        plain = next((p for p in GAMES[game].presets if not p.rules), GAMES[game].presets[0])
        form[f"preset_{game}"].data = plain.name
    for option in GAMES[game].options:
        if f"{game}_{option.name}" in form and option.name in rules:
            form[f"{game}_{option.name}"].data = rules[option.name]
    flash(_("The rules of card %(code)s are filled in below.", code=code.upper()), "info")
    return form
