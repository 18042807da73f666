"""Renaming and merging players from the player page (issue 14): plain forms with CSRF tokens,
Post/Redirect/Get with a flashed message, the same service and per-address limit as the API
(:mod:`.players_api`). Views on :data:`scorekeeper.web.players.bp`.
"""

from __future__ import annotations

import hashlib
import math
import time
from typing import Any

from flask import Response, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_limiter.util import get_remote_address
from limits import parse
from werkzeug.exceptions import TooManyRequests

from ..ratelimit import EXTENSION
from ..service import players as players_service
from ..service import stats
from ..store.db import get_db
from .forms import MergePlayerForm, RenamePlayerForm
from .players import bp, player_or_404, player_page

DEFAULT_EDIT_LIMIT = "30 per hour"


def edit_by(kind: str) -> str:
    """Who made a change, as the history keeps it: a hash of the address, not the address."""
    address = get_remote_address() or "unknown"
    return f"{kind}:" + hashlib.sha256(address.encode()).hexdigest()[:12]


def count_edit() -> None:
    """One rename or merge from this address; 429 with Retry-After past
    ``PLAYER_EDIT_LIMIT`` (pages and API count together)."""
    setting = str(current_app.config.get("PLAYER_EDIT_LIMIT", DEFAULT_EDIT_LIMIT) or "0")
    if setting.strip() in ("", "0"):
        return
    item = parse(setting)
    limiter = current_app.extensions[EXTENSION].limiter
    who = hashlib.sha256((get_remote_address() or "").encode()).hexdigest()[:32]
    if limiter.hit(item, "players", who):
        return
    reset, _remaining = limiter.get_window_stats(item, "players", who)
    raise TooManyRequests(_("Too many changes to players from this address; wait a while "
                            "and try again."), retry_after=max(1, math.ceil(reset - time.time())))


def _editable(player_id: str) -> Response | None:
    """None for a current player; a 303 to whom a merged player went (nothing changed)."""
    row = player_or_404(player_id)
    if not row["merged_into"]:
        return None
    current = stats.resolve(get_db(), player_id) or player_id
    flash(_("%(name)s was merged into %(into)s; nothing was changed.", name=row["name"],
            into=player_or_404(current)["name"]), "warn")
    return redirect(url_for("players.player", player_id=current), 303)  # type: ignore[return-value]


def _played(player_id: str) -> int:
    return next((p["played"] for p in stats.table(get_db(), stats.DateRange())
                 if p["id"] == player_id), 0)


@bp.post("/players/<player_id>/rename")
def rename(player_id: str) -> Any:
    """Rename from the player page: 303 back with a flashed message, or the form with why."""
    gone = _editable(player_id)
    if gone is not None:
        return gone
    form = RenamePlayerForm()
    if not form.validate():
        return player_page(player_id, rename=form, status=422)
    count_edit()
    old = player_or_404(player_id)["name"]
    change = players_service.rename(get_db(), player_id, form.name.data, by=edit_by("page"))
    if change.status != "ok":
        form.name.errors = [_("A name must be 1 to 40 characters of plain text, without "
                              "control or text-direction characters.")]
        return player_page(player_id, rename=form, status=422)
    new = player_or_404(player_id)["name"]
    flash(_("Renamed to %(new)s (was %(old)s).", old=old, new=new), "info")
    return redirect(url_for("players.player", player_id=player_id), 303)


def _merge_target(player_id: str, form: MergePlayerForm) -> dict[str, Any] | None:
    """The player chosen to merge into, or None with the reason on the form."""
    if not form.validate():
        return None
    target = stats.player(get_db(), form.into.data)
    if form.into.data == player_id:
        form.into.errors = [_("A player cannot be merged into themselves: choose another.")]
    elif target is None or target["merged_into"]:
        form.into.errors = [_("There is no such player to merge into: choose one from the "
                              "list.")]
    else:
        return target
    return None


@bp.get("/players/<player_id>/merge")
def merge_confirm(player_id: str) -> Any:
    """The merge's confirmation: what will happen, and the button that does it."""
    gone = _editable(player_id)
    if gone is not None:
        return gone
    form = MergePlayerForm(request.args, meta={"csrf": False})
    target = _merge_target(player_id, form)
    if target is None:
        return player_page(player_id, merge=form, status=422)
    row = player_or_404(player_id)
    return render_template("players/merge.html", player=row, target=target,
                           played=_played(player_id),
                           together=stats.shared_matches(get_db(), player_id, target["id"]),
                           form=MergePlayerForm(
                               formdata=None, data={"into": target["id"], "confirm": "yes"}))


@bp.post("/players/<player_id>/merge")
def merge(player_id: str) -> Any:
    """Merge (confirmed): 303 to the surviving player with a flashed message."""
    gone = _editable(player_id)
    if gone is not None:
        return gone
    form = MergePlayerForm()
    target = _merge_target(player_id, form)
    if target is None:
        return player_page(player_id, merge=form, status=422)
    if form.confirm.data != "yes":
        return redirect(url_for("players.merge_confirm", player_id=player_id,
                                into=target["id"]), 303)
    count_edit()
    name, moved = player_or_404(player_id)["name"], _played(player_id)
    change = players_service.merge(get_db(), player_id, target["id"], by=edit_by("page"))
    if change.status != "ok":
        form.into.errors = [_("There is no such player to merge into: choose one from the "
                              "list.")]
        return player_page(player_id, merge=form, status=422)
    flash(ngettext("%(name)s merged into %(into)s: %(num)d match moved.",
                   "%(name)s merged into %(into)s: %(num)d matches moved.",
                   moved, name=name, into=target["name"]), "info")
    return redirect(url_for("players.player", player_id=target["id"]), 303)
