"""`scorekeeper check`: one JSON line per file, exit 0 / 1 / 2, golden files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parent / "data" / "golden"


def check(*args: str, stdin: str | None = None, cwd: Path | None = None):
    proc = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "check", *args],
        input=stdin, capture_output=True, text=True, cwd=cwd, timeout=60, check=False,
    )
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    return proc.returncode, lines


@pytest.mark.parametrize("name", ["seed-euchre-000", "seed-whist-004"])
def test_golden_files(name):
    code, lines = check(f"{name}.json", cwd=GOLDEN)
    expected = json.loads((GOLDEN / f"{name}.expected.json").read_text(encoding="utf-8"))
    assert code == 0
    assert lines == [expected]


def test_one_line_per_file_and_worst_status(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "scorekeeper-match/1", "game": "euchre",
                               "seats": {"N": "a", "E": "b", "S": "c", "W": "d"},
                               "hands": [{"caller": "N", "makers_tricks": 6}]}))
    code, lines = check(str(GOLDEN / "seed-euchre-000.json"), str(bad))
    assert code == 1
    assert [line["ok"] for line in lines] == [True, False]
    assert lines[1] == {"file": str(bad), "ok": False, "errors": [
        {"hand": 1, "field": "makers_tricks", "message": "makers' tricks must be 0 to 5, got 6"}]}


def test_not_json_is_status_two_with_a_line(tmp_path):
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    code, lines = check(str(junk), str(GOLDEN / "seed-whist-004.json"))
    assert code == 2
    assert lines[0]["ok"] is False
    assert lines[0]["errors"][0]["hand"] is None
    assert lines[1]["ok"] is True


def test_missing_file_is_status_two(tmp_path):
    code, lines = check(str(tmp_path / "nope.json"))
    assert code == 2
    assert lines[0]["ok"] is False


def test_stdin():
    text = (GOLDEN / "seed-euchre-000.json").read_text(encoding="utf-8")
    code, lines = check("-", stdin=text)
    assert code == 0
    assert lines[0]["file"] == "-"
    assert lines[0]["score"] == {"NS": 2, "EW": 0}


def test_bad_usage_is_status_two():
    code, _ = check()
    assert code == 2


def test_writes_nothing(tmp_path):
    target = tmp_path / "m.json"
    target.write_text((GOLDEN / "seed-euchre-000.json").read_text(encoding="utf-8"))
    before = sorted(p.name for p in tmp_path.iterdir())
    check(str(target), cwd=tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == before


EGN = Path(__file__).resolve().parents[2] / "shared" / "data" / "egn"


def test_emn_match_checks_every_game():
    code, lines = check(str(EGN / "combination examples" / "MotE W5 Match.emn"))
    assert code == 0
    assert lines[0]["ok"] is True
    assert len(lines[0]["matches"]) == 6
    assert [m["winner"] for m in lines[0]["matches"]] == ["NS", "EW", "NS", "EW", "NS", "NS"]


def test_real_egn_game():
    code, lines = check(str(EGN / "Six Points in Two Hands.egn"))
    assert code == 0
    assert lines[0]["score"] == {"NS": 10, "EW": 9}
    assert lines[0]["winner"] == "NS"
    assert [h["result"] for h in lines[0]["hands"]] == ["alone_march", "march"]
