"""Double-dummy analysis (engine/analysis.py) against a plain brute-force solver.

The brute force below shares nothing with the solver but the card rules: it tries every legal
card at every turn (no memo, no pruning, no equal-card shortcut), so it is slow and only run on
small holdings; whole five-card hands get a memoised version of the same plain search.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.deals import euchre_hand

from scorekeeper.engine.analysis import AnalysisError, Solver, analyse, analyse_hand
from scorekeeper.engine.cards import (
    DECK_24,
    PARTNER,
    SEATS,
    SUITS,
    TEAM_OF,
    Card,
    legal_plays,
    next_seat,
    opening_leader,
    parse_card,
    trick_winner,
)
from scorekeeper.engine.games import resolve_rules
from scorekeeper.games.euchre.rules import GAME as EUCHRE

DECK = sorted(DECK_24, key=lambda c: (c.suit, c.rank))
SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def rules(**given: object) -> dict:
    resolved, problems = resolve_rules("euchre", given)
    assert not problems
    return resolved


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


# --- the brute force ----------------------------------------------------------------------------


def _next_playing(seat: str, holdings: dict[str, tuple[Card, ...]], size: int) -> str:
    seat = next_seat(seat)
    while seat not in holdings:
        seat = next_seat(seat)
    return seat


def brute(holdings: dict[str, tuple[Card, ...]], trump: str, leader: str, makers: str,
          trick: tuple[Card, ...] = ()) -> int:
    """Most tricks the makers can still take (the current trick included), trying everything."""
    size = len(holdings)
    seat = leader
    for _ in trick:
        seat = _next_playing(seat, holdings, size)
    if len(trick) == size:
        winner = leader
        for _ in range(trick_winner(list(trick), trump)):
            winner = _next_playing(winner, holdings, size)
        won = int(TEAM_OF[winner] == makers)
        if not any(holdings.values()):
            return won
        return won + brute(holdings, trump, winner, makers)
    options = legal_plays(list(holdings[seat]), trick[0] if trick else None, trump)
    values = []
    for card in options:
        rest = dict(holdings)
        rest[seat] = tuple(c for c in holdings[seat] if c != card)
        values.append(brute(rest, trump, leader, makers, (*trick, card)))
    return max(values) if TEAM_OF[seat] == makers else min(values)


@cache
def _memo_brute(frozen: tuple[tuple[str, frozenset[Card]], ...], trump: str, leader: str,
                makers: str) -> int:
    """The same plain search, remembered at the start of each trick (for five-card hands)."""
    holdings = {s: c for s, c in frozen}
    size = len(holdings)
    if not any(holdings.values()):
        return 0
    best: int | None = None

    def walk(seat: str, trick: list[Card], hands: dict[str, frozenset[Card]]) -> int:
        if len(trick) == size:
            winner = leader
            for _ in range(trick_winner(trick, trump)):
                winner = _next_playing(winner, holdings, size)
            return int(TEAM_OF[winner] == makers) + _memo_brute(
                tuple(sorted(hands.items())), trump, winner, makers)
        values = []
        for card in legal_plays(hands[seat], trick[0] if trick else None, trump):
            rest = dict(hands)
            rest[seat] = hands[seat] - {card}
            values.append(walk(_next_playing(seat, holdings, size), [*trick, card], rest))
        return max(values) if TEAM_OF[seat] == makers else min(values)

    best = walk(leader, [], holdings)
    return best


def memo_brute(holdings: dict[str, list[Card]], trump: str, leader: str, makers: str) -> int:
    return _memo_brute(tuple(sorted((s, frozenset(c)) for s, c in holdings.items())),
                       trump, leader, makers)


def random_line(rng: random.Random, holdings: dict[str, list[Card]], trump: str,
                leader: str) -> list[list[Card]]:
    """A random legal play of the whole hand."""
    hands = {s: list(c) for s, c in holdings.items()}
    size = len(hands)
    play = []
    while any(hands.values()):
        seat, trick, order = leader, [], []
        while len(trick) < size:
            card = rng.choice(legal_plays(hands[seat], trick[0] if trick else None, trump))
            hands[seat].remove(card)
            trick.append(card)
            order.append(seat)
            seat = _next_playing(seat, hands, size)
        leader = order[trick_winner(trick, trump)]
        play.append(trick)
    return play


def expected_after(holdings: dict[str, list[Card]], trump: str, leader: str, makers: str,
                   play: list[list[Card]]) -> list[int]:
    """``after`` by brute force: tricks won so far plus the best from each position."""
    hands = {s: tuple(c) for s, c in holdings.items()}
    size = len(hands)
    won = 0
    out = [brute(hands, trump, leader, makers)]
    for trick in play:
        seat = leader
        for i, card in enumerate(trick):
            hands[seat] = tuple(c for c in hands[seat] if c != card)
            if i + 1 < size:
                out.append(won + brute(hands, trump, leader, makers, tuple(trick[:i + 1])))
            seat = _next_playing(seat, hands, size)
        order = [leader]
        while len(order) < size:
            order.append(_next_playing(order[-1], hands, size))
        leader = order[trick_winner(trick, trump)]
        won += TEAM_OF[leader] == makers
        out.append(won + (brute(hands, trump, leader, makers) if any(hands.values()) else 0))
    return out


# --- properties -----------------------------------------------------------------------------------


@st.composite
def small_deals(draw):
    """A few cards to each playing seat (four, three for a lone hand, two against a lone
    defender), a trump, the makers and who leads."""
    size = draw(st.integers(1, 3))
    seats = draw(st.sampled_from([SEATS, ("N", "E", "W"), ("E", "S", "W"), ("N", "E")]))
    deck = draw(st.permutations(DECK))
    holdings = {s: list(deck[i * size:(i + 1) * size]) for i, s in enumerate(seats)}
    trump = draw(st.sampled_from(SUITS))
    makers = draw(st.sampled_from(("NS", "EW")))
    leader = draw(st.sampled_from(seats))
    seed = draw(st.integers(0, 2**32))
    return holdings, trump, makers, leader, seed


@SETTINGS
@given(small_deals())
def test_after_every_card_matches_the_brute_force(deal):
    holdings, trump, makers, leader, seed = deal
    play = random_line(random.Random(seed), holdings, trump, leader)
    result = analyse(holdings, trump, leader, makers, play)
    expected = expected_after(holdings, trump, leader, makers, play)
    assert list(result.after) == expected
    assert result.par == expected[0]
    # the costly plays are exactly the moves against the side that made them
    n = len(holdings)
    order_seats = []
    lead = leader
    hands = {s: list(c) for s, c in holdings.items()}
    for trick in play:
        seat, order = lead, []
        for _card in trick:
            order.append(seat)
            seat = _next_playing(seat, hands, n)
        order_seats += order
        lead = order[trick_winner(trick, trump)]
    flat = [(t, c) for t, trick in enumerate(play, 1) for c in trick]
    costly = []
    for i, ((t, card), seat) in enumerate(zip(flat, order_seats, strict=True)):
        moved = expected[i + 1] - expected[i]
        if TEAM_OF[seat] == makers:
            moved = -moved
        if moved > 0:
            costly.append({"trick": t, "seat": seat, "card": str(card), "cost": moved})
    assert [c.as_json() for c in result.costly] == costly
    assert result.after[-1] == sum(
        1 for i, trick in enumerate(play) if _winner_team(play, i, leader, hands, trump) == makers)


def _winner_team(play, index, leader, hands, trump):
    n = len(hands)
    lead = leader
    for trick in play[:index + 1]:
        order = [lead]
        while len(order) < n:
            order.append(_next_playing(order[-1], hands, n))
        lead = order[trick_winner(trick, trump)]
    return TEAM_OF[lead]


@pytest.mark.parametrize("seed", range(24))
def test_par_of_whole_hands_matches_the_brute_force(seed):
    """Random legal five-card hands (a fifth of them lone), under both lone-lead options."""
    rng = random.Random(seed)
    lone_lead = rng.choice(("dealer_left", "loner_left"))
    dealer = rng.choice(SEATS)
    hand = euchre_hand(rng, dealer, lone_lead=lone_lead)
    result, problems = analyse_hand(EUCHRE, hand, 7, dealer, rules(lone_lead=lone_lead))
    assert not problems
    caller, alone = hand["caller"], hand["alone"]
    out = {PARTNER[caller]} if alone else set()
    holdings = {s: cards(" ".join(c)) for s, c in hand["deal"].items() if s not in out}
    leader = opening_leader(dealer, frozenset(out), caller if alone else None, lone_lead)
    makers = TEAM_OF[caller]
    assert result.hand == 7 and result.makers == makers
    assert result.par == memo_brute(holdings, hand["trump"], leader, makers)
    assert len(result.after) == sum(len(t) for t in hand["play"]) + 1
    tricks = _tricks_taken(hand, leader, out)
    assert result.after[-1] == tricks[makers]


def _tricks_taken(hand, leader, out):
    taken = {"NS": 0, "EW": 0}
    for trick in hand["play"]:
        order = [leader]
        while len(order) < len(trick):
            seat = next_seat(order[-1])
            while seat in out:
                seat = next_seat(seat)
            order.append(seat)
        leader = order[trick_winner(cards(" ".join(trick)), hand["trump"])]
        taken[TEAM_OF[leader]] += 1
    return taken


# --- hand-made cases -----------------------------------------------------------------------------


def test_a_lay_down_is_par_five_whatever_is_played():
    holdings = {"N": cards("JH JD AH KH QH"), "E": cards("9S 10S JS QS KS"),
                "S": cards("9C 10C JC QC KC"), "W": cards("9D 10D QD KD AD")}
    play = [["JH", "9S", "9C", "9D"], ["JD", "10S", "10C", "10D"], ["AH", "JS", "JC", "QD"],
            ["KH", "QS", "QC", "KD"], ["QH", "KS", "KC", "AD"]]
    result = analyse(holdings, "H", "N", "NS", [cards(" ".join(t)) for t in play])
    assert result.par == 5
    assert result.after == (5,) * 21
    assert result.costly == ()


WRONG_LEAD = {"N": cards("JS AH"), "E": cards("9S 10D"), "S": cards("9D 10C"),
              "W": cards("QD KC")}


def test_the_wrong_lead_costs_a_trick():
    """N should draw E's only trump with the right bower before cashing the ace of hearts."""
    right = analyse(WRONG_LEAD, "S", "N", "NS",
                    [cards("JS 9S 9D QD"), cards("AH 10D 10C KC")])
    assert right.par == 2 and right.after[-1] == 2 and right.costly == ()
    wrong = analyse(WRONG_LEAD, "S", "N", "NS",
                    [cards("AH 9S 9D QD"), cards("10D 10C KC JS")])
    assert wrong.par == 2
    assert wrong.after == (2, 1, 1, 1, 1, 1, 1, 1, 1)
    assert [c.as_json() for c in wrong.costly] == [
        {"trick": 1, "seat": "N", "card": "AH", "cost": 1}]


def test_a_defender_who_fails_to_overtake_gives_a_trick_away():
    """N cashes the ace too soon, then E discards instead of ruffing: the trick comes back."""
    wrong = analyse(WRONG_LEAD, "S", "N", "NS",
                    [cards("AH 10D 9D QD"), cards("JS 9S 10C KC")])
    assert wrong.after == (2, 1, 2, 2, 2, 2, 2, 2, 2)
    assert [c.as_json() for c in wrong.costly] == [
        {"trick": 1, "seat": "N", "card": "AH", "cost": 1},
        {"trick": 1, "seat": "E", "card": "10D", "cost": 1}]


def test_a_costly_play_says_which_cards_would_have_held_the_count():
    """The right bower held N's count (the ace gave a trick away); E's trump would have ruffed."""
    wrong = analyse(WRONG_LEAD, "S", "N", "NS",
                    [cards("AH 10D 9D QD"), cards("JS 9S 10C KC")])
    assert [(c.card, c.held) for c in wrong.costly] == [
        (cards("AH")[0], tuple(cards("JS"))), (cards("10D")[0], tuple(cards("9S")))]


@pytest.mark.parametrize("seed", range(12))
def test_every_costly_play_has_a_card_that_held(seed):
    """Best play is one of the legal cards, so a card that lost ground always had another."""
    hand = euchre_hand(random.Random(seed), "N")
    found, problems = analyse_hand(EUCHRE, hand, 1, "N", rules())
    assert found is not None, problems
    for costly in found.costly:
        assert costly.held and costly.card not in costly.held


def test_a_lone_hand_plays_three_card_tricks():
    """N alone (S sits out) with both bowers and the ace: E leads, then W, then N."""
    holdings = {"N": cards("JH JD AH"), "E": cards("KH 9S 10S"), "W": cards("QH 9C 10C")}
    result = analyse(holdings, "H", "E", "NS",
                     [cards("9S 10C JD"), cards("JH KH QH"), cards("AH 10S 9C")])
    assert result.par == 3
    assert result.after == (3,) * 10
    with pytest.raises(AnalysisError, match="does not hold"):  # N does not play second
        analyse(holdings, "H", "E", "NS", [cards("9S JD 10C")])


def test_against_a_lone_defender_tricks_have_two_cards():
    """N alone against E alone: cashing the ace of clubs first lets E ruff it."""
    holdings = {"N": cards("JH AC"), "E": cards("9H KD")}
    result = analyse(holdings, "H", "N", "NS", [cards("AC 9H"), cards("KD JH")])
    assert result.par == 2
    assert result.after == (2, 1, 1, 1, 1)
    assert [c.as_json() for c in result.costly] == [
        {"trick": 1, "seat": "N", "card": "AC", "cost": 1}]


LONE = {"dealer": "N", "caller": "E", "round": 2, "turn_up": "9C", "trump": "H", "alone": True,
        "deal": {"N": ["JH", "JD", "9D", "10D", "QD"], "E": ["AH", "KH", "QH", "10H", "9H"],
                 "S": ["AS", "KS", "QS", "JS", "10S"], "W": ["9S", "AC", "KC", "QC", "JC"]}}


@pytest.mark.parametrize(("lone_lead", "leader"), [("dealer_left", "E"), ("loner_left", "S")])
def test_the_lone_lead_option_decides_who_leads(lone_lead, leader):
    """E alone (W sits out), dealer N: the dealer's left is E himself; with loner_left, S."""
    holdings = {s: cards(" ".join(c)) for s, c in LONE["deal"].items() if s != "W"}
    play = random_line(random.Random(1), holdings, "H", leader)
    hand = {**LONE, "play": [[str(c) for c in t] for t in play]}
    result, problems = analyse_hand(EUCHRE, hand, 1, "N", rules(lone_lead=lone_lead))
    assert not problems
    assert result.par == memo_brute(holdings, "H", leader, "EW")
    other = "S" if leader == "E" else "E"
    _, problems = analyse_hand(EUCHRE, hand, 1, "N", rules(lone_lead={"E": "loner_left",
                                                              "S": "dealer_left"}[leader]))
    assert problems, f"{other} leads under the other option, so this record is illegal"


STUCK = {"dealer": "S", "caller": "S", "round": 2, "turn_up": "9C", "trump": "H", "alone": False,
         "deal": {"N": ["AS", "KS", "QS", "JS", "10S"], "E": ["AD", "KD", "QD", "JD", "10D"],
                  "S": ["JH", "AH", "KH", "QH", "9D"], "W": ["JC", "AC", "KC", "QC", "10H"]}}


@pytest.mark.parametrize("seed", [1, 2])
def test_stick_the_dealer_hands_are_analysed_too(seed):
    """Everyone passed round 1 and the dealer, stuck, named hearts: W (the dealer's left)
    leads, and the par is what a plain search of the same cards finds."""
    holdings = {s: cards(" ".join(c)) for s, c in STUCK["deal"].items()}
    play = random_line(random.Random(seed), holdings, "H", "W")
    hand = {**STUCK, "play": [[str(c) for c in t] for t in play]}
    result, problems = analyse_hand(EUCHRE, hand, 1, "S", rules(stick_the_dealer=True))
    assert not problems
    assert result.par == memo_brute(holdings, "H", "W", "NS")
    assert result.par >= 4  # S holds the right bower, ace, king and queen of hearts


@pytest.mark.parametrize(("change", "code"), [
    ({"play": None}, "analysis.no_play"),
    ({"passed": True}, "analysis.passed"),
    ({"makers_tricks": 9}, "hand.makers_tricks_range"),
])
def test_hands_that_cannot_be_analysed_say_why(change, code):
    hand = euchre_hand(random.Random(3), "N", alone=False)
    for key, value in change.items():
        if value is None:
            hand.pop(key)
        else:
            hand[key] = value
    if change.get("passed"):
        hand = {"dealer": "N", "passed": True}
    result, problems = analyse_hand(EUCHRE, hand, 2, "N", rules())
    assert result is None
    assert [p.code for p in problems][:1] == [code]
    assert problems[0].hand == 2 and problems[0].message


def test_an_incomplete_or_renege_record_is_refused():
    hand = euchre_hand(random.Random(3), "N", alone=False)
    short = {**hand, "play": hand["play"][:3], "makers_tricks": 3}
    _, problems = analyse_hand(EUCHRE, short, 1, "N", rules())
    assert problems and problems[0].code == "play.wrong_trick_count"
    reneged: list = []
    rng = random.Random(11)
    while not reneged:
        reneged = []
        bad = euchre_hand(rng, "N", alone=False, renege=reneged)
    result, problems = analyse_hand(EUCHRE, bad, 1, "N", rules())
    assert result is None
    assert [p.code for p in problems] == ["analysis.renege"]
    assert problems[0].params["seat"] == reneged[0][0]
    # a short record is legal only with a declared renege: refused as a renege, never as
    # "incomplete" (there is no such refusal: evaluate refuses any other short record)
    declared = {**hand, "play": hand["play"][:2], "renege": "E"}
    result, problems = analyse_hand(EUCHRE, declared, 1, "N", rules())
    assert result is None
    assert [p.code for p in problems] == ["analysis.renege"]
    assert problems[0].params["seat"] == "E"


def test_illegal_plays_given_directly_are_refused():
    with pytest.raises(AnalysisError, match="must follow suit"):
        analyse(WRONG_LEAD, "S", "N", "NS", [cards("JS 10D 9D QD")])
    with pytest.raises(AnalysisError, match="does not hold"):
        analyse(WRONG_LEAD, "S", "N", "NS", [cards("AS")])
    with pytest.raises(AnalysisError, match="same number"):
        Solver({"N": cards("JS AH"), "E": cards("9S")}, "S", "NS")
