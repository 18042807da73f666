"""Five Hundred's double-dummy analysis (DDS through endplay): the renaming of cards into a
bridge deal agrees with the engine's own solver on the last tricks of random hands, the count
after the last card is the tricks taken, costly plays are the moves against their side, and
no trumps, misère and passed hands are refused in words; also through the API."""

from __future__ import annotations

import random

import pytest
from support import fiveplay
from support.helpers import SEATS

from scorekeeper.engine.analysis import Solver, analyse_match_hand
from scorekeeper.engine.cards import TEAM_OF, parse_card
from scorekeeper.engine.games import resolve_rules
from scorekeeper.engine.limits import MATCH_FORMAT
from scorekeeper.games.five_hundred.analysis import analyse, bridge_names
from scorekeeper.games.five_hundred.rules import PACK, evaluate

SUIT_BIDS = [b for b in fiveplay.BIDS if "NT" not in b and "misere" not in b]


def match(*hands: dict, **rules: object) -> dict:
    return {"format": MATCH_FORMAT, "game": "five_hundred", "seats": dict(SEATS),
            "rules": rules, "hands": list(hands)}


def holdings_and_play(hand: dict) -> tuple[dict, list[str]]:
    """Each seat's ten cards when play starts, in the order played, and each trick's leader
    (the seats of each trick as the engine worked them out)."""
    rules, _ = resolve_rules("five_hundred", {})
    outcome, problems = evaluate(dict(hand), 1, "N", rules)
    assert outcome is not None, problems
    held: dict = {s: [] for s in "NESW"}
    for trick_seats, trick in zip(outcome.trick_seats, hand["play"], strict=True):
        for seat, text in zip(trick_seats, trick, strict=True):
            held[seat].append(parse_card(text))
    return held, [seats[0] for seats in outcome.trick_seats]


def test_bridge_names_keep_the_order_of_power():
    names = bridge_names("H")
    assert len(names) == 43 and len(set(names.values())) == 43
    assert [names[parse_card(c)] for c in ("JK", "JH", "JD", "AH", "KH", "QH", "10H", "4H")] == [
        "HA", "HK", "HQ", "HJ", "HT", "H9", "H8", "H2"]
    assert [names[parse_card(c)] for c in ("AD", "KD", "QD", "10D", "4D")] == [
        "DA", "DK", "DQ", "DJ", "D5"]
    assert names[parse_card("JS")] == "SJ" and names[parse_card("5C")] == "C5"
    assert set(names) == set(PACK.cards)


@pytest.mark.parametrize("seed", range(12))
def test_dds_agrees_with_the_engines_solver_on_the_last_tricks(seed):
    rng = random.Random(seed)
    played = fiveplay.random_hand(rng, rng.choice(SUIT_BIDS))
    hand = played["hand"]
    held, leaders = holdings_and_play(hand)
    trump = hand["bid"][-1]
    for left in (3, 5):
        start = 10 - left
        rest = {s: cards[start:] for s, cards in held.items()}
        ours = Solver(rest, trump, TEAM_OF[leaders[start]])
        theirs = analyse(rest, trump, leaders[start], [])
        assert theirs.par == ours.value(ours.full, "NESW".index(leaders[start]))


@pytest.mark.parametrize("seed", range(20))
def test_the_count_after_the_last_card_is_the_tricks_taken(seed):
    rng = random.Random(100 + seed)
    played = fiveplay.random_hand(rng, rng.choice(SUIT_BIDS))
    found, problems = analyse_match_hand(match(played["hand"]), 1)
    assert problems == [] and found is not None
    assert found.makers == TEAM_OF[played["hand"]["caller"]]
    assert len(found.after) == 41 and found.after[0] == found.par
    assert found.after[-1] == played["makers_tricks"]
    for costly in found.costly:
        i = sum(len(t) for t in played["hand"]["play"][:costly.trick - 1]) + \
            played["hand"]["play"][costly.trick - 1].index(str(costly.card))
        moved = found.after[i + 1] - found.after[i]
        assert (moved < 0) == (TEAM_OF[costly.seat] == found.makers) and abs(moved) == \
            costly.cost


@pytest.mark.parametrize(("hand", "code"), [
    (fiveplay.random_hand(random.Random(1), "7NT")["hand"], "analysis.no_trumps"),
    (fiveplay.random_hand(random.Random(1), "misere")["hand"], "analysis.no_trumps"),
    ({"passed": True}, "analysis.passed"),
    ({"caller": "N", "bid": "6S", "makers_tricks": 6}, "analysis.no_play"),
])
def test_what_is_not_analysed_says_why(hand, code):
    found, problems = analyse_match_hand(match(hand), 1)
    assert found is None and [p.code for p in problems] == [code]
    assert problems[0].message


def test_the_api_answers_the_analysis(client):
    played = fiveplay.random_hand(random.Random(9), "8S")
    created = client.post("/api/matches", json=match(played["hand"])).get_json()
    body = client.get(f"/api/matches/{created['id']}/hands/1/analysis").get_json()
    assert set(body) == {"hand", "makers", "par", "after", "costly"}
    assert body["after"][-1] == played["makers_tricks"]


def test_analyses_at_once_from_many_threads_agree():
    """The server analyses on many threads; DDS's one slot is taken in turn."""
    from concurrent.futures import ThreadPoolExecutor

    hands = [fiveplay.random_hand(random.Random(300 + i), "7S")["hand"] for i in range(16)]
    alone = [analyse_match_hand(match(h), 1)[0] for h in hands]
    with ThreadPoolExecutor(8) as pool:
        together = list(pool.map(lambda h: analyse_match_hand(match(h), 1)[0], hands * 2))
    assert together == alone * 2
