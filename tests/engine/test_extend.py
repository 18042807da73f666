"""A save continues the replay from the kept state (``check_next``) instead of replaying the
whole match: for every prefix of every golden match, and for hypothesis' reshuffles of their
hands (hands dropped, repeated, reordered or spoilt), continuing by one hand gives exactly what
the full replay gives — the state, its JSON and the problems."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.matchfile import CheckResult, check_match, check_next

FOLDER = Path(__file__).resolve().parents[1] / "data" / "golden" / "matches"
MATCHES = {p.stem: json.loads(p.read_text()) for p in sorted(FOLDER.glob("*.json"))
           if p.suffixes == [".json"]}


def same(continued: CheckResult, replayed: CheckResult) -> None:
    assert continued.ok == replayed.ok
    assert [p.as_json() for p in continued.problems] == [p.as_json() for p in replayed.problems]
    if replayed.ok:
        assert continued.state == replayed.state
        assert continued.state.as_json() == replayed.state.as_json()
        assert continued.match == replayed.match


def walk(match: dict) -> int:
    """Continue hand by hand while the prefix is legal, comparing each step with a replay."""
    hands = match["hands"]
    previous = check_match({**match, "hands": []})
    steps = 0
    for k, hand in enumerate(hands, 1):
        if not previous.ok:
            break
        kept = copy.deepcopy(previous.state.as_json())
        continued = check_next(previous, hand)
        same(continued, check_match({**match, "hands": hands[:k]}))
        assert previous.state.as_json() == kept  # the kept state is shared: never changed
        previous, steps = continued, k
    return steps


def test_every_golden_match_continues_as_it_replays():
    assert len(MATCHES) >= 6
    for name, match in MATCHES.items():
        assert walk(match) == len(match["hands"]), name


SPOIL = st.sampled_from([None, "dealer", "drop_key", "junk"])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(MATCHES)), st.lists(st.tuples(st.integers(0, 40), SPOIL),
                                                  max_size=25))
def test_reshuffled_hands_continue_as_they_replay(name, picks):
    match = MATCHES[name]
    source = match["hands"]
    hands = []
    for index, spoil in picks:
        hand = copy.deepcopy(source[index % len(source)])
        hand.pop("dealer", None)  # a reordered hand would carry the wrong dealer
        if spoil == "dealer":
            hand["dealer"] = "Q"
        elif spoil == "drop_key" and hand:
            hand.pop(sorted(hand)[0])
        elif spoil == "junk":
            hand["makers_tricks"] = "many"
        hands.append(hand)
    walk({**match, "hands": hands})
