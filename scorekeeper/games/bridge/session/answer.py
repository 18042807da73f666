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
    most, top = _most(read)
    lines: dict[int, dict[str, Any]] = {}
    for number in numbers:
        board = read.boards.get(number)
        if board is None:
            continue
        if board.scores is None:
            board = _scored(board, most is not None)
        board = _lined(board, most, top)
        if board.line is None:
            return None
        lines[number] = board.line
    return lines


def standings(read: Checked) -> tuple[dict[str, Any], Checked]:
    """:func:`rescore`'s answer without its boards' lines (a wall ranks the pairs), and what
    the next check keeps: at 1,000 tables a new most results on a board moves every line of
    36,000 results, and no pair's share."""
    checked, _adjusted = _ranked(read)
    return _answer_of(checked), checked


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


def _most(checked: Checked) -> tuple[int | None, int | None]:
    """The most results on a board and the top (matchpoints), or None and None (IMPs)."""
    if checked.read.scoring == "imps":
        return None, None
    most = max((len(b.results) for b in checked.boards.values()), default=0)
    return most, max(most - 1, 0)


def _ranked(checked: Checked) -> tuple[Checked, dict[tuple[int, int], matchpoints.Scored]]:
    """``checked`` with every board scored, the pairs' totals moved by the changed boards'
    shares, and a pair's numbers printed again only when its total changed; and each
    artificial adjusted score's matchpoints (by board and place)."""
    read = checked.read
    most, top = _most(checked)
    boards = {n: b if b.scores is not None else _scored(b, top is not None)
              for n, b in sorted(checked.boards.items())}
    kept = standing({n: b.shares or {} for n, b in boards.items()}, checked.standing, most)
    counts: Counter[str] = Counter()
    for (pair, _side), count in checked.sides.items():
        counts[pair] += count
    adjusted = _artificial(boards, counts, kept.totals, top, read.averages) \
        if top is not None else {}
    totals = _with_artificial(kept.totals, boards, adjusted) if adjusted else kept.totals
    printed = {p: _printed(checked.pairs.get(p), totals.get(p, ZERO),
                           None if top is None else top * counts[p], counts[p] > 0)
               for p in read.pairs}
    keys = frozenset(checked.sides)
    fields = checked.fields if checked.fields is not None and checked.fields[0] == keys \
        else (keys, directions(read, checked.sides))
    return replace(checked, boards=boards, standing=kept, pairs=printed, fields=fields), adjusted


def _answer_of(checked: Checked, boards: list[dict[str, Any]] | None = None
               ) -> dict[str, Any]:
    """The ``ok`` answer of a ranked check: with ``boards``' lines, or the pairs alone."""
    read = checked.read
    assert checked.fields is not None
    answer: dict[str, Any] = {"ok": True, "game": "bridge", "scoring": read.scoring,
                              "movement": read.movement}
    if boards is not None:
        answer["boards"] = boards
    answer["pairs"] = _pair_lines(read, checked.fields[1], checked.pairs)
    return answer


def _answer(checked: Checked) -> tuple[dict[str, Any], Checked]:
    """The ``ok`` answer, and what the next check keeps (:func:`_ranked`; each board's line
    made again when it is new or the most results it is factored to changed)."""
    checked, adjusted = _ranked(checked)
    most, top = _most(checked)  # a max over the boards' counts: nothing worth keeping
    boards = {n: _lined(b, most, top) for n, b in checked.boards.items()}
    answer = _answer_of(checked, [_line_of(b, most, top, adjusted) for b in boards.values()])
    return answer, replace(checked, boards=boards)


def _artificial(boards: Mapping[int, Board], counts: Mapping[str, int],
                own: Mapping[str, Fraction], top: int, averages: str
                ) -> dict[tuple[int, int], matchpoints.Scored]:
    """Each artificial adjusted score's matchpoints, by its board and place there."""
    found = [(n, i, r) for n, b in boards.items() if None in _mp(b).numerators
             for i, (r, v) in enumerate(zip(b.results, _mp(b).numerators, strict=True))
             if v is None]
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


def _scored(board: Board, mp: bool) -> Board:
    """``board`` with its scores and shares (matchpoints unfactored), its line made later."""
    scores = matchpoints.board_scores(board.results) if mp else imps.board_scores(board.results)
    return Board(board.number, board.raw, board.results, scores, None,
                 board_shares(board.results, scores))


def _lined(board: Board, most: int | None, top: int | None) -> Board:
    """``board`` with its line for ``most`` results (IMPs: None), unless it has one or needs
    other boards (an artificial adjusted score's matchpoints come from its pairs' totals)."""
    scores = board.scores
    assert scores is not None
    if board.line is not None and board.line_at == (most or 0):
        return board
    if isinstance(scores, BoardMatchpoints) and None in scores.numerators:
        return board if board.line is None else replace(board, line=None)
    return replace(board, line=_board_line(board, most, top, {}), line_at=most or 0)


def _line_of(board: Board, most: int | None, top: int | None,
             adjusted: Mapping[tuple[int, int], matchpoints.Scored]) -> dict[str, Any]:
    if board.line is not None:
        return board.line
    return _board_line(board, most, top, adjusted)


def _board_line(board: Board, most: int | None, top: int | None,
                adjusted: Mapping[tuple[int, int], matchpoints.Scored]) -> dict[str, Any]:
    """A board's line: its dealer, vulnerability, top (matchpoints) and results, each with its
    two numbers as printed (a board's equal scores share one printed pair)."""
    scores = board.scores
    line: dict[str, Any] = {"board": board.number, "dealer": dealer_of_board(board.number),
                            "vulnerable": vulnerable_on_board(board.number)}
    if top is not None:
        line["top"] = top
    values: tuple[matchpoints.Scored | imps.Imped | None, ...]
    if isinstance(scores, BoardImps):
        ns, ew = "ns_imps", "ew_imps"
        values = scores.imped
    else:
        assert isinstance(scores, BoardMatchpoints) and most is not None
        ns, ew = "ns_mp", "ew_mp"
        values = scores.scored(most)
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
