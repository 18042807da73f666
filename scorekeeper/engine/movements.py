"""Club-night movements: who sits where, round by round (pure; players are numbers 0..n-1).

A table is four players by seat, ``(N, E, S, W)``: North and South are partners, East and
West are partners. A round is its tables (table 1, the head table, first) and the players
sitting out. Three movements (research: ``shared/research/club-nights.md``):

- **schedule**: a whist tournament design Wh(v) where one exists in :data:`WHIST_DESIGN_BASES`
  (8, 12, 16, 20, 24, 32 players: every pair partners once and opposes twice in v-1 rounds;
  9, 13, 17, 21: v rounds, one sit-out each), else a seeded local search that never repeats a
  partner when it can help it and spreads the meetings; :class:`Quality` says how good it is.
- **fixed** (the prime or "rainbow" movement): North stays, South moves one table down, East
  one up, West two up; only for a multiple of 4 players.
- **progressive**: the first round is drawn; each later round follows the results
  (:func:`progressive_next`): winners move up a table and split, the head table's winners stay
  and its losers go to the foot table.

Odd counts sit out in turn: whoever has sat out least sits out next, so no player sits out
more than once more than anyone else.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from .designs import INF, WHIST_DESIGN_BASES, WHIST_DESIGN_ROUNDS, Table

SEATS = ("N", "E", "S", "W")
PARTNER_PAIRS = ((0, 2), (1, 3))  # seat indexes of the two partnerships
OPPONENT_PAIRS = ((0, 1), (0, 3), (2, 1), (2, 3))
MIN_PLAYERS = 4

@dataclass(frozen=True, slots=True)
class Round:
    """One round: its tables (head table first) and who sits out."""

    tables: tuple[Table, ...]
    sit_outs: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Quality:
    """How good a schedule is; ``perfect`` when it is (part of) a whist design."""

    repeated_partners: int  # partnerships played more than once, counted beyond the first
    max_meetings: int  # the most times two players sat at one table
    max_opposed: int  # the most times two players were opponents
    sit_out_spread: int  # most sit-outs of a player minus the fewest
    perfect: bool

    def as_json(self) -> dict[str, int | bool]:
        """The quality as the API shows it."""
        return {"repeated_partners": self.repeated_partners, "max_meetings": self.max_meetings,
                "max_opposed": self.max_opposed, "sit_out_spread": self.sit_out_spread,
                "perfect": self.perfect}


@dataclass(frozen=True, slots=True)
class Schedule:
    """A whole evening's seating."""

    players: int
    rounds: tuple[Round, ...]
    method: str  # "whist_design", "search", "fixed" or "progressive"
    quality: Quality


class MovementError(ValueError):
    """A movement cannot seat these players (the reason is a code for the caller to word)."""

    def __init__(self, code: str, **params: int) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


# --- counting -------------------------------------------------------------------------------


def pair(a: int, b: int) -> tuple[int, int]:
    """A pair of players, smaller first."""
    return (a, b) if a < b else (b, a)


def partner_counts(rounds: Sequence[Round]) -> dict[tuple[int, int], int]:
    """How often each pair partnered."""
    counts: dict[tuple[int, int], int] = {}
    for rnd in rounds:
        for table in rnd.tables:
            for i, j in PARTNER_PAIRS:
                key = pair(table[i], table[j])
                counts[key] = counts.get(key, 0) + 1
    return counts


def opponent_counts(rounds: Sequence[Round]) -> dict[tuple[int, int], int]:
    """How often each pair played against each other."""
    counts: dict[tuple[int, int], int] = {}
    for rnd in rounds:
        for table in rnd.tables:
            for i, j in OPPONENT_PAIRS:
                key = pair(table[i], table[j])
                counts[key] = counts.get(key, 0) + 1
    return counts


def sit_out_counts(players: int, rounds: Sequence[Round]) -> list[int]:
    """How often each player sat out."""
    counts = [0] * players
    for rnd in rounds:
        for p in rnd.sit_outs:
            counts[p] += 1
    return counts


def quality(players: int, rounds: Sequence[Round], perfect: bool = False) -> Quality:
    """Measure a schedule."""
    partners = partner_counts(rounds)
    opposed = opponent_counts(rounds)
    meetings = dict(opposed)
    for key, n in partners.items():
        meetings[key] = meetings.get(key, 0) + n
    sits = sit_out_counts(players, rounds)
    return Quality(
        repeated_partners=sum(n - 1 for n in partners.values() if n > 1),
        max_meetings=max(meetings.values(), default=0),
        max_opposed=max(opposed.values(), default=0),
        sit_out_spread=(max(sits) - min(sits)) if sits else 0,
        perfect=perfect,
    )


def is_whist_design(players: int, rounds: Sequence[Round]) -> bool:
    """Whether every pair partners exactly once and opposes exactly twice."""
    partners = partner_counts(rounds)
    opposed = opponent_counts(rounds)
    return all(partners.get(p, 0) == 1 and opposed.get(p, 0) == 2
               for p in combinations(range(players), 2))


def well_formed(players: int, rnd: Round) -> bool:
    """Whether every player is seated once or sits out, and nobody twice."""
    seen = [p for table in rnd.tables for p in table] + list(rnd.sit_outs)
    return sorted(seen) == list(range(players))


# --- the whist designs ----------------------------------------------------------------------


def whist_design(players: int) -> tuple[Round, ...] | None:
    """The full whist design for ``players`` (rounds in order), or None if there is none here."""
    if players in WHIST_DESIGN_ROUNDS:
        return tuple(Round(tables, tuple(p for p in range(players)
                                         if all(p not in t for t in tables)))
                     for tables in WHIST_DESIGN_ROUNDS[players])
    base = WHIST_DESIGN_BASES.get(players)
    if base is None:
        return None
    out: list[Round] = []
    if players % 4 == 0:
        mod = players - 1
        for r in range(mod):
            tables = tuple(tuple(mod if x == INF else (x + r) % mod for x in t) for t in base)
            out.append(Round(as_tables(tables)))
    else:
        for r in range(players):
            tables = tuple(tuple((x + r) % players for x in t) for t in base)
            out.append(Round(as_tables(tables), (r,)))
    return tuple(out)


def as_tables(raw: Sequence[Sequence[int]]) -> tuple[Table, ...]:
    return tuple((t[0], t[1], t[2], t[3]) for t in raw)


# --- sit-outs ---------------------------------------------------------------------------------


def sit_outs_for(players: Sequence[int], count: int, sat: Sequence[int],
                 rng: random.Random) -> list[int]:
    """Choose ``count`` of ``players`` to sit out: those who sat out least (``sat[p]``), ties
    drawn by ``rng``."""
    order = list(players)
    rng.shuffle(order)
    order.sort(key=lambda p: sat[p])
    return sorted(order[:count])


def seat_returning(grid: Sequence[Sequence[int]], returning: Sequence[int],
                   sat: Sequence[int], seed: int) -> Round:
    """The round of ``grid`` once the players who sat out (``returning``) come back, taking
    the seats of those who sat out least (``sat``: counts so far; ties drawn by ``seed``)."""
    if not returning:
        return Round(as_tables(grid))
    seated = [p for t in grid for p in t]
    leaving = sit_outs_for(seated, len(returning), list(sat), random.Random(seed))
    back = dict(zip(leaving, returning, strict=True))
    return Round(as_tables([[back.get(p, p) for p in t] for t in grid]), tuple(sorted(leaving)))


# --- the searched schedule ----------------------------------------------------------------------

PARTNER_WEIGHT = 100  # a repeated partner costs more than any spread of opponents
OPPONENT_WEIGHT = 3
MEETING_WEIGHT = 1


def _table_cost(t: Sequence[int], partners: list[list[int]], opposed: list[list[int]]) -> int:
    cost = 0
    for i, j in PARTNER_PAIRS:
        a, b = t[i], t[j]
        cost += PARTNER_WEIGHT * partners[a][b] + MEETING_WEIGHT * opposed[a][b]
    for i, j in OPPONENT_PAIRS:
        a, b = t[i], t[j]
        cost += OPPONENT_WEIGHT * opposed[a][b] + MEETING_WEIGHT * partners[a][b]
    return cost


def _arrange(seated: list[int], partners: list[list[int]], opposed: list[list[int]],
             rng: random.Random, tries: int = 3) -> list[int]:
    """Seat ``seated`` (a multiple of 4) at tables, four by four, at the lowest cost found by a
    few restarts of a swap search."""
    best: list[int] = []
    best_cost = -1
    n = len(seated)
    steps = 40 * n
    for _ in range(tries):
        seats = list(seated)
        rng.shuffle(seats)
        costs = [_table_cost(seats[k:k + 4], partners, opposed) for k in range(0, n, 4)]
        total = sum(costs)
        for _step in range(steps):
            if total == 0:
                break
            i, j = rng.randrange(n), rng.randrange(n)
            ti, tj = i // 4, j // 4
            if i == j:
                continue
            seats[i], seats[j] = seats[j], seats[i]
            ci = _table_cost(seats[ti * 4:ti * 4 + 4], partners, opposed)
            cj = ci if ti == tj else _table_cost(seats[tj * 4:tj * 4 + 4], partners, opposed)
            before = costs[ti] + (0 if ti == tj else costs[tj])
            after = ci + (0 if ti == tj else cj)
            if after <= before:
                costs[ti], costs[tj] = ci, cj
                total += after - before
            else:
                seats[i], seats[j] = seats[j], seats[i]
        if best_cost < 0 or total < best_cost:
            best, best_cost = seats, total
    return best


def searched_schedule(players: int, rounds: int, seed: int = 0) -> tuple[Round, ...]:
    """Rounds built one by one by a seeded local search: sit-outs in turn, no repeated partner
    while one can be avoided, opponents and table-mates spread."""
    return _search(players, range(players), (), rounds, random.Random(seed))


def _search(players: int, active: Sequence[int], history: Sequence[Round], rounds: int,
            rng: random.Random) -> tuple[Round, ...]:
    """``rounds`` more rounds for the ``active`` players, counting the partners, opponents and
    sit-outs of ``history``; a round in which a player was not there counts as a sit-out."""
    partners = [[0] * players for _ in range(players)]
    opposed = [[0] * players for _ in range(players)]
    for rnd in history:
        for t in rnd.tables:
            _count(t, partners, opposed)
    sat = sat_counts(players, history)
    out: list[Round] = []
    for _r in range(rounds):
        sitting = sit_outs_for(active, len(active) % 4, sat, rng)
        for p in sitting:
            sat[p] += 1
        seated = [p for p in active if p not in sitting]
        seats = _arrange(seated, partners, opposed, rng)
        tables = as_tables([seats[k:k + 4] for k in range(0, len(seats), 4)])
        for t in tables:
            _count(t, partners, opposed)
        out.append(Round(tables, tuple(sitting)))
    return tuple(out)


def sat_counts(players: int, history: Sequence[Round]) -> list[int]:
    """How many rounds each player sat out or was not there for (a late arrival, a leaver)."""
    sat = [0] * players
    for rnd in history:
        seated = {p for t in rnd.tables for p in t}
        for p in range(players):
            sat[p] += p not in seated
    return sat


def _count(t: Sequence[int], partners: list[list[int]], opposed: list[list[int]]) -> None:
    for i, j in PARTNER_PAIRS:
        partners[t[i]][t[j]] += 1
        partners[t[j]][t[i]] += 1
    for i, j in OPPONENT_PAIRS:
        opposed[t[i]][t[j]] += 1
        opposed[t[j]][t[i]] += 1


def replan(players: int, active: Sequence[int], history: Sequence[Round], rounds: int,
           seed: int) -> tuple[Round, ...]:
    """The rounds not yet started, planned again for the ``active`` players (a late arrival
    came, a player left) after the rounds played (``history``): the searched schedule, seeded
    by the event's seed and the number of rounds played, so the same evening always gives the
    same seating. Sit-outs go to those who have sat out (or missed) least."""
    if len(active) < MIN_PLAYERS:
        raise MovementError("movement.too_few", minimum=MIN_PLAYERS)
    rng = random.Random(f"replan:{seed}:{len(history)}")
    return _search(players, sorted(active), history, rounds, rng)


def refit(rnd: Round, active: Sequence[int], sat: Sequence[int]) -> Round:
    """A planned round (a progressive one) fitted to the ``active`` players: those gone leave
    their seats, arrivals and returning sit-outs fill them (most sat-out first), a foot table
    is added or dissolved when the count asks for it; then nobody sits out while a seated
    player has sat out fewer times. Deterministic."""
    if len(active) < MIN_PLAYERS:
        raise MovementError("movement.too_few", minimum=MIN_PLAYERS)
    here = set(active)
    cells: list[int | None] = [p if p in here else None for t in rnd.tables for p in t]
    placed = {p for p in cells if p is not None}
    pool = sorted((p for p in active if p not in placed), key=lambda p: (-sat[p], p))
    size = 4 * (len(active) // 4)
    if len(cells) > size:
        pool.extend(p for p in cells[size:] if p is not None)
        del cells[size:]
    while len(cells) < size:
        cells.append(None)
    for i, cell in enumerate(cells):
        if cell is None:
            cells[i] = pool.pop(0)
    seated = [p for p in cells if p is not None]
    for waiting in sorted(pool, key=lambda p: (-sat[p], p)):
        fewer = [p for p in seated if sat[p] < sat[waiting]]
        if fewer:
            leaving = min(fewer, key=lambda p: (sat[p], p))
            seated[seated.index(leaving)] = waiting
            pool[pool.index(waiting)] = leaving
    return Round(as_tables([seated[k:k + 4] for k in range(0, size, 4)]), tuple(sorted(pool)))


def swap(rnd: Round, a: int, b: int) -> Round:
    """Round ``rnd`` with players ``a`` and ``b`` changing places (a seat for a seat, or a
    seat for a sit-out)."""
    def place(p: int) -> int:
        return b if p == a else a if p == b else p

    return Round(as_tables([[place(p) for p in t] for t in rnd.tables]),
                 tuple(sorted(place(p) for p in rnd.sit_outs)))


def _relabel(rounds: Sequence[Round], mapping: Sequence[int]) -> tuple[Round, ...]:
    return tuple(
        Round(as_tables([[mapping[p] for p in t] for t in rnd.tables]),
              tuple(sorted(mapping[p] for p in rnd.sit_outs)))
        for rnd in rounds)


def schedule(players: int, rounds: int, seed: int = 0) -> Schedule:
    """The schedule movement: a whist design when there is one and the rounds fit in it
    (players drawn onto its points by ``seed``), else a searched schedule."""
    if players < MIN_PLAYERS:
        raise MovementError("movement.too_few", minimum=MIN_PLAYERS)
    design = whist_design(players)
    if design is not None and rounds <= len(design):
        mapping = list(range(players))
        random.Random(seed).shuffle(mapping)
        chosen = _relabel(design[:rounds], mapping)
        return Schedule(players, chosen, "whist_design", quality(players, chosen, perfect=True))
    found = searched_schedule(players, rounds, seed)
    assert all(well_formed(players, r) for r in found)
    perfect = design is not None and is_whist_design(players, found)
    return Schedule(players, found, "search", quality(players, found, perfect))
