"""Double dummy for a deal of a match (the analysis part's ``own``): the deal's vulnerability
and dealer are the match's, as its replay scored them, so par is the table's par; the table,
par and play are :mod:`.analysis`'s, the sentences :mod:`.analysis_words`'."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...engine.problems import Problem
from .analysis import DealAnalysis, analyse_deal
from .analysis_words import Sentence, par_words, play_words, table_words
from .details import BridgeDetails


@dataclass(frozen=True, slots=True)
class DealAnalysed:
    """Deal ``hand`` of a match, analysed (the API's body: ``hand``, ``dealer``,
    ``vulnerable``, then the table, par and play)."""

    hand: int
    dealer: str
    vulnerable: str
    found: DealAnalysis

    def as_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "dealer": self.dealer, "vulnerable": self.vulnerable,
                **self.found.as_json()}


def analyse(match: Mapping[str, Any], no: int) -> tuple[DealAnalysed | None, list[Problem]]:
    """Deal ``no`` (from 1) of a checked bridge match file object, or what stops it."""
    from ...engine.games import resolve_rules  # the registry: imported when first asked
    from ...engine.match import replay

    hands = match.get("hands") or []
    rules, problems = resolve_rules("bridge", match.get("rules"))
    if problems:
        return None, problems
    first = match.get("first_dealer", "N")
    state = replay("bridge", rules, hands[:no], first_dealer=first if first in "NESW" else "N",
                   start_score=match.get("start_score"))
    details = state.hands[no - 1].outcome.details if len(state.hands) >= no else None
    if not isinstance(details, BridgeDetails):
        return None, [p for p in state.problems if p.hand == no] or [
            Problem("hand.invalid", hand=no)]
    found, refused = analyse_deal(hands[no - 1], details.vulnerable, details.dealer)
    for problem in refused:
        problem.hand = no
    if found is None:
        return None, list(refused)
    return DealAnalysed(no, details.dealer, details.vulnerable, found), []


def deal_sentences(found: DealAnalysed) -> dict[str, Sequence[Sentence]]:
    """The hand page's and the API's sentences: par, each declarer's contracts, the play."""
    play = found.found.play
    return {"par": par_words(found.found.par), "table": table_words(found.found.table),
            "play": play_words(play) if play is not None else []}
