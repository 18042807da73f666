"""Pair movements for duplicate play: who sits where and plays which boards, round by round
(pure; pairs are ids, boards numbers). Any game scored by comparing tables uses them.

- **Mitchell** (3 tables or more): NS pairs stay at their table, EW pairs move up one table
  (the last to the first), boards down one. With an odd number of tables every EW pair meets
  every NS pair. With an even number the EW pairs would meet boards again halfway, so either
  they **skip** a table after half the rounds (one round fewer: each EW pair misses one NS
  pair), or the first and last tables **share** a set of boards and a **relay** stand between
  the middle tables holds the set nobody plays that round (every NS pair met).
- **Sections**: a field too large for one Mitchell's boards plays it in equal sections, each
  a Mitchell of its own tables and pairs on the same boards (table 1 of every section plays
  set 1 first), and every result is compared across the field.
- **Howell** (2 to 8 tables): every pair meets every other once, from the published
  schedules in :mod:`.howell_schedules`; an odd number of pairs has one pair sitting out.

The boards: a Mitchell plays ``sets`` sets of ``per_round`` boards (set 1 is boards 1 to
``per_round``); a Howell's groups split each round's boards evenly.
"""

from __future__ import annotations

from dataclasses import dataclass

from .howell_schedules import HOWELL

MITCHELL_MIN_TABLES = 3
MITCHELL_MAX_TABLES = 1000
MAX_SESSION_BOARDS = 200  # the most boards a session file numbers
HOWELL_PAIRS = (min(HOWELL), max(HOWELL))
EVEN_WAYS = ("skip", "relay")


class PairMovementError(ValueError):
    """A movement cannot seat these pairs (the reason is a code for the caller to word)."""

    def __init__(self, code: str, **params: int) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


@dataclass(frozen=True, slots=True)
class Sitting:
    """One table in one round: the pairs, the boards in the order played, and the table it
    shares its boards with (a relay Mitchell's first and last tables), if any."""

    table: int
    ns: str
    ew: str
    boards: tuple[int, ...]
    shares_with: int | None = None


@dataclass(frozen=True, slots=True)
class Round:
    """One round: its tables in order, the pair sitting out and the boards resting on the
    relay stand (nobody plays them this round)."""

    number: int
    tables: tuple[Sitting, ...]
    sits_out: str | None = None
    relay: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Guarantee:
    """What a movement promises for these numbers, for the director to read before play."""

    tables: int
    rounds: int
    per_round: int
    boards: int  # boards in play
    plays: int  # times each board is played
    meets_all: bool  # every pair meets every pair it can (Mitchell: every NS meets every EW
    #                  of its section)
    sit_out: bool  # a pair sits out each round
    sections: int = 1


@dataclass(frozen=True, slots=True)
class PairMovement:
    """A whole session's seating."""

    kind: str  # "mitchell" or "howell"
    pairs: tuple[str, ...]
    rounds: tuple[Round, ...]
    per_round: int
    way: str | None = None  # a Mitchell with an even number of tables: "skip" or "relay"
    sections: int = 1  # a Mitchell in equal sections on the same boards

    @property
    def tables(self) -> int:
        return max(len(r.tables) for r in self.rounds)

    def section(self, table: int) -> int:
        """The section (from 0) table ``table`` is in."""
        return (table - 1) // (self.tables // self.sections)

    def guide(self, table: int) -> list[Sitting]:
        """A table's guide card: its sitting in each round (a round it is empty is left out)."""
        return [s for r in self.rounds for s in r.tables if s.table == table]

    def card(self, pair: str) -> list[tuple[int, Sitting | None]]:
        """A pair's movement card: each round's number and where it sits (None: it sits
        out)."""
        return [(r.number, next((s for s in r.tables if pair in (s.ns, s.ew)), None))
                for r in self.rounds]

    def guarantee(self) -> Guarantee:
        boards = {b for r in self.rounds for s in r.tables for b in s.boards}
        plays = {b: 0 for b in boards}
        for r in self.rounds:
            for s in r.tables:
                for b in s.boards:
                    plays[b] += 1
        met = {frozenset((s.ns, s.ew)) for r in self.rounds for s in r.tables}
        if self.kind == "mitchell":
            ns = {s.ns for r in self.rounds for s in r.tables}
            ew = {s.ew for r in self.rounds for s in r.tables}
            meets_all = len(met) * self.sections == len(ns) * len(ew)
        else:
            n = len(self.pairs)
            meets_all = len(met) == n * (n - 1) // 2
        return Guarantee(self.tables, len(self.rounds), self.per_round, len(boards),
                         min(plays.values(), default=0), meets_all,
                         any(r.sits_out for r in self.rounds), self.sections)


def _boards(group: int, size: int) -> tuple[int, ...]:
    """The boards of a group (or set) numbered from 1, ``size`` boards each."""
    return tuple(range((group - 1) * size + 1, group * size + 1))


def mitchell(tables: int, per_round: int, rounds: int | None = None,
             way: str = "skip", sections: int = 1) -> PairMovement:
    """A Mitchell for ``tables`` tables (pairs ``N1``… and ``E1``…), ``per_round`` boards a
    round, ``rounds`` rounds (at most, and by default, one per board set); in ``sections``
    equal sections, each a Mitchell of its own on the same boards."""
    if sections != 1:
        return _in_sections(tables, per_round, rounds, way, sections)
    if not MITCHELL_MIN_TABLES <= tables <= MITCHELL_MAX_TABLES:
        raise PairMovementError("movement.mitchell_tables", least=MITCHELL_MIN_TABLES,
                                most=MITCHELL_MAX_TABLES)
    if per_round < 1:
        raise PairMovementError("movement.per_round", least=1)
    even = tables % 2 == 0
    if even and way not in EVEN_WAYS:
        raise PairMovementError("movement.even_way")
    skip = even and way == "skip"
    most = tables - 1 if skip else tables
    rounds = most if rounds is None else rounds
    if not 1 <= rounds <= most:
        raise PairMovementError("movement.rounds", least=1, most=most)
    out = []
    for k in range(rounds):
        jump = 1 if skip and k >= tables // 2 else 0
        if even and not skip:
            out.append(_relay_round(tables, per_round, k))
            continue
        sittings = tuple(
            Sitting(i + 1, f"N{i + 1}", f"E{(i - k - jump) % tables + 1}",
                    _boards((i + k) % tables + 1, per_round))
            for i in range(tables))
        out.append(Round(k + 1, sittings))
    return PairMovement("mitchell", _mitchell_pairs(tables), tuple(out), per_round,
                        "skip" if skip else "relay" if even else None)


def _in_sections(tables: int, per_round: int, rounds: int | None, way: str,
                 sections: int) -> PairMovement:
    """``sections`` copies of one section's Mitchell, its tables and pairs numbered on (the
    second section's first table is table ``size + 1``, its pairs ``N<size + 1>``…)."""
    if sections < 1 or tables % sections or tables > MITCHELL_MAX_TABLES:
        raise PairMovementError("movement.sections", most=MITCHELL_MAX_TABLES)
    size = tables // sections
    one = mitchell(size, per_round, rounds, way)

    def moved(pair: str, by: int) -> str:
        return f"{pair[0]}{int(pair[1:]) + by}"

    out = []
    for r in one.rounds:
        sittings = tuple(
            Sitting(x.table + by, moved(x.ns, by), moved(x.ew, by), x.boards,
                    None if x.shares_with is None else x.shares_with + by)
            for by in range(0, tables, size) for x in r.tables)
        out.append(Round(r.number, sittings, r.sits_out, r.relay))
    return PairMovement("mitchell", _mitchell_pairs(tables), tuple(out), per_round, one.way,
                        sections)


def section_sizes(tables: int, near: int = 13) -> list[int]:
    """The sizes a field of ``tables`` tables can be split into equal sections of (3 to 26
    tables, at least two sections), the one nearest ``near`` first (a section a director
    can walk)."""
    sizes = [size for size in range(MITCHELL_MIN_TABLES, 27)
             if tables % size == 0 and tables // size >= 2]
    return sorted(sizes, key=lambda size: (abs(size - near), -size))


def _relay_round(tables: int, per_round: int, k: int) -> Round:
    """Round ``k`` (from 0) of a share-and-relay Mitchell: board sets move down a cycle of
    ``tables`` places (the first and last tables' shared place, the tables between, the relay
    stand between the middle tables), so each set visits each place once."""
    half = tables // 2
    # the cycle's places in the order boards move: (the relay stand is None)
    places: list[int | None] = [1, *range(2, half + 1), None, *range(half + 1, tables)]
    set_at = {place: (p + k) % tables + 1 for p, place in enumerate(places)}
    sittings = []
    for i in range(tables):
        table = i + 1
        shared = table in (1, tables)
        place = 1 if shared else table
        sittings.append(Sitting(table, f"N{table}", f"E{(i - k) % tables + 1}",
                                _boards(set_at[place], per_round),
                                (tables if table == 1 else 1) if shared else None))
    return Round(k + 1, tuple(sittings), relay=_boards(set_at[None], per_round))


def _mitchell_pairs(tables: int) -> tuple[str, ...]:
    return tuple(f"N{i}" for i in range(1, tables + 1)) + tuple(
        f"E{i}" for i in range(1, tables + 1))


def howell(pairs: int, per_round: int, rounds: int | None = None) -> PairMovement:
    """The published Howell for ``pairs`` pairs (ids ``"1"``…), ``per_round`` boards a round
    (a multiple of the schedule's groups a round), ``rounds`` rounds (all by default)."""
    if pairs not in HOWELL:
        raise PairMovementError("movement.howell_pairs", least=HOWELL_PAIRS[0],
                                most=HOWELL_PAIRS[1])
    schedule = HOWELL[pairs]
    groups = len(schedule[0].split()[0].split(":")[1].split("."))
    if per_round < groups or per_round % groups:
        raise PairMovementError("movement.howell_per_round", groups=groups)
    rounds = len(schedule) if rounds is None else rounds
    if not 1 <= rounds <= len(schedule):
        raise PairMovementError("movement.rounds", least=1, most=len(schedule))
    size = per_round // groups
    ids = tuple(str(p) for p in range(1, pairs + 1))
    out = []
    for k, line in enumerate(schedule[:rounds]):
        sittings = []
        for t, cell in enumerate(line.split(), 1):
            seats, played = cell.split(":")
            ns, ew = seats.split("-")
            boards = tuple(b for g in played.split(".") for b in _boards(int(g), size))
            sittings.append(Sitting(t, ns, ew, boards))
        seated = {p for s in sittings for p in (s.ns, s.ew)}
        out_pair = next((p for p in ids if p not in seated), None)
        out.append(Round(k + 1, tuple(sittings), out_pair))
    return PairMovement("howell", ids, tuple(out), per_round)


@dataclass(frozen=True, slots=True)
class Offer:
    """One movement a director could choose for so many pairs and about so many boards, and
    what it guarantees (``way``: a Mitchell's skip or relay with an even number of tables)."""

    kind: str
    way: str | None
    guarantee: Guarantee


def offers(pairs: int, boards: int) -> list[Offer]:
    """The movements that seat ``pairs`` pairs for about ``boards`` boards: a Mitchell in
    sections for an even field of more than 26 tables, each Mitchell (3 to 200 tables; an odd
    number of pairs leaves one table's EW seat empty, so a pair sits out each round) and the
    published Howell, each with its boards a round chosen to come
    nearest ``boards`` (at least one a round, a multiple of a Howell's groups)."""
    out: list[Offer] = []
    tables = (pairs + 1) // 2
    if tables > 26 and pairs % 2 == 0:  # a large field: sections on the same boards
        for size in section_sizes(tables)[:1]:
            rounds = len(mitchell(size, 1).rounds)
            per_round = max(1, min(round(boards / rounds), MAX_SESSION_BOARDS // size))
            found = mitchell(tables, per_round, sections=tables // size)
            out.append(Offer("mitchell", "sections", found.guarantee()))
    # one Mitchell plays a set a table: past MAX_SESSION_BOARDS tables its boards run out
    if MITCHELL_MIN_TABLES <= tables <= MAX_SESSION_BOARDS:
        for way in (("skip", "relay") if tables % 2 == 0 else ("skip",)):
            rounds = len(mitchell(tables, 1, way=way).rounds)
            per_round = max(1, round(boards / rounds))
            found = mitchell(tables, per_round, way=way)
            promise = found.guarantee()
            if pairs % 2:
                promise = Guarantee(promise.tables, promise.rounds, promise.per_round,
                                    promise.boards, promise.plays - 1, False, True)
            out.append(Offer("mitchell", found.way, promise))
    if pairs in HOWELL:
        schedule = HOWELL[pairs]
        groups = len(schedule[0].split()[0].split(":")[1].split("."))
        per_round = groups * max(1, round(boards / len(schedule) / groups))
        out.append(Offer("howell", None, howell(pairs, per_round).guarantee()))
    return out
