"""Double-dummy analysis with the Joker and the larger packs, against a minimax written on the
hand-made rules of support/packplay.py (nothing shared with the solver, not even the card rules)."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import packplay

from scorekeeper.engine.analysis import analyse, analyse_hand
from scorekeeper.engine.cards import parse_card
from scorekeeper.engine.games import resolve_rules
from scorekeeper.games.euchre.rules import GAME as EUCHRE

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ORDER = "NESW"


def _next(seat: str, seats: tuple[str, ...]) -> str:
    i = ORDER.index(seat)
    while True:
        i = (i + 1) % 4
        if ORDER[i] in seats:
            return ORDER[i]


@cache
def best(hands: tuple[tuple[str, frozenset[str]], ...], pack: int, trump: str, leader: str,
         makers: str, trick: tuple[str, ...] = ()) -> int:
    """The most tricks the makers can take from here (the current trick included)."""
    held = dict(hands)
    seats = tuple(s for s, _ in hands)
    seat = leader
    for _ in trick:
        seat = _next(seat, seats)
    if len(trick) == len(seats):
        winner = leader
        for _ in range(packplay.winner(list(trick), pack, trump)):
            winner = _next(winner, seats)
        won = int(packplay.TEAM[winner] == makers)
        if not any(held.values()):
            return won
        return won + best(hands, pack, trump, winner, makers)
    values = []
    for card in packplay.legal(sorted(held[seat]), trick[0] if trick else None, trump):
        rest = tuple((s, c - {card}) if s == seat else (s, c) for s, c in hands)
        values.append(best(rest, pack, trump, leader, makers, (*trick, card)))
    return max(values) if packplay.TEAM[seat] == makers else min(values)


def frozen(holdings: dict[str, list[str]]) -> tuple[tuple[str, frozenset[str]], ...]:
    return tuple((s, frozenset(holdings[s])) for s in ORDER if s in holdings)


@st.composite
def endings(draw):
    """One to three cards a seat from a 28- or 32-card pack with the Joker (always dealt),
    four, three (a lone hand) or two (against a lone defender) seats."""
    size = draw(st.integers(1, 3))
    pack = draw(st.sampled_from((24, 28, 32)))
    seats = draw(st.sampled_from(["NESW", "NEW", "ESW", "NE"]))
    cards = draw(st.permutations([c for c in packplay.pack_cards(pack, True) if c != "JK"]))
    dealt = ["JK", *cards[:len(seats) * size - 1]]
    order = draw(st.permutations(dealt))
    holdings = {s: list(order[i * size:(i + 1) * size]) for i, s in enumerate(seats)}
    return (holdings, pack, draw(st.sampled_from("SHDC")), draw(st.sampled_from(seats)),
            draw(st.sampled_from(("NS", "EW"))))


@SETTINGS
@given(endings())
def test_par_of_endings_with_the_joker_matches_the_minimax(ending):
    holdings, pack, trump, leader, makers = ending
    result = analyse({s: [parse_card(c) for c in cs] for s, cs in holdings.items()},
                     trump, leader, makers, [])
    assert result.par == best(frozen(holdings), pack, trump, leader, makers)


@pytest.mark.parametrize("seed", range(6))
def test_whole_hands_of_the_larger_packs(seed):
    """Random legal hands (32 or 28 cards, the Joker in, sometimes turned up): par and the
    count after every card of the first trick agree with the minimax (half of them lone: the
    plain minimax of a four-seat hand takes seconds)."""
    rng = random.Random(seed)
    pack, joker = rng.choice(((32, True), (28, True), (32, False)))
    dealer = rng.choice(ORDER)
    made = packplay.random_hand(rng, pack, joker, dealer=dealer, alone=seed % 2 == 0,
                                joker_up=joker and seed % 3 == 0)
    hand = made["hand"]
    rules, _ = resolve_rules("euchre", {"pack": pack, "joker": joker})
    result, problems = analyse_hand(EUCHRE, hand, 1, dealer, rules)
    assert problems == [], [p.as_json() for p in problems]
    holdings = hand["deal"]
    makers = packplay.TEAM[hand["caller"]]
    seats = tuple(s for s in ORDER if s in holdings)
    leader = _next(dealer, seats)
    assert result.par == best(frozen(holdings), pack, hand["trump"], leader, makers)
    trick: list[str] = []
    for i, card in enumerate(hand["play"][0][:-1]):
        trick.append(card)
        rest = {s: [c for c in cs if c not in trick] for s, cs in holdings.items()}
        assert result.after[i + 1] == best(frozen(rest), pack, hand["trump"], leader, makers,
                                           tuple(trick))
    assert result.after[-1] == made["makers_tricks"]
