"""A bridge deal's cards in the notations they travel in: ours ("10S", "AH": rank then suit, as
``spec/rules.md`` writes every card), PBN's ("ST", "HA"; a hand "AKQ.JT9.8765.432") and
endplay's ``Deal``, which DDS reads. Pure: the checks say what is wrong as data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

SEATS = ("N", "E", "S", "W")
SUITS = ("S", "H", "D", "C")  # a PBN hand lists spades, hearts, diamonds, clubs
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")  # high to low
PBN_RANKS = "AKQJT98765432"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT"}
STRAIN_ORDER = ("C", "D", "H", "S", "NT")
PACK = frozenset(rank + suit for suit in SUITS for rank in RANKS)


def parse_card(text: object) -> str | None:
    """Our card text (``"10S"``, ``"AH"``) as itself, or None when it is not one of the 52."""
    if not isinstance(text, str):
        return None
    card = text.strip().upper()
    return card if card in PACK else None


def from_pbn_card(text: str) -> str | None:
    """PBN's and endplay's ``"ST"`` (suit then rank, T for ten) as ``"10S"``, or None."""
    text = text.strip().upper()
    if len(text) != 2 or text[0] not in SUITS or text[1] not in PBN_RANKS:
        return None
    return ("10" if text[1] == "T" else text[1]) + text[0]


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


def power(card: str) -> int:
    """A card's rank as a number, 2 lowest, ace 14."""
    return 14 - RANKS.index(rank_of(card))


def to_pbn_card(card: str) -> str:
    """``"10S"`` as PBN's and endplay's ``"ST"``."""
    return suit_of(card) + ("T" if rank_of(card) == "10" else rank_of(card))


def card_label(card: str) -> str:
    """A card as the table reads it: ``"♠K"``, ``"♥10"``."""
    return SUIT_SYMBOLS[suit_of(card)] + rank_of(card)


def strain_label(strain: str) -> str:
    """``"NT"`` as itself, a suit as its symbol."""
    return SUIT_SYMBOLS[strain]


def next_seat(seat: str, steps: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + steps) % 4]


def side_of(seat: str) -> str:
    return "NS" if seat in ("N", "S") else "EW"


@dataclass(frozen=True, slots=True)
class HandsCheck:
    """Four hands read from a record: ``hands`` when they make a full deal, else ``problem``
    (a problem code of :mod:`.analysis_words`) and its ``params``."""

    hands: dict[str, tuple[str, ...]] | None
    problem: str = ""
    params: dict[str, str | int] = field(default_factory=dict)


def read_hands(deal: object) -> HandsCheck:
    """The four hands of a record's ``deal`` (``{"N": [13 cards], ...}``), each card once."""
    if not isinstance(deal, Mapping) or sorted(deal) != sorted(SEATS):
        return HandsCheck(None, "deal.not_four_hands")
    hands: dict[str, tuple[str, ...]] = {}
    seen: dict[str, str] = {}
    for seat in SEATS:
        held = deal[seat]
        if not isinstance(held, Sequence) or isinstance(held, str) or len(held) != 13:
            return HandsCheck(None, "deal.not_thirteen", {"seat": seat})
        cards = []
        for text in held:
            card = parse_card(text)
            if card is None:
                return HandsCheck(None, "deal.bad_card", {"seat": seat, "value": str(text)[:12]})
            if card in seen:
                return HandsCheck(None, "deal.card_twice",
                                  {"card": card, "seat": seen[card], "other": seat})
            seen[card] = seat
            cards.append(card)
        hands[seat] = tuple(cards)
    return HandsCheck(hands)


def pbn_hand(cards: Sequence[str]) -> str:
    """One hand as PBN writes it: ``"AKQ.JT9.8765.432"`` (a void is an empty part)."""
    return ".".join("".join(sorted((to_pbn_card(c)[1] for c in cards if suit_of(c) == suit),
                                   key=PBN_RANKS.index)) for suit in SUITS)


def pbn_deal(hands: Mapping[str, Sequence[str]], first: str = "N") -> str:
    """The four hands as PBN's ``Deal`` value, from ``first`` round the table: ``"N:… … … …"``."""
    seats = [next_seat(first, i) for i in range(4)]
    return first + ":" + " ".join(pbn_hand(hands[seat]) for seat in seats)


def trick_winner(cards: Sequence[str], leader: str, strain: str) -> str:
    """The seat that wins a trick of four ``cards`` played from ``leader``: the highest trump,
    else the highest card of the suit led."""
    led = suit_of(cards[0])

    def strength(card: str) -> int:
        if strain != "NT" and suit_of(card) == strain:
            return 100 + power(card)
        return power(card) if suit_of(card) == led else 0

    best = max(range(len(cards)), key=lambda i: strength(cards[i]))
    return next_seat(leader, best)


@dataclass(frozen=True, slots=True)
class Replay:
    """Tricks played out: who played each card, who won each trick, declarer's side's tricks;
    or the first trick that could not be played that way (``problem``, ``trick``, ``params``)."""

    seats: tuple[tuple[str, ...], ...]
    winners: tuple[str, ...]
    won: int
    problem: str = ""
    trick: int = 0
    params: dict[str, str | int] = field(default_factory=dict)


def replay(tricks: Sequence[Sequence[str]], declarer: str, strain: str,
           hands: Mapping[str, Sequence[str]] | None = None) -> Replay:
    """Play ``tricks`` (each from its leader, the first led by declarer's left) and say who
    played what; with ``hands``, each card must be its player's and follow suit when it can."""
    held = {seat: set(cards) for seat, cards in hands.items()} if hands is not None else None
    leader, seats, winners, won = next_seat(declarer), [], [], 0
    seen: set[str] = set()
    for no, trick in enumerate(tricks, 1):
        order = tuple(next_seat(leader, i) for i in range(len(trick)))
        for seat, card in zip(order, trick, strict=True):
            if card in seen:
                return Replay((), (), 0, "play.card_twice", no,
                              {"trick": no, "card": card_label(card)})
            seen.add(card)
            if held is None:
                continue
            if card not in held[seat]:
                return Replay((), (), 0, "play.not_held", no,
                              {"trick": no, "seat": seat, "card": card_label(card)})
            led = suit_of(trick[0])
            if suit_of(card) != led and any(suit_of(c) == led for c in held[seat]):
                return Replay((), (), 0, "play.revoke", no,
                              {"trick": no, "seat": seat, "card": card_label(card)})
            held[seat].discard(card)
        seats.append(order)
        if len(trick) == 4:
            leader = trick_winner(trick, leader, strain)
            winners.append(leader)
            won += side_of(leader) == side_of(declarer)
    return Replay(tuple(seats), tuple(winners), won)
