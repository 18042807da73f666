"""A property of renames, merges and undos (issue 22): whatever sequence of them an organiser
sends, refusals change nothing, and once every change still standing is undone (newest first)
every figure is what it was: each player's /api/players/<id>, the players' pages and table, the
match files, hands.csv and stats.csv, the facts and the player_days rollup. Each example builds
its own app and SQLite file."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.helpers import become_organiser, euchre_match
from support.player_figures import client_get, differences, figures

from scorekeeper import create_app

# Three tables with hands: Ann and Fay sit in two of them, so some merges are refused and some
# chains of merges become refused after others.
TABLES = [
    ({"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}, "2026-01-10"),
    ({"N": "Eve", "E": "Fay", "S": "Gus", "W": "Hal"}, "2026-01-10"),
    ({"N": "Ann", "E": "Fay", "S": "Ivy", "W": "Jo"}, "2026-02-01"),
]
HANDS = [{"caller": "N", "makers_tricks": 5}, {"caller": "E", "makers_tricks": 2},
         {"caller": "W", "alone": True, "makers_tricks": 5}, {"passed": True},
         {"caller": "S", "makers_tricks": 3}]
PLAYERS = 10
NAMES = st.sampled_from(["Ann", "Bo", "Zed", "ann ", "Quinn", "Fay"])

OPS = st.lists(st.one_of(
    st.tuples(st.just("rename"), st.integers(0, PLAYERS - 1), NAMES),
    st.tuples(st.just("merge"), st.integers(0, PLAYERS - 1), st.integers(0, PLAYERS - 1)),
    st.tuples(st.just("undo"), st.integers(0, 7), st.just(0)),
), max_size=7)


def _build(folder: str):
    app = create_app({"TESTING": True, "CREATE_LIMIT": "0", "PDF_LIMIT": "0",
                      "PLAYER_EDIT_LIMIT": "0"}, instance_path=folder)
    client = app.test_client()
    ids: dict[str, str] = {}
    for seats, day in TABLES:
        body = client.post("/api/matches", json=euchre_match(seats=seats, date=day,
                                                             hands=HANDS)).get_json()
        ids.update({p["name"]: p["id"] for p in body["players"].values()})
    return app, client, sorted(ids.values())


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=OPS)
def test_undoing_every_change_restores_every_figure(ops):
    with tempfile.TemporaryDirectory() as folder:
        app, client, players = _build(folder)
        headers = become_organiser(client)
        db = Path(app.config["DATABASE"])

        def now() -> dict:
            return figures(client_get(client), players, db)

        start = current = now()
        made: list[int] = []
        undone: set[int] = set()
        for kind, a, b in ops:
            if kind == "rename":
                r = client.patch(f"/api/players/{players[a]}", json={"name": b}, headers=headers)
            elif kind == "merge":
                r = client.post(f"/api/players/{players[a]}/merge", json={"into": players[b]},
                                headers=headers)
            elif made:
                change = made[a % len(made)]
                r = client.post(f"/api/players/changes/{change}/undo", headers=headers)
                if r.status_code == 200:
                    undone.add(change)
            else:
                continue
            assert r.status_code in (200, 409, 422), r.get_data(as_text=True)
            if r.status_code != 200:
                assert r.get_json()["errors"][0]["message"]
                assert differences(current, now()) == []  # a refusal changes nothing
                continue
            if kind != "undo":
                made.append(r.get_json()["change"]["id"])
            current = now()
        for change in sorted(set(made) - undone, reverse=True):
            r = client.post(f"/api/players/changes/{change}/undo", headers=headers)
            assert r.status_code == 200, r.get_json()
        assert differences(start, now()) == []
