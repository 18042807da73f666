"""Club nights on paper: the tally cards, the rotation chart, the standings and the table
tents, as PDFs (routes in :mod:`scorekeeper.web.events`)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from flask import (
    Response,
    current_app,
    render_template,
    request,
)
from flask_babel import get_locale
from flask_babel import gettext as _
from werkzeug.exceptions import ServiceUnavailable

from ...engine.cards import PARTNER, SUIT_SYMBOLS, TEAM_OF
from ...engine.games import GAMES
from ...printing import pdf_render
from ...printing.pdf import content_disposition, download_name, printable
from ...service import event_keys
from ...service.events.model import Event, EventRound, RosterEntry, StandingLine
from ...store import events as event_store
from ...store.db import get_db
from .. import links
from ..qr import qr_svg
from .access import director_here, event_or_404
from .paths import app_secret, table_path

PRINT_CSS = ("css/events-print.css",)


def _size() -> str:
    return "letter" if request.args.get("size") == "letter" else "a4"


def _lang() -> str:
    locale = get_locale()
    return str(locale).replace("_", "-") if locale else "en"


def _pdf(found: Event, kind: str, html: Any) -> Response:
    app = current_app
    static_dir = Path(app.static_folder or "static")
    # The event's stamp, not its row's version: a hand saved at a table changes the standings
    # and the tally cards but only its match's version.
    stamp = event_store.event_stamp(get_db(), found.id) or str(found.version)
    base = links.base_url() + "/"
    key = ("event", kind, found.id, hashlib.sha256(stamp.encode()).hexdigest(), _lang(),
           _size(), base)
    # Kept as a file for every server process only when every asker gets the same document:
    # the links it prints name the configured address (without PUBLIC_URL they follow the
    # request's Host: a file per made-up name), and it prints no table key (the director's
    # tents stay in memory, never in a file).
    shared = key if app.config.get("PUBLIC_URL") and kind != "table-tents-keyed" else None
    try:
        data, how = pdf_render.render(key, html, base, static_dir,
                                      app.static_url_path or "/static", PRINT_CSS,
                                      shared_key=shared)
    except pdf_render.RenderBusy:
        raise ServiceUnavailable(
            _("The server is busy printing other PDFs; try again in a few seconds."),
            retry_after=pdf_render.RETRY_AFTER) from None
    plain, full = download_name([printable(found.name), kind], None)
    response = Response(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = content_disposition(plain, full)
    response.headers["Cache-Control"] = "private, no-cache"
    response.headers["X-Scorekeeper-PDF"] = how
    return response


@dataclass(frozen=True, slots=True)
class TallyRow:
    """One round on a player's tally card: where they sit (or a sit-out), and once the round
    is played, each hand's points, the total and the game's marks."""

    round: int
    absent: bool  # not there this round (arrived later, or gone)
    table: int | None = None
    seat: str | None = None
    partner: str | None = None
    opponents: tuple[str, ...] = ()
    sits_out: bool = False
    filled: list[int] | None = None
    total: int | None = None
    marks: list[int] | None = None


@dataclass(frozen=True, slots=True)
class TallyCard:
    number: int  # from 1
    name: str
    rows: tuple[TallyRow, ...]



def _tally_row(rnd: EventRound, entry: RosterEntry, line: StandingLine | None,
               kinds: tuple[str, ...]) -> TallyRow:
    points = line.by_round if line is not None else {}
    absent = entry.absent(rnd.no)
    if entry.name in rnd.sit_outs:
        return TallyRow(rnd.no, absent, sits_out=True,
                        total=points.get(rnd.no) if rnd.over else None)
    for t in rnd.tables:
        seat = next((seat for seat, who in t.seats.items() if who == entry.name), None)
        if seat is None:
            continue
        others = ("E", "W") if seat in "NS" else ("N", "S")
        row = TallyRow(rnd.no, absent, table=t.table, seat=seat, partner=t.seats[PARTNER[seat]],
                       opponents=tuple(t.seats[o] for o in others))
        if not (t.over or rnd.over):
            return row
        side = TEAM_OF[seat]  # filled in once the round is played
        got = line.marks_by_round.get(rnd.no, {}) if line is not None else {}
        return replace(row, filled=[h.get(side, 0) for h in t.hand_points],
                       total=points.get(rnd.no), marks=[got.get(k, 0) for k in kinds])
    return TallyRow(rnd.no, absent)  # a round not yet seated (progressive)


def tally_cards(found: Event) -> list[TallyCard]:
    """Per player, per round: table, seat, partner, opponents (or a sit-out)."""
    kinds = tuple(GAMES[found.game].club.marks)
    lines = {s.number: s for s in found.standings}
    return [TallyCard(entry.number, entry.name,
                      tuple(_tally_row(rnd, entry, lines.get(entry.number - 1), kinds)
                            for rnd in found.rounds))
            for entry in found.roster]


def _print_page(template: str, found: Event, **extra: Any) -> str:
    return render_template(template, e=found, lang=_lang(), size=_size(), **extra)


def tally_pdf(event_id: str) -> Response:
    """A tally card per player: round, table, partner, opponents, a box per hand."""
    found = event_or_404(event_id)
    return _pdf(found, "tally-cards", lambda: _print_page(
        "events/tally.html", found, cards=tally_cards(found),
        boxes=range(1, found.hands_per_round + 1),
        box_trumps=box_trumps(found), tally_marks=GAMES[found.game].club.tally,
        suits={**SUIT_SYMBOLS, "NT": _("NT")},
        box_mm=round(min(6.0, 54.0 / found.hands_per_round), 2)))


def box_trumps(found: Event) -> list[str]:
    """A drive whose rules fix each deal's trump (a trump rotation; the cycle starts again
    with every round's match): the trumps, for the tally card's boxes; else nothing."""
    deal_trump = GAMES[found.game].recording.deal_trump
    rules = {**found.rules, "deals": found.hands_per_round}
    trumps = [deal_trump(rules, no) for no in range(1, found.hands_per_round + 1)]
    return [t for t in trumps if t is not None]


def chart_pdf(event_id: str) -> Response:
    """The rotation chart for the wall: rounds by tables, and the standings."""
    found = event_or_404(event_id)
    tables = sorted({t.table for r in found.rounds for t in r.tables})
    return _pdf(found, "rotation-chart", lambda: _print_page("events/chart.html", found,
                                                             tables=tables))


def standings_pdf(event_id: str) -> Response:
    """The final standings and the prizes (tied prizes shared): rank, player, total, loners,
    euchres and high game."""
    found = event_or_404(event_id)
    return _pdf(found, "standings", lambda: _print_page("events/standings.html", found))


def tents_pdf(event_id: str) -> Response:
    """A tent card per table with its link as a QR code: for the director, the table's
    scoring link (its key); for anyone else, the view-only link."""
    found = event_or_404(event_id)
    tables = sorted({t.table for r in found.rounds for t in r.tables})
    base = links.base_url()
    keyed = director_here(event_id)
    keys = event_keys.current_keys(get_db(), app_secret(), event_id) if keyed else {}

    def link(t: int) -> str:
        url = f"{base}{table_path(event_id, t)}"
        return f"{url}?key={keys[t]}" if keyed else url

    def html() -> str:
        tents = [{"table": t, "url": f"{base}{table_path(event_id, t)}",
                  "qr": qr_svg(link(t), _("Table %(n)s", n=t))} for t in tables]
        return _print_page("events/tents.html", found, tents=tents, keyed=keyed)

    return _pdf(found, "table-tents-keyed" if keyed else "table-tents", html)
