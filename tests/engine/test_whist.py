"""Whist: tricks over six, honours and their block, revokes, targets, deals and rubbers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.engine_matches import errors
from support.helpers import SEATS

from scorekeeper.engine.matchfile import check_match
from scorekeeper.games.whist.rules import GAME, game_value

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden"


def whist(hands, start=(0, 0), **rules):
    match = {"format": "scorekeeper-match/1", "game": "whist", "seats": SEATS, "rules": rules,
             "start_score": {"NS": start[0], "EW": start[1]}, "hands": hands}
    result = check_match(match)
    assert result.ok, [p.as_json() for p in result.problems]
    assert result.state is not None
    return result.state.as_json()


def deal(tricks_ns, **more):
    return {"trump": "S", "tricks_NS": tricks_ns, **more}


@pytest.mark.parametrize(("hand", "start", "rules", "points", "result"), [
    (deal(9), (0, 0), {}, (3, 0), "scored"),
    (deal(7), (0, 0), {}, (1, 0), "scored"),
    (deal(6), (0, 0), {}, (0, 1), "scored"),
    (deal(0), (0, 0), {}, (0, 7), "scored"),
    (deal(13), (0, 0), {}, (7, 0), "scored"),
    # honours: 4 held scores 4, 3 held scores 2, 2-2 nothing
    (deal(7, honours_NS=4), (0, 0), {"honours": True}, (5, 0), "scored"),
    (deal(7, honours_NS=3), (0, 0), {"honours": True}, (3, 0), "scored"),
    (deal(7, honours_NS=2), (0, 0), {"honours": True}, (1, 0), "scored"),
    (deal(7, honours_NS=1), (0, 0), {"honours": True}, (1, 2), "scored"),
    (deal(7, honours_NS=0), (0, 0), {"honours": True}, (1, 4), "scored"),
    # honours are ignored when the rule is off
    (deal(7, honours_NS=4), (0, 0), {}, (1, 0), "scored"),
    # blocked: a side at target - 1 (6) at the start of the deal can't score honours
    (deal(6, honours_NS=4), (6, 0), {"honours": True}, (0, 1), "scored"),
    (deal(6, honours_NS=0), (0, 6), {"honours": True}, (0, 1), "scored"),
    (deal(6, honours_NS=4), (5, 0), {"honours": True}, (4, 1), "scored"),
    (deal(6, honours_NS=4), (4, 0), {"honours": True, "honours_blocked_at": 4}, (0, 1),
     "scored"),
    # tricks take NS to the target: EW's honours count for nobody
    (deal(9, honours_NS=0), (5, 0), {"honours": True}, (3, 0), "scored"),
    # honours may take a side to the target
    (deal(7, honours_NS=4), (4, 0), {"honours": True}, (5, 0), "scored"),
    # revokes: take3 moves three tricks (EW revoked; EW took 8 -> 5, NS 5 -> 8)
    (deal(5, revoke={"by": "EW", "penalty": "take3"}), (0, 0), {}, (2, 0), "revoke"),
    (deal(11, revoke={"by": "EW", "penalty": "take3"}), (0, 0), {}, (7, 0), "revoke"),
    (deal(4, revoke={"by": "NS", "penalty": "take3"}), (0, 0), {}, (0, 6), "revoke"),
    # add3 to the other side, then tricks
    (deal(5, revoke={"by": "EW", "penalty": "add3"}), (0, 0), {}, (3, 2), "revoke"),
    # add3 takes NS to the target: the deal's tricks count for nobody
    (deal(5, revoke={"by": "EW", "penalty": "add3"}), (5, 0), {}, (3, 0), "revoke"),
    # deduct3 from the revokers, never below 0
    (deal(5, revoke={"by": "EW", "penalty": "deduct3"}), (0, 4), {}, (0, -1), "revoke"),
    (deal(7, revoke={"by": "EW", "penalty": "deduct3"}), (0, 1), {}, (1, -1), "revoke"),
    # the revoking side cannot reach the target on that deal
    (deal(0, revoke={"by": "EW", "penalty": "deduct3"}), (0, 5), {}, (0, 1), "revoke"),
    (deal(0, revoke={"by": "EW", "penalty": "take3"}), (0, 5), {}, (0, 1), "revoke"),
    (deal(0, revoke={"by": "EW", "penalty": "add3"}), (0, 4), {}, (3, 2), "revoke"),
    (deal(6, honours_NS=0, revoke={"by": "EW", "penalty": "add3"}), (0, 3),
     {"honours": True}, (3, 3), "revoke"),
    # without a target there is no cap and no honours block
    (deal(0, revoke={"by": "EW", "penalty": "deduct3"}), (0, 5), {"deals": 4}, (0, 4),
     "revoke"),
    (deal(6, honours_NS=4), (6, 0), {"honours": True, "deals": 4}, (4, 1), "scored"),
])
def test_scoring(hand, start, rules, points, result):
    state = whist([hand], start, **rules)
    entry = state["hands"][0]
    assert (entry["points"]["NS"], entry["points"]["EW"]) == points
    assert entry["result"] == result
    assert entry["score"] == {"NS": start[0] + points[0], "EW": start[1] + points[1]}
    assert entry["tricks"]["NS"] == hand["tricks_NS"]  # tricks as played, before take3


def test_game_to_target_and_no_deal_after():
    state = whist([deal(13)])
    assert state["over"] and state["winner"] == "NS"
    bad = check_match({"format": "scorekeeper-match/1", "game": "whist", "seats": SEATS,
                       "hands": [deal(13), deal(7)]})
    assert [(p.hand, p.code) for p in bad.problems] == [(2, "hand.after_game_over")]


@pytest.mark.parametrize(("rules", "deals_needed"), [({"target": 5}, 5), ({"target": 10}, 10)])
def test_short_and_long_whist(rules, deals_needed):
    hands = [deal(7)] * deals_needed
    assert whist(hands, **rules)["over"]
    assert not whist(hands[:-1], **rules)["over"]


def test_fixed_deals():
    state = whist([deal(9), deal(4), deal(7)], deals=3)
    assert state["over"] and state["winner"] == "NS" and state["score"] == {"NS": 4, "EW": 3}
    tie = whist([deal(8), deal(5)], deals=2)
    assert tie["over"] and tie["tied"] and tie["winner"] is None


@pytest.mark.parametrize(("loser", "target", "value"), [
    (0, 5, 3), (1, 5, 2), (2, 5, 2), (3, 5, 1), (4, 5, 1),
    (0, 7, 3), (2, 7, 2), (3, 7, 1),
    (0, 10, 3), (1, 10, 2), (4, 10, 2), (5, 10, 1), (9, 10, 1),
])
def test_game_values(loser, target, value):
    assert game_value(loser, target) == value


def test_rubber_two_straight_games_is_worth_eight():
    state = whist([deal(13), deal(13)], rubber=True)
    assert state["games"] == [
        {"winner": "NS", "score": {"NS": 7, "EW": 0}, "value": 3},
        {"winner": "NS", "score": {"NS": 7, "EW": 0}, "value": 3},
    ]
    assert state["rubber"] == {"winner": "NS", "points": 8}
    assert state["over"] and state["winner"] == "NS"
    assert state["score"] == {"NS": 7, "EW": 0}  # the last game's final score


def test_rubber_of_three_games():
    # short whist to 5: NS 5-0 (treble), EW 5-2 (double), NS 5-3 (single)
    hands = [deal(11), deal(8), deal(2), deal(9), deal(4), deal(10)]
    state = whist(hands, rubber=True, target=5)
    games = state["games"]
    assert [g["winner"] for g in games] == ["NS", "EW", "NS"]
    assert [g["value"] for g in games] == [3, 2, 1]
    assert games[1]["score"] == {"NS": 2, "EW": 5}
    assert state["rubber"] == {"winner": "NS", "points": 3 + 1 + 2 - 2}
    assert [h["score"] for h in state["hands"]][:3] == [
        {"NS": 5, "EW": 0}, {"NS": 2, "EW": 0}, {"NS": 2, "EW": 5}]


def test_rubber_score_between_games_is_the_new_game():
    state = whist([deal(13)], rubber=True)
    assert state["score"] == {"NS": 0, "EW": 0}
    assert state["over"] is False
    assert "rubber" not in state
    assert len(state["games"]) == 1


@pytest.mark.parametrize(("hand", "rules", "field", "code"), [
    (deal(14), {}, "tricks_NS", "hand.tricks_ns_range"),
    (deal(-1), {}, "tricks_NS", "hand.tricks_ns_range"),
    ({"trump": "S"}, {}, "tricks_NS", "hand.tricks_ns_missing"),
    (deal(7, trump="X"), {}, "trump", "hand.bad_suit"),
    (deal(7, turn_up="6H"), {}, "trump", "hand.turn_up_trump"),
    (deal(7, turn_up="1H"), {}, "turn_up", "hand.bad_card"),
    (deal(7), {"honours": True}, "honours_NS", "hand.honours_missing"),
    (deal(7, honours_NS=5), {"honours": True}, "honours_NS", "hand.honours_range"),
    (deal(7, revoke={"by": "N", "penalty": "take3"}), {}, "revoke", "hand.bad_revoke"),
    (deal(7, revoke={"by": "NS", "penalty": "take2"}), {}, "revoke", "hand.bad_revoke"),
    (deal(7, revoke="EW"), {}, "revoke", "hand.bad_revoke"),
    (deal(7, caller="N"), {}, "caller", "hand.unknown_key"),
    (deal(7), {"rubber": True, "deals": 3}, "rules.rubber", "rules.rubber_needs_target"),
    (deal(7), {"stick_the_dealer": True}, "rules.stick_the_dealer", "rules.unknown"),
])
def test_illegal_deals(hand, rules, field, code):
    found = errors("whist", [hand], **rules)
    assert any(e["field"] == field and e["code"] == code for e in found), found


def seed() -> dict:
    return json.loads((GOLDEN / "seed-whist-004.json").read_text(encoding="utf-8"))["hands"][0]


def test_seed_example():
    state = whist([seed()])
    entry = state["hands"][0]
    assert entry["tricks"] == {"NS": 9, "EW": 4}
    assert entry["points"] == {"NS": 3, "EW": 0}
    winners = entry["trick_winners"]
    assert (winners.count("N"), winners.count("S"), winners.count("E"),
            winners.count("W")) == (6, 3, 1, 3)


def test_honours_derived_from_the_full_deal():
    # spades trump: N holds AS QS, S holds KS JS -> NS hold all four honours
    state = whist([seed()], honours=True)
    assert state["hands"][0]["points"] == {"NS": 3 + 4, "EW": 0}
    found = errors("whist", [dict(seed(), honours_NS=2)], honours=True)
    assert found[0]["code"] == "hand.honours_mismatch"


def test_honours_derived_from_a_complete_play_without_deal():
    hand = seed()
    del hand["deal"]
    assert whist([hand], honours=True)["hands"][0]["points"]["NS"] == 7


def test_tricks_ns_must_agree_with_the_play():
    found = errors("whist", [dict(seed(), tricks_NS=8)])
    assert found[0]["code"] == "hand.tricks_ns_mismatch"


def test_dealer_holds_the_turn_up():
    hand = seed()
    hand["turn_up"] = "9S"  # E's card
    found = errors("whist", [hand])
    assert {e["code"] for e in found} >= {"deal.turn_up_not_dealer"}


def test_proven_revoke_must_be_recorded():
    hand = seed()
    # trick 1: E leads KD, S AD, W 10D, N 3H (N has no diamonds: legal). Make W revoke:
    # W plays 3D in trick 3 instead of 10D in trick 1 -> swap so W shows out and plays later
    hand["play"][0] = ["KD", "AD", "7H", "3H"]  # W shows out of diamonds (holds 10D 9D 3D)
    hand["play"][8] = ["AH", "6H", "2C", "10D"]  # W plays 10D later
    del hand["deal"]
    found = errors("whist", [hand])
    assert found[0]["code"] == "hand.revoke_unrecorded"
    assert found[0]["trick"] == 1
    assert "W revoked in trick 1" in found[0]["message"]
    hand["revoke"] = {"by": "EW", "penalty": "take3"}
    entry = whist([hand])["hands"][0]
    assert entry["result"] == "revoke"
    assert entry["renege"] == {"seat": "W", "trick": 1}
    hand["revoke"] = {"by": "NS", "penalty": "take3"}
    assert errors("whist", [hand])[0]["code"] == "hand.revoke_mismatch"


@pytest.mark.parametrize(("honours_ns", "tag"), [
    (4, ("%(team)s held %(n)s honours", {"team": "NS", "n": 4})),
    (3, ("%(team)s held %(n)s honours", {"team": "NS", "n": 3})),
    (2, ("honours split 2–2", {})),
    (1, ("%(team)s held %(n)s honours", {"team": "EW", "n": 3})),  # NS held one: EW three
    (0, ("%(team)s held %(n)s honours", {"team": "EW", "n": 4})),
])
def test_the_history_tag_says_which_side_held_the_honours(honours_ns: int,
                                                          tag: tuple[str, dict[str, int]]) -> None:
    hand = {"honours_NS": honours_ns}
    assert GAME.history.tags(hand, {"honours": True}) == (tag,)
    assert GAME.history.tags(hand, {"honours": False}) == ()
    assert GAME.history.tags({}, {"honours": True}) == ()
