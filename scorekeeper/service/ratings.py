"""Partner-adjusted ratings (issue 26): OpenSkill's Plackett-Luce model over teams, so a win
with a strong partner against weak opponents counts for less than the other way round.

Derived, never stored: recomputed from the hands every time (a corrected hand, a merged or
unmerged player changes them at once). One rating update per finished game: a match, or a
round's table at a club night, in the order they were played; a tie ranks both pairs equal.
A duplicate session's field (NS or EW of a Mitchell, or all its pairs) is one game of many
pairs, ranked as the session ranks them (docs/statistics.md, "Ratings").
Everyone starts at OpenSkill's default (mu 25, sigma 25/3); the number shown is the
conservative ``ordinal`` (mu - 3 sigma), 0 for a newcomer. No Flask.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce
from sqlite_utils import Database

if TYPE_CHECKING:  # the events package imports this module: no cycle at run time
    from .events.model import EventRound

# One finished game: the North-South pair, the East-West pair, the winner (None: a tie).
Game = tuple[Sequence[Hashable], Sequence[Hashable], str | None]
# One game of two teams or more: each team's players and its rank (0 first; equal: a tie)
Ranking = tuple[tuple[Sequence[Hashable], ...], tuple[float, ...]]


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating: OpenSkill's mu and sigma, and the games it was worked out from."""

    mu: float
    sigma: float
    games: int

    @property
    def shown(self) -> float:
        """The conservative estimate shown to people (mu - 3 sigma), to one decimal."""
        return round(self.mu - 3 * self.sigma, 1)


def ranking(game: Game) -> Ranking:
    """A game of two pairs as a ranking: the winner first, a tie ranking both equal."""
    ns, ew, winner = game
    return (ns, ew), ((0, 0) if winner is None else (0, 1) if winner == "NS" else (1, 0))


def rate(games: Iterable[Game]) -> dict[Hashable, Rating]:
    """Ratings after ``games`` in order (each player a hashable key)."""
    return rate_rankings(ranking(g) for g in games)


def rate_rankings(rankings: Iterable[Ranking]) -> dict[Hashable, Rating]:
    """Ratings after ``rankings`` in order: games of two pairs or more (a session's field)."""
    model = PlackettLuce()
    now: dict[Hashable, Any] = {}
    played: dict[Hashable, int] = {}
    for teams, ranks in rankings:
        rated = model.rate([[now.get(p) or model.rating(name=str(p)) for p in team]
                            for team in teams], ranks=list(ranks))
        for pair, team in zip(teams, rated, strict=True):
            for player, rating in zip(pair, team, strict=True):
                now[player] = rating
                played[player] = played.get(player, 0) + 1
    return {p: Rating(r.mu, r.sigma, played[p]) for p, r in now.items()}


def event_games(rounds: Iterable[EventRound]) -> list[Game]:
    """A club night's finished tables, round by round, players by their event number."""
    out: list[Game] = []
    for rnd in rounds:
        for t in rnd.tables:
            if not t.over or not t.hands:
                continue
            seats = t.seat_numbers
            winner = t.winner or t.decider
            out.append(((seats["N"], seats["S"]), (seats["E"], seats["W"]),
                        None if t.tied and not t.decider else winner))
    return out


def event_ratings(rounds: Iterable[EventRound]) -> dict[int, Rating]:
    """This evening's ratings by player number (from 0)."""
    return {int(k): v for k, v in rate(event_games(rounds)).items()}  # type: ignore[call-overload]


def player_ratings(db: Database) -> dict[str, Rating]:
    """Every linked player's rating across all finished matches with four linked players and
    every duplicate session (each field a game of many pairs, ranked as the session ranks
    them: :func:`.player_sessions.session_rankings`), in the order they were created (players
    merged away count as the player they went into)."""
    from . import load
    from .player_sessions import session_rankings

    rows = db.execute(
        "SELECT mp.match_id, mp.seat, coalesce(p.merged_into, p.id) FROM match_players mp"
        " JOIN players p ON p.id = mp.player JOIN matches m ON m.id = mp.match_id"
        " ORDER BY m.created, m.id").fetchall()
    seats: dict[str, dict[str, str]] = {}
    for match_id, seat, player in rows:
        seats.setdefault(match_id, {})[seat] = player
    created = dict(db.execute("SELECT id, created FROM matches").fetchall())
    games: list[tuple[str, Ranking]] = []
    for match_id, by_seat in seats.items():
        if len(by_seat) != 4:
            continue
        loaded = load(db, match_id)
        state = loaded.state if loaded is not None else None
        if state is None or not state.over:
            continue
        games.append((created[match_id], ranking(((by_seat["N"], by_seat["S"]),
                                                  (by_seat["E"], by_seat["W"]),
                                                  None if state.tied else state.winner))))
    # matches and sessions in the order they were stored (a stable sort: ties keep it)
    merged = sorted([*games, *session_rankings(db)], key=lambda g: g[0])
    return {str(k): v for k, v in rate_rankings(r for _when, r in merged).items()}


def player_rating(db: Database, player_id: str) -> Rating | None:
    """One player's rating (None: no finished match with four linked players)."""
    return player_ratings(db).get(player_id)
