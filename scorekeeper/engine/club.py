"""Club-night scoring (pure): each player's points from the tables' replayed matches, the
standings with tie-breaks, and the prizes.

Individual scoring: both partners add their team's points for every hand; a made loner counts
for the player who went alone; a euchre counts for both defenders. The event's house rules
(:data:`HOUSE_DEFAULTS`) may give the loner's partner other points, charge the makers for a set
and credit a sit-out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

SEAT_TEAM = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
LONER_RESULTS = frozenset({"alone_made", "alone_march"})

SIT_OUT_RULES = ("average", "fixed", "zero")
TIEBREAKS = ("games_won", "loners", "high_game", "euchres")
PRIZES = ("high_total", "most_loners", "high_game", "booby")

HOUSE_DEFAULTS: dict[str, Any] = {
    "loner_partner_points": None,  # None: the partner scores the team's points
    "set_points": 0,  # added to each maker's total when they are euchred (e.g. -2)
    "sit_out": "average",  # average of the round | fixed | zero
    "sit_out_points": 0,  # for "fixed"
    "tiebreaks": ["games_won", "loners", "high_game"],
    "prizes": ["high_total", "most_loners", "high_game", "booby"],
    "exclusive_prizes": True,  # no one takes two prizes
}


@dataclass(slots=True)
class PlayerRound:
    """One player's round at one table."""

    points: int = 0
    loners: int = 0
    euchres: int = 0
    won: bool = False
    over: bool = False


@dataclass(slots=True)
class Standing:
    """One line of the standings."""

    player: int
    points: int = 0
    loners: int = 0
    euchres: int = 0
    games_won: int = 0
    high_game: int = 0
    rounds: int = 0
    sit_outs: int = 0
    rank: int = 0
    by_round: dict[int, int] = field(default_factory=dict)  # round no -> points (credits too)


@dataclass(frozen=True, slots=True)
class Prize:
    """A prize and who takes it (several: shared)."""

    kind: str
    players: tuple[int, ...]
    value: int

    @property
    def shared(self) -> bool:
        """Whether more than one player shares it."""
        return len(self.players) > 1


def table_round(seats: Mapping[str, int], hands: Sequence[Mapping[str, Any]],
                state: Mapping[str, Any] | None,
                house: Mapping[str, Any]) -> dict[int, PlayerRound]:
    """Each of the four players' round at a table.

    :param seats: seat -> player.
    :param hands: the match's hand objects (for who called and went alone).
    :param state: the replayed state (``scorekeeper check`` object); None before any replay.
    """
    out = {player: PlayerRound() for player in seats.values()}
    if state is None:
        return out
    partner_points = house.get("loner_partner_points")
    set_points = int(house.get("set_points") or 0)
    for entry in state.get("hands", []):
        points = entry.get("points") or {}
        no = int(entry.get("no", 0))
        given = hands[no - 1] if 0 < no <= len(hands) else {}
        result = entry.get("result")
        caller = given.get("caller") if isinstance(given, Mapping) else None
        for seat, player in seats.items():
            team = SEAT_TEAM[seat]
            gained = int(points.get(team, 0))
            if result in LONER_RESULTS and caller in SEAT_TEAM:
                if seat == caller:
                    out[player].loners += 1
                elif seat == PARTNER[str(caller)] and partner_points is not None:
                    gained = int(partner_points)
            if result == "euchred" and entry.get("makers") in ("NS", "EW"):
                if entry["makers"] == team:
                    gained += set_points
                else:
                    out[player].euchres += 1
            out[player].points += gained
    over = bool(state.get("over"))
    winner = state.get("winner")
    for seat, player in seats.items():
        out[player].over = over
        out[player].won = over and winner == SEAT_TEAM[seat]
    return out


def standings(players: int, rounds: Sequence[tuple[int, Mapping[int, PlayerRound],
                                                    Sequence[int]]],
              house: Mapping[str, Any]) -> list[Standing]:
    """The standings, best first, with ranks (equal ranks when every tie-break is equal).

    :param rounds: per round: its number, the seated players' rounds, and who sat out.
    """
    lines = [Standing(player=p) for p in range(players)]
    rule = house.get("sit_out", "average")
    for no, seated, sitting in rounds:
        for player, result in seated.items():
            line = lines[player]
            line.points += result.points
            line.loners += result.loners
            line.euchres += result.euchres
            line.games_won += int(result.won)
            line.rounds += 1
            line.high_game = max(line.high_game, result.points)
            line.by_round[no] = result.points
        credit = sit_out_credit(rule, int(house.get("sit_out_points") or 0),
                                [r.points for r in seated.values()])
        for player in sitting:
            lines[player].points += credit
            lines[player].sit_outs += 1
            lines[player].by_round[no] = credit
    keys = [str(k) for k in house.get("tiebreaks") or [] if k in TIEBREAKS]

    def order(line: Standing) -> tuple[int, ...]:
        return (-line.points, *(-int(getattr(line, k)) for k in keys))

    lines.sort(key=lambda line: (order(line), line.player))
    for i, line in enumerate(lines):
        same = i > 0 and order(lines[i - 1]) == order(line)
        line.rank = lines[i - 1].rank if same else i + 1
    return lines


def sit_out_credit(rule: str, fixed: int, played: Sequence[int]) -> int:
    """What sitting out a round is worth: the round's average (rounded half up), a fixed
    number of points, or nothing."""
    if rule == "fixed":
        return fixed
    if rule == "average" and played:
        return int(sum(played) / len(played) + 0.5)
    return 0


def prizes(lines: Sequence[Standing], house: Mapping[str, Any]) -> list[Prize]:
    """The prizes, in the order the event lists them. With ``exclusive_prizes`` a player takes
    one prize at most (the first one won); tied players share a prize."""
    exclusive = bool(house.get("exclusive_prizes", True))
    taken: set[int] = set()
    out: list[Prize] = []
    for kind in [str(k) for k in house.get("prizes") or [] if k in PRIZES]:
        eligible = [line for line in lines if not (exclusive and line.player in taken)]
        winners: list[Standing] = []
        value = 0
        if eligible:
            if kind == "high_total":
                best = min(line.rank for line in eligible)
                winners = [line for line in eligible if line.rank == best]
                value = winners[0].points
            elif kind == "booby":
                worst = max(line.rank for line in eligible)
                winners = [line for line in eligible if line.rank == worst]
                value = winners[0].points
            else:
                attr = "loners" if kind == "most_loners" else "high_game"
                value = max(int(getattr(line, attr)) for line in eligible)
                if value > 0:
                    winners = [line for line in eligible if int(getattr(line, attr)) == value]
        chosen = tuple(sorted(line.player for line in winners))
        taken.update(chosen)
        out.append(Prize(kind, chosen, value))
    return out
