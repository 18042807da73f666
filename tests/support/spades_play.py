"""Spades for the tests, written apart from the engine: random legal card records and the
spec's scoring done the plain way (spec/rules.md, Spades), to hold the engine against."""

from __future__ import annotations

import random
from typing import Any

SEATS = ("N", "E", "S", "W")
SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = [r + s for s in "SHDC" for r in RANKS]


def rank(card: str) -> int:
    return RANKS.index(card[:-1])


def after(seat: str, steps: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + steps) % 4]


def winner(trick: list[str], leader: str) -> str:
    """The seat that takes a trick: the highest spade, else the highest of the suit led."""
    led = trick[0][-1]
    best = max(range(4), key=lambda i: (trick[i][-1] == "S", trick[i][-1] == led, rank(trick[i])))
    return after(leader, best)


def random_record(rng: random.Random, dealer: str = "N", *, spade_lead_at: int | None = None,
                  renege_at: int | None = None) -> dict[str, Any] | None:
    """A whole hand played by the rules: ``deal``, ``play``, ``winners`` and tricks per seat.

    ``spade_lead_at``: in that trick the leader leads a spade before spades are broken while
    holding another suit; ``renege_at``: in that trick the second seat does not follow though
    able to. None when this deal cannot break the rule there (try another seed)."""
    deck = DECK[:]
    rng.shuffle(deck)
    deal = {s: sorted(deck[i * 13:(i + 1) * 13]) for i, s in enumerate(SEATS)}
    hands = {s: list(cards) for s, cards in deal.items()}
    leader, broken, play, winners = after(dealer), False, [], []
    for t in range(1, 14):
        trick: list[str] = []
        for position in range(4):
            seat = after(leader, position)
            held = hands[seat]
            if position == 0:
                if t == spade_lead_at:
                    spades = [c for c in held if c[-1] == "S"]
                    if broken or not spades or len(spades) == len(held):
                        return None
                    choices = spades
                elif broken or all(c[-1] == "S" for c in held):
                    choices = held
                else:
                    choices = [c for c in held if c[-1] != "S"]
            else:
                led = trick[0][-1]
                following = [c for c in held if c[-1] == led]
                if t == renege_at and position == 1:
                    others = [c for c in held if c[-1] != led]
                    if not following or not others:
                        return None
                    choices = others
                else:
                    choices = following or held
            card = rng.choice(choices)
            held.remove(card)
            trick.append(card)
        broken = broken or any(c[-1] == "S" for c in trick)
        leader = winner(trick, leader)
        play.append(trick)
        winners.append(leader)
    taken = {s: winners.count(s) for s in SEATS}
    return {"deal": deal, "play": play, "winners": winners, "taken": taken}


def hand_points(bids: dict[str, Any], taken: dict[str, int]) -> tuple[dict[str, int],
                                                                       dict[str, int]]:
    """Each side's points before any bag penalty, and the bags the hand adds."""
    points, bags = {"NS": 0, "EW": 0}, {"NS": 0, "EW": 0}
    for side, pair in (("NS", ("N", "S")), ("EW", ("E", "W"))):
        contract = sum(b for s in pair if isinstance(b := bids[s], int))
        won = taken[pair[0]] + taken[pair[1]]
        if won < contract:
            points[side] -= 10 * contract
        else:
            points[side] += 10 * contract + won - contract
            bags[side] = won - contract
        for s in pair:
            if bids[s] in (0, "blind_nil"):
                worth = 200 if bids[s] == "blind_nil" else 100
                points[side] += worth if taken[s] == 0 else -worth
    return points, bags


def replay(hands: list[tuple[dict[str, Any], dict[str, int]]], target: int | None = 500,
           lose_at: int | None = -200, bag_limit: int = 10, bag_penalty: int = 100,
           deals: int | None = None, start: tuple[int, int] = (0, 0)) -> dict[str, Any]:
    """The spec's match: (bids, tricks per seat) per hand in; per hand points, score and bags,
    and the hand that ended the match (None: not over) with its winner out."""
    score = {"NS": start[0], "EW": start[1]}
    bags = {"NS": 0, "EW": 0}
    rows: list[dict[str, Any]] = []
    ended, winner_side = None, None
    for no, (bids, taken) in enumerate(hands, 1):
        points, added = hand_points(bids, taken)
        for side in score:
            if bag_limit:
                penalties, bags[side] = divmod(bags[side] + added[side], bag_limit)
                points[side] -= penalties * bag_penalty
            score[side] += points[side]
        rows.append({"points": dict(points), "score": dict(score), "bags": dict(bags)})
        if deals is not None:
            if no == deals:
                ended = no
                if score["NS"] != score["EW"]:
                    winner_side = max(score, key=lambda s: score[s])
        else:
            assert target is not None
            up = [s for s in score if score[s] >= target]
            down = [s for s in score if lose_at is not None and score[s] <= lose_at]
            if len(up) == 1:
                ended, winner_side = no, up[0]
            elif (len(up) == 2 or len(down) == 2) and score["NS"] != score["EW"]:
                ended, winner_side = no, max(score, key=lambda s: score[s])
            elif len(down) == 1 and not up:
                ended, winner_side = no, "EW" if down[0] == "NS" else "NS"
        if ended is not None:
            break
    return {"rows": rows, "ended": ended, "winner": winner_side}
