"""The capacity benchmark (tests/benchmarks/capacity.py) in a short form: 40 tables for a few
seconds against the real server, so the script keeps working; nothing may fail, be lost or be
doubled. The benchmark itself (1,000 tables and more, a minute each): ``.venv/bin/python
tests/benchmarks/capacity.py`` (README "Speed")."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "capacity.py"


def capacity_module():
    name = "scorekeeper_capacity_script"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, SCRIPT)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.mark.parametrize("api", [False, True], ids=["live part", "json and page"])
def test_a_short_club_night_loses_nothing(api):
    capacity = capacity_module()
    argv = ["--tables", "40", "--duration", "4", "--warmup", "3", "--workers", "2"]
    args = capacity.build_parser().parse_args(argv + (["--api"] if api else []))
    outcome = capacity.run_level(args, 40)
    report = "\n".join(outcome.lines)
    assert outcome.errors == 0, report  # includes any hand lost or doubled in the file
    assert "lost 0, doubled 0" in report
    assert outcome.counts.get("poll", 0) > 40 * 4, report  # every phone polled
