"""Cards, effective suit, trick winners, legal plays, opening leads, seat rotation."""

from __future__ import annotations

import pytest

from scorekeeper.engine.cards import (
    DECK_24,
    DECK_52,
    effective_suit,
    legal_plays,
    next_seat,
    opening_leader,
    parse_card,
    trick_winner,
)


def cards(text: str) -> list:
    return [parse_card(t) for t in text.split()]


@pytest.mark.parametrize(("text", "rank", "suit"), [
    ("10H", 10, "H"), ("JD", 11, "D"), ("AS", 14, "S"), ("2C", 2, "C"), ("9H", 9, "H"),
    ("QS", 12, "S"), ("KD", 13, "D"),
])
def test_parse_card(text, rank, suit):
    card = parse_card(text)
    assert card is not None
    assert (card.rank, card.suit) == (rank, suit)
    assert str(card) == text


@pytest.mark.parametrize("text", ["", "1H", "11H", "TH", "10h", "jd", "JX", "H10", "10", "AS ",
                                  None, 10, ["AS"], "ZZ", "0S"])
def test_parse_card_rejects(text):
    assert parse_card(text) is None


def test_decks():
    assert len(DECK_24) == 24
    assert len(DECK_52) == 52
    assert min(c.rank for c in DECK_24) == 9


@pytest.mark.parametrize(("card", "trump", "suit"), [
    ("JD", "H", "H"),  # left bower
    ("JH", "H", "H"),  # right bower
    ("JH", "D", "D"),
    ("JC", "S", "S"),
    ("JS", "C", "C"),
    ("JS", "H", "S"),  # a jack of the other colour stays in its suit
    ("JD", "S", "D"),
    ("AD", "H", "D"),
    ("10H", "D", "H"),
    ("JD", None, "D"),
])
def test_effective_suit_euchre(card, trump, suit):
    assert effective_suit(parse_card(card), trump) == suit


def test_whist_has_no_bowers():
    assert effective_suit(parse_card("JD"), "H", bowers=False) == "D"


@pytest.mark.parametrize(("trick", "trump", "winner"), [
    ("JD AH 10H 9H", "H", 0),  # left bower beats the ace of trumps
    ("AH JD 10H JH", "H", 3),  # right bower beats all
    ("AS KS QS JS", "H", 0),   # plain suit, ace high
    ("9S 10S AD KS", "H", 3),  # off-suit ace can't win
    ("9S 9H AS KS", "H", 1),   # trumped
    ("AC QC 10C JC", "H", 0),
    ("KC QH JH KH", "H", 2),   # seed trick 5: JH is the right bower
    ("QD JH KD AD", "D", 1),   # left bower (JH) in diamonds
    ("AD JD KD QD", "H", 1),   # JD is a heart: the left bower trumps the diamond lead
    ("10C JS AC 9C", "C", 1),  # JS is the left bower with clubs trump
])
def test_trick_winner_euchre(trick, trump, winner):
    assert trick_winner(cards(trick), trump) == winner


@pytest.mark.parametrize(("trick", "trump", "winner"), [
    ("KD AD 10D 3H", "S", 1),
    ("2S 5S 8S 2H", "S", 2),
    ("5D 9D AS QD", "S", 2),
    ("JH AH 2H QH", "D", 1),
    ("JD 2H 3H 4H", "H", 3),  # no bowers in Whist: JD led, 4H is the best trump
])
def test_trick_winner_whist(trick, trump, winner):
    assert trick_winner(cards(trick), trump, bowers=False) == winner


@pytest.mark.parametrize(("holding", "led", "trump", "legal"), [
    ("AD KS 9C QH 10H", "9D", "H", "AD"),
    ("JD KS 9C AC QS", "9D", "H", "JD KS 9C AC QS"),  # JD is a heart: may play anything
    ("JD KS 9C AC QS", "AH", "H", "JD"),              # must follow hearts with the left bower
    ("JD KS 9C AC QS", "10C", "S", "9C AC"),          # JC? not held; AC 9C follow clubs
    ("JC KS 9C AC QS", "10C", "S", "9C AC"),          # JC is a spade (left bower)
    ("JC KS 9C AC QS", "10S", "S", "JC KS QS"),
    ("9H", "AS", "D", "9H"),
])
def test_legal_plays(holding, led, trump, legal):
    assert set(legal_plays(cards(holding), parse_card(led), trump)) == set(cards(legal))


def test_leader_may_lead_anything():
    assert set(legal_plays(cards("AD KS 9C"), None, "H")) == set(cards("AD KS 9C"))


@pytest.mark.parametrize(("dealer", "out", "loner", "rule", "leader"), [
    ("S", (), None, "dealer_left", "W"),
    ("N", (), None, "dealer_left", "E"),
    ("W", (), None, "dealer_left", "N"),
    # lone hands, dealer_left: first playing seat clockwise from the dealer
    ("N", ("W",), "E", "dealer_left", "E"),
    ("N", ("E",), "W", "dealer_left", "S"),  # dealer's left sits out: dealer's partner leads
    ("N", ("S",), "N", "dealer_left", "E"),
    # loner_left: the seat to the lone player's left
    ("N", ("S",), "N", "loner_left", "E"),
    ("N", ("W",), "E", "loner_left", "S"),
    ("N", ("E",), "W", "loner_left", "N"),
    ("S", ("N",), "S", "loner_left", "W"),
    # loner_left with the seat to the loner's left sitting out (a defender alone)
    ("N", ("W", "N"), "E", "loner_left", "S"),
    ("N", ("S", "E"), "N", "loner_left", "W"),
])
def test_opening_leader(dealer, out, loner, rule, leader):
    assert opening_leader(dealer, frozenset(out), loner, rule) == leader


@pytest.mark.parametrize(("seat", "steps", "expected"), [
    ("N", 1, "E"), ("E", 1, "S"), ("S", 1, "W"), ("W", 1, "N"), ("N", 4, "N"), ("S", 3, "E"),
])
def test_rotation(seat, steps, expected):
    assert next_seat(seat, steps) == expected
