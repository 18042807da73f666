"""Duplicate sessions through the API (docs/api.md, "Duplicate sessions"): created from a
session file and read back as the game's check answer; results entered, corrected and removed
one at a time, each change kept and the results recomputed exactly as ``check`` scores the
whole file; refusals in words with nothing stored; keys, idempotency and ETags as for matches.
Bridge's session part is registered by the test stand-in (tests/support/bridge_session.py)."""

from __future__ import annotations

import copy
import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import bridge_session

from scorekeeper.engine.games import GAMES
from scorekeeper.games.bridge.pbn import read_pbn
from scorekeeper.games.bridge.session import check_session

SESSIONS = Path(__file__).parent / "data" / "sessions"
GOLDEN = ("spec-example.json", "mitchell-7-tables.json", "howell-imps.json")


@pytest.fixture(autouse=True)
def bridge(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "bridge", bridge_session.GAME)


def golden(name: str) -> dict[str, Any]:
    return json.loads((SESSIONS / name).read_text())


def create(client: Any, data: Any) -> tuple[str, str, dict[str, Any]]:
    response = client.post("/api/sessions", json=data)
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert response.headers["Location"] == f"/api/sessions/{body['id']}"
    return body["id"], body["edit_key"], body


def expected(data: dict[str, Any]) -> dict[str, Any]:
    answer, problems = check_session(data)
    assert not problems
    return answer


def rows(app: Any, table: str) -> int:
    with app.app_context():
        from scorekeeper.store.db import get_db

        return int(get_db().execute(f"SELECT count(*) FROM {table}").fetchone()[0])


@pytest.mark.parametrize("name", GOLDEN)
def test_a_session_file_reads_back_as_its_check_answer(client: Any, name: str) -> None:
    data = golden(name)
    session_id, key, body = create(client, data)
    assert body["results"] == expected(data)
    assert body["edit_url"] == f"/s/{session_id}?key={key}"
    read = client.get(f"/api/sessions/{session_id}")
    assert read.status_code == 200 and read.headers["ETag"]
    got = read.get_json()
    assert "edit_key" not in got
    assert got["results"] == expected(data)
    assert got["exports"] == {"csv": f"/s/{session_id}.csv", "pbn": f"/s/{session_id}.pbn"}
    exported = client.get(f"/s/{session_id}.json")
    assert exported.status_code == 200 and "attachment" in exported.headers[
        "Content-Disposition"]
    assert exported.get_json() == data  # the session file, byte for byte in meaning


@pytest.mark.parametrize(("data", "field", "words"), [
    ({"format": "scorekeeper-session/1", "game": "euchre", "pairs": {}, "results": []},
     "game", "bridge"),
    ({"format": "scorekeeper-match/1", "game": "bridge"}, "format", "scorekeeper-session/1"),
    ([], "format", "scorekeeper-session/1"),
    ({**golden("spec-example.json"), "scoring": "butler"}, "scoring", "matchpoints, imps"),
    ({**golden("spec-example.json"),
      "results": [{"board": 1, "ns": "N1", "ew": "E1", "contract": "4H", "declarer": "S",
                   "tricks": 14}]}, "tricks", "14"),
    ({**golden("spec-example.json"),
      "results": [{"board": 1, "ns": "N1", "ew": "N9", "passed": True}]}, "ew", "N9"),
])
def test_a_refused_session_is_said_in_words_and_nothing_is_stored(
        app: Any, client: Any, data: Any, field: str, words: str) -> None:
    response = client.post("/api/sessions", json=data)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert errors and all(set(e) == {"board", "result", "field", "message"} for e in errors)
    assert any(e["field"] == field and words in e["message"] for e in errors), errors
    assert rows(app, "sessions") == 0 and rows(app, "session_results") == 0


def test_refusals_are_in_the_readers_language(client: Any) -> None:
    data = {**golden("spec-example.json"), "scoring": "butler"}
    english = client.post("/api/sessions", json=data).get_json()["errors"][0]["message"]
    chinese = client.post("/api/sessions", json=data, headers={
        "Accept-Language": "zh-Hant"}).get_json()["errors"][0]["message"]
    assert chinese != english and "butler" in chinese


def test_a_body_that_is_not_json_is_refused(client: Any) -> None:
    assert client.post("/api/sessions", data="x", content_type="text/plain").status_code == 415
    assert client.post("/api/sessions", data="{", content_type="application/json"
                       ).status_code == 400


def enter(client: Any, session_id: str, key: str, result: Any, **headers: str) -> Any:
    return client.post(f"/api/sessions/{session_id}/results", json=result,
                       headers={"Authorization": f"Bearer {key}", **headers})


def test_results_entered_corrected_and_removed_recompute_exactly(client: Any) -> None:
    data = golden("spec-example.json")
    start = {**data, "results": data["results"][:2]}
    session_id, key, _body = create(client, start)
    # entered: board 2's two results
    for result in data["results"][2:]:
        response = enter(client, session_id, key, result)
        assert response.status_code == 201 and response.get_json()["change"] == "entered"
    assert response.get_json()["results"] == expected(data)
    # corrected: N1's board 1 went one more down, in place (the file's order is kept)
    fixed = {**data["results"][0], "tricks": 9}
    response = enter(client, session_id, key, fixed)
    assert response.status_code == 200 and response.get_json()["change"] == "corrected"
    corrected = {**data, "results": [fixed, *data["results"][1:]]}
    assert response.get_json()["results"] == expected(corrected)
    # the same result again: nothing changes, nothing is kept
    again = enter(client, session_id, key, fixed)
    assert again.status_code == 200 and again.get_json()["change"] == "unchanged"
    # removed: N2's adjusted score on board 2
    gone = client.delete(f"/api/sessions/{session_id}/results/2/N2",
                         headers={"Authorization": f"Bearer {key}"})
    assert gone.status_code == 200 and gone.get_json()["change"] == "removed"
    left = {**corrected, "results": corrected["results"][:3]}
    assert gone.get_json()["results"] == expected(left)
    changes = client.get(f"/api/sessions/{session_id}/history").get_json()["changes"]
    assert [(c["no"], c["change"], c["board"], c["ns"]) for c in changes] == [
        (1, "entered", 2, "N1"), (2, "entered", 2, "N2"), (3, "corrected", 1, "N1"),
        (4, "removed", 2, "N2")]
    assert changes[2]["old"] == data["results"][0] and changes[2]["new"] == fixed
    assert changes[3]["new"] is None
    assert client.get(f"/s/{session_id}.json").get_json() == left


@pytest.mark.parametrize(("result", "field"), [
    ({"board": 3, "ns": "N1", "ew": "E1", "contract": "8H", "declarer": "S", "tricks": 10},
     "contract"),
    ({"board": 3, "ns": "N1", "ew": "E1", "contract": "4H", "declarer": "S"}, "tricks"),
    ({"board": 3, "ns": "N1", "ew": "N2", "passed": True}, "ew"),
    ({"board": 3, "ns": "N1", "ew": "E1", "adjusted": {"ns": "B", "ew": "A"}}, "adjusted"),
    ({"board": 1, "ns": "N9", "ew": "E1", "passed": True}, "ns"),
    ({"board": 3, "ns": "N1", "ew": "E1", "passed": True, "colour": "red"}, "colour"),
    ({"ns": "N1", "ew": "E1", "passed": True}, "board"),
    ([1, 2], None),
])
def test_a_refused_result_is_said_and_nothing_is_stored(
        client: Any, result: Any, field: str | None) -> None:
    session_id, key, body = create(client, golden("spec-example.json"))
    response = enter(client, session_id, key, result)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert errors and all(e["message"] for e in errors)
    assert any(e["field"] == field for e in errors), errors
    after = client.get(f"/api/sessions/{session_id}").get_json()
    assert after["version"] == 1 and after["results"] == body["results"]
    assert client.get(f"/api/sessions/{session_id}/history").get_json() == {"changes": []}


def test_writes_need_the_sessions_edit_key(client: Any) -> None:
    session_id, _key, _body = create(client, golden("spec-example.json"))
    result = {"board": 3, "ns": "N1", "ew": "E1", "passed": True}
    path = f"/api/sessions/{session_id}/results"
    assert client.post(path, json=result).status_code == 403
    assert enter(client, session_id, "wrong", result).status_code == 403
    _other, other_key, _ = create(client, golden("spec-example.json"))
    assert enter(client, session_id, other_key, result).status_code == 403
    assert enter(client, "nosuchsession", other_key, result).status_code == 404
    assert client.delete(f"/api/sessions/{session_id}/results/1/N1").status_code == 403
    assert client.delete(f"/api/sessions/{session_id}/results/9/N1", headers={
        "Authorization": f"Bearer {_key}"}).status_code == 404
    assert client.get("/api/sessions/nosuchsession").status_code == 404
    assert client.get("/s/nosuchsession.csv").status_code == 404
    assert client.get(f"/s/{session_id}.docx").status_code == 404


def test_an_idempotency_key_makes_a_retry_safe(client: Any) -> None:
    session_id, key, _body = create(client, golden("spec-example.json"))
    result = {"board": 3, "ns": "N1", "ew": "E1", "passed": True}
    first = enter(client, session_id, key, result, **{"Idempotency-Key": "k1"})
    retry = enter(client, session_id, key, result, **{"Idempotency-Key": "k1"})
    assert first.status_code == 201 and retry.status_code == 200
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert retry.get_json()["results"] == first.get_json()["results"]
    other = enter(client, session_id, key, {**result, "board": 4}, **{"Idempotency-Key": "k1"})
    assert other.status_code == 422
    assert len(client.get(f"/api/sessions/{session_id}/history").get_json()["changes"]) == 1


def test_etags_answer_304_and_guard_writes(client: Any) -> None:
    session_id, key, _body = create(client, golden("spec-example.json"))
    tag = client.get(f"/api/sessions/{session_id}").headers["ETag"]
    assert client.get(f"/api/sessions/{session_id}",
                      headers={"If-None-Match": tag}).status_code == 304
    result = {"board": 3, "ns": "N1", "ew": "E1", "passed": True}
    assert enter(client, session_id, key, result, **{"If-Match": tag}).status_code == 201
    assert client.get(f"/api/sessions/{session_id}",
                      headers={"If-None-Match": tag}).status_code == 200
    stale = enter(client, session_id, key, {**result, "board": 4}, **{"If-Match": tag})
    assert stale.status_code == 412
    assert client.get(f"/api/sessions/{session_id}").get_json()["version"] == 2


def test_csv_has_every_result_with_its_score(client: Any) -> None:
    data = golden("mitchell-7-tables.json")
    session_id, _key, body = create(client, data)
    response = client.get(f"/s/{session_id}.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    table = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert len(table) == len(data["results"])
    first = table[0]
    line = body["results"]["boards"][0]["results"][0]
    assert (first["board"], first["ns"], first["ew"], first["contract"]) == (
        "1", line["ns"], line["ew"], line["contract"])
    assert first["score"] == str(line["score"]) and first["ns_mp"] == str(line["ns_mp"])
    assert first["ns_names"] == " & ".join(data["pairs"][line["ns"]])


def test_pbn_has_every_played_result_and_the_hand_records_round_trip(client: Any) -> None:
    data = golden("mitchell-7-tables.json")
    session_id, _key, _body = create(client, data)
    response = client.get(f"/s/{session_id}.pbn")
    assert response.status_code == 200
    read = read_pbn(response.get_data(as_text=True))
    played = [r for r in data["results"] if "adjusted" not in r]
    assert len(read.deals) == len(played)
    for deal, result in zip(read.deals, played, strict=True):
        assert deal.board == result["board"]
        hand = data["boards"][str(result["board"])]["deal"]
        assert {s: sorted(deal.record["deal"][s]) for s in "NESW"} == {
            s: sorted(hand[s]) for s in "NESW"}


ENTRY = st.sampled_from(golden("spec-example.json")["results"] + [
    {"board": 1, "ns": "N1", "ew": "E1", "contract": "4H", "declarer": "S", "tricks": 8},
    {"board": 1, "ns": "N2", "ew": "E2", "adjusted": {"ns": "A", "ew": "A"}},
    {"board": 3, "ns": "N1", "ew": "E2", "contract": "1NT", "declarer": "E", "tricks": 7},
    {"board": 3, "ns": "N2", "ew": "E1", "contract": "2S", "declarer": "W", "tricks": 9},
    {"board": 2, "ns": "N1", "ew": "E2", "contract": "3C", "declarer": "N", "tricks": 9}])


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(ENTRY, min_size=1, max_size=8))
def test_any_order_of_entries_scores_as_the_file_it_makes(client: Any,
                                                          entries: list[Any]) -> None:
    """Entering and correcting results one at a time gives exactly the answer ``check`` gives
    the session file that results: the last entry of each board's NS pair, in first-entered
    order."""
    data = golden("spec-example.json")
    session_id, key, _body = create(client, {**data, "results": []})
    kept: dict[tuple[int, str], Any] = {}
    for entry in entries:
        enter(client, session_id, key, copy.deepcopy(entry))
        kept[(entry["board"], entry["ns"])] = entry
    final = {**data, "results": list(kept.values())}
    answer = client.get(f"/api/sessions/{session_id}").get_json()["results"]
    assert answer == expected(final)


@pytest.mark.app_config(WRITE_LIMIT_PER_MINUTE=2)
def test_writes_to_a_session_are_limited_by_its_key(client: Any) -> None:
    session_id, key, _body = create(client, golden("spec-example.json"))
    for board in (3, 4):
        assert enter(client, session_id, key, {"board": board, "ns": "N1", "ew": "E1",
                                               "passed": True}).status_code == 201
    refused = enter(client, session_id, key, {"board": 5, "ns": "N1", "ew": "E1",
                                              "passed": True})
    assert refused.status_code == 429 and refused.headers["Retry-After"]
    assert refused.get_json()["errors"][0]["message"]
    other, other_key, _ = create(client, golden("spec-example.json"))
    assert enter(client, other, other_key, {"board": 5, "ns": "N1", "ew": "E1",
                                            "passed": True}).status_code == 201
