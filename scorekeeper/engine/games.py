"""The registered games, by name: the core's registry, which imports no game.

On first use :data:`GAMES` loads the packages named in ``scorekeeper.games.INSTALLED`` (by name,
with importlib: the games import the core, never the reverse) and takes each one's ``GAME``;
:func:`register` adds one more (a test's game). Loading waits for the first lookup, not for an
import, so any module may import :data:`GAMES` at any time without an import cycle.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Iterator, Mapping, MutableMapping
from typing import Any

from .game import Game
from .messages import MESSAGES
from .parts.notation import Notation
from .problems import Problem
from .rules import resolve

GAMES_PACKAGE = "scorekeeper.games"


def installed_game(name: str) -> Game:
    """The ``GAME`` of an installed game's package: ``name`` under ``scorekeeper.games``, or a
    dotted module path (a game installed from elsewhere)."""
    module = importlib.import_module(name if "." in name else f"{GAMES_PACKAGE}.{name}")
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        raise TypeError(f"the game package {module.__name__} has no GAME")
    return game


class Registry(MutableMapping[str, Game]):
    """The games by name, in the order installed then registered. A mutable mapping, so a test
    may add or replace a game for its own run (``monkeypatch.setitem(GAMES, ...)``)."""

    def __init__(self) -> None:
        self._games: dict[str, Game] = {}
        self._loaded = False
        self._lock = threading.RLock()
        self._loading = False

    def _all(self) -> dict[str, Game]:
        if self._loaded:
            return self._games
        with self._lock:
            # a lookup made while the games load (from a game's own import) sees those so far
            if self._loaded or self._loading:
                return self._games
            self._loading = True
            try:
                names = importlib.import_module(GAMES_PACKAGE).INSTALLED
                loaded = {game.name: game for game in map(installed_game, names)}
                self._games = {**loaded, **self._games}
                self._loaded = True
            finally:
                self._loading = False
        return self._games

    def __getitem__(self, name: str) -> Game:
        return self._all()[name]

    def __setitem__(self, name: str, game: Game) -> None:
        self._all()[name] = game

    def __delitem__(self, name: str) -> None:
        del self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._all()))

    def __len__(self) -> int:
        return len(self._all())

    def __contains__(self, name: object) -> bool:
        return name in self._all()

    def __repr__(self) -> str:
        return f"Registry({sorted(self._all())})"


GAMES: Registry = Registry()


def register(game: Game) -> Game:
    """Add ``game`` to the registry (or replace the one of its name); it is returned."""
    GAMES[game.name] = game
    return game


def resolve_rules(game: str, given: object) -> tuple[dict[str, Any], list[Problem]]:
    """The rules of a match of ``game``: the given options merged with the game's defaults,
    and a problem per bad option."""
    return resolve(GAMES[game], given)


def problem_messages() -> Mapping[str, str]:
    """Every problem code's English template: the core's, then each registered game's own
    (``Game.messages``) and its notation's; asked on each call, so a game registered later is
    found."""
    found = dict(MESSAGES)
    for game in GAMES.values():
        own = {**game.messages, **(game.notation.messages if game.notation else {})}
        found.update({code: text for code, text in own.items() if code not in found})
    return found


def file_notation(data: object, name: str = "", many: bool = False, text: bool = False
                  ) -> tuple[Game, Notation] | None:
    """The registered game whose notation ``data`` (read from a file called ``name``) is
    written in, one game of it (``many``: a file of several games), or None: a match file.
    ``text``: ``data`` is a file's text, asked of the text notations (PBN) alone."""
    for game in GAMES.values():
        notation = game.notation
        if notation is None or notation.text != text or (many and notation.read_many is None):
            continue
        if (notation.recognise_many if many else notation.recognise)(data, name):
            return game, notation
    return None


def notation_named(extension: str) -> tuple[Game, Notation] | None:
    """The registered game whose notation's files end in ``extension``, or None."""
    return next(((game, game.notation) for game in GAMES.values()
                 if game.notation is not None and game.notation.extension == extension), None)
