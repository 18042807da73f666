"""A duplicate session, live: the wall screen (``/s/<id>/wall``: ranks, the round and its
time, where everyone goes next, the final results) and the director's console's live part,
each with an ETag made from the session's version (and the minute, as a round's time running
out makes its tables late), so an unchanged poll is a 304; ``static/js/event-live.js``
follows them as it follows a club night's (the stream's topic ``s:<id>``)."""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from cachetools import LRUCache
from flask import abort, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import format_time
from flask_babel import gettext as _

from ...service import session_live, sessions
from ...service.session_live import NextRound, RoundNow
from ...service.sessions import LoadedSession
from ...store import sessions as session_store
from ...store.db import get_db
from ..etags import LANGUAGE_VARY, not_modified, page_etag, private_page
from ..events.director import Clock
from .pages import fields, names_of

WALL_PAIRS = 16  # a field's lines on the wall before the rest is left to the results page
WALL_TABLES = 30  # past it the wall leaves where everyone goes to each table's phone
CONSOLE_TABLES = 30  # past it the console's grid lists only the tables needing the director
CONSOLE_CHANGES = 60
MANY_EVERY_MS = 2000  # past those tables a console asks at most every 2 s
# and a wall every 5 s: each ask of a new version scores the whole field again (at 1,000
# tables 40-60 ms), and a hall of 1,000 tables has ten walls; a rank a few seconds late on a
# projector is not missed, a save waiting behind ten walls' scoring is
MANY_WALL_EVERY_MS = 5000
# The wall's rendered page and part by their ETag (the session's stamp, the minute, the
# language): ten walls of a 1,000-table session ask each version, and it takes 0.1 s.
_WALLS: LRUCache[tuple[str, str], str] = LRUCache(maxsize=32)
_walls_lock = threading.Lock()


def now() -> datetime:
    return datetime.now(UTC)


def session_tag(session_id: str, *depends: object) -> str:
    """The (weak) entity tag of a live part of the session now, or 404 for no such session."""
    stamp = session_store.session_stamp(get_db(), session_id)
    if stamp is None:
        abort(404, description=_("There is no such session."))
    return page_etag(f"session:{session_id}", stamp, now().strftime("%H%M"), *depends)


def clock(rnd: RoundNow) -> Clock | None:
    """The round's clock for the templates (the club night's countdown): None when the
    round is not timed or the session is over."""
    if rnd.ends is None or rnd.over:
        return None
    when = datetime.fromisoformat(rnd.ends.replace("Z", "+00:00"))
    return Clock(ends=rnd.ends, text=_("Ends at %(time)s", time=format_time(when, "HH:mm")),
                 left=_("%(time)s left", time="%(time)s"), done=_("Finish this board."))


@dataclass(frozen=True, slots=True)
class WallValues:
    """What the wall screen shows (``sessions/wall.html``, its live part
    ``sessions/_wall_live.html``)."""

    s: Any  # the stored session
    answer: dict[str, Any]
    fields: list[tuple[str | None, list[dict[str, Any]]]]
    names: dict[str, str]
    rnd: RoundNow
    clock: Clock | None
    upcoming: NextRound | None  # where everyone goes next (None: last round, or over)
    live_url: str
    etag: str
    on_phones: bool = False  # too many tables: each table's phone says where it goes
    every: int = 0  # ms: at most how often the page asks its part (0: at each change)


def wall_values(loaded: LoadedSession) -> WallValues:
    rnd = session_live.round_now(loaded, session_live.play(get_db(), loaded.stored.id))
    plan = loaded.stored.plan or {}
    many = int(plan.get("tables") or 0) > WALL_TABLES
    upcoming = session_live.next_round(loaded, rnd.number) \
        if rnd.number is not None and not rnd.over and not many else None
    session_id = loaded.stored.id
    # only pairs with a rank: those not yet played wait (and their field, "All pairs", too)
    ranks = loaded.standings  # the pairs alone: no board's lines
    ranked = [(d, kept[:WALL_PAIRS]) for d, lines in fields(ranks)
              if (kept := [p for p in lines if p.get("rank")])]
    return WallValues(
        s=loaded.stored, answer=ranks, fields=ranked,
        names=names_of(loaded), rnd=rnd, clock=clock(rnd), upcoming=upcoming,
        live_url=url_for("sessions.wall", session_id=session_id, part=1),
        etag=session_tag(session_id, "wall"),
        on_phones=many and rnd.number is not None and not rnd.over
        and rnd.number < rnd.rounds, every=MANY_WALL_EVERY_MS if many else 0)


def wall(session_id: str) -> ResponseReturnValue:
    """The wall screen (a projector or a TV): the ranks, the round and its time, where
    everyone goes next, then the final results; no controls; it follows the session."""
    tag = session_tag(session_id, "wall")
    unchanged = not_modified(tag, weak=True, vary=LANGUAGE_VARY)
    if unchanged is not None:
        return unchanged
    name = "sessions/_wall_live.html" if request.args.get("part") else "sessions/wall.html"
    with _walls_lock:
        kept = _WALLS.get((tag, name))
    if kept is not None:
        return private_page(kept, tag)
    loaded = sessions.load_session(get_db(), session_id)
    if loaded is None:
        abort(404, description=_("There is no such session."))
    values = wall_values(loaded)
    html = render_template(name, w=values, span=session_live.board_span,
                           game=loaded.stored.game)
    with _walls_lock:
        _WALLS[(values.etag, name)] = html
    return private_page(html, values.etag)


@dataclass(frozen=True, slots=True)
class ChangeLine:
    """One change of the session's history, for the console's list (newest first)."""

    no: int
    at: str  # the reader's clock time
    board: int
    ns: str
    ew: str | None
    kind: str  # "entered", "corrected", "removed", or the opponents' "accepted", "disputed"
    old: dict[str, Any] | None
    new: dict[str, Any] | None
    by_table: int | None  # the table's phone that made it (None: the director)


@dataclass(frozen=True, slots=True)
class ConsoleValues:
    """What the director's console's live part shows (``sessions/_console_live.html``)."""

    s: Any  # the stored session
    director: bool  # this phone holds the session's right
    rnd: RoundNow
    clock: Clock | None
    grid: list[list[session_live.TableRound]]
    changes: list[ChangeLine]
    tally: list[tuple[int, int, int]]  # many tables: each round, its tables accepted, of
    board_minutes: int
    live_url: str
    etag: str
    every: int = 0  # ms: at most how often the page asks its part (0: at each change)


def _time(stamp: str) -> str:
    return str(format_time(datetime.fromisoformat(stamp.replace("Z", "+00:00")), "HH:mm"))


def change_lines(session_id: str) -> list[ChangeLine]:
    """The last changes, newest first (the console lists 60; a session of 1,000 tables
    makes 70,000)."""
    out = []
    for c in reversed(sessions.history(get_db(), session_id, CONSOLE_CHANGES) or []):
        kind = c.state or (
            "entered" if c.old is None else "removed" if c.new is None else "corrected")
        ew = (c.new or c.old or {}).get("ew")
        out.append(ChangeLine(c.no, _time(c.at), c.board, c.ns,
                              ew if isinstance(ew, str) else None, kind, c.old, c.new,
                              c.by_table))
    return out


def _tally(grid: list[list[session_live.TableRound]], rounds: int
           ) -> list[tuple[int, int, int]]:
    """Each round: its tables accepted, of its tables (one pass over 9,000 cells)."""
    tables: Counter[int] = Counter()
    accepted: Counter[int] = Counter()
    for row in grid:
        for cell in row:
            tables[cell.round] += 1
            accepted[cell.round] += cell.state == session_live.ACCEPTED
    return [(n, accepted[n], tables[n]) for n in range(1, rounds + 1)]


def console_values(loaded: LoadedSession, director: bool) -> ConsoleValues:
    session_id = loaded.stored.id
    kept = session_live.play(get_db(), session_id)
    rnd = session_live.round_now(loaded, kept)
    grid = session_live.grid(loaded, kept, now())
    tally = _tally(grid, rnd.rounds) if len(grid) > CONSOLE_TABLES else []
    if tally:  # 1,000 tables: the rows a director must see, and each round's count
        grid = [row for row in grid if any(c.state in ("disputed", "late") for c in row)]
    return ConsoleValues(
        s=loaded.stored, director=director, rnd=rnd, clock=clock(rnd),
        grid=grid, changes=change_lines(session_id), tally=tally,
        every=MANY_EVERY_MS if tally else 0,
        board_minutes=session_live.board_minutes(loaded),
        live_url=url_for("sessions.director_live", session_id=session_id),
        etag=session_tag(session_id, "console", director))
