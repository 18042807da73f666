"""Five Hundred's printouts and statistics: the golden match's sheet page and PDF, its blank
sheet, each player's contracts by level and trump on the API and the players' pages (apart from
the other games), and the hands' export's own columns."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
from pathlib import Path

import pytest
from support.helpers import become_organiser

GOLDEN = Path(__file__).parent / "data" / "golden" / "matches" / "five-hundred-full-game.json"
ARTIFACTS = Path(__file__).parent / "artifacts"


@pytest.fixture
def golden(client) -> dict:
    client.environ_base["HTTP_AUTHORIZATION"] = become_organiser(client)["Authorization"]
    r = client.post("/api/matches", json=json.loads(GOLDEN.read_text()))
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def png_of(pdf: bytes, name: str) -> Path:
    """The PDF's first page as a PNG under tests/artifacts (to look at)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.pdf"
    path.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(path),
                    str(ARTIFACTS / name)], check=True, timeout=60)
    return next(ARTIFACTS.glob(f"{name}*.png"))


def test_the_sheet_page_has_the_bids_and_the_points(client, golden):
    html = client.get(f"/m/{golden['id']}/sheet").get_data(as_text=True)
    for words in ("Bid", "Misère", "Open misère", "10", "−500", "+420", "Contracts bid",
                  "Points from bids", "Set", "Slam"):
        assert words in html, words
    assert "7NT" in re.sub(r"<[^>]+>", "", html)  # NT printed as a suit is (its own span)


@pytest.mark.parametrize("lang", ["en", "zh_Hant", "zh_Hans"])
def test_the_match_pdf_and_the_blank_sheet_in_three_languages(client, golden, lang):
    client.set_cookie("lang", lang)
    for what in ("sheet", "blank"):
        r = client.get(f"/m/{golden['id']}/{what}.pdf")
        assert r.status_code == 200 and r.data[:4] == b"%PDF", what
        assert png_of(r.data, f"five-hundred-{what}-{lang}").stat().st_size > 1000
    page = client.get(f"/m/{golden['id']}/blank").get_data(as_text=True)
    assert {"en": "Five Hundred score sheet", "zh_Hant": "五百分記分表",
            "zh_Hans": "五百分记分表"}[lang] in page


def test_each_player_counts_contracts_by_level_and_trump(client, golden):
    players = {p["name"]: p["id"] for p in golden["players"].values()}
    body = client.get(f"/api/players/{players['Cai']}").get_json()
    five = next(g for g in body["games"] if g["game"] == "five_hundred") \
        if isinstance(body["games"], list) else body["games"]["five_hundred"]
    # Cai (S) won the bid in hands 4 (8C made), 8 (7NT), 9 (6NT slam), 15 (6D made), 18 (9NT)
    text = json.dumps(five)
    assert '"bids": 5' in text, text[:800]
    page = client.get(f"/players/{players['Cai']}").get_data(as_text=True)
    assert "Contracts bid" in page and "By tricks bid" in page and "no trumps" in page


def test_the_hands_export_carries_the_bid(client, golden):
    rows = list(csv.DictReader(io.StringIO(client.get("/export/hands.csv").get_data(
        as_text=True))))
    mine = [r for r in rows if r.get("game") == "five_hundred"]
    assert len(mine) == 18
    assert [r["bid"] for r in mine][:2] == ["7S", "6H"]
    assert mine[1]["made"] == "0" and mine[1]["bid_points"] == "-100"
    assert mine[11]["level"] == "M"
