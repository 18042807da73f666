"""The load test (tests/benchmarks/load.py) in its short form: 8 tables for 5 s against the
real server; nothing may fail, be lost or be doubled. The full run (50 tables, 60 s):
``.venv/bin/python tests/benchmarks/load.py``."""

from __future__ import annotations

import pytest
from support.reliability import load

pytestmark = pytest.mark.slow


def test_short_load_run_loses_and_doubles_nothing():
    args = load.parse_args(["--short"])
    assert (args.tables, args.duration) == (load.SHORT_TABLES, load.SHORT_DURATION)
    result = load.run(args)
    assert result.ok, result.summary()
    assert result.errors == []
    assert result.lost == 0
    assert result.doubled == 0
    assert result.problems == []
    assert result.integrity == "ok"
    assert result.requests > 8 * 5  # every table really worked
    assert result.hands > 0 and result.matches >= 8
    assert result.ok


def test_main_exit_status_and_percentiles(monkeypatch, capsys):
    """``main`` returns 0 only when the run is clean (the run itself is stubbed here)."""
    clean = load.Result(tables=1, duration=1, elapsed=1.0, requests=4, errors=[], retries=0,
                        lost=0, doubled=0, problems=[], integrity="ok", matches=1, hands=2,
                        latencies={"record": [0.01, 0.02, 0.03, 0.04]})
    monkeypatch.setattr(load, "run", lambda args: clean)
    assert load.main(["--short"]) == 0
    out = capsys.readouterr().out
    assert "p99 ms" in out and "OK" in out
    monkeypatch.setattr(load, "run", lambda args: load.Result(
        **{**clean.__dict__, "lost": 1}))
    assert load.main(["--short"]) == 1
    assert load.percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.0
    assert load.percentile([1.0, 2.0, 3.0, 4.0], 99) == 4.0
    assert load.percentile([], 99) == 0.0
