"""What a check of a session file keeps for the next (issue 41): each board's results as the
file had them and as read, their scores, the pairs' totals and printed numbers; and the
reading again of only the boards whose results changed (:func:`reread`). At 1,000 tables a
whole check reads 36,000 results, and a result entered changes one board. Anything else (a
change to the file but its results, or any problem) is read whole, so the answer and its
problems are always exactly the whole check's (:mod:`.answer`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from operator import itemgetter
from typing import Any

from .imps import BoardImps
from .matchpoints import BoardMatchpoints
from .messages import SessionProblem
from .reading import MAX_RESULTS, Head, Result, read_head, read_result, read_results
from .standing import Share, Standing

Side = tuple[str, str]  # (pair, "NS" or "EW")
ZERO = Fraction(0)
BLOCK = 256  # results compared at once
BOARD = itemgetter("board")


@dataclass(frozen=True, slots=True)
class Printed:
    """A pair's total, its top (matchpoints) and whether it played, and the value it ranks by
    and its numbers as the answer prints them: made again only when the first three change."""

    total: Fraction
    top: int
    played: bool
    value: Fraction
    own: dict[str, Any]
    rough: float  # the value as a float: ranks sort on it first (ranking.descending)


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a checked session: its results as the file has them (``raw``) and as read
    (``results``, each once: a result kept from an earlier check keeps its old place), its
    scores, and its answer line when no other board can change it (None: made each time; a
    line of matchpoints is for the session's most results then, ``line_at``)."""

    number: int
    raw: tuple[object, ...]
    results: tuple[Result, ...]
    scores: BoardMatchpoints | BoardImps | None = None
    line: dict[str, Any] | None = None
    shares: Mapping[str, Share] | None = None  # each pair's points here (standing.py)
    line_at: int = 0  # the most results its matchpoints ``line`` was factored to


@dataclass(frozen=True, slots=True)
class Checked:
    """What a check of an ``ok`` session keeps for the next check of it: the file but its
    results (as it came, to see that only results changed), every result as it came, each board
    read and scored, and how often each pair sat each way."""

    head: dict[str, Any]
    read: Head
    raw: tuple[object, ...]
    boards: Mapping[int, Board]
    sides: Counter[Side]
    standing: Standing | None = None  # the pairs' totals the last answer had
    pairs: Mapping[str, Printed] = field(default_factory=dict)  # each pair's numbers then
    fields: tuple[frozenset[Side], dict[str, str | None]] | None = None  # directions then


def read_whole(data: object) -> Checked | list[SessionProblem]:
    """Every result read; the problems when there are any."""
    read, problems = read_head(data)
    if read is None or not isinstance(data, dict):
        return problems
    raw = data.get("results", [])
    results = read_results(raw, read.named, read.records, read.movement, problems)
    if problems:
        return problems
    assert isinstance(raw, list)  # each result read, none refused: raw[i] is results[i]'s
    by_board: dict[int, list[int]] = defaultdict(list)
    for i, result in enumerate(results):
        by_board[result.board].append(i)
    boards = {n: Board(n, tuple(raw[i] for i in at), tuple(results[i] for i in at))
              for n, at in by_board.items()}
    return Checked(_head(data), read, tuple(raw), boards, _sides(results))


def _head(data: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "results"}


def _sides(results: Iterable[Result]) -> Counter[Side]:
    sides: Counter[Side] = Counter()
    for result in results:
        sides[(result.ns, "NS")] += 1
        sides[(result.ew, "EW")] += 1
    return sides


def _same(a: object, b: object) -> bool:
    return a is b or a == b


def _pair_order(head: Mapping[str, Any]) -> list[str]:
    pairs = head.get("pairs")
    return list(pairs) if isinstance(pairs, dict) else []


def reread(data: object, before: Checked) -> Checked | None:
    """The session read again from ``before`` for the boards whose results changed; None when
    it must be read whole (the file changed but its results, or a changed board has a
    problem: the whole check says it, in its words and order)."""
    if not isinstance(data, dict):
        return None
    raw = data.get("results")
    if not isinstance(raw, list) or len(raw) > MAX_RESULTS:
        return None
    head = _head(data)
    if head != before.head or _pair_order(head) != _pair_order(before.head):
        return None  # the pairs' order is the ranking's order between equals
    changed = _changed_boards(raw, before.raw)
    if changed is None:
        return None
    if not changed:
        return replace(before, raw=tuple(raw))
    groups: dict[int, list[tuple[int, object]]] = {n: [] for n in changed}
    numbers = list(map(BOARD, raw))  # every item is a dict with an int board by now
    for i in [i for i, n in enumerate(numbers) if n in changed]:
        groups[numbers[i]].append((i + 1, raw[i]))
    boards = dict(before.boards)
    sides = before.sides.copy()
    for number, items in groups.items():
        old = before.boards.get(number)
        board = _reread_board(number, items, old, before.read)
        if board is None:
            return None
        if board is old:
            continue
        if old is not None:
            sides.subtract(_sides(old.results))
        sides.update(_sides(board.results))
        if board.results:
            boards[number] = board
        else:
            boards.pop(number, None)
        if before.read.movement == "mitchell" and any(
                sides[(p, "NS")] > 0 and sides[(p, "EW")] > 0
                for r in board.results for p in (r.ns, r.ew)):
            return None  # a pair that changed direction: the whole check says where
    return replace(before, raw=tuple(raw), boards=boards, sides=+sides)


def _changed_boards(raw: list[Any], old: tuple[object, ...]) -> set[int] | None:
    """The boards of the results not at their place before (new, gone, moved or changed);
    None for a result that is not an object with a whole board number. Compared a block at a
    time (a list compare is C's, and takes an object as equal to itself first): a change
    reads 36,000 results' places in blocks, not one by one."""
    changed: set[int] = set()
    kept = min(len(raw), len(old))
    for start in range(0, kept, BLOCK):
        end = min(start + BLOCK, kept)
        if raw[start:end] == list(old[start:end]):
            continue
        for i in range(start, end):
            item = raw[i]
            if item is old[i] or item == old[i]:
                continue
            board = item.get("board") if type(item) is dict else None
            if type(board) is not int:
                return None
            changed.update((board, _board_of(old[i])))
    for item in raw[kept:]:
        board = item.get("board") if type(item) is dict else None
        if type(board) is not int:
            return None
        changed.add(board)
    changed.update(_board_of(item) for item in old[kept:])
    return changed


def _board_of(item: object) -> int:
    assert isinstance(item, dict)  # a result that was read: an object with a board number
    return int(item["board"])


def _reread_board(number: int, items: list[tuple[int, object]], old: Board | None,
                  read: Head) -> Board | None:
    """Board ``number`` with ``items`` (each with its place in the file): ``old`` itself when
    they are its results, else read again (each result the same as at its place before kept
    as it was read); None for a problem."""
    old_raw = old.raw if old is not None else ()
    if len(items) == len(old_raw) and all(_same(item, was)
                                          for (_, item), was in zip(items, old_raw, strict=True)):
        return old
    results: list[Result] = []
    problems: list[SessionProblem] = []
    for k, (place, item) in enumerate(items):
        if old is not None and k < len(old_raw) and _same(item, old_raw[k]):
            results.append(old.results[k])
            continue
        found = read_result(place, item, read.named, read.records, problems)
        if found is None:
            return None
        results.append(found)
    seen: set[str] = set()
    for result in results:  # a pair twice on a board
        if result.ns in seen or result.ew in seen:
            return None
        seen.update((result.ns, result.ew))
    return Board(number, tuple(item for _, item in items), tuple(results))
