"""Euchre's other packs and the Joker, written out independently of the engine (spec/rules.md,
"Euchre's other packs and the Joker"): each pack's cards, the rank orders as lists, and random
legal hands played card by card by these rules, for the engine's answers to be compared with."""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.matchfile import check_match
from support.helpers import euchre_match

SUITS = "SHDC"
SEATS = "NESW"
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
TEAM = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
# The ranks of each pack, highest first (rules.md: `pack` 24 = 9-A, 28 = 8-A, 32 = 7-A).
PACK_RANKS = {
    24: ["A", "K", "Q", "J", "10", "9"],
    28: ["A", "K", "Q", "J", "10", "9", "8"],
    32: ["A", "K", "Q", "J", "10", "9", "8", "7"],
}


def pack_cards(pack: int, joker: bool) -> list[str]:
    """Every card of the pack, suit by suit (the Joker last)."""
    return [r + s for s in SUITS for r in PACK_RANKS[pack]] + (["JK"] if joker else [])


def suit_of(card: str, trump: str) -> str:
    """The effective suit: the Joker and the left bower are trumps."""
    if card == "JK" or card == "J" + SAME_COLOUR[trump]:
        return trump
    return card[-1]


def trump_order(pack: int, trump: str) -> list[str]:
    """The trumps strongest first: JK, right bower, left bower, A K Q 10 9 (8 7)."""
    plain = [r + trump for r in PACK_RANKS[pack] if r != "J"]
    return ["JK", "J" + trump, "J" + SAME_COLOUR[trump], *plain]


def plain_order(pack: int, suit: str, trump: str) -> list[str]:
    """A plain suit strongest first (without the jack that became the left bower)."""
    return [r + suit for r in PACK_RANKS[pack] if r + suit != "J" + SAME_COLOUR[trump]]


def winner(cards: list[str], pack: int, trump: str) -> int:
    """Index of the winning card by brute force: the first trump of the order that is in the
    trick, else the first card of the led suit's order that is."""
    trumps = [c for c in trump_order(pack, trump) if c in cards]
    if trumps:
        return cards.index(trumps[0])
    led = suit_of(cards[0], trump)
    return cards.index(next(c for c in plain_order(pack, led, trump) if c in cards))


def legal(holding: list[str], led: str | None, trump: str) -> list[str]:
    if led is None:
        return list(holding)
    following = [c for c in holding if suit_of(c, trump) == suit_of(led, trump)]
    return following or list(holding)


def random_hand(rng: random.Random, pack: int, joker: bool, dealer: str = "N",
                alone: bool = False, joker_up: bool = False) -> dict[str, Any]:
    """A whole legal hand of the match format, dealt from the pack and played card by card,
    with what it should come to (the trick winners and the makers' tricks). ``joker_up``: the
    Joker is the turn-up."""
    cards = pack_cards(pack, joker)
    rng.shuffle(cards)
    if joker_up:
        where = cards.index("JK")
        cards[where], cards[20] = cards[20], cards[where]
    deal = {s: cards[i * 5:(i + 1) * 5] for i, s in enumerate(SEATS)}
    turn_up = cards[20]
    caller = rng.choice(SEATS)
    hand: dict[str, Any] = {"caller": caller, "turn_up": turn_up}
    round_ = rng.choice((1, 2))
    if turn_up == "JK":
        named = rng.choice(SUITS)  # the dealer names a suit for it at once
        trump = named if round_ == 1 else rng.choice([s for s in SUITS if s != named])
        hand["round"] = round_
    else:
        trump = turn_up[-1] if round_ == 1 else rng.choice([s for s in SUITS if s != turn_up[-1]])
    hand["trump"] = trump
    if round_ == 1:
        six = [*deal[dealer], turn_up]
        discard = rng.choice(six)
        six.remove(discard)
        deal[dealer] = six
        hand["discard"] = discard
    out = {PARTNER[caller]} if alone else set()
    if alone:
        hand["alone"] = True
    # the first lead: the dealer's left, skipping a seat that sits out (dealer_left)
    leader = SEATS[(SEATS.index(dealer) + 1) % 4]
    while leader in out:
        leader = SEATS[(SEATS.index(leader) + 1) % 4]
    held = {s: list(c) for s, c in deal.items()}
    play, winners = [], []
    for _ in range(5):
        order = [SEATS[(SEATS.index(leader) + k) % 4] for k in range(4)]
        order = [s for s in order if s not in out]
        trick: list[str] = []
        for seat in order:
            card = rng.choice(sorted(legal(held[seat], trick[0] if trick else None, trump)))
            held[seat].remove(card)
            trick.append(card)
        leader = order[winner(trick, pack, trump)]
        winners.append(leader)
        play.append(trick)
    hand["deal"] = {s: c for s, c in deal.items() if s not in out}
    hand["play"] = play
    makers = TEAM[caller]
    return {"hand": hand, "winners": winners,
            "makers_tricks": sum(TEAM[w] == makers for w in winners)}


def points(makers_tricks: int, alone: bool) -> int:
    """What the hand scores (defaults): the table of rules.md, unchanged by the pack."""
    if makers_tricks == 5:
        return 4 if alone else 2
    return 1 if makers_tricks >= 3 else 2


def card_match(pack: int, joker: bool, seed: int = 3, joker_up_round: int | None = None):
    """A match of four whole card records (the first with a turned-up Joker when asked)."""
    rng = random.Random(seed)
    hands = []
    for no in range(4):
        while True:
            made = random_hand(rng, pack, joker, dealer="NESW"[no],
                                        joker_up=joker_up_round is not None and no == 0)
            if made["hand"]["turn_up"] != "JK" if no or joker_up_round is None \
                    else made["hand"]["round"] == joker_up_round:
                break
        hands.append(made["hand"])
    match = euchre_match(hands=hands, rules={"pack": pack, "joker": joker, "target": 30})
    assert check_match(match).ok
    return match
