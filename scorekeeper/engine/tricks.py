"""Trick play: replaying a card record, deriving trick winners and proving reneges."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from .cards import (
    JOKER,
    SEATS,
    SUITS,
    TEAM_OF,
    Card,
    Seat,
    effective_suit,
    is_seat,
    next_seat,
    trick_winner,
)
from .fields import FieldReader


@dataclass(slots=True)
class PlayRecord:
    """What a card record shows."""

    winners: list[Seat] = field(default_factory=list)  # one per complete trick
    tricks: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    complete: bool = False  # every trick of the hand is recorded
    renege: tuple[Seat, int] | None = None  # (seat, trick) of the first proven renege
    played: dict[str, list[Card]] = field(default_factory=dict)  # cards each seat played
    seats: list[list[Seat]] = field(default_factory=list)  # each trick's seats in play order
    valid: bool = True


def analyse_play(
    reader: FieldReader,
    *,
    trump: str,
    bowers: bool,
    leader: Seat,
    sitting_out: frozenset[str],
    holdings: dict[str, list[Card]],
    unavailable: dict[Card, str],
    owners: dict[Card, Seat],
    tricks_in_hand: int,
    stop_allowed: bool,
    partial: Mapping[str, Collection[Card]] | None = None,
    joker_names_suit: bool = False,
) -> PlayRecord:
    """Replay ``play`` from the raw hand, checking every card; return what it shows.

    ``holdings`` are the known hands when play starts (some seats or none). ``unavailable``
    maps cards nobody can play to why (turned down, discarded); ``owners`` maps a card to the
    only seat that may play it (the turn-up taken by the dealer). A seat that fails to follow
    while its known holding had the led suit, or that later plays a suit it showed out of,
    has reneged in the trick where it failed to follow. ``stop_allowed``: a declared renege
    lets the record end early (a proven one always does). ``partial``: cards known to be held
    by a seat whose whole holding is not known (nobody else may play them). ``joker_names_suit``:
    a led Joker is written with the suit the others must follow (``JKH``); the Joker is then
    the only trump (``trump`` is a mark no suit has), played otherwise only by a seat that
    cannot follow.
    """
    raw = reader.raw.get("play")
    record = PlayRecord()
    if not isinstance(raw, list) or not all(isinstance(t, list) for t in raw):
        reader.problem("play.not_list", "play")
        record.valid = False
        return record
    playing = [s for s in SEATS if s not in sitting_out]
    size = len(playing)
    known = {seat: set(cards) for seat, cards in holdings.items()}
    holder_of: dict[Card, Seat] = {
        card: seat for seat, cards in holdings.items() if is_seat(seat) for card in cards
    }
    for seat, some in (partial or {}).items():
        if is_seat(seat):
            holder_of.update(dict.fromkeys(some, seat))
    played: set[Card] = set()
    shown_out: dict[str, dict[str, tuple[int, int]]] = {s: {} for s in playing}
    record.played = {s: [] for s in playing}
    reneges: list[tuple[int, int, Seat]] = []  # (trick, position, seat)
    if len(raw) > tricks_in_hand:
        reader.problem("play.wrong_trick_count", "play", expected=tricks_in_hand, got=len(raw))
        record.valid = False
        return record
    for t, trick in enumerate(raw, 1):
        if len(trick) > size or (len(trick) < size and t < len(raw)) or not trick:
            reader.problem("play.wrong_trick_size", "play", t, trick=t, expected=size,
                           got=len(trick))
            record.valid = False
            return record
        order = _seats_from(leader, sitting_out, size)
        record.seats.append(order[:len(trick)])
        cards: list[Card] = []
        led_suit = ""
        for position, text in enumerate(trick):
            seat = order[position]
            card, named = _read_card(reader, text, t, position, joker_names_suit)
            if card is None:
                record.valid = False
                return record
            # an impossible card is reported, and the record read on to find more
            _card_available(reader, record, card, seat, t, played, known, holder_of,
                            unavailable, owners)
            suit = effective_suit(card, trump, bowers)
            out_of = shown_out[seat]
            if suit in out_of:
                reneges.append((*out_of[suit], seat))
            if position == 0:
                led_suit = named or suit
            elif suit != led_suit:
                hand = known.get(seat)
                if hand is not None and any(
                    effective_suit(c, trump, bowers) == led_suit for c in hand
                ):
                    reneges.append((t, position, seat))
                out_of.setdefault(led_suit, (t, position))
            if seat in known:
                known[seat].discard(card)
            played.add(card)
            cards.append(card)
            record.played[seat].append(card)
        if len(cards) == size:
            winner = order[trick_winner(cards, trump, bowers)]
            record.winners.append(winner)
            record.tricks[TEAM_OF[winner]] += 1
            leader = winner
    if reneges:
        first = min(reneges)
        record.renege = (first[2], first[0])
    full = len(raw) == tricks_in_hand and len(raw[-1]) == size
    record.complete = full
    if not full and not (stop_allowed or record.renege):
        if len(raw) < tricks_in_hand:
            reader.problem("play.wrong_trick_count", "play", expected=tricks_in_hand, got=len(raw))
        else:
            reader.problem("play.wrong_trick_size", "play", len(raw), trick=len(raw),
                           expected=size, got=len(raw[-1]))
        record.valid = False
    return record


def _read_card(
    reader: FieldReader, text: object, t: int, position: int, joker_names_suit: bool
) -> tuple[Card | None, str | None]:
    """A card of a trick, and the suit a led Joker names (``JKH``) where the rules have it."""
    if isinstance(text, str) and len(text) == 3 and text[:2] == "JK" and text[2] in SUITS \
            and JOKER in reader.deck:
        if not joker_names_suit:
            reader.problem("play.joker_is_trump", "play", t, value=text)
        elif position:
            reader.problem("play.joker_names_on_lead", "play", t, value=text, trick=t)
        else:
            return JOKER, text[2]
        return None, None
    card = reader.card(text, "play", t)
    if card == JOKER and joker_names_suit and position == 0:
        reader.problem("play.joker_lead_suit", "play", t, trick=t)
        return None, None
    return card, None


def _seats_from(leader: Seat, sitting_out: frozenset[str], size: int) -> list[Seat]:
    order: list[Seat] = []
    seat = leader
    while len(order) < size:
        if seat not in sitting_out:
            order.append(seat)
        seat = next_seat(seat)
    return order


def _card_available(
    reader: FieldReader,
    record: PlayRecord,
    card: Card,
    seat: Seat,
    t: int,
    played: set[Card],
    known: dict[str, set[Card]],
    holder_of: dict[Card, Seat],
    unavailable: dict[Card, str],
    owners: dict[Card, Seat],
) -> bool:
    """Check that ``seat`` could have played ``card``; record a problem if not."""
    code: str | None = None
    params: dict[str, str] = {"card": str(card), "seat": seat}
    if card in played:
        code = "play.played_twice"
    elif card in unavailable:
        code, params["why"] = "play.unavailable", unavailable[card]
    elif card in owners and owners[card] != seat:
        code = "play.turn_up_not_dealer"
    elif seat in known and card not in known[seat]:
        holder = holder_of.get(card)
        code = "play.held_by_other" if holder else "play.not_held"
        if holder:
            params["holder"] = holder
    elif seat not in known and holder_of.get(card, seat) != seat:
        code, params["holder"] = "play.held_by_other", holder_of[card]
    if code is None:
        return True
    reader.problem(code, "play", t, **params)
    record.valid = False
    return False
