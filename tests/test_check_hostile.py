"""``scorekeeper check`` never crashes (issue 10, finding 6): every file gets its JSON line,
``ok: false`` with the reason, and the exit status is the one spec/match-format.md gives (0 all
valid, 1 some invalid, 2 unreadable). Hostile files by hand, then random ones (hypothesis),
through the real command and through ``check_text``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.helpers import euchre_match

from scorekeeper.cli.check import check_text

ROOT = Path(__file__).resolve().parents[1]

HOSTILE = {
    "deep.json": "[" * 100_000 + "]" * 100_000,
    "deep-object.json": '{"a":' * 20_000 + "1" + "}" * 20_000,
    "surrogate-name.json": json.dumps(euchre_match()).replace('"Ann"', '"\\ud800"'),
    "surrogate-key.json": '{"\\udc00": 1, "format": "scorekeeper-match/1"}',
    "game-object.json": json.dumps({**euchre_match(), "game": {}}),
    "game-list.json": json.dumps({**euchre_match(), "game": []}),
    "target-1e309.json": json.dumps(euchre_match(rules={"target": 5})).replace(
        '"target": 5', '"target": 1e309'),
    "target-huge.json": json.dumps(euchre_match(rules={"target": 10**300})),
    "wrong-types.json": '{"format": [], "game": 1, "seats": "x", "hands": {}, "rules": []}',
    "huge.json": '{"x": "' + "a" * (2 * 1024 * 1024) + '"}',
    "egn-game-object.egn": '{"fileType": "Euchre Game Notation", "metadata": {"players": {}},'
                           ' "deals": {}}',
    "emn-junk.emn": '{"fileType": "Euchre Match Notation", "games": [[], {}, 1, null]}',
}


def run_check(*files: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scorekeeper", "check", *map(str, files)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)


def test_every_hostile_file_gets_its_line_and_the_rest_are_still_checked(tmp_path):
    names = []
    for name, text in HOSTILE.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        names.append(tmp_path / name)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(euchre_match()), encoding="utf-8")
    done = run_check(*names, good)
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["file"] for line in lines] == [str(n) for n in [*names, good]]
    for line in lines[:-1]:
        assert line["ok"] is False, line
        assert line["errors"] and all(e["message"] for e in line["errors"])
    assert lines[-1]["ok"] is True
    assert done.returncode == 1  # invalid files, none unreadable


def test_the_reasons_say_what_is_wrong(tmp_path):
    lines = {}
    for name in ("deep.json", "surrogate-name.json", "game-object.json", "target-1e309.json",
                 "target-huge.json", "huge.json"):
        line, status = check_text(HOSTILE[name], name)
        assert status == 1
        lines[name] = line["errors"][0]["message"]
    assert "deep" in lines["deep.json"]
    assert "Unicode" in lines["surrogate-name.json"]
    assert "euchre" in lines["game-object.json"]
    assert "number" in lines["target-1e309.json"]
    assert "number" in lines["target-huge.json"]
    assert "larger than" in lines["huge.json"]


def test_unreadable_and_not_json_are_status_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe not utf-8")
    nojson = tmp_path / "nojson.json"
    nojson.write_text("{nope")
    done = run_check(bad, nojson, tmp_path / "missing.json")
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == 3 and not any(line["ok"] for line in lines)
    assert done.returncode == 2


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats()
    | st.text(st.characters(codec=None), max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.text(st.characters(codec=None), max_size=8), inner, max_size=4),
    max_leaves=25,
)
match_shaped = st.fixed_dictionaries(
    {"format": st.sampled_from(["scorekeeper-match/1", 1, None]),
     "game": st.one_of(st.sampled_from(["euchre", "whist"]), json_values),
     "seats": st.one_of(st.just({"N": "a", "E": "b", "S": "c", "W": "d"}), json_values)},
    optional={"rules": st.one_of(json_values, st.dictionaries(
        st.sampled_from(["target", "deals", "honours", "rubber", "lone_march_points"]),
        json_values)), "hands": st.lists(json_values, max_size=4), "teams": json_values,
        "first_dealer": json_values, "start_score": json_values},
)
egn_shaped = st.fixed_dictionaries(
    {"fileType": st.sampled_from(["Euchre Game Notation", "Euchre Match Notation"])},
    optional={"metadata": json_values, "deals": json_values, "games": json_values,
              "version": json_values},
)


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


texts = st.one_of(
    json_values.map(lambda v: json.dumps(v, allow_nan=True)),
    match_shaped.map(lambda v: json.dumps(v, allow_nan=True)),
    egn_shaped.map(lambda v: json.dumps(v, allow_nan=True)),
    st.integers(1, 5000).map(nested),
    st.text(max_size=200),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=texts, name=st.sampled_from(["m.json", "m.egn", "m.emn", "-"]))
def test_check_text_never_raises(text, name):
    line, status = check_text(text, name)
    assert status in (0, 1, 2)
    assert line["file"] == name
    json.dumps(line)  # the line can always be written
    if status:
        assert line["ok"] is False and line["errors"]
        # the last line of defence in check_text never had to catch anything
        assert not any("could not be checked" in e["message"] for e in line["errors"]), line
