"""Cards, decks, seats and the one effective-suit function (spec/rules.md)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, NamedTuple, TypeGuard

Seat = Literal["N", "E", "S", "W"]
Team = Literal["NS", "EW"]
Suit = Literal["S", "H", "D", "C"]
# The Joker has no suit of its own (its effective suit is the trump): it carries the mark "J",
# which no suit test matches.
CardSuit = Literal["S", "H", "D", "C", "J"]

SEATS: tuple[Seat, ...] = ("N", "E", "S", "W")
TEAMS: tuple[Team, ...] = ("NS", "EW")
SUITS: tuple[Suit, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES: dict[str, str] = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES: dict[int, str] = {11: "J", 12: "Q", 13: "K", 14: "A"}
JACK = 11
JOKER_RANK = 15  # above the ace: the highest trump of a pack that has it

# The other suit of the same colour: whose jack is the left bower.
SAME_COLOUR: dict[str, Suit] = {"S": "C", "C": "S", "H": "D", "D": "H"}
_SEAT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SEATS)}
TEAM_OF: dict[str, Team] = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
OTHER_TEAM: dict[str, Team] = {"NS": "EW", "EW": "NS"}
PARTNER: dict[str, Seat] = {"N": "S", "S": "N", "E": "W", "W": "E"}


class Card(NamedTuple):
    """A playing card: rank 2..14 (J=11, Q=12, K=13, A=14) and suit S/H/D/C."""

    rank: int
    suit: CardSuit

    def __str__(self) -> str:
        if self.rank == JOKER_RANK:
            return "JK"
        return RANK_NAMES.get(self.rank, str(self.rank)) + self.suit

    @property
    def symbol(self) -> str:
        """The card with a suit symbol, e.g. ``10♥`` (the Joker: ``JK``)."""
        if self.rank == JOKER_RANK:
            return "JK"
        return RANK_NAMES.get(self.rank, str(self.rank)) + SUIT_SYMBOLS[self.suit]


ALL_CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(14, 1, -1))
JOKER = Card(JOKER_RANK, "J")
DECK_24: frozenset[Card] = frozenset(c for c in ALL_CARDS if c.rank >= 9)  # nine to ace
DECK_52: frozenset[Card] = frozenset(ALL_CARDS)
_BY_TEXT: dict[str, Card] = {str(c): c for c in (*ALL_CARDS, JOKER)}


@dataclass(frozen=True, slots=True)
class Pack:
    """The cards a match is played with, as data the engine, the pages and their script share.

    ``low``: the lowest rank of each suit (9 for Euchre's 24 cards, 7 for 32, 2 for 52);
    ``joker``: the Joker is in; ``hand_size``: cards dealt to each seat; ``trick_size``: cards
    in a trick when everyone plays; ``suit_lows``: suits whose lowest rank is not ``low``, as
    (suit, rank) pairs (a pack that keeps the 4s of two suits only).
    """

    low: int
    joker: bool
    hand_size: int
    trick_size: int = 4
    suit_lows: tuple[tuple[str, int], ...] = ()

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks of the suits that start at ``low``, highest first (the Joker aside)."""
        return tuple(range(14, self.low - 1, -1))

    def low_of(self, suit: str) -> int:
        """The lowest rank of ``suit`` in this pack."""
        return dict(self.suit_lows).get(suit, self.low)

    @property
    def cards(self) -> frozenset[Card]:
        return _pack_cards(self.low, self.joker, self.suit_lows)

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def kitty(self) -> int:
        """The cards left over after the deal (Euchre: the turn-up is the kitty's top card)."""
        return self.size - self.trick_size * self.hand_size

    def as_json(self) -> dict[str, Any]:
        """For the page's script: the cards (suit by suit, highest first), ranks, sizes."""
        cards = [str(c) for c in ALL_CARDS if c in self.cards]
        return {"size": self.size, "ranks": [RANK_NAMES.get(r, str(r)) for r in self.ranks],
                "joker": self.joker, "cards": cards + (["JK"] if self.joker else []),
                "hand_size": self.hand_size, "trick_size": self.trick_size,
                "kitty": self.kitty}


@cache
def _pack_cards(
    low: int, joker: bool, suit_lows: tuple[tuple[str, int], ...] = ()
) -> frozenset[Card]:
    lows = dict(suit_lows)
    cards = frozenset(c for c in ALL_CARDS if c.rank >= lows.get(c.suit, low))
    return cards | {JOKER} if joker else cards


def parse_card(text: object) -> Card | None:
    """The card written as ``text`` (``10H``, ``JD``, ``AS``), or None if it is not a card."""
    if isinstance(text, str):
        return _BY_TEXT.get(text)
    return None


def is_seat(value: object) -> TypeGuard[Seat]:
    return isinstance(value, str) and value in _SEAT_INDEX


def next_seat(seat: str, steps: int = 1) -> Seat:
    """The seat ``steps`` places clockwise from ``seat``."""
    return SEATS[(_SEAT_INDEX[seat] + steps) % 4]


def effective_suit(card: Card, trump: str | None, bowers: bool = True) -> str:
    """The suit a card belongs to for every purpose: in Euchre the left bower is a trump, and
    so is the Joker. A trump that is no suit (``NT``: no trumps, where the Joker is the only
    trump) has no bowers."""
    if card.rank == JOKER_RANK and trump is not None:
        return trump
    if bowers and card.rank == JACK and trump in SAME_COLOUR and card.suit == SAME_COLOUR[trump]:
        return trump
    return card.suit


def trick_power(card: Card, led_suit: str, trump: str | None, bowers: bool = True) -> int:
    """How strongly ``card`` competes for a trick: higher wins; -1 cannot win."""
    suit = effective_suit(card, trump, bowers)
    if suit == trump:
        if card.rank == JOKER_RANK:
            return 201  # above both bowers
        if bowers and card.rank == JACK:
            return 200 if card.suit == trump else 199  # right bower, left bower
        return 100 + card.rank
    if suit == led_suit:
        return card.rank
    return -1


def trick_winner(cards: list[Card], trump: str | None, bowers: bool = True) -> int:
    """Index (in play order) of the card that wins the trick."""
    led = effective_suit(cards[0], trump, bowers)
    best, best_power = 0, -2
    for i, card in enumerate(cards):
        power = trick_power(card, led, trump, bowers)
        if power > best_power:
            best, best_power = i, power
    return best


def legal_plays(
    holding: list[Card] | frozenset[Card] | set[Card],
    led: Card | None,
    trump: str | None,
    bowers: bool = True,
) -> list[Card]:
    """The cards of ``holding`` that may be played to a trick whose first card is ``led``."""
    cards = list(holding)
    if led is None:
        return cards
    led_suit = effective_suit(led, trump, bowers)
    following = [c for c in cards if effective_suit(c, trump, bowers) == led_suit]
    return following or cards


def opening_leader(
    dealer: str,
    sitting_out: frozenset[str] = frozenset(),
    loner: str | None = None,
    lone_lead: str = "dealer_left",
) -> Seat:
    """Who leads the first trick.

    Without a lone hand: the dealer's left. ``dealer_left``: the first playing seat clockwise
    from the dealer. ``loner_left``: the seat to the lone player's left, or the next playing
    seat clockwise if it sits out.
    """
    start = loner if (loner is not None and lone_lead == "loner_left") else dealer
    seat = next_seat(start)
    while seat in sitting_out:
        seat = next_seat(seat)
    return seat
