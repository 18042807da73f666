"""The check answer of a session file (spec/bridge.md): every board's results with their
matchpoints or IMPs, and every pair's total, percentage and rank.

Ranking fields: a Mitchell ranks NS and EW pairs apart; a Howell ranks all pairs together; a
``none`` session ranks apart when no pair sat both ways, else together. A pair that has played
no board is listed last, unranked (``rank`` and ``percent`` null).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..scoring import dealer_of_board, vulnerable_on_board
from .imps import session_imps
from .matchpoints import session_matchpoints
from .messages import SessionProblem
from .ranking import points, ranks, two_decimals
from .reading import Result, Session, read_session


def check_session(data: object) -> tuple[dict[str, Any], list[SessionProblem]]:
    """The answer for a parsed session file: ``ok: true`` with its boards and pairs, or
    ``ok: false`` with its errors (also returned as problems)."""
    session, problems = read_session(data)
    if session is None:
        return {"ok": False, "errors": [p.as_json() for p in problems]}, problems
    return {"ok": True, "game": "bridge", "scoring": session.scoring,
            "movement": session.movement, **results_of(session)}, []


def directions(session: Session) -> dict[str, str | None]:
    """Each pair's field: "NS" or "EW" when ranked apart, None when all rank together."""
    sat: dict[str, set[str]] = defaultdict(set)
    for result in session.results:
        sat[result.ns].add("NS")
        sat[result.ew].add("EW")
    apart = session.movement == "mitchell" or (
        session.movement == "none" and all(len(s) == 1 for s in sat.values()))
    return {pair: (next(iter(sat[pair])) if apart and sat[pair] else None)
            for pair in session.pairs}


def results_of(session: Session) -> dict[str, Any]:
    """The ``boards`` and ``pairs`` of a checked session."""
    boards: dict[int, list[Result]] = defaultdict(list)
    for result in session.results:
        boards[result.board].append(result)
    played = {p for r in session.results for p in (r.ns, r.ew)}
    direction = directions(session)
    if session.scoring == "imps":
        imped = session_imps(session.results)
        lines = _printed(imped.results, "ns_imps", "ew_imps")
        values = {p: imped.pair_imps.get(p, Fraction(0)) for p in session.pairs}
        top: int | None = None
        own: dict[str, dict[str, Any]] = {p: {"imps": points(values[p])} for p in session.pairs}
    else:
        mp = session_matchpoints(session.results, session.averages)
        lines = _printed(mp.results, "ns_mp", "ew_mp")
        top = mp.top
        values = {p: _percent(mp.pair_mp.get(p, Fraction(0)), mp.pair_top.get(p, 0))
                  for p in session.pairs}
        own = {p: {"mp": points(mp.pair_mp.get(p, Fraction(0))), "top": mp.pair_top.get(p, 0),
                   "percent": two_decimals(values[p]) if p in played else None}
               for p in session.pairs}
    board_lines = []
    for number in sorted(boards):
        line: dict[str, Any] = {"board": number, "dealer": dealer_of_board(number),
                                "vulnerable": vulnerable_on_board(number)}
        if top is not None:
            line["top"] = top
        line["results"] = [_result_line(r, lines[r.place]) for r in boards[number]]
        board_lines.append(line)
    return {"boards": board_lines,
            "pairs": _pair_lines(session, direction, values, own, played)}


def _printed(values: Mapping[int, Any], ns: str, ew: str) -> dict[int, dict[str, Any]]:
    """Each result's two numbers as printed; a board's results with the same score share one
    value object, so each is printed once."""
    done: dict[int, dict[str, Any]] = {}
    out = {}
    for place, value in values.items():
        line = done.get(id(value))
        if line is None:
            line = done[id(value)] = {ns: points(value.ns), ew: points(value.ew)}
        out[place] = line
    return out


def _percent(mp: Fraction, top: int) -> Fraction:
    """A pair's percentage; 50 when its boards had nothing to compare (each played once)."""
    return mp * 100 / top if top else Fraction(50)


def _result_line(result: Result, scored: Mapping[str, Any]) -> dict[str, Any]:
    line: dict[str, Any] = {"ns": result.ns, "ew": result.ew, **result.shown}
    if result.score is not None:
        line["score"] = result.score
    line.update(scored)
    return line


def _pair_lines(session: Session, direction: Mapping[str, str | None],
                values: Mapping[str, Fraction], own: Mapping[str, Mapping[str, Any]],
                played: set[str]) -> list[dict[str, Any]]:
    order = list(session.pairs)
    fields = ("NS", "EW") if any(d is not None for d in direction.values()) else (None,)
    lines: list[dict[str, Any]] = []
    for field in fields:
        members = [p for p in order if p in played and direction[p] == field]
        rank = ranks(values, members)
        members.sort(key=lambda p: -values[p])  # stable: ties keep the file's order
        lines.extend(_pair_line(session, p, direction[p], own[p], rank[p]) for p in members)
    lines.extend(_pair_line(session, p, None, own[p], None) for p in order if p not in played)
    return lines


def _pair_line(session: Session, pair: str, direction: str | None, own: Mapping[str, Any],
               rank: str | None) -> dict[str, Any]:
    return {"pair": pair, "names": list(session.pairs[pair]), "direction": direction, **own,
            "rank": rank}
