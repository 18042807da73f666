"""Bridge through the JSON API and ``scorekeeper check`` (spec/api.md, spec/bridge.md): a rubber
and a Chicago played deal by deal, corrected and undone; bad deals refused in words (and in
Chinese when asked); a stopped rubber imported; the check command's lines and exit status."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from support.helpers import SEATS


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def bridge_match(**extra: object) -> dict:
    return {"format": "scorekeeper-match/1", "game": "bridge", "seats": dict(SEATS), **extra}


def test_a_rubber_through_the_api(client) -> None:
    created = client.post("/api/matches", json=bridge_match())
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    assert body["state"]["games"] == [] and body["state"]["rubbers"] == []
    url, key = f"/api/matches/{body['id']}/hands", body["edit_key"]
    first = client.post(url, json={"no": 1, "contract": "4HX", "declarer": "S", "tricks": 11},
                        headers=auth(key))
    assert first.status_code == 201, first.get_json()
    entry = first.get_json()["state"]["hands"][0]
    assert (entry["below"], entry["above"], entry["vulnerable"], entry["over_under"]) == (
        {"NS": 240, "EW": 0}, {"NS": 150, "EW": 0}, "none", 1)
    second = client.post(url, json={"no": 2, "contract": "3NT", "declarer": "W", "tricks": 7},
                         headers=auth(key))
    state = second.get_json()["state"]
    assert state["hands"][1]["points"] == {"NS": 100, "EW": 0}  # two down, not vulnerable
    assert state["hands"][1]["vulnerable"] == "NS"

    bad = client.post(url, json={"no": 3, "contract": "8NT", "declarer": "N", "tricks": 9},
                      headers=auth(key))
    assert bad.status_code == 422
    assert bad.get_json()["errors"] == [{
        "hand": 3, "field": "contract",
        "message": '"8NT" is not a contract: write the level 1 to 7, then C, D, H, S or NT, '
                   "then X if doubled or XX if redoubled (4H, 3NTX, 6SXX)"}]

    fixed = client.put(f"{url}/1", json={"contract": "4H", "declarer": "S", "tricks": 9},
                       headers=auth(key))
    assert fixed.status_code == 200, fixed.get_json()
    state = fixed.get_json()["state"]
    assert state["hands"][0]["points"] == {"NS": 0, "EW": 50}  # now one down: no game
    assert state["hands"][1]["vulnerable"] == "none"  # the later deal is scored again
    undone = client.delete(f"{url}/2", headers=auth(key))
    assert undone.status_code == 200 and len(undone.get_json()["state"]["hands"]) == 1


def test_chicago_through_the_api_deals_a_passed_out_deal_again(client) -> None:
    body = client.post("/api/matches", json=bridge_match(rules={"scoring": "chicago"})).get_json()
    url, key = f"/api/matches/{body['id']}/hands", body["edit_key"]
    passed = client.post(url, json={"no": 1, "passed": True}, headers=auth(key))
    assert passed.get_json()["state"]["next_dealer"] == "N"
    again = client.post(url, json={"no": 2, "dealer": "N", "contract": "1NT", "declarer": "S",
                                   "tricks": 7}, headers=auth(key))
    assert again.status_code == 201
    state = again.get_json()["state"]
    assert state["hands"][1]["points"] == {"NS": 40, "EW": 0}  # a partscore carried: no 50
    assert state["next_dealer"] == "E" and "games" not in state


def test_a_stopped_rubber_is_imported_over(client) -> None:
    created = client.post("/api/matches", json=bridge_match(stopped=True, hands=[
        {"contract": "4S", "declarer": "N", "tricks": 10},
        {"contract": "2C", "declarer": "E", "tricks": 8}]))
    assert created.status_code == 201, created.get_json()
    state = created.get_json()["state"]
    assert state["rubbers"] == [{"winner": "NS", "bonus": {"NS": 300, "EW": 100},
                                 "totals": {"NS": 420, "EW": 140}, "stopped": True}]
    assert state["over"] is True and state["winner"] == "NS"
    exported = client.get(f"/m/{created.get_json()['id']}.json").get_json()
    assert exported["stopped"] is True


@pytest.mark.parametrize(("language", "expected"), [
    ("zh-TW", "請填莊家：N、E、S 或 W"), ("zh-CN", "请填庄家：N、E、S 或 W")])
def test_a_bad_deal_in_chinese(client, language, expected) -> None:
    bad = client.post("/api/matches", json=bridge_match(hands=[{"contract": "4H", "tricks": 9}]),
                      headers={"Accept-Language": language})
    assert bad.status_code == 422
    assert bad.get_json()["errors"][0]["message"] == expected


def test_other_games_refuse_stopped(client) -> None:
    bad = client.post("/api/matches", json={**bridge_match(), "game": "whist", "stopped": True})
    assert bad.status_code == 422
    assert bad.get_json()["errors"][0]["message"] == \
        "this game's matches can't be stopped before they end: leave out stopped"


def test_the_check_command(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(bridge_match(rules={"scoring": "chicago"}, hands=[
        {"contract": "3NT", "declarer": "W", "tricks": 7}])), encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(bridge_match(hands=[
        {"contract": "3NT", "declarer": "W", "tricks": 9, "honours": {"side": "EW",
                                                                       "points": 100}}])),
        encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "scorekeeper", "check", str(good), str(bad)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 1, proc.stderr
    first, second = (json.loads(line) for line in proc.stdout.splitlines())
    assert first["ok"] and first["hands"][0]["points"] == {"NS": 100, "EW": 0}
    assert second == {"file": str(bad), "ok": False, "errors": [{
        "hand": 1, "field": "honours",
        "message": "at no trumps only the four aces in one hand count, for 150, not 100"}]}
