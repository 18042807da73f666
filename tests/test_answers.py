"""A recorded hand's answer, joined from each hand's kept entry text, is byte for byte the
whole answer encoded at once (service/answers.py), for every game and every hand of the golden
matches, and whatever a hand's note holds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import store
from scorekeeper.engine.matchfile import check_match, check_next
from scorekeeper.service import answers

FOLDER = Path(__file__).resolve().parent / "data" / "golden" / "matches"
NAMES = sorted(p.stem for p in FOLDER.glob("*.json") if p.suffixes == [".json"])


def whole(hand: dict, state) -> str:
    return store.dumps({"hand": hand, "state": state.as_json()})


def joined(hand: dict, state) -> str:
    return answers.recorded(hand, state.as_json(), state)


@pytest.mark.parametrize("name", NAMES)
def test_every_hand_of_a_golden_match_answers_the_same_bytes(name: str):
    match = json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    hands = match["hands"]
    result = check_match({**match, "hands": []})
    assert result.ok
    for no, hand in enumerate(hands, start=1):
        result = check_next(result, {k: v for k, v in hand.items() if k != "no"})
        assert result.ok, result.problems
        answer = {**hand, "no": no}
        assert joined(answer, result.state) == whole(answer, result.state)
    assert len(result.state.hands) == len(hands)


@settings(max_examples=60, deadline=None)
@given(note=st.text(), extra=st.dictionaries(st.text(max_size=8), st.integers(), max_size=3))
def test_a_hand_holding_any_text_answers_the_same_bytes(note: str, extra: dict):
    # A note may hold the state's own keys and brackets: the join must not look inside it.
    match = json.loads((FOLDER / "euchre-full-game.json").read_text(encoding="utf-8"))
    first = {k: v for k, v in match["hands"][0].items() if k != "no"}
    result = check_next(check_match({**match, "hands": []}), first)
    answer = {**extra, **first, "no": 1, "note": note + '"hands":[],"state":{'}
    assert joined(answer, result.state) == whole(answer, result.state)
