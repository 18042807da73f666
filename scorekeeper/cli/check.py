"""`scorekeeper check FILE...`: validate match files, duplicate session files and files of a
game's notation (EGN; PBN, a text notation), one JSON line per file."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ..engine.game import Game
from ..engine.games import GAMES, file_notation
from ..engine.matchfile import check_match
from ..engine.parts.notation import Notation
from ..engine.problems import Problem
from ..engine.sessions import check_session, is_session
from ..formats import safejson

UNREADABLE = 2


def check_text(text: str | bytes, name: str) -> tuple[dict[str, Any], int]:
    """Check one file's text; return its output line and its exit status (0, 1 or 2).

    Never raises: a file that trips anything unforeseen still gets its ``ok: false`` line.
    """
    try:
        return _check_text(text, name)
    except Exception as exc:  # the last line of defence: one bad file must not stop the rest
        error = f"{type(exc).__name__}: {exc}"[:200]
        return failed_answer(name, [Problem("file.failed", params={"error": error})]), 1


def text_match(text: str | bytes, name: str) -> tuple[dict[str, Any] | None, list[Problem]] | None:
    """A file that is not JSON read by a text notation (Bridge's PBN) into a match file, with
    its problems; None when no text notation reads it."""
    words = text.decode("utf-8") if isinstance(text, bytes) else text
    written = file_notation(words, name, text=True)
    return written[1].read(words) if written is not None else None


def _check_text(text: str | bytes, name: str) -> tuple[dict[str, Any], int]:
    try:
        data = safejson.loads(text)
    except safejson.Refused as refused:
        read = text_match(text, name) if refused.problem.code == "file.not_json" else None
        if read is None:
            status = UNREADABLE if refused.problem.code == "file.not_json" else 1
            return failed_answer(name, [refused.problem]), status
        if read[0] is None:
            return failed_answer(name, read[1]), 1
        data = read[0]
    if is_session(data):
        return _check_session(data, name)
    several = file_notation(data, name, many=True)
    if several is not None:
        return _check_many(data, name, *several)
    written = file_notation(data, name)
    if written is not None:
        match, problems = written[1].read(data)
        if match is None:
            return failed_answer(name, problems), 1
        data = match
    result = check_match(data)
    if not result.ok:
        return failed_answer(name, result.problems), 1
    assert result.state is not None
    return {"file": name, **result.state.as_json()}, 0


def _check_session(data: dict[str, Any], name: str) -> tuple[dict[str, Any], int]:
    """A duplicate session file, checked by the part of the game it names."""
    answer = check_session(data, {g.name: g.session for g in GAMES.values()})
    return {"file": name, **answer}, 0 if answer["ok"] else 1


def _check_many(data: Any, name: str, game: Game, notation: Notation
                ) -> tuple[dict[str, Any], int]:
    """A notation's file of several games (Euchre Match Notation): every game checked; one line
    with a state per game."""
    assert notation.read_many is not None  # file_notation(many=True) finds only those
    games, problems = notation.read_many(data)
    errors = [p.as_json() for p in problems]
    states: list[dict[str, Any]] = []
    for no, (match, game_problems) in enumerate(games, 1):
        result = check_match(match) if match is not None else None
        if result is not None and result.ok and result.state is not None:
            states.append(result.state.as_json())
            continue
        found = result.problems if result is not None else game_problems
        errors.extend({"game": no, **p.as_json()} for p in found)
    if not games and not errors:
        errors.append(Problem("file.no_games").as_json())
    if errors or not games:
        return {"file": name, "ok": False, "errors": errors}, 1
    return {"file": name, "ok": True, "game": game.name, "matches": states}, 0


def json_line(line: dict[str, Any]) -> str:
    """The JSON line; a file name that is not valid Unicode is written with escapes."""
    try:
        text = json.dumps(line, ensure_ascii=False)
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return json.dumps(line)


def failed_answer(name: str, problems: list[Problem]) -> dict[str, Any]:
    return {"file": name, "ok": False, "errors": [p.as_json() for p in problems]}


def read_file(name: str) -> tuple[bytes | None, dict[str, Any] | None]:
    """A file named on the command line (``-``: standard input), read up to one byte past the
    size limit (a larger one is then refused as too large): ``(bytes, None)``, or
    ``(None, the failed line)`` when it can't be read or is not UTF-8."""
    try:
        if name == "-":
            text = sys.stdin.buffer.read(safejson.MAX_BYTES + 1)
        else:
            with Path(name).open("rb") as file:
                text = file.read(safejson.MAX_BYTES + 1)
        if len(text) <= safejson.MAX_BYTES:
            text.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, failed_answer(name, [Problem("file.unreadable", params={"error": str(exc)})])
    return text, None


def main(files: list[str]) -> int:
    """Check each file and print its line; the exit status is the worst of them."""
    status = 0
    for name in files:
        text, failed = read_file(name)
        if failed is not None:
            line, code = failed, UNREADABLE
        else:
            assert text is not None
            line, code = check_text(text, name)
        sys.stdout.write(json_line(line) + "\n")
        status = max(status, code)
    sys.stdout.flush()
    return status
