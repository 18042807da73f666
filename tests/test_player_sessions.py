"""A player's duplicate sessions (issue 39) through the service, the JSON API and the player's
page: the pairs' names are players by the rule a match's seats follow (case, spaces and width
aside; a name twice in one session is two people); each session shows the pair, the partner,
the field's rank and the percentage or IMPs, apart from the player's matches; merged players
keep their sessions; and the ratings count each field as one game of many pairs, ranked as
the session ranks them (docs/statistics.md)."""

from __future__ import annotations

import copy
import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.service import player_changes, ratings
from scorekeeper.service.player_sessions import player_sessions, session_rankings
from scorekeeper.service.stats import DateRange
from scorekeeper.store.db import get_db

SESSIONS = Path(__file__).parent / "data" / "sessions"
SEATS = {"N": "Ann", "E": "Cai", "S": "Bo", "W": "Dee"}


def golden(name: str) -> dict[str, Any]:
    return json.loads((SESSIONS / name).read_text())


def two_pairs(pairs: dict[str, list[str]], results: list[dict[str, Any]] | None = None
              ) -> dict[str, Any]:
    return {"format": "scorekeeper-session/1", "game": "bridge", "name": "Tuesday",
            "date": "2026-12-08", "scoring": "matchpoints", "pairs": pairs,
            "results": results or []}


def post_session(client, body: dict[str, Any]) -> str:
    r = client.post("/api/sessions", json=body)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def post_match(client, seats: dict[str, str] = SEATS) -> str:
    r = client.post("/api/matches", json={"format": "scorekeeper-match/1", "game": "euchre",
                                          "seats": seats})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def player_ids(app, match_id: str) -> dict[str, str]:
    with app.app_context():
        return {seat: pid for seat, pid in get_db().execute(
            "SELECT seat, player FROM match_players WHERE match_id = ?", [match_id])}


def linked(app, session_id: str) -> dict[tuple[str, int], str]:
    with app.app_context():
        return {(pair, slot): player for pair, slot, player in get_db().execute(
            "SELECT pair, slot, player FROM session_players WHERE session_id = ?",
            [session_id])}


@pytest.mark.parametrize(("typed", "same"), [
    ("Ann", True), ("ann", True), (" Ann ", True), ("A nn", True), ("Ａｎｎ", True),
    ("Anne", False), ("Zed", False),
])
def test_a_pairs_name_is_the_player_a_match_seat_of_that_name_is(app, client, typed,
                                                                   same) -> None:
    ann = player_ids(app, post_match(client))["N"]
    session_id = post_session(client, two_pairs({"N1": [typed, "Eve"], "E1": ["Fay", "Gus"]}))
    assert (linked(app, session_id)[("N1", 0)] == ann) is same
    other = client.post("/api/matches", json={"format": "scorekeeper-match/1",
                                              "game": "euchre",
                                              "seats": {**SEATS, "N": typed}}).get_json()["id"]
    assert player_ids(app, other)["N"] == linked(app, session_id)[("N1", 0)]  # both ways


def test_one_name_twice_in_a_session_is_two_players(app, client) -> None:
    session_id = post_session(client, two_pairs({"N1": ["Ann", "Ann"], "E1": ["Bo", "ann"]}))
    links = linked(app, session_id)
    assert len(set(links.values())) == 4


def test_the_api_lists_a_players_sessions_with_rank_and_percentage(app, client) -> None:
    session_id = post_session(client, golden("mitchell-7-tables.json"))
    ann = linked(app, session_id)[("N3", 0)]  # Eve, first of the NS field
    body = client.get(f"/api/players/{ann}").get_json()
    assert body["name"] == "Eve" and body["matches"]["played"] == 0
    [line] = body["sessions"]
    assert line == {"id": session_id, "name": line["name"], "date": "2026-12-08",
                    "pair": "N3", "partner": {"id": linked(app, session_id)[("N3", 1)],
                                              "name": "Fay"},
                    "direction": "NS", "rank": "1", "of": 7, "percent": 64.88, "imps": None}


@pytest.mark.parametrize(("pair", "slot", "says"), [
    ("N3", 0, ["With Fay · Pair N3 NS", "64.88%", "rank 1 of 7"]),
    ("E6", 1, ["With Yan · Pair E6 EW", "42.16%", "rank 7 of 7"]),
])
def test_the_player_page_shows_each_session_apart_from_matches(app, client, pair, slot,
                                                               says) -> None:
    session_id = post_session(client, golden("mitchell-7-tables.json"))
    pid = linked(app, session_id)[(pair, slot)]
    page = html.unescape(client.get(f"/players/{pid}").get_data(as_text=True))
    section = re.search(r'<section class="card" aria-labelledby="sessions-h".*?</section>',
                        page, re.S).group(0)
    words = " ".join(re.sub(r"<[^>]+>", " ", section).split())
    assert words.startswith("Duplicate sessions 2026-12-08 · ")
    for said in says:
        assert said in words, words
    assert f'href="/s/{session_id}/pairs/{pair}"' in section
    assert "No matches in this range." in page  # the matches stay apart


def test_an_imp_session_shows_imps_and_a_pair_yet_to_play_says_so(app, client) -> None:
    session_id = post_session(client, golden("howell-imps.json"))
    bo = linked(app, session_id)[("2", 1)]
    words = " ".join(re.sub(r"<[^>]+>", " ", html.unescape(
        client.get(f"/players/{bo}").get_data(as_text=True))).split())
    assert "−20 IMPs rank 4 of 4" in words
    waiting = post_session(client, two_pairs({"N1": ["Kim", "Lee"], "E1": ["Max", "Ned"]}))
    kim = linked(app, waiting)[("N1", 0)]
    assert "no board played yet" in client.get(f"/players/{kim}").get_data(as_text=True)


@pytest.mark.parametrize(("frm", "to", "shown"), [
    ("2026-12-08", "2026-12-08", 1), ("2026-12-09", None, 0), (None, "2026-12-07", 0),
    (None, None, 1)])
def test_the_date_range_holds_for_sessions(app, client, frm, to, shown) -> None:
    session_id = post_session(client, golden("mitchell-7-tables.json"))
    pid = linked(app, session_id)[("N1", 0)]
    with app.app_context():
        assert len(player_sessions(get_db(), pid, DateRange(frm, to))) == shown


def test_a_merged_player_keeps_their_sessions_and_an_undo_gives_them_back(app,
                                                                          client) -> None:
    session_id = post_session(client, golden("howell-imps.json"))
    ann_session = linked(app, session_id)[("1", 0)]
    with app.app_context():
        db = get_db()
        other = player_changes.rename(db, ann_session, "Ann Smith", None, "test")
        assert other.status == "ok"
        ann_match = player_ids(app, post_match(client, {**SEATS, "N": "Zoe"}))["N"]
        merged = player_changes.merge(db, ann_session, ann_match, "test")
        assert merged.status == "ok", merged.problems
        assert [s.id for s in player_sessions(db, ann_match, DateRange())] == [session_id]
        assert player_sessions(db, ann_session, DateRange()) == []  # gone into ann_match
        assert player_changes.undo(db, merged.change, "test").status == "ok"
        assert player_sessions(db, ann_match, DateRange()) == []
        assert len(player_sessions(db, ann_session, DateRange())) == 1


def test_the_ratings_count_each_field_as_one_game_ranked_as_the_session_ranks(
        app, client) -> None:
    session_id = post_session(client, golden("mitchell-7-tables.json"))
    links = linked(app, session_id)
    with app.app_context():
        rated = ratings.player_ratings(get_db())
    assert {rated[p].games for p in links.values()} == {1}  # one field each
    ns = ["N3", "N4", "N7", "N5", "N2", "N1", "N6"]  # the session's NS ranks, first to last
    shown = [rated[links[(pair, 0)]].shown for pair in ns]
    assert shown == sorted(shown, reverse=True) and shown[0] > shown[-1]
    assert rated[links[("N3", 0)]].shown == rated[links[("N3", 1)]].shown  # partners alike
    body = client.get(f"/api/players/{links[('E2', 0)]}").get_json()
    assert body["rating"]["games"] == 1 and body["rating"]["value"] > 0 > client.get(
        f"/api/players/{links[('E6', 0)]}").get_json()["rating"]["value"]


def test_a_shared_rank_is_a_tie_and_an_unplayed_pair_is_not_rated(app, client) -> None:
    body = golden("howell-imps.json")
    tied = copy.deepcopy(body)
    tied["results"] = [  # every board passed out: everyone on 0 IMPs, rank 1=
        {k: v for k, v in r.items() if k in ("board", "ns", "ew", "round", "table")}
        | {"passed": True} for r in body["results"]]
    session_id = post_session(client, tied)
    waiting = post_session(client, two_pairs({"N1": ["Kim", "Lee"], "E1": ["Max", "Ned"]}))
    with app.app_context():
        rated = ratings.player_ratings(get_db())
    values = {rated[p].shown for p in linked(app, session_id).values()}
    assert len(values) == 1  # all tied: all alike
    assert not set(linked(app, waiting).values()) & set(rated)


def test_sessions_and_matches_rate_in_the_order_they_were_stored(app, client) -> None:
    """A match after a session starts from the session's ratings: Eve and Fay win the NS
    field, then (against Mo and Ned, third) a match; each is rated from two games, worked out
    in that order, not the other."""
    session_id = post_session(client, golden("mitchell-7-tables.json"))
    links = linked(app, session_id)
    with app.app_context():  # stored before the match (stamps are to the second)
        get_db().execute("UPDATE sessions SET created = '2000-01-01T19:00:00Z'")
        get_db().conn.commit()
    match = json.loads((Path(__file__).parent / "data" / "golden" / "matches" /
                        "euchre-full-game.json").read_text())  # North–South win it
    match["seats"] = {"N": "Eve", "S": "Fay", "E": "Mo", "W": "Ned"}
    assert client.post("/api/matches", json=match).status_code == 201
    with app.app_context():
        rated = ratings.player_ratings(get_db())
        fields = [r for _when, r in session_rankings(get_db())]
    eve, fay, mo, ned = (links[k] for k in (("N3", 0), ("N3", 1), ("N7", 0), ("N7", 1)))
    game = ratings.ranking(((eve, fay), (mo, ned), "NS"))
    assert rated[eve].games == rated[mo].games == 2
    in_order = ratings.rate_rankings([*fields, game])
    assert (rated[eve].mu, rated[eve].sigma) == (in_order[eve].mu, in_order[eve].sigma)
    backwards = ratings.rate_rankings([game, *fields])
    assert round(backwards[eve].mu, 6) != round(in_order[eve].mu, 6)


def test_sessions_stored_before_the_players_links_are_linked_by_the_migration(tmp_path):
    """A database from before 0032: its sessions' names become players on upgrade, by the same
    rule (a name a match already has is that player)."""
    from scorekeeper.store import db as dbmod

    db = dbmod.connect(tmp_path / "old.db")
    dbmod.migrations.apply(db, stop_before="0032_session_players")
    db.execute("INSERT INTO players (id, name, norm, created) VALUES ('ann1', 'Ann', 'ann', 'c')")
    pairs = {"N1": ["ANN", "Bo"], "E1": ["Cai", "Dee"]}
    db.execute("INSERT INTO sessions (id, edit_key_hash, game, data, created, updated)"
               " VALUES ('s1', 'h', 'bridge', ?, 'c', 'u')", [json.dumps({"pairs": pairs})])
    db.conn.commit()
    assert "0032_session_players" in dbmod.migrate(db)
    rows = {(r[0], r[1]): r[2] for r in db.execute(
        "SELECT pair, slot, p.name FROM session_players JOIN players p ON p.id = player")}
    assert rows == {("N1", 0): "Ann", ("N1", 1): "Bo", ("E1", 0): "Cai", ("E1", 1): "Dee"}
    db.conn.close()


def test_a_result_entered_later_shows_at_once(app, client) -> None:
    """A session's standing is kept per version: a new result is a new version."""
    created = client.post("/api/sessions", json=two_pairs(
        {"N1": ["Kim", "Lee"], "E1": ["Max", "Ned"], "N2": ["Oli", "Pat"],
         "E2": ["Quy", "Ray"]})).get_json()
    kim = linked(app, created["id"])[("N1", 0)]
    assert client.get(f"/api/players/{kim}").get_json()["sessions"][0]["rank"] is None
    for ns, ew, tricks in (("N1", "E1", 10), ("N2", "E2", 8)):
        r = client.post(f"/api/sessions/{created['id']}/results", json={
            "board": 1, "ns": ns, "ew": ew, "contract": "4S", "declarer": "N",
            "tricks": tricks}, headers={"Authorization": f"Bearer {created['edit_key']}"})
        assert r.status_code in (200, 201), r.get_json()
    [line] = client.get(f"/api/players/{kim}").get_json()["sessions"]
    assert (line["rank"], line["of"], line["percent"]) == ("1", 2, 100.0)


def test_two_players_of_one_session_are_two_people_and_are_not_merged(app, client) -> None:
    session_id = post_session(client, golden("howell-imps.json"))
    links = linked(app, session_id)
    ann, dee = links[("1", 0)], links[("2", 1)]  # opponents in one session, never one table
    with app.app_context():
        db = get_db()
        refused = player_changes.merge(db, ann, dee, "test")
        assert refused.status == "illegal" and refused.problems[0].code == \
            "player.shared_session"
        assert refused.problems[0].params == {
            "name": "Ann", "into": "Dee", "date": "2026-12-09",
            "session": "Teams-style IMP pairs, a two-table Howell"}
        from scorekeeper.service import stats
        offered = {c[0] for c in stats.merge_candidates(db, ann)}
        assert not offered & set(links.values())
    zoe = player_ids(app, post_match(client, {**SEATS, "N": "Zoe"}))["N"]
    with app.app_context():
        assert zoe in {c[0] for c in stats.merge_candidates(get_db(), ann)}
