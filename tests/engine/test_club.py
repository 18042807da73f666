"""Club-night scoring (engine/club.py): tie-breaks, shared ranks, prizes, sit-out credit."""

from __future__ import annotations

import pytest

from scorekeeper.engine import club
from scorekeeper.engine.games import GAMES

EUCHRE = GAMES["euchre"].club
HOUSE = EUCHRE.house_defaults()


def rounds_of(*results):
    """One round per dict {player: (points, loners, won)}."""
    return [(no, {p: club.PlayerRound(points=pts, marks={"loners": lon}, won=won, over=True)
                  for p, (pts, lon, won) in r.items()}, [])
            for no, r in enumerate(results, start=1)]


def test_ties_follow_the_tie_breaks_then_share_the_rank():
    lines = club.standings(4, rounds_of({0: (10, 0, True), 1: (10, 0, False),
                                         2: (10, 0, False), 3: (2, 0, False)}), HOUSE)
    assert [(line.player, line.rank) for line in lines] == [(0, 1), (1, 2), (2, 2), (3, 4)]


def test_with_exclusive_prizes_the_winner_cannot_take_most_loners():
    lines = club.standings(4, rounds_of({0: (12, 3, True), 1: (8, 2, True),
                                         2: (8, 0, False), 3: (1, 0, False)}), HOUSE)
    prizes = {p.kind: p for p in club.prizes(lines, HOUSE, EUCHRE)}
    assert prizes["high_total"].players == (0,)
    assert prizes["most_loners"].players == (1,) and prizes["most_loners"].value == 2
    assert prizes["booby"].players == (3,)
    open_house = {**HOUSE, "exclusive_prizes": False}
    prizes = {p.kind: p for p in club.prizes(lines, open_house, EUCHRE)}
    assert prizes["most_loners"].players == (0,)


def test_tied_prizes_are_shared():
    lines = club.standings(4, rounds_of({0: (9, 1, True), 1: (9, 1, True),
                                         2: (3, 0, False), 3: (3, 0, False)}),
                           {**HOUSE, "tiebreaks": []})
    house = {**HOUSE, "prizes": ["high_total", "most_loners", "booby"]}
    prizes = {p.kind: p for p in club.prizes(lines, house, EUCHRE)}
    assert prizes["high_total"].players == (0, 1) and prizes["high_total"].shared
    assert prizes["most_loners"].players == ()  # both loner takers have a prize already
    assert prizes["booby"].players == (2, 3)


def test_sit_out_credit():
    assert club.sit_out_credit("average", 0, [4, 4, 5, 6]) == 5  # 4.75, rounded
    assert club.sit_out_credit("fixed", 8, [4, 4]) == 8
    assert club.sit_out_credit("zero", 8, [4, 4]) == 0
    assert club.sit_out_credit("average", 0, []) == 0


def test_a_made_loner_and_a_set():
    seats = {"N": 0, "E": 1, "S": 2, "W": 3}
    hands = [{"caller": "N", "alone": True, "makers_tricks": 5}, {"caller": "E",
                                                                 "makers_tricks": 1}]
    state = {"over": True, "winner": "NS", "hands": [
        {"no": 1, "result": "alone_march", "makers": "NS", "points": {"NS": 4, "EW": 0}},
        {"no": 2, "result": "euchred", "makers": "EW", "points": {"NS": 2, "EW": 0}}]}
    house = {**HOUSE, "loner_partner_points": 2, "set_points": -1}
    got = club.table_round(seats, hands, state, house, EUCHRE)
    assert (got[0].points, got[0].marks, got[0].won) == (6, {"loners": 1, "euchres": 1}, True)
    assert (got[2].points, got[2].marks) == (4, {"loners": 0, "euchres": 1})
    assert (got[1].points, got[3].points) == (-1, -1)


@pytest.mark.parametrize(("kind", "winners", "value", "passed", "passed_value"), [
    ("high_total", (0,), 12, (), 0),
    # player 0 has the most loners (3) but takes High total: the prize names it
    ("most_loners", (1,), 2, (0,), 3),
    # players 0 (a game of 12) and 1 already take a prize: player 2's 8 wins, 0 is named
    ("high_game", (2,), 8, (0,), 12),
    ("booby", (3,), 1, (), 0),
])
def test_an_exclusive_prize_names_who_was_passed_over(kind, winners, value, passed,
                                                        passed_value):
    lines = club.standings(4, rounds_of({0: (12, 3, True), 1: (8, 2, True),
                                         2: (8, 0, False), 3: (1, 0, False)}), HOUSE)
    prizes = {p.kind: p for p in club.prizes(lines, HOUSE, EUCHRE)}
    got = prizes[kind]
    assert (got.players, got.value, got.passed_over, got.passed_value) == (
        winners, value, passed, passed_value)
    shared = {p.kind: p for p in club.prizes(lines, {**HOUSE, "exclusive_prizes": False},
                                             EUCHRE)}
    assert all(p.passed_over == () for p in shared.values())  # nobody is passed over then


def test_a_prize_no_one_else_can_take_still_names_who_had_it():
    lines = club.standings(4, rounds_of({0: (12, 1, True), 1: (8, 0, True),
                                         2: (8, 0, False), 3: (1, 0, False)}), HOUSE)
    loners = next(p for p in club.prizes(lines, HOUSE, EUCHRE) if p.kind == "most_loners")
    assert (loners.players, loners.passed_over, loners.passed_value) == ((), (0,), 1)
