"""Club nights at the table and for the director (issue 26): a round's result confirmed by
both pairs on the table's phone or disputed, the director settling a table, and ending a
round early (asked first, with the tables still playing) and undoing it."""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ...service.events import confirming
from ...store.db import get_db
from ..security import bounded_int, may_edit
from .access import _after, _director_post, _form_int, director_here, event_or_404
from .paths import app_secret
from .words import errors


def confirm_page(event_id: str, no: int, table_no: int) -> ResponseReturnValue:
    """One pair confirms its table's result, or says it is wrong, on the table's phone."""
    found = event_or_404(event_id)
    t = found.table(no, table_no)
    if t is None or not t.match:
        abort(404)
    if not (may_edit(get_db(), t.match) or director_here(event_id)):
        abort(403)
    side = request.form.get("side")
    if side == "dispute":
        result = confirming.dispute(get_db(), event_id, no, table_no)
        done = _("The director has been told: the result is disputed.")
    else:
        result = confirming.confirm(get_db(), event_id, no, table_no, side)
        done = _("Confirmed.")
    if result.problems:
        flash(" ".join(e["message"] for e in errors(result)), "error")
    else:
        flash(done, "ok")
    return redirect(url_for("match.match", match_id=t.match))


def settle_page(event_id: str) -> ResponseReturnValue:
    """The director accepts a table's result for both pairs, or reopens it for a
    correction."""
    _director_post(event_id)
    no, table_no = _form_int("round") or 0, _form_int("table") or 0
    action = request.form.get("action")
    result = confirming.settle(get_db(), event_id, no, table_no, action, app_secret())
    done = (_("Table %(n)s: the result is accepted.", n=table_no) if action == "accept" else
            _("Table %(n)s is open again: its phone can correct the hands, then both pairs "
              "confirm again.", n=table_no))
    return _after(event_id, result, done)


def end_ask(event_id: str) -> ResponseReturnValue:
    """Before ending a round early: which tables are still playing, and what happens."""
    found = event_or_404(event_id)
    if not director_here(event_id):
        abort(403)
    no = request.args.get("round", type=bounded_int) or found.current_round
    rnd = found.round_no(no)
    if rnd is None or not rnd.started or rnd.over:
        return redirect(url_for("events.director", event_id=event_id))
    playing = [t for t in rnd.tables if not t.over]
    return render_template("events/end.html", e=found, rnd=rnd, playing=playing)


def undo_end_page(event_id: str) -> ResponseReturnValue:
    """The director undoes "end the round now" (until a hand of the next round is saved)."""
    _director_post(event_id)
    no = _form_int("round") or 0
    result = confirming.undo_end(get_db(), event_id, no, app_secret())
    return _after(event_id, result, _("Round %(n)s goes on: the tables can play their "
                                      "remaining hands.", n=no))
