"""The words of the game, in one place: seats, suits, sides, fields of a hand, results and
rules, as the pages, the printouts and the translated problem messages say them. (A game's
own name and its presets are worded in its module: ``Game.label``, ``Preset.label``.)

Two kinds, both extracted by pybabel: ``_l`` labels (lazy, for forms and templates) and ``N_``
words translated where they are used (:func:`scorekeeper.i18n.messages.translate_param`).
"""

from __future__ import annotations

from collections.abc import Callable

from flask_babel import gettext, pgettext
from flask_babel import lazy_gettext as _l

from ..engine.cards import JOKER
from ..engine.messages import N_

# --- seats, sides, suits, games ---------------------------------------------------------------

SEAT_LABELS = {"N": _l("North"), "E": _l("East"), "S": _l("South"), "W": _l("West")}


def seat_word(seat: str) -> str:
    """A seat in a sentence ("North" reads "北家" in Chinese); literal calls for extraction."""
    words: dict[str, Callable[[], str]] = {
        "N": lambda: pgettext("seat in a sentence", "North"),
        "E": lambda: pgettext("seat in a sentence", "East"),
        "S": lambda: pgettext("seat in a sentence", "South"),
        "W": lambda: pgettext("seat in a sentence", "West"),
    }
    return words[seat]()


# Param values that are words. The msgids are shared with the pages (forms.py, _print.html),
# so a suit or a field reads the same in an error as on the button beside it.
SUIT_WORDS = {"spades": N_("spades"), "hearts": N_("hearts"), "diamonds": N_("diamonds"),
              "clubs": N_("clubs"), "no trump": N_("no trump")}
TEAM_WORDS = {"NS": N_("North–South"), "EW": N_("East–West")}
# The fields the generic layers know (the match format's, the printed sheet's row); a game's
# own fields are worded in its module (``Game.field_words``, joined in ``i18n.messages``).
FIELD_WORDS = {
    "dealer": N_("dealer"), "caller": N_("caller"), "turn_up": N_("turn-up"),
    "trump": N_("trump"), "passed": N_("passed"), "discard": N_("discard"),
    "deal": N_("the deal"), "play": N_("the tricks"), "note": N_("note"),
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
    "a cycle of suits such as HDSC (NT: a no-trump deal)":
        N_("a cycle of suits such as HDSC (NT: a no-trump deal)"),
}

# --- rules (the start page) -------------------------------------------------------------------

# One line per rule option (spec/rules.md), shown beside its field on the start page.
OPTION_HELP = {
    "target": _l("The first side to reach it wins the game."),
    "deals": _l("Instead of a target: play this many hands; the higher score wins."),
}
OPTION_LABELS = {
    "target": _l("Game to"),
    "deals": _l("Fixed number of hands"),
}
CHOICE_LABELS = {
    "dealer_left": _l("the dealer's left"),
    "loner_left": _l("the loner's left"),
    "HDSC": "♥ ♦ ♠ ♣",
    "CDHS": "♣ ♦ ♥ ♠",
    "SHDC": "♠ ♥ ♦ ♣",
    "NTSHDC": _l("no trump, then ♠ ♥ ♦ ♣"),
    "book": _l("the book: tricks over six"),
    "tricks": _l("every trick won"),
}

# --- cards, as a screen reader says them ("Queen of diamonds", 方塊Q) -------------------------


def _rank_word(rank: str) -> str:
    """A card's rank in words; literal calls for extraction (Chinese keeps the letter)."""
    words: dict[str, Callable[[], str]] = {
        "A": lambda: pgettext("card rank", "Ace"),
        "K": lambda: pgettext("card rank", "King"),
        "Q": lambda: pgettext("card rank", "Queen"),
        "J": lambda: pgettext("card rank", "Jack"),
        "10": lambda: pgettext("card rank", "Ten"),
        "9": lambda: pgettext("card rank", "Nine"),
        "8": lambda: pgettext("card rank", "Eight"),
        "7": lambda: pgettext("card rank", "Seven"),
        "6": lambda: pgettext("card rank", "Six"),
        "5": lambda: pgettext("card rank", "Five"),
        "4": lambda: pgettext("card rank", "Four"),
        "3": lambda: pgettext("card rank", "Three"),
        "2": lambda: pgettext("card rank", "Two"),
    }
    return words[rank]()


def card_label(code: str) -> str:
    """A card written as in the match format (``QD``) in words: "Queen of diamonds"."""
    if code == str(JOKER):
        return pgettext("card name", "Joker")
    suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[code[-1]]
    return pgettext("card name", "%(rank)s of %(suit)s", rank=_rank_word(code[:-1]),
                    suit=gettext(SUIT_WORDS[suit]))
