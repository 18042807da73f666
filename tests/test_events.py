"""Club nights through the JSON API (issue 15): events played end to end on a real SQLite file,
every table of every round recorded through the ordinary hand API with the table's key."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from support.events import NAMES, bearer, create, play_round

from scorekeeper.engine import movements


def test_a_24_player_6_round_scheduled_event_end_to_end(client):
    created = create(client, house={"sit_out": "zero"})
    assert created.status_code == 201, created.get_json()
    event = created.get_json()
    key = event["director_key"]
    assert event["director_url"].endswith(f"?key={key}")
    assert event["method"] == "whist_design" and event["quality"]["perfect"]
    assert event["quality"]["repeated_partners"] == 0
    assert [r["no"] for r in event["rounds"]] == [1, 2, 3, 4, 5, 6]
    assert [t["table"] for t in event["rounds"][0]["tables"]] == [1, 2, 3, 4, 5, 6]
    # no pair partners twice
    partners = {}
    for rnd in event["rounds"]:
        for t in rnd["tables"]:
            for a, b in (("N", "S"), ("E", "W")):
                pair = frozenset((t["seats"][a], t["seats"][b]))
                partners[pair] = partners.get(pair, 0) + 1
    assert max(partners.values()) == 1
    rng = random.Random(4)
    totals: dict[str, list[int]] = {}
    for no in range(1, 7):
        event = client.get(f"/api/events/{event['id']}", headers=bearer(key)).get_json()
        assert event["current_round"] == no
        early = client.post(f"/api/events/{event['id']}/rounds", json={"no": no + 1},
                            headers=bearer(key))
        if no < 6:
            assert early.status_code == 409
            assert "still playing" in early.get_json()["errors"][0]["message"]
        for name, line in play_round(client, event, no, rng).items():
            got = totals.setdefault(name, [0, 0, 0])
            for i in range(3):
                got[i] += line[i]
        if no < 6:
            started = client.post(f"/api/events/{event['id']}/rounds", json={"no": no + 1},
                                  headers=bearer(key))
            assert started.status_code == 201, started.get_json()
            again = client.post(f"/api/events/{event['id']}/rounds", json={"no": no + 1},
                                headers=bearer(key))
            assert again.status_code == 201  # a second press starts nothing new
    final = client.get(f"/api/events/{event['id']}").get_json()
    assert final["over"] and final["current_round"] == 6
    standings = {s["player"]: s for s in final["standings"]}
    for name, (points, loners, euchres) in totals.items():
        assert (standings[name]["points"], standings[name]["loners"],
                standings[name]["euchres"]) == (points, loners, euchres), name
    ranks = [s["rank"] for s in final["standings"]]
    assert ranks == sorted(ranks) and ranks[0] == 1
    points = [s["points"] for s in final["standings"]]
    assert points == sorted(points, reverse=True)
    assert [p["prize"] for p in final["prizes"]] == ["high_total", "most_loners", "high_game",
                                                     "booby"]
    high = final["prizes"][0]
    assert set(high["players"]) == {s["player"] for s in final["standings"] if s["rank"] == 1}
    # without the key: the same minus keys
    assert all("edit_key" not in t for r in final["rounds"] for t in r["tables"])
    assert "director_key" not in final
    assert all("?key=" not in t["table_url"] for r in final["rounds"] for t in r["tables"])
    over = client.post(f"/api/events/{event['id']}/rounds", json={"no": 7}, headers=bearer(key))
    assert over.status_code == 409


def test_a_16_player_progressive_event_end_to_end(client):
    created = create(client, players=NAMES[:16], movement="progressive", rounds=4)
    assert created.status_code == 201, created.get_json()
    event = created.get_json()
    key = event["director_key"]
    assert len(event["rounds"]) == 1  # later seatings follow the results
    rng = random.Random(9)
    totals: dict[str, int] = {}
    for no in range(1, 5):
        event = client.get(f"/api/events/{event['id']}", headers=bearer(key)).get_json()
        assert len([r for r in event["rounds"] if r["started"]]) == no
        assert not event["can_start"]
        for name, line in play_round(client, event, no, rng, hands=None).items():
            totals[name] = totals.get(name, 0) + line[0]
        event = client.get(f"/api/events/{event['id']}", headers=bearer(key)).get_json()
        last = event["rounds"][no - 1]
        for t in [t for t in last["tables"] if t["tied"]]:
            decided = client.post(
                f"/api/events/{event['id']}/rounds/{no}/tables/{t['table']}/decider",
                json={"winner": "EW"}, headers=bearer(key))
            assert decided.status_code == 200
        event = client.get(f"/api/events/{event['id']}", headers=bearer(key)).get_json()
        if no == 4:
            assert event["over"] and len(event["rounds"]) == 4
            break
        upcoming = event["rounds"][no]
        assert not upcoming["started"] and all(t["match"] is None for t in upcoming["tables"])
        # winners move up and split; the head table's winners stay
        winners = {}
        for t in last["tables"]:
            side = t["winner"] or t["decider"]
            winners[t["table"]] = ((t["seats"]["N"], t["seats"]["S"]) if side == "NS"
                                   else (t["seats"]["E"], t["seats"]["W"]))
        head = upcoming["tables"][0]["seats"]
        assert {head["N"], head["E"]} == set(winners[1])
        assert {head["S"], head["W"]} == set(winners[2])
        started = client.post(f"/api/events/{event['id']}/rounds", headers=bearer(key))
        assert started.status_code == 201, started.get_json()
        assert started.get_json()["rounds"][no]["tables"][0]["seats"] == head
    standings = {s["player"]: s["points"] for s in event["standings"]}
    assert standings == totals


def test_sit_outs_are_credited_as_the_house_rule_says(client):
    created = create(client, players=NAMES[:13], rounds=2, hands_per_round=2,
                     house={"sit_out": "fixed", "sit_out_points": 5})
    event = created.get_json()
    assert event["method"] == "whist_design"
    assert [len(r["sit_outs"]) for r in event["rounds"]] == [1, 1]
    sitter = event["rounds"][0]["sit_outs"][0]
    play_round(client, event, 1, random.Random(1))
    final = client.get(f"/api/events/{event['id']}").get_json()
    line = next(s for s in final["standings"] if s["player"] == sitter)
    assert line["points"] == 5 and line["sit_outs"] == 1


def test_loner_partner_and_set_points(client):
    created = create(client, players=NAMES[:8], rounds=1, hands_per_round=2,
                     house={"loner_partner_points": 1, "set_points": -2})
    event = created.get_json()
    table = event["rounds"][0]["tables"][0]
    key = bearer(table["edit_key"])
    url = f"/api/matches/{table['match']}/hands"
    assert client.post(url, json={"no": 1, "caller": "N", "alone": True, "makers_tricks": 5},
                       headers=key).status_code == 201
    assert client.post(url, json={"no": 2, "caller": "E", "makers_tricks": 2},
                       headers=key).status_code == 201
    final = client.get(f"/api/events/{event['id']}").get_json()
    points = {s["player"]: s for s in final["standings"]}
    seats = table["seats"]
    assert points[seats["N"]]["points"] == 4 + 2 and points[seats["N"]]["loners"] == 1
    assert points[seats["S"]]["points"] == 1 + 2 and points[seats["S"]]["euchres"] == 1
    assert points[seats["E"]]["points"] == -2 and points[seats["W"]]["points"] == -2


def test_the_table_key_scores_only_its_own_table_and_the_director_key_is_checked(client):
    event = create(client, players=NAMES[:8], rounds=2).get_json()
    t1, t2 = event["rounds"][0]["tables"]
    wrong = client.post(f"/api/matches/{t1['match']}/hands", json={"no": 1, "caller": "N",
                        "makers_tricks": 3}, headers=bearer(t2["edit_key"]))
    assert wrong.status_code == 403
    assert client.get(f"/api/events/{event['id']}", headers=bearer("nope")).status_code == 403
    assert client.post(f"/api/events/{event['id']}/rounds").status_code == 403
    assert client.get("/api/events/unknown").status_code == 404


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"players": NAMES[:7]}, "players", "8 to 64 players"),
    ({"players": [*NAMES[:8], "Player 00"]}, "players[8]", "Two players are called"),
    ({"players": [*NAMES[:7], {"player": 3}]}, "players[7]", "name too"),
    ({"movement": "swiss"}, "movement", "progressive, schedule, fixed or updown"),
    ({"rounds": 0}, "rounds", "from 1 to 31"),
    ({"hands_per_round": "8"}, "hands_per_round", "from 1 to 30"),
    ({"rules": {"deals": 3}}, "rules", "hands_per_round"),
    ({"rules": {"stick_the_dealer": "yes"}}, "rules.stick_the_dealer", "stick_the_dealer"),
    ({"house": {"sit_out": "half"}}, "house.sit_out", "sit_out"),
    ({"players": NAMES[:10], "movement": "fixed"}, "movement", "multiple of 4"),
    ({"players": NAMES[:8], "movement": "fixed", "rounds": 3}, "movement",
     "at most one round per table (2)"),
    ({"colour": "red"}, "colour", "not a setting"),
])
def test_bad_events_are_refused_with_a_reason(client, body, field, words):
    answer = create(client, **body)
    assert answer.status_code == 422
    errors = answer.get_json()["errors"]
    assert any(e["field"] == field and words in e["message"] for e in errors), errors


def test_an_event_body_that_is_not_an_object(client):
    answer = client.post("/api/events", json=[1, 2])
    assert answer.status_code == 422
    assert client.post("/api/events", data="x", content_type="application/json"
                       ).status_code == 400


def test_players_keep_their_ids(client):
    players = [{"player": i, "name": n} for i, n in enumerate(NAMES[:8])]
    answer = create(client, players=players, rounds=1)
    assert answer.status_code == 201
    assert answer.get_json()["players"] == NAMES[:8]


def test_fixed_seats_event(client):
    event = create(client, players=NAMES[:20], movement="fixed", rounds=5).get_json()
    assert event["method"] == "fixed" and event["quality"]["max_meetings"] == 1
    rounds = [movements.Round(tuple(tuple(NAMES.index(t["seats"][s]) for s in "NESW")
                                    for t in r["tables"])) for r in event["rounds"]]
    assert all(n == 1 for n in movements.partner_counts(rounds).values())
    heads = {r["tables"][0]["seats"]["N"] for r in event["rounds"]}
    assert len(heads) == 1  # North stays
    assert len(list(combinations(range(20), 2))) >= len(movements.opponent_counts(rounds))


def test_a_whist_event_scores_each_player_the_sides_points(client):
    event = create(client, game="whist", players=NAMES[:8], rounds=1, hands_per_round=2).get_json()
    table = event["rounds"][0]["tables"][0]
    for no, tricks in ((1, 9), (2, 4)):
        answer = client.post(f"/api/matches/{table['match']}/hands",
                             json={"no": no, "trump": "H", "tricks_NS": tricks},
                             headers=bearer(table["edit_key"]))
        assert answer.status_code == 201, answer.get_json()
    final = {s["player"]: s for s in client.get(f"/api/events/{event['id']}").get_json()
             ["standings"]}
    seats = table["seats"]
    assert final[seats["N"]]["points"] == final[seats["S"]]["points"] == 3
    assert final[seats["E"]]["points"] == final[seats["W"]]["points"] == 3
    assert final[seats["N"]]["games_won"] == 0  # 3-3: a tie wins nothing


@pytest.mark.parametrize(("name", "words"), [
    ("Tuesday\r\nclub", "line breaks or other control characters"),
    ("Tuesday\nclub", "line breaks or other control characters"),
    ("Tuesday \u202eclub", "text-direction control characters (such as U+202E)"),
    ("Club\u2066night", "text-direction control characters"),
    ("Club\x07night", "control characters"),
])
def test_event_and_player_names_are_checked_like_every_name(client, name, words):
    refused = create(client, name=name)
    assert refused.status_code == 422
    errors = refused.get_json()["errors"]
    assert any(e["field"] == "name" and words in e["message"] for e in errors), errors
    refused = create(client, players=[name, *NAMES[1:24]])
    assert any(e["field"] == "players[0]" and words in e["message"]
               for e in refused.get_json()["errors"]), refused.get_json()
    event = create(client).get_json()
    late = client.post(f"/api/events/{event['id']}/players", json={"name": name},
                       headers=bearer(event["director_key"]))
    assert late.status_code == 422 and words in late.get_data(as_text=True)


def test_an_event_name_is_escaped_on_the_director_s_page(client):
    event = create(client, name="<b>Club</b> & co").get_json()
    page = client.get(f"/events/{event['id']}?key={event['director_key']}",
                      follow_redirects=True).get_data(as_text=True)
    assert "<b>Club</b>" not in page and "&lt;b&gt;Club&lt;/b&gt; &amp; co" in page
