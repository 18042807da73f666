"""Problems worded in the reader's language: the engine's codes and params, translated here.

The engine (pure, no Flask) gives each problem a ``code`` and ``params``; its English templates
live in :data:`scorekeeper.engine.messages.MESSAGES` (the EGN importer's in
:data:`scorekeeper.formats.egn_messages.EGN_MESSAGES`). :func:`problem_message` translates the
template with Flask-Babel and fills it with params, translating those that are words (suits,
seats, teams, field names, "an object" …). Card codes, numbers and the user's own values stay
as given.

In English the text is exactly the engine's own (``problem.message``), so the JSON API and the
CLI read the same.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from flask_babel import get_locale, gettext, pgettext

from .engine.messages import MESSAGES, N_
from .engine.problems import Problem
from .formats.egn_messages import EGN_MESSAGES

# Param values that are words. The msgids are shared with the pages (forms.py, _print.html),
# so a suit or a field reads the same in an error as on the button beside it.
SUIT_WORDS = {"spades": N_("spades"), "hearts": N_("hearts"), "diamonds": N_("diamonds"),
              "clubs": N_("clubs")}
TEAM_WORDS = {"NS": N_("North–South"), "EW": N_("East–West")}
GAME_WORDS = {"euchre": N_("Euchre"), "whist": N_("Whist")}
FIELD_WORDS = {
    "dealer": N_("dealer"), "caller": N_("caller"), "round": N_("round"),
    "turn_up": N_("turn-up"), "trump": N_("trump"), "alone": N_("alone"),
    "defender_alone": N_("defender alone"), "makers_tricks": N_("makers' tricks"),
    "passed": N_("passed"), "renege": N_("renege"), "discard": N_("discard"),
    "deal": N_("the deal"), "play": N_("the tricks"), "note": N_("note"),
    "tricks_NS": N_("NS tricks"), "honours_NS": N_("NS honours"), "revoke": N_("revoke"),
}
# How the engine (problems.show, rules._expected, tricks "why") and the EGN importer (_kind,
# expected types) describe values and types.
VALUE_WORDS = {
    "nothing": N_("nothing"),
    "null": N_("null"),
    "a list": N_("a list"),
    "an object": N_("an object"),
    "a number": N_("a number"),
    "text": N_("text"),
    "true or false": N_("true or false"),
    "discarded": N_("discarded"),
    "turned down": N_("turned down"),
    "a list of 4 names": N_("a list of 4 names"),
    "a list of deals": N_("a list of deals"),
    "a list of cards": N_("a list of cards"),
    "a list of phases": N_("a list of phases"),
    "a list of calls": N_("a list of calls"),
    "a list of tricks": N_("a list of tricks"),
    "a list of games": N_("a list of games"),
}
_AT_LEAST = re.compile(r"^a whole number of at least (-?\d+)$")
_BETWEEN = re.compile(r"^a whole number from (-?\d+) to (-?\d+)$")
_CHOICES = re.compile(r"^[a-z0-9_]+(?: or [a-z0-9_]+)+$")
# Params that hold the user's own text or a JSON key: never translated.
_VERBATIM = frozenset({"key", "name", "error"})


def _seat_word(seat: str) -> str:
    """A seat in a sentence ("North" reads "北家" in Chinese); literal calls for extraction."""
    words: dict[str, Callable[[], str]] = {
        "N": lambda: pgettext("seat in a sentence", "North"),
        "E": lambda: pgettext("seat in a sentence", "East"),
        "S": lambda: pgettext("seat in a sentence", "South"),
        "W": lambda: pgettext("seat in a sentence", "West"),
    }
    return words[seat]()


def translate_param(key: str, value: Any) -> Any:
    """A param as shown in the reader's language: words translated, anything else as given."""
    if not isinstance(value, str) or key in _VERBATIM:
        return value
    if value in ("N", "E", "S", "W"):
        return _seat_word(value)
    for table in (SUIT_WORDS, TEAM_WORDS, GAME_WORDS, VALUE_WORDS):
        if value in table:
            return gettext(table[value])
    if key == "field" and value in FIELD_WORDS:
        return gettext(FIELD_WORDS[value])
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


def template_for(code: str) -> str | None:
    """The English template of a problem code (engine or EGN importer), or None."""
    return MESSAGES.get(code) or EGN_MESSAGES.get(code)


def _english() -> bool:
    locale = get_locale()
    return locale is None or locale.language == "en"


def problem_message(problem: Problem) -> str:
    """The problem in the user's language (Flask-Babel's locale), as a sentence fragment.

    English gives exactly ``problem.message`` (EGN codes their own template). A template that
    cannot be filled falls back to the English message, never an exception.
    """
    template = template_for(problem.code)
    if template is None:
        return problem.message
    params = dict(problem.params)
    try:
        if _english():
            return template.format(**params)
        words = {k: translate_param(k, v) for k, v in params.items()}
        return gettext(template).format(**words)
    except (KeyError, IndexError, ValueError, AttributeError):
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError, AttributeError):
            return problem.message


def problem_json(problem: Problem) -> dict[str, Any]:
    """The API's error object (match-format.md) with the message in the request's language."""
    return {**problem.as_json(), "message": problem_message(problem)}
