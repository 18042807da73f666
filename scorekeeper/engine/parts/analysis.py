"""The analysis part: whether a game's hands are analysed double dummy, and how. With the part,
the core's solver (``engine/analysis.py``, small hands in a suit: Euchre's five tricks) analyses
them, or the game's own ``analyse`` does (Five Hundred's, through DDS); without it (None) a
hand's page and the API say the game's hands are not analysed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..problems import Problem

# analyse(match, no): the double-dummy analysis of one hand (an Analysis) or the problems
AnalyseHand = Callable[[Mapping[str, Any], int], tuple[Any, list[Problem]]]


@dataclass(frozen=True, slots=True)
class Analyser:
    """How a game's hands are analysed: ``own``, the game's own analysis; None: the core's
    double-dummy solver."""

    own: AnalyseHand | None = None


DOUBLE_DUMMY = Analyser()  # the core's solver (engine/analysis.py)
