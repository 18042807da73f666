"""Five Hundred by its outcome: every bid of the Avondale table made, failed and slammed,
misère, the options, the end of a game, passed hands and refused records (spec/rules.md,
Five Hundred; spec/match-format.md, "A Five Hundred hand")."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import fiveplay
from support.engine_matches import errors, one, run

from scorekeeper.engine.games import GAMES, resolve_rules
from scorekeeper.games.five_hundred.rules import BID_VALUES, GAME, PACK, parse_bid

GAME_NAME = "five_hundred"
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SUIT_BIDS = [b for b in fiveplay.BIDS if b not in ("misere", "open_misere")]


def hand(caller: str = "N", bid: str = "7H", tricks: int = 7, **extra: object) -> dict:
    return {"caller": caller, "bid": bid, "makers_tricks": tricks, **extra}


def test_registered_with_its_pack_and_its_hand_form():
    assert GAMES[GAME_NAME] is GAME
    assert GAME.playable  # the start page offers it (issue 25: at the table)
    assert GAME.tricks == 10 and GAME.default_target == 500
    assert sorted(map(str, PACK.cards)) == sorted(fiveplay.CARDS)
    assert PACK.size == 43 and PACK.kitty == 3 and PACK.hand_size == 10
    assert PACK.as_json()["cards"] == [c for c in fiveplay.CARDS]


def test_the_avondale_table_as_printed():
    assert BID_VALUES == {b: v for b, v in fiveplay.VALUES.items() if "misere" not in b}
    assert (BID_VALUES["6S"], BID_VALUES["8H"], BID_VALUES["10NT"]) == (40, 300, 520)


@pytest.mark.parametrize("bid", SUIT_BIDS)
@pytest.mark.parametrize("outcome", ["exactly", "over", "under", "all ten"])
def test_every_bid_made_failed_and_slammed(bid: str, outcome: str):
    contracted = parse_bid(bid).tricks
    tricks = {"exactly": contracted, "over": min(contracted + 1, 10),
              "under": contracted - 1, "all ten": 10}[outcome]
    entry = one(GAME_NAME, hand("E", bid, tricks))
    result, makers, opponents = fiveplay.points(bid, tricks)
    assert entry["result"] == result
    assert entry["makers"] == "EW"
    assert entry["tricks"] == {"NS": 10 - tricks, "EW": tricks}
    assert entry["points"] == {"NS": opponents, "EW": makers}
    if outcome == "all ten":
        assert entry["result"] == "slam" and makers == max(fiveplay.VALUES[bid], 250)
    if outcome == "under":
        assert makers == -fiveplay.VALUES[bid]


@pytest.mark.parametrize(("bid", "tricks", "result", "points"), [
    ("6S", 10, "made", 40), ("8C", 10, "made", 260), ("10NT", 10, "made", 520),
    ("7H", 9, "made", 200)])
def test_slam_off_scores_the_bid(bid, tricks, result, points):
    entry = one(GAME_NAME, hand("S", bid, tricks), slam=False)
    assert (entry["result"], entry["points"]["NS"]) == (result, points)


@pytest.mark.parametrize(("bid", "tricks", "result", "points"), [
    ("misere", 0, "misere_made", {"NS": 250, "EW": 0}),
    ("misere", 1, "misere_failed", {"NS": -250, "EW": 0}),
    ("misere", 10, "misere_failed", {"NS": -250, "EW": 0}),
    ("open_misere", 0, "misere_made", {"NS": 500, "EW": 0}),
    ("open_misere", 3, "misere_failed", {"NS": -500, "EW": 0}),
])
def test_misere(bid, tricks, result, points):
    entry = one(GAME_NAME, hand("N", bid, tricks))
    assert (entry["result"], entry["points"]) == (result, points)
    assert entry["makers"] == "NS" and entry["tricks"] == {"NS": tricks, "EW": 10 - tricks}


@pytest.mark.parametrize(("rules", "bid", "tricks", "points"), [
    ({"opponent_trick_points": 0}, "8D", 6, {"NS": -280, "EW": 0}),
    ({"opponent_trick_points": 20}, "8D", 8, {"NS": 280, "EW": 40}),
    ({"misere_opponent_points": 10}, "misere", 2, {"NS": -250, "EW": 20}),
    ({"misere_opponent_points": 10}, "misere", 0, {"NS": 250, "EW": 0}),
    ({"misere_opponent_points": 10}, "open_misere", 1, {"NS": -500, "EW": 10}),
])
def test_point_options(rules, bid, tricks, points):
    assert one(GAME_NAME, hand("S", bid, tricks), **rules)["points"] == points


def test_misere_off_is_refused_in_words():
    found = errors(GAME_NAME, [hand("N", "misere", 0)], misere=False)
    assert [(e["field"], e["message"]) for e in found] == [
        ("bid", "misère can't be bid in this match: the misere rule is off")]
    assert errors(GAME_NAME, [hand("N", "open_misere", 0)], misere=False)[0]["field"] == "bid"
    assert one(GAME_NAME, hand("N", "6NT", 6), misere=False)["result"] == "made"


def scores(hands: list[dict], **rules) -> tuple[list[dict], object]:
    result = run(GAME_NAME, hands, **rules)
    assert result.ok, [p.as_json() for p in result.problems]
    state = result.state.as_json()
    return [h["score"] for h in state["hands"]], state


@pytest.mark.parametrize(("hands", "rules", "over", "winner", "score"), [
    # reaching the target wins: 8H 300 then 8C 260 (with 2 opponents' tricks each time)
    ([hand("N", "8H", 8), hand("S", "8C", 8)], {}, True, "NS", {"NS": 560, "EW": 40}),
    # one short of the target plays on
    ([hand("N", "9H", 9), hand("S", "6D", 6)], {}, False, None, {"NS": 480, "EW": 50}),
    # out the back door: at or below minus the target loses; just above plays on
    ([hand("E", "10H", 9)], {}, True, "NS", {"NS": 10, "EW": -500}),
    ([hand("E", "9H", 8), hand("E", "6S", 5)], {}, False, None, {"NS": 70, "EW": -440}),
    ([hand("E", "10NT", 3)], {}, True, "NS", {"NS": 70, "EW": -520}),
    # the defenders reach it on their tricks: they win (without win_by_bid)
    ([hand("E", "8NT", 8), hand("N", "6S", 0)], {"target": 400}, True, "EW",
     {"NS": -20, "EW": 420}),
])
def test_the_end_of_a_game(hands, rules, over, winner, score):
    _, state = scores(hands, **rules)
    assert (state["over"], state["winner"], state["score"], state["tied"]) == (
        over, winner, score, False)


def test_both_reach_the_target_the_makers_win_even_when_behind():
    # target 100: NS 40-40, 80-70, then EW make 6S: EW 110, NS (defending) 120
    both, state = scores([hand("N", "6S", 6), hand("N", "6S", 7), hand("E", "6S", 6)],
                         target=100)
    assert both == [{"NS": 40, "EW": 40}, {"NS": 80, "EW": 70}, {"NS": 120, "EW": 110}]
    assert (state["over"], state["winner"]) == (True, "EW")


def test_win_by_bid_a_defending_side_plays_on():
    hands = [hand("N", "9H", 9), hand("E", "6S", 6)]  # NS 400+10, then NS 410+40 defending
    _, plain = scores(hands, target=420)
    assert (plain["over"], plain["winner"]) == (True, "NS")
    _, by_bid = scores(hands, target=420, win_by_bid=True)
    assert (by_bid["over"], by_bid["score"]) == (False, {"NS": 440, "EW": 50})
    # NS then win only on a hand they contract and make
    _, still = scores([*hands, hand("N", "6S", 5)], target=420, win_by_bid=True)
    assert still["over"] is False
    _, won = scores([*hands, hand("E", "6C", 6), hand("S", "6S", 6)], target=420,
                    win_by_bid=True)
    assert (won["over"], won["winner"]) == (True, "NS")
    # and the other side's loss out the back door still ends it
    _, door = scores([hand("E", "10NT", 0)], win_by_bid=True)
    assert (door["over"], door["winner"]) == (True, "NS")


def test_a_finished_game_takes_no_more_hands():
    found = errors(GAME_NAME, [hand("N", "10NT", 10), hand("E", "6S", 6)])
    assert [(e["hand"], e["code"]) for e in found] == [(2, "hand.after_game_over")]


@pytest.mark.parametrize(("hands", "deals", "winner", "tied", "score"), [
    ([hand("N", "8H", 8), {"passed": True}, hand("N", "6S", 6), hand("E", "7D", 7)], 3,
     "NS", False, {"NS": 370, "EW": 240}),
    ([hand("N", "6S", 6), {"passed": True}, hand("E", "6S", 6)], 2, None, True,
     {"NS": 80, "EW": 80}),
    ([hand("E", "10NT", 10)], 1, "EW", False, {"NS": 0, "EW": 520}),
])
def test_fixed_deals_higher_total_wins_level_ties(hands, deals, winner, tied, score):
    """A passed hand does not count toward the deals (as Euchre's)."""
    _, state = scores(hands, deals=deals)
    assert (state["over"], state["winner"], state["tied"], state["score"]) == (
        True, winner, tied, score)
    _, before = scores(hands[:-1], deals=deals)
    assert before["over"] is False


def test_with_deals_there_is_no_target_nor_back_door():
    hands = [hand("N", "10NT", 10), hand("E", "10NT", 0), hand("E", "10NT", 0)]
    _, state = scores(hands, deals=4)
    assert state["over"] is False and state["score"] == {"NS": 720, "EW": -1040}
    _, state = scores([*hands, {"passed": True}, hand("S", "6S", 6)], deals=4)
    assert (state["over"], state["winner"]) == (True, "NS")
    assert [h["result"] for h in state["hands"]][-2:] == ["passed", "made"]


def test_a_passed_hand_is_thrown_in_and_the_deal_passes_on():
    result = run(GAME_NAME, [{"passed": True}, {"dealer": "E", "passed": True,
                                                 "note": "nobody bid"}], first_dealer="W")
    assert not result.ok  # W dealt the first: E is not the second dealer
    _, state = scores([{"dealer": "N", "passed": True}, {"dealer": "E", "passed": True},
                       hand("N", "6S", 6, dealer="S")])
    assert [(h["dealer"], h["result"], h["points"]) for h in state["hands"]] == [
        ("N", "passed", {"NS": 0, "EW": 0}), ("E", "passed", {"NS": 0, "EW": 0}),
        ("S", "made", {"NS": 40, "EW": 40})]
    assert "makers" not in state["hands"][0] and "tricks" not in state["hands"][0]
    assert state["next_dealer"] == "W"


@pytest.mark.parametrize(("bad", "field", "message"), [
    ({"caller": "N", "bid": "11H", "makers_tricks": 6}, "bid",
     '"11H" is not a bid: write the tricks then S, C, D, H or NT (6S to 10NT), or misere, '
     "or open_misere"),
    ({"caller": "N", "bid": "5S", "makers_tricks": 6}, "bid", None),
    ({"caller": "N", "bid": "8h", "makers_tricks": 6}, "bid", None),
    ({"caller": "N", "bid": 8, "makers_tricks": 6}, "bid", None),
    ({"caller": "N", "bid": "8N", "makers_tricks": 6}, "bid", None),
    ({"caller": "N", "makers_tricks": 6}, "bid",
     "say what the caller bid: 6S to 10NT, misere or open_misere"),
    ({"bid": "6S", "makers_tricks": 6}, "caller",
     "say who won the bidding (or that everyone passed)"),
    ({"caller": "X", "bid": "6S", "makers_tricks": 6}, "caller", None),
    ({"caller": "N", "bid": "6S", "makers_tricks": 11}, "makers_tricks",
     "makers' tricks must be 0 to 10, got 11"),
    ({"caller": "N", "bid": "6S", "makers_tricks": -1}, "makers_tricks", None),
    ({"caller": "N", "bid": "6S", "makers_tricks": "6"}, "makers_tricks", None),
    ({"caller": "N", "bid": "6S"}, "makers_tricks",
     "how many tricks did the makers take? (0 to 10; in misère, the caller's)"),
    ({"caller": "N", "bid": "6S", "makers_tricks": 6, "trump": "S"}, "trump",
     'unknown field "trump" in a hand'),
    ({"caller": "N", "bid": "6S", "makers_tricks": 6, "alone": True}, "alone", None),
    ({"passed": True, "caller": "N"}, "caller",
     "a passed hand holds only the dealer, the deal, the kitty and a note, not caller"),
    ({"passed": True, "bid": "6S"}, "bid", None),
    ({"passed": True, "makers_tricks": 0}, "makers_tricks", None),
    ({"passed": True, "discard": ["5S", "6S", "7S"]}, "discard", None),
    ({"passed": "yes"}, "passed", "passed must be true or left out"),
    ({"caller": "N", "bid": "6S", "makers_tricks": 6, "note": 5}, "note", None),
])
def test_bad_records_are_refused_in_words(bad, field, message):
    found = errors(GAME_NAME, [bad])
    assert found[0]["field"] == field and found[0]["hand"] == 1, found
    if message is not None:
        assert found[0]["message"] == message
    assert all(e["message"] and "{" not in e["message"] for e in found)


@pytest.mark.parametrize(("rules", "field"), [
    ({"target": 0}, "rules.target"), ({"target": 1001}, "rules.target"),
    ({"slam": "yes"}, "rules.slam"), ({"opponent_trick_points": 21},
                                     "rules.opponent_trick_points"),
    ({"misere_opponent_points": -1}, "rules.misere_opponent_points"),
    ({"win_by_bid": 1}, "rules.win_by_bid"), ({"joker": True}, "rules.joker"),
    ({"deals": 10, "target": 500}, "rules.deals")])
def test_bad_options(rules, field):
    _, problems = resolve_rules(GAME_NAME, rules)
    assert [p.field for p in problems] == [field]


def test_options_and_their_defaults():
    rules, problems = resolve_rules(GAME_NAME, {})
    assert problems == [] and rules == {
        "target": 500, "deals": None, "slam": True, "opponent_trick_points": 10,
        "misere": True, "misere_opponent_points": 0, "win_by_bid": False}
    rules, _ = resolve_rules(GAME_NAME, {"deals": 12})
    assert rules["target"] is None


outcomes = st.tuples(st.sampled_from("NESW"), st.sampled_from(fiveplay.BIDS),
                     st.integers(0, 10))


@SETTINGS
@given(st.lists(outcomes, min_size=1, max_size=40), st.sampled_from("NESW"),
       st.booleans(), st.booleans(), st.sampled_from([None, 5, 12]))
def test_points_and_scores_follow_the_table(played, first, slam, by_bid, deals):
    """Every hand's points are the table's; the score is their running sum; the dealer moves
    one seat a hand; the game ends exactly once, on the first hand that ends it."""
    rules = {"slam": slam, "win_by_bid": by_bid}
    if deals is not None:
        rules["deals"] = deals
    hands = [hand(c, b, t) for c, b, t in played]
    result = run(GAME_NAME, hands, first_dealer=first, **rules)
    state = result.state.as_json() if result.state else None
    total = {"NS": 0, "EW": 0}
    seats = "NESW"
    ended_at, winner = None, None
    for i, (caller, bid, tricks) in enumerate(played):
        res, mine, theirs = fiveplay.points(bid, tricks, slam)
        makers = fiveplay.TEAM[caller]
        total[makers] += mine
        total[fiveplay.OTHER[makers]] += theirs
        if deals is not None:
            if i + 1 == deals:
                ended_at = i
                if total["NS"] != total["EW"]:
                    winner = max(total, key=lambda t: total[t])
        else:
            reached = [t for t in ("NS", "EW") if total[t] >= 500]
            if by_bid:
                reached = [t for t in reached if t == makers and res in (
                    "made", "slam", "misere_made")]
            out = [t for t in total if total[t] <= -500]
            if reached or out:
                ended_at = i
                winner = (makers if makers in reached else reached[0]) if reached \
                    else fiveplay.OTHER[out[0]]
        if ended_at is not None:
            break
    if ended_at is not None and ended_at < len(played) - 1:
        assert not result.ok
        assert [p.code for p in result.problems] == ["hand.after_game_over"] * (
            len(played) - 1 - ended_at)
        return
    assert result.ok, [p.as_json() for p in result.problems]
    assert state["score"] == total
    assert [h["dealer"] for h in state["hands"]] == [
        seats[(seats.index(first) + i) % 4] for i in range(len(played))]
    assert state["next_dealer"] == seats[(seats.index(first) + len(played)) % 4]
    assert state["over"] is (ended_at is not None)
    running = {"NS": 0, "EW": 0}
    for entry in state["hands"]:
        running = {t: running[t] + entry["points"][t] for t in running}
        assert entry["score"] == running
    assert state["winner"] == winner
    assert state["tied"] is (deals is not None and ended_at is not None and winner is None)
