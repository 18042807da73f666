"""Entering hands at the table: record (with the page's script and its offline queue), the
Save preview, undo and correcting a hand, and the GET of a write's address (a refresh) sent
back to the page. Views of the ``match`` blueprint (``match.record``, ``match.preview``, ...:
routes in :mod:`scorekeeper.web.match`); the match page itself is in :mod:`.page`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import abort, current_app, flash, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ... import service, store
from ...engine.game import Game
from ...engine.problems import Problem
from ...service import Status
from ...store.db import get_db
from .. import errors, outcomes
from ..forms import ActionForm
from ..ratelimit import refuse_if_address_full
from ..security import bounded_int
from . import board
from .handforms import HandForm, form_for
from .page import (
    _hand_form,
    _is_editor,
    _load_or_404,
    _match_page,
    _require_editor,
    _row_or_404,
    _view,
)


def _apply_problems(form: HandForm, problems: Sequence[Problem]) -> list[str]:
    """Put each engine problem next to its field; return those that belong to no field."""
    general: list[str] = []
    for p in problems:
        name = form.problem_fields.get(p.field or "", p.field or "")
        if name and name in form and name not in ("csrf_token", "submission_id"):
            form[name].errors = [*form[name].errors, board.problem_text(p)]
        else:
            general.append(board.problem_text(p))
    return general


# the fields the page fills in, not the player: an error there has no field on the page to
# be shown by, and "This field is required." would tell nobody what to do
HIDDEN_FIELDS = ("expected_no", "submission_id", "version")


def _hidden_problems(form: HandForm) -> list[str]:
    """One sentence when a hidden field of the posted form is missing or damaged."""
    if any(form[name].errors for name in HIDDEN_FIELDS if name in form):
        return [_("This form could not be read: part of it the page fills in is missing or "
                  "damaged. Reload the page and enter the hand again.")]
    return []


def _expected_no(form: HandForm | ActionForm) -> int:
    """The form's hidden number (the hand it expects, or the version of the hand it edits)."""
    try:
        return int(form.expected_no.data)
    except (TypeError, ValueError):
        return 0


def _form_version(form: HandForm | ActionForm) -> int | None:
    """The form's hidden match version (the score it was based on); None if not sent."""
    try:
        return int(form.version.data)
    except (TypeError, ValueError):
        return None


def _answer(code: int, **body: Any) -> Response:
    """A JSON answer to the page's script (never cached)."""
    resp = jsonify(body)
    resp.status_code = code
    resp.headers["Cache-Control"] = "no-store"
    return resp


def _stored_hand(loaded: service.LoadedMatch, no: int | None) -> dict[str, Any] | None:
    """Hand ``no`` as stored, in words (for a conflict shown side by side); None if absent."""
    if no is None or not 1 <= no <= loaded.hand_count or loaded.state is None:
        return None
    hand, out = loaded.match.hands[no - 1].data, loaded.state.hands[no - 1]
    return {"no": no, "what": board.describe_hand(loaded.match, hand),
            "result": board.outcome_label(loaded.match, hand, out)}


def record(match_id: str) -> ResponseReturnValue:
    """Record the next hand: 303 when stored (or a retry of it), else the errors or why not.

    The page's script sends the same form with ``Accept: application/json`` (its Save and its
    offline queue) and gets JSON instead of a page: ``{status, message, ...}``.
    """
    row = _row_or_404(match_id)  # the form needs the names only: the service replays once
    as_json = errors.prefers_json()
    if as_json and not _is_editor(match_id):
        return _answer(403, status="forbidden", message=_(
            "This phone is no longer a scorer of this match: a new scorer link was made on "
            "another phone. The hand is kept on this phone. To record it, open the new scorer "
            "link (or scan the scorer QR code on the scoring phone), then come back."))
    _require_editor(match_id)
    form = form_for(row, request.form)
    if not form.validate():
        hidden = _hidden_problems(form)
        if as_json:
            found = {k: [str(m) for m in v] for k, v in form.errors.items()}
            text = " ".join(hidden or [m for msgs in found.values() for m in msgs])
            return _answer(422, status="invalid", message=text, errors=found)
        current = _load_or_404(match_id)
        if current.state is not None and current.state.over:  # no form on the page to say it
            flash(outcomes.message(service.ServiceResult(Status.OVER, match_id=match_id)),
                  "warn")
            return _match_page(current, status=409)
        return _match_page(current, form=form, general_errors=hidden, status=422)
    refuse_if_address_full()
    outcome = service.record_hand(get_db(), match_id, form.hand(), _expected_no(form),
                                  form.submission_id.data or None,
                                  expected_version=_form_version(form))
    here = url_for("match.match", match_id=match_id)
    if outcome.status in (Status.RECORDED, Status.DUPLICATE):
        if as_json:
            return _answer(outcomes.http_status(outcome), status=str(outcome.status), no=outcome.no,
                           version=outcome.version)
        return redirect(here, 303)
    if outcome.status is Status.ILLEGAL:
        if as_json:
            texts = [board.problem_text(p) for p in outcome.problems]
            return _answer(422, status="illegal", message=" ".join(texts))
        general = _apply_problems(form, outcome.problems)
        return _match_page(_load_or_404(match_id), form=form, general_errors=general,
                           status=422)
    if outcome.status in (Status.WRONG_NO, Status.OVER):  # the page was behind: show what is
        current = _load_or_404(match_id)
        if as_json:
            return _answer(409, status=str(outcome.status), message=outcomes.message(outcome),
                           next_no=current.next_no, version=current.version,
                           stored=_stored_hand(current, outcome.no))
        flash(outcomes.message(outcome), "warn")
        return _match_page(current, status=409)
    if as_json:  # a submission key reused for another hand
        return _answer(422, status=str(outcome.status), message=outcomes.message(outcome))
    flash(outcomes.message(outcome), "warn")
    return redirect(here, 303)


def preview(match_id: str) -> ResponseReturnValue:
    """What saving this form would do, by the engine itself: ``{label, errors}``.

    The page's script sends a GET with the form's fields as the query: it changes nothing, so
    it needs no CSRF token and does not count against the write limit (a POST of the form
    works too). ``no=N`` previews a correction of hand N (later hands re-scored).
    """
    row = _row_or_404(match_id)
    _require_editor(match_id)
    if request.method == "GET":
        form = form_for(row, request.args, csrf=False)
    else:
        form = form_for(row, request.form)
    if not form.validate():
        no = request.args.get("no", type=bounded_int)
        plain = _("Save the correction") if no is not None and 1 <= no < _next_no(match_id) \
            else _save_label(row.game, _next_no(match_id))
        return jsonify(label=plain, errors={
            k: v for k, v in form.errors.items() if k != "csrf_token"})
    hand = form.hand()
    seen = service.preview(get_db(), match_id, hand, request.args.get("no", type=bounded_int))
    if seen is None:
        abort(404)
    if seen.correction:
        plain, says = _("Save the correction"), _("Save correction: %(what)s")
    else:
        plain, says = _save_label(row.game, seen.no), _("Save: %(what)s")
    if not seen.ok:
        errors: dict[str, list[str]] = {}
        for p in seen.problems:
            errors.setdefault(p.field or "", []).append(board.problem_text(p))
        return jsonify(label=plain, errors=errors)
    assert seen.state is not None  # a preview that is ok has the replayed match
    out = seen.state.hands[seen.no - 1]
    what = board.outcome_label(row, hand, out, seen.state)
    return jsonify(label=says % {"what": what}, errors={})


def _next_no(match_id: str) -> int:
    """The number the next hand gets (a count, no replay)."""
    return len(store.get_hands(get_db(), match_id)) + 1


def undo(match_id: str) -> ResponseReturnValue:
    """Undo the last hand (the form says which: another phone may have recorded meanwhile)."""
    _load_or_404(match_id)
    _require_editor(match_id)
    form = ActionForm()
    if not form.validate():
        abort(400)
    outcome = service.undo_last(get_db(), match_id, _expected_no(form),
                                expected_match_version=_form_version(form), again_ok=True)
    # Done, the match page says so itself, with the Redo beside the words (table/_live.html)
    if outcome.status is not Status.UNDONE:
        flash(outcomes.message(outcome), "warn")
    return redirect(url_for("match.match", match_id=match_id), 303)


def redo(match_id: str) -> ResponseReturnValue:
    """Take the last undo back: the same hand, as the same number (the service decides when)."""
    _load_or_404(match_id)
    _require_editor(match_id)
    form = ActionForm()
    if not form.validate():
        abort(400)
    outcome = service.redo_last(get_db(), match_id, _expected_no(form),
                                expected_match_version=_form_version(form))
    if outcome.status is Status.REDONE:
        flash(_("Hand %(n)s is back.", n=outcome.no), "info")
    else:
        flash(outcomes.message(outcome), "warn")
    return redirect(url_for("match.match", match_id=match_id), 303)


def edit_hand(match_id: str, no: int) -> ResponseReturnValue:
    """Correct hand ``no``: a prefilled form; later hands are re-scored by the engine.

    The hidden ``expected_no`` carries the hand's version here, so a correction made
    meanwhile on another phone is not overwritten (CONFLICT).
    """
    loaded = _load_or_404(match_id)
    _require_editor(match_id)
    if not 1 <= no <= loaded.hand_count:
        abort(404)
    form = _hand_form(loaded, request.form if request.method == "POST" else None)
    general: list[str] = []
    status = 200
    if request.method == "POST" and form.validate():
        outcome = service.correct_hand(get_db(), match_id, no, form.hand(), _expected_no(form))
        if outcome.status is Status.CORRECTED:
            # the same hand again (a form saved as it came): correct_hand stores nothing and
            # gives back no hand; the scorer is told so, not thanked for a correction
            if outcome.hand is None:
                flash(_("Nothing changed: hand %(n)s is as it was.", n=no), "info")
            else:
                flash(_("Hand %(n)s corrected.", n=no), "info")
            return redirect(url_for("match.match", match_id=match_id), 303)
        if outcome.status is Status.CONFLICT:  # changed meanwhile: show what is there now
            loaded = _load_or_404(match_id)
            if no > loaded.hand_count:  # ... or undone meanwhile
                flash(outcomes.message(outcome), "warn")
                return redirect(url_for("match.match", match_id=match_id), 303)
            form = _hand_form(loaded)
            general, status = [outcomes.message(outcome)], 409
        else:
            general = _apply_problems(form, outcome.problems) if outcome.problems \
                else [outcomes.message(outcome)]
            status = 422
    elif request.method == "POST":
        general, status = _hidden_problems(form), 422
    if request.method == "GET" or status == 409:
        form.fill(loaded.match.hands[no - 1].data)
        form.expected_no.data = str(loaded.hand_versions[no - 1])
    v = _view(loaded)
    dealer_seat = loaded.state.hands[no - 1].dealer if loaded.state is not None else ""
    resp = current_app.make_response((render_template(
        "table/edit_hand.html", v=v, form=form, no=no, general_errors=general, rec_no=no,
        dealer=loaded.match.seats.get(dealer_seat, "?"), more_open=True,
        preview_url=url_for("match.preview", match_id=match_id, no=no),
    ), status))
    resp.headers["Cache-Control"] = "no-store"  # Back never shows an old form to send again
    return resp


def _save_label(game: Game, no: int) -> str:
    """The Save button's words, in the game's phrasing ("Save hand 3", "Save deal 3")."""
    return _(game.words.save, n=no)


def back_home() -> ResponseReturnValue:
    """A form's address opened directly (a refresh, a language switch): go to the home page."""
    return redirect(url_for("match.home"), 303)


def back_to_match(match_id: str) -> ResponseReturnValue:
    """A write's address opened directly: show the match (nothing is written by a GET)."""
    return redirect(url_for("match.match", match_id=match_id), 303)
