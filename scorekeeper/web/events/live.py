"""Club nights, live (issue 26): the parts of the director's page, a table's banner and the
wall screen that phones poll, each with an ETag made from the event's stamp (its version and
its matches' versions: one indexed query), so an unchanged poll is a 304 before any replay —
the match page's way (:mod:`scorekeeper.web.etags`). ``static/js/event-live.js`` polls them and
swaps the part in place."""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import UTC, datetime
from typing import Any

from flask import abort, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import format_time

from ...service.events.model import Event, EventRound, EventTable
from ...store import events as event_store
from ...store.db import get_db
from ..etags import LANGUAGE_VARY, not_modified, page_etag, private_page
from ..security import may_edit
from .access import director_here, event_or_404
from .paths import director_links, table_path


@dataclass(frozen=True, slots=True)
class Move:
    """Where a player of a table goes in the next round (``table`` None: not known yet, or
    ``sits_out``, or ``gone``)."""

    seat: str
    name: str
    table: int | None = None
    to_seat: str | None = None
    sits_out: bool = False
    gone: bool = False


def moves(found: Event, no: int, t: EventTable) -> list[Move]:
    """Where each player of table ``t`` of round ``no`` goes in the next round, if known."""
    upcoming = found.round_no(no + 1)
    out = []
    for seat, name in t.seats.items():
        if upcoming is None:
            out.append(Move(seat, name))
            continue
        if name in upcoming.sit_outs:
            out.append(Move(seat, name, sits_out=True))
            continue
        to = [(nt.table, s) for nt in upcoming.tables for s, n in nt.seats.items() if n == name]
        out.append(Move(seat, name, *to[-1]) if to else Move(seat, name, gone=True))
    return out

def _minute() -> str:
    """A timed evening's live parts change with the clock (late tables): once a minute."""
    return datetime.now(UTC).strftime("%H%M")


def event_tag(event_id: str, *depends: object) -> str:
    """The (weak) entity tag of a live part of the event now, or 404 for no such event."""
    stamp = event_store.event_stamp(get_db(), event_id)
    if stamp is None:
        abort(404)
    return page_etag(f"event:{event_id}", stamp, _minute(), *depends)


def late_tables(found: Event) -> set[int]:
    """The tables of the round being played still playing after its time is up."""
    rnd = found.round_no(found.current_round)
    if rnd is None or not rnd.ends_at or rnd.over:
        return set()
    ends = datetime.fromisoformat(rnd.ends_at.replace("Z", "+00:00"))
    if datetime.now(UTC) < ends:
        return set()
    return {t.table for t in rnd.tables if not t.over}


@dataclass(frozen=True, slots=True)
class Mover:
    """A player of the next round, for the director's "Move a player" lists (``table`` None:
    sits out)."""

    player: int  # from 0
    table: int | None = None
    seat: str | None = None


@dataclass(frozen=True, slots=True)
class DirectorValues:
    """What the director's live part shows (``events/_director_live.html``) and the page
    around it."""

    e: Event
    director: bool  # this phone holds the director's right
    upcoming: EventRound | None  # the next round, drawn, not started
    movers: list[Mover]  # its players, for "Move a player"
    links: dict[int, str]  # each table's keyed link (the director's only)
    late: set[int]  # tables still playing after the round's time
    live_url: str
    etag: str


def director_values(event_id: str) -> DirectorValues:
    """What the director's live part shows (``events/_director_live.html``)."""
    found = event_or_404(event_id)
    is_director = director_here(event_id)
    upcoming = found.upcoming
    movers = []
    if upcoming is not None:
        movers = [Mover(t.seat_numbers[s], t.table, s)
                  for t in upcoming.tables for s in ("N", "E", "S", "W")]
        movers += [Mover(p) for p in upcoming.sit_out_numbers]
    return DirectorValues(e=found, director=is_director, upcoming=upcoming, movers=movers,
                          links=director_links(event_id) if is_director else {},
                          late=late_tables(found),
                          live_url=url_for("events.director_live", event_id=event_id),
                          etag=event_tag(event_id, "director", is_director))


def director_live(event_id: str) -> ResponseReturnValue:
    """The director's page's live part: rounds, tables, the next round, standings."""
    tag = event_tag(event_id, "director", director_here(event_id))
    unchanged = not_modified(tag, weak=True, vary=LANGUAGE_VARY)
    if unchanged is not None:
        return unchanged
    return private_page(render_template("events/_director_live.html",
                                   **template_values(director_values(event_id))), tag)


@dataclass(frozen=True, slots=True)
class Banner:
    """A table's banner on its match page (``events/_banner.html``)."""

    e: Event
    rnd: EventRound
    t: EventTable
    moves: list[Move]
    table_url: str
    scorer: bool  # this phone scores the table
    follow: str  # the address the page polls
    etag: str


def banner_values(found: Event, no: int, table_no: int) -> Banner | None:
    """A table's banner of round ``no``, or None."""
    rnd = found.round_no(no)
    t = None if rnd is None else rnd.table(table_no)
    if rnd is None or t is None or not t.match:
        return None
    scorer = may_edit(get_db(), t.match)
    return Banner(e=found, rnd=rnd, t=t, moves=moves(found, no, t),
                  table_url=table_path(found.id, table_no), scorer=scorer,
                  follow=url_for("events.banner", event_id=found.id, no=no,
                                 table_no=table_no),
                  etag=event_tag(found.id, "banner", no, table_no, scorer))


def banner(event_id: str, no: int, table_no: int) -> ResponseReturnValue:
    """A table's banner, polled by its match page: the round's result, the confirmation,
    then where everyone goes next."""
    found = event_or_404(event_id)
    values = banner_values(found, no, table_no)
    if values is None:
        abort(404)
    unchanged = not_modified(values.etag, weak=True, vary=LANGUAGE_VARY)
    if unchanged is not None:
        return unchanged
    return private_page(render_template("events/_banner.html", event_banner=values), values.etag)


@dataclass(frozen=True, slots=True)
class WallValues:
    """What the wall screen shows (``events/wall.html``, its live part ``_wall_live.html``)."""

    e: Event
    rnd: EventRound | None  # the round being played (or the last one)
    upcoming: EventRound | None  # the next round, drawn, not started
    live_url: str
    etag: str


def template_values(values: DirectorValues | WallValues) -> dict[str, Any]:
    """A live part's values for its template, name by name (``e``, ``etag``, ...); not
    ``asdict``, which would turn the event into dicts too."""
    return {f.name: getattr(values, f.name) for f in fields(values)}


def wall_values(event_id: str) -> WallValues:
    found = event_or_404(event_id)
    return WallValues(e=found, rnd=found.round_no(found.current_round), upcoming=found.upcoming,
                      live_url=url_for("events.wall", event_id=event_id, part=1),
                      etag=event_tag(event_id, "wall"))


def wall(event_id: str) -> ResponseReturnValue:
    """The wall screen (a projector or a TV): standings, the round and its time, where
    everyone goes next; no controls; it follows the evening by itself."""
    values = wall_values(event_id)
    unchanged = not_modified(values.etag, weak=True, vary=LANGUAGE_VARY)
    if unchanged is not None:
        return unchanged
    name = "events/_wall_live.html" if request.args.get("part") else "events/wall.html"
    return private_page(render_template(name, **template_values(values)), values.etag)


def event_time(stamp: str) -> str:
    """A stored time (ISO, UTC) as the reader's clock time ("21:40")."""
    return str(format_time(datetime.fromisoformat(stamp.replace("Z", "+00:00")), "HH:mm"))
