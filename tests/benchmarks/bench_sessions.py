"""Duplicate session speed: check a whole session (read every result, score every board's
matchpoints or cross-IMPs, every pair's total, percentage and rank), and check it again after
one result is entered (only that board read and scored again; issue 41).

Run: .venv/bin/python tests/benchmarks/bench_sessions.py   (targets, issue 39: under 50 ms for
30 tables x 27 boards, under 1 s for 1,000 tables x 36 boards; issue 41: a result entered at
1,000 tables well under a save's 100 ms). Through the store too: a whole load, the same
version again, a save (``enter_result``: judged in the write's lock, scored after it) and the
next version loaded by a process that kept the one before.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorekeeper.games.bridge.session.answer import (  # noqa: E402
    check_session,
    recheck,
    rescore,
    standings,
)

TARGETS = {(30, 27): 0.050, (1000, 36): 1.0}


def session(tables: int, boards: int, scoring: str, seed: int = 39) -> dict[str, Any]:
    """Every board played at every table (as a large event's sections all play the same
    boards), NS pair t against EW pair t + board, random contracts and tricks."""
    rng = random.Random(seed)
    results = []
    for board in range(1, boards + 1):
        for t in range(1, tables + 1):
            level = rng.choice([1, 2, 3, 4, 4, 6])
            results.append({
                "board": board, "ns": f"N{t}", "ew": f"E{(t + board) % tables + 1}",
                "contract": f"{level}{rng.choice(['C', 'D', 'H', 'S', 'NT'])}",
                "declarer": rng.choice("NESW"),
                "tricks": min(13, 6 + level + rng.choice([-2, -1, 0, 0, 1]))})
    pairs = {f"{d}{t}": ["A", "B"] for d in "NE" for t in range(1, tables + 1)}
    return {"format": "scorekeeper-session/1", "game": "bridge", "scoring": scoring,
            "movement": "mitchell", "pairs": pairs, "results": results}


def best_of(runs: int, fn: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def median_of(runs: int, fn: Callable[[int], object]) -> float:
    times = []
    for i in range(runs):
        start = time.perf_counter()
        fn(i)
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


def entered(data: dict[str, Any]) -> float:
    """One result entered at the end (each run another board's), checked again from what
    the check before kept."""
    problems, read = recheck(data, None)
    assert read is not None, problems
    _answer, kept = rescore(read)
    last = {k: v for k, v in data["results"][-1].items()}

    def enter(i: int) -> None:
        result = dict(last, tricks=(int(last["tricks"]) + i) % 14)
        changed = {**data, "results": [*data["results"][:-1], result]}
        found, again = recheck(changed, kept)
        assert again is not None, found
        rescore(again)

    return median_of(7, enter)


def new_most(data: dict[str, Any]) -> tuple[float, float]:
    """A result that makes a board the one with the most results (every other board is then
    factored to one more): the pairs' ranks alone (``standings``, a wall), and the whole
    answer (``rescore``), each from the check before."""
    last: dict[int, int] = {r["board"]: i for i, r in enumerate(data["results"])}
    short = {**data, "results": [r for i, r in enumerate(data["results"])
                                 if i not in last.values()]}
    back = {**data, "results": [*short["results"], data["results"][last[1]]]}
    problems, read = recheck(short, None)
    assert read is not None, problems
    _answer, kept = rescore(read)

    def asked(score: Callable[[Any], object]) -> Callable[[int], object]:
        def run(_i: int) -> None:
            found, again = recheck(back, kept)
            assert again is not None, found
            score(again)
        return run

    return median_of(5, asked(standings)), median_of(5, asked(rescore))


def from_store(data: dict[str, Any]) -> tuple[float, float, float, float]:
    """The app's path: the session stored, then loaded from SQLite, checked and scored whole
    (``service.sessions.load_session`` in a new process); the same version loaded again; a
    result saved (``enter_result``); and the version after a save loaded by another process
    that kept the one before it."""
    import tempfile

    from sqlite_utils import Database

    from scorekeeper.engine.games import GAMES
    from scorekeeper.service import session_loads, sessions
    from scorekeeper.store.db import migrate

    if "bridge" not in GAMES or GAMES["bridge"].session is None:
        sys.path.insert(0, str(ROOT / "tests"))
        from support import bridge_session

        GAMES["bridge"] = bridge_session.GAME
    with tempfile.TemporaryDirectory() as folder:
        db = Database(f"{folder}/bench.db")
        migrate(db)
        other = Database(f"{folder}/bench.db")  # another worker's connection
        created = sessions.create_session(db, data)
        session_id = str(created.session_id)
        assert created.session_id is not None, created.problems

        def cold() -> None:
            session_loads._LOADED.clear()
            sessions.load_session(db, session_id)

        took = best_of(3, cold)
        kept = best_of(3, lambda: sessions.load_session(db, session_id))
        last = data["results"][-1]
        saves, loads = [], []
        for i in range(7):
            loaded = sessions.load_session(db, session_id)
            assert loaded is not None
            result = dict(last, tricks=(int(last["tricks"]) + i + 1) % 14)
            start = time.perf_counter()
            outcome = sessions.enter_result(other, session_id, result)
            saves.append(time.perf_counter() - start)
            assert outcome.status.value in ("created", "changed"), outcome.problems
            # this process kept the version before: the new one is replayed from it
            session_loads._LOADED.pop((session_id, loaded.stored.version + 1), None)
            start = time.perf_counter()
            sessions.load_session(db, session_id)
            loads.append(time.perf_counter() - start)
        db.conn.close()
        other.conn.close()
    return took, kept, sorted(saves)[3], sorted(loads)[3]


def main() -> None:
    failed = False
    for (tables, boards), target in TARGETS.items():
        for scoring in ("matchpoints", "imps"):
            data = session(tables, boards, scoring)
            read = best_of(3, lambda data=data: recheck(data, None))  # type: ignore[misc]
            took = best_of(3, lambda data=data: check_session(data))  # type: ignore[misc]
            ok = took < target
            failed |= not ok
            one = entered(data)
            ranks, whole = new_most(data)
            stored, kept, save, replayed = from_store(data)
            print(f"{tables:>5} tables x {boards} boards, {scoring:<11}: whole check "
                  f"{took * 1000:7.1f} ms (target {target * 1000:.0f} ms) "
                  f"{'ok' if ok else 'SLOW'} (reading {read * 1000:.1f} ms); a result entered "
                  f"{one * 1000:5.1f} ms\n{'':>18}a new most results: the ranks "
                  f"{ranks * 1000:6.1f} ms, the whole answer {whole * 1000:6.1f} ms"
                  f"\n{'':>18}from the store: whole {stored * 1000:6.1f} ms,"
                  f" that version again {kept * 1000:5.2f} ms, a save {save * 1000:5.1f} ms, "
                  f"the next version {replayed * 1000:5.1f} ms")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
