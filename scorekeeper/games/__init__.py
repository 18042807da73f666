"""The installed games, a folder each: ``scorekeeper/games/<game>/`` holds everything a game
ships (its rules, words, facts, club scoring and analysis, pure; its hand form ``form.py``; its
templates), and its package exports ``GAME``. The core's registry
(:data:`scorekeeper.engine.games.GAMES`) loads the packages named here on first use: this tuple
is the only place outside a game's folder that names it, one line per game. Imports run from the
games to the core, never back (an import-linter contract in pyproject.toml)."""

INSTALLED: tuple[str, ...] = (
    "euchre",
    "whist",
    "five_hundred",
    "spades",
    "bridge",
)
