"""Club nights printed (issue 15): tally cards, the rotation chart and table tents, A4 and
Letter, in three languages, read back with pdftotext."""

from __future__ import annotations

import re

import pytest
from test_print import fetch_pdf, pdf_text

NAMES = [f"Player {i:02d}" for i in range(24)]
# 24 tally cards render in a few seconds on a quiet machine; a machine shared with other work
# can take a minute, and a 503 would fail the test for the wrong reason.
pytestmark = pytest.mark.app_config(PDF_TIMEOUT=300)


@pytest.fixture
def event(client):
    answer = client.post("/api/events", json={
        "name": "Tuesday club", "game": "euchre", "players": NAMES, "rounds": 6,
        "hands_per_round": 8, "movement": "schedule", "seed": 5})
    assert answer.status_code == 201
    return answer.get_json()


def cards_by_player(text: str) -> dict[str, str]:
    """Each tally card's text, by the player's name in its heading."""
    parts = re.split(r"^\s*\d+\s+(Player \d\d)\s*$", text, flags=re.M)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}


@pytest.mark.parametrize("size", ["a4", "letter"])
def test_the_tally_cards_match_the_schedule(client, event, size):
    data = fetch_pdf(client, f"/events/{event['id']}/tally.pdf?size={size}")
    cards = cards_by_player(pdf_text(data))
    assert sorted(cards) == NAMES
    for rnd in event["rounds"]:
        for table in rnd["tables"]:
            seats = table["seats"]
            for seat, partner, opponents in (("N", "S", "EW"), ("S", "N", "EW"),
                                             ("E", "W", "NS"), ("W", "E", "NS")):
                line = (rf"^\s*{rnd['no']}\s+{table['table']}\s+{seats[partner]}\s+"
                        rf"{seats[opponents[0]]} & {seats[opponents[1]]}")
                assert re.search(line, cards[seats[seat]], flags=re.M), (seats[seat], line)
    assert "Tally card" in cards["Player 00"] and "Total" in cards["Player 00"]


def test_the_rotation_chart_and_standings(client, event):
    text = " ".join(pdf_text(fetch_pdf(client, f"/events/{event['id']}/chart.pdf"),
                             layout=False).split())
    assert "Rotation chart" in text and "Tuesday club" in text
    for t in range(1, 7):
        assert f"Table {t}" in text
    first = event["rounds"][0]["tables"][0]["seats"]
    assert f"{first['N']} & {first['S']}" in text
    assert "Standings" in text and "High total: no one yet" in text


def test_table_tents_carry_the_table_links(client, event):
    text = pdf_text(fetch_pdf(client, f"/events/{event['id']}/tents.pdf?size=letter"),
                    layout=False)
    for t in range(1, 7):
        assert f"Table {t}" in text
        assert f"/events/{event['id']}/tables/{t}" in text
    assert "Scan to follow this table" in text


@pytest.mark.parametrize(("lang", "words"), [("zh-Hant", "計分卡"), ("zh-Hans", "计分卡")])
def test_the_prints_speak_chinese(client, event, lang, words):
    client.get(f"/lang/{lang.replace('-', '_')}")
    text = pdf_text(fetch_pdf(client, f"/events/{event['id']}/tally.pdf"), layout=False)
    assert words in text
