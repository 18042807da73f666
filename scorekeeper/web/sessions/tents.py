"""A session's table tents: a card per table to fold and stand on it, with the table's number,
the movement's first round there (the NS pair, the EW pair, the boards) and a QR code of the
table's link, which opens the table's page with its right (``/s/<id>/t/<table>?k=<key>``, the
table phone's; the key from :func:`scorekeeper.service.session_tables.table_key`). The keys
are printed, so only the session's director gets the tents, and the PDF stays in memory."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Response, abort, current_app
from flask_babel import gettext as _
from markupsafe import Markup

from ...service import session_tables
from .. import links
from ..qr import qr_svg
from .director import may_direct
from .pages import print_pdf, session_or_404

# the club night's tent stylesheet, then the session prints' (sessions-print.css)
TENT_CSS = ("css/events-print.css", "css/sessions-print.css")


def table_link(session_id: str, table: int) -> str:
    """Table ``table``'s link, from the configured or trusted address (never a request's
    Host): what its tent's QR code holds."""
    key = session_tables.table_key(str(current_app.config["SECRET_KEY"]), session_id, table)
    return links.external("sessions.table_page", session_id=session_id, table=table, k=key)


@dataclass(frozen=True, slots=True)
class Tent:
    table: int
    ns: str  # pair ids: the movement's first round
    ew: str
    ns_names: tuple[str, ...]
    ew_names: tuple[str, ...]
    boards: tuple[int, ...]
    shares_with: int | None
    url: str
    qr: Markup


def tents_pdf(session_id: str) -> Response:
    loaded = session_or_404(session_id)
    if not may_direct(loaded):
        abort(403, description=_("Only the session's director can print its table tents: "
                                 "they hold each table's key."))
    movement = session_tables.movement(loaded.stored)
    if movement is None or not movement.rounds:
        abort(404, description=_("This session has no movement, so no tables to print."))
    pairs = loaded.stored.data.get("pairs", {})

    def tents() -> list[Tent]:
        out = []
        for sit in movement.rounds[0].tables:
            url = table_link(session_id, sit.table)
            out.append(Tent(sit.table, sit.ns, sit.ew, tuple(pairs.get(sit.ns, ())),
                            tuple(pairs.get(sit.ew, ())), sit.boards, sit.shares_with, url,
                            qr_svg(url, _("Table %(n)s", n=sit.table))))
        return out

    return print_pdf(loaded, "tents", "sessions/tents.html", css=TENT_CSS, tents=tents)
