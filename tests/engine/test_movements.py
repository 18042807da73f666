"""Club-night movements (engine/movements.py): the designs are checked, not trusted."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import designs, fixed_seats, progressive
from scorekeeper.engine import movements as m

DESIGNS = tuple(sorted({*designs.WHIST_DESIGN_BASES, *designs.WHIST_DESIGN_ROUNDS}))


def counts_between(players, rounds):
    partners = m.partner_counts(rounds)
    opposed = m.opponent_counts(rounds)
    return ([partners.get(p, 0) for p in combinations(range(players), 2)],
            [opposed.get(p, 0) for p in combinations(range(players), 2)])


@pytest.mark.parametrize("players", DESIGNS)
def test_every_stored_design_is_a_whist_tournament(players):
    rounds = m.whist_design(players)
    assert len(rounds) == (players - 1 if players % 4 == 0 else players)
    partners, opposed = counts_between(players, rounds)
    assert set(partners) == {1} and set(opposed) == {2}
    assert all(m.well_formed(players, r) for r in rounds)
    if players % 4 == 1:
        assert sorted(p for r in rounds for p in r.sit_outs) == list(range(players))


def test_the_issue_sizes_have_designs():
    assert {8, 12, 16, 20, 24, 32} <= set(DESIGNS)
    assert {9, 13, 17, 21} <= set(DESIGNS)


@pytest.mark.parametrize("players", DESIGNS)
def test_a_full_schedule_is_the_design_and_says_so(players):
    rounds = players - 1 if players % 4 == 0 else players
    found = m.schedule(players, rounds, seed=7)
    assert found.method == "whist_design" and found.quality.perfect
    assert m.is_whist_design(players, found.rounds)
    assert found.quality.repeated_partners == 0 and found.quality.max_opposed == 2


def test_eight_players_eight_rounds_repeat_exactly_four_partnerships():
    # 28 pairs, 16 partnerships in 8 rounds: at most 7 rounds without a repeat, and the
    # eighth round's four partnerships must all be repeats.
    found = m.schedule(8, 8, seed=3)
    assert found.method == "search" and not found.quality.perfect
    assert found.quality.repeated_partners == 4


def test_ten_players_eight_rounds():
    found = m.schedule(10, 8, seed=1)
    sits = m.sit_out_counts(10, found.rounds)
    assert set(sits) <= {1, 2} and sum(sits) == 16
    assert found.quality.repeated_partners == 0


def test_the_same_seed_gives_the_same_schedule():
    assert m.schedule(14, 9, seed=5) == m.schedule(14, 9, seed=5)
    assert m.schedule(16, 5, seed=5) == m.schedule(16, 5, seed=5)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(8, 40), rounds=st.integers(1, 9), seed=st.integers(0, 10**6))
def test_searched_schedules_seat_everyone_once(players, rounds, seed):
    found = m.schedule(players, rounds, seed)
    assert len(found.rounds) == rounds
    for rnd in found.rounds:
        assert m.well_formed(players, rnd)
        assert len(rnd.tables) == players // 4 and len(rnd.sit_outs) == players % 4
    sits = m.sit_out_counts(players, found.rounds)
    assert max(sits) - min(sits) <= 1
    assert found.quality == m.quality(players, found.rounds, found.quality.perfect)
    # no repeated partner while there are few enough rounds for it to be easy
    if rounds <= 3:
        assert found.quality.repeated_partners == 0
    partners, _opposed = counts_between(players, found.rounds)
    assert sum(partners) == 2 * rounds * (players // 4)


@settings(max_examples=30, deadline=None)
@given(players=st.sampled_from(DESIGNS), data=st.data())
def test_part_of_a_design_never_repeats_a_partner(players, data):
    full = players - 1 if players % 4 == 0 else players
    rounds = data.draw(st.integers(1, full))
    found = m.schedule(players, rounds, data.draw(st.integers(0, 1000)))
    partners, opposed = counts_between(players, found.rounds)
    assert max(partners) <= 1 and max(opposed) <= 2
    assert found.quality.repeated_partners == 0 and found.quality.perfect


@pytest.mark.parametrize("players", [20, 28, 44])
def test_fixed_seats_never_repeat_partners_and_with_gcd_one_never_meet_twice(players):
    tables = players // 4
    found = fixed_seats.fixed_schedule(players, tables)
    assert all(m.well_formed(players, r) for r in found.rounds)
    assert found.quality.repeated_partners == 0
    assert found.quality.max_meetings == 1  # gcd(tables, 6) == 1
    north = [r.tables[t][0] for r in found.rounds for t in range(tables)]
    assert north == list(range(0, players, 4)) * tables  # North stays


def test_fixed_seats_with_16_players_report_their_repeats():
    found = fixed_seats.fixed_schedule(16, 4)
    assert found.quality.repeated_partners == 0
    assert found.quality.max_meetings == 2


@pytest.mark.parametrize(("players", "rounds", "code"), [
    (18, 3, "movement.fixed_needs_fours"), (20, 6, "movement.fixed_too_many_rounds")])
def test_fixed_seats_refuse_what_they_cannot_seat(players, rounds, code):
    with pytest.raises(m.MovementError) as raised:
        fixed_seats.fixed_schedule(players, rounds)
    assert raised.value.code == code


def test_progressive_winners_move_up_and_split():
    first = m.Round(((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)))
    nxt = progressive.progressive_next(first, ["NS", "EW", "NS"], [0] * 12)
    # head table: its winners 0 & 2 stay, table 2's winners 5 & 7 come up; they split
    assert nxt.tables[0] == (0, 2, 5, 7)
    # table 2: its losers 4 & 6 stay, table 3's winners 8 & 10 arrive
    assert nxt.tables[1] == (4, 6, 8, 10)
    # foot table: its losers stay, the head table's losers arrive
    assert nxt.tables[2] == (9, 11, 1, 3)
    partners = m.partner_counts([first, nxt])
    assert max(partners.values()) == 1


@settings(max_examples=40, deadline=None)
@given(players=st.integers(8, 64), rounds=st.integers(2, 10), data=st.data())
def test_progressive_rounds_seat_everyone_and_rotate_sit_outs(players, rounds, data):
    seed = data.draw(st.integers(0, 1000))
    played = [progressive.progressive_first(players, seed)]
    sat = m.sit_out_counts(players, played)
    for r in range(1, rounds):
        winners = data.draw(st.lists(st.sampled_from(["NS", "EW"]),
                                     min_size=players // 4, max_size=players // 4))
        nxt = progressive.progressive_next(played[-1], winners, sat, seed + r)
        assert m.well_formed(players, nxt)
        # nobody partners the same player twice in a row
        assert not set(m.partner_counts([played[-1]])) & set(m.partner_counts([nxt]))
        played.append(nxt)
        sat = m.sit_out_counts(players, played)
        assert max(sat) - min(sat) <= 1
        assert not set(played[-2].sit_outs) & set(nxt.sit_outs)


# --- re-planning: late arrivals, leavers, moves -------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(players=st.integers(8, 30), played=st.integers(1, 4), rest=st.integers(1, 4),
       data=st.data())
def test_replanned_rounds_seat_the_players_there_and_keep_sit_outs_even(players, played, rest,
                                                                        data):
    seed = data.draw(st.integers(0, 1000))
    history = list(m.schedule(players, played, seed).rounds)
    arrivals = data.draw(st.integers(0, 3))
    total = players + arrivals
    leavers = data.draw(st.lists(st.integers(0, players - 1), max_size=3, unique=True))
    active = [p for p in range(total) if p not in leavers]
    again = m.replan(total, active, history, rest, seed)
    assert again == m.replan(total, active, history, rest, seed)  # deterministic
    for rnd in again:
        placed = sorted([p for t in rnd.tables for p in t] + list(rnd.sit_outs))
        assert placed == active and len(rnd.sit_outs) == len(active) % 4
    # counting a missed round as a sit-out, the players there sit out evenly
    sits = m.sat_counts(total, [*history, *again])
    there_all_night = [sits[p] for p in active if p < players]
    assert max(there_all_night) - min(there_all_night) <= 1


def test_a_late_arrival_sits_out_only_after_everyone_else():
    history = list(m.schedule(12, 2, 4).rounds)
    rounds = m.replan(13, range(13), history, 3, 4)
    assert all(12 not in r.sit_outs for r in rounds)
    assert m.quality(13, [*history, *rounds]).repeated_partners == 0


@settings(max_examples=40, deadline=None)
@given(players=st.integers(8, 24), data=st.data())
def test_refit_fits_a_planned_round_to_the_players_there(players, data):
    planned = progressive.progressive_first(players, data.draw(st.integers(0, 100)))
    total = players + data.draw(st.integers(0, 5))
    leavers = data.draw(st.lists(st.integers(0, players - 1), max_size=4, unique=True))
    active = [p for p in range(total) if p not in leavers]
    sat = data.draw(st.lists(st.integers(0, 2), min_size=total, max_size=total))
    fitted = m.refit(planned, active, sat)
    assert sorted([p for t in fitted.tables for p in t] + list(fitted.sit_outs)) == active
    assert len(fitted.tables) == len(active) // 4
    seated = [p for t in fitted.tables for p in t]
    for p in fitted.sit_outs:  # nobody sits out while a seated player has sat out less
        assert all(sat[q] >= sat[p] for q in seated)
    # players who stay keep their seats while the tables stay
    if len(fitted.tables) == len(planned.tables) and len(set(sat)) == 1:
        for t_old, t_new in zip(planned.tables, fitted.tables, strict=True):
            for a, b in zip(t_old, t_new, strict=True):
                assert a == b or a in leavers
    assert m.refit(planned, range(players), [0] * players) == planned


def test_swap_moves_two_players_or_one_into_a_sit_out():
    rnd = m.Round(((0, 1, 2, 3), (4, 5, 6, 7)), (8,))
    assert m.swap(rnd, 0, 5) == m.Round(((5, 1, 2, 3), (4, 0, 6, 7)), (8,))
    assert m.swap(rnd, 8, 2) == m.Round(((0, 1, 8, 3), (4, 5, 6, 7)), (2,))


def test_too_few_players_to_plan():
    with pytest.raises(m.MovementError):
        m.replan(8, [0, 1, 2], [], 1, 0)
    with pytest.raises(m.MovementError):
        m.refit(m.Round(((0, 1, 2, 3),)), [0, 1], [0] * 4)
