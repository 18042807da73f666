"""A session checked again from what its last check kept (``recheck`` and ``rescore``, issue
41): after any
sequence of results entered, corrected, moved, removed or broken, and of changes to the rest
of the file, its answer and problems are exactly a whole check's, and only an ``ok`` check
keeps anything."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from scorekeeper.games.bridge.session.answer import (
    Checked,
    board_lines,
    check_session,
    recheck,
    rescore,
    standings,
)
from scorekeeper.games.bridge.session.messages import SessionProblem

SESSIONS = Path(__file__).parent / "data" / "sessions"

PAIRS = [f"{d}{n}" for d in "NE" for n in range(1, 5)]
PLAYED = st.fixed_dictionaries({
    "board": st.integers(1, 4), "ns": st.sampled_from(PAIRS), "ew": st.sampled_from(PAIRS),
    "contract": st.sampled_from(["1C", "2D", "3NT", "4H", "4SX", "6S", "7NTXX"]),
    "declarer": st.sampled_from("NESW"), "tricks": st.integers(0, 13)})
ADJUSTED = st.fixed_dictionaries({
    "board": st.integers(1, 4), "ns": st.sampled_from(PAIRS), "ew": st.sampled_from(PAIRS),
    "adjusted": st.fixed_dictionaries({"ns": st.sampled_from(["A+", "A", "A-"]),
                                       "ew": st.sampled_from(["A+", "A", "A-"])})})
PASSED = st.fixed_dictionaries({"board": st.integers(1, 4), "ns": st.sampled_from(PAIRS),
                                "ew": st.sampled_from(PAIRS), "passed": st.just(True)})
BROKEN = st.sampled_from([{"board": 0, "ns": "N1", "ew": "E1", "passed": True},
                          {"board": "2", "ns": "N1", "ew": "E1", "passed": True},
                          {"board": 1, "ns": "N9", "ew": "E1", "passed": True}, "result", None])
# mostly NS pairs against EW pairs, as a movement seats them, so most sessions are ok
SEATED = PLAYED.map(lambda r: r | {"ns": "N" + r["ns"][1:], "ew": "E" + r["ew"][1:]})
RESULT = st.one_of(SEATED, SEATED, SEATED, PLAYED, ADJUSTED, PASSED, BROKEN)

EDIT = st.one_of(
    st.tuples(st.just("add"), RESULT),
    st.tuples(st.just("put"), st.integers(0, 40), RESULT),
    st.tuples(st.just("drop"), st.integers(0, 40)),
    st.tuples(st.just("move"), st.integers(0, 40), st.integers(0, 40)),
    st.tuples(st.just("copy"), st.integers(0, 40)),  # an equal result, a new object
    st.tuples(st.just("head"), st.sampled_from([("scoring", "imps"), ("scoring", "matchpoints"),
                                                ("averages", "fixed"), ("movement", "none"),
                                                ("name", "Tuesday"), ("pairs", None)])),
)


def again(data: object, before: Checked | None
          ) -> tuple[dict[str, Any], list[SessionProblem], Checked | None]:
    """The answer, problems and what is kept, as the app checks a new version of a session."""
    problems, read = recheck(data, before)
    if read is None:
        return {"ok": False, "errors": [p.as_json() for p in problems]}, problems, None
    answer, kept = rescore(read)
    return answer, [], kept


def session(scoring: str, movement: str, results: list[Any]) -> dict[str, Any]:
    return {"format": "scorekeeper-session/1", "game": "bridge", "scoring": scoring,
            "movement": movement, "pairs": {p: [p + "a", p + "b"] for p in PAIRS},
            "results": results}


def edited(data: dict[str, Any], edit: tuple[Any, ...]) -> dict[str, Any]:
    """``data`` with one edit, as the app makes a new version: a new file whose unchanged
    results are the same objects."""
    out = {**data, "results": list(data["results"])}
    results = out["results"]
    kind = edit[0]
    if kind == "add":
        results.append(copy.deepcopy(edit[1]))
    elif kind == "head":
        key, value = edit[1]
        if key == "pairs":  # the same pairs in another order: the ranking's ties change
            out["pairs"] = dict(reversed(list(data["pairs"].items())))
        else:
            out[key] = value
    elif results:
        i = edit[1] % len(results)
        if kind == "put":
            results[i] = copy.deepcopy(edit[2])
        elif kind == "drop":
            del results[i]
        elif kind == "move":
            results.insert(edit[2] % len(results), results.pop(i))
        else:
            results[i] = copy.deepcopy(results[i])
    return out


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["matchpoints", "imps"]), st.sampled_from(["mitchell", "howell", "none"]),
       st.lists(SEATED, max_size=12), st.lists(EDIT, min_size=1, max_size=12))
def test_a_session_checked_again_is_checked_exactly(
        scoring: str, movement: str, results: list[Any], edits: list[tuple[Any, ...]]) -> None:
    data = session(scoring, movement, results)
    _answer, _problems, kept = again(data, None)
    for edit in edits:
        data = edited(data, edit)
        answer, problems, next_kept = again(data, kept)
        assert (answer, problems) == check_session(copy.deepcopy(data)), edit
        assert (next_kept is None) == (not answer["ok"])
        event("ok" if answer["ok"] else "refused")
        kept = next_kept if next_kept is not None else kept  # a refused change is not stored


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["matchpoints", "imps"]), st.sampled_from(["mitchell", "howell", "none"]),
       st.lists(SEATED, max_size=12),
       st.lists(st.tuples(EDIT, st.sampled_from(["nothing", "ranks", "all", "both"])),
                min_size=1, max_size=12))
def test_versions_scored_only_when_asked_are_checked_exactly(
        scoring: str, movement: str, results: list[Any],
        edits: list[tuple[tuple[Any, ...], str]]) -> None:
    """As the app loads versions (issue 41): each read from the read before it, scored only
    when a page asks, for its ranks alone (a wall) or whole; a board's lines alone are the
    whole answer's."""
    data = session(scoring, movement, results)
    _problems, before = recheck(data, None)
    for edit, asked in edits:
        data = edited(data, edit)
        problems, read = recheck(data, before)
        whole = check_session(copy.deepcopy(data))[0]
        if read is None:
            assert not whole["ok"] and problems
            continue  # a refused change is not stored
        lines = board_lines(read, tuple(b["board"] for b in whole["boards"]))
        if lines is not None:
            assert list(lines.values()) == whole["boards"], edit
        event("lines" if lines is not None else "lines need the pairs")
        if asked in ("ranks", "both"):
            ranks, read = standings(read)
            assert ranks == {k: v for k, v in whole.items() if k != "boards"}, edit
        if asked in ("all", "both"):
            answer, read = rescore(read)
            assert answer == whole, edit
        before = read


def test_a_golden_session_entered_result_by_result_scores_as_a_whole() -> None:
    checked = 0
    for path in sorted(SESSIONS.glob("*.json")):
        whole = json.loads(path.read_text())
        if path.name.endswith(".out.json") or not check_session(whole)[0].get("ok"):
            continue
        checked += 1
        data = {**whole, "results": []}
        kept: Checked | None = again(data, None)[2]
        for result in whole["results"]:
            data = {**data, "results": [*data["results"], result]}
            answer, problems, kept = again(data, kept)
            assert kept is not None and not problems
        assert answer == check_session(whole)[0], path.name
    assert checked >= 3


def test_nothing_changed_is_the_same_answer_without_reading() -> None:
    data = session("matchpoints", "mitchell", [
        {"board": 1, "ns": "N1", "ew": "E1", "contract": "3NT", "declarer": "N", "tricks": 9},
        {"board": 1, "ns": "N2", "ew": "E2", "contract": "4H", "declarer": "S", "tricks": 10}])
    answer, _problems, kept = again(data, None)
    assert kept is not None
    same, _problems, kept_again = again({**data, "results": list(data["results"])}, kept)
    assert same == answer
    assert kept_again is not None and kept_again.boards[1].results is kept.boards[1].results
