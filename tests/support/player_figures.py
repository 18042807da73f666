"""Every figure a rename, merge or undo can touch, read through the app's own addresses (a test
client or a real server: ``get(path) -> bytes``): each player's ``/api/players/<id>``, the list,
the player's page figures, every match file, ``hands.csv`` and ``stats.csv``; plus, where the
database file is at hand, the ``player_days`` rollup and the seats' players."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

Get = Callable[[str], bytes]


def client_get(client: Any) -> Get:
    """``get`` over a Flask test client (following no redirect: a merged id answers 301)."""
    def get(path: str) -> bytes:
        r = client.get(path)
        return f"{r.status_code} ".encode() + r.get_data()
    return get


def page_figures(html: str) -> str:
    """A player page from its heading to its figures' end (not the history, not a flash)."""
    start = html.index('<h1 class="page-h">')
    end = min(i for i in (html.find('<section class="card changes"'),
                          html.find('<details class="card edit"'), len(html)) if i >= 0)
    return clean(html[start:end])


def clean(html: str) -> str:
    """A page without what differs from one request to the next: flashed messages, tokens."""
    html = re.sub(r'<p class="flash[^>]*>.*?</p>', "", html)
    return re.sub(r"\s+", " ", re.sub(r'name="csrf_token" [^>]*>', "", html))


def figures(get: Get, player_ids: list[str], db_path: Path | None = None) -> dict[str, Any]:
    """Everything at once. ``player_ids``: every player that exists at the start (a merged
    one's figures are its 301)."""
    out: dict[str, Any] = {"players": get("/api/players"),
                           "table": clean(get("/players").decode())}
    for pid in player_ids:
        out[f"api {pid}"] = get(f"/api/players/{pid}")
        page = get(f"/players/{pid}").decode()
        out[f"page {pid}"] = page_figures(page) if page.startswith("200") else page[:4]
    hands = get("/export/hands.csv")
    out["hands.csv"], out["stats.csv"] = hands, get("/export/stats.csv")
    text = hands.decode().split(" ", 1)[1]
    for m in sorted({row["match"].removeprefix("'")
                     for row in csv.DictReader(io.StringIO(text))}):
        out[f"match {m}"] = get(f"/m/{m}.json")
        out[f"match api {m}"] = json.loads(get(f"/api/matches/{m}").split(b" ", 1)[1])["players"]
    if db_path is not None:
        from scorekeeper.store.db import connect

        db = connect(str(db_path))
        try:
            for table, order in (("player_days", "player, date, game, fact"),
                                 ("match_players", "match_id, seat"),
                                 ("seat_facts", "match_id, no, seat"),
                                 ("seat_stats", "match_id, no, seat, fact"),
                                 ("hand_facts", "match_id, no"),
                                 ("players", "id")):
                out[table] = db.execute(f"SELECT * FROM {table} ORDER BY {order}").fetchall()
        finally:
            db.conn.close()
    return out


def differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """The keys whose figures differ (for a readable failure)."""
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
