"""A player's duplicate sessions (issue 39), apart from their matches: each session's pair,
partner, field, rank and percentage (or IMPs), as the session's own answer gives them; and each
session as the ratings count it. No Flask.

The pairs' names are linked to players when a session is stored (``store.session_players``),
by the rule a match's seats follow, so a renamed or merged player keeps their sessions.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..store import session_players
from ..store import sessions as session_store
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


@dataclass(frozen=True, slots=True)
class Standing:
    """What a player's page and the ratings read of a session: its name, its day, whether its
    answer is ok, and each pair's line of the answer (pair, direction, rank, percent, imps)."""

    name: str
    date: str
    ok: bool
    lines: tuple[dict[str, Any], ...]


# A session's standing by (id, version): working one out scores the whole session again (some
# 40 ms for 7 tables), and every player's page works out every session's for the ratings. A
# change bumps the version, so a kept standing is never stale.
_KEPT: OrderedDict[tuple[str, int], Standing] = OrderedDict()
_KEPT_MOST = 2048
_lock = threading.Lock()


def standing(db: Database, session_id: str) -> Standing | None:
    """The session's standing as it is now (kept per version), or None."""
    version = session_store.get_version(db, session_id)
    if version is None:
        return None
    with _lock:
        kept = _KEPT.get((session_id, version))
        if kept is not None:
            _KEPT.move_to_end((session_id, version))
            return kept
    loaded = load_session(db, session_id)
    if loaded is None:
        return None
    made = Standing(str(loaded.stored.data.get("name") or ""), session_date(loaded),
                    bool(loaded.answer.get("ok")),
                    tuple(p for p in loaded.answer.get("pairs", []) if isinstance(p, dict)))
    with _lock:
        _KEPT[(session_id, loaded.stored.version)] = made
        while len(_KEPT) > _KEPT_MOST:
            _KEPT.popitem(last=False)
    return made


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
        found = standing(db, session_id)
        if found is None or not _in(span, found.date):
            continue
        line = next((p for p in found.lines if p.get("pair") == pair), {})
        field = [p for p in found.lines
                 if p.get("rank") and p.get("direction") == line.get("direction")]
        partner = session_players.players_of(db, session_id).get((pair, 1 - slot))
        names = line.get("names") or ["", ""]
        out.append(PlayerSession(
            session_id, found.name, found.date, pair, partner[0] if partner else None,
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
        found = standing(db, session_id)
        if found is None or not found.ok:
            continue
        fields: dict[Any, list[tuple[tuple[str, ...], float]]] = {}
        for line in found.lines:
            players, rank = pairs.get(str(line.get("pair"))), _rank(line.get("rank"))
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
