"""Five Hundred written out independently of the engine (spec/rules.md, Five Hundred): the
43 cards, the rank orders as lists, the Avondale table typed in, and random legal hands dealt
and played card by card by these rules, for the engine's answers to be compared with."""

from __future__ import annotations

import random
from typing import Any

SEATS = "NESW"
SUITS = "SHDC"
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
TEAM = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
OTHER = {"NS": "EW", "EW": "NS"}
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]
# 4 to A in hearts and diamonds, 5 to A in spades and clubs, and the Joker
LOWEST = {"H": "4", "D": "4", "S": "5", "C": "5"}
CARDS = [r + s for s in SUITS for r in RANKS[:RANKS.index(LOWEST[s]) + 1]] + ["JK"]
# The Avondale schedule as printed in rules.md, row by row (S, C, D, H, NT)
TABLE = {6: [40, 60, 80, 100, 120], 7: [140, 160, 180, 200, 220], 8: [240, 260, 280, 300, 320],
         9: [340, 360, 380, 400, 420], 10: [440, 460, 480, 500, 520]}
VALUES = {f"{n}{d}": v for n, row in TABLE.items() for d, v in zip("SCDH", row[:4], strict=True)}
VALUES.update({f"{n}NT": row[4] for n, row in TABLE.items()})
VALUES.update({"misere": 250, "open_misere": 500})
BIDS = list(VALUES)


def suit_ranks(suit: str) -> list[str]:
    return [c for c in CARDS if c != "JK" and c[-1] == suit]  # highest first


def trump_of(bid: str) -> str | None:
    """The trump suit of a bid, None at no trumps and in misère."""
    if bid in ("misere", "open_misere") or bid.endswith("NT"):
        return None
    return bid[-1]


def suit_of(card: str, trump: str | None) -> str:
    """The effective suit; at no trumps the Joker has none (it is "JK")."""
    if card == "JK":
        return trump or "JK"
    if trump is not None and card == "J" + SAME_COLOUR[trump]:
        return trump
    return card[-1]


def trump_order(trump: str) -> list[str]:
    plain = [c for c in suit_ranks(trump) if c != "J" + trump]
    return ["JK", "J" + trump, "J" + SAME_COLOUR[trump], *plain]


def winner(trick: list[str], led_suit: str, trump: str | None) -> int:
    """Index of the winning card: the Joker always; else the first trump of the order in the
    trick; else the highest card of the led suit."""
    if "JK" in trick:
        return trick.index("JK")
    if trump is not None:
        trumps = [c for c in trump_order(trump) if c in trick]
        if trumps:
            return trick.index(trumps[0])
    order = [c for c in suit_ranks(led_suit) if suit_of(c, trump) == led_suit]
    return trick.index(next(c for c in order if c in trick))


def legal(holding: list[str], led_suit: str | None, trump: str | None) -> list[str]:
    if led_suit is None:
        return list(holding)
    following = [c for c in holding if suit_of(c, trump) == led_suit]
    return following or list(holding)


def random_hand(rng: random.Random, bid: str | None = None, dealer: str = "N",
                revoke: str | None = None) -> dict[str, Any]:
    """A whole legal hand of the match format with what it should come to: dealt from a
    shuffled pack (10 a seat, 3 to the kitty), the caller's exchange, and ten tricks played
    card by card (a led Joker at no trumps written with a suit it names).

    ``revoke``: the first seat that can fails to follow suit once (``"joker"``: by playing the
    Joker at no trumps while holding the suit led); ``revoked`` says who and in which trick."""
    cards = list(CARDS)
    rng.shuffle(cards)
    deal = {s: cards[i * 10:(i + 1) * 10] for i, s in enumerate(SEATS)}
    kitty = cards[40:]
    caller = rng.choice(SEATS)
    bid = bid or rng.choice(BIDS)
    thirteen = [*deal[caller], *kitty]
    rng.shuffle(thirteen)
    discard, kept = thirteen[:3], thirteen[3:]
    held = {s: list(deal[s]) for s in SEATS}
    held[caller] = kept
    trump = trump_of(bid)
    out = {PARTNER[caller]} if bid in ("misere", "open_misere") else set()
    leader, play, winners = caller, [], []
    revoked: tuple[str, int] | None = None
    for t in range(1, 11):
        order = [SEATS[(SEATS.index(leader) + k) % 4] for k in range(4)]
        order = [s for s in order if s not in out]
        trick: list[str] = []
        written: list[str] = []
        led_suit: str | None = None
        for seat in order:
            allowed = legal(held[seat], led_suit, trump)
            wrong = [c for c in held[seat] if c not in allowed and (revoke != "joker" or c == "JK")]
            if revoke and revoked is None and led_suit is not None and wrong:
                allowed, revoked = wrong, (seat, t)
            card = rng.choice(sorted(allowed))
            held[seat].remove(card)
            trick.append(card)
            if led_suit is None:
                if card == "JK" and trump is None:
                    led_suit = rng.choice(SUITS)
                    written.append("JK" + led_suit)
                    continue
                led_suit = suit_of(card, trump)
            written.append(card)
        assert led_suit is not None
        leader = order[winner(trick, led_suit, trump)]
        winners.append(leader)
        play.append(written)
    makers = TEAM[caller]
    hand = {"dealer": dealer, "caller": caller, "bid": bid, "deal": deal, "kitty": kitty,
            "discard": discard, "play": play}
    return {"hand": hand, "winners": winners, "revoked": revoked,
            "makers_tricks": sum(TEAM[w] == makers for w in winners)}


def points(bid: str, makers_tricks: int, slam: bool = True, trick_points: int = 10,
           misere_points: int = 0) -> tuple[str, int, int]:
    """The result, the makers' points and the opponents' (rules.md, Five Hundred)."""
    value = VALUES[bid]
    if bid in ("misere", "open_misere"):
        if makers_tricks == 0:
            return "misere_made", value, 0
        return "misere_failed", -value, misere_points * makers_tricks
    others = trick_points * (10 - makers_tricks)
    contracted = int(bid[:-2] if bid.endswith("NT") else bid[:-1])
    if makers_tricks < contracted:
        return "failed", -value, others
    if makers_tricks == 10 and slam:
        return "slam", max(value, 250), others
    return "made", value, others
