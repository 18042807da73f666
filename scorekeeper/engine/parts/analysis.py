"""The analysis part: whether a game's hands are analysed double dummy, and how. With the part,
the core's solver (``engine/analysis.py``, small hands in a suit: Euchre's five tricks) analyses
them, or the game's own ``analyse`` does (Five Hundred's, through DDS); without it (None) a
hand's page and the API say the game's hands are not analysed.

A game whose analysis says more than the core's shape (the makers' best count, card by card)
gives its own result (any object with ``as_json()``: the API's body), the template the hand
page includes for it and its sentences (``words``), which the web layer translates: Bridge's
makeable-contracts table and par. The core never reads such a result itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..problems import Problem

# analyse(match, no): the double-dummy analysis of one hand (an Analysis) or the problems
AnalyseHand = Callable[[Mapping[str, Any], int], tuple[Any, list[Problem]]]


class Analysed(Protocol):
    """A game's own analysis of one hand: the API's body and ``scorekeeper analyse``'s line."""

    def as_json(self) -> dict[str, Any]: ...


class Said(Protocol):
    """One sentence of a game's analysis: an N_-marked English template (``{name}`` params)
    and its params (seats as letters, as a problem's: the web layer words them)."""

    @property
    def template(self) -> str: ...

    @property
    def params(self) -> Mapping[str, Any]: ...


# words(result): a game's own result in sentences, by group ("par", "play"): its template
# shows each group where it belongs
AnalysisWords = Callable[[Any], Mapping[str, Sequence[Said]]]


@dataclass(frozen=True, slots=True)
class Analyser:
    """How a game's hands are analysed: ``own``, the game's own analysis; None: the core's
    double-dummy solver. ``template`` (with ``words``): the game's own result, shown by that
    template of its folder (``game/<name>/<file>``); "": the core's shape, in the core's words.
    ``needs``: the hand keys, any one of which makes a recorded hand worth analysing."""

    own: AnalyseHand | None = None
    template: str = ""
    words: AnalysisWords | None = None
    needs: tuple[str, ...] = ("play",)


DOUBLE_DUMMY = Analyser()  # the core's solver (engine/analysis.py)
