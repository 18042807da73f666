"""The players' pages (issue 14): the table of players, a player's page, a partnership's page
and its head-to-head against another pair, the season report PDF, the CSV exports (renaming
and merging from a player's page: :mod:`.edits`).

Views are thin: :mod:`scorekeeper.service.stats` reads (SQL aggregates over the facts), the
templates under ``templates/players/`` show, :mod:`scorekeeper.printing.statcharts` draws.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import werkzeug
from flask import (
    Response,
    abort,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup

from ...engine.games import GAMES
from ...engine.numbers import decimal_text, score_text
from ...printing import statcharts
from ...printing.sheet import DEFAULT_WORDS
from ...service import player_changes, player_sessions, ratings, stats
from ...store.db import get_db
from ..forms import MergePlayerForm, RenamePlayerForm, UndoChangeForm
from ..prints.sheets import PRINT_CSS, _lang, _pdf, _size
from .organiser import how_to_get, is_organiser

SEASON_CSS = "css/players.css"
SORTS = ("name", "played", "won")  # and each game's columns: "<game>.<column>"


def span_or_400() -> stats.DateRange:
    """``?from=&to=`` checked; a clear 400 when they are not days or are the wrong way round."""
    span = stats.date_range(request.args.get("from"), request.args.get("to"))
    if span.problem == "reversed":
        abort(400, description=_("The start date %(frm)s is after the end date %(to)s.",
                                 frm=span.frm, to=span.to))
    if span.problem:
        abort(400, description=_("Dates are written like 2026-05-29, not %(value)s.",
                                 value=span.value))
    return span


def player_or_404(player_id: str) -> stats.Player:
    """The player, or 404 (a merged player answers with a redirect from the views)."""
    row = stats.player(get_db(), player_id)
    if row is None:
        abort(404, description=_("There is no such player."))
    return row


def _range_args(span: stats.DateRange) -> dict[str, str]:
    return {k: v for k, v in (("from", span.frm), ("to", span.to)) if v}


def merged_redirect(endpoint: str, **ids: str) -> werkzeug.wrappers.Response | None:
    """A redirect to the same page with merged players replaced by whom they went into."""
    db = get_db()
    current: dict[str, Any] = {k: stats.resolve(db, v) for k, v in ids.items()}
    if any(v is None for v in current.values()):
        abort(404, description=_("There is no such player."))
    if current == ids:
        return None
    return redirect(same_query(url_for(endpoint, **current)), 301)


def same_query(path: str) -> str:
    """``path`` with this request's query string as it came (every value, in order; the query
    has no say in building the path)."""
    query = request.query_string.decode("latin-1")
    return f"{path}?{query}" if query else path


def pct(part: int, whole: int) -> str:
    """``part`` of ``whole`` as "62%", or "–" when there is nothing to divide."""
    value = stats.rate(part, whole)
    return "–" if value is None else f"{value}%"


def per(part: int, whole: int) -> str:
    """``part`` per ``whole`` to one decimal, or "–"."""
    return "–" if not whole else decimal_text(part / whole)


def change_words(words: dict[str, Any]) -> str:
    """What a rename or merge moved, in words: "Bo merged into Ann: 3 seats in 2 matches"."""
    seats = ngettext("%(num)d seat", "%(num)d seats", words["seats"])
    matches = ngettext("%(num)d match", "%(num)d matches", words["matches"])
    if words["kind"] == "merge":
        return _("%(name)s merged into %(into)s: %(seats)s in %(matches)s", name=words["name"],
                 into=words["into_name"], seats=seats, matches=matches)
    return _("%(name)s renamed to %(to)s: %(seats)s in %(matches)s", name=words["name"],
             to=words["to"], seats=seats, matches=matches)


def _sort_key(sort: str) -> Callable[[stats.PlayerRow], Any]:
    """The order of the table by one column: a game's column is "<game>.<fact>", its rate
    columns sort by the rate."""
    if sort == "name":
        return lambda p: (p.name.casefold(), p.id)
    if sort in SORTS:
        return lambda p: (-getattr(p, sort), p.name.casefold())
    game, _dot, key = sort.partition(".")
    column = next(c for c in GAMES[game].statistics.table if c.key == key)

    def value(p: stats.PlayerRow) -> Any:
        figures = p.games.get(game, {})
        if column.show != "rate" or column.of is None:
            return (-figures.get(key, 0), p.name.casefold())
        whole = figures.get(column.of, 0)
        return (-(figures.get(key, 0) / whole) if whole else 1, p.name.casefold())
    return value


def _sorts() -> set[str]:
    return {*SORTS, *(f"{g.name}.{c.key}" for g in GAMES.values() for c in g.statistics.table)}


def index() -> str:
    """Every player of this instance in a table, sortable by each column (links: no script)."""
    span = span_or_400()
    sort = request.args.get("sort", "name")
    if sort not in _sorts():
        sort = "name"
    rows = sorted(stats.table(get_db(), span), key=_sort_key(sort))
    return render_template("players/index.html", rows=rows, sort=sort, span=span,
                           range_args=_range_args(span), games=_table_games())


def _table_games() -> list[Any]:
    """The games with columns in the tables of every player."""
    return [g for g in GAMES.values() if g.statistics.table or g.statistics.season]


def game_label(name: str) -> str:
    """A game's name in English (N_-marked in its module; the template translates it)."""
    return GAMES[name].label if name in GAMES else name


def game_words(name: str) -> str:
    """The template of a game's printed words (a hand or a deal, its rules in words)."""
    words = GAMES[name].statistics.sheet_words if name in GAMES else None
    return words or DEFAULT_WORDS


def rate_bar(code: str, part: int, whole: int) -> Markup:
    """A bar of ``part`` of ``whole`` (a game's figures template draws it)."""
    return Markup(statcharts.rate_bar(code, part, whole))  # drawn here from numbers only


@dataclass(frozen=True, slots=True)
class Progression:
    """One recent match's running score, drawn (``svg``), with its result in words."""

    match: stats.PlayedMatch
    svg: str
    caption: str


@dataclass(frozen=True, slots=True)
class Charts:
    """A player's or a pair's charts: points per month per game, recent matches' scores."""

    months: dict[str, str]  # game -> its bars (SVG)
    progressions: list[Progression]


def _charts(page: stats.Page) -> Charts:
    recent = {m.id: m for m in page.recent}
    progressions = []
    for match_id, shown in page.progressions.items():
        match = recent[match_id]
        side, other = match.side, "EW" if match.side == "NS" else "NS"
        ours = [(ns, ew) if side == "NS" else (ew, ns) for ns, ew in shown.points]
        if not ours:
            continue
        if not shown.breaks:
            final = {"a": score_text(ours[-1][0]), "b": score_text(ours[-1][1])}
            caption = _("%(a)s to %(b)s", **final)
            label = _("Score after each hand: %(a)s to %(b)s", **final)
        else:  # a rubber: its result in games won, as its match page says, not one game's
            caption = f"{match.score_of(side)}–{match.score_of(other)}"
            if match.rubber_points is not None:
                caption += " · " + _("rubber, %(n)s points", n=match.rubber_points)
            label = _("Each game's score after each deal; the rubber: %(result)s",
                      result=caption)
        progressions.append(Progression(
            match=match, svg=statcharts.progression(ours, label, shown.breaks), caption=caption))
    return Charts(
        months={game: statcharts.month_bars(
            months, _("Points per month in %(game)s", game=_(game_label(game))))
            for game, months in page.months.items()},
        progressions=progressions)


def player(player_id: str) -> ResponseReturnValue:
    """A player's figures, partners, recent matches and charts; the rename and merge forms."""
    moved = merged_redirect("players.player", player_id=player_id)
    if moved is not None:
        return moved
    return player_page(player_id)


def player_page(player_id: str, rename: RenamePlayerForm | None = None,
                 merge: MergePlayerForm | None = None, problem: str | None = None,
                 status: int = 200) -> ResponseReturnValue:
    row = player_or_404(player_id)
    span = span_or_400()
    page = stats.player_page(get_db(), player_id, span)
    rename = rename or RenamePlayerForm(formdata=None, data={"name": row.name})
    merge = merge or MergePlayerForm(formdata=None)
    merge.into.choices = _merge_choices(player_id)
    return render_template("players/player.html", player=row, page=page, span=span,
                           charts=_charts(page), range_args=_range_args(span),
                           rename_form=rename, merge_form=merge, problem=problem,
                           changes=player_changes.history(get_db(), player_id),
                           undo_form=UndoChangeForm(formdata=None),
                           organiser=is_organiser(), how_to_get=how_to_get(),
                           rating=ratings.player_rating(get_db(), player_id),
                           sessions=player_sessions.player_sessions(get_db(), player_id,
                                                                    span)), status


def _merge_choices(player_id: str) -> list[tuple[str, str]]:
    """Every other player who never sat at a table with this one (those are two people),
    named with their matches (two players may share a name)."""
    return [("", _("Choose a player"))] + [
        (pid, ngettext("%(name)s (%(num)d match)", "%(name)s (%(num)d matches)", played,
                       name=name))
        for pid, name, played in stats.merge_candidates(get_db(), player_id)]


def pair(a: str, b: str) -> ResponseReturnValue:
    """A partnership: the two players' figures when sitting together, and the pairs they met."""
    moved = merged_redirect("players.pair", a=a, b=b)
    if moved is not None:
        return moved
    player_or_404(a), player_or_404(b)
    span = span_or_400()
    page = stats.pair_page(get_db(), a, b, span)
    return render_template("players/pair.html", page=page, span=span, a=a, b=b, vs=None,
                           charts=_charts(page), range_args=_range_args(span))


def head_to_head(a: str, b: str, c: str, d: str) -> ResponseReturnValue:
    """A partnership's hands against another pair."""
    moved = merged_redirect("players.head_to_head", a=a, b=b, c=c, d=d)
    if moved is not None:
        return moved
    for pid in (a, b, c, d):
        player_or_404(pid)
    span = span_or_400()
    page = stats.pair_page(get_db(), a, b, span, vs=(c, d))
    other = stats.pair_page(get_db(), c, d, span, vs=(a, b))
    return render_template("players/pair.html", page=page, other=other, span=span, a=a, b=b,
                           vs=(c, d), charts=_charts(page), range_args=_range_args(span))


def _season_html(player_id: str | None, span: stats.DateRange, for_pdf: bool) -> str:
    db = get_db()
    report = stats.season(db, player_id, span)
    page = report.player
    return render_template(
        "players/season.html", report=report, page=page, span=span, for_pdf=for_pdf,
        player=stats.player(db, player_id) if player_id else None,
        charts=_charts(page) if page else None, size=_size(), lang=_lang(),
        games=_table_games(),
    )


def season_pdf() -> Response:
    """The season report as a PDF: everyone (or ``?player=<id>``) over ``?from=&to=``."""
    span = span_or_400()
    player_id = request.args.get("player") or None
    names = [_("Season report")]
    if player_id is not None:
        row = player_or_404(player_id)
        player_id = stats.resolve(get_db(), player_id)
        names.append(row.name)
    if span.frm or span.to:
        names.append(f"{span.frm or '…'}–{span.to or '…'}")
    # Cached by the facts' state: any recorded, corrected or undone hand, rename or merge bumps
    # a match's version (a time would miss two changes within a second).
    version = get_db().execute(
        "SELECT COUNT(*), COALESCE(SUM(version), 0), (SELECT COUNT(*) FROM player_history)"
        " FROM matches"
    ).fetchone()
    return _pdf(("season", player_id, span.frm, span.to, tuple(version)),
                lambda: _season_html(player_id, span, True), names, None,
                stylesheets=(PRINT_CSS, SEASON_CSS))


def season() -> str:
    """The season report as a printable page (the PDF's source)."""
    span = span_or_400()
    player_id = request.args.get("player") or None
    if player_id is not None:
        player_or_404(player_id)
        player_id = stats.resolve(get_db(), player_id)
    return _season_html(player_id, span, False)


# --- CSV ---------------------------------------------------------------------------------------


def _csv(header: list[str], rows: Any, name: str) -> Response:
    def lines() -> Iterator[str]:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(header)
        for row in rows:
            writer.writerow([stats.csv_cell(v) for v in row])
            if out.tell() > 64 * 1024:
                yield out.getvalue()
                out.seek(0)
                out.truncate()
        yield out.getvalue()

    response = Response(lines(), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "no-cache"
    return response


def hands_csv() -> Response:
    """One row per recorded hand (passed hands included) with players by seat and every
    recorded fact; ``?from=&to=``."""
    span = span_or_400()
    header, cursor = stats.hand_rows(get_db(), span)
    return _csv(header, list(cursor), "hands.csv")


def stats_csv() -> Response:
    """One row per player: matches, every call figure (total, by suit, round and seat from the
    dealer) and the Whist figures; ``?from=&to=``."""
    span = span_or_400()
    header, rows = stats.stats_rows(get_db(), span)
    return _csv(header, rows, "stats.csv")
