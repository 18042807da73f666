"""Club nights in the JSON API: ``POST /api/events``, ``GET /api/events/<id>``, starting a
round and settling a tied table (docs/api.md, "Club nights: events"). Bearer keys only: no
cookie and no CSRF token."""

from __future__ import annotations

from typing import Any

from flask import request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...service import event_keys, events
from ...service.events import EventStatus
from ...service.events.model import Event, EventRound, EventTable, StandingLine
from ...store.db import get_db
from ..errors import refuse_if_storage_full
from ..events.access import STATUS, api_director, event_or_404, require_api_director
from ..events.paths import app_secret, table_path
from ..events.words import errors
from ..ratelimit import spend_creations
from .matches import json_response, read_json, read_object

TABLE_FIELDS = ("table", "seats", "match", "hands", "score", "over", "winner", "tied", "decider")


def _table_body(event_id: str, t: EventTable, key: str | None) -> dict[str, Any]:
    """A table as the API shows it; with its edit key (the director's answers), a keyed link."""
    entry: dict[str, Any] = {name: getattr(t, name) for name in TABLE_FIELDS}
    link = table_path(event_id, t.table)
    if key is not None:  # a table not yet keyed (a round only planned) has no link key
        entry["edit_key"] = key
        link = f"{link}?key={key}"
    entry["table_url"] = link
    return entry


def _round_body(event_id: str, rnd: EventRound, keys: dict[int, str]) -> dict[str, Any]:
    return {"no": rnd.no, "started": rnd.started, "over": rnd.over,
            "tables": [_table_body(event_id, t, keys.get(t.table)) for t in rnd.tables],
            "sit_outs": list(rnd.sit_outs), "started_at": rnd.started_at,
            "ends_at": rnd.ends_at, "ended_early": rnd.ended_early}


def _standing_body(s: StandingLine, marks: tuple[str, ...]) -> dict[str, Any]:
    return {"player": s.player, "points": s.points, **{m: s.marks[m] for m in marks},
            "games_won": s.games_won, "high_game": s.high_game, "sit_outs": s.sit_outs,
            "rank": s.rank, "rating": s.rating}


def event_body(found: Event, director: bool) -> dict[str, Any]:
    """The API's event object (docs/api.md); with ``director``, each table's edit key and
    keyed link."""
    keys = event_keys.current_keys(get_db(), app_secret(), found.id) if director else {}
    return {
        "id": found.id, "name": found.name, "game": found.game,
        "movement": found.movement, "method": found.method,
        "quality": found.quality, "hands_per_round": found.hands_per_round,
        "rules": found.rules, "house": found.house, "players": list(found.players),
        "roster": [{"number": p.number, "name": p.name, "from_round": p.from_round,
                    "gone_from": p.gone_from} for p in found.roster],
        "round_target": found.round_target,
        "minutes_per_round": found.minutes_per_round,
        "rounds_total": found.rounds_total, "current_round": found.current_round,
        "can_start": found.can_start, "over": found.over,
        "rounds": [_round_body(found.id, rnd, keys) for rnd in found.rounds],
        "sit_outs": [{"round": s.round, "players": list(s.players)} for s in found.sit_outs],
        "standings": [_standing_body(s, found.marks) for s in found.standings],
        "prizes": [{"prize": p.prize, "players": list(p.players), "value": p.value,
                    "shared": p.shared} for p in found.prizes],
        "director_url": url_for("events.director", event_id=found.id),
        "tally_url": url_for("events.tally_pdf", event_id=found.id),
        "chart_url": url_for("events.chart_pdf", event_id=found.id),
        "tents_url": url_for("events.tents_pdf", event_id=found.id),
    }


def _json(body: Any, status: int = 200) -> Response:
    return json_response(body, status)


def create_event() -> Response:
    """Create an event; its first round starts at once."""
    body = read_json()
    refuse_if_storage_full(get_db())
    result = events.create_event(get_db(), body, app_secret(), spend_creations)
    if result.status is not EventStatus.CREATED or result.event_id is None:
        return _json({"errors": errors(result)}, STATUS[result.status])
    found = event_or_404(result.event_id)
    out = event_body(found, director=True)
    out["director_key"] = result.director_key
    out["director_url"] = f"{out['director_url']}?key={result.director_key}"
    response = _json(out, 201)
    response.headers["Location"] = url_for("events_api.read_event", event_id=result.event_id)
    return response


def read_event(event_id: str) -> Response:
    """The event now; with the director's key, the tables' keys too."""
    found = event_or_404(event_id)
    return _json(event_body(found, director=api_director(event_id)))


def _optional_body(allowed: frozenset[str]) -> dict[str, Any] | Response:
    """The request's JSON object, {} when it has no body: a body that is not JSON is refused
    (415, 400) and so is a key the address does not take (422), before anything is done."""
    if not request.get_data(cache=True):
        return {}
    body = read_object()
    if isinstance(body, Response):
        return body
    unknown = sorted(set(body) - allowed)
    if unknown:
        return _json({"errors": [{"hand": None, "field": unknown[0], "message": _(
            "“%(name)s” is not something this address takes.", name=unknown[0])}]}, 422)
    return body


def _round_no(body: Any, found: Event) -> int | Response:
    no = body.get("no", found.current_round + 1) if isinstance(body, dict) else None
    if isinstance(no, bool) or not isinstance(no, int) or no < 1:
        return _json({"errors": [{"hand": None, "field": "no",
                                  "message": _("“no” must be the number of the round to "
                                               "start.")}]}, 422)
    return no


def start_round(event_id: str) -> Response:
    """The director starts the next round (``{"no": n}``, default the next one)."""
    require_api_director(event_id)
    found = event_or_404(event_id)
    body = _optional_body(frozenset({"no"}))
    if isinstance(body, Response):
        return body
    no = _round_no(body, found)
    if isinstance(no, Response):
        return no
    refuse_if_storage_full(get_db())  # a round's matches: the budget and limit of new ones
    result = events.start_round(get_db(), event_id, no, app_secret(), spend_creations)
    if result.status is not EventStatus.STARTED:
        return _json({"errors": errors(result)}, STATUS[result.status])
    return _json(event_body(event_or_404(event_id), director=True), 201)


def decide(event_id: str, no: int, table_no: int) -> Response:
    """The side that won a tied table's extra, unscored hand: ``{"winner": "NS"}``."""
    require_api_director(event_id)
    body = read_object()
    if isinstance(body, Response):
        return body
    result = events.decide(get_db(), event_id, no, table_no, body.get("winner"))
    if result.status is not EventStatus.DECIDED:
        return _json({"errors": errors(result)}, STATUS[result.status])
    return _json(event_body(event_or_404(event_id), director=True))


def _changed(event_id: str, result: events.EventResult, status: int = 200) -> Response:
    if result.status is not EventStatus.CHANGED:
        return _json({"errors": errors(result)}, STATUS[result.status])
    return _json(event_body(event_or_404(event_id), director=True), status)


def add_player(event_id: str) -> Response:
    """A late arrival: ``{"name": ...}`` (or ``{"player": id, "name": ...}``) plays from the
    first round not yet started; the rounds not started are planned again."""
    require_api_director(event_id)
    body = read_object()
    if isinstance(body, Response):
        return body
    return _changed(event_id, events.add_player(get_db(), event_id, body), 201)


def player_leaves(event_id: str, number: int) -> Response:
    """An early leaver: ``{"gone_from": round}`` (default: the first round not started)."""
    require_api_director(event_id)
    body = read_object()
    if isinstance(body, Response):
        return body
    if set(body) - {"gone_from"}:
        return _json({"errors": [{"hand": None, "field": None, "message": _(
            "Only “gone_from” can be changed for a player.")}]}, 422)
    return _changed(event_id, events.player_leaves(get_db(), event_id, number,
                                                   body.get("gone_from")))


def swap(event_id: str, no: int) -> Response:
    """Move a player in a round not yet started: ``{"players": [a, b]}`` (numbers from 1)
    change places, seat for seat or seat for sit-out."""
    require_api_director(event_id)
    body = read_object()
    if isinstance(body, Response):
        return body
    pair = body.get("players")
    if not isinstance(pair, list) or len(pair) != 2:
        return _json({"errors": [{"hand": None, "field": "players", "message": _(
            "“players” must be the numbers of the two players who change places.")}]}, 422)
    return _changed(event_id, events.swap_players(get_db(), event_id, no, pair[0], pair[1]))


def end_round(event_id: str, no: int) -> Response:
    """End round ``no`` now: every table's match ends with the hands played so far."""
    require_api_director(event_id)
    body = _optional_body(frozenset())
    if isinstance(body, Response):
        return body
    return _changed(event_id, events.end_round(get_db(), event_id, no))
