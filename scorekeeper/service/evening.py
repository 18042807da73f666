"""The evening's games between the same four: a match and its rematches, before and after it
(issue 24: "tonight: Ann & Bo 2 – 1 Cai & Dee"). No Flask."""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from .. import store
from ..engine.cards import TEAMS
from .reading import load
from .results import LoadedMatch

# A bound on the chain followed (a long evening is a dozen games).
MAX_GAMES = 30


@dataclass(frozen=True, slots=True)
class Game:
    """One match of the evening."""

    match_id: str
    score: dict[str, int]
    over: bool
    winner: str | None  # "NS", "EW"; None while under way or tied


@dataclass(frozen=True, slots=True)
class Evening:
    """The chain of rematches a match belongs to, oldest first, and the games each side won."""

    games: tuple[Game, ...]
    won: dict[str, int]
    rematch: str | None  # the rematch of the match asked about, if one was started


def _chain(db: Database, match_id: str) -> list[str]:
    """The ids of ``match_id``'s evening, oldest first (itself included)."""
    ids = [match_id]
    while len(ids) < MAX_GAMES and (before := store.rematch_of(db, ids[0])) is not None:
        ids.insert(0, before)
    while len(ids) < MAX_GAMES and (nxt := store.get_rematch(db, ids[-1])) is not None:
        ids.append(nxt)
    return ids


def evening_stamp(db: Database, match_id: str) -> str:
    """Which version of each game of the evening there is, without a replay: a match PDF that
    prints the evening's line is cached under it, so a later game's hand makes a new one."""
    rows = (store.get_match(db, one) for one in _chain(db, match_id))
    return ".".join(f"{row.id}:{row.version}" for row in rows if row is not None)


def evening(db: Database, match_id: str, loaded_now: LoadedMatch | None = None) -> Evening:
    """The games of ``match_id``'s evening (itself included). ``loaded_now``: the match itself
    as the caller loaded it (the match page has): not read and checked a second time."""
    ids = _chain(db, match_id)
    after = store.get_rematch(db, match_id)
    games = []
    for one in ids:
        loaded = loaded_now if loaded_now is not None and one == match_id else load(db, one)
        if loaded is None or loaded.state is None:
            continue
        state = loaded.state
        games.append(Game(one, state.tally(), state.over,  # a rubber: its games won
                          state.winner if state.over and not state.tied else None))
    won: dict[str, int] = {team: sum(1 for g in games if g.winner == team) for team in TEAMS}
    return Evening(tuple(games), won, after)
