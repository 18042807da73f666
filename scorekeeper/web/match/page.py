"""The match pages: home, start or import a match, the match page and its live part, rematch,
a new scorer link (Post/Redirect/Get; routes in :mod:`scorekeeper.web.match`).

Views stay thin: forms check shapes (``scorekeeper.web.forms``), the service layer stores and the
engine judges (``scorekeeper.service``), ``board`` turns a match into what is shown.
Edit rights: ``/m/<id>?key=...`` swaps the edit key for an entry in the signed session.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import (
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from ... import service, store
from ...engine.limits import NAME_MAX
from ...service import event_keys
from ...service.evening import evening
from ...service.match import Match
from ...store import events as event_store
from ...store import players as players_store
from ...store.db import get_db
from .. import links, outcomes, security
from ..errors import refuse_if_storage_full
from ..etags import LANGUAGE_VARY, live_etag, match_etag, not_modified, page_etag
from ..events.rules import form_with_rules
from ..forms import (
    ActionForm,
    ImportEndings,
    ImportForm,
    StartForm,
    import_accept,
    played_games,
    start_form,
)
from ..qr import qr_svg
from ..ratelimit import count_write, spend_creations
from . import board, handpage, kept, pending
from .handforms import HandForm, HandTicket, form_for, hand_form_class
from .homeview import blank_sheets, preset_values, recent_matches
from .matchview import LastHand, MatchView

RECENT_COOKIE = "recent"
RECENT_MAX = 12



# --- access -----------------------------------------------------------------------------------


def _is_editor(match_id: str) -> bool:
    """Whether this browser's session holds the match's current edit key."""
    return security.may_edit(get_db(), match_id)


def _load_or_404(match_id: str) -> service.LoadedMatch:
    """The LoadedMatch, or the friendly 404 page."""
    loaded = service.load(get_db(), match_id)
    if loaded is None:
        abort(404)
    return loaded


def _require_editor(match_id: str) -> None:
    """Refuse (403) a viewer: only the scorer's session may write."""
    if not _is_editor(match_id):
        abort(403)
    count_write(match_id)


def not_found(_error: HTTPException) -> ResponseReturnValue:
    """An unknown match: a page that says so and offers a new one."""
    return render_template("table/not_found.html"), 404


def forbidden(error: HTTPException) -> ResponseReturnValue:
    """A write refused: by a viewer, or one another site sent (its own reason then)."""
    own = error.description if error.description != type(error).description else None
    match_id = (request.view_args or {}).get("match_id")
    return render_template("table/forbidden.html", reason=own, match_id=match_id), 403


# --- home: start or import a match -------------------------------------------------------------


def _recent_ids() -> list[str]:
    """The match ids this device has opened, newest first (a cookie)."""
    return [i for i in (request.cookies.get(RECENT_COOKIE) or "").split(".") if i][:RECENT_MAX]


def _home(form: StartForm | None = None, import_form: ImportForm | None = None,
          problems: Sequence[str] = (), import_problems: Sequence[str] = (), status: int = 200,
          ) -> tuple[str, int]:
    """The home page: recent matches, the start form and the import form."""
    form = form or start_form()
    option_names = {g.name: [o.name for o in g.options] for g in played_games()}
    option_errors = any(form[f"{g}_{n}"].errors for g, ns in option_names.items() for n in ns)
    return render_template(
        "table/home.html", form=form, import_form=import_form or ImportForm(),
        recent=recent_matches(_recent_ids()), blank_sheets=blank_sheets(),
        problems=problems, import_problems=import_problems, option_names=option_names,
        option_errors=option_errors, name_max=NAME_MAX,
        known_players=players_store.recent_players(get_db()),
        preset_values=preset_values(played_games()),
        import_accept=import_accept(),
        notation_endings=", ".join(f".{e}" for e in ImportEndings() if e != "json"),
    ), status


def home() -> Response:
    """Start a match; recent matches on this device; ``?rules=<code>``: a rules card's rules.

    ``no-store``: Back to this page asks the server again (the recent matches' scores move on
    while a match is scored), where a kept copy or the back-forward cache would show old ones.
    """
    resp = current_app.make_response(_home(form=form_with_rules(request.args.get("rules"))))
    resp.headers["Cache-Control"] = "no-store"
    return resp


def _created(outcome: service.ServiceResult) -> Response:
    """Keep the new match's edit key in the session and go to it."""
    assert outcome.match_id is not None and outcome.edit_key is not None  # made: it has both
    security.remember_edit_key(outcome.match_id, outcome.edit_key)
    return redirect(url_for("match.match", match_id=outcome.match_id), 303)


def start() -> ResponseReturnValue:
    """Create a match from the start form."""
    form = start_form()
    if not form.validate():
        return _home(form=form, status=422)
    refuse_if_storage_full(get_db())
    outcome = service.create_match(get_db(), form.match(), new_players=form.new_players())
    if not outcome.ok:
        problems = form.place_problems(outcome.problems, board.problem_text)
        return _home(form=form, problems=problems, status=422)
    return _created(outcome)


# --- the match at the table --------------------------------------------------------------------


def _hand_form(loaded: service.LoadedMatch, formdata: MultiDict[str, str] | None = None,
               csrf: bool = True) -> HandForm:
    """The game's hand form, with the players' names on its seat buttons."""
    return form_for(loaded.match, formdata, csrf)


def _row_or_404(match_id: str) -> Match:
    """The stored match without its hands and without a replay, or the friendly 404 page."""
    row = service.match_row(get_db(), match_id)
    if row is None:
        abort(404)
    return row


def _live_view(loaded: service.LoadedMatch, editor: bool) -> MatchView:
    """What the live part shows (``table/_live.html``): the board, the history, corrections."""
    v = board.board(loaded, editor)
    v.poll_url = f"/api/matches/{loaded.id}"
    v.version = loaded.version
    v.history = kept.history(loaded, v)
    _evening(v, loaded)
    if editor and v.rematch_url and not service.rematch_started(
            get_db(), loaded.id, current_app.config["SECRET_KEY"]):
        v.rematch_url = ""  # made from other hands: this scorer's press makes a new one
    undone = service.redoable(get_db(), loaded.id) if editor else None
    if undone is not None and loaded.state is not None and not loaded.state.over:
        v.redo = LastHand(undone[0], board.describe_hand(loaded.match, undone[1]))
    return v


def _evening(v: MatchView, loaded: service.LoadedMatch) -> None:
    """The evening's games between the same four, and the rematch to follow once started."""
    ev = evening(get_db(), loaded.id, loaded)
    if ev.rematch is not None and v.over:
        v.rematch_url = url_for("match.match", match_id=ev.rematch)
    words = board.evening_words(ev, board.team_names(loaded.match))
    if words is not None:
        v.evening, v.evening_games = words


def _view(loaded: service.LoadedMatch, recorder: bool = True) -> MatchView:
    """The match page's values: the live part, links, QR codes and the card recorder (unless
    ``recorder`` is false: a fresh form's recorder is in its kept HTML)."""
    editor = security.rights_match(loaded.id, loaded.key_hash)
    v = _live_view(loaded, editor)
    v.view_link = links.external("match.match", match_id=loaded.id)
    if editor:
        token = security.scorer_token(loaded.id, loaded.key_hash)
        v.edit_link = links.external("match.match", match_id=loaded.id, key=token)
        v.edit_qr = qr_svg(v.edit_link, _("Scorer link QR code"))
    elif _scored_table_round(loaded.id):
        v.round_locked = True
    elif security.has_rights_for(loaded.id):
        v.lost_rights = True
    else:
        v.live_url = url_for("match.live", match_id=loaded.id)
    v.etag = (f'W/"{live_etag(loaded.id, loaded.version)}"'
              if v.live_url else f'"{match_etag(loaded.id, loaded.version)}"')
    v.view_qr = qr_svg(v.view_link, _("View link QR code"), public=True)
    v.links = [(_("Score sheet"), f"/m/{loaded.id}/sheet"),
               (_("Match PDF"), url_for("prints.sheet_pdf", match_id=loaded.id)),
               (_("Match file"), f"/m/{loaded.id}.json")]
    notation = loaded.match.game.notation
    if notation is not None and notation.export is not None:
        v.links.append((_(notation.label), f"/m/{loaded.id}.{notation.extension}"))
    v.recorder = handpage.recorder(loaded) if editor and recorder else {}
    return v


def _scored_table_round(match_id: str) -> bool:
    """Whether this phone scored this club night's round with the table's current key, and
    the round's match has since been locked (both pairs confirmed, the director accepted it,
    or the round ended with no hand): the phone keeps the table, it did not lose a link."""
    if not security.has_rights_for(match_id):
        return False
    key_hash = event_keys.key_hash_of_match_table(get_db(), str(current_app.config[
        "SECRET_KEY"]), match_id)
    return key_hash is not None and security.rights_match(match_id, key_hash)


def _match_page(loaded: service.LoadedMatch, form: HandForm | None = None,
                general_errors: Sequence[str] = (), status: int = 200) -> Response:
    """Render the match at the table (and remember it among this device's recent matches).

    A plain page (no form errors, no problems, no flashed message) names its version's tag
    (``_page_tag``): the browser asks again with ``If-None-Match`` and gets 304 while the match
    is unchanged.
    """
    v = _view(loaded, recorder=form is not None)
    plain = form is None and not general_errors and not v.problems and status == 200
    entry: HandTicket | None = form
    fields = None  # a fresh form's fields: the same HTML until the match changes (kept.py)
    if form is None and v.editor and not v.over and loaded.match.game.playable:

        def fresh() -> HandForm:
            v.recorder = handpage.recorder(loaded)
            return _hand_form(loaded)

        fields = kept.fresh_fields(loaded, v, fresh)
        entry = HandTicket()  # the request's own part: the token, a new submission id
        entry.fill_defaults(v.next_no, loaded.version)
    if entry is not None and v.editor and not v.over:
        v.pending = pending.table(loaded, hand_form_class(loaded.game), v.next_no)
    more = bool(entry and entry.more_open())
    html = render_template(
        "table/match.html", v=v, form=entry, entry_fields=fields,
        queue_words=kept.queue_words(loaded, v),
        general_errors=list(general_errors) + v.problems, more_open=more,
        preview_url=url_for("match.preview", match_id=loaded.id) if v.editor else None,
    )
    resp = _page_response(loaded.id, html, status)
    tag = _page_tag(loaded.id, loaded.version, loaded.key_hash) if plain else None
    if tag is not None:
        resp.set_etag(tag, weak=True)
        resp.headers["Cache-Control"] = "private, no-cache"
    return resp


def _page_tag(match_id: str, version: int, key_hash: str) -> str | None:
    """The match page's tag for a phone without the scorer's right, or None when the page may
    not be revalidated: a scorer's page (it carries the scorer link: never stored by the
    browser), a flashed message waiting to be shown, or a club night's table (its banner
    follows the other tables, which never change this match's version). The tag names the
    phone's standing (a phone whose right was revoked sees a note) and the host (links)."""
    if security.rights_match(match_id, key_hash) or "_flashes" in session \
            or event_store.table_of_match(get_db(), match_id) is not None:
        return None
    return page_etag(match_id, version, security.has_rights_for(match_id), request.host_url)


def _page_response(match_id: str, html: str, status: int = 200) -> Response:
    """The match page as a response: never kept by the browser without asking again; a recent
    match here (the cookie renews its 400 days)."""
    resp = current_app.make_response((html, status))
    ids = [match_id] + [i for i in _recent_ids() if i != match_id]
    recent = ".".join(ids[:RECENT_MAX])
    # Only a visit reorders them, not the page's own script re-fetching it (Sec-Fetch-Mode)
    visit = request.headers.get("Sec-Fetch-Mode", "navigate") == "navigate"
    if visit and recent != request.cookies.get(RECENT_COOKIE):
        resp.set_cookie(RECENT_COOKIE, recent, max_age=400 * 86400,
                        httponly=True, samesite="Lax", secure=request.is_secure)
    resp.headers["Cache-Control"] = "no-store"
    return resp


def match(match_id: str) -> ResponseReturnValue:
    """The match; ``?key=`` swaps an edit key for the session, ``?fix=N`` edits hand N."""
    key = request.args.get("key")
    if key is not None:
        db = get_db()
        if service.check_edit_key(db, match_id, key):
            security.remember_edit_key(match_id, key)
        else:
            key_hash = security.check_scorer_token(db, match_id, key)
            if key_hash is None:
                return _stale_link(match_id)
            security.remember_key_hash(match_id, key_hash)
        return redirect(url_for("match.match", match_id=match_id), 303)
    fix = request.args.get("fix", type=security.bounded_int)
    if fix is not None:  # the history's short "correct hand N" links
        return redirect(url_for("match.edit_hand", match_id=match_id, no=fix), 303)
    if request.if_none_match:  # the browser's copy, if the match is unchanged: one query
        row = store.get_match(get_db(), match_id)
        tag = row and _page_tag(match_id, row.version, row.edit_key_hash)
        unchanged = not_modified(tag, weak=True) if tag else None
        if unchanged is not None:
            unchanged.headers["Cache-Control"] = "private, no-cache"
            return unchanged
    return _match_page(_load_or_404(match_id))


def live(match_id: str) -> ResponseReturnValue:
    """The live part of the match page as a phone that only watches sees it: what such a phone
    polls (with ``If-None-Match``; 304 while the match is unchanged) and swaps in when the score
    changes. The same for every phone (no session, no form, no token): a proxy may keep it per
    language (``Vary``) and revalidate it. The 304 comes from the match's version alone, before
    any load; a club night's table (its banner follows the other tables) is never 304."""
    if request.if_none_match and event_store.table_of_match(get_db(), match_id) is None:
        version = service.version(get_db(), match_id)
        unchanged = not_modified(live_etag(match_id, version), weak=True,
                                 vary=LANGUAGE_VARY) if version is not None else None
        if unchanged is not None:
            return unchanged
    loaded = _load_or_404(match_id)
    html = render_template("table/_live.html", v=_live_view(loaded, editor=False))
    resp = current_app.make_response(html)
    resp.set_etag(live_etag(loaded.id, loaded.version), weak=True)
    resp.headers["Cache-Control"] = "no-cache"
    resp.vary.update(LANGUAGE_VARY)
    return resp


def _stale_link(match_id: str) -> Response:
    """A scorer link that no longer works: say so, and offer the match to watch (not a 404)."""
    if not service.exists(get_db(), match_id):
        abort(404)
    flash(_("This scorer link has been replaced by a newer one: this phone can follow the "
            "score. To record, scan the scorer QR code on the phone that keeps the score."),
          "warn")
    return redirect(url_for("match.match", match_id=match_id), 303)


def rematch(match_id: str) -> Response:
    """A new match with the same seats, teams and rules; the deal goes on from this one."""
    _load_or_404(match_id)
    _require_editor(match_id)
    if not ActionForm().validate():
        abort(400)
    refuse_if_storage_full(get_db())  # a rematch is a new match: the same budget and limit
    spend_creations()
    outcome = service.rematch(get_db(), match_id, current_app.config["SECRET_KEY"])
    if not outcome.ok:
        flash(outcomes.message(outcome), "warn")
        return redirect(url_for("match.match", match_id=match_id), 303)
    return _created(outcome)


def new_key(match_id: str) -> Response:
    """Issue a new scorer link; the old one (and every phone holding it) loses edit rights.

    A GET (the share panel's link) or a POST without ``confirm=yes`` shows what will happen and
    asks to confirm: no script is needed for the confirmation.
    """
    _load_or_404(match_id)
    _require_editor(match_id)
    if request.method == "GET" or request.form.get("confirm") != "yes":
        resp = current_app.make_response(render_template("table/new_key.html",
                                                         match_id=match_id))
        resp.headers["Cache-Control"] = "no-store"
        return resp
    # A club night's table: the table's next key, which the rounds that follow keep.
    key = event_keys.new_table_key(get_db(), match_id, current_app.config["SECRET_KEY"]) \
        or service.new_edit_key(get_db(), match_id)
    if key is None:
        abort(404)
    security.remember_edit_key(match_id, key)
    flash(_("New scorer link made: the old one no longer works."), "info")
    return redirect(url_for("match.match", match_id=match_id), 303)
