"""The start-score rule (issue 35) through every door: `scorekeeper check`, the JSON API, a
match file imported on the home page, and the start form. The cases are support/start_cases.py,
the same table the engine's tests run."""

from __future__ import annotations

import json
import subprocess
import sys
from io import BytesIO

import pytest
from support.start_cases import CASES, case_id, start_match

IDS = [case_id(c) for c in CASES]
TEAM_WORDS = {"NS": "North–South", "EW": "East–West"}


def test_check_cli_says_each_case(tmp_path):
    """One `scorekeeper check` run over a file per case: its line says ok or the problem."""
    files = []
    for no, (game, rules, ns, ew, _expected) in enumerate(CASES):
        path = tmp_path / f"{no:02d}.json"
        path.write_text(json.dumps(start_match(game, rules, ns, ew)), encoding="utf-8")
        files.append(str(path))
    proc = subprocess.run([sys.executable, "-m", "scorekeeper", "check", *files],
                          capture_output=True, text=True, timeout=120, check=False)
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(lines) == len(CASES)
    assert proc.returncode == (1 if any(c[4] for c in CASES) else 0)
    for case, line in zip(CASES, lines, strict=True):
        _game, _rules, ns, ew, expected = case
        if expected is None:
            assert line["ok"] is True, (case_id(case), line)
            assert line["score"] == {"NS": ns, "EW": ew}
        else:
            _code, field, words = expected
            assert line["ok"] is False, case_id(case)
            assert [(e["hand"], e["field"]) for e in line["errors"]] == [(None, field)]
            assert words in line["errors"][0]["message"], (case_id(case), line)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_api_create(client, case):
    game, rules, ns, ew, expected = case
    r = client.post("/api/matches", json=start_match(game, rules, ns, ew))
    if expected is None:
        assert r.status_code == 201, r.get_json()
        assert r.get_json()["state"]["score"] == {"NS": ns, "EW": ew}
        got = client.get(f"/api/matches/{r.get_json()['id']}").get_json()
        assert got["match"]["start_score"] == {"NS": ns, "EW": ew}
    else:
        _code, field, words = expected
        assert r.status_code == 422
        errors = r.get_json()["errors"]
        assert [e["field"] for e in errors] == [field]
        assert words in errors[0]["message"]


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
@pytest.mark.parametrize("case", [c for c in CASES if c[0] in ("five_hundred", "spades")],
                         ids=[case_id(c) for c in CASES if c[0] in ("five_hundred", "spades")])
def test_import_on_the_home_page(client, case):
    game, rules, ns, ew, expected = case
    body = json.dumps(start_match(game, rules, ns, ew)).encode()
    r = client.post("/import", data={"file": (BytesIO(body), "paper.json")},
                    content_type="multipart/form-data")
    if expected is None:
        assert r.status_code == 303
    else:
        assert r.status_code == 422
        assert expected[2] in r.get_data(as_text=True)


def form_data(game, rules, ns, ew):
    data = {"game": game, "N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee",
            "start_NS": str(ns), "start_EW": str(ew)}
    for name, value in rules.items():
        data[f"{game}_{name}"] = "" if value is None else str(value)
    return data


# whole numbers as typed (the form's own refusals are below); lose_at stays as the preset has it
FORM_CASES = [c for c in CASES if type(c[2]) is int and c[1].get("lose_at", 0) is not None]


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
@pytest.mark.parametrize("case", FORM_CASES, ids=[case_id(c) for c in FORM_CASES])
def test_start_form(client, case):
    game, rules, ns, ew, expected = case
    r = client.post("/start", data=form_data(game, rules, ns, ew))
    page = r.get_data(as_text=True)
    if expected is None:
        assert r.status_code == 303, page
        match_id = r.headers["Location"].rsplit("/", 1)[-1]
        state = client.get(f"/api/matches/{match_id}").get_json()["state"]
        assert state["score"] == {"NS": ns, "EW": ew}
        return
    _code, field, words = expected
    assert r.status_code == 422
    side = field.removeprefix("start_score.")
    # under the side's own field (its error paragraph, named by the input), not at the foot
    error = page.split(f'id="start_{side}-err"')[1].split("</p>", 1)[0]
    assert words in error
    assert page.count('class="err"') == 1


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
@pytest.mark.parametrize(("typed", "score"), [
    ("-320", -320), ("\u2212320", -320), ("\u2013320", -320), ("- 320", -320), (" 45 ", 45),
    ("+45", 45), ("", 0), ("0", 0)])
def test_the_form_reads_a_minus_as_a_phone_types_it(client, typed, score):
    data = form_data("five_hundred", {}, 0, 0)
    data["start_NS"] = typed
    r = client.post("/start", data=data)
    assert r.status_code == 303
    match_id = r.headers["Location"].rsplit("/", 1)[-1]
    assert client.get(f"/api/matches/{match_id}").get_json()["state"]["score"]["NS"] == score


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
@pytest.mark.parametrize(("typed", "words"), [
    ("9" * 5000, "reaches the target of 500"), ("-" + "9" * 20, "at or below \u2212200")])
def test_a_huge_number_gets_the_games_range(client, typed, words):
    data = form_data("spades", {}, 0, 0)
    data["start_NS"] = typed
    r = client.post("/start", data=data)
    assert r.status_code == 422
    assert words in r.get_data(as_text=True)


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
@pytest.mark.parametrize("typed", ["abc", "3.5", "--3", "1e3", "٣", "12-"])
def test_the_form_refuses_what_is_not_a_whole_number_in_words(client, typed):
    data = form_data("spades", {}, 0, 0)
    data["start_EW"] = typed
    r = client.post("/start", data=data)
    assert r.status_code == 422
    assert "Write a whole number, such as 120 or −320." in r.get_data(as_text=True)


def test_the_start_form_offers_a_keyboard_with_a_minus(client):
    page = client.get("/").get_data(as_text=True)
    for side in ("NS", "EW"):
        tag = page.split(f'id="start_{side}"')[0].rsplit("<input", 1)[1] + \
            page.split(f'id="start_{side}"')[1].split(">", 1)[0]
        assert 'inputmode="text"' in tag
        assert 'type="text"' in tag  # not type="number", which drops what it can't read
