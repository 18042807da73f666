"""Printable score sheets and match PDFs, and blank sheets for tables without a phone.

- ``/m/<id>/sheet`` (HTML) and ``/m/<id>/sheet.pdf``: the match, hand by hand.
- ``/m/<id>/blank`` (+ ``.pdf``): a blank sheet with the match's names filled in.
- ``/sheets/euchre``, ``/sheets/whist`` (+ ``.pdf``): blank sheets.

``?size=letter`` prints on US Letter (A4 otherwise). The same templates and ``print.css`` serve
the browser's Print and WeasyPrint.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from babel.dates import format_date, format_time
from flask import Response, abort, current_app, render_template, request, url_for
from flask_babel import get_locale, get_timezone
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.exceptions import ServiceUnavailable

from ... import service
from ...engine.cards import TEAMS
from ...engine.games import GAMES, resolve_rules
from ...i18n import format_when
from ...printing import pdf_render
from ...printing.chart import render_svg
from ...printing.pdf import content_disposition, download_name, printable
from ...printing.sheet import Player, build_sheet, clip, rule_items
from ...service.evening import evening, evening_stamp
from ...service.match import Match
from ...store.db import get_db
from .. import game_static, links
from ..match.board import evening_words, team_names

PRINT_CSS = "css/print.css"  # linked by the pages; handed to WeasyPrint parsed and cached
BLANK_CSS = "css/print-blank.css"  # the blank sheets' own rules, with PRINT_CSS
MAX_TICKS = 30  # a blank Euchre sheet draws tick boxes for games up to 30 points, no longer


def _size() -> str:
    return "letter" if request.args.get("size") == "letter" else "a4"


def _lang() -> str:
    locale = get_locale()
    return str(locale).replace("_", "-") if locale else "en"


def _zone() -> str:
    """The reader's time zone (the times printed on a sheet): part of a PDF's cache key."""
    return str(get_timezone())


def _when(stamp: str | None) -> datetime | None:
    if not stamp:
        return None
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def _played(played: str | None) -> str | None:
    """The day (and time) a game was played, as its file says: no time zone is known, so
    none is shown or converted."""
    if not played:
        return None
    try:
        when = datetime.fromisoformat(played)
    except ValueError:
        return played
    locale = get_locale() or "en"
    day = format_date(when.date(), "medium", locale=locale)
    return f"{day} {format_time(when.time(), 'short', locale=locale)}" if "T" in played else day


def _format_stamp(stamp: str | None) -> str:
    when = _when(stamp)
    return format_when(when) if when else (stamp or "")


def _pdf(key: tuple[Any, ...], html: Callable[[], str], names: list[str],
         day: date | None, stylesheets: tuple[str, ...] = (PRINT_CSS,)) -> Response:
    """The document as a PDF download, rendered away from the web process and cached under
    ``key`` + language + paper size (:mod:`scorekeeper.printing.pdf_render`); 503 when the render
    queue is full.

    These sheets print no link, so the address the request came by is no part of what they
    show: the instance's PDF files, shared by every process, are keyed without it (a made-up
    ``Host`` makes no file). The time zone is one of the zone names (a cookie naming anything
    else is ignored), the language one of ours and the size one of two."""
    app = current_app
    static_dir = Path(app.static_folder or "static")
    base = links.base_url() + "/"
    shown = (*key, _lang(), _size(), _zone())
    try:
        data, how = pdf_render.render((*shown, base), html, base, static_dir,
                                      app.static_url_path or "/static", stylesheets,
                                      shared_key=shown)
    except pdf_render.RenderBusy:
        raise ServiceUnavailable(
            _("The server is busy printing other PDFs; try again in a few seconds."),
            retry_after=pdf_render.RETRY_AFTER,
        ) from None
    plain, full = download_name(names, day)
    response = Response(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = content_disposition(plain, full)
    response.headers["Cache-Control"] = "private, no-cache"
    response.headers["X-Scorekeeper-PDF"] = how  # cached, shared or rendered: for operators
    return response


def _load(match_id: str, replayed: bool = True) -> service.LoadedMatch:
    """The match, or 404; 409 if its hands no longer replay and a score is needed."""
    loaded = service.load(get_db(), match_id)
    if loaded is None:
        abort(404)
    if replayed and loaded.state is None:
        abort(409)
    return loaded


def _for_print(match: dict[str, Any]) -> dict[str, Any]:
    """The match file object (the sheet's input) with names a PDF can draw: characters no font
    has are left out."""
    names = {
        key: {k: printable(v) if isinstance(v, str) else v for k, v in match[key].items()}
        for key in ("seats", "teams")
        if isinstance(match.get(key), dict)
    }
    return {**match, **names}


def _sheet_html(match_id: str, for_pdf: bool, loaded: service.LoadedMatch | None = None
                ) -> tuple[str, Any, Any]:
    loaded = loaded or _load(match_id)
    assert loaded.state is not None  # _load answers 409 for a match that no longer replays
    history = service.history(get_db(), match_id) or []
    started = _when(loaded.created)
    match = _for_print(loaded.match.as_file()) if for_pdf else loaded.match.as_file()
    sheet = build_sheet(match, loaded.state, [e.as_json() for e in history], started=started)
    size = _size()
    names = {t: printable(n) for t, n in team_names(loaded.match).items()} if for_pdf \
        else team_names(loaded.match)
    evening_line = evening_words(evening(get_db(), match_id), names)
    html = render_template(
        "prints/sheet.html",
        sheet=sheet,
        chart_svg=Markup(render_svg(sheet.chart, _("Score by hand"))) if sheet.chart else "",
        margin_svg=Markup(render_svg(sheet.margin_chart, _("Lead by hand")))
        if sheet.margin_chart else "",
        started=_played(sheet.played) or (format_when(started) if started else None),
        printed=format_when(datetime.now(UTC)),
        when=_format_stamp,
        lang=_lang(),
        size=size,
        for_pdf=for_pdf,
        evening=evening_line,
        pdf_url=_pdf_url(".sheet_pdf", match_id=match_id),
        back_url=url_for("match.match", match_id=match_id),
    )
    return html, sheet, started


def sheet(match_id: str) -> str:
    """The printable score sheet of a match."""
    return _sheet_html(match_id, for_pdf=False)[0]


def sheet_pdf(match_id: str) -> Response:
    """The match PDF: a download named after the teams and the day.

    Rendering costs about a second, so the PDF carries an ETag (match version, language,
    paper size) and a phone asking again for an unchanged match gets a 304; other phones
    get the PDF rendered for the first. Until a render is really needed only the match row is
    read (no replay): a flood of PDF requests costs the scorers next to nothing.
    """
    row = _row(match_id)
    # the evening's line is printed too: another game of the evening makes a new PDF
    tonight = evening_stamp(get_db(), match_id)
    etag = f"{row.version}-{_lang()}-{_size()}-{_zone()}-{zlib.crc32(tonight.encode()):08x}"
    if etag in request.if_none_match:
        return Response(status=304, headers={"ETag": f'"{etag}"'})
    started = _when(row.created)

    def html() -> str:
        return _sheet_html(match_id, for_pdf=True, loaded=_load(match_id))[0]

    response = _pdf(("sheet", match_id, row.version, tonight), html,
                    _team_names(row), started.date() if started else None,
                    stylesheets=game_static.with_own(row.game.name, "print.css", PRINT_CSS))
    response.set_etag(etag)
    return response


def _row(match_id: str) -> Match:
    """The match row (names, rules, version; no hands, no replay), or 404."""
    row = service.match_row(get_db(), match_id)
    if row is None:
        abort(404)
    return row


def _team_names(match: Match) -> list[str]:
    """Each side's name for the download: its team name, else its players (as the sheet), in
    characters a PDF can draw."""
    seats = {s: clip(printable(n)) for s, n in match.seats.items()}
    teams = {t: clip(printable(n)) for t, n in match.teams.items()}
    return [teams.get(t) or f"{seats.get(t[0], t[0])}-{seats.get(t[1], t[1])}" for t in TEAMS]


def _blank_html(game: str, match: Match | None, for_pdf: bool, pdf_url: str,
                preset: dict[str, Any] | None = None) -> str:
    """A blank sheet of ``game``, with the match's rules and names when given (names a PDF can
    draw when it is for the PDF), else a preset's rules."""
    def shown(names: dict[str, str]) -> dict[str, str]:
        return {k: printable(v) if for_pdf else v for k, v in names.items()}

    rules, _problems = resolve_rules(game, match.rules if match is not None else preset)
    seats = shown(match.seats) if match is not None else {}
    players = {s: Player(s, clip(seats[s])) for s in "NESW" if seats.get(s)}
    named = shown(match.teams) if match is not None else {}
    teams = {t: clip(n) for t, n in named.items() if n}
    template = GAMES[game].templates.blank
    if template is None:
        abort(404)
    return render_template(
        template,
        game=game,
        rules=rules,
        rule_items=rule_items(game, rules),
        players=players,
        teams=teams,
        first_dealer=match.first_dealer if match is not None else None,
        rows=GAMES[game].sheet.blank_rows,  # the game's template may fit more games on a page
        max_ticks=MAX_TICKS,
        lang=_lang(),
        size=_size(),
        for_pdf=for_pdf,
        pdf_url=pdf_url,
    )


def _pdf_url(endpoint: str, **values: str) -> str:
    size = _size()
    query: dict[str, Any] = {**values, **({"size": size} if size != "a4" else {})}
    return url_for(endpoint, **query)


def _preset_rules(game: str) -> dict[str, Any] | None:
    """A blank sheet's rules by the game's preset named in ``?preset=`` (a Chicago pad rather
    than a rubber's, say); none or an unknown name: the defaults."""
    name = request.args.get("preset")
    preset = next((p for p in GAMES[game].presets if p.name == name), None)
    return dict(preset.rules) if preset is not None else None


def _known(game: str) -> None:
    """A game's blank sheet address: 404 for a game there is none of."""
    if game not in GAMES or GAMES[game].templates.blank is None:
        abort(404)


def blank(game: str) -> str:
    """A blank score sheet for a table without a phone."""
    _known(game)
    named = {"preset": p} if (p := request.args.get("preset")) else {}
    return _blank_html(game, None, False, _pdf_url(".blank_pdf", game=game, **named),
                       _preset_rules(game))


def blank_pdf(game: str) -> Response:
    """A blank score sheet as a PDF."""
    _known(game)
    preset = _preset_rules(game)
    return _pdf(("blank", game, repr(sorted((preset or {}).items()))),
                lambda: _blank_html(game, None, True, "", preset),
                [f"{game}-score-sheet"], None,
                stylesheets=game_static.with_own(game, "blank.css", PRINT_CSS, BLANK_CSS))


def match_blank(match_id: str) -> str:
    """A blank sheet with this match's rules and names filled in."""
    loaded = _load(match_id, replayed=False)
    return _blank_html(loaded.game, loaded.match, False,
                       _pdf_url(".match_blank_pdf", match_id=match_id))


def match_blank_pdf(match_id: str) -> Response:
    """The match's blank sheet as a PDF."""
    row = _row(match_id)
    return _pdf(("match-blank", match_id, row.version),
                lambda: _blank_html(row.game.name, row, True, ""),
                [f"{row.game.name}-blank-sheet"], date.today(),
                stylesheets=game_static.with_own(row.game.name, "blank.css", PRINT_CSS, BLANK_CSS))
