"""Duplicate session speed: recompute a session's results (every board's matchpoints or
cross-IMPs, every pair's total, percentage and rank) from its checked results.

Run: .venv/bin/python tests/benchmarks/bench_sessions.py   (targets, issue 39: under 50 ms for
30 tables x 27 boards, under 1 s for 1,000 tables x 36 boards; reading and checking the file
is timed apart)
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

from scorekeeper.games.bridge.session.answer import results_of  # noqa: E402
from scorekeeper.games.bridge.session.reading import read_session  # noqa: E402

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


def from_store(data: dict[str, Any]) -> tuple[float, float]:
    """The app's path: the session stored, then loaded from SQLite, checked and recomputed
    (``service.sessions.load_session``, what every page and GET does); and the same version
    loaded again (kept in the process)."""
    import tempfile

    from sqlite_utils import Database

    from scorekeeper.engine.games import GAMES
    from scorekeeper.service import sessions
    from scorekeeper.store.db import migrate

    if "bridge" not in GAMES or GAMES["bridge"].session is None:
        sys.path.insert(0, str(ROOT / "tests"))
        from support import bridge_session

        GAMES["bridge"] = bridge_session.GAME
    with tempfile.TemporaryDirectory() as folder:
        db = Database(f"{folder}/bench.db")
        migrate(db)
        created = sessions.create_session(db, data)
        assert created.session_id is not None, created.problems
        def cold() -> None:
            sessions._LOADED.clear()
            sessions.load_session(db, str(created.session_id))

        took = best_of(3, cold)
        kept = best_of(3, lambda: sessions.load_session(db, str(created.session_id)))
        db.conn.close()
    return took, kept


def main() -> None:
    failed = False
    for (tables, boards), target in TARGETS.items():
        for scoring in ("matchpoints", "imps"):
            data = session(tables, boards, scoring)
            read = best_of(3, lambda data=data: read_session(data))  # type: ignore[misc]
            checked, problems = read_session(data)
            assert checked is not None, problems
            took = best_of(5, lambda checked=checked: results_of(checked))  # type: ignore[misc]
            ok = took < target
            failed |= not ok
            stored, kept = from_store(data)
            print(f"{tables:>5} tables x {boards} boards, {scoring:<11}: recompute "
                  f"{took * 1000:7.1f} ms (target {target * 1000:.0f} ms) "
                  f"{'ok' if ok else 'SLOW'}; read and check {read * 1000:7.1f} ms; "
                  f"from the store (load, check, recompute) {stored * 1000:7.1f} ms; "
                  f"that version again {kept * 1000:5.2f} ms")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
