"""A player's (or a partnership's) figures in each game, as typed view models: the facts the
game counts with their labels, its breakdowns, matches played and won (issue 23). Built from
the store's sums; what a game counts is asked of the game (``Game.statistics``). No Flask.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.game import Game
from ..engine.games import GAMES
from ..engine.statistics import Fact
from ..store.stats import GameSums


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a breakdown: its code (``S``, ``1``), label and the figures."""

    code: str
    label: str  # English, N_-marked in the game: the page translates it
    values: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Split:
    """A game's figures split by one breakdown (by trump suit, by calling round)."""

    key: str
    label: str
    api: str | None
    lines: tuple[Line, ...]

    def line(self, code: str) -> Line:
        return next(x for x in self.lines if x.code == code)


@dataclass(frozen=True, slots=True)
class GameFigures:
    """Whose figures in one game."""

    game: str
    label: str  # the game's name in English (N_-marked)
    played: int
    won: int
    hands: int
    facts: tuple[Fact, ...]  # the facts shown, in order, with their labels
    values: Mapping[str, int]  # every fact of the game (zeros too)
    splits: tuple[Split, ...]
    template: str | None  # the game's own figures template, if it has one

    def split(self, key: str) -> Split:
        return next(s for s in self.splits if s.key == key)

    def shown(self, values: Mapping[str, int]) -> dict[str, int]:
        """The shown facts of ``values`` (zeros included), as the API writes them."""
        return {f.key: int(values.get(f.key, 0)) for f in self.facts}

    def as_json(self) -> dict[str, Any]:
        """This game's part of ``GET /api/players/<id>``'s ``games``."""
        return {
            "label": self.label,
            "matches": {"played": self.played, "won": self.won},
            "hands": self.hands,
            "figures": self.shown(self.values),
            "breakdowns": {s.key: {x.code: self.shown(x.values) for x in s.lines}
                           for s in self.splits},
        }


def game_figures(game: Game, sums: GameSums | None) -> GameFigures:
    """One game's figures from the store's sums (all zeros when ``sums`` is None)."""
    sums = sums or GameSums()
    statistics = game.statistics
    values = {f.key: sums.totals.get(f.key, 0) for f in statistics.facts}
    splits = tuple(
        Split(b.key, b.label, b.api, tuple(
            Line(code, label, {f.key: sums.by.get(i, {}).get(code, {}).get(f.key, 0)
                               for f in statistics.facts})
            for code, label in b.values))
        for i, b in enumerate(statistics.breakdowns))
    return GameFigures(game.name, game.label, sums.played, sums.won, sums.hands,
                       statistics.shown, values, splits, statistics.figures)


def every_game(sums: Mapping[str, GameSums]) -> list[GameFigures]:
    """Each registered game's figures, in the registry's order (games not played: zeros)."""
    return [game_figures(game, sums.get(name)) for name, game in GAMES.items()]


def played(figures: list[GameFigures]) -> list[GameFigures]:
    """The games among ``figures`` with a match played."""
    return [f for f in figures if f.played or f.hands]


def api_parts(figures: list[GameFigures]) -> dict[str, Any]:
    """The per-game keys of ``GET /api/players/<id>`` (docs/api.md): issue 14's (each game's
    shown facts under its name, its breakdowns that have an API key), then ``games``."""
    out: dict[str, Any] = {}
    for f in figures:
        if not f.facts:
            continue
        out[f.game] = f.shown(f.values)
        for split in f.splits:
            if split.api:
                out[split.api] = {x.code: f.shown(x.values) for x in split.lines}
    out["games"] = {f.game: f.as_json() for f in played(figures)}
    return out
