"""The match file: shape, unknown keys, names, start score, and precise errors."""

from __future__ import annotations

import pytest
from support.helpers import SEATS

from scorekeeper.engine.matchfile import check_match


def base(**more):
    return {"format": "scorekeeper-match/1", "game": "euchre", "seats": dict(SEATS), **more}


def problems(data):
    result = check_match(data)
    assert not result.ok
    return [(p.hand, p.field, p.code) for p in result.problems]


def test_minimal_match_is_valid_and_empty():
    state = check_match(base()).state.as_json()
    assert state == {"ok": True, "game": "euchre", "hands": [], "score": {"NS": 0, "EW": 0},
                     "over": False, "winner": None, "tied": False, "next_dealer": "N"}


@pytest.mark.parametrize(("data", "expected"), [
    ([], [(None, None, "match.not_object")]),
    ("match", [(None, None, "match.not_object")]),
    (base(colour="red"), [(None, "colour", "match.unknown_key")]),
    ({"game": "euchre", "seats": SEATS}, [(None, "format", "match.missing")]),
    (base(format="scorekeeper-match/2"), [(None, "format", "match.bad_format")]),
    (base(game="canasta"), [(None, "game", "match.bad_game")]),
    (base(seats={"N": "a", "E": "b", "S": "c"}), [(None, "seats.W", "match.seat_missing")]),
    (base(seats={"N": "a", "E": "b", "S": "c", "W": "d", "X": "e"}),
     [(None, "seats.X", "match.unknown_key")]),
    (base(seats={"N": "  ", "E": "b", "S": "c", "W": "d"}), [(None, "seats.N", "match.bad_name")]),
    (base(seats={"N": "x" * 41, "E": "b", "S": "c", "W": "d"}),
     [(None, "seats.N", "match.bad_name")]),
    (base(seats={"N": 7, "E": "b", "S": "c", "W": "d"}), [(None, "seats.N", "match.bad_name")]),
    (base(seats=["a", "b", "c", "d"]), [(None, "seats", "match.seats_not_object")]),
    (base(teams={"NS": "Home", "XY": "Away"}), [(None, "teams.XY", "match.unknown_key")]),
    (base(first_dealer="Q"), [(None, "first_dealer", "match.bad_seat")]),
    (base(start_score={"NS": -1, "EW": 0}), [(None, "start_score.NS", "match.bad_start_score")]),
    (base(start_score={"NS": 1, "XX": 0}), [(None, "start_score", "match.start_score_shape")]),
    (base(hands={"no": 1}), [(None, "hands", "match.hands_not_list")]),
    (base(rules=[1]), [(None, "rules", "rules.not_object")]),
    (base(hands=[[1, 2]]), [(1, None, "hand.not_object")]),
])
def test_bad_matches(data, expected):
    assert problems(data) == expected


def test_names_in_any_script_are_trimmed_and_kept():
    seats = {"N": " 王小明 ", "E": "Zoë", "S": "<b>Cai</b>", "W": "Dee 🂡"}
    result = check_match(base(seats=seats, teams={"NS": "主隊"}))
    assert result.ok
    assert result.match["seats"]["N"] == "王小明"
    assert result.match["seats"]["S"] == "<b>Cai</b>"
    assert result.match["teams"] == {"NS": "主隊"}


def test_forty_code_points_is_the_limit():
    seats = dict(SEATS, N="字" * 40)
    assert check_match(base(seats=seats)).ok


def test_errors_of_several_hands_are_all_collected():
    hands = [{"caller": "N", "makers_tricks": 6}, {"caller": "N", "makers_tricks": 3},
             {"caller": "Q", "makers_tricks": 3}]
    assert problems(base(hands=hands)) == [(1, "makers_tricks", "hand.makers_tricks_range"),
                                           (3, "caller", "hand.bad_seat")]


def test_error_json_shape():
    result = check_match(base(hands=[{"caller": "N", "makers_tricks": 6}]))
    assert result.problems[0].as_json() == {
        "hand": 1, "field": "makers_tricks", "message": "makers' tricks must be 0 to 5, got 6"}


def test_every_message_renders_without_placeholders():
    from scorekeeper.engine.games import problem_messages

    for code, template in problem_messages().items():
        assert template, code
    bad = check_match(base(hands=[{"caller": "N", "makers_tricks": 3, "round": 2,
                                   "turn_up": "9H", "trump": "H"}]))
    assert "{" not in bad.problems[0].message


def test_a_start_score_at_the_target_is_refused():
    assert problems(base(start_score={"NS": 10, "EW": 3})) == [
        (None, "start_score.NS", "match.start_over")]
    assert check_match(base(start_score={"NS": 9, "EW": 9})).ok
    assert check_match(base(start_score={"NS": 12, "EW": 0}, rules={"deals": 4})).ok
