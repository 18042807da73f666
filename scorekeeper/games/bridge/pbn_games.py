"""A PBN file cut into its games (a blank line ends one), each game's comments taken apart and
its ``#`` values (the previous game's) filled in: what endplay's reader leaves to its caller
when one bad game must not cost the others, and what it drops (comments)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

TAG = re.compile(r'\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]')


@dataclass(slots=True)
class Game:
    line: int  # where it starts in the file, from 1
    lines: list[str]  # without comments
    comments: list[str]
    numbers: list[int] = field(default_factory=list)  # each line's number in the file


def cut_games(text: str) -> Iterator[Game]:
    """The file cut into games at blank lines, comments ({…} and ; to the line's end, outside
    a tag's quotes) taken out, ``%`` lines (PBN's escapes) left out."""
    game = Game(1, [], [])
    comment: list[str] | None = None  # inside a {…} comment
    for no, raw in enumerate(text.splitlines(), 1):
        if comment is None and not raw.strip():
            if game.lines or game.comments:
                yield game
            game = Game(no + 1, [], [])
            continue
        if comment is None and raw.startswith("%"):
            continue
        kept, quoted, i = [], False, 0
        while i < len(raw):
            char = raw[i]
            if comment is not None:
                end = raw.find("}", i)
                comment.append(raw[i:] if end < 0 else raw[i:end])
                if end < 0:
                    break
                game.comments.append(" ".join(" ".join(comment).split()))
                comment, i = None, end + 1
                continue
            if char == '"' and (i == 0 or raw[i - 1] != "\\"):
                quoted = not quoted
            elif char == "{" and not quoted:
                comment, i = [], i + 1
                continue
            elif char == ";" and not quoted:
                game.comments.append(raw[i + 1:].strip())
                break
            kept.append(char)
            i += 1
        if "".join(kept).strip():
            game.lines.append("".join(kept).strip())
            game.numbers.append(no)
    if game.lines or game.comments:
        yield game


def fill_previous(game: Game, previous: dict[str, str]) -> dict[str, str]:
    """The game's tags (first of each name), ``#`` replaced by the previous game's value."""
    tags: dict[str, str] = {}
    for i, line in enumerate(game.lines):
        found = TAG.match(line)
        if found is None:
            continue
        name, value = found.group(1), found.group(2)
        if value == "#" and name.lower() in previous:
            value = previous[name.lower()]
            game.lines[i] = f'[{name} "{value}"]{line[found.end():]}'
        tags.setdefault(name.lower(), value)
        tags.setdefault("@" + name.lower(), name)  # the name as the file writes it
    return {key: value for key, value in tags.items() if not key.startswith("@")} | {
        "@names": ",".join(v for k, v in tags.items() if k.startswith("@"))}
