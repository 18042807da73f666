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
    "a cycle of suits such as HDSC (NT: a no-trump deal)":
        N_("a cycle of suits such as HDSC (NT: a no-trump deal)"),
}

# --- what a hand came to (the board and the printouts) ----------------------------------------

RESULT_LABELS = {
    "made": _l("made"),
    "march": _l("march"),
    "alone_made": _l("alone"),
    "alone_march": _l("alone march"),
    "euchred": _l("euchred"),
    "passed": _l("passed"),
    "renege": _l("renege"),
    "revoke": _l("revoke"),
    "scored": "",
}

# --- rules (the start page) -------------------------------------------------------------------

# One line per rule option (spec/rules.md), shown beside its field on the start page.
OPTION_HELP = {
    "target": _l("The first side to reach it wins the game."),
    "deals": _l("Instead of a target: play this many hands; the higher score wins."),
    "stick_the_dealer": _l("If everyone passes twice, the dealer must name trump."),
    "lone_lead": _l("Who leads against a lone hand."),
    "lone_march_points": _l("Points for taking all 5 tricks alone."),
    "lone_euchre_points": _l("Points for euchring a lone hand."),
    "defend_alone": _l("Against a lone hand, one defender may also play alone."),
    "lone_defender_points": _l("Points for a lone defender who euchres the loner."),
    "canadian_loner": _l("The dealer's partner who orders up must go alone."),
    "renege_points": _l("Points to the other side when a seat reneges."),
    "renege_points_alone": _l("Renege points when the hand was played alone."),
    "honours": _l("A side holding 3 or 4 of A K Q J of trumps scores 2 or 4."),
    "honours_blocked_at": _l("From this score on, a side cannot score honours."),
    "rubber": _l("Play games until a side has won two."),
    "trump_rotation": _l("Each deal's trump by its number, in this order, instead of the "
                         "turn-up (a whist drive)."),
    "no_trump": _l("Add a no-trump deal to the rotation."),
    "scoring": _l("Score the tricks over six, or every trick won (a whist drive)."),
    "pack": _l("24 cards (9 to A), 28 (8 to A) or 32 (7 to A)."),
    "joker": _l("Add the Joker: the highest trump, above the right bower."),
}
OPTION_LABELS = {
    "target": _l("Game to"),
    "deals": _l("Fixed number of hands"),
    "stick_the_dealer": _l("Stick the dealer"),
    "lone_lead": _l("Lead against a loner"),
    "lone_march_points": _l("Lone march points"),
    "lone_euchre_points": _l("Lone euchre points"),
    "defend_alone": _l("Defend alone"),
    "lone_defender_points": _l("Lone defender points"),
    "canadian_loner": _l("Canadian loner"),
    "renege_points": _l("Renege points"),
    "renege_points_alone": _l("Renege points, alone"),
    "honours": _l("Count honours"),
    "honours_blocked_at": _l("No honours from"),
    "rubber": _l("Rubber (best of three)"),
    "trump_rotation": _l("Trump by rotation"),
    "no_trump": _l("No-trump deal"),
    "scoring": _l("Scoring"),
    "pack": _l("Pack"),
    "joker": _l("Joker"),
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
