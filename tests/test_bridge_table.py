"""Bridge at the table through Flask's test client: started from the start form with its
presets, the deal form (contract grid, X / XX, declarer, result, honours, "Passed out"), the
Save label by the engine, refusals in words with nothing stored, the board's vulnerability,
games and partscores, corrections."""

from __future__ import annotations

import html

import pytest
from support.pages import Table, form_of, text

START = {"game": "bridge", "N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee", "first_dealer": "N"}


@pytest.fixture
def table(client) -> Table:
    return Table(client)


def start(table: Table, preset: str = "rubber", **unticked: bool) -> str:
    values = form_of(table.page("/"), "/start")["values"]  # the boxes ticked as shown
    values = {k: v for k, v in values.items() if k not in unticked}  # as start.js unticks
    r = table.client.post("/start", data={**values, **START, "preset_bridge": preset})
    assert r.status_code == 303, r.get_data(as_text=True)[:3000]
    return r.headers["Location"]


@pytest.mark.parametrize(("preset", "rules"), [
    ("rubber", {}), ("chicago", {"scoring": "chicago"}),
    ("chicago_no_carry", {"scoring": "chicago", "partscore_carry": False})])
def test_the_presets_start_a_match(table, preset, rules) -> None:
    url = start(table, preset, **({"bridge_partscore_carry": True}
                                  if preset == "chicago_no_carry" else {}))
    match = table.client.get(url + ".json").get_json()
    assert match["game"] == "bridge" and match.get("rules", {}) == rules


@pytest.mark.parametrize(("preset", "before", "deal", "label"), [
    ("rubber", [], {"contract": "4H", "doubled": "X", "declarer": "S", "result": "1"},
     "Save: S 4♥X made +1 → NS 240 below, 150 above; game!"),
    ("rubber", [], {"contract": "3NT", "declarer": "W", "result": "-2"},
     "Save: W 3NT −2 → NS 100 above"),
    ("rubber", [], {"contract": "2S", "declarer": "N", "result": "0", "honours": "EW100"},
     "Save: N 2♠ made → NS 60 below, 0 above; EW 100 above"),
    ("chicago", [{"contract": "1C", "declarer": "N", "result": "0"}],
     {"contract": "3NT", "declarer": "W", "result": "-2"}, "Save: W 3NT −2 → Ann & Cai +200"),
    ("rubber", [], {"passed": "y"}, "Save: passed out → no score"),
])
def test_the_save_label_says_what_will_happen(table, preset, before, deal, label) -> None:
    url = start(table, preset)
    for hand in before:
        assert table.post_hand(url, **hand).status_code == 303
    values = table.hand_form(url)
    r = table.client.get(url + "/preview", query_string={**values, **deal})
    assert r.get_json() == {"label": label, "errors": {}}


def test_a_rubber_by_the_form_shows_on_the_board(table) -> None:
    url = start(table)
    assert table.post_hand(url, contract="4S", declarer="S", result="0").status_code == 303
    page = html.unescape(text(table.page(url)))
    assert "Vulnerable: Ann & Cai" in page and "Games in rubber 1: Ann & Cai 1 · Bo & Dee 0" in page
    assert table.post_hand(url, contract="2H", declarer="E", result="0").status_code == 303
    page = html.unescape(text(table.page(url)))
    assert "Below the line: Ann & Cai 0 · Bo & Dee 60" in page
    assert table.post_hand(url, passed="y").status_code == 303
    assert table.post_hand(url, contract="3NT", declarer="N", result="1").status_code == 303
    history = html.unescape(text(table.page(url)))
    assert "Cai ♠ 4" in history  # the declarer, the strain and the level
    state = table.client.get(url.replace("/m/", "/api/matches/")).get_json()["state"]
    assert state["over"] and state["rubbers"][0]["bonus"] == 700
    assert state["hands"][2]["result"] == "passed"


def test_a_bad_deal_is_refused_in_words_and_nothing_is_stored(table) -> None:
    url = start(table)
    r = table.post_hand(url, declarer="S", result="0")
    assert r.status_code == 422
    assert "Say the contract, like 4H or 3NTX (or that all four passed)" in \
        html.unescape(r.get_data(as_text=True))
    r = table.post_hand(url, contract="7NT", declarer="S", result="1")
    assert "Declarer's side takes 0 to 13 tricks, not 14" in \
        html.unescape(r.get_data(as_text=True))
    assert table.client.get(url + ".json").get_json()["hands"] == []


def test_a_correction_fills_the_form_from_the_deal(table) -> None:
    url = start(table)
    assert table.post_hand(url, contract="4H", doubled="XX", declarer="E", tricks="5",
                           honours="NS150", lead="KS").status_code == 303
    page = table.page(url + "/hands/1/edit")
    values = form_of(page, "/hands/1")["values"]
    assert (values["contract"], values["doubled"], values["declarer"], values["tricks"],
            values["honours"]) == ("4H", "XX", "E", "5", "NS150")
    assert '<option selected value="KS">' in page
    assert table.client.get(url + ".json").get_json()["hands"][0] == {
        "contract": "4HXX", "declarer": "E", "tricks": 5, "lead": "KS",
        "honours": {"side": "NS", "points": 150}}


def test_the_sheet_and_its_pdf_show_every_rubber(client) -> None:
    from pathlib import Path

    from support.prints import fetch_pdf, pdf_text

    golden = Path(__file__).parent / "data" / "golden" / "matches" / "bridge-rubbers.json"
    made = client.post("/api/matches", data=golden.read_bytes(),
                       content_type="application/json").get_json()
    page = html.unescape(text(client.get(f"/m/{made['id']}/sheet").get_data(as_text=True)))
    assert "Below the line" in page and "Above the line" in page
    assert "3350" in page and "480" in page  # both rubbers, not the last one's 1420–0
    # the pad as players draw it: a rubber each, the line, a rule under each game
    sheet = client.get(f"/m/{made['id']}/sheet").get_data(as_text=True)
    assert sheet.count('<table class="pad-table">') == 2
    assert sheet.count('class="the-line"') == 2 and sheet.count('class="game-line"') == 5
    pdf = pdf_text(fetch_pdf(client, f"/m/{made['id']}/sheet.pdf"))
    assert "Final: Home win 3350–480" in pdf and "4♥X" not in pdf and "6NT" in pdf
