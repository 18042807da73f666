"""A player's duplicate sessions (issue 39), apart from their matches: each session's pair,
partner, field, rank and percentage (or IMPs), as the session's own answer gives them; and each
session as the ratings count it. No Flask.

The pairs' names are linked to players when a session is stored (``store.session_players``),
by the rule a match's seats follow, so a renamed or merged player keeps their sessions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..store import session_players
from .ratings import Ranking
from .sessions import LoadedSession, load_session
from .stats import DateRange


@dataclass(frozen=True, slots=True)
class PlayerSession:
    """One session of a player: where they sat and how their pair did."""

    id: str
    name: str  # the session's name ("" when it has none)
    date: str
    pair: str
    partner_id: str | None
    partner: str
    direction: str | None  # "NS" / "EW" when ranked apart (a Mitchell), else None
    rank: str | None  # "2=" (shared); None: the pair has played no board yet
    of: int  # pairs ranked in the pair's field
    percent: float | None  # matchpoints: the pair's percentage
    imps: float | None  # IMPs: the pair's total


def session_date(loaded: LoadedSession) -> str:
    """The day a session was played: its file's date, else the day it was stored."""
    given = loaded.stored.data.get("date")
    return given if isinstance(given, str) and len(given) == 10 else loaded.stored.created[:10]


def _in(span: DateRange, day: str) -> bool:
    return (span.frm is None or day >= span.frm) and (span.to is None or day <= span.to)


def player_sessions(db: Database, player_id: str, span: DateRange) -> list[PlayerSession]:
    """The player's sessions in the range, the latest first."""
    out = []
    for session_id, pair, slot in session_players.sessions_of(db, player_id):
        loaded = load_session(db, session_id)
        if loaded is None or not _in(span, day := session_date(loaded)):
            continue
        lines = [p for p in loaded.answer.get("pairs", []) if isinstance(p, dict)]
        line = next((p for p in lines if p.get("pair") == pair), {})
        field = [p for p in lines if p.get("rank") and p.get("direction") == line.get("direction")]
        players = session_players.players_of(db, session_id)
        partner = players.get((pair, 1 - slot))
        names = loaded.stored.data.get("pairs", {}).get(pair, ["", ""])
        out.append(PlayerSession(
            session_id, str(loaded.stored.data.get("name") or ""), day, pair,
            partner[0] if partner else None,
            partner[1] if partner else str(names[1 - slot] if len(names) > 1 else ""),
            line.get("direction"), line.get("rank"), len(field), line.get("percent"),
            line.get("imps")))
    return sorted(out, key=lambda s: s.date, reverse=True)


def session_rankings(db: Database) -> list[tuple[str, Ranking]]:
    """Each stored session as the ratings count it, with when it was stored: each field (NS
    and EW apart in a Mitchell, else all pairs) is one game of many teams, its pairs ranked
    by the session's own ranks (a shared rank is a tie). A pair that has played no board, or
    whose two players are not both linked, is left out; a field needs two pairs."""
    out: list[tuple[str, Ranking]] = []
    for session_id, created, pairs in session_players.every_link(db):
        loaded = load_session(db, session_id)
        if loaded is None or not loaded.answer.get("ok"):
            continue
        fields: dict[Any, list[tuple[tuple[str, ...], float]]] = {}
        for line in loaded.answer.get("pairs", []):
            players, rank = pairs.get(line.get("pair")), _rank(line.get("rank"))
            if players is None or len(players) != 2 or rank is None:
                continue
            fields.setdefault(line.get("direction"), []).append((players, rank))
        for members in fields.values():
            if len(members) >= 2:
                out.append((created, (tuple(m[0] for m in members),
                                      tuple(m[1] for m in members))))
    return out


def _rank(label: Any) -> float | None:
    """A printed rank ("2=") as a number, or None (unranked)."""
    text = str(label).rstrip("=") if label else ""
    return float(text) if text.isdigit() else None
