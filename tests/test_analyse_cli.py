"""`scorekeeper analyse FILE [--hand N]`: one JSON line per hand with a card record."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from support.deals import euchre_hand, whist_hand
from support.egn_text import load_egn_text
from support.helpers import SHARED, euchre_match, whist_match
from support.helpers import euchre_hand as summary_hand

from scorekeeper.engine.analysis import analyse_match_hand


def analyse(*args: str, stdin: str | None = None):
    proc = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "analyse", *args],
        input=stdin, capture_output=True, text=True, timeout=120, check=False,
    )
    assert "Traceback" not in proc.stderr
    return proc.returncode, [json.loads(line) for line in proc.stdout.splitlines()], proc.stderr


def mixed_match() -> dict:
    rng = random.Random(8)
    return euchre_match(rules={"target": 30}, hands=[
        euchre_hand(rng, "N", alone=False), summary_hand("E", 3), {"passed": True},
        euchre_hand(rng, "W", alone=True)])


def test_one_line_per_hand_with_a_card_record(tmp_path):
    path = tmp_path / "m.json"
    match = mixed_match()
    path.write_text(json.dumps(match))
    code, lines, _ = analyse(str(path))
    assert code == 0
    assert [line["hand"] for line in lines] == [1, 4]
    assert lines == [analyse_match_hand(match, no)[0].as_json() for no in (1, 4)]
    assert len(lines[1]["after"]) == 16  # the lone hand: three-card tricks


def test_one_hand_and_standard_input(tmp_path):
    code, lines, _ = analyse("-", "--hand", "4", stdin=json.dumps(mixed_match()))
    assert code == 0 and [line["hand"] for line in lines] == [4]


def test_a_hand_without_a_card_record_asked_for_says_why(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps(mixed_match()))
    code, lines, _ = analyse(str(path), "--hand", "2")
    assert code == 1
    assert lines == [{"hand": 2, "ok": False, "errors": [
        {"hand": 2, "field": "play",
         "message": "this hand has no card record (play), so it can't be analysed"}]}]


def test_a_hand_beyond_the_last_is_bad_usage(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps(mixed_match()))
    code, lines, _ = analyse(str(path), "--hand", "9")
    assert code == 2
    assert lines[0]["ok"] is False
    assert lines[0]["errors"][0]["message"] == "there is no hand 9: the match has 4"


def test_an_egn_file_is_analysed_like_its_match():
    path = SHARED / "data" / "egn" / "VWEC Finals.egn"
    code, lines, _ = analyse(str(path))
    match, problems = load_egn_text(path.read_text(encoding="utf-8"))
    assert code == 0 and not problems
    assert len(lines) == len(match["hands"])
    for line in lines:
        assert line == analyse_match_hand(match, line["hand"])[0].as_json()
        assert line["after"][0] == line["par"]


@pytest.mark.parametrize(("content", "status", "words"), [
    ("{not json", 2, "not valid JSON"),
    (json.dumps({"format": "scorekeeper-match/1"}), 1, "required"),
    (json.dumps(whist_match(hands=[whist_hand(random.Random(1), "N")])), 1,
     "not analysed"),
])
def test_bad_files_get_a_clear_line_and_no_traceback(tmp_path, content, status, words):
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, lines, _ = analyse(str(path))
    assert code == status
    assert words in json.dumps(lines)


def test_an_unreadable_file_is_status_two(tmp_path):
    code, lines, _ = analyse(str(tmp_path / "missing.json"))
    assert code == 2 and "can't be read" in lines[0]["errors"][0]["message"]


def test_a_match_without_card_records_prints_nothing_and_says_so(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps(euchre_match(hands=[summary_hand("N", 4)])))
    code, lines, stderr = analyse(str(path))
    assert code == 0 and lines == []
    assert "no hand" in stderr


def test_the_match_notation_file_is_refused_with_a_reason():
    path = SHARED / "data" / "egn" / "combination examples" / "MotE W5 Match.emn"
    code, lines, _ = analyse(str(path))
    assert code == 1 and "6 games" in lines[0]["errors"][0]["message"]
