"""Bridge's double dummy on a deal's page and through the API (issue #38): the makeable-
contracts table, par for the deal's vulnerability and dealer as the match scored them, and the
plays that cost a trick, in words in three languages; refusals in words, never a 500. The
analysis is worked out once per match version and kept (web/match/hand_analysis.analysed)."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

from scorekeeper.games.bridge.analysis import analyse_deal
from scorekeeper.web.match import hand_analysis

GOLDEN = Path(__file__).parent / "data" / "golden" / "matches" / "bridge-rubbers.json"
PLAYED = 10  # the golden rubber's deal recorded with its deal, 9 tricks and a claim


def rubbers() -> dict:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.fixture
def match_id(client) -> str:
    created = client.post("/api/matches", json=rubbers())
    assert created.status_code == 201, created.get_json()
    return created.get_json()["id"]


def test_the_api_gives_the_table_par_and_play_of_the_deal(client, match_id):
    response = client.get(f"/api/matches/{match_id}/hands/{PLAYED}/analysis")
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert set(body) == {"hand", "dealer", "vulnerable", "table", "par", "play", "words"}
    record = rubbers()["hands"][PLAYED - 1]
    expected, problems = analyse_deal(record, body["vulnerable"], body["dealer"])
    assert expected is not None and not problems
    assert (body["hand"], body["dealer"]) == (PLAYED, record["dealer"])
    assert {k: body[k] for k in ("table", "par", "play")} == expected.as_json()
    assert set(body["table"]) == {"C", "D", "H", "S", "NT"}
    assert all(set(row) == set("NESW") for row in body["table"].values())
    assert body["play"]["took"] == 6  # 2 of 9 tricks, then the claim of 4
    words = body["words"]
    assert set(words) == {"par", "table", "play"}
    assert words["par"][0].startswith("Par: ")
    assert [w.split(" ")[0] for w in words["table"]] == list("NESW")
    assert any("cost" in w for w in words["play"])
    assert words["play"][-1].startswith("Declarer's side took 6 of the 13 tricks")


@pytest.mark.parametrize(("language", "par", "took"), [
    ("en", "Par:", "Declarer's side took"),
    ("zh-Hant", "最佳定約", "莊家方"),
    ("zh-Hans", "最佳定约", "庄家方"),
])
def test_the_words_are_in_the_asked_language(client, match_id, language, par, took):
    body = client.get(f"/api/matches/{match_id}/hands/{PLAYED}/analysis",
                      headers={"Accept-Language": language}).get_json()
    assert body["words"]["par"][0].startswith(par)
    assert body["words"]["play"][-1].startswith(took)
    page = client.get(f"/m/{match_id}/hands/{PLAYED}", headers={"Accept-Language": language})
    assert page.status_code == 200
    text = html.unescape(page.get_data(as_text=True))
    assert body["words"]["par"][0] in text and body["words"]["play"][-1] in text
    assert 'class="best-count makeable"' in text


@pytest.mark.parametrize(("language", "message"), [
    ("en", "double dummy needs all four hands: record the deal or all 13 tricks"),
    ("zh-Hant", "四家"),
    ("zh-Hans", "四家"),
])
def test_a_deal_without_its_cards_is_refused_in_words(client, match_id, language, message):
    response = client.get(f"/api/matches/{match_id}/hands/2/analysis",
                          headers={"Accept-Language": language})
    assert response.status_code == 422
    (error,) = response.get_json()["errors"]
    assert error["hand"] == 2 and message in error["message"]
    # the page of a deal recorded by its result says nothing about double dummy
    page = client.get(f"/m/{match_id}/hands/2", headers={"Accept-Language": language})
    assert page.status_code == 200 and "analysis-h" not in page.get_data(as_text=True)


def test_a_passed_out_deal_with_its_cards_has_a_table_and_par_but_no_play(client):
    record = rubbers()["hands"][PLAYED - 1]
    match = {**rubbers(), "hands": [{"dealer": "N", "passed": True, "deal": record["deal"]}]}
    created = client.post("/api/matches", json=match)
    assert created.status_code == 201, created.get_json()
    mid = created.get_json()["id"]
    body = client.get(f"/api/matches/{mid}/hands/1/analysis").get_json()
    assert body["play"] is None and body["words"]["play"] == []
    assert body["par"]["contracts"]
    page = html.unescape(client.get(f"/m/{mid}/hands/1").get_data(as_text=True))
    assert body["words"]["par"][0] in page and "The play" not in page


def test_the_analysis_is_kept_per_match_version(client, match_id):
    hand_analysis.analysed.cache_clear()
    analyses = hand_analysis.analysed.cache  # cachetools' LRU, by (match, version, hand)
    client.get(f"/m/{match_id}/hands/{PLAYED}")
    kept = [key for key in analyses if key[0] == match_id]
    assert len(kept) == 1 and kept[0][2] == PLAYED
    found = analyses[kept[0]]
    client.get(f"/api/matches/{match_id}/hands/{PLAYED}/analysis")
    assert analyses[kept[0]] is found  # the API used the page's


def test_no_such_deal_is_a_404(client, match_id):
    assert client.get(f"/api/matches/{match_id}/hands/99/analysis").status_code == 404
