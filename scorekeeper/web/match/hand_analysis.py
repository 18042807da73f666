"""The hand page's analysis in words: what best play would have made of a recorded hand.

The numbers are the engine's (:func:`scorekeeper.engine.analysis.analyse_match_hand`, which
asks the game's analysis part, ``Game.analysis``: its own or the double-dummy solver); the
API's object (``/api/matches/<id>/hands/<no>/analysis``) stays as documented. Here they become
sentences: the best the makers could have taken, each play that cost a trick (who, which card,
what would have held it) and the best count trick by trick.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from cachetools import LRUCache, cached
from flask_babel import ngettext, pgettext

from ...engine.analysis import Analysis, analyse_match_hand
from ...engine.parts.analysis import Analysed
from ...engine.problems import Problem
from ...i18n.labels import card_label, seat_word
from ...i18n.messages import said_message
from ...service.results import LoadedMatch
from . import board


@dataclass(frozen=True, slots=True)
class TrickCount:
    """The makers' best count once a trick is over (``trick`` 0: before the first lead)."""

    trick: int
    best: int


@dataclass(frozen=True, slots=True)
class AnalysisView:
    """What the hand page says about best play."""

    par: str  # the best the makers could have taken
    took: str  # what they took
    costly: tuple[str, ...]  # one sentence a play that cost a trick
    counts: tuple[TrickCount, ...]  # the running count, trick by trick
    why: str = ""  # a recorded hand the game does not analyse: why (then nothing else)
    # a game's own result (its part's ``template``): the template, the result, its sentences
    template: str = ""
    found: Any = None
    words: dict[str, tuple[str, ...]] = field(default_factory=dict)


ANALYSIS_CACHE = 512  # analyses kept per process, by match, version and hand


@cached(LRUCache(maxsize=ANALYSIS_CACHE), lock=threading.Lock(),
        key=lambda loaded, no: (loaded.match.id, loaded.version, no))
def analysed(loaded: LoadedMatch, no: int) -> tuple[Analysis | Analysed | None, list[Problem]]:
    """The engine's analysis of hand ``no``, worked out once per match version and kept (a
    bridge deal's is a tenth of a second of DDS, Euchre's up to 40 ms): the hand page and the
    API share it, and a corrected hand (a new version) is analysed afresh."""
    return analyse_match_hand(loaded.match.as_file(), no)


def analysis_view(loaded: LoadedMatch, no: int) -> AnalysisView | None:
    """The analysis of hand ``no`` in words, or None when the game does not analyse its hands
    or this hand has no card record (the page then says nothing about it). A recorded hand
    the analysis refuses (Five Hundred at no trumps or in misère, a renege) says why."""
    game = loaded.match.game
    hand = loaded.match.hands[no - 1].data
    part = game.analysis
    if part is None or not any(key in hand for key in part.needs):
        return None
    found, problems = analysed(loaded, no)
    if found is None:
        if not problems:
            return None
        return AnalysisView(par="", took="", costly=(), counts=(),
                            why=board.problem_text(problems[0]))
    if part.template:
        said = part.words(found) if part.words is not None else {}
        return AnalysisView(par="", took="", costly=(), counts=(), template=part.template,
                            found=found, words={group: tuple(
                                said_message(s.template, s.params) for s in sentences)
                                for group, sentences in said.items()})
    assert isinstance(found, Analysis)
    seats = loaded.match.seats
    makers = board.team_names(loaded.match)[found.makers]
    took = found.after[-1]
    sentences = []
    per_trick = _cards_per_trick(hand)
    for play in found.costly:
        # the count before the card: ``after`` has one entry per card played, plus one
        at = sum(per_trick[:play.trick - 1]) + list(hand["play"][play.trick - 1]).index(
            str(play.card))
        before, after = found.after[at], found.after[at + 1]
        sentence = ngettext(
            "Trick %(t)s: %(name)s (%(seat)s) played the %(card)s, which cost their side "
            "%(num)s trick: the makers’ best went from %(a)s to %(b)s.",
            "Trick %(t)s: %(name)s (%(seat)s) played the %(card)s, which cost their side "
            "%(num)s tricks: the makers’ best went from %(a)s to %(b)s.",
            play.cost, t=play.trick, name=seats[play.seat], seat=seat_word(play.seat),
            card=card_label(str(play.card)), a=before, b=after)
        if play.held:
            sentence += " " + ngettext(
                "The %(cards)s would have held it.",
                "Any of these would have held it: %(cards)s.", len(play.held),
                cards=pgettext("list separator", ", ").join(card_label(str(c)) for c in play.held))
        sentences.append(sentence)
    ends, counts = 0, [TrickCount(0, found.par)]
    for t, size in enumerate(per_trick, 1):
        ends += size
        if ends < len(found.after):
            counts.append(TrickCount(t, found.after[ends]))
    return AnalysisView(
        par=ngettext("With the best play on both sides, the makers (%(team)s) could have taken "
                     "%(num)s trick.",
                     "With the best play on both sides, the makers (%(team)s) could have taken "
                     "%(num)s tricks.", found.par, team=makers),
        took=ngettext("They took %(num)s trick.", "They took %(num)s tricks.", took),
        costly=tuple(sentences),
        counts=tuple(counts),
    )


def _cards_per_trick(hand: dict[str, Any]) -> list[int]:
    return [len(trick) for trick in hand["play"]]
