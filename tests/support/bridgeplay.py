"""Bridge deals for the tests, written apart from the engine: a random deal played card by
card (follow suit if able; the highest trump, else the highest card of the suit led, wins),
and the tricks it gives declarer's side."""

from __future__ import annotations

import random
from typing import Any

SEATS = "NESW"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = [r + s for s in "SHDC" for r in RANKS]


def rank(card: str) -> int:
    return RANKS.index(card[:-1])


def left_of(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


def side(seat: str) -> str:
    return "NS" if seat in "NS" else "EW"


def random_deal(rng: random.Random) -> dict[str, list[str]]:
    deck = list(DECK)
    rng.shuffle(deck)
    return {s: deck[i * 13:(i + 1) * 13] for i, s in enumerate(SEATS)}


def winner_of(cards: list[str], strain: str) -> int:
    """The index of the winning card: the highest trump, else the highest of the suit led."""
    led = cards[0][-1]
    def power(card: str) -> int:
        if strain != "NT" and card[-1] == strain:
            return 100 + rank(card)
        return rank(card) if card[-1] == led else -1
    return max(range(len(cards)), key=lambda i: power(cards[i]))


def random_play(rng: random.Random, strain: str, declarer: str,
                stop_after: int = 13) -> dict[str, Any]:
    """A legal deal and ``stop_after`` tricks of it (the rest claimed by whoever would have
    won them if played on): ``deal``, ``play``, ``tricks`` (declarer's side, all 13) and the
    winners of the tricks played."""
    deal = random_deal(rng)
    hands = {s: list(c) for s, c in deal.items()}
    leader = left_of(declarer)
    play, winners, won, later = [], [], 0, 0
    for t in range(13):
        cards, seats, seat = [], [], leader
        for _ in range(4):
            suit = cards[0][-1] if cards else None
            follow = [c for c in hands[seat] if c[-1] == suit]
            card = rng.choice(sorted(follow or hands[seat]))
            hands[seat].remove(card)
            cards.append(card)
            seats.append(seat)
            seat = left_of(seat)
        leader = seats[winner_of(cards, strain)]
        if side(leader) == side(declarer):
            won += 1
            later += t >= stop_after
        if t < stop_after:
            play.append(cards)
            winners.append(leader)
    return {"deal": deal, "play": play, "tricks": won, "winners": winners,
            "claim": later if stop_after < 13 else None}
