"""Properties of the engine, with hypothesis."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.deals import euchre_hand, whist_hand
from support.helpers import SEATS

from scorekeeper.engine.matchfile import check_match

SUMMARY = st.one_of(
    st.fixed_dictionaries({
        "caller": st.sampled_from("NESW"),
        "makers_tricks": st.integers(0, 5),
        "alone": st.booleans(),
    }),
    st.just({"passed": True}),
)
SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def euchre(hands, **rules):
    return check_match({"format": "scorekeeper-match/1", "game": "euchre", "seats": SEATS,
                        "rules": rules, "hands": hands})


@SETTINGS
@given(st.lists(SUMMARY, max_size=40))
def test_one_side_scores_and_the_score_is_the_sum(hands):
    result = euchre(hands, deals=300)
    assert result.ok
    total = {"NS": 0, "EW": 0}
    for entry in result.state.as_json()["hands"]:
        scored = [t for t, p in entry["points"].items() if p]
        if entry["result"] == "passed":
            assert scored == []
        else:
            assert len(scored) == 1
        for team in total:
            total[team] += entry["points"][team]
        assert entry["score"] == total
    assert result.state.score == total


@SETTINGS
@given(st.lists(SUMMARY, max_size=40))
def test_replay_is_deterministic(hands):
    first, second = euchre(hands), euchre(hands)
    assert first.ok == second.ok
    assert first.state == second.state
    assert [p.as_json() for p in first.problems] == [p.as_json() for p in second.problems]


@SETTINGS
@given(st.lists(SUMMARY, max_size=40))
def test_a_target_game_stops_at_the_target(hands):
    result = euchre(hands)
    if result.ok:
        scores = [h["score"] for h in result.state.as_json()["hands"]]
        assert all(max(s.values()) < 10 for s in scores[:-1])
        assert result.state.over == bool(scores and max(scores[-1].values()) >= 10)
    else:
        assert all(p.code == "hand.after_game_over" for p in result.problems)


@SETTINGS
@given(st.integers(0, 2**32), st.sampled_from(["dealer_left", "loner_left"]))
def test_random_legal_euchre_hands_replay_cleanly(seed, lone_lead):
    rng = random.Random(seed)
    hands = [euchre_hand(rng, "NESW"[i % 4], lone_lead=lone_lead) for i in range(4)]
    result = euchre(hands, deals=100, lone_lead=lone_lead)
    assert result.ok, [p.as_json() for p in result.problems]
    for entry in result.state.as_json()["hands"]:
        assert len(entry["trick_winners"]) == 5
        assert "renege" not in entry
        assert sum(entry["tricks"].values()) == 5


@SETTINGS
@given(st.integers(0, 2**32))
def test_random_legal_whist_deals_replay_cleanly(seed):
    rng = random.Random(seed)
    hand = whist_hand(rng, "N")
    result = check_match({"format": "scorekeeper-match/1", "game": "whist", "seats": SEATS,
                          "rules": {"honours": True}, "hands": [hand]})
    assert result.ok, [p.as_json() for p in result.problems]
    entry = result.state.as_json()["hands"][0]
    assert len(entry["trick_winners"]) == 13
    assert sum(entry["tricks"].values()) == 13


@SETTINGS
@given(st.integers(0, 2**32), st.booleans(), st.sampled_from(["euchre", "whist"]))
def test_a_random_illegal_play_is_caught(seed, keep_deal, game):
    rng = random.Random(seed)
    renege: list[tuple[str, int]] = []
    if game == "euchre":
        hand = euchre_hand(rng, "N", renege=renege)
    else:
        hand = whist_hand(rng, "N", renege=renege)
    if not renege:
        return
    if not keep_deal:
        del hand["deal"]
    seat, trick = renege[0]
    if game == "whist":
        hand["revoke"] = {"by": "NS" if seat in "NS" else "EW", "penalty": "add3"}
    result = check_match({"format": "scorekeeper-match/1", "game": game, "seats": SEATS,
                          "hands": [hand]})
    assert result.ok, [p.as_json() for p in result.problems]
    entry = result.state.as_json()["hands"][0]
    assert entry["renege"] == {"seat": seat, "trick": trick}
    assert entry["result"] == ("renege" if game == "euchre" else "revoke")
