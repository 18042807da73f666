"""Club nights changed while they run (issue 15): late arrivals, early leavers, moving a
player, ending a round early, rounds to a target and timed rounds; through the JSON API on a
real SQLite file, with the director's key."""

from __future__ import annotations

import random
import re
from datetime import datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.events import bearer, create, play_round

NAMES = [f"Player {i:02d}" for i in range(64)]


def seating(event):
    """Every round's seats and sit-outs, as the API shows them."""
    return [(r["no"], [t["seats"] for t in r["tables"]], r["sit_outs"]) for r in event["rounds"]]


def get(client, event, key):
    return client.get(f"/api/events/{event['id']}", headers=bearer(key)).get_json()


def new_event(client, **body):
    answer = create(client, **body)
    assert answer.status_code == 201, answer.get_json()
    event = answer.get_json()
    return event, event["director_key"]


def names_in(rnd):
    return sorted([n for t in rnd["tables"] for n in t["seats"].values()] + rnd["sit_outs"])


def test_a_late_arrival_changes_only_the_rounds_not_started_and_the_same_seed_agrees(client):
    plans = []
    for _ in range(2):
        event, key = new_event(client, players=NAMES[:12], rounds=5, seed=21)
        before = seating(event)
        added = client.post(f"/api/events/{event['id']}/players", json={"name": "Late Lou"},
                            headers=bearer(key))
        assert added.status_code == 201, added.get_json()
        after = added.get_json()
        assert after["players"][-1] == "Late Lou"
        assert after["roster"][-1] == {"number": 13, "name": "Late Lou", "from_round": 2,
                                       "gone_from": None}
        assert seating(after)[0] == before[0]  # round 1 has started: it stays
        for rnd in after["rounds"][1:]:
            assert names_in(rnd) == sorted([*NAMES[:12], "Late Lou"])
            assert len(rnd["sit_outs"]) == 1
        assert "Late Lou" not in names_in(after["rounds"][0])
        # the late arrival missed round 1: the others sit out first
        assert "Late Lou" not in after["rounds"][1]["sit_outs"]
        sits = {}
        for rnd in after["rounds"][1:]:
            for n in rnd["sit_outs"]:
                sits[n] = sits.get(n, 0) + 1
        assert max(sits.values()) == 1
        assert after["method"] == "search" and after["quality"]["repeated_partners"] == 0
        plans.append(seating(after))
    assert plans[0] == plans[1]  # the same seed gives the same schedule


def test_a_leaver_keeps_the_points_played_and_leaves_the_later_rounds(client):
    event, key = new_event(client, players=NAMES[:16], rounds=4, hands_per_round=2)
    before = seating(event)
    leaver = event["rounds"][0]["tables"][0]["seats"]["N"]
    number = NAMES.index(leaver) + 1
    gone = client.patch(f"/api/events/{event['id']}/players/{number}", json={"gone_from": 3},
                        headers=bearer(key))
    assert gone.status_code == 200, gone.get_json()
    after = gone.get_json()
    assert seating(after)[:2] == before[:2]  # rounds 1 and 2 keep their seats
    for rnd in after["rounds"][2:]:
        assert leaver not in names_in(rnd) and len(rnd["sit_outs"]) == 3
    expected = play_round(client, after, 1, random.Random(3))
    final = get(client, event, key)
    line = next(s for s in final["standings"] if s["player"] == leaver)
    assert line["points"] == expected[leaver][0]
    assert final["roster"][number - 1]["gone_from"] == 3


def test_a_late_arrival_in_a_progressive_evening_plays_the_next_round(client):
    event, key = new_event(client, players=NAMES[:16], movement="progressive", rounds=3,
                           hands_per_round=1)
    # Lou is a player of the club already (seated once): the director picks him by id.
    client.post("/api/matches", json={"format": "scorekeeper-match/1", "game": "euchre",
                                      "seats": {"N": "Late Lou", "E": "B", "S": "C", "W": "D"}})
    lou = next(p["id"] for p in client.get("/api/players").get_json()["players"]
               if p["name"] == "Late Lou")
    added = client.post(f"/api/events/{event['id']}/players",
                        json={"name": "Late Lou", "player": lou}, headers=bearer(key))
    assert added.status_code == 201
    play_round(client, added.get_json(), 1, random.Random(5))
    event = get(client, event, key)
    for t in [t for t in event["rounds"][0]["tables"] if t["tied"]]:
        client.post(f"/api/events/{event['id']}/rounds/1/tables/{t['table']}/decider",
                    json={"winner": "NS"}, headers=bearer(key))
    event = get(client, event, key)
    upcoming = event["rounds"][1]
    assert names_in(upcoming) == sorted([*NAMES[:16], "Late Lou"])
    assert len(upcoming["sit_outs"]) == 1 and "Late Lou" not in upcoming["sit_outs"]
    started = client.post(f"/api/events/{event['id']}/rounds", headers=bearer(key))
    assert started.status_code == 201
    assert all(t["match"] for t in started.get_json()["rounds"][1]["tables"])
    assert seating(started.get_json())[1][1] == [t["seats"] for t in upcoming["tables"]]


def test_moving_a_player_swaps_two_places_in_a_round_not_started(client):
    event, key = new_event(client, players=NAMES[:13], rounds=3)
    rnd = event["rounds"][1]
    a = rnd["tables"][0]["seats"]["N"]
    b = rnd["tables"][1]["seats"]["E"]
    sitter = rnd["sit_outs"][0]
    url = f"/api/events/{event['id']}/rounds/2/swap"
    moved = client.post(url, json={"players": [NAMES.index(a) + 1, NAMES.index(b) + 1]},
                        headers=bearer(key))
    assert moved.status_code == 200, moved.get_json()
    after = moved.get_json()["rounds"][1]
    assert after["tables"][0]["seats"]["N"] == b and after["tables"][1]["seats"]["E"] == a
    into = client.post(url, json={"players": [NAMES.index(a) + 1, NAMES.index(sitter) + 1]},
                       headers=bearer(key)).get_json()["rounds"][1]
    assert into["sit_outs"] == [a] and into["tables"][1]["seats"]["E"] == sitter
    assert seating(moved.get_json())[2] == seating(event)[2]  # other rounds unchanged


@pytest.mark.parametrize(("path", "method", "body", "status", "words"), [
    ("players", "post", {"name": "Player 03"}, 422, "Two players are called"),
    ("players", "post", {"name": "  "}, 422, "1 to"),
    ("players", "post", {"name": "Ann", "colour": "red"}, 422, "A player is a name"),
    ("players/99", "patch", {"gone_from": 2}, 404, "no player 99"),
    ("players/2", "patch", {"gone_from": 1}, 422, "from round 2 to 3"),
    ("players/2", "patch", {"gone_from": "soon"}, 422, "from round 2 to 3"),
    ("players/2", "patch", {"name": "x"}, 422, "Only “gone_from”"),
    ("rounds/1/swap", "post", {"players": [1, 2]}, 422, "before their round starts"),
    ("rounds/2/swap", "post", {"players": [1, 1]}, 422, "two different players"),
    ("rounds/2/swap", "post", {"players": [1, 40]}, 422, "does not play in round 2"),
    ("rounds/2/swap", "post", {"players": "1,2"}, 422, "two players who change places"),
    ("rounds/2/end", "post", None, 422, "Only the round being played"),
])
def test_bad_changes_are_refused_and_store_nothing(client, path, method, body, status, words):
    event, key = new_event(client, players=NAMES[:12], rounds=3)
    before = get(client, event, key)
    url = f"/api/events/{event['id']}/{path}"
    answer = getattr(client, method)(url, json=body, headers=bearer(key))
    assert answer.status_code == status, answer.get_json()
    messages = " ".join(e["message"] for e in answer.get_json()["errors"])
    assert words in messages, messages
    assert get(client, event, key) == before
    assert getattr(client, method)(url, json=body).status_code == 403  # no key


def test_too_few_players_left_is_refused(client):
    event, key = new_event(client, players=NAMES[:8], rounds=3)
    for number in (1, 2, 3, 4):
        assert client.patch(f"/api/events/{event['id']}/players/{number}", json={},
                            headers=bearer(key)).status_code == 200
    last = client.patch(f"/api/events/{event['id']}/players/5", json={}, headers=bearer(key))
    assert last.status_code == 422
    assert "At least 4 players must stay" in last.get_json()["errors"][0]["message"]
    again = client.patch(f"/api/events/{event['id']}/players/1", json={}, headers=bearer(key))
    assert "has already left" in again.get_json()["errors"][0]["message"]


def test_ending_a_round_early_keeps_the_hands_played(client):
    event, key = new_event(client, players=NAMES[:8], rounds=2, hands_per_round=4)
    t1, t2 = event["rounds"][0]["tables"]
    url = f"/api/matches/{t1['match']}/hands"
    for no, caller in ((1, "N"), (2, "E")):
        assert client.post(url, json={"no": no, "caller": caller, "makers_tricks": 5},
                           headers=bearer(t1["edit_key"])).status_code == 201
    early = client.post(f"/api/events/{event['id']}/rounds/2", headers=bearer(key))
    assert early.status_code in (404, 405)
    ended = client.post(f"/api/events/{event['id']}/rounds/1/end", headers=bearer(key))
    assert ended.status_code == 200, ended.get_json()
    after = ended.get_json()
    r1 = after["rounds"][0]
    assert r1["over"] and after["can_start"]
    first, second = r1["tables"]
    assert first["over"] and first["score"] == {"NS": 2, "EW": 2} and first["hands"] == 2
    assert second["over"] and second["score"] == {"NS": 0, "EW": 0} and second["hands"] == 0
    more = client.post(url, json={"no": 3, "caller": "N", "makers_tricks": 5},
                       headers=bearer(t1["edit_key"]))
    assert more.status_code == 409
    none = client.post(f"/api/matches/{t2['match']}/hands",
                       json={"no": 1, "caller": "N", "makers_tricks": 5},
                       headers=bearer(t2["edit_key"]))
    assert none.status_code == 403
    standings = {s["player"]: s["points"] for s in after["standings"]}
    assert all(standings[n] == 2 for n in first["seats"].values())
    assert all(standings[n] == 0 for n in second["seats"].values())
    again = client.post(f"/api/events/{event['id']}/rounds/1/end", headers=bearer(key))
    assert again.status_code == 200 and again.get_json()["rounds"][0] == r1
    started = client.post(f"/api/events/{event['id']}/rounds", headers=bearer(key))
    assert started.status_code == 201


def test_rounds_to_a_target(client):
    event, _key = new_event(client, players=NAMES[:8], rounds=1, round_target=5)
    table = event["rounds"][0]["tables"][0]
    assert event["round_target"] == 5
    match = client.get(f"/api/matches/{table['match']}").get_json()
    assert match["match"]["rules"]["target"] == 5
    url = f"/api/matches/{table['match']}/hands"
    for no in (1, 2, 3):
        answer = client.post(url, json={"no": no, "caller": "N", "makers_tricks": 5},
                             headers=bearer(table["edit_key"]))
        assert answer.status_code == 201
    assert answer.get_json()["state"]["over"]
    assert create(client, round_target=0).status_code == 422


def test_a_timed_round_shows_when_it_ends(client):
    event, _key = new_event(client, players=NAMES[:8], rounds=2, minutes_per_round=20)
    assert event["minutes_per_round"] == 20
    page = client.get(f"/events/{event['id']}")
    assert 'data-ends="' in page.text and "Ends at " in page.text
    stamp = page.text.split('data-ends="', 1)[1].split('"', 1)[0]
    ends = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    assert timedelta(minutes=19) < ends - datetime.now(ends.tzinfo) <= timedelta(minutes=20)
    table = client.get(event["rounds"][0]["tables"][0]["table_url"], follow_redirects=True)
    assert f'data-ends="{stamp}"' in table.text and "Finish this hand." in table.text
    answer = create(client, minutes_per_round=500)
    assert answer.status_code == 422 and "from 1 to 180" in answer.get_json()["errors"][0][
        "message"]


@pytest.mark.app_config(PDF_TIMEOUT=300)
def test_tally_cards_and_table_pages_know_who_is_not_there(client):
    from support.prints import fetch_pdf, pdf_text

    event, key = new_event(client, players=NAMES[:8], rounds=2, hands_per_round=1)
    table = event["rounds"][0]["tables"][0]
    leaver = table["seats"]["N"]
    assert client.patch(f"/api/events/{event['id']}/players/{NAMES.index(leaver) + 1}",
                        json={"gone_from": 2}, headers=bearer(key)).status_code == 200
    assert client.post(f"/api/events/{event['id']}/players", json={"name": "Late Lou"},
                       headers=bearer(key)).status_code == 201
    text = pdf_text(fetch_pdf(client, f"/events/{event['id']}/tally.pdf"))
    lou = text.split("Late Lou", 1)[1]
    assert re.search(r"^\s*1\s+Not playing", lou, flags=re.M), lou
    assert re.search(r"^\s*2\s+\d\s+\S", lou, flags=re.M), lou  # round 2: a table
    gone = text.split(f"{leaver}\n", 1)[1]
    assert re.search(r"^\s*2\s+Not playing", gone, flags=re.M), gone
    assert "Seating after round" not in text
    client.get(table["table_url"])
    assert client.post(f"/api/matches/{table['match']}/hands",
                       json={"no": 1, "caller": "N", "makers_tricks": 3},
                       headers=bearer(table["edit_key"])).status_code == 201
    page = client.get(f"/events/{event['id']}/tables/1")
    assert f"{leaver} does not play the next round" in page.text
    assert "go to table None" not in page.text


CHANGES = st.lists(st.one_of(
    st.tuples(st.just("arrive"), st.integers(0, 99)),
    st.tuples(st.just("leave"), st.integers(1, 14)),
    st.tuples(st.just("swap"), st.integers(1, 14), st.integers(1, 14)),
    st.tuples(st.just("play"), st.integers(0, 9)),
), min_size=1, max_size=6)


def apply_changes(client, movement, changes):
    """An evening run through a list of changes; the seating after each one."""
    event, key = new_event(client, players=NAMES[:10], rounds=4, hands_per_round=1,
                           movement=movement, seed=17)
    seen = []
    for change in changes:
        event = get(client, event, key)
        nxt = event["current_round"] + 1
        if change[0] == "arrive":
            answer = client.post(f"/api/events/{event['id']}/players",
                                 json={"name": f"Late {change[1]}"}, headers=bearer(key))
        elif change[0] == "leave":
            answer = client.patch(f"/api/events/{event['id']}/players/{change[1]}", json={},
                                  headers=bearer(key))
        elif change[0] == "swap":
            answer = client.post(f"/api/events/{event['id']}/rounds/{nxt}/swap",
                                 json={"players": list(change[1:])}, headers=bearer(key))
        else:
            rnd = event["rounds"][event["current_round"] - 1]
            for t in rnd["tables"]:
                if not t["over"]:
                    client.post(f"/api/matches/{t['match']}/hands", json={
                        "no": 1, "caller": "NESW"[change[1] % 4],
                        "makers_tricks": 3 + change[1] % 3},
                        headers=bearer(t["edit_key"]))
            event = get(client, event, key)
            for t in [t for t in event["rounds"][event["current_round"] - 1]["tables"]
                      if t["tied"]]:
                client.post(f"/api/events/{event['id']}/rounds/{event['current_round']}/tables/"
                            f"{t['table']}/decider", json={"winner": "NS"}, headers=bearer(key))
            answer = client.post(f"/api/events/{event['id']}/rounds", headers=bearer(key))
        assert answer.status_code in (200, 201, 404, 409, 422), answer.get_json()
        assert "errors" in answer.get_json() or answer.status_code in (200, 201)
        after = get(client, event, key)
        started = [r for r in event["rounds"] if r["started"]]
        for old in started:  # a round that has started never changes its seats
            new = next(r for r in after["rounds"] if r["no"] == old["no"])
            assert [t["seats"] for t in new["tables"]] == [t["seats"] for t in old["tables"]]
            assert new["sit_outs"] == old["sit_outs"]
        for rnd in after["rounds"]:  # everyone there is seated or sits out, once
            there = sorted(p["name"] for p in after["roster"]
                           if p["from_round"] <= rnd["no"]
                           and (p["gone_from"] is None or rnd["no"] < p["gone_from"]))
            assert names_in(rnd) == there
            assert len(rnd["sit_outs"]) == len(there) % 4
        seen.append(seating(after))
    return seen


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(movement=st.sampled_from(["schedule", "progressive"]), changes=CHANGES)
def test_any_run_of_changes_keeps_started_rounds_and_seats_everyone_there(client, movement,
                                                                          changes):
    first = apply_changes(client, movement, changes)
    assert apply_changes(client, movement, changes) == first  # the same seed, the same plan


@pytest.mark.parametrize(("players", "rounds", "tables", "sit_outs"), [
    (9, 9, 2, 1), (32, 31, 8, 0)])
def test_whole_designs_for_9_and_32_players_through_the_api(client, players, rounds, tables,
                                                            sit_outs):
    event, _key = new_event(client, players=NAMES[:players], rounds=rounds, hands_per_round=1)
    assert event["method"] == "whist_design" and event["quality"]["perfect"]
    assert event["quality"]["repeated_partners"] == 0 and event["quality"]["max_opposed"] == 2
    assert {len(r["tables"]) for r in event["rounds"]} == {tables}
    assert {len(r["sit_outs"]) for r in event["rounds"]} == {sit_outs}
    partners = {}
    for rnd in event["rounds"]:
        for t in rnd["tables"]:
            for a, b in (("N", "S"), ("E", "W")):
                key = frozenset((t["seats"][a], t["seats"][b]))
                partners[key] = partners.get(key, 0) + 1
    assert len(partners) == players * (players - 1) // 2 and set(partners.values()) == {1}
