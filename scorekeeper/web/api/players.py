"""The players' JSON API (issue 14; documented in docs/api.md, "Players and statistics").

- ``GET /api/players`` → ``{"players": [{"id", "name", "matches"}]}``
- ``GET /api/players/<id>`` (``?from=&to=``) → the player's figures
- ``PATCH /api/players/<id>`` ``{"name", "short_name"?}`` renames (every match shows it)
- ``POST /api/players/<id>/merge`` ``{"into": "<id>"}`` merges into another player
- ``GET /api/players/<id>/changes`` → the renames and merges that touched the player
- ``POST /api/players/changes/<change>/undo`` undoes one (the latest touching its players)

Who may rename, merge and undo: the organiser (``Authorization: Bearer <organiser key>``,
:mod:`scorekeeper.web.players.organiser`); without it 403. Players who sat in one match are
never merged (422).
Each change is limited per address (``PLAYER_EDIT_LIMIT``) and recorded in
``player_changes`` with what it moved.
"""

from __future__ import annotations

from flask import abort
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...i18n.messages import problem_json
from ...service import player_changes as players_service
from ...service import stats
from ...store.db import get_db
from ..players.edits import count_edit, edit_by
from ..players.organiser import require_organiser
from ..players.pages import merged_redirect, player_or_404, span_or_400
from .matches import json_response, read_object


def list_players() -> Response:
    """Every player with the number of matches played (``?from=&to=`` count within)."""
    return json_response(stats.api_list(get_db(), span_or_400()))


def read_player(player_id: str) -> Response:
    """A player's figures over ``?from=&to=`` (a merged player's id redirects, 301)."""
    moved = merged_redirect("players_api.read_player", player_id=player_id)
    if moved is not None:
        return moved
    span = span_or_400()
    return json_response(stats.api_player(get_db(), player_id, span))


def _change_answer(change: players_service.PlayerChange) -> Response:
    if change.status == "not_found":
        abort(404, description=_("There is no such player."))
    if change.status == "gone":
        abort(409, description=_("This player was merged into %(id)s; use that id.",
                                 id=change.player_id))
    if change.status == "illegal":
        return json_response({"errors": [problem_json(p) for p in change.problems]}, 422)
    assert change.player_id is not None
    body = stats.api_player(get_db(), change.player_id, stats.DateRange())
    body["matches_changed"] = len(change.matches)
    item = players_service.item(get_db(), change.change)
    if item is not None:
        body["change"] = {**item.words, "undoable": item.undoable}
    return json_response(body)


def rename_player(player_id: str) -> Response:
    """Rename: ``{"name": "…", "short_name": "…"?}``; every match they sat in shows it."""
    require_organiser()
    player_or_404(player_id)
    body = read_object()
    if isinstance(body, Response):
        return body
    unknown = sorted(set(body) - {"name", "short_name"})
    if unknown or "name" not in body:
        abort(422, description=_("Send {\"name\": \"…\"} (and optionally \"short_name\")."))
    count_edit()
    return _change_answer(players_service.rename(get_db(), player_id, body["name"],
                                                 body.get("short_name"), by=edit_by("api")))


def merge_player(player_id: str) -> Response:
    """Merge this player into ``{"into": "<id>"}``: every seat, hand and figure moves."""
    require_organiser()
    player_or_404(player_id)
    body = read_object()
    if isinstance(body, Response):
        return body
    if set(body) != {"into"}:
        abort(422, description=_("Send {\"into\": \"<the other player's id>\"}."))
    count_edit()
    return _change_answer(players_service.merge(get_db(), player_id, body["into"],
                                                by=edit_by("api")))



def list_changes(player_id: str) -> Response:
    """The renames and merges that touched this player, newest first (anyone may read)."""
    player_or_404(player_id)
    return json_response({"changes": [{**h.words, "undoable": h.undoable}
                                      for h in players_service.history(get_db(), player_id)]})


def undo_change(change_id: int) -> Response:
    """Undo a change: 200 with the change (now undone); 409 while a later change touching its
    players stands (undo that first) or when it was undone already."""
    require_organiser()
    count_edit()
    change = players_service.undo(get_db(), change_id, by=edit_by("api"))
    if change.status != "ok":
        return json_response({"errors": [problem_json(p) for p in change.problems]},
                             404 if change.status == "not_found" else 409)
    item = players_service.item(get_db(), change.change)
    assert item is not None
    return json_response({"change": {**item.words, "undoable": item.undoable},
                          "matches_changed": len(change.matches)})
