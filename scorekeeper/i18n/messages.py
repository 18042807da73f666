"""Problems worded in the reader's language: the engine's codes and params, translated here.

The engine (pure, no Flask) gives each problem a ``code`` and ``params``; its English templates
live in :data:`scorekeeper.engine.messages.MESSAGES`, each game's ``Game.messages`` and its
notation's (:func:`scorekeeper.engine.games.problem_messages`). :func:`problem_message`
translates the
template with Flask-Babel and fills it with params, translating those that are words (suits,
seats, teams, field names, "an object" …). Card codes, numbers and the user's own values stay
as given.

In English the text is exactly the engine's own (``problem.message``), so the JSON API and the
CLI read the same.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask_babel import get_locale, gettext

from ..engine.games import GAMES, problem_messages
from ..engine.messages import N_
from ..engine.problems import Problem
from .labels import FIELD_WORDS, SUIT_WORDS, TEAM_WORDS, VALUE_WORDS, seat_word

_AT_LEAST = re.compile(r"^a whole number of at least (-?\d+)$")
_BETWEEN = re.compile(r"^a whole number from (-?\d+) to (-?\d+)$")
_CHOICES = re.compile(r"^[a-z0-9_]+(?: or [a-z0-9_]+)+$")
# Params that hold the user's own text or a JSON key: never translated.
_VERBATIM = frozenset({"key", "name", "error"})


def translate_param(key: str, value: Any) -> Any:
    """A param as shown in the reader's language: words translated, anything else as given."""
    if not isinstance(value, str) or key in _VERBATIM:
        return value
    if value in ("N", "E", "S", "W"):
        return seat_word(value)
    for table in (SUIT_WORDS, TEAM_WORDS):
        if value in table:
            return gettext(table[value])
    if value in GAMES:  # a game's name, as its module words it
        return gettext(GAMES[value].label)
    if value in VALUE_WORDS:
        return gettext(VALUE_WORDS[value])
    if key == "field":
        words = field_words()
        if value in words:
            return gettext(words[value])
    found = _AT_LEAST.match(value)
    if found:
        return gettext(N_("a whole number of at least {n}")).format(n=found.group(1))
    found = _BETWEEN.match(value)
    if found:
        return gettext(N_("a whole number from {low} to {high}")).format(
            low=found.group(1), high=found.group(2))
    if _CHOICES.match(value):  # rule choices, e.g. "dealer_left or loner_left"
        first, *rest = value.split(" or ")
        for other in rest:
            first = gettext(N_("{first} or {second}")).format(first=first, second=other)
        return first
    return value


def field_words() -> dict[str, str]:
    """Every field's words: the generic ones, then each registered game's own. A problem does
    not say its game, so the games must agree on a field they share (tests/test_field_words.py);
    asked on each call, so a game registered later (a test's) is found."""
    words = dict(FIELD_WORDS)
    for game in GAMES.values():
        words.update(game.field_words)
    return words


def template_for(code: str) -> str | None:
    """The English template of a problem code (the core's, a game's or its notation's), or
    None."""
    return problem_messages().get(code)


def _english() -> bool:
    locale = get_locale()
    return locale is None or locale.language == "en"


def problem_message(problem: Problem) -> str:
    """The problem in the user's language (Flask-Babel's locale), as a sentence fragment.

    English gives exactly ``problem.message`` (EGN codes their own template). A template that
    cannot be filled falls back to the English message, never an exception.
    """
    template = template_for(problem.code)
    said = None if template is None else _in_language(template, problem.params)
    return problem.message if said is None else said


def said_message(template: str, params: Mapping[str, Any]) -> str:
    """A game's sentence (an N_-marked ``{name}`` template and its params, as a problem's) in
    the user's language; the English when the translation can't be filled."""
    said = _in_language(template, params)
    return template if said is None else said


def _in_language(template: str, params: Mapping[str, Any]) -> str | None:
    """``template`` translated and filled (its word params translated too); the English
    filled when the translation can't be; None when not even that can."""
    try:
        if _english():
            return template.format(**params)
        words = {k: translate_param(k, v) for k, v in params.items()}
        return gettext(template).format(**words)
    except (KeyError, IndexError, ValueError, AttributeError):
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError, AttributeError):
            return None


def problem_json(problem: Problem) -> dict[str, Any]:
    """The API's error object (match-format.md) with the message in the request's language."""
    return {**problem.as_json(), "message": problem_message(problem)}
