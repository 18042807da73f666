"""A duplicate session's table page, the table's phone (issue 40): this round's boards and
pairs, the game's deal form (its contract grid), the opponents' accept or dispute, each
accepted board's traveller and hand record, and where everyone goes at the round's end.

The tent's QR code carries ``?k=<table key>``: opening it gives this phone the table's right
and takes it from the phone that had it (``service.session_tables``). Results are posted as
forms: with ``Accept: application/json`` (the page's script, which queues them while offline
and sends each once with its ``submission_id``) the answer is JSON, else Post/Redirect/Get.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import (
    abort,
    current_app,
    flash,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from markupsafe import Markup

from ...engine.games import GAMES
from ...engine.pair_movements import PairMovement, Sitting
from ...engine.pair_moves import TableMoves, moves
from ...i18n.labels import SEAT_LABELS
from ...service import session_tables as tables
from ...service import sessions
from ...service.sessions import LoadedSession, SessionOutcome, SessionStatus
from ...store import session_tables as table_store
from ...store.db import get_db
from ...store.session_tables import StoredRound
from ...store.sessions import StoredSession, get_head
from ..etags import LANGUAGE_VARY, not_modified, page_etag
from ..match.handforms import HandForm, HandTicket, hand_form_class
from ..ratelimit import count_keyed_write, refuse_if_address_full
from ..security import bounded_int, has_rights_for, remember_key_hash, rights_match
from .kept import deal_fields
from .pages import session_or_404
from .words import session_problem

# Past this many results a board's traveller on the table's phone is the table's own line
# and a link to the board's page: at 1,000 tables it would be 1,000 rows on a phone.
PHONE_TRAVELLER = 20
# Past this many tables a round's change (heard by every table's phone at once) is asked for
# by each phone at a random moment within 8 ms a table: at 1,000 tables 1,000 pages over 8 s
# (about 7 ms each), not at once, which starved a worker past its 10 s heartbeat.
MANY_TABLES = 30
SPREAD_MS_PER_TABLE = 8


def ref(session_id: str, table: int) -> str:
    """The rights cookie's name for a table's right."""
    return f"session-table:{session_id}:{table}"


@dataclass(frozen=True, slots=True)
class TableBoard:
    """One of this round's boards at the table: its result so far as the game's answer shows
    it, its state, and once accepted its traveller line (every result) and hand record."""

    number: int
    result: dict[str, Any] | None
    state: str | None
    line: dict[str, Any] | None = None
    record: dict[str, Any] | None = None
    label: str = ""
    results: int = 0  # the board's results when the line shows only the table's own


@dataclass(frozen=True, slots=True)
class TableView:
    """What the table's page shows."""

    session: LoadedSession
    table: int
    now: StoredRound
    seat: Sitting | None
    holds: bool
    lost: bool
    boards: list[TableBoard] = field(default_factory=list)
    next_moves: TableMoves | None = None  # where everyone goes when this round ends
    last_moves: TableMoves | None = None  # where everyone went when the last round ended
    rounds: int = 0
    spread: int = 0  # ms: a round's change reaches the phones spread over it (many tables)

    @property
    def done(self) -> bool:
        return bool(self.boards) and all(b.result is not None for b in self.boards)



def _movement(stored: StoredSession, table: int) -> PairMovement:
    found = tables.movement(stored)
    if found is None or not 1 <= table <= found.tables:
        abort(404, description=_("This session has no table %(n)s.", n=table))
    return found


def holds_table(session_id: str, table: int) -> bool:
    return rights_match(ref(session_id, table), tables.holder(get_db(), session_id, table))


def save_label(game: str, row: dict[str, Any]) -> str:
    """The game's own words for a result and its score ("S 4♥ +1 → NS +450")."""
    html = render_template(f"game/{game}/session/save_label.html", r=row)
    return " ".join(Markup(html).striptags().split())


def _row(lines: dict[int, dict[str, Any]], board: int, ns: str
         ) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    line = lines.get(board)
    row = next((r for r in line["results"] if r["ns"] == ns), None) if line else None
    return line, row


def _view(loaded: LoadedSession, table: int) -> TableView:
    db = get_db()
    movement = _movement(loaded.stored, table)
    now = tables.round_state(db, loaded.stored.id)
    assert now is not None
    seat = tables.sitting(movement, now.round, table)
    holds = holds_table(loaded.stored.id, table)
    lost = not holds and has_rights_for(ref(loaded.stored.id, table))
    states = tables.states(db, loaded.stored.id, seat.ns if seat is not None else None)
    boards: list[TableBoard] = []
    numbers = seat.boards if seat is not None else ()
    ns = seat.ns if seat is not None else ""
    # the hand records of the boards this table has played (worked out once, then kept)
    lines = loaded.board_lines(tuple(numbers))  # its boards alone: no pair's total
    played = tuple(b for b in numbers if _row(lines, b, ns)[1])
    records = sessions.hand_records(db, loaded, 2.0, played).records if played else {}
    for number in numbers:
        line, row = _row(lines, number, ns)
        kept = states.get((number, ns))
        state = kept.state if kept else ("director" if row else None)
        settled = state in (tables.ACCEPTED, "director")
        many = line is not None and row is not None and len(line["results"]) > PHONE_TRAVELLER
        boards.append(TableBoard(number, row, state,
                                 ({**line, "results": [row]} if many else line)
                                 if settled and line is not None else None,
                                 records.get(number) if settled else None,
                                 save_label(loaded.stored.game, row) if row else "",
                                 len(line["results"]) if many and line is not None else 0))
    by_table = {m.table: m for m in moves(movement, now.round, table)}
    before = {m.table: m for m in moves(movement, now.round - 1, table)} \
        if now.round > 1 else {}
    fresh = not any(b.result for b in boards)
    return TableView(loaded, table, now, seat, holds, lost, boards, by_table.get(table),
                     before.get(table) if fresh else None, len(movement.rounds),
                     SPREAD_MS_PER_TABLE * movement.tables if movement.tables > MANY_TABLES
                     else 0)


def _names(loaded: LoadedSession) -> dict[str, str]:
    return {pair: " & ".join(names)
            for pair, names in loaded.stored.data.get("pairs", {}).items()}


def _form(loaded: LoadedSession, seat: Sitting | None, formdata: Any = None) -> HandForm | None:
    """The game's deal form with the table's players on its seat buttons."""
    game = GAMES.get(loaded.stored.game)
    if game is None or game.hand_form is None:
        return None
    form = hand_form_class(game.name)(formdata=formdata, meta={"csrf": False})
    if seat is not None:  # no seat (a round the table does not play): refused later
        pairs = loaded.stored.data.get("pairs", {})
        ns, ew = pairs.get(seat.ns, ["", ""]), pairs.get(seat.ew, ["", ""])
        form.name_seats({"N": ns[0], "S": ns[1], "E": ew[0], "W": ew[1]},
                        {"NS": seat.ns, "EW": seat.ew})
    return form


def table_page(session_id: str, table: int) -> ResponseReturnValue:
    stamp = (table_store.table_stamps(get_db(), session_id, [table]) or {}).get(table)
    tag = page_etag(f"table:{session_id}:{table}", stamp or "", holds_table(session_id, table),
                    has_rights_for(ref(session_id, table)))
    if stamp is not None and "k" not in request.args and not session.get("_flashes"):
        unchanged = not_modified(tag, weak=True, vary=LANGUAGE_VARY)  # the page's own poll
        if unchanged is not None:
            unchanged.headers["Cache-Control"] = "no-store"
            return unchanged
    if "k" in request.args:  # the tent's link: no result is read (1,000 tables sit down)
        return _take(session_id, table)
    loaded = session_or_404(session_id)
    _movement(loaded.stored, table)
    view = _view(loaded, table)
    fields, ticket = None, None
    if view.holds and view.seat is not None:
        seat, pairs = view.seat, loaded.stored.data.get("pairs", {})
        names = (seat.ns, seat.ew, *pairs.get(seat.ns, ["", ""]), *pairs.get(seat.ew, ["", ""]))
        fields = deal_fields(loaded.stored.game, tuple(map(str, names)),
                             lambda: _form(loaded, seat), seat_cols="two",
                             seat_letters={s: str(SEAT_LABELS[s]) for s in "NESW"})
        ticket = HandTicket(meta={"csrf": False})
        ticket.fill_defaults(1)
    open_boards = [b.number for b in view.boards if b.result is None]
    response = make_response(render_template(
        "sessions/table.html", v=view, s=loaded.stored, answer=None,  # its boards' lines
        game=loaded.stored.game, names=_names(loaded), fields=fields, ticket=ticket,
        open_boards=open_boards, stamp=stamp))
    response.headers["Cache-Control"] = "no-store"
    response.set_etag(tag, weak=True)
    response.vary.update(LANGUAGE_VARY)
    return response


def _take(session_id: str, table: int) -> ResponseReturnValue:
    """The tent's link: this phone takes the table's right (or is told the link is wrong)."""
    holder = tables.take_table(get_db(), str(current_app.config["SECRET_KEY"]),
                               session_id, table, request.args.get("k"))
    if holder is None:  # no such session or table (404), else a wrong key: said
        head = get_head(get_db(), session_id)
        if head is None:
            abort(404, description=_("There is no such session."))
        _movement(head, table)
        flash(_("That is not table %(n)s's link: scan the QR code on the table's card, or ask "
                "the director.", n=table), "error")
    else:
        remember_key_hash(ref(session_id, table), holder)
        flash(_("This phone scores table %(n)s now.", n=table), "ok")
    return redirect(url_for("sessions.table_page", session_id=session_id, table=table), 303)


def _wants_json() -> bool:
    return request.accept_mimetypes.best_match(["application/json", "text/html"]) == \
        "application/json"


def _answer(code: int, message: str, **extra: Any) -> ResponseReturnValue:
    """The script's JSON answer, or the page with the sentence (Post/Redirect/Get)."""
    if _wants_json():
        return jsonify(message=message, **extra), code
    flash(message, "ok" if code < 400 else "error")
    session_id, table = request.view_args["session_id"], request.view_args["table"]  # type: ignore[index]
    return redirect(url_for("sessions.table_page", session_id=session_id, table=table), 303)


def _lost_words(table: int) -> str:
    return _("Another phone opened table %(n)s’s link and scores this table now: this phone "
             "can’t save. Scan the table’s QR code again to score here.", n=table)


def _writer(session_id: str, table: int) -> tuple[LoadedSession, ResponseReturnValue | None]:
    loaded = session_or_404(session_id)
    _movement(loaded.stored, table)
    if not holds_table(session_id, table):
        if has_rights_for(ref(session_id, table)):
            return loaded, _answer(403, _lost_words(table), status="forbidden")
        return loaded, _answer(403, _("This phone does not score table %(n)s: scan the QR code "
                                      "on the table's card.", n=table), status="forbidden")
    holder = tables.holder(get_db(), session_id, table) or ""
    count_keyed_write(ref(session_id, table), holder)
    refuse_if_address_full()
    return loaded, None


def _int(name: str) -> int | None:
    try:
        return bounded_int(request.values.get(name, ""))
    except ValueError:
        return None


def _result(loaded: LoadedSession, seat: Sitting | None) -> tuple[dict[str, Any], list[str]]:
    """The form's result (board and deal) and what the form itself could not read."""
    form = _form(loaded, seat, request.values)
    if form is None:
        abort(404, description=_("This game keeps no duplicate sessions."))
    form.validate()
    errors = [e for k, es in form.errors.items() if k not in ("expected_no", "csrf_token")
              for e in es]
    return {"board": _int("board"), **form.hand()}, [str(e) for e in errors]


def enter(session_id: str, table: int) -> ResponseReturnValue:
    loaded, refused = _writer(session_id, table)
    if refused is not None:
        return refused
    now = tables.round_state(get_db(), session_id)
    assert now is not None
    round_no = _int("round") or now.round
    seat = tables.sitting(tables.movement(loaded.stored), round_no, table)
    result, errors = _result(loaded, seat)
    if errors:
        return _answer(422, " ".join(errors), status="illegal")
    key = request.form.get("submission_id") or request.headers.get("Idempotency-Key")
    outcome = tables.enter_at_table(get_db(), session_id, table, round_no, result,
                                    key=(key or None) and key[:100])
    return _said(outcome, result.get("board"))


def _said(outcome: SessionOutcome, board: Any) -> ResponseReturnValue:
    status = outcome.status
    if status in (SessionStatus.CREATED, SessionStatus.REPLAYED):
        return _answer(201 if status is SessionStatus.CREATED else 200,
                       _("Board %(n)s saved: the opponents accept it now.", n=board),
                       status=status.value, board=board)
    if status is SessionStatus.KEY_REUSED:
        return _answer(422, _("This save was already used for another result: enter the "
                              "board again."), status=status.value)
    if status is SessionStatus.NOT_FOUND:
        abort(404)
    words = " ".join(session_problem(p) for p in outcome.problems) or _("Nothing changed.")
    if not isinstance(board, int):
        return _answer(422, words, status=status.value)
    return _answer(422, _("Board %(n)s was not saved: %(why)s", n=board, why=words),
                   status=status.value, board=board)


def answer(session_id: str, table: int) -> ResponseReturnValue:
    """The opponents' one tap: accept or dispute the table's result on a board."""
    _loaded_session, refused = _writer(session_id, table)
    if refused is not None:
        return refused
    board, state = _int("board"), request.form.get("state", "")
    if board is None or state not in (tables.ACCEPTED, tables.DISPUTED):
        return _answer(422, _("Choose Accept or Dispute for a board of this table."),
                       status="illegal")
    outcome = tables.answer_at_table(get_db(), session_id, table, board, state)
    if outcome.status in (SessionStatus.CHANGED, SessionStatus.UNCHANGED):
        words = _("Board %(n)s accepted.", n=board) if state == tables.ACCEPTED else _(
            "Board %(n)s disputed: the director has been told.", n=board)
        return _answer(200, words, status=outcome.status.value, board=board)
    if outcome.status is SessionStatus.NOT_FOUND:
        abort(404)
    return _answer(422, " ".join(session_problem(p) for p in outcome.problems),
                   status="illegal", board=board)


def preview(session_id: str, table: int) -> ResponseReturnValue:
    """What Save would do (nothing stored): ``{label, errors}`` for the Save button."""
    loaded = session_or_404(session_id)
    _movement(loaded.stored, table)
    plain = _("Save")
    if not holds_table(session_id, table):
        return jsonify(label=plain, errors=[])
    now = tables.round_state(get_db(), session_id)
    assert now is not None
    round_no = _int("round") or now.round
    seat = tables.sitting(tables.movement(loaded.stored), round_no, table)
    result, errors = _result(loaded, seat)
    if errors or seat is None:
        return jsonify(label=plain, errors=errors)
    found, refused = tables.preview_at_table(get_db(), session_id, table, round_no, result)
    if refused is not None or found is None:
        problems = refused.problems if refused is not None else ()
        return jsonify(label=plain, errors=[session_problem(p) for p in problems])
    _line, row = _row(found, int(result["board"]), seat.ns)
    label = save_label(loaded.stored.game, row) if row else ""
    return jsonify(label=_("Save: %(what)s", what=label) if label else plain, errors=[])
