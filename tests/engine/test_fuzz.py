"""Whatever JSON arrives, the engine answers with problems or a state, never an exception."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from support.helpers import SEATS

from scorekeeper.engine.matchfile import check_match

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=6)
    | st.sampled_from(["N", "E", "S", "W", "NS", "EW", "JD", "10H", "AS", "9C", "H", "S"]),
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)
EUCHRE_KEYS = ["dealer", "caller", "round", "turn_up", "trump", "alone", "defender_alone",
               "makers_tricks", "passed", "renege", "discard", "deal", "play", "note"]
WHIST_KEYS = ["dealer", "trump", "turn_up", "tricks_NS", "honours_NS", "revoke", "deal", "play"]


def hands(keys):
    return st.lists(st.dictionaries(st.sampled_from(keys), JSON, max_size=6), max_size=4)


@settings(max_examples=100, deadline=None)
@given(JSON)
def test_any_json_is_answered(data):
    result = check_match(data)
    assert result.ok is (result.state is not None)


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(["euchre", "whist"]), st.data())
def test_any_hand_fields_are_answered(game, data):
    keys = EUCHRE_KEYS if game == "euchre" else WHIST_KEYS
    rules = data.draw(st.dictionaries(
        st.sampled_from(["target", "deals", "stick_the_dealer", "defend_alone",
                         "canadian_loner", "honours", "rubber", "lone_lead"]), JSON, max_size=2))
    match = {"format": "scorekeeper-match/1", "game": game, "seats": SEATS, "rules": rules,
             "hands": data.draw(hands(keys))}
    result = check_match(match)
    for problem in result.problems:
        assert problem.message
        assert not re.search(r"\{[a-z_]+\}", problem.message), problem.message
        json_ = problem.as_json()
        assert set(json_) <= {"hand", "field", "message", "trick"}
