"""Random bridge deals and legal card records from a seeded Random, written out apart from the
game's code (the rules by hand: follow suit, highest trump else highest of the suit led)."""

from __future__ import annotations

import random
from typing import Any

SEATS = "NESW"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "SHDC"
PACK = [rank + suit for suit in SUITS for rank in RANKS]
STRAINS = ["C", "D", "H", "S", "NT"]


def random_deal(rng: random.Random) -> dict[str, list[str]]:
    cards = PACK[:]
    rng.shuffle(cards)
    return {seat: sorted(cards[i * 13:(i + 1) * 13], key=PACK.index)
            for i, seat in enumerate(SEATS)}


def _winner(cards: list[str], leader: str, strain: str) -> str:
    led = cards[0][-1]

    def strength(card: str) -> int:
        power = RANKS.index(card[:-1])
        if strain != "NT" and card[-1] == strain:
            return 100 + power
        return power + 1 if card[-1] == led else 0

    best = max(range(4), key=lambda i: strength(cards[i]))
    return SEATS[(SEATS.index(leader) + best) % 4]


def random_play(rng: random.Random, deal: dict[str, list[str]], strain: str, declarer: str,
                tricks: int = 13) -> tuple[list[list[str]], int]:
    """``tricks`` random legal tricks (the first led by declarer's left) and how many of them
    declarer's side won."""
    held = {seat: list(cards) for seat, cards in deal.items()}
    leader = SEATS[(SEATS.index(declarer) + 1) % 4]
    play, won = [], 0
    for _ in range(tricks):
        trick: list[str] = []
        for i in range(4):
            seat = SEATS[(SEATS.index(leader) + i) % 4]
            follow = [c for c in held[seat] if trick and c[-1] == trick[0][-1]]
            card = rng.choice(follow or held[seat])
            held[seat].remove(card)
            trick.append(card)
        play.append(trick)
        leader = _winner(trick, leader, strain)
        won += leader in (declarer, SEATS[(SEATS.index(declarer) + 2) % 4])
    return play, won


def random_record(rng: random.Random, claim_after: int | None = None) -> dict[str, Any]:
    """A whole deal record: the deal, a contract, its play (to the end, or to a claim)."""
    deal = random_deal(rng)
    strain, declarer = rng.choice(STRAINS), rng.choice(SEATS)
    level = rng.randint(1, 7)
    doubled = rng.choice(["", "", "", "X", "XX"])
    record: dict[str, Any] = {"dealer": rng.choice(SEATS), "contract": f"{level}{strain}{doubled}",
                              "declarer": declarer, "deal": deal}
    played = 13 if claim_after is None else claim_after
    play, won = random_play(rng, deal, strain, declarer, played)
    record["play"] = play
    if claim_after is None:
        record["tricks"] = won
    else:
        claim = rng.randint(0, 13 - claim_after)
        record["claim"] = claim
        record["tricks"] = won + claim
    return record
