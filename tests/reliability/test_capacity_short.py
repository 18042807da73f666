"""The capacity benchmark (tests/benchmarks/capacity.py) in a short form: 40 tables for a few
seconds against the real server, so the script keeps working; nothing may fail, be lost or be
doubled. The benchmark itself (1,000 tables and more, a minute each): ``.venv/bin/python
tests/benchmarks/capacity.py`` (docs/performance.md)."""

from __future__ import annotations

import threading

import pytest
from support.reliability import benchmark_script

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("api", [False, True], ids=["live part", "json and page"])
def test_a_short_club_night_loses_nothing(api):
    capacity = benchmark_script("capacity")
    argv = ["--tables", "40", "--duration", "4", "--warmup", "3", "--workers", "2"]
    args = capacity.build_parser().parse_args(argv + (["--api"] if api else []))
    got: list = []
    # On a thread of its own: the benchmark runs asyncio, and the browser tests' Playwright
    # keeps an event loop running in the main thread.
    runner = threading.Thread(target=lambda: got.append(capacity.run_level(args, 40)))
    runner.start()
    runner.join(timeout=120)
    assert got, "the short capacity run did not finish"
    outcome = got[0]
    report = "\n".join(outcome.lines)
    assert outcome.errors == 0, report  # includes any hand lost or doubled in the file
    assert "lost 0, doubled 0" in report
    assert outcome.counts.get("poll", 0) > 40 * 4, report  # every phone polled
