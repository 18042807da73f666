"""The JSON API as spec/api.md describes it: every endpoint and status."""

from __future__ import annotations

import json

import pytest
from support.helpers import SHARED, euchre_hand, euchre_match, whist_match


def auth(key: str, **headers: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", **headers}


@pytest.fixture
def created(client):
    """A match created through the API: its 201 body."""
    r = client.post("/api/matches", json=euchre_match())
    assert r.status_code == 201
    return r.get_json()


def post_hand(client, created, hand, no, **headers):
    return client.post(
        f"/api/matches/{created['id']}/hands",
        json={**hand, "no": no},
        headers=auth(created["edit_key"], **headers),
    )


# --- POST /api/matches ------------------------------------------------------------------------


def test_create(client):
    r = client.post("/api/matches", json=euchre_match())
    assert r.status_code == 201
    body = r.get_json()
    # the spec's keys, then what issue 14 adds: the day played and each seat's player
    assert list(body) == ["id", "edit_key", "view_url", "edit_url", "state", "date", "players"]
    assert {s: p["name"] for s, p in body["players"].items()} == euchre_match()["seats"]
    assert body["view_url"] == f"/m/{body['id']}"
    assert body["edit_url"] == f"/m/{body['id']}?key={body['edit_key']}"
    assert body["state"]["score"] == {"NS": 0, "EW": 0}
    assert body["state"]["over"] is False
    assert "file" not in body["state"]
    assert r.headers["Location"].endswith(f"/api/matches/{body['id']}")
    assert r.headers["Cache-Control"] == "no-store"
    assert "Set-Cookie" not in r.headers


def test_create_with_hands_imports_them(client):
    r = client.post("/api/matches", json=whist_match(hands=[{"tricks_NS": 9}]))
    assert r.status_code == 201
    assert r.get_json()["state"]["score"] == {"NS": 3, "EW": 0}
    got = client.get(f"/api/matches/{r.get_json()['id']}").get_json()
    assert got["match"]["hands"] == [{"tricks_NS": 9}]


@pytest.mark.parametrize(
    "body",
    [
        euchre_match(seats={"N": "Ann"}),
        euchre_match(colour="red"),
        euchre_match(game="canasta"),
        euchre_match(hands=[euchre_hand(tricks=6)]),
        [1, 2, 3],
        "match",
        None,
    ],
)
def test_create_refuses_what_is_not_a_legal_match(client, body):
    r = client.post("/api/matches", data=json.dumps(body), content_type="application/json")
    assert r.status_code == 422
    errors = r.get_json()["errors"]
    assert errors
    assert all(set(e) >= {"hand", "field", "message"} for e in errors)


@pytest.mark.parametrize("rules", [[], 0, False, "", "x"])
def test_rules_that_are_not_an_object_are_refused_not_taken_as_none(client, rules):
    r = client.post("/api/matches", json=euchre_match(rules=rules))
    assert r.status_code == 422
    assert r.get_json()["errors"] == [{"hand": None, "field": "rules",
                                       "message": "rules must be an object of options"}]


def test_create_from_an_egn_file(client):
    with open(SHARED / "data" / "egn" / "Epic Comeback.egn", encoding="utf-8") as f:
        egn = json.load(f)
    r = client.post("/api/matches", json=egn)
    assert r.status_code == 201, r.get_json()
    match = client.get(f"/api/matches/{r.get_json()['id']}").get_json()["match"]
    assert match["format"] == "scorekeeper-match/1"
    assert match["hands"]


def test_a_bad_egn_file_is_422(client):
    r = client.post("/api/matches", json={"fileType": "Euchre Game Notation", "version": "9"})
    assert r.status_code == 422
    assert r.get_json()["errors"]


def test_errors_name_the_hand_and_field(client):
    r = client.post("/api/matches", json=euchre_match(hands=[euchre_hand(tricks=6)]))
    (error,) = r.get_json()["errors"]
    assert error["hand"] == 1
    assert error["field"] == "makers_tricks"
    assert "6" in error["message"]


# --- GET /api/matches/<id> --------------------------------------------------------------------


def test_read_with_etag_and_304(client, created):
    url = f"/api/matches/{created['id']}"
    r = client.get(url)
    assert r.status_code == 200
    body = r.get_json()
    assert set(body) >= {"match", "state"}
    assert body["match"]["format"] == "scorekeeper-match/1"
    assert body["match"]["hands"] == []
    etag = r.headers["ETag"]
    assert etag
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.data == b""
    post_hand(client, created, euchre_hand(), 1)
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != etag
    assert changed.get_json()["state"]["score"] == {"NS": 0, "EW": 1}


def test_read_unknown_is_404(client):
    r = client.get("/api/matches/no-such-match")
    assert r.status_code == 404
    assert r.get_json()["errors"][0]["message"]


def test_the_match_file_export(client, created):
    post_hand(client, created, euchre_hand(), 1)
    r = client.get(f"/m/{created['id']}.json")
    assert r.status_code == 200
    assert r.mimetype == "application/json"
    assert r.headers["Content-Disposition"].startswith("attachment;")
    data = json.loads(r.data)
    assert data == {**euchre_match(), "hands": [euchre_hand()]}
    # the export imports again to the same state
    again = client.post("/api/matches", json=data).get_json()
    assert again["state"]["score"] == {"NS": 0, "EW": 1}
    assert client.get("/m/nope.json").status_code == 404


# --- POST /api/matches/<id>/hands -------------------------------------------------------------


def test_record(client, created):
    r = post_hand(client, created, euchre_hand("E", 3), 1)
    assert r.status_code == 201
    body = r.get_json()
    assert body["hand"] == {**euchre_hand("E", 3), "no": 1}
    assert body["state"]["hands"][0]["result"] == "made"
    assert body["state"]["score"] == {"NS": 0, "EW": 1}
    assert "Set-Cookie" not in r.headers


def test_record_needs_the_edit_key(client, created):
    url = f"/api/matches/{created['id']}/hands"
    body = {**euchre_hand(), "no": 1}
    assert client.post(url, json=body).status_code == 403
    wrong = client.post(url, json=body, headers=auth("not-the-key"))
    assert wrong.status_code == 403
    assert wrong.get_json()["errors"][0]["message"]
    other = client.post("/api/matches", json=euchre_match()).get_json()
    assert client.post(url, json=body, headers=auth(other["edit_key"])).status_code == 403
    assert client.get(f"/api/matches/{created['id']}").get_json()["match"]["hands"] == []


def test_record_on_an_unknown_match_is_404(client, created):
    r = client.post("/api/matches/nope/hands", json={**euchre_hand(), "no": 1},
                    headers=auth(created["edit_key"]))
    assert r.status_code == 404


def test_idempotency_key_same_body_answers_as_the_first_time(client, created):
    first = post_hand(client, created, euchre_hand(), 1, **{"Idempotency-Key": "abc"})
    again = post_hand(client, created, euchre_hand(), 1, **{"Idempotency-Key": "abc"})
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    hands = client.get(f"/api/matches/{created['id']}").get_json()["match"]["hands"]
    assert len(hands) == 1


def test_idempotency_key_with_another_body_is_422(client, created):
    post_hand(client, created, euchre_hand("E", 3), 1, **{"Idempotency-Key": "abc"})
    r = post_hand(client, created, euchre_hand("E", 4), 2, **{"Idempotency-Key": "abc"})
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["message"]


def test_idempotency_key_up_to_100_characters(client, created):
    assert post_hand(client, created, euchre_hand(), 1,
                     **{"Idempotency-Key": "k" * 100}).status_code == 201
    r = post_hand(client, created, euchre_hand(), 2, **{"Idempotency-Key": "k" * 101})
    assert r.status_code == 400
    assert r.get_json()["errors"]


def test_wrong_no_is_409_with_the_state(client, created):
    post_hand(client, created, euchre_hand("E", 3), 1)
    r = post_hand(client, created, euchre_hand("N", 3), 1)
    assert r.status_code == 409
    body = r.get_json()
    assert body["state"]["score"] == {"NS": 0, "EW": 1}
    assert "another phone" in body["errors"][0]["message"]


def test_a_finished_match_is_409(client, created):
    for no in (1, 2, 3):
        assert post_hand(client, created, euchre_hand("N", 5, alone=True), no).status_code == 201
    r = post_hand(client, created, euchre_hand(), 4)
    assert r.status_code == 409
    assert r.get_json()["state"]["over"] is True


def test_an_illegal_hand_is_422_and_nothing_is_stored(client, created):
    r = post_hand(client, created, euchre_hand("E", 6), 1)
    assert r.status_code == 422
    (error,) = r.get_json()["errors"]
    assert error == {"hand": 1, "field": "makers_tricks", "message": error["message"]}
    assert client.get(f"/api/matches/{created['id']}").get_json()["match"]["hands"] == []


@pytest.mark.parametrize("no", [None, "1", 0, -1, True, 1.5])
def test_a_missing_or_bad_no_is_422(client, created, no):
    body = euchre_hand() if no is None else {**euchre_hand(), "no": no}
    r = client.post(f"/api/matches/{created['id']}/hands", json=body,
                    headers=auth(created["edit_key"]))
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["field"] == "no"


def test_unknown_keys_in_a_hand_are_422(client, created):
    r = post_hand(client, created, {**euchre_hand(), "makers_trick": 3}, 1)
    assert r.status_code == 422


# --- PUT and DELETE /api/matches/<id>/hands/<no> ----------------------------------------------


def test_correct(client, created):
    post_hand(client, created, euchre_hand("E", 3), 1)
    post_hand(client, created, euchre_hand("E", 3), 2)
    r = client.put(f"/api/matches/{created['id']}/hands/1", json=euchre_hand("N", 5),
                   headers=auth(created["edit_key"]))
    assert r.status_code == 200
    state = r.get_json()["state"]
    assert state["score"] == {"NS": 2, "EW": 1}
    assert [h["score"] for h in state["hands"]] == [{"NS": 2, "EW": 0}, {"NS": 2, "EW": 1}]


def test_correct_errors(client, created):
    url = f"/api/matches/{created['id']}/hands"
    key = auth(created["edit_key"])
    post_hand(client, created, euchre_hand(), 1)
    assert client.put(f"{url}/1", json=euchre_hand("N")).status_code == 403
    assert client.put(f"{url}/2", json=euchre_hand(), headers=key).status_code == 404
    assert client.put(f"{url}/1", json=euchre_hand(tricks=8), headers=key).status_code == 422
    r = client.put(f"{url}/1", json={**euchre_hand(), "no": 2}, headers=key)
    assert r.status_code == 422
    assert client.put("/api/matches/nope/hands/1", json=euchre_hand(),
                      headers=key).status_code == 404


def test_correct_with_if_match(client, created):
    post_hand(client, created, euchre_hand(), 1)
    url = f"/api/matches/{created['id']}"
    etag = client.get(url).headers["ETag"]
    key = auth(created["edit_key"])
    ok = client.put(f"{url}/hands/1", json=euchre_hand("N"), headers={**key, "If-Match": etag})
    assert ok.status_code == 200
    stale = client.put(f"{url}/hands/1", json=euchre_hand("W"),
                       headers={**key, "If-Match": etag})
    assert stale.status_code == 412
    assert client.get(url).get_json()["match"]["hands"][0]["caller"] == "N"


def test_undo_only_the_last(client, created):
    post_hand(client, created, euchre_hand("E", 3), 1)
    post_hand(client, created, euchre_hand("N", 3), 2)
    url = f"/api/matches/{created['id']}/hands"
    key = auth(created["edit_key"])
    r = client.delete(f"{url}/1", headers=key)
    assert r.status_code == 409
    assert r.get_json()["state"]["score"] == {"NS": 1, "EW": 1}
    assert client.delete(f"{url}/2").status_code == 403
    r = client.delete(f"{url}/2", headers=key)
    assert r.status_code == 200
    assert r.get_json()["state"]["score"] == {"NS": 0, "EW": 1}
    assert client.delete(f"{url}/2", headers=key).status_code == 409
    assert client.delete("/api/matches/nope/hands/1", headers=key).status_code == 404


def test_history_keeps_corrections_and_undos(client, created):
    url = f"/api/matches/{created['id']}"
    key = auth(created["edit_key"])
    post_hand(client, created, euchre_hand("E", 3), 1)
    client.put(f"{url}/hands/1", json=euchre_hand("N", 3), headers=key)
    client.delete(f"{url}/hands/1", headers=key)
    history = client.get(f"{url}/history").get_json()["history"]
    assert [(h["action"], h["no"], h["by"]) for h in history] == [
        ("correct", 1, "api"), ("undo", 1, "api")]
    assert history[0]["old"] == euchre_hand("E", 3)
    assert history[0]["new"] == euchre_hand("N", 3)
    assert history[1]["old"] == euchre_hand("N", 3)
    assert history[1]["new"] is None
    assert client.get("/api/matches/nope/history").status_code == 404


def test_stored_hands_that_no_longer_replay_are_shown_not_crashed_on(app, client, created):
    """An engine change could make old hands illegal: answer with the problems, never a 500."""
    from scorekeeper import store
    from scorekeeper.store.db import get_db

    with app.app_context():
        store.insert_hand(get_db(), created["id"], 1, euchre_hand(tricks=9), None)
        get_db().conn.commit()
    r = client.get(f"/api/matches/{created['id']}")
    assert r.status_code == 200
    assert r.get_json()["state"] is None
    assert r.get_json()["errors"][0]["hand"] == 1
    r = post_hand(client, created, euchre_hand(), 2)
    assert r.status_code == 422
    assert client.get(f"/m/{created['id']}.json").status_code == 200


# --- malformed requests -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "content_type", "status"),
    [
        ("{not json", "application/json", 400),
        ('{"a": NaN}', "application/json", 400),
        ("[" * 100_000 + "]" * 100_000, "application/json", 400),
        ("\xff\xfe", "application/json", 400),
        ("format=x", "application/x-www-form-urlencoded", 415),
        (json.dumps(euchre_match()), "text/plain", 415),
        ("", "application/json", 400),
    ],
)
def test_bad_bodies_are_clear_4xx(client, created, data, content_type, status):
    for url, headers in (
        ("/api/matches", {}),
        (f"/api/matches/{created['id']}/hands", auth(created["edit_key"])),
    ):
        r = client.post(url, data=data, content_type=content_type, headers=headers)
        assert r.status_code == status, url
        assert r.get_json()["errors"][0]["message"]


def test_too_large_is_413_json(client):
    r = client.post("/api/matches", data=b" " * (1024 * 1024 + 1),
                    content_type="application/json")
    assert r.status_code == 413
    assert "1 MB" in r.get_json()["errors"][0]["message"]


def test_wrong_method_and_unknown_api_address_are_json(client):
    r = client.get("/api/matches")
    assert r.status_code == 405
    assert "Allow" in r.headers
    assert r.get_json()["errors"]
    assert client.get("/api/nothing").get_json()["errors"]
