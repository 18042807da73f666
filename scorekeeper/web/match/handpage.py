"""Cards at the table: the hand page (``/m/<id>/hands/<no>``) and the card recorder's words.

The hand page shows one recorded hand: its facts, the deal diagram when the holdings are
known, then trick by trick in fixed N/E/S/W columns (the printed sheet's view model,
``printing.sheet``). The card recorder itself is a script (``static/js/cards.js``) inside the
hand form; :func:`recorder` gives it the seats, the rules and its words in the page's language.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any

from flask import abort, current_app, render_template
from flask_babel import get_locale, pgettext
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ... import service
from ...engine.cards import ALL_CARDS, JOKER, SEATS
from ...engine.games import GAMES, problem_messages, resolve_rules
from ...engine.parts.recorder import Recording, recorder_json
from ...engine.parts.words import Words
from ...i18n.labels import SEAT_LABELS, card_label, seat_word
from ...printing.sheet import HandRow, Sheet, build_sheet
from ...service.results import LoadedMatch
from ...store.db import get_db
from . import board
from .hand_analysis import AnalysisView, analysis_view


def recorder(loaded: LoadedMatch) -> dict[str, Any]:
    """What the card recorder needs: the game's recording data, the seats and its words."""
    match = loaded.match
    rules, _problems = resolve_rules(match.game.name, match.rules)
    seats = match.seats
    return {
        **_recorder_words_and_pack(match.game.name, json.dumps(rules, sort_keys=True),
                                   str(get_locale())),
        "first_dealer": match.first_dealer,
        "seats": {s: {"name": seats[s], "seat": str(SEAT_LABELS[s]), "word": seat_word(s)}
                  for s in SEATS},
        "teams": board.team_names(match),
    }


@functools.lru_cache(maxsize=128)
def _recorder_words_and_pack(game_name: str, rules_json: str, locale: str) -> dict[str, Any]:
    """The part of the recorder's data that depends only on the game, its rules and the
    page's language (``locale``: the key; the words are the current request's): made once,
    not on every render of a scorer's page. Read-only: it is shared."""
    game = GAMES[game_name]
    data = recorder_json(game, json.loads(rules_json))
    return {**data, "cards": {c: card_label(c) for c in data["pack"]["cards"]},
            "words": recorder_words(game.recording)}


def recorder_words(recording: Recording) -> dict[str, str]:
    """The recorder's sentences; ``{name}``-style holes are filled by the script."""
    words = {
        "turn": _("%(name)s (%(seat)s) to play", name="{name}", seat="{seat}"),
        "lead": _("%(name)s (%(seat)s) to lead trick %(n)s", name="{name}", seat="{seat}",
                  n="{n}"),
        "done": _("All tricks recorded."),
        "need": _("Choose who called and the trump first.") if recording.caller
        else _("Choose trump first."),
        "trick": _("Trick %(n)s", n="{n}"),
        "won": _("won by %(name)s", name="{name}"),
        "count": _("Makers %(m)s, defenders %(d)s", m="{m}", d="{d}"),
        "count_teams": _("Tricks: %(ns)s %(a)s, %(ew)s %(b)s", ns="{ns}", a="{a}", ew="{ew}",
                         b="{b}"),
        "unavailable": _("%(card)s cannot be played: it was %(why)s.", card="{card}",
                         why="{why}"),
        "discarded": _("discarded"),
        "turned_down": _("turned down"),
        "only_dealer": _("Only the dealer can play %(card)s: it was the turn-up.",
                         card="{card}"),
        "not_held": _("%(name)s does not hold %(card)s.", name="{name}", card="{card}"),
        "must_follow": _("%(name)s must follow suit: %(name)s holds %(cards)s.",
                         name="{name}", cards="{cards}"),
        "renege": _("%(name)s showed out of %(suit)s in trick %(t)s and played %(card)s in "
                    "trick %(u)s.", name="{name}", suit="{suit}", t="{t}", card="{card}",
                    u="{u}"),
        "renege_held": _("%(name)s held %(cards)s in trick %(t)s and played %(card)s.",
                         name="{name}", cards="{cards}", t="{t}", card="{card}"),
        "renege_scored": _("Renege by %(name)s: it is scored as the rules say.",
                           name="{name}"),
        "holding_full": _("%(name)s already holds %(n)s cards.", name="{name}", n="{n}"),
        "holding_other": _("%(card)s is already in %(name)s’s hand.", card="{card}",
                           name="{name}"),
        "holding_of": _("Cards of %(name)s (%(seat)s): %(n)s of %(max)s", name="{name}",
                        seat="{seat}", n="{n}", max="{max}"),
        "trumps_broken": _("%(name)s cannot lead a trump before trumps are broken: %(name)s "
                           "holds %(cards)s.", name="{name}", cards="{cards}"),
        "played": _("played"),
        "held_by": _("held by %(name)s", name="{name}"),
    }
    # the likely result, in the game's words (only a game whose makers need tricks has them)
    words.update({key: _(text) for key, text in recording.likely.items()})
    if recording.trump_from_bid:  # Five Hundred: the bid gives the trump; a led Joker a suit
        words["need"] = _("Choose who won the bid and the bid first.")
        words["joker_suit"] = _("The Joker is led: which suit must the others follow?")
    if recording.kitty:
        words.update(kitty_words())
    if recording.claims:  # the play may end by a claim after whole tricks
        words["claim_ask"] = _("A claim: of the %(n)s tricks left, %(side)s take", n="{n}",
                               side="{side}")
        words["claim_one"] = _("%(side)s take %(k)s of the %(n)s tricks left",
                               side="{side}", k="{k}", n="{n}")
        words["claimed"] = _("Claimed: %(side)s take %(k)s more of the %(n)s left.",
                             side="{side}", k="{k}", n="{n}")
    if recording.renege_refused:
        words["renege_refused"] = _("A record with a revoke can’t be saved: correct the cards.")
    return words


def kitty_words() -> dict[str, str]:
    """The exchange's words: its steps, and the engine's own refusals (their ``{card}`` and
    ``{seat}`` holes filled by the script, the first letter made a capital)."""
    words = {
        "swap_kitty": _("Tap the %(max)s cards of the kitty %(name)s took up: %(n)s so far.",
                        max="{max}", name="{name}", n="{n}"),
        "swap_discard": _("Tap the %(max)s cards %(name)s discarded: %(n)s so far.",
                          max="{max}", name="{name}", n="{n}"),
        "part_kitty": _("Kitty: %(n)s of %(max)s", n="{n}", max="{max}"),
        "part_discard": _("Discards: %(n)s of %(max)s", n="{n}", max="{max}"),
        "in_kitty": _("in the kitty"),
        "kitty_mark": pgettext("the kitty, one letter on a card", "K"),
    }
    for key in ("deal.kitty_held", "hand.kitty_count", "hand.discard_count",
                "hand.discard_not_callers", "hand.discard_not_held"):
        text = _(problem_messages()[key])
        words[key.split(".")[1]] = text[:1].upper() + text[1:]
    return words


@dataclass(frozen=True, slots=True)
class HandView:
    """What the hand page shows: one row of the printed sheet's view model, with the match's
    names, the hand's result in words and its analysis."""

    match_id: str
    no: int
    last: int  # the last recorded hand (the page links to the next one before it)
    title: str  # the sides' names, "Ann & Cai – Bo & Dee"
    result: str  # what the hand did, in table language
    words: Words  # the game's words ("Hand"/"Deal")
    sheet: Sheet
    row: HandRow
    card_names: dict[str, str]  # each card's name, read out for its symbol
    analysis: AnalysisView | None
    facts_part: str | None = None  # the game's own facts of a hand (Game.templates.hand_facts)


def hand_view(loaded: LoadedMatch, no: int) -> HandView:
    """The hand page of recorded hand ``no`` of a replayed match."""
    assert loaded.state is not None
    match = loaded.match
    sheet = build_sheet(match.as_file(), loaded.state)
    return HandView(
        match_id=match.id,
        no=no,
        last=loaded.hand_count,
        title=" – ".join(board.team_names(match).values()),
        result=board.outcome_label(match, match.hands[no - 1].data, loaded.state.hands[no - 1]),
        words=match.game.words,
        sheet=sheet,
        row=next(r for r in sheet.rows if r.no == no),
        card_names={str(c): card_label(str(c)) for c in (*ALL_CARDS, JOKER)},
        analysis=analysis_view(loaded, no),
        facts_part=match.game.templates.hand_facts,
    )


def hand_page(match_id: str, no: int) -> Response:
    """One hand: its facts, the deal diagram when known, then trick by trick."""
    loaded = service.load(get_db(), match_id)
    if loaded is None or loaded.state is None or not 1 <= no <= loaded.hand_count:
        abort(404)
    resp = current_app.make_response(render_template("table/hand.html", v=hand_view(loaded, no)))
    resp.headers["Cache-Control"] = "no-store"
    return resp
