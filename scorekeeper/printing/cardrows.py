"""The cards of a printed sheet: each recorded trick as a row (seats in the engine's play
order, trumps and the winner marked) and each seat's dealt hand grouped by suit."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine.cards import (
    JOKER,
    RANK_NAMES,
    SEATS,
    SUIT_SYMBOLS,
    SUITS,
    TEAM_OF,
    effective_suit,
    parse_card,
    trick_winner,
)
from ..engine.games import GAMES
from ..engine.state import HandState

RED_SUITS = frozenset({"H", "D"})


@dataclass(frozen=True, slots=True)
class Suit:
    code: str  # S H D C
    symbol: str
    red: bool


@dataclass(frozen=True, slots=True)
class CardCell:
    seat: str
    text: str  # as recorded, e.g. "JD"
    rank: str  # "J"
    suit: Suit | None
    trump: bool  # belongs to the trump suit (a left bower does)
    left_bower: bool
    winner: bool


@dataclass(frozen=True, slots=True)
class TrickRow:
    no: int
    leader: str
    cards: tuple[CardCell, ...]  # in play order
    winner: str | None
    taken: dict[str, int] = field(default_factory=dict)  # tricks each side has after this one

    def card_of(self, seat: str) -> CardCell | None:
        """The card ``seat`` played to this trick (None for a seat sitting out)."""
        return next((c for c in self.cards if c.seat == seat), None)


@dataclass(frozen=True, slots=True)
class Holding:
    """One seat's cards of a recorded deal, grouped by suit (trumps first)."""

    seat: str
    suits: tuple[tuple[Suit, tuple[str, ...]], ...]  # (suit, ranks high to low)


def suit(code: object) -> Suit | None:
    """A suit to print; a no-trump deal's trump (NT) too, its symbol the letters NT."""
    if code == "NT":
        return Suit("NT", "NT", False)
    if not isinstance(code, str) or code not in SUIT_SYMBOLS:
        return None
    return Suit(code, SUIT_SYMBOLS[code], code in RED_SUITS)


def trick_rows(game: str, hand: Mapping[str, Any], out: HandState) -> tuple[TrickRow, ...]:
    """Each recorded trick as a row: seats in play order (as the engine replayed them), the
    winner marked."""
    play = hand.get("play")
    order = out.outcome.trick_seats
    if not isinstance(play, list) or not play or not order:
        return ()
    trump = out.outcome.trump
    bowers = GAMES[game].recording.bowers
    winners = out.outcome.trick_winners or []
    result: list[TrickRow] = []
    won = {"NS": 0, "EW": 0}
    for index, (trick, seats) in enumerate(zip(play, order, strict=False)):
        texts = [str(t) for t in trick] if isinstance(trick, list) else []
        cards = [parse_card(t) for t in texts]
        winner: str | None = None
        if index < len(winners):
            winner = winners[index]
        elif texts and all(c is not None for c in cards):
            winner = seats[trick_winner([c for c in cards if c is not None], trump, bowers)]
        cells = []
        for seat_of, text, card in zip(seats, texts, cards, strict=True):
            is_trump = card is not None and effective_suit(card, trump, bowers) == trump
            left = bool(is_trump and card is not None and bowers and card.rank == 11
                        and card.suit != trump)
            cells.append(
                CardCell(
                    seat=seat_of,
                    text=text,
                    rank=text[:-1] if card is not None and card != JOKER else text,
                    suit=suit(card.suit) if card is not None else None,
                    trump=is_trump,
                    left_bower=left,
                    winner=seat_of == winner,
                )
            )
        if winner is not None:
            won[TEAM_OF[winner]] += 1
        result.append(TrickRow(index + 1, seats[0], tuple(cells), winner, dict(won)))
        if winner is None:
            break
    return tuple(result)


def holdings(hand: Mapping[str, Any], trump: str | None) -> tuple[Holding, ...]:
    """The four hands of a recorded deal, each grouped by suit (trumps first, high to low)."""
    deal = hand.get("deal")
    if not isinstance(deal, dict):
        return ()
    order = sorted(SUITS, key=lambda x: (x != trump, SUITS.index(x)))
    out = []
    for seat in SEATS:
        cards = [c for c in (parse_card(t) for t in deal.get(seat) or []) if c is not None]
        if not cards:
            continue
        groups = []
        for code in order:
            ranks = sorted((c.rank for c in cards if c.suit == code), reverse=True)
            # the Joker heads the trumps
            joker = ("JK",) if JOKER in cards and code == trump else ()
            if ranks or joker:
                found = suit(code)
                assert found is not None
                groups.append((found, joker + tuple(RANK_NAMES.get(r, str(r)) for r in ranks)))
        if JOKER in cards and trump not in SUITS:  # a passed hand: no trump to join
            groups.append((Suit("", "", False), ("JK",)))
        out.append(Holding(seat, tuple(groups)))
    return tuple(out)
