"""The check answer of a session file (spec/bridge.md): every board's results with their
matchpoints or IMPs, and every pair's total, percentage and rank.

Ranking fields: a Mitchell ranks NS and EW pairs apart; a Howell ranks all pairs together; a
``none`` session ranks apart when no pair sat both ways, else together. A pair that has played
no board is listed last, unranked (``rank`` and ``percent`` null).

A check keeps what it read and scored (:class:`.kept.Checked`), so the next check of the same
session (:func:`recheck`, then :func:`rescore`) reads and scores again only the boards whose
results changed, and moves the pairs' totals by their shares (:mod:`.standing`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ..scoring import dealer_of_board, vulnerable_on_board
from . import imps, matchpoints
from .imps import BoardImps
from .kept import ZERO, Board, Checked, Printed, Side, read_whole, reread
from .matchpoints import BoardMatchpoints
from .messages import SessionProblem
from .ranking import descending, labels, points, two_decimals
from .reading import Head, Result
from .standing import board_shares, standing


def check_session(data: object) -> tuple[dict[str, Any], list[SessionProblem]]:
    """The answer for a parsed session file: ``ok: true`` with its boards and pairs, or
    ``ok: false`` with its errors (also returned as problems)."""
    problems, read = recheck(data, None)
    if read is None:
        return {"ok": False, "errors": [p.as_json() for p in problems]}, problems
    return rescore(read)[0], []


def recheck(data: object, before: Checked | None
            ) -> tuple[list[SessionProblem], Checked | None]:
    """``check_session``'s problems, reading again only the boards whose results are not
    those ``before`` kept (a result the same object as before, or equal to it, is the same),
    and what :func:`rescore` scores (None when there are problems). Nothing is scored: a
    change is judged before it is stored, and scored after."""
    found = reread(data, before) if before is not None else None
    if found is None:
        whole = read_whole(data)
        if isinstance(whole, list):
            return whole, None
        found = whole
    return [], found


def rescore(read: Checked) -> tuple[dict[str, Any], Checked]:
    """The ``ok`` answer of what :func:`recheck` read, and what the next recheck keeps (each
    board scored again only when it is new or what it is factored to changed)."""
    return _answer(read)


def board_lines(read: Checked, numbers: tuple[int, ...]) -> dict[int, dict[str, Any]] | None:
    """Boards ``numbers``' lines as :func:`rescore`'s answer has them, scored without the
    pairs' totals (a table's page shows its own boards); None when one of them has an
    artificial adjusted score (its matchpoints come from its pairs' other boards)."""
    mp = read.read.scoring != "imps"
    most = max((len(b.results) for b in read.boards.values()), default=0) if mp else 0
    top = max(most - 1, 0)
    lines: dict[int, dict[str, Any]] = {}
    for number in numbers:
        board = read.boards.get(number)
        if board is None:
            continue
        scores = board.scores
        if scores is None or (isinstance(scores, BoardMatchpoints) and scores.most != most):
            board = _scored(board, matchpoints.board_scores(board.results, most) if mp
                            else imps.board_scores(board.results), top if mp else None)
        if board.line is None:
            return None
        lines[number] = board.line
    return lines


def directions(read: Head, sides: Counter[Side]) -> dict[str, str | None]:
    """Each pair's field: "NS" or "EW" when ranked apart, None when all rank together."""
    sat: dict[str, set[str]] = defaultdict(set)
    for (pair, side), count in sides.items():
        if count > 0:
            sat[pair].add(side)
    apart = read.movement == "mitchell" or (
        read.movement == "none" and all(len(s) == 1 for s in sat.values()))
    return {pair: (next(iter(sat[pair])) if apart and sat.get(pair) else None)
            for pair in read.pairs}


def _answer(checked: Checked) -> tuple[dict[str, Any], Checked]:
    """The ``ok`` answer, and what the next check keeps: a board is scored again only when it
    is new or what it is factored to changed, the totals move by the changed boards' shares,
    and a pair's numbers are printed again only when its total changed."""
    read = checked.read
    mp = read.scoring != "imps"
    most = max((len(b.results) for b in checked.boards.values()), default=0) if mp else 0
    top = max(most - 1, 0)
    boards: dict[int, Board] = {}
    for n in sorted(checked.boards):
        board = checked.boards[n]
        scores = board.scores
        if scores is None or (isinstance(scores, BoardMatchpoints) and scores.most != most):
            board = _scored(board, matchpoints.board_scores(board.results, most) if mp
                            else imps.board_scores(board.results), top if mp else None)
        boards[n] = board
    kept = standing(most, {n: b.shares or {} for n, b in boards.items()}, checked.standing)
    counts: Counter[str] = Counter()
    for (pair, _side), count in checked.sides.items():
        counts[pair] += count
    adjusted = _artificial(boards, counts, kept.totals, top, read.averages) if mp else {}
    totals: Mapping[str, Fraction] = kept.totals
    if adjusted:
        totals = _with_artificial(kept.totals, boards, adjusted)
    printed = {p: _printed(checked.pairs.get(p), totals.get(p, ZERO), top * counts[p] if mp
                           else None, counts[p] > 0) for p in read.pairs}
    keys = frozenset(checked.sides)
    fields = checked.fields if checked.fields is not None and checked.fields[0] == keys \
        else (keys, directions(read, checked.sides))
    lines = [_line_of(b, top if mp else None, adjusted) for b in boards.values()]
    answer = {"ok": True, "game": "bridge", "scoring": read.scoring, "movement": read.movement,
              "boards": lines, "pairs": _pair_lines(read, fields[1], printed)}
    return answer, replace(checked, boards=boards, standing=kept, pairs=printed, fields=fields)


def _artificial(boards: Mapping[int, Board], counts: Mapping[str, int],
                own: Mapping[str, Fraction], top: int, averages: str
                ) -> dict[tuple[int, int], matchpoints.Scored]:
    """Each artificial adjusted score's matchpoints, by its board and place there."""
    found = [(n, i, r) for n, b in boards.items() if b.line is None
             for i, (r, v) in enumerate(zip(b.results, _mp(b).scored, strict=True)) if v is None]
    if not found:
        return {}
    artificial: Counter[str] = Counter()
    for _n, _i, result in found:
        artificial[result.ns] += 1
        artificial[result.ew] += 1
    scored_top = {p: top * (counts[p] - artificial[p]) for p in artificial}
    return matchpoints.artificial(found, own, scored_top, top, averages)


def _with_artificial(totals: Mapping[str, Fraction], boards: Mapping[int, Board],
                     adjusted: Mapping[tuple[int, int], matchpoints.Scored]
                     ) -> dict[str, Fraction]:
    out = dict(totals)
    for (number, place), value in adjusted.items():
        result = boards[number].results[place]
        out[result.ns] = out.get(result.ns, ZERO) + value.ns
        out[result.ew] = out.get(result.ew, ZERO) + value.ew
    return out


def _printed(before: Printed | None, total: Fraction, top: int | None, played: bool
             ) -> Printed:
    """A pair's numbers as printed (``top`` None: IMPs), ``before``'s when nothing changed."""
    if before is not None and (before.total is total or before.total == total) and \
            before.top == top and before.played == played:
        return before
    if top is None:
        return Printed(total, 0, played, total, {"imps": points(total)}, float(total))
    value = _percent(total, top)
    # int / int is correctly rounded: the float of the exact value, without a Fraction's
    rough = total.numerator * 100 / (total.denominator * top) if top else 50.0
    return Printed(total, top, played, value, {
        "mp": points(total), "top": top, "percent": two_decimals(value) if played else None},
        rough)


def _mp(board: Board) -> BoardMatchpoints:
    assert isinstance(board.scores, BoardMatchpoints)
    return board.scores


def _scored(board: Board, scores: BoardMatchpoints | BoardImps, top: int | None) -> Board:
    """``board`` with new scores and shares, and its line when it needs no other board (an
    artificial score's matchpoints come from its pairs' other boards: made each time)."""
    fixed = isinstance(scores, BoardImps) or all(s is not None for s in scores.scored)
    line = _board_line(board, scores, top, {}) if fixed else None
    return Board(board.number, board.raw, board.results, scores, line,
                 board_shares(board.results, scores, top or 0))


def _line_of(board: Board, top: int | None,
             adjusted: Mapping[tuple[int, int], matchpoints.Scored] | None) -> dict[str, Any]:
    if board.line is not None:
        return board.line
    assert board.scores is not None
    return _board_line(board, board.scores, top, adjusted or {})


def _board_line(board: Board, scores: BoardMatchpoints | BoardImps, top: int | None,
                adjusted: Mapping[tuple[int, int], matchpoints.Scored]) -> dict[str, Any]:
    """A board's line: its dealer, vulnerability, top (matchpoints) and results, each with its
    two numbers as printed (a board's equal scores share one printed pair)."""
    line: dict[str, Any] = {"board": board.number, "dealer": dealer_of_board(board.number),
                            "vulnerable": vulnerable_on_board(board.number)}
    if top is not None:
        line["top"] = top
    ns, ew = ("ns_imps", "ew_imps") if isinstance(scores, BoardImps) else ("ns_mp", "ew_mp")
    values = scores.imped if isinstance(scores, BoardImps) else scores.scored
    printed: dict[int, dict[str, Any]] = {}
    results = []
    for place, (result, value) in enumerate(zip(board.results, values, strict=True)):
        shown = value if value is not None else adjusted[(board.number, place)]
        numbers = printed.get(id(shown))
        if numbers is None:
            numbers = printed[id(shown)] = {ns: points(shown.ns), ew: points(shown.ew)}
        results.append(_result_line(result, numbers))
    line["results"] = results
    return line


def _percent(mp: Fraction, top: int) -> Fraction:
    """A pair's percentage; 50 when its boards had nothing to compare (each played once)."""
    return Fraction(mp.numerator * 100, mp.denominator * top) if top else Fraction(50)


def _result_line(result: Result, scored: Mapping[str, Any]) -> dict[str, Any]:
    line: dict[str, Any] = {"ns": result.ns, "ew": result.ew, **result.shown}
    if result.score is not None:
        line["score"] = result.score
    line.update(scored)
    return line


def _pair_lines(read: Head, direction: Mapping[str, str | None],
                printed: Mapping[str, Printed]) -> list[dict[str, Any]]:
    order = list(read.pairs)
    values = {p: printed[p].value for p in order}
    rough = {p: printed[p].rough for p in order}
    fields = ("NS", "EW") if any(d is not None for d in direction.values()) else (None,)
    lines: list[dict[str, Any]] = []
    for field_ in fields:
        members = [p for p in order if printed[p].played and direction[p] == field_]
        members = descending(values, members, rough)  # ties keep the file's order
        rank = labels(values, members)
        lines.extend(_pair_line(read, p, direction[p], printed[p].own, rank[p])
                     for p in members)
    lines.extend(_pair_line(read, p, None, printed[p].own, None) for p in order
                 if not printed[p].played)
    return lines


def _pair_line(read: Head, pair: str, direction: str | None, own: Mapping[str, Any],
               rank: str | None) -> dict[str, Any]:
    return {"pair": pair, "names": list(read.pairs[pair]), "direction": direction, **own,
            "rank": rank}
