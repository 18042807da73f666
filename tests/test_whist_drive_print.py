"""A whist drive's match printed and on the pages: the sheet's rules line names the trump cycle
and the scoring and every deal's row its trump (NT for the no-trump deal), read back from the
PDF; the hand page of a no-trump deal; the board's "trump this deal" in Chinese."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from support.prints import fetch_pdf, pdf_text

GOLDEN = Path(__file__).resolve().parent / "data" / "golden" / "matches" / "whist-drive.json"


def test_the_sheet_shows_each_deals_trump(client: Any, matches: Any) -> None:
    match_id, _key = matches.create(json.loads(GOLDEN.read_text()))
    text = pdf_text(fetch_pdf(client, f"/m/{match_id}/sheet.pdf"))
    assert "Whist, 6 deals, trumps in turn: ♥ ♦ ♠ ♣ NT, every trick scores" in text
    rows = [line for line in text.splitlines() if re.match(r"\s*[1-6]\s+(Ann|Bo|Cai|Dee)\b", line)]
    trumps = [next(t for t in ("♥", "♦", "♠", "♣", "NT") if t in row) for row in rows[:6]]
    assert trumps == ["♥", "♦", "♠", "♣", "NT", "♥"], rows
    assert "a side scores a point for every trick it took" in text


def test_the_sheet_in_chinese_says_no_trump(client: Any, matches: Any) -> None:
    match_id, _key = matches.create(json.loads(GOLDEN.read_text()))
    client.set_cookie("lang", "zh_Hant")
    text = pdf_text(fetch_pdf(client, f"/m/{match_id}/sheet.pdf"))
    assert "♥ ♦ ♠ ♣ 無王" in text and "每墩計分" in text


def test_the_hand_page_of_a_no_trump_deal(client: Any, matches: Any) -> None:
    match_id, _key = matches.create(json.loads(GOLDEN.read_text()))
    page = client.get(f"/m/{match_id}/hands/5")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert '<span class="sNT">NT</span>' in text
    assert 'class="sH"' in client.get(f"/m/{match_id}/hands/1").get_data(as_text=True)


def test_the_board_says_the_deals_trump_in_chinese(client: Any, matches: Any) -> None:
    match_id, _key = matches.create({**json.loads(GOLDEN.read_text()), "hands": []})
    client.set_cookie("lang", "zh_Hans")
    text = client.get(f"/m/{match_id}").get_data(as_text=True)
    assert "本副将牌：" in text and "红心" in text
    matches.record(match_id, {"tricks_NS": 7})
    text = client.get(f"/m/{match_id}").get_data(as_text=True)
    assert "本副将牌：" in text and "方块" in text
