"""Players and statistics (issue 14), through the real app and a real SQLite file: every figure
of matches with known hands (tests/support/stats_data.py), date ranges, partnerships, renaming and
merging, the match API's additions, the start form's player matching, the migration's backfill.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from support.helpers import become_organiser, euchre_match
from support.stats_data import (
    ANN,
    ANN_AND_CAI,
    BO,
    MATCH_A,
    MATCH_B,
    MATCH_C,
    seats_of_all_matches,
    store_as_before_players,
)

from scorekeeper import create_app
from scorekeeper.store import db as dbmod
from scorekeeper.store.db import sqlite3


def create(client, match) -> dict:
    r = client.post("/api/matches", json=match)
    assert r.status_code == 201, r.get_json()
    return r.get_json()


@pytest.fixture
def season(client) -> dict[str, str]:
    """Matches A, B and C imported; the players' ids by name; the client is the organiser
    (its API calls carry the organiser key)."""
    client.environ_base["HTTP_AUTHORIZATION"] = become_organiser(client)["Authorization"]
    ids: dict[str, str] = {}
    for match in (MATCH_A, MATCH_B, MATCH_C):
        body = create(client, match)
        ids.update({p["name"]: p["id"] for p in body["players"].values()})
    return ids


def figures(client, player_id: str, query: str = "") -> dict:
    r = client.get(f"/api/players/{player_id}{query}")
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_json()


def test_every_figure_of_a_player_is_counted_exactly(client, season):
    for expected in (ANN, BO):
        body = figures(client, season[expected["name"]])
        # issue 14's keys first, unchanged; each game's own figures after them (issue 23)
        assert list(body) == ["id", "name", "matches", "euchre", "by_suit", "by_round", "whist",
                              "five_hundred", "spades", "bridge", "games", "rating",
                              "sessions"]
        body.pop("games")
        body.pop("rating")  # tests/test_ratings_api.py
        assert body.pop("sessions") == []  # tests/test_player_sessions.py
        assert set(body.pop("five_hundred").values()) == {0}  # none played here
        assert set(body.pop("spades").values()) == {0}
        assert set(body.pop("bridge").values()) == {0}
        assert body == {"id": season[expected["name"]], **expected}


def test_the_players_list_counts_matches_played(client, season):
    body = client.get("/api/players").get_json()
    assert {p["name"]: p["matches"] for p in body["players"]} == {
        "Ann": 3, "Bo": 3, "Cai": 2, "Dee": 3, "Eve": 1}
    assert all(set(p) == {"id", "name", "matches"} for p in body["players"])


def test_a_date_range_is_inclusive(client, season):
    ann = season["Ann"]
    only_b_and_c = figures(client, ann, "?from=2026-02-15&to=2026-02-20")
    assert only_b_and_c["matches"] == {"played": 2, "won": 1}
    assert only_b_and_c["euchre"]["called"] == 1  # B1, the renege
    assert only_b_and_c["euchre"]["euchres_taken"] == 1  # B3
    assert only_b_and_c["whist"]["deals"] == 3
    only_a = figures(client, ann, "?to=2026-01-10")
    assert only_a["euchre"]["called"] == 3 and only_a["whist"]["deals"] == 0
    nothing = figures(client, ann, "?from=2027-01-01")
    assert nothing["matches"] == {"played": 0, "won": 0}
    assert nothing["euchre"]["called"] == 0
    listed = client.get("/api/players?from=2026-02-16").get_json()["players"]
    assert {p["name"]: p["matches"] for p in listed}["Ann"] == 1


@pytest.mark.parametrize(("query", "words"), [
    ("?from=2026-13-01", "2026-13-01"), ("?to=yesterday", "yesterday"),
    ("?from=2026-03-01&to=2026-01-01", "after"),
])
def test_a_bad_date_range_is_a_clear_400(client, season, query, words):
    for url in (f"/api/players/{season['Ann']}{query}", f"/api/players{query}"):
        r = client.get(url)
        assert r.status_code == 400
        assert words in r.get_json()["errors"][0]["message"]
    page = client.get(f"/players{query}")
    assert page.status_code == 400 and words in page.get_data(as_text=True)


def test_unknown_players_are_404(client, season):
    assert client.get("/api/players/nobody").status_code == 404
    assert client.get("/players/nobody").status_code == 404
    assert client.patch("/api/players/nobody", json={"name": "X"}).status_code == 404


def test_a_partnership_and_its_head_to_head(app, season):
    from scorekeeper.service import stats as service_stats
    from scorekeeper.store import stats
    from scorekeeper.store.db import connect

    def figures_of(who):
        return service_stats.figures(db, who, service_stats.DateRange())

    db = connect(app.config["DATABASE"])
    try:
        pair = figures_of(stats.Who(season["Ann"], season["Cai"]))
        assert pair["matches"] == ANN_AND_CAI["matches"]
        assert pair["euchre"] == ANN_AND_CAI["euchre"]
        vs = figures_of(stats.Who(season["Ann"], season["Cai"],
                                         (season["Dee"], season["Bo"])))
        assert vs["euchre"] == ANN_AND_CAI["euchre"]  # A and C were all against Bo & Dee
        assert figures_of(stats.Who(season["Ann"], season["Cai"],
                                           (season["Eve"], season["Bo"])))["hands"] == 0
        other = figures_of(stats.Who(season["Bo"], season["Dee"],
                                            (season["Ann"], season["Cai"])))
        # A1, A4, A6, A7 called by Bo & Dee; A1 and A7 made; A4 a lone euchre; A6 a renege
        assert other["euchre"]["called"] == 4 and other["euchre"]["made"] == 2
        assert other["euchre"]["euchres_taken"] == 1  # A8
        assert other["matches"] == {"played": 2, "won": 0}
    finally:
        db.conn.close()


def test_the_match_api_takes_player_ids_and_answers_with_both(client, season):
    seats = {"N": {"player": season["Ann"]}, "E": "bo", "S": " CAI ", "W": "Zed"}
    body = create(client, euchre_match(seats=seats, date="2025-12-31"))
    assert body["date"] == "2025-12-31"
    players = body["players"]
    assert players["N"] == {"id": season["Ann"], "name": "Ann"}
    assert players["E"]["id"] == season["Bo"]  # case ignored
    assert players["S"]["id"] == season["Cai"]  # spaces ignored
    assert players["W"]["id"] not in season.values()  # a new player
    read = client.get(f"/api/matches/{body['id']}").get_json()
    assert read["match"]["seats"] == {"N": "Ann", "E": "bo", "S": " CAI ", "W": "Zed"}
    assert read["date"] == "2025-12-31" and read["players"] == players
    assert "date" not in read["match"]  # the match file keeps its own keys


@pytest.mark.parametrize(("change", "field", "words"), [
    ({"date": "2026-02-30"}, "date", "2026-02-30"),
    ({"date": 20260101}, "date", "20260101"),
    ({"seats": {"N": {"player": "nobody"}, "E": "B", "S": "C", "W": "D"}}, "seats.N",
     "nobody"),
])
def test_bad_dates_and_unknown_player_ids_are_refused(client, change, field, words):
    r = client.post("/api/matches", json=euchre_match(**change))
    assert r.status_code == 422
    error = r.get_json()["errors"][0]
    assert error["field"] == field and words in error["message"]


def test_one_player_holds_one_seat(client, season):
    # two people of the same name at one table are two players (the first keeps the known one)
    body = create(client, euchre_match(seats={"N": "Ann", "E": "Bo", "S": "ann", "W": "Dee"}))
    players = body["players"]
    assert players["N"]["id"] == season["Ann"]
    assert players["S"]["id"] not in season.values() and players["S"]["name"] == "ann"
    # a seat given by id comes first: the same name at another seat is someone else
    body = create(client, euchre_match(seats={"N": "Ann", "E": "Bo", "S": {"player": season["Ann"]},
                                              "W": "Dee"}))
    assert body["players"]["S"]["id"] == season["Ann"]
    assert body["players"]["N"]["id"] not in season.values()
    # the same id at two seats is refused in words, nothing stored
    before = client.get("/api/players").get_json()
    r = client.post("/api/matches", json=euchre_match(seats={
        "N": {"player": season["Ann"]}, "E": "Bo", "S": {"player": season["Ann"]}, "W": "Dee"}))
    assert r.status_code == 422
    assert r.get_json()["errors"] == [{"hand": None, "field": "seats.S",
                                       "message": "Ann is already at another seat of this match"}]
    assert client.get("/api/players").get_json() == before


def test_the_date_defaults_to_the_day_played_or_today(client):
    from datetime import UTC, datetime

    today = datetime.now(UTC).date().isoformat()
    assert create(client, euchre_match())["date"] == today
    assert create(client, euchre_match(played="2024-05-29T16:30"))["date"] == "2024-05-29"


def hand_count(app) -> int:
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        return conn.execute("SELECT COUNT(*) FROM hand_facts").fetchone()[0]
    finally:
        conn.close()


def test_renaming_shows_everywhere_and_keeps_every_hand(app, client, season):
    ann = season["Ann"]
    before, hands = figures(client, ann), hand_count(app)
    r = client.patch(f"/api/players/{ann}", json={"name": "Anna", "short_name": "AN"})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["name"] == "Anna" and r.get_json()["matches_changed"] == 3
    after = figures(client, ann)
    assert after == {**before, "name": "Anna"}
    assert hand_count(app) == hands
    listed = [p["name"] for p in client.get("/api/players").get_json()["players"]]
    assert "Anna" in listed and "Ann" not in listed
    csv_text = client.get("/export/hands.csv").get_data(as_text=True)
    assert "Anna" in csv_text and ",Ann," not in csv_text
    for seats in seats_of_all_matches(client):
        assert "Ann" not in seats.values()
    page = client.get(f"/players/{ann}").get_data(as_text=True)
    assert "Ann renamed to Anna: 3 seats in 3 matches" in page


@pytest.mark.parametrize("body", [{"name": ""}, {"name": "x" * 41}, {"nom": "X"},
                                  {"name": "A", "short_name": "TOOLONG"}])
def test_a_bad_rename_is_422(client, season, body):
    r = client.patch(f"/api/players/{season['Ann']}", json=body)
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["message"]


def test_merging_moves_every_seat_and_hand(app, client, season):
    evie = create(client, euchre_match(
        seats={"N": "Evie", "E": "Gus", "S": "Hal", "W": "Ivy"},
        hands=[{"caller": "N", "makers_tricks": 5}]))["players"]["N"]["id"]
    eve, hands = season["Eve"], hand_count(app)
    r = client.post(f"/api/players/{eve}/merge", json={"into": evie})
    assert r.status_code == 200, r.get_json()
    merged = r.get_json()
    assert merged["id"] == evie and merged["matches"] == {"played": 2, "won": 0}
    assert merged["euchre"]["called"] == 1 and merged["euchre"]["marches"] == 1
    assert merged["euchre"]["euchres_taken"] == 1  # Eve's B3
    assert hand_count(app) == hands
    gone = client.get(f"/api/players/{eve}")
    assert gone.status_code == 301 and gone.headers["Location"].endswith(f"/api/players/{evie}")
    names = {p["name"] for p in client.get("/api/players").get_json()["players"]}
    assert "Eve" not in names and "Evie" in names
    assert {"N": "Bo", "E": "Ann", "S": "Dee", "W": "Evie"} in seats_of_all_matches(client)
    again = client.post(f"/api/players/{eve}/merge", json={"into": evie})
    assert again.status_code == 409
    assert client.post(f"/api/players/{evie}/merge",
                       json={"into": evie}).status_code == 422
    assert client.post(f"/api/players/{evie}/merge", json={"into": "nobody"}).status_code == 422
    page = client.get(f"/players/{evie}").get_data(as_text=True)
    assert "Eve merged into Evie: 1 seat in 1 match" in page


@pytest.mark.app_config(PLAYER_EDIT_LIMIT="2 per hour")
def test_renames_are_rate_limited_per_address(client, season):
    for n in range(2):
        assert client.patch(f"/api/players/{season['Ann']}",
                            json={"name": f"Ann {n}"}).status_code == 200
    r = client.patch(f"/api/players/{season['Ann']}", json={"name": "Ann 3"})
    assert r.status_code == 429 and r.headers["Retry-After"]
    assert "Too many changes to players" in r.get_json()["errors"][0]["message"]


def test_hands_csv_has_one_row_per_hand_passed_hands_included(client, season):
    r = client.get("/export/hands.csv")
    assert r.status_code == 200 and r.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(r.get_data(as_text=True))))
    assert len(rows) == 10 + 3 + 3
    assert sum(row["result"] == "passed" for row in rows) == 2
    first = rows[0]
    assert (first["date"], first["player_N"], first["caller_name"], first["trump"],
            first["round"], first["caller_seat_from_dealer"]) == (
        "2026-01-10", "Ann", "Bo", "H", "1", "1")
    whist = [row for row in rows if row["game"] == "whist"]
    assert [row["tricks_NS"] for row in whist] == ["9", "5", "7"]
    assert whist[2]["revoke_by"] == "EW" and whist[2]["revoke_penalty"] == "add3"
    ranged = list(csv.DictReader(io.StringIO(client.get(
        "/export/hands.csv?from=2026-02-01&to=2026-02-15").get_data(as_text=True))))
    assert len(ranged) == 3


def test_stats_csv_matches_the_json(client, season):
    rows = list(csv.DictReader(io.StringIO(client.get("/export/stats.csv").get_data(
        as_text=True))))
    ann = next(row for row in rows if row["name"] == "Ann")
    # each game's columns named after it (issue 23): <game>_<fact>, <game>_<by>_<code>_<fact>
    assert int(ann["matches_played"]) == 3 and int(ann["euchre_called"]) == 4
    assert int(ann["euchre_matches_played"]) == 2 and int(ann["whist_matches_played"]) == 1
    assert int(ann["euchre_suit_H_made"]) == 2 and int(ann["euchre_round_2_euchres_taken"]) == 2
    assert int(ann["euchre_seat_1_called"]) == 2  # A8 and B1 from the dealer's left
    assert int(ann["whist_tricks"]) == 21


def test_recording_correcting_and_undoing_keep_the_facts(app, client, matches):
    match_id, _key = matches.create(euchre_match(seats={"N": "Kim", "E": "Lu", "S": "Mo",
                                                        "W": "Ned"}))
    kim = client.get(f"/api/matches/{match_id}").get_json()["players"]["N"]["id"]
    assert matches.record(match_id, {"caller": "N", "makers_tricks": 5}).ok
    assert figures(client, kim)["euchre"]["marches"] == 1
    with app.app_context():
        from scorekeeper import service
        from scorekeeper.store.db import get_db

        assert service.correct_hand(get_db(), match_id, 1,
                                    {"caller": "N", "makers_tricks": 1}).ok
        assert figures(client, kim)["euchre"] == {**figures(client, kim)["euchre"],
                                                  "called": 1, "euchred": 1, "marches": 0}
        assert service.undo_last(get_db(), match_id, 1).ok
    assert figures(client, kim)["euchre"]["called"] == 0
    assert figures(client, kim)["matches"]["played"] == 0  # no hand recorded: not played


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_the_start_form_links_names_unless_new_player(client, season):
    form = {"game": "euchre", "N": " ann ", "E": "BO", "S": "Cai", "W": "Dee",
            "first_dealer": "N", "preset_euchre": "standard"}
    home = client.get("/").get_data(as_text=True)
    assert '<datalist id="known-players">' in home and 'value="Ann"' in home
    r = client.post("/start", data=form)
    assert r.status_code == 303
    first = r.headers["Location"].rsplit("/", 1)[-1]
    players = client.get(f"/api/matches/{first}").get_json()["players"]
    assert players["N"]["id"] == season["Ann"] and players["E"]["id"] == season["Bo"]
    r = client.post("/start", data={**form, "N_new": "y"})
    second = r.headers["Location"].rsplit("/", 1)[-1]
    players = client.get(f"/api/matches/{second}").get_json()["players"]
    assert players["N"]["id"] != season["Ann"] and players["N"]["name"] == "ann"
    assert players["E"]["id"] == season["Bo"]


def test_a_rematch_keeps_the_players(client, app, season):
    body = create(client, {**MATCH_A, "date": "2026-01-11"})
    with app.app_context():
        from scorekeeper import service
        from scorekeeper.store.db import get_db

        new_id = service.rematch(get_db(), body["id"], "secret").match_id
    again = client.get(f"/api/matches/{new_id}").get_json()
    assert again["players"] == body["players"]


def test_the_migration_links_existing_matches_and_fills_the_facts(tmp_path: Path):
    """A database from before issue 14: matches stored by the old schema only."""
    path = tmp_path / "old.db"
    db = dbmod.connect(path)
    dbmod.migrations.apply(db, stop_before="0004_players")
    old = [("m1", MATCH_A, "2026-01-10T19:00:00Z"), ("m2", MATCH_B, "2026-02-15T19:00:00Z")]
    store_as_before_players(db, old)
    db.conn.commit()
    db.conn.close()
    app = create_app({"TESTING": True}, instance_path=tmp_path / "inst")
    app.config["DATABASE"] = str(path)
    db = dbmod.connect(path)
    assert dbmod.migrate(db)[0] == "0004_players"  # then any later ones
    db.conn.close()
    client = app.test_client()
    listed = {p["name"]: p for p in client.get("/api/players").get_json()["players"]}
    assert {n: p["matches"] for n, p in listed.items()} == {
        "Ann": 2, "Bo": 2, "Cai": 1, "Dee": 2, "Eve": 1}
    ann = figures(client, listed["Ann"]["id"])
    assert ann["euchre"] == ANN["euchre"]  # the same figures as through the API
    assert client.get("/api/matches/m1").get_json()["date"] == "2026-01-10"


def test_the_export_csv_command_writes_the_same_rows(app, client, season, tmp_path):
    import subprocess
    import sys

    from support.helpers import ROOT

    instance = Path(app.config["DATABASE"]).parent
    out = tmp_path / "hands.csv"
    proc = subprocess.run([sys.executable, "-m", "scorekeeper", "export-csv", "--instance",
                           str(instance), "--from", "2026-02-01", "-o", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes().decode() == client.get(
        "/export/hands.csv?from=2026-02-01").get_data(as_text=True)
    proc = subprocess.run([sys.executable, "-m", "scorekeeper", "export-csv", "--instance",
                           str(instance), "--stats"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, check=False)
    assert proc.returncode == 0 and proc.stdout.replace("\r\n", "\n") == client.get(
        "/export/stats.csv").get_data(as_text=True).replace("\r\n", "\n")
    bad = subprocess.run([sys.executable, "-m", "scorekeeper", "export-csv", "--instance",
                          str(instance), "--to", "someday"], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, check=False)
    assert bad.returncode == 2 and "2026-05-29" in bad.stderr


def test_the_table_of_players_agrees_with_each_players_figures(app, client, season):
    """The table sums a per-day rollup; each player's page counts the hands: the same."""
    from scorekeeper.store import stats
    from scorekeeper.store.db import connect

    evie = create(client, euchre_match(seats={"N": "Evie", "E": "Bo", "S": "Hal", "W": "Ann"},
                                       hands=[{"caller": "W", "makers_tricks": 1}]))
    assert client.post(f"/api/players/{season['Eve']}/merge",
                       json={"into": evie["players"]["N"]["id"]}).status_code == 200
    db = connect(app.config["DATABASE"])
    try:
        for span in ((None, None), ("2026-02-01", None), (None, "2026-02-15")):
            for row in stats.player_list(db, *span):
                one = stats.game_sums(db, stats.Who(row["id"]), *span)
                assert (row["played"], row["won"]) == stats.matches(
                    db, stats.Who(row["id"]), *span), row["name"]
                for game, sums in one.items():
                    assert {k: v for k, v in row["games"].get(game, {}).items()
                            if k not in ("matches", "won")} == {
                        k: v for k, v in sums.totals.items() if v}, row["name"]
    finally:
        db.conn.close()


def test_csv_cells_never_start_a_spreadsheet_formula(client):
    create(client, euchre_match(seats={"N": "=HYPERLINK(1)", "E": "+Bo", "S": "@Cai",
                                       "W": "-Dee"},
                                hands=[{"caller": "N", "makers_tricks": 3, "note": "=1+1"}]))
    text = client.get("/export/hands.csv").get_data(as_text=True)
    row = next(csv.DictReader(io.StringIO(text)))
    assert (row["player_N"], row["player_E"], row["player_S"], row["player_W"], row["note"]) \
        == ("'=HYPERLINK(1)", "'+Bo", "'@Cai", "'-Dee", "'=1+1")
    assert row["points_NS"] == "1"
    stats_rows = client.get("/export/stats.csv").get_data(as_text=True)
    assert "'=HYPERLINK(1)" in stats_rows


def test_the_players_pages_answer_on_an_empty_server(client):
    assert "No players yet" in client.get("/players").get_data(as_text=True)
    assert client.get("/api/players").get_json() == {"players": []}
    assert client.get("/export/hands.csv").get_data(as_text=True).startswith("match,hand,")


def test_an_egn_game_and_a_match_file_are_matched_to_players_the_same_way(app, client):
    from support.helpers import SHARED

    with open(SHARED / "data" / "egn" / "Epic Comeback.egn", encoding="utf-8") as f:
        egn = json.load(f)
    first = create(client, egn)
    second = create(client, egn)
    assert first["players"] == second["players"]  # the same names: the same players
    names = [p["name"] for p in first["players"].values()]
    assert len(names) == 4
    hands = len(first["state"]["hands"])
    listed = client.get("/export/hands.csv").get_data(as_text=True).strip().splitlines()
    assert len(listed) == 1 + 2 * hands


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_an_imported_match_file_links_its_players(client, season):
    match = {**MATCH_A, "seats": {"N": "ANN", "E": "Bo", "S": "Cai", "W": "Zoe"}}
    upload = client.post("/import", data={"file": (io.BytesIO(json.dumps(match).encode()),
                                                   "a.json")},
                         content_type="multipart/form-data")
    assert upload.status_code == 303
    match_id = upload.headers["Location"].rsplit("/", 1)[-1]
    body = client.get(f"/api/matches/{match_id}").get_json()
    assert body["date"] == "2026-01-10"
    assert body["players"]["N"]["id"] == season["Ann"]
    assert body["players"]["W"]["name"] == "Zoe"
    assert figures(client, season["Ann"])["euchre"]["called"] == ANN["euchre"]["called"] + 3


@pytest.mark.parametrize(("path", "query"), [
    ("/players/{x}", "player_id=x&from=2026-01-01"),
    ("/api/players/{x}", "player_id=x&_external=1&_scheme=javascript"),
    ("/players/{x}/with/{y}", "a=1&b=2&a=3"),
])
def test_a_merged_players_address_redirects_with_its_query_as_it_came(client, season, path,
                                                                       query):
    ann, bo = season["Ann"], season["Bo"]
    other = create(client, euchre_match(seats={"N": "Annie", "E": "Gus", "S": "Hal",
                                               "W": "Ivy"}))["players"]["N"]["id"]
    assert client.post(f"/api/players/{ann}/merge", json={"into": other}).status_code == 200
    r = client.get(path.format(x=ann, y=bo) + "?" + query)
    assert r.status_code == 301, r.status_code  # once a 500: url_for(**request.args)
    assert r.headers["Location"] == path.format(x=other, y=bo) + "?" + query
