"""A session's pages: what the game's check answer says, laid out (the results, a board's
traveller, a pair's score card, the hand records) and the results PDF. Views are thin: the
game's answer is the page's data; a game's own cells (a result's contract, a hand record) are
its templates, ``game/<name>/session/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Response, abort, current_app, render_template, request
from flask_babel import get_locale
from flask_babel import gettext as _
from werkzeug.exceptions import ServiceUnavailable

from ...printing import pdf_render
from ...printing.pdf import content_disposition, download_name, printable
from ...service import sessions
from ...service.sessions import LoadedSession
from ...store.db import get_db
from .. import game_static, links

PRINT_CSS = ("css/sessions-print.css",)
# how long a page may spend working out hand records not yet kept (the rest say "reload")
PAGE_SECONDS = 2.0


def session_or_404(session_id: str) -> LoadedSession:
    """The session, loaded and checked, or a 404 in words (every session page asks this)."""
    loaded = sessions.load_session(get_db(), session_id)
    if loaded is None:
        abort(404, description=_("There is no such session."))
    return loaded


def fields(answer: dict[str, Any]) -> list[tuple[str | None, list[dict[str, Any]]]]:
    """The ranked pairs by field: NS and EW apart (a Mitchell), or all together (None)."""
    fields: dict[str | None, list[dict[str, Any]]] = {}
    for line in answer.get("pairs", []):
        fields.setdefault(line["direction"], []).append(line)
    return list(fields.items())


def names_of(loaded: LoadedSession) -> dict[str, str]:
    """Each pair's two names, as one line."""
    return {pair: " – ".join(names)
            for pair, names in loaded.stored.data.get("pairs", {}).items()}


def _page(template: str, loaded: LoadedSession, **extra: Any) -> str:
    return render_template(template, s=loaded.stored, answer=loaded.answer,
                           names=names_of(loaded), game=loaded.stored.game,
                           exports=[e.suffix for e in (loaded.part.exports if loaded.part
                                                       else ())], **extra)


def results_page(session_id: str) -> str:
    loaded = session_or_404(session_id)
    return _page("sessions/results.html", loaded, fields=fields(loaded.answer))


def board_page(session_id: str, board: int) -> str:
    loaded = session_or_404(session_id)
    line = next((b for b in loaded.answer.get("boards", []) if b["board"] == board), None)
    records = sessions.hand_records(get_db(), loaded, PAGE_SECONDS, (board,))
    if line is None and not records.records:
        abort(404, description=_("This session has no results on that board yet."))
    return _page("sessions/board.html", loaded, board=line, number=board,
                 record=records.records.get(board), pending=records.pending)


def pair_page(session_id: str, pair: str) -> str:
    loaded = session_or_404(session_id)
    part = loaded.part
    card = part.score_card(loaded.answer, pair) if (
        part is not None and part.score_card is not None and loaded.answer.get("ok")) else None
    if card is None:
        abort(404, description=_("This session has no such pair."))
    records = sessions.hand_records(get_db(), loaded, PAGE_SECONDS)
    return _page("sessions/pair.html", loaded, card=card, records=records.records)


def hands_page(session_id: str) -> str:
    loaded = session_or_404(session_id)
    records = sessions.hand_records(get_db(), loaded, PAGE_SECONDS)
    return _page("sessions/hands.html", loaded, records=records.records,
                 pending=records.pending)


def _lang() -> str:
    locale = get_locale()
    return str(locale).replace("_", "-") if locale else "en"


def results_pdf(session_id: str) -> Response:
    """The results a club pins on the wall: the ranks, every board's traveller, and the hand
    records with their analysis (those not worked out yet are said to be missing)."""
    loaded = session_or_404(session_id)
    records = sessions.hand_records(get_db(), loaded, PAGE_SECONDS * 2)
    return print_pdf(loaded, f"results-{len(records.records)}", "sessions/print.html",
                     fields=fields(loaded.answer), records=records.records,
                     pending=records.pending)


def print_pdf(loaded: LoadedSession, kind: str, template: str,
              css: tuple[str, ...] = PRINT_CSS, **values: Any) -> Response:
    """A session's print (``kind`` names it in the cache and the file name) as a PDF, A4 or
    Letter (``?size=letter``), in the reader's language, kept in this process only (no file:
    a print may hold keys). A callable value is called only when the PDF is rendered."""
    size = "letter" if request.args.get("size") == "letter" else "a4"

    def html() -> str:
        made = {k: v() if callable(v) else v for k, v in values.items()}
        return _page(template, loaded, lang=_lang(), size=size, **made)

    app = current_app
    key = ("session", kind, loaded.stored.id, loaded.stored.version, _lang(), size,
           links.base_url())
    try:
        data, how = pdf_render.render(key, html, links.base_url() + "/",
                                      Path(app.static_folder or "static"),
                                      app.static_url_path or "/static",
                                      game_static.with_own(loaded.stored.game,
                                                           "session-print.css", *css))
    except pdf_render.RenderBusy:
        raise ServiceUnavailable(
            _("The server is busy printing other PDFs; try again in a few seconds."),
            retry_after=pdf_render.RETRY_AFTER) from None
    title = loaded.stored.data.get("name") or _("Session")
    plain, full = download_name([f"{printable(str(title))} {kind.split('-')[0]}"], None)
    response = Response(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = content_disposition(plain, full)
    response.headers["Cache-Control"] = "private, no-cache"
    response.headers["X-Scorekeeper-PDF"] = how
    return response
