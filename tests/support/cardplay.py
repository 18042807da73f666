"""Random legal card records, played by the engine's own rules (for the card recorder tests)."""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.cards import (
    DECK_24,
    DECK_52,
    PARTNER,
    SEATS,
    Card,
    legal_plays,
    next_seat,
    opening_leader,
    trick_winner,
)


def _order(leader: str, out: frozenset[str]) -> list[str]:
    seats, seat = [], leader
    while len(seats) < 4 - len(out):
        if seat not in out:
            seats.append(seat)
        seat = next_seat(seat)
    return seats


def random_play(rng: random.Random, game: str = "euchre", dealer: str = "N", caller: str = "E",
                alone: bool = False, trump: str | None = None,
                lone_lead: str = "dealer_left") -> dict[str, Any]:
    """A whole legal hand: ``deal``, ``play``, the winners and each side's tricks.

    Euchre: round 2 with no turn-up recorded (no exchange), so every dealt card may be played.
    """
    deck = sorted(DECK_24 if game == "euchre" else DECK_52)
    rng.shuffle(deck)
    size = 5 if game == "euchre" else 13
    deal = {s: deck[i * size:(i + 1) * size] for i, s in enumerate(SEATS)}
    trump = trump or rng.choice("SHDC")
    bowers = game == "euchre"
    out = frozenset({PARTNER[caller]}) if alone else frozenset()
    leader = opening_leader(dealer, out, caller if alone else None, lone_lead) if bowers \
        else next_seat(dealer)
    hands = {s: list(c) for s, c in deal.items()}
    play, winners = [], []
    tricks = {"NS": 0, "EW": 0}
    for _ in range(size):
        seats = _order(leader, out)
        cards: list[Card] = []
        for seat in seats:
            options = legal_plays(hands[seat], cards[0] if cards else None, trump, bowers)
            card = rng.choice(sorted(options))
            hands[seat].remove(card)
            cards.append(card)
        leader = seats[trick_winner(cards, trump, bowers)]
        winners.append(leader)
        tricks["NS" if leader in "NS" else "EW"] += 1
        play.append([str(c) for c in cards])
    return {"deal": {s: [str(c) for c in cs] for s, cs in deal.items() if s not in out},
            "play": play, "winners": winners, "tricks": tricks, "trump": trump}
