"""The registered games, by name: a new game is one module with a ``GAME``, listed here (a
test may add its own to :data:`GAMES`; the engine and ``scorekeeper check`` take it at once)."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from . import euchre, five_hundred, spades, whist
from .game import Game
from .problems import Problem
from .rules import resolve

GAMES: dict[str, Game] = {
    g.name: g for g in (euchre.GAME, whist.GAME, five_hundred.GAME, spades.GAME)}
GAMES["bridge"] = import_module("scorekeeper.games.bridge").GAME  # #37 moves it to INSTALLED


def resolve_rules(game: str, given: object) -> tuple[dict[str, Any], list[Problem]]:
    """The rules of a match of ``game``: the given options merged with the game's defaults,
    and a problem per bad option."""
    return resolve(GAMES[game], given)
