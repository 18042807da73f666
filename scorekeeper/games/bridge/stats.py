"""Bridge statistics over scored deal records (pure): contracts declared and made by level and
strain, slams bid and made, doubled contracts, the average score a deal, and declarer play
against double dummy (declarer's side's tricks minus the tricks best play on both sides gives,
for the deals recorded in full: their four hands, or 13 tricks played).

A deal's points are those ``scorekeeper check`` adds to it (``points``: each side's, rubber or
Chicago); a record without them (a duplicate result) scores as duplicate does, by its
``vulnerable`` (not vulnerable when it does not say). A record that can't be counted (no
contract, a bad declarer) is skipped and said, never guessed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .analysis import dd_tricks
from .analysis_words import BridgeProblem
from .deal_cards import deal_hands
from .notation import SEATS, STRAIN_ORDER, side_of
from .scoring import SIDES, duplicate_score, is_vulnerable, parse_contract

DdTricks = Callable[[Mapping[str, Sequence[str]], str, str], int]


@dataclass(slots=True)
class Tally:
    """Contracts declared and made."""

    declared: int = 0
    made: int = 0

    def add(self, made: bool) -> None:
        self.declared += 1
        self.made += made

    def as_json(self) -> dict[str, int]:
        return {"declared": self.declared, "made": self.made}


@dataclass(slots=True)
class AgainstDd:
    """Declarer play against double dummy over the deals recorded in full: ``diffs`` holds each
    deal's tricks taken minus the double-dummy tricks (+1: a trick more than best defence
    allows; −1: a trick fewer than best play takes)."""

    diffs: list[int] = field(default_factory=list)

    @property
    def deals(self) -> int:
        return len(self.diffs)

    @property
    def total(self) -> int:
        return sum(self.diffs)

    @property
    def average(self) -> float | None:
        return self.total / len(self.diffs) if self.diffs else None

    def as_json(self) -> dict[str, Any]:
        return {"deals": self.deals, "total": self.total, "average": self.average,
                "above": sum(d > 0 for d in self.diffs), "level": self.diffs.count(0),
                "below": sum(d < 0 for d in self.diffs)}


@dataclass(slots=True)
class BridgeStats:
    deals: int = 0  # counted: played and passed out
    passed_out: int = 0
    # level (1-7) -> strain (C D H S NT) -> declared and made
    contracts: dict[int, dict[str, Tally]] = field(default_factory=lambda: {
        level: {strain: Tally() for strain in STRAIN_ORDER} for level in range(1, 8)})
    small_slams: Tally = field(default_factory=Tally)
    grand_slams: Tally = field(default_factory=Tally)
    doubled: Tally = field(default_factory=Tally)  # X
    redoubled: Tally = field(default_factory=Tally)  # XX
    by_side: dict[str, Tally] = field(default_factory=lambda: {s: Tally() for s in SIDES})
    by_declarer: dict[str, Tally] = field(default_factory=lambda: {s: Tally() for s in SEATS})
    points: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SIDES, 0))
    against_dd: AgainstDd = field(default_factory=AgainstDd)
    dd_by_declarer: dict[str, AgainstDd] = field(
        default_factory=lambda: {s: AgainstDd() for s in SEATS})
    skipped: list[BridgeProblem] = field(default_factory=list)

    def by_level(self, level: int) -> Tally:
        return _total(self.contracts[level].values())

    def by_strain(self, strain: str) -> Tally:
        return _total(by[strain] for by in self.contracts.values())

    @property
    def played(self) -> Tally:
        return _total(self.by_side.values())

    def average_points(self, side: str) -> float | None:
        """The points ``side`` scored a deal, passed-out deals counted as nothing scored."""
        return self.points[side] / self.deals if self.deals else None

    def as_json(self) -> dict[str, Any]:
        return {
            "deals": self.deals, "passed_out": self.passed_out,
            "played": self.played.as_json(),
            "contracts": {str(level): {s: t.as_json() for s, t in by.items()}
                          for level, by in self.contracts.items()},
            "levels": {str(level): self.by_level(level).as_json() for level in range(1, 8)},
            "strains": {s: self.by_strain(s).as_json() for s in STRAIN_ORDER},
            "small_slams": self.small_slams.as_json(), "grand_slams": self.grand_slams.as_json(),
            "doubled": self.doubled.as_json(), "redoubled": self.redoubled.as_json(),
            "sides": {s: t.as_json() for s, t in self.by_side.items()},
            "declarers": {s: t.as_json() for s, t in self.by_declarer.items()},
            "points": dict(self.points),
            "average_points": {s: self.average_points(s) for s in SIDES},
            "against_dd": self.against_dd.as_json(),
            "against_dd_by_declarer": {s: a.as_json() for s, a in self.dd_by_declarer.items()},
        }


def _total(tallies: Any) -> Tally:
    total = Tally()
    for tally in tallies:
        total.declared += tally.declared
        total.made += tally.made
    return total


def bridge_stats(records: Sequence[Mapping[str, Any]], dd: DdTricks = dd_tricks
                 ) -> BridgeStats:
    """The statistics of ``records`` (in any order). ``dd`` gives the double-dummy tricks of
    a deal's declarer in its strain (DDS by default; a caller may keep them once worked out)."""
    stats = BridgeStats()
    for no, record in enumerate(records, 1):
        if not isinstance(record, Mapping):
            stats.skipped.append(BridgeProblem("stats.not_deal", hand=no, params={"hand": no}))
            continue
        if record.get("passed") is True:
            stats.deals += 1
            stats.passed_out += 1
            continue
        contract = parse_contract(str(record.get("contract", "")))
        declarer, tricks = record.get("declarer"), record.get("tricks")
        if contract is None or declarer not in SEATS or not isinstance(tricks, int) \
                or isinstance(tricks, bool) or not 0 <= tricks <= 13:
            stats.skipped.append(BridgeProblem("stats.not_scored", hand=no,
                                                       params={"hand": no}))
            continue
        declarer = str(declarer)
        made = tricks >= contract.needed
        stats.deals += 1
        stats.contracts[contract.level][contract.strain].add(made)
        stats.by_side[side_of(declarer)].add(made)
        stats.by_declarer[declarer].add(made)
        if contract.level == 6:
            stats.small_slams.add(made)
        elif contract.level == 7:
            stats.grand_slams.add(made)
        if contract.doubled:
            (stats.doubled if contract.doubled == 1 else stats.redoubled).add(made)
        for side, points in _points(record, contract, declarer, tricks).items():
            stats.points[side] += points
        hands, _problems = deal_hands(record)
        if hands is not None:
            diff = tricks - dd(hands, contract.strain, declarer)
            stats.against_dd.diffs.append(diff)
            stats.dd_by_declarer[declarer].diffs.append(diff)
    return stats


def _points(record: Mapping[str, Any], contract: Any, declarer: str, tricks: int
            ) -> dict[str, int]:
    """Each side's points on the deal: the scored record's own, else duplicate's."""
    points = record.get("points")
    if isinstance(points, Mapping) and all(
            isinstance(points.get(side), int) for side in SIDES):
        return {side: int(points[side]) for side in SIDES}
    side = side_of(declarer)
    other = "EW" if side == "NS" else "NS"
    vulnerable = str(record.get("vulnerable", "none"))
    score = duplicate_score(contract, tricks, is_vulnerable(vulnerable, side))
    return {side: max(score, 0), other: max(-score, 0)}
