"""EGN export (games/euchre/egn/export.py, GET /m/<id>.egn): valid against the EGN schema, and
every example file imports, exports and imports again to the same match."""

from __future__ import annotations

import json
import random
import urllib.request
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from support.deals import euchre_hand
from support.egn_text import load_egn_text, load_emn_text
from support.helpers import SHARED, euchre_match, whist_match
from support.helpers import euchre_hand as summary_hand

from scorekeeper.engine.matchfile import check_match
from scorekeeper.games.euchre.egn.export import export_egn
from scorekeeper.games.euchre.egn.read import egn_to_match
from scorekeeper.games.euchre.egn.write import EgnExportError

EGN_DIR = SHARED / "data" / "egn"
SCHEMA = json.loads((EGN_DIR / "egn-schema-v1.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft7Validator(SCHEMA)
EXAMPLES = sorted(EGN_DIR.rglob("*.egn"))
MATCH_FILES = sorted(EGN_DIR.rglob("*.emn"))


def schema_errors(egn: dict[str, Any]) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in VALIDATOR.iter_errors(egn)]


def outcome(match: dict[str, Any]) -> tuple[Any, ...]:
    """What a match comes to: every hand's result and score, the score, the winner."""
    result = check_match(match)
    if result.state is None:
        return ("invalid", [(p.code, p.hand) for p in result.problems])
    state = result.state.as_json()
    return (state["hands"], state["score"], state["winner"], state["over"])


def test_the_examples_are_there():
    assert len(EXAMPLES) >= 30 and MATCH_FILES


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(EGN_DIR)))
def test_every_example_file_round_trips(path: Path):
    match, problems = load_egn_text(path.read_text(encoding="utf-8"))
    assert match is not None, problems
    egn = export_egn(match)
    assert schema_errors(egn) == []
    again, problems = egn_to_match(egn)
    assert problems == []
    assert again == match  # hands, rules, names, title and date
    assert outcome(again) == outcome(match)


@pytest.mark.parametrize("path", MATCH_FILES, ids=lambda p: p.name)
def test_every_game_of_the_match_notation_file_round_trips(path: Path):
    games, problems = load_emn_text(path.read_text(encoding="utf-8"))
    assert not problems and games
    for match, game_problems in games:
        assert match is not None, game_problems
        egn = export_egn(match)
        assert schema_errors(egn) == []
        assert egn_to_match(egn) == (match, [])


def test_the_final_score_is_written():
    match, _ = load_egn_text((EGN_DIR / "VWEC Finals.egn").read_text(encoding="utf-8"))
    egn = export_egn(match)
    score = check_match(match).state.score
    assert egn["metadata"]["finalScore"] == [score["NS"], score["EW"]]
    assert egn["metadata"]["initialScore"] == [0, 0]


def deal_of(egn: dict[str, Any], no: int) -> dict[str, Any]:
    return egn["deals"][no - 1]


def test_hands_without_a_card_record_keep_what_is_known():
    rng = random.Random(3)
    hands = [
        summary_hand("E", 3),  # dealer N: nothing but the caller and the tricks
        {"caller": "N", "round": 1, "trump": "H", "alone": True, "makers_tricks": 5},  # dealer E
        {"passed": True, "turn_up": "9S"},  # dealer S
        {"caller": "S", "round": 2, "turn_up": "9C", "trump": "D", "makers_tricks": 1,
         "note": "a brave call"},  # dealer W
        euchre_hand(rng, "N", alone=False),
    ]
    match = euchre_match(hands=hands, rules={"target": 30})
    assert check_match(match).ok
    egn = export_egn(match)
    assert schema_errors(egn) == []
    first = deal_of(egn, 1)
    assert first["initialState"] == {"dealer": 0, "upCard": "Xx"}
    assert first["phases"] == [{
        "phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": [], "isAlone": False,
        "callAnnotations": {"0": ["E called; the bidding was not recorded",
                                  "The makers took 3 tricks; the cards were not recorded",
                                  'scorekeeper-hand {"caller":"E","makers_tricks":3}']}}]
    second = deal_of(egn, 2)
    assert second["initialState"] == {"dealer": 1, "upCard": "Xh"}
    assert second["phases"][0]["calls"] == ["Pass", "Pass", "Order"]  # S, W pass; N orders
    assert second["phases"][0]["isAlone"] is True
    third = deal_of(egn, 3)
    assert third["phases"][0]["calls"] == ["Pass"] * 8
    assert "callAnnotations" not in third["phases"][0]
    fourth = deal_of(egn, 4)
    assert fourth["initialState"] == {"dealer": 3, "upCard": "9c"}
    assert fourth["phases"][0]["calls"] == ["Pass"] * 6 + ["d"]  # N, E pass twice; S names ♦
    assert fourth["phases"][0]["callAnnotations"]["0"] == [
        "The makers took 1 trick; the cards were not recorded", "a brave call",
        'scorekeeper-hand {"caller":"S","round":2,"turn_up":"9C","trump":"D",'
        '"makers_tricks":1,"note":"a brave call"}']
    fifth = deal_of(egn, 5)
    assert fifth["phases"][1]["type"] == "TRICK_PLAY"
    assert len(fifth["phases"][1]["tricks"]) == 5
    assert egn["metadata"]["finalScore"] == [
        check_match(match).state.score[t] for t in ("NS", "EW")]
    # ... and our own importer reads every hand back as it was (the dealer written out)
    back, problems = egn_to_match(egn)
    assert problems == []
    assert back["hands"][:4] == [{**hand, "dealer": seat}
                                 for hand, seat in zip(hands[:4], "NESW", strict=True)]
    assert outcome(back) == outcome(match)


@pytest.mark.parametrize("line", [
    "scorekeeper-hand {not json", "scorekeeper-hand [1, 2]", 'scorekeeper-hand {"note": "\\ud800"}',
    "scorekeeper-hand " + "[" * 600 + "]" * 600])
def test_a_broken_hand_line_is_refused_in_words_not_guessed(line):
    egn = export_egn(euchre_match(hands=[summary_hand("E", 3)]))
    egn["deals"][0]["phases"][0]["callAnnotations"]["0"][-1] = line
    back, problems = egn_to_match(egn)
    assert back is None
    assert [(p.hand, p.field) for p in problems] == [(1, "upCard"), (1, "calls")]


def test_a_declared_renege_and_rules_egn_lacks_are_written_in_words():
    hand = {"caller": "E", "round": 1, "turn_up": "JS", "trump": "S", "renege": "N"}
    match = euchre_match(hands=[hand], rules={"renege_points": 4})
    assert check_match(match).ok
    egn = export_egn(match)
    assert schema_errors(egn) == []
    assert egn["metadata"]["description"] == "Rules EGN has no field for: renege_points 4"
    assert egn["deals"][0]["phases"][0]["callAnnotations"]["0"] == [
        "N reneged (declared)",
        'scorekeeper-hand {"caller":"E","round":1,"turn_up":"JS","trump":"S","renege":"N"}']
    back, problems = egn_to_match(egn)
    assert problems == [] and back["hands"] == [{**hand, "dealer": "N"}]
    assert egn["metadata"]["finalScore"] == [0, 4]


def test_whist_is_refused():
    with pytest.raises(EgnExportError, match="only Euchre"):
        export_egn(whist_match(hands=[]))


# --- the download ---------------------------------------------------------------------------------


@pytest.fixture
def created(client) -> dict[str, Any]:
    hands = [euchre_hand(random.Random(6), "N", alone=False), summary_hand("W", 4)]
    response = client.post("/api/matches", json=euchre_match(hands=hands, title="Club night"))
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_the_download(client, created):
    response = client.get(f"/m/{created['id']}.egn")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == \
        f'attachment; filename="euchre-{created["id"]}.egn"'
    egn = json.loads(response.data)
    assert schema_errors(egn) == []
    assert egn["metadata"]["players"] == ["Ann", "Bo", "Cai", "Dee"]
    assert egn["metadata"]["title"] == "Club night"
    assert len(egn["deals"]) == 2
    # the hand recorded by its outcome has no up card ("Xx") and no calls: it comes back
    # from its own line, so the match imports as it was
    back, problems = egn_to_match(egn)
    assert problems == []
    stored = client.get(f"/api/matches/{created['id']}").get_json()["match"]
    assert outcome(back) == outcome(stored)
    page = client.get(f"/m/{created['id']}").get_data(as_text=True)
    assert f'href="/m/{created["id"]}.egn"' in page


def test_an_imported_egn_file_downloads_as_it_came(client):
    text = (EGN_DIR / "Me and Bears.egn").read_text(encoding="utf-8")
    response = client.post("/api/matches", json=json.loads(text))
    assert response.status_code == 201, response.get_json()
    match_id = response.get_json()["id"]
    egn = json.loads(client.get(f"/m/{match_id}.egn").data)
    assert schema_errors(egn) == []
    assert egn_to_match(egn)[0]["hands"] == load_egn_text(text)[0]["hands"]


@pytest.mark.parametrize("note_length", [300, 480, 500])
def test_a_long_note_on_a_hand_egn_cannot_hold_still_imports_again(client, note_length):
    # a hand recorded by its outcome only, whose scorekeeper-hand line is longer than a note
    # (NOTE_MAX) but within an annotation: the line must not be cut, or the file won't import
    hand = {"dealer": "N", "caller": "E", "trump": "H", "alone": False, "makers_tricks": 3,
            "note": "x" * note_length}
    response = client.post("/api/matches", json=euchre_match(hands=[hand]))
    assert response.status_code == 201, response.get_json()
    match_id = response.get_json()["id"]
    egn = json.loads(client.get(f"/m/{match_id}.egn").data)
    assert schema_errors(egn) == []
    back, problems = egn_to_match(egn)
    assert problems == []
    assert back["hands"] == [hand]
    imported = client.post("/api/matches", json=egn)
    assert imported.status_code == 201, imported.get_json()
    again = client.get(f"/api/matches/{imported.get_json()['id']}").get_json()["match"]
    assert again["hands"] == [hand]


def test_whist_and_unknown_matches_have_no_egn(client):
    response = client.post("/api/matches", json=whist_match())
    match_id = response.get_json()["id"]
    assert client.get(f"/m/{match_id}.egn").status_code == 404
    page = client.get(f"/m/{match_id}").get_data(as_text=True)
    assert ".egn" not in page
    assert client.get("/m/nosuchmatch.egn").status_code == 404


def test_the_download_through_the_live_server(live_server):
    text = (EGN_DIR / "VWEC Finals.egn").read_bytes()
    request = urllib.request.Request(f"{live_server}/api/matches", data=text,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as r:
        match_id = json.load(r)["id"]
    with urllib.request.urlopen(f"{live_server}/m/{match_id}.egn", timeout=10) as r:
        assert r.status == 200
        egn = json.load(r)
    assert schema_errors(egn) == []
    assert egn_to_match(egn)[0]["hands"] == load_egn_text(text.decode())[0]["hands"]
