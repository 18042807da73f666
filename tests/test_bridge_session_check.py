"""``scorekeeper check`` on session files (spec/bridge.md): golden sessions with their expected
line, and refused sessions, each problem in the spec's shape. Bridge is registered here by a
test stand-in (tests/support/bridge_session.py) carrying the real session part."""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import bridge_session

from scorekeeper.cli import check as check_cli
from scorekeeper.engine.games import GAMES

SESSIONS = Path(__file__).parent / "data" / "sessions"
GOLDEN = sorted(p.name for p in SESSIONS.glob("*.json") if not p.name.endswith(".out.json"))
ROOT = Path(__file__).parent.parent


@pytest.fixture
def bridge(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "bridge", bridge_session.GAME)


def run(capsys: pytest.CaptureFixture[str], *files: str) -> tuple[int, list[dict[str, Any]]]:
    status = check_cli.main(list(files))
    return status, [json.loads(line) for line in capsys.readouterr().out.splitlines()]


@pytest.mark.parametrize("name", GOLDEN)
def test_golden_sessions(bridge: None, capsys: pytest.CaptureFixture[str], name: str) -> None:
    status, [line] = run(capsys, str(SESSIONS / name))
    expected_file = SESSIONS / name.replace(".json", ".out.json")
    if os.environ.get("UPDATE_GOLDEN"):
        expected_file.write_text(json.dumps({**line, "file": name}, indent=1,
                                            ensure_ascii=False) + "\n")
    expected = json.loads(expected_file.read_text())
    assert status == 0
    assert {**line, "file": name} == expected


def test_the_golden_mitchell_is_seven_tables_of_28_boards(
        bridge: None, capsys: pytest.CaptureFixture[str]) -> None:
    _, [line] = run(capsys, str(SESSIONS / "mitchell-7-tables.json"))
    assert [b["board"] for b in line["boards"]] == list(range(1, 29))
    assert {len(b["results"]) for b in line["boards"]} == {7}
    assert {b["top"] for b in line["boards"]} == {6}
    assert [p["direction"] for p in line["pairs"]] == ["NS"] * 7 + ["EW"] * 7
    for board in line["boards"]:
        for result in board["results"]:
            if "adjusted" not in result:
                assert result["ns_mp"] + result["ew_mp"] == pytest.approx(6, abs=0.011)


def test_without_bridge_registered_a_session_is_refused_by_name() -> None:
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "check",
                           str(SESSIONS / "spec-example.json")], cwd=ROOT,
                          capture_output=True, text=True, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    line = json.loads(done.stdout)
    if "bridge" in GAMES and GAMES["bridge"].session is not None:  # the real game, merged
        assert done.returncode == 0 and line["ok"]
        return
    assert done.returncode == 1
    assert line["errors"][0]["field"] == "game"
    assert "duplicate sessions" in line["errors"][0]["message"]


# --- refused sessions -----------------------------------------------------------------------

def example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SESSIONS / "spec-example.json").read_text())
    data["boards"] = {"1": {"deal": {
        "N": ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"],
        "E": ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"],
        "S": ["AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "2D"],
        "W": ["AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C"]}}}
    return data


Change = Callable[[dict[str, Any]], object]


def setting(*path: Any, value: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        if isinstance(target, list) and path[-1] == len(target):
            target.append(value)
        else:
            target[path[-1]] = value
    return change


def removing(*path: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return change


R1 = ("results", 0)
REFUSED: list[tuple[str, Change, list[tuple[int | None, int | None, str | None, str]]]] = [
    ("format", setting("format", value="scorekeeper-session/2"), [(None, None, "format",
                                                                    "format must be one of")]),
    ("no pairs", removing("pairs"), [(None, None, "pairs", "\"pairs\" is required")]),
    ("scoring", setting("scoring", value="rubber"), [(None, None, "scoring", "matchpoints, imps")]),
    ("movement", setting("movement", value="swiss"), [(None, None, "movement", "mitchell")]),
    ("averages", setting("averages", value="60"), [(None, None, "averages", "fixed")]),
    ("date", setting("date", value="2026-02-30"), [(None, None, "date", "2026-02-30")]),
    ("unknown key", setting("colour", value="red"), [(None, None, "colour", "unknown key")]),
    ("one name", setting("pairs", "N1", value=["Ann"]), [(None, None, "pairs", "pair N1")]),
    ("pair id", setting("pairs", "N 1", value=["A", "B"]), [(None, None, "pairs", "pair id")]),
    ("board deal", setting("boards", "2", value={"deal": {"N": []}}),
     [(2, None, "deal", "N, E, S and W")]),
    ("board dealer", setting("boards", "1", "dealer", value="E"),
     [(1, None, "dealer", "board 1's dealer is N by its number, not \"E\"")]),
    ("board vulnerable", setting("boards", "1", "vulnerable", value="both"),
     [(1, None, "vulnerable", "vulnerable is none")]),
    ("board number", setting("boards", "0", value={}), [(None, None, "boards", "board number")]),
    ("tricks", setting(*R1, "tricks", value=14), [(1, 1, "tricks", "0 to 13")]),
    ("tricks text", setting(*R1, "tricks", value="10"), [(1, 1, "tricks", "\"10\"")]),
    ("contract", setting(*R1, "contract", value="8H"), [(1, 1, "contract", "\"8H\"")]),
    ("declarer", setting(*R1, "declarer", value="X"), [(1, 1, "declarer", "a seat")]),
    ("no tricks", removing(*R1, "tricks"), [(1, 1, "tricks", "tricks taken")]),
    ("lead", setting(*R1, "lead", value="KZ"), [(1, 1, "lead", "not a card")]),
    ("unknown field", setting(*R1, "honours", value=100), [(1, 1, "honours", "unknown field")]),
    ("board", setting(*R1, "board", value=0), [(None, 1, "board", "board number")]),
    ("round", setting(*R1, "round", value=0), [(1, 1, "round", "1 to 5000, not 0")]),
    ("table", setting(*R1, "table", value=2.5), [(1, 1, "table", "not 2.5")]),
    ("unknown pair", setting(*R1, "ns", value="N9"), [(1, 1, "ns", "no pair \"N9\"")]),
    ("same pair", setting(*R1, "ew", value="N1"), [(1, 1, "ew", "N1")]),
    ("played twice", setting("results", 1, "ns", value="N1"),
     [(1, 2, "ns", "N1 already played board 1 (result 1)")]),
    ("changed direction", setting("results", 4, value={
        "board": 3, "ns": "E1", "ew": "N2", "passed": True}),
     [(3, 5, "ns", "pair E1 sat EW in result 1"), (3, 5, "ew", "pair N2 sat NS in result 2")]),
    ("passed and contract", setting("results", 2, "contract", value="1NT"),
     [(2, 3, "contract", "passed-out deal")]),
    ("adjusted and deal", setting("results", 3, "tricks", value=8),
     [(2, 4, "tricks", "not both")]),
    ("adjusted", setting("results", 3, "adjusted", value={"ns": "B"}),
     [(2, 4, "adjusted", "A+, A or A-")]),
    ("deal differs", setting(*R1, "deal", value={
        "N": ["AH", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"],
        "E": ["AS", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"],
        "S": ["AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "2D"],
        "W": ["AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C"]}),
     [(1, 1, "deal", "board 1's hand record")]),
    ("results", setting("results", value={}), [(None, None, "results", "a list")]),
]


@pytest.mark.parametrize(("change", "errors"), [(c, e) for _, c, e in REFUSED],
                         ids=[name for name, _, _ in REFUSED])
def test_refused_sessions(bridge: None, capsys: pytest.CaptureFixture[str], tmp_path: Path,
                          change: Change, errors: list[tuple[Any, Any, Any, str]]) -> None:
    data = copy.deepcopy(example())
    change(data)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    status, [line] = run(capsys, str(path))
    assert status == 1
    assert line["ok"] is False and line["file"] == str(path)
    assert [set(e) for e in line["errors"]] == [{"board", "result", "field", "message"}] * len(
        errors)
    for error, (board, result, field, words) in zip(line["errors"], errors, strict=True):
        assert (error["board"], error["result"], error["field"]) == (board, result, field)
        assert words in error["message"]


def test_the_unrefused_example_is_ok(bridge: None, capsys: pytest.CaptureFixture[str],
                                     tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(example()))
    status, [line] = run(capsys, str(path))
    assert status == 0 and line["ok"]


# --- anything at all ------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.sampled_from(["N1", "E1", "A+", "4H", "S", "bridge"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["board", "ns", "ew", "contract", "declarer", "tricks", "passed",
                         "adjusted", "deal", "lead", "pairs", "results", "boards", "N", "x"]),
        inner, max_size=4),
    max_leaves=12)
PLACES = st.sampled_from([("scoring",), ("movement",), ("pairs",), ("pairs", "N1"),
                          ("boards",), ("boards", "1"), ("boards", "1", "deal"),
                          ("boards", "1", "deal", "N"), ("results",), ("results", 0),
                          ("results", 0, "board"), ("results", 0, "tricks"),
                          ("results", 1, "contract"), ("results", 2, "passed"),
                          ("results", 3, "adjusted"), ("results", 3, "adjusted", "ns"),
                          ("results", 0, "deal")])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(PLACES, JSON), min_size=1, max_size=3))
def test_any_broken_session_gets_errors_in_the_spec_shape(
        changes: list[tuple[tuple[Any, ...], Any]]) -> None:
    from scorekeeper.games.bridge.session import check_session

    data: Any = example()
    for path, value in changes:
        target = data
        for key in path[:-1]:
            try:
                target = target[key]
            except (KeyError, IndexError, TypeError):
                break
        else:
            try:
                target[path[-1]] = value
            except (IndexError, TypeError):
                pass
    answer, _ = check_session(data)  # never raises
    if answer["ok"]:
        assert {"boards", "pairs"} <= set(answer)
        json.dumps(answer)
        return
    assert answer["errors"]
    for error in answer["errors"]:
        assert set(error) == {"board", "result", "field", "message"}
        assert isinstance(error["message"], str) and error["message"]
        assert not re.search(r"\{[a-z_]+\}", error["message"])  # every placeholder filled
