"""EGN and EMN files read from text the way the app reads them: :func:`safejson.loads` (the size
and depth limits; :class:`safejson.Refused` for what is not JSON), then the converter."""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.problems import Problem
from scorekeeper.formats import safejson
from scorekeeper.games.euchre.egn.read import Converted, egn_to_match, emn_to_matches


def load_egn_text(text: str) -> tuple[dict[str, Any] | None, list[Problem]]:
    """An EGN file's text as a match (or the problems)."""
    return egn_to_match(safejson.loads(text))


def load_emn_text(text: str) -> tuple[list[Converted], list[Problem]]:
    """An EMN file's text as its games (or the problems)."""
    return emn_to_matches(safejson.loads(text))
