"""A bridge deal as recorded (spec/bridge.md, "A bridge deal in a match file"): its fields read
and checked against each other, without scoring it.

:func:`read_deal` is shared by the table's games (rubber, Chicago) and the duplicate session's
results: it takes the raw object, the deal's number and its dealer, and gives a
:class:`DealRecord` or the problems, each worded for a person at the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...engine.cards import DECK_52, SEATS, TEAM_OF, Card, Seat, next_seat
from ...engine.fields import FieldReader
from ...engine.problems import Problem, show
from ...engine.tricks import PlayRecord, analyse_play
from .scoring import CONTRACT, Contract, parse_contract, side_of

FIELDS = frozenset({"dealer", "contract", "declarer", "tricks", "passed", "honours", "lead",
                    "deal", "play", "claim", "note"})
PASSED_FIELDS = frozenset({"dealer", "passed", "deal", "note"})
TRICKS = 13
NO_TRUMPS = "NT"  # the strain with no trump suit: a mark no card's suit has
HONOURS = frozenset({10, 11, 12, 13, 14})  # the trump 10 J Q K A
ACE = 14


@dataclass(frozen=True, slots=True)
class Honours:
    """Honours claimed (or shown by the deal): the side whose hand held them, and the points."""

    side: str
    points: int


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One legal deal: passed out, or a contract, its declarer and declarer's side's tricks.

    ``honours`` are those recorded (checked against the cards when they are all known);
    ``winners``: each complete trick's winning seat, for a card record."""

    passed: bool
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    honours: Honours | None = None
    winners: tuple[Seat, ...] = ()
    trick_seats: tuple[tuple[Seat, ...], ...] = ()

    @property
    def declaring_side(self) -> str | None:
        return side_of(self.declarer) if self.declarer is not None else None

    @property
    def over_under(self) -> int | None:
        """Tricks over (+) or under (−) the contract; None when passed out."""
        if self.contract is None or self.tricks is None:
            return None
        return self.tricks - self.contract.needed


def read_contract(r: FieldReader) -> Contract | None:
    """The ``contract`` field exactly as the spec writes it (``4HX``, ``6NTXX``), or None."""
    value = r.raw.get("contract")
    if value is None:
        r.problem("deal.contract_missing", "contract")
        return None
    contract = parse_contract(value) if isinstance(value, str) \
        and CONTRACT.fullmatch(value) else None
    if contract is None:
        r.problem("deal.bad_contract", "contract", value=show(value))
    return contract


def read_deal(
    raw: dict[str, Any], no: int, dealer: Seat, *, honours: bool,
    fields: frozenset[str] = FIELDS,
) -> tuple[DealRecord | None, list[Problem]]:
    """Check one deal record; ``honours``: whether the match counts them. ``fields``: the keys
    a record may hold (a session's result adds its own and passes them here)."""
    r = FieldReader(raw, no, "bridge", DECK_52)
    r.check_keys(fields)
    r.note()
    passed = r.boolean("passed")
    deal = r.deal(TRICKS)
    if passed:
        for key in raw:
            if key not in PASSED_FIELDS and key in fields:
                r.problem("deal.passed_extra", key, key=key)
        return (None if r.problems else DealRecord(passed=True)), r.problems
    contract = read_contract(r)
    declarer = r.seat("declarer")
    if declarer is None and "declarer" not in raw:
        r.problem("deal.declarer_missing", "declarer")
    tricks = r.integer("tricks", 0, TRICKS, "deal.tricks_range")
    lead = r.card_field("lead")
    claim = r.integer("claim", 0, TRICKS, "deal.claim_range")
    claimed = _honours(r, honours, contract)
    if r.problems or contract is None or declarer is None:
        return None, r.problems
    leader = next_seat(declarer)
    if lead is not None and deal is not None:
        holder = next((s for s, cards in deal.items() if lead in cards), None)
        if holder is not None and holder != leader:
            r.problem("deal.lead_held_by", "lead", card=str(lead), seat=leader, holder=holder)
    record: PlayRecord | None = None
    if "play" in raw and not r.problems:
        record = analyse_play(
            r, trump=contract.strain, bowers=False, leader=leader, sitting_out=frozenset(),
            holdings=deal or {}, unavailable={}, owners={}, tricks_in_hand=TRICKS,
            stop_allowed=claim is not None)
        if record.valid:
            _check_play(r, record, lead)
    if r.problems:
        return None, r.problems
    if record is not None or claim is not None:
        won = record.tricks[side_of(declarer)] if record is not None else 0
        played = len(record.winners) if record is not None else 0
        if claim is not None and claim > TRICKS - played:
            r.problem("deal.claim_over", "claim", value=claim, most=TRICKS - played,
                      played=played)
            return None, r.problems
        derived = won + (claim or 0)
        if tricks is not None and tricks != derived:
            r.problem("deal.tricks_mismatch", "tricks", derived=derived, given=tricks)
            return None, r.problems
        tricks = derived
    if tricks is None:
        r.problem("deal.tricks_missing", "tricks")
        return None, r.problems
    holdings = _all_cards(deal, record)
    if claimed is not None and holdings is not None:
        _check_honours(r, claimed, contract, holdings)
    if r.problems:
        return None, r.problems
    return DealRecord(
        passed=False, contract=contract, declarer=declarer, tricks=tricks, honours=claimed,
        winners=tuple(record.winners) if record is not None else (),
        trick_seats=tuple(tuple(s) for s in record.seats) if record is not None else (),
    ), r.problems


def _honours(r: FieldReader, counted: bool, contract: Contract | None) -> Honours | None:
    """The ``honours`` field: a side and 100 or 150 (150 only at no trumps); only when the
    match counts honours."""
    value = r.raw.get("honours")
    if value is None:
        return None
    if not counted:
        r.problem("deal.honours_off", "honours")
        return None
    if not isinstance(value, dict) or set(value) != {"side", "points"} \
            or value["side"] not in ("NS", "EW") or value["points"] not in (100, 150) \
            or isinstance(value["points"], bool):
        r.problem("deal.bad_honours", "honours")
        return None
    if contract is not None and contract.strain == NO_TRUMPS and value["points"] != 150:
        r.problem("deal.honours_no_trumps", "honours", value=value["points"])
        return None
    return Honours(value["side"], value["points"])


def shown_honours(
    contract: Contract, holdings: Mapping[str, list[Card]]
) -> tuple[Seat, int] | None:
    """The hand holding honours and what they score, from every seat's cards: four of the trump
    A K Q J 10 in one hand 100, all five 150; at no trumps the four aces in one hand 150."""
    for seat in SEATS:
        cards = holdings.get(seat, [])
        if contract.strain == NO_TRUMPS:
            if sum(1 for c in cards if c.rank == ACE) == 4:
                return seat, 150
            continue
        held = sum(1 for c in cards if c.suit == contract.strain and c.rank in HONOURS)
        if held >= 4:
            return seat, 150 if held == 5 else 100
    return None


def _check_honours(
    r: FieldReader, claimed: Honours, contract: Contract, holdings: Mapping[str, list[Card]]
) -> None:
    """Honours claimed must be what the cards show."""
    shown = shown_honours(contract, holdings)
    if shown is None:
        r.problem("deal.honours_not_held", "honours", side=claimed.side, points=claimed.points)
        return
    seat, points = shown
    if (TEAM_OF[seat], points) != (claimed.side, claimed.points):
        r.problem("deal.honours_mismatch", "honours", seat=seat, side=TEAM_OF[seat],
                  points=points, given_side=claimed.side, given=claimed.points)


def _check_play(r: FieldReader, record: PlayRecord, lead: Card | None) -> None:
    """A card record follows suit, starts with the recorded lead, and ends on a whole trick."""
    raw = r.raw["play"]
    if record.renege is not None:
        seat, trick = record.renege
        r.problem("play.not_followed", "play", trick, seat=seat, trick=trick)
    if lead is not None and raw and raw[0]:
        first = r.card(raw[0][0], "play", 1)
        if first is not None and first != lead:
            r.problem("deal.lead_mismatch", "lead", lead=str(lead), card=str(first))
    if raw and 0 < len(raw[-1]) < 4:
        r.problem("play.wrong_trick_size", "play", len(raw), trick=len(raw), expected=4,
                  got=len(raw[-1]))


def _all_cards(
    deal: dict[str, list[Card]] | None, record: PlayRecord | None
) -> dict[str, list[Card]] | None:
    """Every seat's 13 cards, from the deal or a card record of all 13 tricks; else None."""
    if deal is not None and all(s in deal for s in SEATS):
        return deal
    if record is not None and record.complete:
        return record.played
    return None
