"""Readers for the fields of a hand: each returns the value or records a problem."""

from __future__ import annotations

from typing import Any

from .cards import JOKER, RANK_NAMES, SEATS, SUIT_NAMES, SUITS, Card, Pack, Seat, parse_card
from .limits import NOTE_MAX
from .problems import Problem
from .problems import show as _show


class FieldReader:
    """Reads typed fields out of one raw hand object, collecting problems."""

    __slots__ = ("deck", "game", "no", "pack", "problems", "raw")

    def __init__(
        self, raw: dict[str, Any], no: int, game: str, deck: frozenset[Card],
        pack: Pack | None = None,
    ) -> None:
        self.raw = raw
        self.no = no
        self.game = game
        self.deck = deck
        self.pack = pack  # the match's pack, when the rules choose it: named in refusals
        self.problems: list[Problem] = []

    def problem(
        self, code: str, field: str | None, trick: int | None = None, /, **params: Any
    ) -> None:
        self.problems.append(Problem(code, field=field, params=params, hand=self.no, trick=trick))

    def check_keys(self, allowed: frozenset[str]) -> None:
        for key in self.raw:
            if key not in allowed:
                self.problem("hand.unknown_key", key, key=key)

    def seat(self, name: str) -> Seat | None:
        value = self.raw.get(name)
        if value is None:
            return None
        if isinstance(value, str) and value in SEATS:
            return value
        self.problem("hand.bad_seat", name, field=name, value=_show(value))
        return None

    def boolean(self, name: str, default: bool = False) -> bool:
        value = self.raw.get(name, default)
        if value is None:
            return default
        if isinstance(value, bool):
            return value
        self.problem("hand.bad_bool", name, field=name)
        return default

    def integer(self, name: str, low: int, high: int, code: str) -> int | None:
        value = self.raw.get(name)
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            self.problem("hand.bad_int", name, field=name, value=_show(value))
            return None
        if not low <= value <= high:
            self.problem(code, name, value=value)
            return None
        return value

    def suit(self, name: str) -> str | None:
        value = self.raw.get(name)
        if value is None:
            return None
        if isinstance(value, str) and value in SUITS:
            return value
        self.problem("hand.bad_suit", name, value=_show(value))
        return None

    def card(self, value: object, field: str, trick: int | None = None) -> Card | None:
        card = parse_card(value)
        if card is None:
            self.problem("hand.bad_card", field, trick, value=_show(value))
            return None
        if card not in self.deck:
            self._outside(card, field, trick)
            return None
        return card

    def _outside(self, card: Card, field: str, trick: int | None) -> None:
        """A card outside the pack: the reason names the pack when the rules chose a larger one
        than the game's own (Euchre's 9 to A keeps the deck's message, as before packs)."""
        pack = self.pack
        if pack is not None and card == JOKER:
            self.problem("hand.joker_not_in_pack", field, trick)
        elif pack is not None and pack.suit_lows:  # the suits start at different ranks
            low = pack.low_of(card.suit)
            self.problem("hand.card_not_in_suit", field, trick, card=str(card), size=pack.size,
                         suit=suit_name(card.suit), low=RANK_NAMES.get(low, str(low)))
        elif pack is not None and pack.low < 9:
            self.problem("hand.card_not_in_pack", field, trick, card=str(card), size=pack.size,
                         low=RANK_NAMES.get(pack.low, str(pack.low)))
        else:
            self.problem("hand.card_not_in_deck", field, trick, card=str(card), game=self.game)

    def card_field(self, name: str) -> Card | None:
        value = self.raw.get(name)
        if value is None:
            return None
        return self.card(value, name)

    def note(self) -> None:
        value = self.raw.get("note")
        if value is not None and (not isinstance(value, str) or len(value) > NOTE_MAX):
            self.problem("hand.bad_note", "note")

    def deal(self, per_seat: int) -> dict[str, list[Card]] | None:
        """The `deal` object: some or all seats, each with exactly ``per_seat`` distinct cards."""
        value = self.raw.get("deal")
        if value is None:
            return None
        if not isinstance(value, dict) or not value:
            self.problem("deal.not_object", "deal")
            return None
        deal: dict[str, list[Card]] = {}
        seen: set[Card] = set()
        ok = True
        for seat, cards in value.items():
            if seat not in SEATS:
                self.problem("hand.bad_seat", "deal", field="deal", value=_show(seat))
                ok = False
                continue
            if not isinstance(cards, list):
                self.problem("deal.not_object", "deal")
                ok = False
                continue
            if len(cards) != per_seat:
                self.problem("deal.wrong_count", "deal", seat=seat, count=per_seat, got=len(cards))
                ok = False
            held: list[Card] = []
            for text in cards:
                card = self.card(text, "deal")
                if card is None:
                    ok = False
                    continue
                if card in seen:
                    self.problem("deal.duplicate", "deal", card=str(card))
                    ok = False
                seen.add(card)
                held.append(card)
            deal[seat] = held
        return deal if ok else None


def suit_name(suit: str) -> str:
    return SUIT_NAMES.get(suit, suit)
