"""The addresses of a club night: a table's page, the director's link and each table's keyed
link, named from the trusted address (:mod:`scorekeeper.web.links`), never the request's Host."""

from __future__ import annotations

from flask import current_app, url_for

from ...service import event_keys
from ...store import events as event_store
from ...store.db import get_db
from .. import links
from ..security import director_token


def app_secret() -> str:
    return str(current_app.config["SECRET_KEY"])


def table_path(event_id: str, table_no: int) -> str:
    return url_for("events.table", event_id=event_id, table_no=table_no)


def director_link(event_id: str) -> str:
    """The director's link to run the evening from another phone (the director's only)."""
    row = event_store.get_event(get_db(), event_id)
    assert row is not None
    return links.external("events.director", event_id=event_id,
                          key=director_token(event_id, row.director_key_hash))


def director_links(event_id: str) -> dict[int, str]:
    """Each table's keyed link (the director's only)."""
    return {t: f"{links.base_url()}{table_path(event_id, t)}?key={key}"
            for t, key in event_keys.current_keys(get_db(), app_secret(), event_id).items()}
