"""The notation part: a game's own file format beside the match file (Euchre's EGN).

The core asks it and never names a format: the importer (the upload, the API, ``scorekeeper
check`` and ``analyse``) asks each registered game's notation whether a file is one of its
files and has it read into match files; the match page links its export, served at
``/m/<id>.<extension>``. A game without one is read and written as match files alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..problems import Problem

# a file's data converted to a match file object (None on any problem), with its problems
Converted = tuple[dict[str, Any] | None, list[Problem]]
# recognise(data, name): whether ``data`` (read from a file called ``name``, "" if none) is one
# (``data``: the parsed JSON, or the text of a text notation)
Recognise = Callable[[object, str], bool]
# read(data): one game of the notation as a match file
Read = Callable[[object], Converted]
# read_many(data): each game of a file of several, and the problems of the file itself
ReadMany = Callable[[object], tuple[list[Converted], list[Problem]]]
# export(match): a checked match file of the game written in the notation (a JSON object, or
# the text of a text notation)
Export = Callable[[dict[str, Any]], dict[str, Any] | str]


def never(data: object, name: str) -> bool:
    """No file is one of these."""
    return False


# unnamed(data): the seats a file of the notation leaves without a player's name (a deal with
# no player tags): the import page asks for them; ``read`` gives such seats a placeholder
Unnamed = Callable[[object], tuple[str, ...]]


def all_named(data: object) -> tuple[str, ...]:
    """Every file names its players."""
    return ()


@dataclass(frozen=True, slots=True)
class Notation:
    """A game's own file format. ``extension`` names its download (``/m/<id>.egn``) and the
    files the import form takes; ``recognise_many`` and ``read_many`` read a file of several
    games (Euchre Match Notation) for ``scorekeeper check`` and ``analyse``; ``label`` is the
    match page's link to it and ``only`` the refusal of a match of another game, both
    N_-marked; ``messages`` words its own problem codes (code -> English, N_).

    ``text``: the notation is text, not JSON (Bridge's PBN): ``recognise`` and ``read`` are
    given the file's text (a str) where a JSON notation is given the parsed object, and
    ``export`` gives text, sent as ``media_type``. ``unnamed``: the seats a file names no
    player for (the import page asks for their names before storing the match)."""

    extension: str
    label: str
    only: str
    recognise: Recognise
    read: Read
    export: Export | None = None
    recognise_many: Recognise = never
    read_many: ReadMany | None = None
    messages: Mapping[str, str] = field(default_factory=dict)
    text: bool = False
    media_type: str = "application/json"
    unnamed: Unnamed = all_named
