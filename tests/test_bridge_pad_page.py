"""The score pad on Bridge's match page, through Flask's test client: a rubber drawn as players
draw it (a table a rubber, the entries above the line, the line, a rule under each game, the
rubber bonus, the totals), Chicago by chukker (each deal's place, vulnerability, contract and
points, the chukker's total); the pad stays once the match is over."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from support.pages import text

GOLDEN = Path(__file__).parent / "data" / "golden" / "matches"


def page_of(client, name: str, **more) -> str:
    match = {**json.loads((GOLDEN / name).read_text()), **more}
    made = client.post("/api/matches", json=match).get_json()
    return client.get(f"/m/{made['id']}").get_data(as_text=True)


def rows(table: str) -> list[list[str]]:
    return [[html.unescape(text(c)).strip() for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", r)]
            for r in re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)]


def test_every_rubber_on_its_own_sheet(client) -> None:
    page = page_of(client, "bridge-rubbers.json")
    pads = re.findall(r'<table class="score-pad rubber-pad[^"]*">.*?</table>', page, re.S)
    assert len(pads) == 2
    first = rows(pads[0])
    assert first[0] == ["Home", "Visitors"]  # We and They: the sides by their names
    assert 'class="game-line"' in pads[0] and '<tbody class="pad-below">' in pads[0]
    assert '<tr class="bonus">' in pads[0]  # the rubber bonus on its own line above
    assert "Rubber 1" in pads[0] and "Rubber 2" in pads[1]
    assert "3350" in page and "480" in page  # the match's totals, not only the last rubber's


def test_a_rubber_being_played(client) -> None:
    made = client.post("/api/matches", json={
        "format": "scorekeeper-match/1", "game": "bridge",
        "seats": {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"},
        "hands": [{"contract": "4HX", "declarer": "S", "tricks": 11},
                  {"contract": "2S", "declarer": "E", "tricks": 8}]}).get_json()
    page = client.get(f"/m/{made['id']}").get_data(as_text=True)
    pad = re.search(r'<table class="score-pad rubber-pad open">.*?</table>', page, re.S)
    assert pad is not None
    assert rows(pad.group(0)) == [["Ann & Cai", "Bo & Dee"], ["150", ""], ["240", ""], [""],
                                  ["", "60"], ["390", "60"]]


def test_chicago_by_chukker(client) -> None:
    page = page_of(client, "bridge-chicago.json")
    pads = re.findall(r'<table class="score-pad chukker-pad">.*?</table>', page, re.S)
    assert len(pads) == 2
    first = rows(pads[0])
    assert first[0] == ["#", "Vulnerable", "Contract", "Ann & Cai", "Bo & Dee"]
    assert first[1][:3] == ["1", "nobody", "passed out"]
    assert first[2][:3] == ["1", "nobody", "2♠ N ="]
    assert first[-1][0] == "Total" and "Chukker 2" in pads[1]
    assert [r[1] for r in first[2:6]] == ["nobody", "Ann & Cai", "Bo & Dee", "both sides"]


def test_the_pad_in_chinese(client) -> None:
    made = client.post("/api/matches", json={
        "format": "scorekeeper-match/1", "game": "bridge", "rules": {"scoring": "chicago"},
        "seats": {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"},
        "hands": [{"contract": "3NT", "declarer": "W", "tricks": 7}]}).get_json()
    page = html.unescape(client.get(f"/m/{made['id']}", headers={
        "Accept-Language": "zh-TW"}).get_data(as_text=True))
    assert "第1輪<" in page and "3NT W −2" in page and "總分" in page
