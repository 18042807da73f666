"""Club nights typed at the boundary (issue 23): the service builds the event once as frozen
dataclasses (``service/events/model.py``); the pages read attributes and the API makes its
JSON from them. Test client, real SQLite file."""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.service import events
from scorekeeper.service.events.model import (
    Event,
    EventRound,
    EventTable,
    RosterEntry,
    StandingLine,
)
from scorekeeper.store.db import get_db

NAMES = ["Ann", "Bo", "Cai", "Dee", "Eve", "Finn", "Gus", "Hal", "Ida"]


def create(client, **body):
    answer = client.post("/api/events", json={
        "name": "Club", "game": "euchre", "players": NAMES, "rounds": 3, "hands_per_round": 1,
        "movement": "schedule", "seed": 4, **body})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def play(client, table, tricks=3):
    answer = client.post(f"/api/matches/{table['match']}/hands",
                         json={"no": 1, "caller": "N", "makers_tricks": tricks},
                         headers={"Authorization": f"Bearer {table['edit_key']}"})
    assert answer.status_code == 201, answer.get_json()


def load(app, event_id) -> Event:
    with app.app_context():
        found = events.load_event(get_db(), event_id)
    assert isinstance(found, Event)
    return found


def test_the_event_is_built_once_as_frozen_dataclasses(app, client):
    made = create(client)
    play(client, made["rounds"][0]["tables"][0], tricks=5)
    found = load(app, made["id"])
    assert all(isinstance(r, EventRound) for r in found.rounds)
    assert all(isinstance(t, EventTable) for r in found.rounds for t in r.tables)
    assert all(isinstance(p, RosterEntry) for p in found.roster)
    assert all(isinstance(s, StandingLine) for s in found.standings)
    played = found.table(1, 1)
    assert played is not None and played.hands == 1 and played.over
    assert played.score == {"NS": 2, "EW": 0} and played.winner == "NS"
    assert played.hand_points == ({"NS": 2, "EW": 0},)
    assert found.rounds[0].table(1) is played and found.table(1, 9) is None
    assert found.round_no(4) is None and found.current_round == 1
    assert found.upcoming is found.rounds[1] and not found.upcoming.started
    first = found.rounds[0]
    assert len(first.sit_outs) == 1 and first.sit_outs[0] == NAMES[first.sit_out_numbers[0]]
    assert found.waiting == (2,)  # table 2 has not played its hand
    assert [s.marks for s in found.standings if s.player == played.seats["N"]] == [
        {"loners": 0, "euchres": 0}]
    assert found.marks == ("loners", "euchres")
    with pytest.raises(dataclasses.FrozenInstanceError):
        played.over = False  # type: ignore[misc]


def test_the_api_object_is_made_from_the_model_at_the_edge(app, client):
    made = create(client)
    for table in made["rounds"][0]["tables"]:
        play(client, table)
    found = load(app, made["id"])
    body = client.get(f"/api/events/{made['id']}").get_json()
    assert body["current_round"] == found.current_round and body["over"] is found.over
    assert body["players"] == list(found.players)
    assert body["roster"] == [dataclasses.asdict(p) for p in found.roster]
    for rnd, shown in zip(found.rounds, body["rounds"], strict=True):
        assert (shown["no"], shown["started"], shown["over"]) == (rnd.no, rnd.started, rnd.over)
        assert shown["sit_outs"] == list(rnd.sit_outs)
        for t, table in zip(rnd.tables, shown["tables"], strict=True):
            assert table["seats"] == t.seats and table["score"] == t.score
            assert table["match"] == t.match and table["hands"] == t.hands
    assert [list(s) for s in body["standings"]] == [
        ["player", "points", *found.marks, "games_won", "high_game", "sit_outs", "rank", "rating"]
        for _ in found.standings]
    assert [s["player"] for s in body["standings"]] == [s.player for s in found.standings]
    assert body["prizes"] == [{"prize": p.prize, "players": list(p.players), "value": p.value,
                               "shared": p.shared} for p in found.prizes]


def test_a_progressive_evening_previews_its_next_round_without_storing_it(app, client):
    made = create(client, players=NAMES[:8], movement="progressive")
    for table in made["rounds"][0]["tables"]:
        play(client, table)
    found = load(app, made["id"])
    preview = found.rounds[-1]
    assert (preview.no, preview.started, preview.stored) == (2, False, False)
    assert found.can_start and found.waiting == ()
    seated = sorted(n for t in preview.tables for n in t.seat_numbers.values())
    assert seated == list(range(8)) and all(t.match is None for t in preview.tables)
    answer = client.post(f"/api/events/{made['id']}/rounds", json={"no": 2},
                         headers={"Authorization": f"Bearer {made['director_key']}"})
    assert answer.status_code == 201
    started = load(app, made["id"]).rounds[1]
    assert started.stored and started.started
    assert [t.seats for t in started.tables] == [t.seats for t in preview.tables]


def test_where_the_players_go_next_reads_the_model(app, client):
    made = create(client)
    from scorekeeper.web.events.live import Move, moves

    found = load(app, made["id"])
    table = found.rounds[0].tables[0]
    with app.test_request_context():
        going = moves(found, 1, table)
    assert [m.name for m in going] == list(table.seats.values())
    assert all(isinstance(m, Move) for m in going)
    nxt = found.rounds[1]
    for m in going:
        if m.sits_out:
            assert m.name in nxt.sit_outs and m.table is None
        else:
            to = nxt.table(m.table)
            assert to is not None and m.to_seat is not None and to.seats[m.to_seat] == m.name
