"""Double-dummy analysis of a bridge deal (every card face up, both sides playing their best),
through Bo Haglund's DDS in the ``endplay`` package:

- the makeable-tricks table: for each strain and each declarer, the tricks declarer's side
  takes (``calc_dd_table``);
- par: the contract(s) neither side can better by bidding on or doubling, and its score, for
  the deal's vulnerability and dealer (``par``), written from NS's side;
- the recorded play: declarer's side's best count before the lead and after each card
  (``analyse_play``), and each card after which that count moved against the side that played
  it, with the cards the same hand could have played instead and kept it (``solve_board``).

The record is a plain mapping (``spec/bridge.md``, "A bridge deal in a match file"); only what
these functions need is checked here, and what stops them is returned as problems, never
raised. The words are :mod:`.analysis_words`'.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from endplay._dds import ddTableResults
from endplay.dds import analyse_play as dds_analyse_play
from endplay.dds import analyse_start as dds_analyse_start
from endplay.dds import calc_dd_table, par, solve_board
from endplay.dds.ddtable import DDTable
from endplay.dds.solve import SolveMode
from endplay.types import Card as DdsCard
from endplay.types import Deal, Penalty, Vul

from .analysis_words import BridgeProblem
from .deal_cards import deal_hands, read_tricks
from .endplay_types import DENOMS, PLAYERS, SEAT_OF, STRAIN_OF, endplay_deal
from .notation import (
    SEATS,
    STRAIN_ORDER,
    SUITS,
    card_label,
    next_seat,
    power,
    side_of,
    suit_of,
    to_pbn_card,
    trick_winner,
)
from .scoring import parse_contract

# endplay calls DDS with thread slot 0 every time, and two calls in one slot at once share
# DDS's memory: the server's threads take turns (Five Hundred's analysis keeps its own lock on
# the same slot: one lock for both belongs in one place once the games are wired together).
DDS_LOCK = threading.Lock()
_VUL = {"none": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "both": Vul.both}
_SUIT_LETTER = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
_DOUBLED = {Penalty.passed: 0, Penalty.doubled: 1, Penalty.redoubled: 2}


@dataclass(frozen=True, slots=True)
class MakeableTable:
    """Tricks declarer's side takes double dummy, by strain (C D H S NT) and declarer."""

    tricks: dict[str, dict[str, int]]

    def get(self, strain: str, declarer: str) -> int:
        return self.tricks[strain][declarer]

    def as_json(self) -> dict[str, dict[str, int]]:
        return {strain: dict(self.tricks[strain]) for strain in STRAIN_ORDER}


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: level, strain, 0/1/2 for undoubled/X/XX, its declarer(s) (both of a
    side when either makes the same) and the tricks over (+) or under (−) the contract."""

    level: int
    strain: str
    doubled: int
    declarers: tuple[str, ...]
    over_under: int

    @property
    def text(self) -> str:
        """As scorers write it: ``4♠``, ``3NT+1``, ``5♦X−2``."""
        result = "" if self.over_under == 0 else f"{self.over_under:+d}".replace("-", "−")
        strain = "NT" if self.strain == "NT" else card_label("A" + self.strain)[0]
        return f"{self.level}{strain}{'X' * self.doubled}{result}"

    @property
    def contract(self) -> str:
        """In the record's form: ``5DX``."""
        return f"{self.level}{self.strain}{'X' * self.doubled}"


@dataclass(frozen=True, slots=True)
class Par:
    """The par score from NS's side (negative when EW gain) and its contracts (none: the deal
    is best passed out)."""

    score: int
    contracts: tuple[ParContract, ...]

    def as_json(self) -> dict[str, Any]:
        return {"score": self.score, "contracts": [
            {"contract": c.contract, "declarers": list(c.declarers), "over_under": c.over_under,
             "text": c.text} for c in self.contracts]}


@dataclass(frozen=True, slots=True)
class CostlyPlay:
    """A card after which declarer's side's best count moved against the side that played it."""

    trick: int  # from 1
    seat: str
    card: str
    cost: int  # tricks, at least 1
    before: int  # declarer's side's best count before the card
    after: int  # and after it
    instead: tuple[str, ...]  # the cards the same hand could have played and kept the count


@dataclass(frozen=True, slots=True)
class PlayAnalysis:
    """The recorded play against double dummy, counted in declarer's side's tricks."""

    declarer: str
    strain: str
    best: int  # before the opening lead
    after: tuple[int, ...]  # after each card recorded (``after[i]`` after card i + 1)
    won: int  # tricks declarer's side won in the recorded tricks
    took: int | None  # the deal's result (won plus the claim), when the record gives it
    claim_best: int | None  # with a claim: the best count when it was made
    costly: tuple[CostlyPlay, ...]

    def as_json(self) -> dict[str, Any]:
        return {"declarer": self.declarer, "strain": self.strain, "best": self.best,
                "after": list(self.after), "won": self.won, "took": self.took,
                "claim_best": self.claim_best,
                "costly": [{"trick": c.trick, "seat": c.seat, "card": c.card, "cost": c.cost,
                            "before": c.before, "after": c.after, "instead": list(c.instead)}
                           for c in self.costly]}


@dataclass(frozen=True, slots=True)
class DealAnalysis:
    table: MakeableTable
    par: Par
    play: PlayAnalysis | None  # None: passed out, or no card record

    def as_json(self) -> dict[str, Any]:
        """The analysis as data (cards as the record writes them: ``"10S"``)."""
        return {"table": self.table.as_json(), "par": self.par.as_json(),
                "play": self.play.as_json() if self.play is not None else None}


def makeable(hands: Mapping[str, Sequence[str]]) -> MakeableTable:
    """The makeable-tricks table of a full deal (four hands of 13 cards)."""
    cells = _table_cells(tuple(tuple(sorted(hands[seat])) for seat in SEATS))
    return MakeableTable({strain: dict(zip(SEATS, row, strict=True))
                          for strain, row in zip(STRAIN_ORDER, cells, strict=True)})


def clear_table_cache() -> None:
    """Forget the tables kept (a benchmark times the solving itself)."""
    _table_cells.cache_clear()


# The table is a tenth of a second of DDS's time (docs/performance.md): the hand page, the
# API and the statistics asking for the same deal solve it once.
@lru_cache(maxsize=512)
def _table_cells(hands: tuple[tuple[str, ...], ...]) -> tuple[tuple[int, ...], ...]:
    with DDS_LOCK:
        table = calc_dd_table(endplay_deal(dict(zip(SEATS, hands, strict=True))))
    return tuple(tuple(int(table[DENOMS[strain], PLAYERS[seat]]) for seat in SEATS)
                 for strain in STRAIN_ORDER)


def par_of(table: MakeableTable, vulnerable: str, dealer: str) -> Par:
    """Par for the deal's ``vulnerable`` (``none``, ``NS``, ``EW``, ``both``) and ``dealer``."""
    data = ddTableResults()  # par() reads DDS's own table: the one made of ours
    for strain, by_seat in table.tricks.items():
        for seat, tricks in by_seat.items():
            data.resTable[DENOMS[strain]][PLAYERS[seat]] = tricks
    found = par(DDTable(data), _VUL[vulnerable], PLAYERS[dealer])
    grouped: dict[tuple[int, str, int, int], list[str]] = {}
    for contract in found:
        if contract.level == 0:  # passed out
            continue
        key = (int(contract.level), STRAIN_OF[contract.denom], _DOUBLED[contract.penalty],
               int(contract.result))
        grouped.setdefault(key, []).append(SEAT_OF[contract.declarer])
    contracts = tuple(ParContract(level, strain, doubled, tuple(sorted(seats, key=SEATS.index)),
                                  result)
                      for (level, strain, doubled, result), seats in grouped.items())
    return Par(int(found.score), contracts)


def analyse_play(hands: Mapping[str, Sequence[str]], strain: str, declarer: str,
                 play: Sequence[Sequence[str]], claim: int | None = None
                 ) -> tuple[PlayAnalysis | None, list[BridgeProblem]]:
    """The recorded tricks (each from its leader, the first led by declarer's left) against
    double dummy; a trick no hand could have played that way is a problem, not an answer."""
    leader, owner = next_seat(declarer), {c: s for s, held in hands.items() for c in held}
    cards: list[str] = []
    won = 0
    position = endplay_deal(hands, leader, strain)
    for no, trick in enumerate(play, 1):
        for i, card in enumerate(trick):
            seat = next_seat(leader, i)
            if owner.get(card) != seat or DdsCard(to_pbn_card(card)) not in set(
                    position.legal_moves()):
                return None, [BridgeProblem("play.illegal", field="play", trick=no, params={
                    "trick": no, "seat": seat, "card": card_label(card)})]
            position.play(DdsCard(to_pbn_card(card)))
        cards.extend(trick)
        leader = trick_winner(list(trick), leader, strain)
        won += side_of(leader) == side_of(declarer)
    start = endplay_deal(hands, next_seat(declarer), strain)
    with DDS_LOCK:
        counts = [int(n) for n in dds_analyse_play(start.copy(), [to_pbn_card(c) for c in cards])]
    # DDS stops once the rest is forced (the last trick): the count no longer moves
    after = (*counts, *[counts[-1]] * (len(cards) + 1 - len(counts)))
    costly = [_costly(start, cards, i, owner[card], declarer, after)
              for i, card in enumerate(cards)
              if _moved(after, i, owner[card], declarer) > 0]
    took = won + claim if claim is not None else (won if len(play) == 13 else None)
    claim_best = after[len(cards)] if claim is not None else None
    return PlayAnalysis(declarer, strain, after[0], tuple(after[1:]), won, took, claim_best,
                        tuple(costly)), []


def _moved(after: Sequence[int], i: int, seat: str, declarer: str) -> int:
    """How far card ``i`` moved the count against its own side (negative: in its favour)."""
    moved = after[i] - after[i + 1]
    return moved if side_of(seat) == side_of(declarer) else -moved


def _costly(start: Deal, cards: Sequence[str], i: int, seat: str, declarer: str,
            after: Sequence[int]) -> CostlyPlay:
    position = start.copy()
    for card in cards[:i]:
        position.play(DdsCard(to_pbn_card(card)))
    with DDS_LOCK:
        kept = [_ours(card) for card, _n in solve_board(position, SolveMode.OptimalAll)]
    instead = tuple(card for card in kept if card != cards[i])
    instead = tuple(sorted(instead, key=lambda c: (SUITS.index(suit_of(c)), -power(c))))
    return CostlyPlay(i // 4 + 1, seat, cards[i], _moved(after, i, seat, declarer),
                      after[i], after[i + 1], instead)


def _ours(card: DdsCard) -> str:
    """endplay's card as ours (``"10S"``)."""
    rank = str(card.rank.abbr)
    return ("10" if rank == "T" else rank) + _SUIT_LETTER[card.suit.name]


def analyse_deal(record: Mapping[str, Any], vulnerable: str = "none",
                 dealer: str | None = None
                 ) -> tuple[DealAnalysis | None, list[BridgeProblem]]:
    """The whole analysis of a recorded deal with a full deal (its ``deal``, or 13 tricks):
    table, par (the ``vulnerable`` and ``dealer`` given, else the record's dealer, else N) and
    the play when there is one. None and problems when the record can't be analysed."""
    hands, problems = deal_hands(record)
    if hands is None:
        return None, problems or [BridgeProblem("dd.no_deal", field="deal")]
    if vulnerable not in _VUL:
        return None, [BridgeProblem("dd.bad_vulnerable", params={"value": str(vulnerable)})]
    dealer = dealer or record.get("dealer") or "N"
    if dealer not in SEATS:
        return None, [BridgeProblem("dd.bad_dealer", field="dealer")]
    play = record.get("play")
    if record.get("passed") is True or not play:
        table = makeable(hands)
        return DealAnalysis(table, par_of(table, vulnerable, str(dealer)), None), []
    contract = parse_contract(str(record.get("contract", "")))
    declarer = record.get("declarer")
    if contract is None:
        return None, [BridgeProblem("dd.bad_contract", field="contract",
                                    params={"value": str(record.get("contract"))[:12]})]
    if declarer not in SEATS:
        return None, [BridgeProblem("dd.bad_declarer", field="declarer")]
    tricks, problems = read_tricks(play) if isinstance(play, list) else (
        [], [BridgeProblem("play.bad_trick", field="play", params={"trick": 1})])
    if problems:
        return None, problems
    claim = record.get("claim")
    claim = claim if isinstance(claim, int) and not isinstance(claim, bool) else None
    # the play is checked before the table is worked out: a bad record costs no solving
    played, problems = analyse_play(hands, contract.strain, str(declarer), tricks, claim)
    if played is None:
        return None, problems
    table = makeable(hands)
    return DealAnalysis(table, par_of(table, vulnerable, str(dealer)), played), []


def dd_tricks(hands: Mapping[str, Sequence[str]], strain: str, declarer: str) -> int:
    """The tricks declarer's side takes in ``strain`` double dummy: one solve, not the table."""
    with DDS_LOCK:
        return int(dds_analyse_start(endplay_deal(hands, next_seat(declarer), strain)))
