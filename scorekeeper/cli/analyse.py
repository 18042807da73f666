"""`scorekeeper analyse FILE [--hand N]`: the double-dummy analysis of the hands of a match file
or a game's notation file (EGN), one JSON line per hand with a card record (the API's analysis
object).

A hand that has a card record (or a deal) but can't be analysed gets a line with its reasons,
``{"hand": 3, "ok": false, "errors": [...]}``; hands recorded by their outcome only, and passed
hands, are left out (unless asked for with ``--hand``). A file that can't be read or checked gets
``scorekeeper check``'s ``ok: false`` line. Exit status as ``check``: 0 every line an analysis,
1 something could not be analysed (an invalid file, a hand without holdings), 2 unreadable input
or bad usage (``--hand`` beyond the last hand).
"""

from __future__ import annotations

import sys
from typing import Any

from ..engine.analysis import analyse_match_hand
from ..engine.games import file_notation
from ..engine.problems import Problem
from ..formats import safejson
from .check import UNREADABLE, check_text, failed_answer, json_line, read_file, text_match


def analyse_text(text: bytes, name: str, hand: int | None = None) -> tuple[list[dict[str, Any]],
                                                                           int]:
    """The output lines for one file's bytes, and the exit status. Never raises."""
    try:
        return _analyse_text(text, name, hand)
    except Exception as exc:  # the last line of defence: say what happened, no traceback
        error = f"{type(exc).__name__}: {exc}"[:200]
        return [failed_answer(name, [Problem("file.failed", params={"error": error})])], 1


def _analyse_text(text: bytes, name: str, only: int | None) -> tuple[list[dict[str, Any]], int]:
    line, status = check_text(text, name)
    if status:
        return [line], status
    try:
        data = safejson.loads(text)
    except safejson.Refused:  # checked above: a text notation's file (PBN)
        data = (text_match(text, name) or (None, []))[0]
    match: object  # a match file's dict once checked below
    several = file_notation(data, name, many=True)
    written = file_notation(data, name)
    if several is not None and several[1].read_many is not None:
        games = [match for match, _ in several[1].read_many(data)[0] if match is not None]
        if len(games) != 1:
            return [failed_answer(name, [Problem("analysis.emn", params={"count": len(games)})])], 1
        match = games[0]
    elif written is not None:
        match = written[1].read(data)[0]
    else:
        match = data
    assert isinstance(match, dict)
    hands = match.get("hands") or []
    if only is not None:
        if not 1 <= only <= len(hands):
            problem = Problem("analysis.no_hand", params={"no": only, "count": len(hands)})
            return [failed_answer(name, [problem])], UNREADABLE
        wanted = [only]
    else:
        wanted = [no for no, hand in enumerate(hands, 1)
                  if isinstance(hand, dict) and not hand.get("passed")
                  and ("play" in hand or "deal" in hand)]
    lines: list[dict[str, Any]] = []
    status = 0
    for no in wanted:
        result, problems = analyse_match_hand(match, no)
        if result is not None:
            lines.append(result.as_json())
        else:
            lines.append({"hand": no, "ok": False, "errors": [p.as_json() for p in problems]})
            status = 1
    return lines, status


def main(name: str, hand: int | None = None) -> int:
    """Analyse one file (``-``: standard input) and print its lines; return the exit status."""
    text, failed = read_file(name)
    if failed is not None:
        lines, status = [failed], UNREADABLE
    else:
        assert text is not None
        lines, status = analyse_text(text, name, hand)
    for line in lines:
        sys.stdout.write(json_line(line) + "\n")
    if not lines:
        sys.stderr.write(f"scorekeeper analyse: no hand in {name} has a card record to "
                         "analyse\n")
    sys.stdout.flush()
    return status
