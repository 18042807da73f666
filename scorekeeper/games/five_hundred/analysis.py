"""Double-dummy analysis of a Five Hundred hand played in a suit (par, the count after each
card, costly plays: as Euchre's, :mod:`.analysis`).

Ten cards a seat are too many for the engine's own solver (seconds a hand), so the solving is
Bo Haglund's DDS, through the ``endplay`` package: a suit contract of Five Hundred is a bridge
deal once each card is renamed by its power. The trump suit (the Joker, both bowers, then A K Q
10 …: at most 13 cards) becomes A K Q J T … of trumps; each plain suit keeps its order (the
left bower gone to the trumps); following suit is unchanged because the renaming goes through
the engine's effective suit. No trumps and misère are not analysed: their Joker belongs to no
suit and misère's tricks have three cards, which DDS does not play.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from typing import Any, cast

from endplay.dds import analyse_play, solve_board
from endplay.types import Card as BridgeCard
from endplay.types import Deal, Denom, Player

from ...engine.analysis import Analysis, CostlyPlay, recorded_outcome
from ...engine.cards import (
    SEATS,
    SUITS,
    TEAM_OF,
    Card,
    Seat,
    effective_suit,
    parse_card,
    trick_power,
)
from ...engine.games import resolve_rules
from ...engine.problems import Problem
from . import rules as game_rules

BRIDGE_RANKS = "AKQJT98765432"
_PLAYERS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
_DENOMS = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}
_PBN_SUITS = "SHDC"  # a PBN hand lists spades, hearts, diamonds, clubs
# endplay calls DDS with thread slot 0 every time, and two calls in one slot at once share
# DDS's memory: the server's threads take turns.
_DDS = threading.Lock()


def bridge_names(trump: str) -> dict[Card, str]:
    """Each card of the pack as a bridge card (``SA``, ``HT``) of the same power."""
    names: dict[Card, str] = {}
    for suit in SUITS:
        cards = [c for c in game_rules.PACK.cards if effective_suit(c, trump) == suit]
        cards.sort(key=lambda c: -trick_power(c, suit, trump))
        names.update({c: suit + BRIDGE_RANKS[i] for i, c in enumerate(cards)})
    return names


def analyse(holdings: Mapping[Seat, Sequence[Card]], trump: str, leader: Seat,
            play: Sequence[Sequence[Card]], hand: int = 0) -> Analysis:
    """Par (the makers' best count: the leader's side), the count after each card of
    ``play``, and the costly plays, for four holdings of equal size in a suit contract."""
    names = bridge_names(trump)
    pbn = " ".join(
        ".".join("".join(sorted((names[c][1] for c in holdings[seat] if names[c][0] == suit),
                                key=BRIDGE_RANKS.index)) for suit in _PBN_SUITS)
        for seat in SEATS)
    deal = Deal("N:" + pbn, first=_PLAYERS[leader], trump=_DENOMS[trump])
    cards = [card for trick in play for card in trick]
    with _DDS:
        counts = [int(n) for n in analyse_play(deal.copy(), [names[c] for c in cards],
                                               declarer_is_first=True)]
    # DDS stops once the last trick is forced (one card a seat): nothing changes after that
    after = (*counts, *[counts[-1]] * (len(cards) + 1 - len(counts)))
    makers = TEAM_OF[leader]
    owner = {card: seat for seat, held in holdings.items() for card in held}
    costly: list[CostlyPlay] = []
    for i, card in enumerate(cards):
        seat = owner[card]
        moved = after[i + 1] - after[i]
        if TEAM_OF[seat] == makers:
            moved = -moved
        if moved > 0:
            held = _holding_cards(deal, [names[c] for c in cards[:i]], names)
            costly.append(CostlyPlay(i // 4 + 1, seat, card, moved, held))
    return Analysis(hand=hand, makers=makers, par=after[0], after=after, costly=tuple(costly))


def _holding_cards(deal: Deal, played: Sequence[str], names: Mapping[Card, str]
                   ) -> tuple[Card, ...]:
    """The cards the seat to play after ``played`` could have played that keep its side's
    best count (what would have held the trick the card played gave away), as Euchre's
    analysis names them: DDS scores each of its legal cards for its side."""
    position = deal.copy()
    for name in played:
        position.play(BridgeCard(name))
    ours = {str(BridgeCard(name)): card for card, name in names.items()}
    with _DDS:
        scored = [(str(c), int(n)) for c, n in solve_board(position)]
    best = max(n for _c, n in scored)
    return tuple(ours[c] for c, n in scored if n == best)


def analyse_match_hand(match: Mapping[str, Any], no: int
                       ) -> tuple[Analysis | None, list[Problem]]:
    """The analysis of hand ``no`` (from 1) of a checked Five Hundred match file object."""
    hands = match.get("hands") or []
    rules, problems = resolve_rules("five_hundred", match.get("rules"))
    if problems:
        return None, problems
    first = match.get("first_dealer", "N")
    dealer = SEATS[(SEATS.index(first if first in SEATS else "N") + no - 1) % 4]
    raw = hands[no - 1]
    outcome, problems = recorded_outcome(game_rules.evaluate, raw, no, dealer, rules)
    if outcome is None:
        return None, problems
    trump, seats, leader = outcome.trump, outcome.trick_seats, outcome.leader
    if trump == game_rules.NO_TRUMP:
        return None, [Problem("analysis.no_trumps", field="bid", hand=no)]
    assert trump is not None and seats is not None and leader is not None
    # evaluate refuses a suit contract's short record: all ten tricks are there
    play = [[cast(Card, parse_card(text)) for text in trick] for trick in raw["play"]]
    holdings: dict[Seat, list[Card]] = {s: [] for s in SEATS}
    for trick_seats, cards in zip(seats, play, strict=True):
        for seat, card in zip(trick_seats, cards, strict=True):
            holdings[seat].append(card)
    return analyse(holdings, trump, leader, play, hand=no), []
