"""Five Hundred's analysis names the cards that would have held a trick (issue 35), as
Euchre's does: for every costly play of random suit hands, the cards named are exactly the
seat's legal cards after which the makers' best count stays where it was, each checked with
a separate double-dummy question (the count after that card instead); the hand page says
them, and its legend says what its count column counts (the makers' tricks)."""

from __future__ import annotations

import random
import re

import pytest
from endplay.dds import analyse_play
from endplay.types import Deal
from support import fiveplay
from support.five_hundred_analysis import played, section, start
from support.pages import text

from scorekeeper.engine.cards import SEATS, effective_suit, parse_card, trick_winner
from scorekeeper.games.five_hundred import analysis as five_hundred_analysis
from scorekeeper.i18n.labels import card_label

PBN_SUITS = "SHDC"


def count_after(holdings, trump, leader, cards) -> int:
    """The makers' best count after ``cards`` are played (a DDS question of its own)."""
    names = five_hundred_analysis.bridge_names(trump)
    pbn = " ".join(".".join("".join(sorted((names[c][1] for c in holdings[seat]
                                            if names[c][0] == suit),
                                           key=five_hundred_analysis.BRIDGE_RANKS.index))
                            for suit in PBN_SUITS) for seat in SEATS)
    deal = Deal("N:" + pbn, first=five_hundred_analysis._PLAYERS[leader],
                trump=five_hundred_analysis._DENOMS[trump])
    with five_hundred_analysis._DDS:
        return int(list(analyse_play(deal, [names[c] for c in cards],
                                     declarer_is_first=True))[-1])


@pytest.mark.parametrize("seed", [11, 21, 31, 41, 51])
def test_the_held_cards_are_exactly_those_that_keep_the_count(seed):
    rng = random.Random(seed)
    bid = f"{rng.randint(6, 9)}{rng.choice('SHDC')}"
    record = fiveplay.random_hand(rng, bid, dealer="N")
    match = {"format": 1, "game": "five_hundred", "seats": {s: s for s in SEATS},
             "first_dealer": "N", "hands": [record["hand"]]}
    found, problems = five_hundred_analysis.analyse_match_hand(match, 1)
    assert found is not None, problems
    trump = bid[-1]
    play = [[parse_card(c) for c in trick] for trick in record["hand"]["play"]]
    cards = [c for trick in play for c in trick]
    leader = record["hand"]["caller"]
    holdings: dict[str, list] = {s: [] for s in SEATS}  # who played what, trick by trick
    winner = leader
    for trick in play:
        order = [SEATS[(SEATS.index(winner) + k) % 4] for k in range(4)]
        for seat, card in zip(order, trick, strict=True):
            holdings[seat].append(card)
        winner = order[trick_winner(trick, trump, True)]
    assert found.costly, "a hand with a costly play"
    for costly in found.costly:
        i = cards.index(costly.card)
        before = found.after[i]
        start_of_trick = i - i % 4
        led = cards[start_of_trick] if i % 4 else None
        in_hand = [c for c in holdings[costly.seat] if c not in cards[:i]]
        suit_led = effective_suit(led, trump) if led is not None else None
        following = [c for c in in_hand if effective_suit(c, trump) == suit_led]
        legal = following or in_hand
        keeps = {c for c in legal
                 if count_after(holdings, trump, leader, [*cards[:i], c]) == before}
        assert costly.held and costly.card not in costly.held
        assert set(costly.held) == keeps, (costly, keeps)


def test_the_hand_page_names_them_and_its_legend_says_the_makers_count(client):
    hand = played(11, "8H", "N")
    match_id = start(client, hand)
    html = client.get(f"/m/{match_id}/hands/1").get_data(as_text=True)
    match = {"format": 1, "game": "five_hundred", "seats": {s: s for s in SEATS},
             "first_dealer": "N", "hands": [hand]}
    found, _problems = five_hundred_analysis.analyse_match_hand(match, 1)
    costly = [text(li) for li in re.findall(r"<li>(.*?)</li>", section(html), re.S)]
    assert found is not None and len(costly) == len(found.costly) > 0
    for sentence, play in zip(costly, found.costly, strict=True):
        named = [card_label(str(c)) for c in play.held]
        assert (f"The {named[0]} would have held it." if len(named) == 1 else
                f"Any of these would have held it: {', '.join(named)}.") in sentence
    legend = text(html)
    assert "The last column counts the makers’ tricks." in legend
    assert "counts the tricks of each side" not in legend
