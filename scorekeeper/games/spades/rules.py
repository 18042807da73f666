"""Spades: the fields of a hand, their legality and the score (spec/rules.md, Spades).

Each seat bids its tricks (0 is nil; ``"blind_nil"`` with the ``blind_nil`` rule); a side's
contract is its two bids. Overtricks are bags, carried from hand to hand by the match's running
state (:class:`Bags`): each time a side's bags reach ``bag_limit`` it loses ``bag_penalty``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine.cards import (
    DECK_52,
    OTHER_TEAM,
    SEATS,
    TEAM_OF,
    TEAMS,
    Card,
    Seat,
    next_seat,
    parse_card,
)
from ...engine.fields import FieldReader
from ...engine.game import Game
from ...engine.messages import N_
from ...engine.parts.recorder import Recording
from ...engine.parts.sheet import SheetPart, SheetRow
from ...engine.parts.templates import Templates
from ...engine.parts.words import History, Words
from ...engine.problems import Problem, show
from ...engine.result import HandResult
from ...engine.rules import DEALS, Option
from ...engine.state import HandState, MatchState, settle_to_target
from ...engine.tricks import PlayRecord, analyse_play
from .facts import STATISTICS
from .messages import MESSAGES
from .words import (
    FIELD_WORDS,
    OPTION_WORDS,
    PRESETS,
    history_tags,
    outcome_words,
    penalty_words,
    recorded_words,
    short_words,
)

FIELDS = frozenset({"dealer", "bids", "tricks_NS", "nil_tricks", "deal", "play", "note"})
TRICKS = 13
SPADES = "S"
BLIND_NIL = "blind_nil"
NIL_POINTS = 100
BLIND_NIL_POINTS = 200
# The options' ranges: a game to 500 (some play to 250 or 1000), bags of 5 to 10 in practice.
MAX_TARGET = 1000
MAX_BAG_LIMIT = 100
MAX_BAG_PENALTY = 1000

Bid = int | str  # 0 to 13, or "blind_nil"


def _zeros() -> dict[str, int]:
    return {"NS": 0, "EW": 0}


@dataclass(slots=True)
class SpadesDetails:
    """What a Spades hand holds beside the generic result (``HandResult.details``)."""

    bids: dict[str, Bid]  # each seat's bid, N E S W
    contracts: dict[str, int]  # each side's contract: its two bids (a nil counts 0)
    nil: dict[str, str]  # each nil or blind nil seat: "made" or "failed"
    nil_tricks: dict[str, int]  # the tricks each nil or blind nil seat took
    overtricks: dict[str, int]  # the bags the hand adds (tricks over a made contract)
    bags: dict[str, int] = field(default_factory=_zeros)  # each side's total after the hand
    penalties: dict[str, int] = field(default_factory=_zeros)  # bag penalties in this hand
    lost: dict[str, int] = field(default_factory=_zeros)  # the points those penalties cost

    def as_json(self) -> dict[str, Any]:
        return {"contracts": dict(self.contracts), "bags": dict(self.bags), "nil": dict(self.nil)}


@dataclass(slots=True)
class Bags:
    """The match's running bags (they start at 0 whatever the starting score)."""

    bags: dict[str, int] = field(default_factory=_zeros)

    def take(self, outcome: HandResult, rules: dict[str, Any]) -> None:
        """Add a hand's overtricks; each time a side's bags reach the limit, it loses the
        penalty in this hand's points and the limit's bags are taken off."""
        details = outcome.details
        if not isinstance(details, SpadesDetails):
            return
        limit: int = rules["bag_limit"]
        for side in TEAMS:
            if limit == 0:  # bags off: overtricks still score, bags stay 0
                continue
            total = self.bags[side] + details.overtricks[side]
            while total >= limit:
                total -= limit
                outcome.points[side] -= rules["bag_penalty"]
                details.penalties[side] += 1
                details.lost[side] += rules["bag_penalty"]
            self.bags[side] = total
        details.bags = dict(self.bags)

    def as_json(self) -> dict[str, Any]:
        return {"bags": dict(self.bags)}


def running(rules: dict[str, Any]) -> Bags:
    return Bags()


def evaluate(
    raw: dict[str, Any], no: int, dealer: Seat, rules: dict[str, Any]
) -> tuple[HandResult | None, list[Problem]]:
    """Check one Spades hand and say what it scores (the bags' penalty comes with ``Bags``)."""
    r = FieldReader(raw, no, "spades", DECK_52)
    r.check_keys(FIELDS)
    r.note()
    bids = _bids(r, rules)
    tricks_ns = r.integer("tricks_NS", 0, TRICKS, "hand.tricks_ns_range")
    given_nil = _nil_tricks(r)
    deal = r.deal(TRICKS)
    if r.problems or bids is None:
        return None, r.problems
    nil_seats = [s for s in SEATS if bids[s] in (0, BLIND_NIL)]
    for seat in given_nil:
        if seat not in nil_seats:
            r.problem("hand.nil_tricks_not_nil", "nil_tricks", seat=seat)
    leader = next_seat(dealer)
    record = None
    if "play" in raw and not r.problems:
        record = analyse_play(
            r, trump=SPADES, bowers=False, leader=leader, sitting_out=frozenset(),
            holdings=deal or {}, unavailable={}, owners={}, tricks_in_hand=TRICKS,
            stop_allowed=False,
        )
        if record.valid:
            _check_record(r, record)
    if r.problems:
        return None, r.problems
    nil_tricks = dict(given_nil)
    if record is not None:
        derived = record.tricks["NS"]
        if tricks_ns is not None and tricks_ns != derived:
            r.problem("hand.tricks_ns_mismatch", "tricks_NS", derived=derived, given=tricks_ns)
        tricks_ns = derived
        for seat in nil_seats:
            taken = record.winners.count(seat)
            if seat in given_nil and given_nil[seat] != taken:
                r.problem("hand.nil_tricks_mismatch", "nil_tricks", seat=seat, derived=taken,
                          given=given_nil[seat])
            nil_tricks[seat] = taken
    if tricks_ns is None:
        r.problem("hand.tricks_ns_missing", "tricks_NS")
        return None, r.problems
    tricks = {"NS": tricks_ns, "EW": TRICKS - tricks_ns}
    for seat in nil_seats:
        if seat not in nil_tricks:
            r.problem("hand.nil_tricks_missing", "nil_tricks", seat=seat)
        elif nil_tricks[seat] > tricks[TEAM_OF[seat]]:
            r.problem("hand.nil_tricks_over", "nil_tricks", seat=seat, value=nil_tricks[seat],
                      side=TEAM_OF[seat], tricks=tricks[TEAM_OF[seat]])
    if r.problems:
        return None, r.problems
    _check_double_nil(r, nil_seats, nil_tricks, tricks)
    if r.problems:
        return None, r.problems
    outcome = HandResult("scored", tricks=tricks, trump=SPADES, leader=leader)
    if record is not None:
        outcome.trick_seats = record.seats
        outcome.trick_winners = list(record.winners)
    outcome.details = _score(outcome, bids, nil_tricks, tricks)
    return outcome, r.problems


def _score(
    outcome: HandResult, bids: dict[str, Bid], nil_tricks: dict[str, int], tricks: dict[str, int]
) -> SpadesDetails:
    """Each side's points before any bag penalty: its contract made or set, its overtricks,
    its nils."""
    contracts = _zeros()
    for seat in SEATS:
        bid = bids[seat]
        if isinstance(bid, int):
            contracts[TEAM_OF[seat]] += bid
    overtricks = _zeros()
    nil: dict[str, str] = {}
    for side in TEAMS:
        contract, taken = contracts[side], tricks[side]
        if taken >= contract:  # made (a contract of 0: every trick is a bag)
            overtricks[side] = taken - contract
            outcome.points[side] = 10 * contract + overtricks[side]
        else:
            outcome.points[side] = -10 * contract
    for bidder, taken in nil_tricks.items():
        worth = BLIND_NIL_POINTS if bids[bidder] == BLIND_NIL else NIL_POINTS
        nil[bidder] = "made" if taken == 0 else "failed"
        outcome.points[TEAM_OF[bidder]] += worth if taken == 0 else -worth
    nil = {s: nil[s] for s in SEATS if s in nil}
    return SpadesDetails(dict(bids), contracts, nil, dict(nil_tricks), overtricks)


def _bids(r: FieldReader, rules: dict[str, Any]) -> dict[str, Bid] | None:
    """Every seat's bid: 0 to 13, or "blind_nil" when the rule allows it."""
    value = r.raw.get("bids")
    if value is None:
        r.problem("hand.bids_missing", "bids")
        return None
    if not isinstance(value, dict):
        r.problem("hand.bids_not_object", "bids")
        return None
    bids: dict[str, Bid] = {}
    ok = True
    for seat, bid in value.items():
        if seat not in SEATS:
            r.problem("hand.bad_seat_key", "bids", field="bids", value=show(seat))
            ok = False
        elif bid == BLIND_NIL:
            if not rules["blind_nil"]:
                r.problem("hand.blind_nil_off", "bids", seat=seat)
                ok = False
            bids[seat] = BLIND_NIL
        elif isinstance(bid, int) and not isinstance(bid, bool) and 0 <= bid <= TRICKS:
            bids[seat] = bid
        else:
            code = "hand.bid_range_blind" if rules["blind_nil"] else "hand.bid_range"
            r.problem(code, "bids", seat=seat, value=show(bid))
            ok = False
    for seat in SEATS:
        if seat not in value:
            r.problem("hand.seat_bid_missing", "bids", seat=seat)
            ok = False
    return {s: bids[s] for s in SEATS} if ok else None


def _nil_tricks(r: FieldReader) -> dict[str, int]:
    """The tricks each nil bidder took, as given (checked against the bids later)."""
    value = r.raw.get("nil_tricks")
    if value is None:
        return {}
    if not isinstance(value, dict):
        r.problem("hand.nil_tricks_not_object", "nil_tricks")
        return {}
    out: dict[str, int] = {}
    for seat, taken in value.items():
        if seat not in SEATS:
            r.problem("hand.bad_seat_key", "nil_tricks", field="nil_tricks", value=show(seat))
        elif isinstance(taken, int) and not isinstance(taken, bool) and 0 <= taken <= TRICKS:
            out[seat] = taken
        else:
            r.problem("hand.nil_tricks_range", "nil_tricks", seat=seat, value=show(taken))
    return out


def _check_double_nil(
    r: FieldReader, nil_seats: Sequence[str], nil_tricks: dict[str, int], tricks: dict[str, int]
) -> None:
    """Both partners bid nil: their own tricks are all their side took."""
    for side in TEAMS:
        pair = [s for s in nil_seats if TEAM_OF[s] == side]
        if len(pair) == 2 and nil_tricks[pair[0]] + nil_tricks[pair[1]] != tricks[side]:
            r.problem("hand.nil_tricks_double", "nil_tricks", first=pair[0], second=pair[1],
                      given=nil_tricks[pair[0]] + nil_tricks[pair[1]], side=side,
                      tricks=tricks[side])


def _check_record(r: FieldReader, record: PlayRecord) -> None:
    """A card record of Spades: no renege (there is no penalty to record), and no spade led
    before spades are broken unless the leader held nothing else."""
    if record.renege is not None:
        seat, trick = record.renege
        r.problem("play.renege", "play", trick, seat=seat, trick=trick)
        return
    plays: list[list[Card]] = [
        [card for card in (parse_card(text) for text in trick) if card is not None]
        for trick in r.raw["play"]
    ]
    broken = False
    for t, (cards, seats) in enumerate(zip(plays, record.seats, strict=True), 1):
        leader, led = seats[0], cards[0]
        if led.suit == SPADES and not broken:
            # what the leader still held: the cards it plays from this trick on
            held = [later[s.index(leader)] for later, s in zip(
                plays[t - 1:], record.seats[t - 1:], strict=True)]
            if any(card.suit != SPADES for card in held):
                r.problem("play.trumps_not_broken", "play", t, seat=leader, card=str(led),
                          trick=t)
                return
        broken = broken or any(card.suit == SPADES for card in cards)


def settle(state: MatchState, rules: dict[str, Any], start: bool = False) -> None:
    """First side to the target wins, a side at or below ``lose_at`` loses; both at once: the
    higher score wins, level plays on. With a fixed number of deals: the higher total."""
    target: int | None = rules.get("target")
    if target is None:
        settle_to_target(state, rules, start)
        return
    lose_at: int | None = rules.get("lose_at")
    score = state.score
    reached = [t for t in TEAMS if score[t] >= target]
    out = [t for t in TEAMS if lose_at is not None and score[t] <= lose_at]
    if len(reached) == 1:
        winner: str | None = reached[0]
    elif len(reached) == 2 or len(out) == 2:
        winner = None if score["NS"] == score["EW"] else max(TEAMS, key=lambda t: score[t])
    elif len(out) == 1:
        winner = OTHER_TEAM[out[0]]
    else:
        winner = None
    if winner is not None:
        state.over, state.winner = True, winner


def finish_rules(rules: dict[str, Any], problems: list[Problem]) -> None:
    """A fixed number of deals has no losing score either."""
    if rules["deals"] is not None:
        rules["lose_at"] = None


def sheet_row(hand: Mapping[str, Any], state: HandState) -> SheetRow:
    """The points each side's bag penalties cost in this hand (the sheet's notes mark them)."""
    details = state.outcome.details
    lost = details.lost if isinstance(details, SpadesDetails) else {}
    penalty = {t: -n for t, n in lost.items() if n}
    return SheetRow(own={"bag_penalty": penalty} if penalty else {})


def lost_at(rules: Mapping[str, Any]) -> int | None:
    """A side at or below ``lose_at`` has lost (none with a fixed number of deals)."""
    lose_at: int | None = rules.get("lose_at")
    return lose_at if rules.get("target") is not None else None


def spades_always(rules: dict[str, Any]) -> tuple[str, ...]:
    """Every hand's trump: spades."""
    return (SPADES,)


OPTIONS: tuple[Option, ...] = (
    Option("target", 500, int, minimum=1, maximum=MAX_TARGET, nullable=True),
    DEALS,
    Option("lose_at", -200, int, minimum=-MAX_TARGET, maximum=-1, nullable=True),
    Option("bag_limit", 10, int, maximum=MAX_BAG_LIMIT),
    Option("bag_penalty", 100, int, maximum=MAX_BAG_PENALTY),
    Option("blind_nil", False, bool),
)

GAME = Game(
    name="spades",
    label=N_("Spades"),
    rules_label=N_("Spades rules"),
    options=OPTIONS,
    evaluate=evaluate,
    tricks=TRICKS,
    settle=settle,
    finish_rules=finish_rules,
    running=running,
    presets=PRESETS,
    hand_form="scorekeeper.games.spades.form:SpadesHandForm",
    sheet=SheetPart(row=sheet_row, blank_rows=18),
    templates=Templates(hand_fields="game/spades/hand_fields.html",
                        sheet_hands="game/spades/sheet_hands.html",
                        blank="game/spades/blank.html", board="game/spades/board.html"),
    words=Words(
        tricks_hint=N_("▸ marks the card led; the winning card is boxed; shaded cards are "
                       "spades, always trumps. The last column counts the tricks of each side."),
    ),
    history=History(call=N_("Bids"), seat="", tags=history_tags, outcome=outcome_words,
                    short=short_words, recorded=recorded_words, scored=penalty_words),
    option_words=OPTION_WORDS,
    field_words=FIELD_WORDS,
    folder="scorekeeper.games.spades",
    # spades are trumps every hand: a one-suit "rotation"; no spade led until one was played
    recording=Recording(lead_rules=("trumps_broken",), trumps=spades_always),
    statistics=STATISTICS,
    negative_scores=True,
    lost_at=lost_at,
    messages=MESSAGES,
)
