"""Club-night scoring (pure): each player's points from the tables' replayed matches, the
standings with tie-breaks, and the prizes.

Individual scoring: both partners add their team's points for every hand. A game may count
marks of its own per player (its :class:`ClubScoring`: Euchre counts loners and euchres) and
have house rules of its own that change a hand's points; the event's house rules
(:data:`HOUSE_DEFAULTS` and the game's) choose tie-breaks, prizes and a sit-out's credit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

SEAT_TEAM = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}

SIT_OUT_RULES = ("average", "fixed", "zero")
TIEBREAKS = ("games_won", "high_game")  # and the game's marks
PRIZES = ("high_total", "high_game", "booby")  # and "most_<mark>" for the game's marks

# The defaults name marks a game may not have (a Whist drive counts no loners): a tie-break or
# prize of a mark the game lacks is left out (:meth:`ClubScoring.house_defaults`).
HOUSE_DEFAULTS: dict[str, Any] = {
    "sit_out": "average",  # average of the round | fixed | zero
    "sit_out_points": 0,  # for "fixed"
    "tiebreaks": ["games_won", "loners", "high_game"],
    "prizes": ["high_total", "most_loners", "high_game", "booby"],
    "exclusive_prizes": True,  # no one takes two prizes
}

# hand(entry, given, seats, house) -> per seat: (points to add to the team's, marks gained);
# ``entry`` is the hand's `check` entry, ``given`` the hand as recorded.
ClubHand = Callable[[Mapping[str, Any], Mapping[str, Any], Sequence[str], Mapping[str, Any]],
                    dict[str, tuple[int, dict[str, int]]]]
# A house rule's check: whether a value given for it is allowed.
HouseCheck = Callable[[Any], bool]


def _nothing_more(entry: Mapping[str, Any], given: Mapping[str, Any], seats: Sequence[str],
                  house: Mapping[str, Any]) -> dict[str, tuple[int, dict[str, int]]]:
    return {}


@dataclass(frozen=True, slots=True)
class ClubScoring:
    """What a game adds to a club night's individual scoring."""

    marks: tuple[str, ...] = ()  # counted per player (tie-breaks, prizes, standings columns)
    labels: tuple[str, ...] = ()  # each mark's column heading, English, marked with N_
    prize_labels: tuple[str, ...] = ()  # each mark's prize ("Most loners"), N_ too
    tally: tuple[str, ...] = ()  # each mark's column on a tally card, a letter or two ("A"), N_
    tally_note: str | None = None  # the tally card's footnote on writing the marks (N_)
    house: Mapping[str, Any] = field(default_factory=dict)  # its house rules, with defaults
    checks: Mapping[str, HouseCheck] = field(default_factory=dict)  # each of them checked
    hand: ClubHand = _nothing_more

    @property
    def tiebreaks(self) -> tuple[str, ...]:
        return (*TIEBREAKS, *self.marks)

    @property
    def prizes(self) -> tuple[str, ...]:
        return (*PRIZES, *(f"most_{m}" for m in self.marks))

    def house_defaults(self) -> dict[str, Any]:
        """The house rules of an event of this game before any is given."""
        out = {**HOUSE_DEFAULTS, **self.house}
        out["tiebreaks"] = [k for k in out["tiebreaks"] if k in self.tiebreaks]
        out["prizes"] = [k for k in out["prizes"] if k in self.prizes]
        return out


NO_MARKS = ClubScoring()


@dataclass(slots=True)
class PlayerRound:
    """One player's round at one table."""

    points: int = 0
    marks: dict[str, int] = field(default_factory=dict)
    won: bool = False
    over: bool = False


@dataclass(slots=True)
class Standing:
    """One line of the standings."""

    player: int
    points: int = 0
    marks: dict[str, int] = field(default_factory=dict)
    games_won: int = 0
    high_game: int = 0
    rounds: int = 0
    sit_outs: int = 0
    rank: int = 0
    by_round: dict[int, int] = field(default_factory=dict)  # round no -> points (credits too)
    # round no -> the marks gained at that round's table (the tally card's columns)
    marks_by_round: dict[int, dict[str, int]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Prize:
    """A prize and who takes it (several: shared)."""

    kind: str
    players: tuple[int, ...]
    value: int
    # One prize a player: who would have taken it but already takes a prize listed before it,
    # and their figure (a table's best loner count is not hidden behind "no one").
    passed_over: tuple[int, ...] = ()
    passed_value: int = 0

    @property
    def shared(self) -> bool:
        """Whether more than one player shares it."""
        return len(self.players) > 1


def table_round(seats: Mapping[str, int], hands: Sequence[Mapping[str, Any]],
                state: Mapping[str, Any] | None,
                house: Mapping[str, Any], scoring: ClubScoring = NO_MARKS
                ) -> dict[int, PlayerRound]:
    """Each of the four players' round at a table.

    :param seats: seat -> player.
    :param hands: the match's hand objects (for what the game's marks need: who called...).
    :param state: the replayed state (``scorekeeper check`` object); None before any replay.
    :param scoring: the game's marks and house rules.
    """
    out = {player: PlayerRound(marks=dict.fromkeys(scoring.marks, 0))
           for player in seats.values()}
    if state is None:
        return out
    for entry in state.get("hands", []):
        points = entry.get("points") or {}
        no = int(entry.get("no", 0))
        given = hands[no - 1] if 0 < no <= len(hands) else {}
        extra = scoring.hand(entry, given if isinstance(given, Mapping) else {},
                             tuple(seats), house)
        for seat, player in seats.items():
            delta, marks = extra.get(seat, (0, {}))
            out[player].points += int(points.get(SEAT_TEAM[seat], 0)) + delta
            for mark, n in marks.items():
                out[player].marks[mark] = out[player].marks.get(mark, 0) + n
    over = bool(state.get("over"))
    winner = state.get("winner")
    for seat, player in seats.items():
        out[player].over = over
        out[player].won = over and winner == SEAT_TEAM[seat]
    return out


def standings(players: int, rounds: Sequence[tuple[int, Mapping[int, PlayerRound],
                                                    Sequence[int]]],
              house: Mapping[str, Any], scoring: ClubScoring = NO_MARKS) -> list[Standing]:
    """The standings, best first, with ranks (equal ranks when every tie-break is equal).

    :param rounds: per round: its number, the seated players' rounds, and who sat out.
    """
    lines = [Standing(player=p, marks=dict.fromkeys(scoring.marks, 0)) for p in range(players)]
    rule = house.get("sit_out", "average")
    for no, seated, sitting in rounds:
        for player, result in seated.items():
            line = lines[player]
            line.points += result.points
            for mark, n in result.marks.items():
                line.marks[mark] = line.marks.get(mark, 0) + n
            line.games_won += int(result.won)
            line.rounds += 1
            line.high_game = max(line.high_game, result.points)
            line.by_round[no] = result.points
            line.marks_by_round[no] = dict(result.marks)
        credit = sit_out_credit(rule, int(house.get("sit_out_points") or 0),
                                [r.points for r in seated.values()])
        for player in sitting:
            lines[player].points += credit
            lines[player].sit_outs += 1
            lines[player].by_round[no] = credit
    keys = [str(k) for k in house.get("tiebreaks") or [] if k in scoring.tiebreaks]

    def order(line: Standing) -> tuple[int, ...]:
        return (-line.points, *(-figure(line, k) for k in keys))

    lines.sort(key=lambda line: (order(line), line.player))
    for i, line in enumerate(lines):
        same = i > 0 and order(lines[i - 1]) == order(line)
        line.rank = lines[i - 1].rank if same else i + 1
    return lines


def figure(line: Standing, name: str) -> int:
    """A standing's figure by name: games won, high game, or one of the game's marks."""
    if name in ("games_won", "high_game", "points"):
        return int(getattr(line, name))
    return line.marks.get(name, 0)


def sit_out_credit(rule: str, fixed: int, played: Sequence[int]) -> int:
    """What sitting out a round is worth: the round's average (rounded half up), a fixed
    number of points, or nothing."""
    if rule == "fixed":
        return fixed
    if rule == "average" and played:
        return int(sum(played) / len(played) + 0.5)
    return 0


def _prize_winners(kind: str, pool: Sequence[Standing]) -> tuple[list[Standing], int]:
    """Who in ``pool`` takes prize ``kind`` (ties share it), and the figure it is won with."""
    if not pool:
        return [], 0
    if kind == "high_total":
        best = min(line.rank for line in pool)
        winners = [line for line in pool if line.rank == best]
        return winners, winners[0].points
    if kind == "booby":
        worst = max(line.rank for line in pool)
        winners = [line for line in pool if line.rank == worst]
        return winners, winners[0].points
    name = kind.removeprefix("most_")
    value = max(figure(line, name) for line in pool)
    if value <= 0:
        return [], value
    return [line for line in pool if figure(line, name) == value], value


def prizes(lines: Sequence[Standing], house: Mapping[str, Any],
           scoring: ClubScoring = NO_MARKS) -> list[Prize]:
    """The prizes, in the order the event lists them. With ``exclusive_prizes`` a player takes
    one prize at most (the first one won), and a prize names who was passed over for it;
    tied players share a prize."""
    exclusive = bool(house.get("exclusive_prizes", True))
    taken: set[int] = set()
    out: list[Prize] = []
    for kind in [str(k) for k in house.get("prizes") or [] if k in scoring.prizes]:
        eligible = [line for line in lines if not (exclusive and line.player in taken)]
        winners, value = _prize_winners(kind, eligible)
        best, best_value = _prize_winners(kind, lines)
        passed = tuple(sorted(line.player for line in best if line.player in taken)
                       ) if exclusive else ()
        chosen = tuple(sorted(line.player for line in winners))
        taken.update(chosen)
        out.append(Prize(kind, chosen, value, passed, best_value if passed else 0))
    return out
