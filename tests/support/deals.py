"""Random legal (and deliberately illegal) card-by-card hands, for properties and benchmarks."""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.cards import (
    DECK_24,
    DECK_52,
    PARTNER,
    SEATS,
    SUITS,
    Card,
    legal_plays,
    next_seat,
    opening_leader,
    trick_winner,
)


def _sorted(deck: frozenset[Card]) -> list[Card]:
    return sorted(deck, key=lambda c: (c.suit, c.rank))


def euchre_hand(rng: random.Random, dealer: str, *, alone: bool | None = None,
                lone_lead: str = "dealer_left",
                renege: list[tuple[str, int]] | None = None) -> dict[str, Any]:
    """A legal Euchre hand with a full card record (deal after the exchange, and play)."""
    cards = _sorted(DECK_24)
    rng.shuffle(cards)
    holdings = {s: cards[i * 5:(i + 1) * 5] for i, s in enumerate(SEATS)}
    turn_up = cards[20]
    caller = rng.choice(SEATS)
    round_ = rng.choice((1, 2))
    hand: dict[str, Any] = {"dealer": dealer, "caller": caller, "round": round_,
                            "turn_up": str(turn_up)}
    if round_ == 1:
        trump = turn_up.suit
        dealt = holdings[dealer] + [turn_up]
        discard = rng.choice(dealt)
        holdings[dealer] = [c for c in dealt if c != discard]
        hand["discard"] = str(discard)
    else:
        trump = rng.choice([s for s in SUITS if s != turn_up.suit])
    hand["trump"] = trump
    if alone is None:
        alone = rng.random() < 0.2
    hand["alone"] = alone
    sitting_out = frozenset({PARTNER[caller]}) if alone else frozenset()
    hand["deal"] = {s: [str(c) for c in holdings[s]] for s in SEATS}
    hand["play"] = play_out(rng, holdings, trump, True, opening_leader(
        dealer, sitting_out, caller if alone else None, lone_lead), sitting_out, 5, renege)
    return hand


def whist_hand(rng: random.Random, dealer: str,
               renege: list[tuple[str, int]] | None = None) -> dict[str, Any]:
    """A legal Whist deal with a full card record; the dealer's last card is the turn-up."""
    cards = _sorted(DECK_52)
    rng.shuffle(cards)
    holdings = {s: cards[i * 13:(i + 1) * 13] for i, s in enumerate(SEATS)}
    turn_up = rng.choice(holdings[dealer])
    trump = turn_up.suit
    return {
        "dealer": dealer, "trump": trump, "turn_up": str(turn_up),
        "deal": {s: [str(c) for c in holdings[s]] for s in SEATS},
        "play": play_out(rng, holdings, trump, False, next_seat(dealer), frozenset(), 13,
                         renege),
    }


def play_out(rng: random.Random, holdings: dict[str, list[Card]], trump: str, bowers: bool,
             leader: str, sitting_out: frozenset[str], tricks: int,
             renege: list[tuple[str, int]] | None = None) -> list[list[str]]:
    """Play every trick with random legal cards.

    With a ``renege`` list, one seat that could follow suit plays another suit instead (once,
    at a random opportunity); its (seat, trick) is appended to the list.
    """
    hands = {s: list(c) for s, c in holdings.items()}
    play: list[list[str]] = []
    for t in range(1, tricks + 1):
        seat, trick, order = leader, [], []
        while len(trick) < 4 - len(sitting_out):
            if seat not in sitting_out:
                legal = legal_plays(hands[seat], trick[0] if trick else None, trump, bowers)
                others = [c for c in hands[seat] if c not in legal]
                if renege is not None and not renege and trick and others \
                        and rng.random() < 0.3:
                    legal = others
                    renege.append((seat, t))
                card = rng.choice(legal)
                hands[seat].remove(card)
                trick.append(card)
                order.append(seat)
            seat = next_seat(seat)
        leader = order[trick_winner(trick, trump, bowers)]
        play.append([str(c) for c in trick])
    return play
