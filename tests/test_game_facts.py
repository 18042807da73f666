"""Each game's statistics (issue 23): the facts a hand yields (a table of cases per game), the
figures of a player who plays two games kept apart (page and API), and a database from before
the generic facts migrated with its figures rebuilt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support.helpers import euchre_match, whist_match
from support.stats_data import ANN, MATCH_A, MATCH_B, MATCH_C, store_as_before_players

from scorekeeper import create_app
from scorekeeper.engine.games import GAMES
from scorekeeper.engine.matchfile import check_match
from scorekeeper.store import db as dbmod
from scorekeeper.store import facts

CALL = {"called": 1}


def facts_of(match: dict[str, Any]) -> list[tuple[dict[str, dict[str, int]], tuple]]:
    """Each hand's facts as the game counts them, from the engine's replay."""
    state = check_match(match).state
    assert state.ok, state.problems
    statistics = GAMES[match["game"]].statistics
    out = []
    for hand, st in zip(match["hands"], state.hands, strict=True):
        counted = statistics.of_hand(hand, st.as_json(), st.outcome.details)
        out.append(({s: dict(v) for s, v in counted.seats.items() if v}, counted.keys))
    return out


# (hand, each seat's own facts, the breakdown keys: trump, round, caller's seat from dealer)
EUCHRE_CASES = [
    ({"caller": "E", "makers_tricks": 3, "turn_up": "9H", "round": 1},
     {"E": {**CALL, "made": 1, "points_from_calls": 1}}, ("H", "1", "1")),
    ({"caller": "S", "makers_tricks": 5, "trump": "S", "turn_up": "9H"},
     {"S": {**CALL, "made": 1, "marches": 1, "points_from_calls": 2}}, ("S", "2", "2")),
    ({"caller": "W", "makers_tricks": 5, "alone": True},
     {"W": {**CALL, "made": 1, "marches": 1, "loners_tried": 1, "loners_made": 1,
            "points_from_calls": 4}}, (None, None, "3")),
    ({"caller": "N", "makers_tricks": 1, "alone": True},
     {"N": {**CALL, "euchred": 1, "loners_tried": 1},
      "E": {"euchres_taken": 1, "points_defending": 2},
      "W": {"euchres_taken": 1, "points_defending": 2}}, (None, None, "4")),
    ({"passed": True}, {}, ()),
    ({"caller": "E", "renege": "N"},
     {"E": {**CALL, "reneged": 1}}, (None, None, "1")),
]
WHIST_CASES = [
    ({"trump": "H", "tricks_NS": 9, "honours_NS": 4},
     {s: {"deals": 1, "tricks": 9 if s in "NS" else 4, **({"deals_won": 1, "points": 7,
                                                           "honours": 4} if s in "NS" else {})}
      for s in "NESW"}),
    ({"trump": "S", "tricks_NS": 6, "honours_NS": 0, "revoke": {"by": "EW", "penalty": "add3"}},
     None),  # checked by its parts below: a revoke is its side's
]


@pytest.mark.parametrize(("hand", "seats", "keys"), EUCHRE_CASES)
def test_the_facts_of_a_euchre_hand(hand, seats, keys):
    (counted, got_keys), = facts_of(euchre_match(hands=[hand]))
    if "renege" in hand:  # the side that did not renege has the renege's points
        assert {s: v.get("points_reneges") for s, v in counted.items()} == {
            "E": 2, "W": 2}
        counted = {s: {k: n for k, n in v.items() if k != "points_reneges"}
                   for s, v in counted.items()}
        counted = {s: v for s, v in counted.items() if v}
    assert counted == seats
    assert got_keys == keys


@pytest.mark.parametrize(("hand", "seats"), WHIST_CASES)
def test_the_facts_of_a_whist_deal(hand, seats):
    (counted, keys), = facts_of(whist_match(hands=[hand], rules={"honours": True}))
    assert keys == ()
    if seats is not None:
        assert counted == seats
    else:
        assert {s: v.get("revokes", 0) for s, v in counted.items()} == {
            "N": 0, "E": 1, "S": 0, "W": 1}
        assert all(v["deals"] == 1 for v in counted.values())


def test_a_partnership_counts_each_partner_and_the_side_once():
    """A side fact (euchres taken) is counted once by a partnership, a seat's own (called) for
    each partner."""
    statistics = GAMES["euchre"].statistics
    match = euchre_match(hands=[{"caller": "N", "makers_tricks": 1}], first_dealer="W")
    state = check_match(match).state
    counted = statistics.of_hand(match["hands"][0], state.hands[0].as_json(), None)
    sides = statistics.side_values(counted)
    assert sides["N"]["called"] == sides["S"]["called"] == 1 and "called" not in sides["E"]
    assert sides["E"]["euchres_taken"] == sides["W"]["euchres_taken"] == 1


@pytest.fixture
def app(tmp_path: Path):
    return create_app({"TESTING": True}, instance_path=tmp_path / "instance")


def test_a_player_of_two_games_sees_them_apart(app):
    client = app.test_client()
    for match in (MATCH_A, MATCH_C):
        assert client.post("/api/matches", json=match).status_code == 201
    listed = {p["name"]: p["id"] for p in client.get("/api/players").get_json()["players"]}
    body = client.get(f"/api/players/{listed['Ann']}").get_json()
    games = body["games"]
    assert set(games) == {"euchre", "whist"}
    assert games["euchre"]["matches"] == {"played": 1, "won": 1}
    assert games["whist"]["matches"]["played"] == 1
    assert body["matches"]["played"] == 2  # every game, as issue 14 counts it
    assert games["euchre"]["figures"] == body["euchre"]
    assert games["whist"]["figures"] == body["whist"] and body["whist"]["deals"] == 3
    assert "deals" not in games["euchre"]["figures"]  # a Whist deal is not a Euchre figure
    assert games["euchre"]["hands"] + games["whist"]["hands"] > 0
    page = client.get(f"/players/{listed['Ann']}").get_data(as_text=True)
    euchre = page[page.index('id="figs-euchre"'):page.index('id="figs-whist"')]
    whist = page[page.index('id="figs-whist"'):]
    assert "Hands called" in euchre and "Whist deals" not in euchre
    assert "Whist deals" in whist and "Hands called" not in whist.split("</section>")[0]


def snapshot(db) -> dict[str, list[tuple]]:
    tables = ("hand_facts", "seat_facts", "seat_stats", "match_facts", "player_days")
    return {t: sorted(db.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in tables}


def test_a_database_from_before_the_generic_facts_is_migrated(tmp_path: Path):
    """Matches stored before migration 0022 (the facts in Euchre's and Whist's own columns):
    the old tables go, every match's facts are rebuilt from its hands, the figures are the
    same as through the API."""
    path = tmp_path / "old.db"
    db = dbmod.connect(path)
    dbmod.migrations.apply(db, stop_before="0004_players")
    store_as_before_players(db, [("m1", MATCH_A, "2026-01-10T19:00:00Z"),
                                 ("m2", MATCH_B, "2026-02-15T19:00:00Z"),
                                 ("m3", MATCH_C, "2026-02-20T19:00:00Z")])
    dbmod.migrations.apply(db, stop_before="0022_game_facts")
    old_columns = {r[1] for r in db.execute("PRAGMA table_info(seat_facts)").fetchall()}
    assert "euchred" in old_columns  # the schema before: Euchre's own columns
    db.conn.commit()
    done = dbmod.migrate(db)  # 0022 and the migrations after it
    assert done[0] == "0022_game_facts"
    columns = {r[1] for r in db.execute("PRAGMA table_info(seat_facts)").fetchall()}
    assert not columns & {"euchred", "made", "honour_points", "role"}
    migrated = snapshot(db)
    assert migrated["seat_stats"] and migrated["player_days"]
    facts.rebuild_all(db)  # what the migration wrote is what a rebuild writes
    assert snapshot(db) == migrated
    db.conn.commit()
    db.conn.close()
    app = create_app({"TESTING": True}, instance_path=tmp_path / "inst")
    app.config["DATABASE"] = str(path)
    client = app.test_client()
    listed = {p["name"]: p["id"] for p in client.get("/api/players").get_json()["players"]}
    ann = client.get(f"/api/players/{listed['Ann']}").get_json()
    assert {k: ann[k] for k in ANN if k != "name"} == {k: v for k, v in ANN.items()
                                                      if k != "name"}
