"""The season report: a real PDF (WeasyPrint through the render pool) read back with poppler,
for everyone and for one player, over a date range, in English and Chinese."""

from __future__ import annotations

import re

import pytest
from support.prints import fetch_pdf, pdf_text
from support.stats_data import MATCH_A, MATCH_B, MATCH_C


@pytest.fixture
def ids(client) -> dict[str, str]:
    found: dict[str, str] = {}
    for match in (MATCH_A, MATCH_B, MATCH_C):
        body = client.post("/api/matches", json=match).get_json()
        found.update({p["name"]: p["id"] for p in body["players"].values()})
    return found


def squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_the_season_report_of_everyone_lists_every_player(client, ids):
    text = squeeze(pdf_text(fetch_pdf(client, "/players/season.pdf")))
    assert "SEASON REPORT" in text and "All players" in text  # the kicker is in capitals
    assert "Every hand recorded on this server" in text
    # the matches table: Ann 3 matches, 2 won; then a table per game (issue 35)
    assert re.search(r"Ann 3 2 Bo 3 0 Cai 2 2 Dee 3 0 Eve 1 0 Euchre", text), text
    # Euchre: Ann 4 called, 2 made (50%), 1 march, 1 euchred, loners 1/1, 0.8
    assert re.search(r"Ann 4 2 50% 1 1 1/1 0.8", text), text
    assert re.search(r"Bo 3 1 33% 0 1 0/1 0.3", text), text
    assert re.search(r"Eve 0 0 ?– 0 0 0/0 –", text), text


def test_the_season_report_of_one_player_over_a_range(client, ids):
    data = fetch_pdf(client, f"/players/season.pdf?player={ids['Ann']}&from=2026-02-01"
                             "&to=2026-02-28")
    text = squeeze(pdf_text(data, layout=False))  # the figures' boxes in reading order
    assert "Ann" in text and "Hands played from 2026-02-01 to 2026-02-28" in text
    # two boxes a line: both labels, then both figures
    assert "Matches played Matches won 2 1 50%" in text  # B and C; C won
    assert "Whist deals Tricks per deal 3 7.0" in text
    assert "2026-02-20" in text and "2026-01-10" not in text


def test_the_season_report_in_chinese(client, ids):
    client.set_cookie("lang", "zh_Hant")
    text = squeeze(pdf_text(fetch_pdf(client, f"/players/season.pdf?player={ids['Ann']}"),
                            layout=False))
    assert "賽季報告" in text and "參加比賽 贏得比賽 3 2 67%" in text and "紅心" in text


def test_the_season_report_refuses_bad_input_clearly(client, ids):
    r = client.get("/players/season.pdf?from=2026-02-30")
    assert r.status_code == 400 and b"2026-02-30" in r.data
    assert client.get("/players/season.pdf?player=nobody").status_code == 404
    page = client.get("/players/season").get_data(as_text=True)
    assert "Download PDF" in page and "Ann" in page


def test_the_season_pdf_counts_in_the_per_address_pdf_limit(make_app):
    # Each ?from= is a new render: without the limit one address could keep the render
    # processes busy and every table's score sheet would get 503.
    client = make_app(PDF_LIMIT="2 per minute").test_client()
    answers = [client.get(f"/players/season.pdf?from=2026-01-0{day}") for day in (1, 2, 3)]
    assert [a.status_code for a in answers[:2]] == [200, 200]
    assert answers[2].status_code == 429 and int(answers[2].headers["Retry-After"]) > 0
