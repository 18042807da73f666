"""Five Hundred's sheet page and match PDF print each bid whole (issue 35): its tricks and
its trump, "8♥", "7NT", never the bare number the sheet printed when the suit was lost."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support.helpers import become_organiser
from support.prints import fetch_pdf, pdf_text

GOLDEN = Path(__file__).parent / "data" / "golden" / "matches" / "five-hundred-full-game.json"
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def printed(bid: str, lang: str) -> str:
    """A bid as the sheet prints it: the level, then the suit's symbol or the words for NT."""
    nt = {"en": "NT", "zh_Hant": "無王", "zh_Hans": "无将"}[lang]
    return bid[:-2] + nt if bid.endswith("NT") else bid[:-1] + SYMBOLS[bid[-1]]


@pytest.fixture
def golden(client) -> tuple[str, list]:
    client.environ_base["HTTP_AUTHORIZATION"] = become_organiser(client)["Authorization"]
    match = json.loads(GOLDEN.read_text())
    r = client.post("/api/matches", json=match)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"], match["hands"]


def bid_cells(html: str) -> list[str]:
    """The bid column of the hand-by-hand table, a cell a hand."""
    table = html[html.index('class="hand-table five-hundred"'):]
    return [re.sub(r"<[^>]+>", "", c).strip()
            for c in re.findall(r'<td class="c">(.*?)</td>', table, re.S)]


@pytest.mark.parametrize("lang", ["en", "zh_Hant"])
def test_every_bid_is_printed_with_its_trump(client, golden, lang):
    match_id, hands = golden
    client.set_cookie("lang", lang)
    cells = bid_cells(client.get(f"/m/{match_id}/sheet").get_data(as_text=True))
    for hand, cell in zip(hands, cells, strict=True):
        bid = hand.get("bid")
        if bid and bid[0].isdigit():
            assert cell == printed(bid, lang), (bid, cell)
    text = pdf_text(fetch_pdf(client, f"/m/{match_id}/sheet.pdf"), layout=False)
    for bid in {h["bid"] for h in hands if h.get("bid", "x")[0].isdigit()}:
        assert printed(bid, lang) in text, bid
