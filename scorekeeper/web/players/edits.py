"""Renaming and merging players from the player page, and undoing either (issues 14 and 22):
plain forms with CSRF tokens, Post/Redirect/Get with a flashed message, the same service and
per-address limit as the API (:mod:`scorekeeper.web.api.players`). Each needs the organiser's right
(:mod:`.organiser`). Views of the ``players`` blueprint.
"""

from __future__ import annotations

import hashlib
from typing import Any

from flask import Response, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_limiter.util import get_remote_address

from ...i18n.messages import problem_message
from ...service import player_changes, stats
from ...store.db import get_db
from ..forms import MergePlayerForm, RenamePlayerForm, show_errors
from ..ratelimit import count_player_edit
from .organiser import require_organiser
from .pages import change_words, player_or_404, player_page


def edit_by(kind: str) -> str:
    """Who made a change, as the history keeps it: a hash of the address, not the address."""
    address = get_remote_address() or "unknown"
    return f"{kind}:" + hashlib.sha256(address.encode()).hexdigest()[:12]


def count_edit() -> None:
    """One rename, merge or undo from this address; 429 with Retry-After and the time in words
    past ``PLAYER_EDIT_LIMIT`` (pages and API count together; only the organiser gets this far)."""
    count_player_edit()


def sentence(problem: Any) -> str:
    """A service problem as a sentence for a page."""
    text = problem_message(problem)
    return (text[:1].upper() + text[1:]).rstrip(".") + "."


def _editable(player_id: str) -> Response | None:
    """None for a current player; a 303 to whom a merged player went (nothing changed)."""
    row = player_or_404(player_id)
    if not row.merged_into:
        return None
    current = stats.resolve(get_db(), player_id) or player_id
    flash(_("%(name)s was merged into %(into)s; nothing was changed.", name=row.name,
            into=player_or_404(current).name), "warn")
    return redirect(url_for("players.player", player_id=current), 303)  # type: ignore[return-value]


def rename(player_id: str) -> ResponseReturnValue:
    """Rename from the player page: 303 back with a flashed message, or the form with why."""
    require_organiser()
    gone = _editable(player_id)
    if gone is not None:
        return gone
    form = RenamePlayerForm()
    if not form.validate():
        return player_page(player_id, rename=form, status=422)
    count_edit()
    change = player_changes.rename(get_db(), player_id, form.name.data, by=edit_by("page"))
    if change.status != "ok":
        show_errors(form.name, [_("A name must be 1 to 40 characters of plain text, without "
                                  "control or text-direction characters.")])
        return player_page(player_id, rename=form, status=422)
    _flash_change(change.change)
    return redirect(url_for("players.player", player_id=player_id), 303)


def _flash_change(change_id: int | None) -> None:
    item = player_changes.item(get_db(), change_id)
    if item is not None:
        flash(_("%(change)s. Undo it from the history below if it was a mistake.",
                change=change_words(item.words)), "info")


def _merge_target(player_id: str, form: MergePlayerForm) -> stats.Player | None:
    """The player chosen to merge into, or None with the reason on the form."""
    if not form.validate():
        return None
    target = stats.player(get_db(), form.into.data)
    if form.into.data == player_id:
        show_errors(form.into, [_("A player cannot be merged into themselves: choose another.")])
    elif target is None or target.merged_into:
        show_errors(form.into, [_("There is no such player to merge into: choose one from "
                                  "the list.")])
    else:
        together = player_changes.shared_table(get_db(), player_id, target.id)
        if together is None:
            return target
        show_errors(form.into, [sentence(together)])
    return None


def merge_confirm(player_id: str) -> ResponseReturnValue:
    """The merge's confirmation: what will happen, and the button that does it."""
    require_organiser()
    gone = _editable(player_id)
    if gone is not None:
        return gone
    form = MergePlayerForm(request.args, meta={"csrf": False})
    target = _merge_target(player_id, form)
    if target is None:
        return player_page(player_id, merge=form, status=422)
    row = player_or_404(player_id)
    played = stats.matches_played(get_db(), player_id)
    return render_template("players/merge.html", player=row, target=target, played=played,
                           form=MergePlayerForm(
                               formdata=None, data={"into": target.id, "confirm": "yes"}))


def merge(player_id: str) -> ResponseReturnValue:
    """Merge (confirmed): 303 to the surviving player with a flashed message."""
    require_organiser()
    gone = _editable(player_id)
    if gone is not None:
        return gone
    form = MergePlayerForm()
    target = _merge_target(player_id, form)
    if target is None:
        return player_page(player_id, merge=form, status=422)
    if form.confirm.data != "yes":
        return redirect(url_for("players.merge_confirm", player_id=player_id,
                                into=target.id), 303)
    count_edit()
    change = player_changes.merge(get_db(), player_id, target.id, by=edit_by("page"))
    if change.status != "ok":
        show_errors(form.into, [sentence(p) for p in change.problems] or [
            _("There is no such player to merge into: choose one from the list.")])
        return player_page(player_id, merge=form, status=422)
    _flash_change(change.change)
    return redirect(url_for("players.player", player_id=target.id), 303)


def undo(player_id: str, change_id: int) -> ResponseReturnValue:
    """Undo a rename or merge from the history on the player page: 303 back, or why not."""
    require_organiser()
    player_or_404(player_id)
    count_edit()
    change = player_changes.undo(get_db(), change_id, by=edit_by("page"))
    if change.status != "ok":
        return player_page(player_id, problem=" ".join(sentence(p) for p in change.problems),
                           status=404 if change.status == "not_found" else 409)
    item = player_changes.item(get_db(), change.change)
    if item is not None:
        flash(_("Undone: %(change)s.", change=change_words(item.words)), "info")
    return redirect(url_for("players.player", player_id=player_id), 303)
