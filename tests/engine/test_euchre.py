"""Euchre: every scoring row, every option, and the legality of hand records."""

from __future__ import annotations

import pytest
from support.engine_matches import errors, one, run


@pytest.mark.parametrize(("hand", "rules", "result", "points"), [
    # partners
    ({"caller": "N", "makers_tricks": 3}, {}, "made", {"NS": 1, "EW": 0}),
    ({"caller": "S", "makers_tricks": 4}, {}, "made", {"NS": 1, "EW": 0}),
    ({"caller": "E", "makers_tricks": 5}, {}, "march", {"NS": 0, "EW": 2}),
    ({"caller": "W", "makers_tricks": 2}, {}, "euchred", {"NS": 2, "EW": 0}),
    ({"caller": "W", "makers_tricks": 1}, {}, "euchred", {"NS": 2, "EW": 0}),
    ({"caller": "N", "makers_tricks": 0}, {}, "euchred", {"NS": 0, "EW": 2}),
    # alone
    ({"caller": "N", "alone": True, "makers_tricks": 3}, {}, "alone_made", {"NS": 1, "EW": 0}),
    ({"caller": "N", "alone": True, "makers_tricks": 4}, {}, "alone_made", {"NS": 1, "EW": 0}),
    ({"caller": "E", "alone": True, "makers_tricks": 5}, {}, "alone_march", {"NS": 0, "EW": 4}),
    ({"caller": "E", "alone": True, "makers_tricks": 5}, {"lone_march_points": 5},
     "alone_march", {"NS": 0, "EW": 5}),
    ({"caller": "E", "alone": True, "makers_tricks": 2}, {}, "euchred", {"NS": 2, "EW": 0}),
    ({"caller": "E", "alone": True, "makers_tricks": 0}, {"lone_euchre_points": 4},
     "euchred", {"NS": 4, "EW": 0}),
    # defending alone
    ({"caller": "E", "alone": True, "defender_alone": "N", "makers_tricks": 2},
     {"defend_alone": True}, "euchred", {"NS": 4, "EW": 0}),
    ({"caller": "E", "alone": True, "defender_alone": "S", "makers_tricks": 1},
     {"defend_alone": True, "lone_defender_points": 6}, "euchred", {"NS": 6, "EW": 0}),
    ({"caller": "E", "alone": True, "defender_alone": "N", "makers_tricks": 5},
     {"defend_alone": True}, "alone_march", {"NS": 0, "EW": 4}),
    ({"caller": "E", "alone": True, "defender_alone": "N", "makers_tricks": 3},
     {"defend_alone": True}, "alone_made", {"NS": 0, "EW": 1}),
    # reneges: the other side scores
    ({"caller": "N", "renege": "E"}, {}, "renege", {"NS": 2, "EW": 0}),
    ({"caller": "N", "renege": "S"}, {}, "renege", {"NS": 0, "EW": 2}),
    ({"caller": "N", "alone": True, "renege": "W"}, {}, "renege", {"NS": 4, "EW": 0}),
    ({"caller": "N", "alone": True, "renege": "N"}, {}, "renege", {"NS": 0, "EW": 4}),
    ({"caller": "N", "renege": "E", "makers_tricks": 1}, {"renege_points": 3},
     "renege", {"NS": 3, "EW": 0}),
    ({"caller": "N", "alone": True, "renege": "E"}, {"renege_points_alone": 5},
     "renege", {"NS": 5, "EW": 0}),
    # thrown in
    ({"passed": True}, {}, "passed", {"NS": 0, "EW": 0}),
    ({"passed": True, "turn_up": "9H", "note": "all passed"}, {}, "passed", {"NS": 0, "EW": 0}),
])
def test_scoring(hand, rules, result, points):
    entry = one("euchre", hand, **rules)
    assert entry["result"] == result
    assert entry["points"] == points
    assert entry["score"] == points


def test_makers_and_tricks_are_reported():
    entry = one("euchre", {"caller": "W", "makers_tricks": 1})
    assert entry["makers"] == "EW"
    assert entry["tricks"] == {"NS": 4, "EW": 1}
    passed = one("euchre", {"passed": True})
    assert "makers" not in passed
    assert "tricks" not in passed


@pytest.mark.parametrize(("hand", "rules", "field", "code"), [
    ({"caller": "N", "makers_tricks": 6}, {}, "makers_tricks", "hand.makers_tricks_range"),
    ({"caller": "N", "makers_tricks": -1}, {}, "makers_tricks", "hand.makers_tricks_range"),
    ({"caller": "N", "makers_tricks": "3"}, {}, "makers_tricks", "hand.bad_int"),
    ({"caller": "N", "makers_tricks": True}, {}, "makers_tricks", "hand.bad_int"),
    ({"caller": "N"}, {}, "makers_tricks", "hand.makers_tricks_missing"),
    ({"makers_tricks": 3}, {}, "caller", "hand.caller_missing"),
    ({"caller": None, "makers_tricks": 3}, {}, "caller", "hand.caller_missing"),
    ({"caller": "X", "makers_tricks": 3}, {}, "caller", "hand.bad_seat"),
    ({"caller": "N", "makers_tricks": 3, "alone": "yes"}, {}, "alone", "hand.bad_bool"),
    ({"caller": "N", "makers_tricks": 3, "colour": "red"}, {}, "colour", "hand.unknown_key"),
    ({"caller": "N", "makers_tricks": 3, "round": 3}, {}, "round", "hand.bad_round"),
    ({"caller": "N", "makers_tricks": 3, "trump": "X"}, {}, "trump", "hand.bad_suit"),
    ({"caller": "N", "makers_tricks": 3, "turn_up": "8H"}, {}, "turn_up", "hand.card_not_in_deck"),
    ({"caller": "N", "makers_tricks": 3, "turn_up": "9X"}, {}, "turn_up", "hand.bad_card"),
    ({"caller": "N", "makers_tricks": 3, "round": 1, "turn_up": "9H", "trump": "S"}, {},
     "trump", "hand.round1_trump"),
    ({"caller": "N", "makers_tricks": 3, "round": 2, "turn_up": "9H", "trump": "H"}, {},
     "trump", "hand.round2_trump"),
    ({"caller": "N", "makers_tricks": 3, "round": 2, "turn_up": "9H", "discard": "9S"}, {},
     "discard", "hand.discard_round2"),
    ({"caller": "N", "makers_tricks": 3, "turn_up": "9H", "trump": "S", "discard": "9S"}, {},
     "discard", "hand.discard_round2"),
    ({"passed": True}, {"stick_the_dealer": True}, "passed", "hand.passed_stick"),
    ({"passed": True, "caller": "N"}, {}, "caller", "hand.passed_extra"),
    ({"passed": True, "makers_tricks": 0}, {}, "makers_tricks", "hand.passed_extra"),
    ({"passed": "yes"}, {}, "passed", "hand.bad_passed"),
    ({"caller": "E", "alone": True, "defender_alone": "N", "makers_tricks": 2}, {},
     "defender_alone", "hand.defender_alone_rule"),
    ({"caller": "E", "defender_alone": "N", "makers_tricks": 2}, {"defend_alone": True},
     "defender_alone", "hand.defender_alone_not_lone"),
    ({"caller": "E", "alone": True, "defender_alone": "W", "makers_tricks": 2},
     {"defend_alone": True}, "defender_alone", "hand.defender_alone_maker"),
    # Canadian loner: N deals, S (dealer's partner) orders up in round 1
    ({"caller": "S", "round": 1, "makers_tricks": 3}, {"canadian_loner": True},
     "alone", "hand.canadian_must_alone"),
    ({"caller": "S", "turn_up": "9H", "trump": "H", "makers_tricks": 3},
     {"canadian_loner": True}, "alone", "hand.canadian_must_alone"),
    ({"caller": "S", "makers_tricks": 3}, {"canadian_loner": True},
     "round", "hand.canadian_round_needed"),
    ({"caller": "N", "makers_tricks": 3, "note": "x" * 501}, {}, "note", "hand.bad_note"),
    ({"caller": "N", "makers_tricks": 3, "dealer": "E"}, {}, "dealer", "hand.wrong_dealer"),
])
def test_illegal_hands(hand, rules, field, code):
    found = errors("euchre", [hand], **rules)
    assert any(e["field"] == field and e["code"] == code and e["hand"] == 1 for e in found), found


def test_makers_tricks_message_is_exact():
    found = errors("euchre", [{"caller": "N", "makers_tricks": 6}])
    assert found[0]["message"] == "makers' tricks must be 0 to 5, got 6"
    assert found[0]["hand"] == 1


def test_round_two_message_speaks_table_language():
    found = errors("euchre", [{"caller": "N", "makers_tricks": 3, "round": 2, "turn_up": "9H",
                               "trump": "H"}])
    assert found[0]["message"] == "round 2 can't name hearts: hearts was turned down"


@pytest.mark.parametrize(("hand", "rules"), [
    ({"caller": "S", "round": 2, "makers_tricks": 3}, {"canadian_loner": True}),
    ({"caller": "S", "round": 1, "alone": True, "makers_tricks": 3}, {"canadian_loner": True}),
    ({"caller": "E", "round": 1, "makers_tricks": 3}, {"canadian_loner": True}),
    ({"caller": "N", "round": 1, "turn_up": "9H", "makers_tricks": 3}, {}),
    ({"caller": "N", "round": 2, "turn_up": "9H", "trump": "S", "makers_tricks": 3}, {}),
    ({"caller": "N", "turn_up": "9H", "trump": "H", "discard": "9H", "makers_tricks": 3}, {}),
])
def test_legal_hands(hand, rules):
    one("euchre", hand, **rules)


def test_target_ends_the_game_and_takes_no_more_hands():
    hands = [{"caller": "N", "makers_tricks": 5}] * 5 + [{"caller": "E", "makers_tricks": 3}]
    result = run("euchre", hands)
    assert not result.ok
    assert [(p.hand, p.code) for p in result.problems] == [(6, "hand.after_game_over")]
    state = run("euchre", hands[:5]).state.as_json()
    assert state["over"] is True
    assert state["winner"] == "NS"
    assert state["score"] == {"NS": 10, "EW": 0}
    assert state["next_dealer"] == "E"  # the rotation continues


@pytest.mark.parametrize("target", [5, 7, 11])
def test_other_targets(target):
    hands = [{"caller": "E", "makers_tricks": 3}] * target
    state = run("euchre", hands, target=target).state.as_json()
    assert state["over"] and state["winner"] == "EW"
    assert not run("euchre", hands[:-1], target=target).state.over


def test_points_past_the_target_are_kept():
    state = run("euchre", [{"caller": "N", "makers_tricks": 5, "alone": True}] * 3).state.as_json()
    assert state["score"] == {"NS": 12, "EW": 0}


def test_start_score():
    result = run("euchre", [{"caller": "N", "makers_tricks": 3}])
    assert result.state.score == {"NS": 1, "EW": 0}
    match = {"format": "scorekeeper-match/1", "game": "euchre",
             "seats": {"N": "a", "E": "b", "S": "c", "W": "d"},
             "start_score": {"NS": 9, "EW": 4}, "hands": [{"caller": "N", "makers_tricks": 3}]}
    from scorekeeper.engine.matchfile import check_match
    state = check_match(match).state.as_json()
    assert state["score"] == {"NS": 10, "EW": 4}
    assert state["over"] and state["winner"] == "NS"


def test_fixed_deals_passed_hands_do_not_count():
    hands = [{"caller": "N", "makers_tricks": 3}, {"passed": True},
             {"caller": "E", "makers_tricks": 5}]
    state = run("euchre", hands, deals=3).state.as_json()
    assert state["over"] is False
    state = run("euchre", [*hands, {"caller": "N", "makers_tricks": 0}], deals=3).state.as_json()
    assert state["over"] is True
    assert state["winner"] == "EW"
    assert state["score"] == {"NS": 1, "EW": 4}


def test_fixed_deals_tie():
    hands = [{"caller": "N", "makers_tricks": 3}, {"caller": "E", "makers_tricks": 4}]
    state = run("euchre", hands, deals=2).state.as_json()
    assert state["over"] and state["tied"] and state["winner"] is None


def test_fixed_deals_has_no_target():
    hands = [{"caller": "N", "makers_tricks": 5}] * 6
    state = run("euchre", hands, deals=8).state.as_json()
    assert state["score"]["NS"] == 12
    assert not state["over"]


def test_target_and_deals_together_is_an_error():
    found = errors("euchre", [], target=10, deals=8)
    assert found[0]["field"] == "rules.deals"
    assert found[0]["hand"] is None


@pytest.mark.parametrize(("rules", "field"), [
    ({"target": 0}, "rules.target"),
    ({"target": "10"}, "rules.target"),
    ({"stick_the_dealer": "yes"}, "rules.stick_the_dealer"),
    ({"lone_lead": "left"}, "rules.lone_lead"),
    ({"sticky": True}, "rules.sticky"),
    ({"honours": True}, "rules.honours"),  # a Whist option
])
def test_bad_rules(rules, field):
    found = errors("euchre", [], **rules)
    assert [e["field"] for e in found] == [field]


def test_dealer_rotation_includes_passed_hands():
    hands = [{"dealer": "N", "passed": True}, {"dealer": "E", "caller": "S", "makers_tricks": 3},
             {"dealer": "S", "caller": "S", "makers_tricks": 3}]
    state = run("euchre", hands).state.as_json()
    assert [h["dealer"] for h in state["hands"]] == ["N", "E", "S"]
    assert state["next_dealer"] == "W"
    found = errors("euchre", hands, first_dealer="W")
    assert found[0]["field"] == "dealer"
