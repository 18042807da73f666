"""A session's director's page: each round's tables with their pairs and boards (from the
movement the session was started with), what each board's result is so far, and a form per
board to enter or correct it (the game's fields); a session without a movement takes results
as they come. At its top the console's live part (``live.console_values``: the round and its
controls, tables × rounds, every change), which the page follows without reload. Only a
phone holding the session's edit right may enter or change the round; ``?key=`` gives it."""

from __future__ import annotations

from typing import Any

from flask import (
    abort,
    current_app,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ...engine.pair_movements import PairMovementError
from ...service import session_live, session_start, session_tables, sessions
from ...service.sessions import LoadedSession, SessionStatus
from ...store import sessions as session_store
from ...store.db import get_db
from .. import links
from ..etags import LANGUAGE_VARY, not_modified, private_page
from ..ratelimit import count_keyed_write, refuse_if_address_full
from ..security import bounded_int, remember_key_hash, rights_match
from . import live
from .pages import print_pdf, session_or_404
from .words import guarantee, movement_name, plan_name, round_said, session_problem


def _ref(session_id: str) -> str:
    return f"session:{session_id}"



def may_direct(loaded: LoadedSession) -> bool:
    return rights_match(_ref(loaded.stored.id), loaded.stored.edit_key_hash)


def _take_key(loaded: LoadedSession) -> ResponseReturnValue:
    key = request.args.get("key", "")
    if sessions.check_edit_key(get_db(), loaded.stored.id, key):
        remember_key_hash(_ref(loaded.stored.id), loaded.stored.edit_key_hash)
    else:
        flash(_("That session link is not valid: this page is view only."), "error")
    return redirect(url_for("sessions.director", session_id=loaded.stored.id))


def _entered(loaded: LoadedSession) -> dict[tuple[int, str], dict[str, Any]]:
    """Each result so far by (board, NS pair), as the check answer shows it."""
    return {(b["board"], r["ns"]): r for b in loaded.answer.get("boards", [])
            for r in b["results"]}


def _round_no(current: int | None) -> int:
    """The round the page shows: the one asked for, else the one being played."""
    try:
        return bounded_int(request.args.get("round", str(current or 1)))
    except ValueError:
        return current or 1


def director(session_id: str) -> ResponseReturnValue:
    loaded = session_or_404(session_id)
    if "key" in request.args:
        return _take_key(loaded)
    plan = loaded.stored.plan or {"kind": "none"}
    try:
        movement = session_start.movement_of(plan)
    except PairMovementError:
        movement = None
    rounds = movement.rounds if movement is not None else ()
    console = live.console_values(loaded, may_direct(loaded))
    number = min(max(_round_no(console.rnd.number), 1), len(rounds)) if rounds else 0
    name = plan_name(plan)
    promise = movement.guarantee() if movement is not None else None
    response = make_response(render_template(
        "sessions/director.html", s=loaded.stored, answer=loaded.answer,
        game=loaded.stored.game, director=may_direct(loaded), rounds=rounds,
        c=console, span=session_live.board_span,
        shown=rounds[number - 1] if rounds else None, entered=_entered(loaded),
        movement=movement_name(name), promise=guarantee(name, promise),
        pairs=loaded.stored.data.get("pairs", {}),
        states=session_tables.states(get_db(), session_id),
        table_links=_table_links(loaded, movement) if may_direct(loaded) else {}))
    response.headers["Cache-Control"] = "no-store"
    return response


def _table_links(loaded: LoadedSession, movement: Any) -> dict[int, str]:
    """Each table's tent link (the director's: it gives a phone the table's right)."""
    if movement is None:
        return {}
    secret = str(current_app.config["SECRET_KEY"])
    return {t: links.external("sessions.table_page", session_id=loaded.stored.id, table=t,
                              k=session_tables.table_key(secret, loaded.stored.id, t))
            for t in range(1, movement.tables + 1)}


def enter(session_id: str) -> ResponseReturnValue:
    """The form of one board: the result entered or corrected (or said why not)."""
    loaded = session_or_404(session_id)
    if not may_direct(loaded):
        abort(403)
    count_keyed_write(_ref(session_id), loaded.stored.edit_key_hash)
    refuse_if_address_full()
    part = loaded.part
    if part is None or part.result_from_form is None:
        abort(404, description=_("This game keeps no duplicate sessions."))
    result = part.result_from_form(request.form)
    outcome = sessions.enter_result(get_db(), session_id, result)
    board = result.get("board")
    if outcome.status in (SessionStatus.CREATED, SessionStatus.CHANGED):
        flash(_("Board %(board)s, %(ns)s against %(ew)s: saved.", board=board,
                ns=result.get("ns"), ew=result.get("ew")), "ok")
    elif outcome.status is SessionStatus.UNCHANGED:
        flash(_("Nothing changed."), "ok")
    else:
        words = " ".join(session_problem(p) for p in outcome.problems)
        flash(_("Board %(board)s was not saved: %(why)s", board=board, why=words), "error")
    number = request.form.get("round", "")
    plain = number.isascii() and number.isdigit() and len(number) < 6
    back = url_for("sessions.director", session_id=session_id, round=number if plain else None)
    ns = result.get("ns")
    # back to the board's form, when the form named a real board and pair (never raw input)
    anchor = f"#b{board}-{ns}" if isinstance(board, int) and isinstance(ns, str) and \
        ns.isalnum() and ns.isascii() else ""
    return redirect(back + anchor)


def director_live(session_id: str) -> ResponseReturnValue:
    """The console's live part (the round, the tables × rounds grid, the changes), polled
    with its ETag: 304 until the session changes (or a minute passes: late tables)."""
    key_hash = session_store.get_key_hash(get_db(), session_id)
    if key_hash is None:
        abort(404, description=_("There is no such session."))
    director_here = rights_match(_ref(session_id), key_hash)
    tag = live.session_tag(session_id, "console", director_here)
    unchanged = not_modified(tag, weak=True, vary=LANGUAGE_VARY)
    if unchanged is not None:
        return unchanged
    loaded = session_or_404(session_id)
    return private_page(render_template(
        "sessions/_console_live.html", c=live.console_values(loaded, director_here),
        game=loaded.stored.game, span=session_live.board_span), tag)


def rounds(session_id: str) -> ResponseReturnValue:
    """The director's "Next round", "End session", "Open the session again" and a board's
    minutes (``do``: next, end, reopen, minutes); said back in words."""
    loaded = session_or_404(session_id)
    if not may_direct(loaded):
        abort(403, description=_("Only the director's phone can change the round: open the "
                                 "session's link with its key."))
    count_keyed_write(_ref(session_id), loaded.stored.edit_key_hash)
    do = request.form.get("do", "")
    minutes = None
    if do == "minutes":
        text = request.form.get("minutes", "").strip()
        minutes = int(text) if text.isascii() and text.isdigit() and len(text) < 4 else 0
    if do not in ("next", "end", "reopen", "minutes"):
        done = "unknown"
    else:
        done = session_live.change_round(get_db(), session_id, do, minutes)
    after = session_or_404(session_id)
    number = session_live.round_now(after, session_live.play(get_db(), session_id)).number
    flash(round_said(done, number, session_live.board_minutes(after)),
          "ok" if done in ("round", "ended", "reopened", "minutes") else "error")
    return redirect(url_for("sessions.director", session_id=session_id), 303)


def guides_pdf(session_id: str) -> ResponseReturnValue:
    """The movement on paper: a guide card per table (each round's NS pair, EW pair and
    boards) and a movement card per pair that moves (each round's table, direction,
    opponents and boards, or sitting out)."""
    loaded = session_or_404(session_id)
    plan = loaded.stored.plan or {"kind": "none"}
    try:
        movement = session_start.movement_of(plan)
    except PairMovementError:
        movement = None
    if movement is None:
        abort(404, description=_("This session has no movement to print."))
    pairs = loaded.stored.data.get("pairs", {})
    guides = [(t, [(r.number, s) for r in movement.rounds for s in r.tables if s.table == t])
              for t in range(1, movement.tables + 1)]
    moving = [p for p in movement.pairs if p in pairs and (
        movement.kind == "howell" or p.startswith("E"))]
    cards = [(p, pairs[p], movement.card(p)) for p in moving]
    name = plan_name(plan)
    return print_pdf(loaded, "guides", "sessions/guides.html", guides=guides, cards=cards,
                     movement=movement_name(name),
                     promise=guarantee(name, movement.guarantee()))
