"""Chinese sheets name the seats in Chinese (issue 24): the seat letters N/E/S/W of a printed
sheet, its PDF and the hand page are 北/東/南/西 (北/东/南/西), and no paper size stays in
English ("(Letter)")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.catalogs import strings
from support.helpers import become_organiser, euchre_hand
from support.prints import LONE_HAND, fetch_pdf, pdf_text

ASK = {"zh_Hant": "zh-TW", "zh_Hans": "zh-CN"}
LETTERS = {"zh_Hant": "北東南西", "zh_Hans": "北东南西"}
SEAT_CELL = re.compile(r'class="seat">([^<]*)<')


@pytest.fixture
def with_cards(matches) -> str:
    """A match whose first hand has its cards (trick table, holdings) and a second hand."""
    match_id, _key = matches.create()
    matches.record(match_id, {k: v for k, v in LONE_HAND.items() if k != "dealer"})
    matches.record(match_id, euchre_hand("E", 3))
    return match_id


@pytest.mark.parametrize("lang", sorted(ASK))
def test_a_chinese_sheet_and_its_pdf_print_the_seats_in_chinese(client, with_cards, lang):
    headers = {"Accept-Language": ASK[lang]}
    page = client.get(f"/m/{with_cards}/sheet", headers=headers).get_data(as_text=True)
    cells = SEAT_CELL.findall(page)
    assert len(cells) > 10 and set(cells) == set(LETTERS[lang]), set(cells)
    hand = client.get(f"/m/{with_cards}/hands/1", headers=headers).get_data(as_text=True)
    assert set(SEAT_CELL.findall(hand)) <= set(LETTERS[lang]) and SEAT_CELL.findall(hand)
    text = pdf_text(fetch_pdf_in(client, with_cards, headers))
    assert re.findall(r"\b(?:Ann|Bo|Cai|Dee) [NESW]\b", text) == []
    north, east = LETTERS[lang][0], LETTERS[lang][1]
    assert f"Ann {north}" in text and f"Bo {east}" in text


def fetch_pdf_in(client, match_id: str, headers: dict[str, str]) -> bytes:
    r = client.get(f"/m/{match_id}/sheet.pdf", headers=headers)
    assert r.status_code == 200 and r.data.startswith(b"%PDF")
    return r.data


def test_an_english_sheet_keeps_the_letters(client, with_cards):
    page = client.get(f"/m/{with_cards}/sheet").get_data(as_text=True)
    assert set(SEAT_CELL.findall(page)) == set("NESW")
    assert "Ann N" in pdf_text(fetch_pdf(client, f"/m/{with_cards}/sheet.pdf"))


@pytest.mark.parametrize("lang", sorted(ASK))
def test_no_paper_size_stays_in_english(lang):
    assert [msgid for msgid, text in strings(lang) if "Letter" in text] == []


@pytest.mark.parametrize("lang", sorted(ASK))
def test_the_hand_pages_trick_table_and_spades_bids_name_the_seats_in_chinese(
        client, with_cards, lang):
    # issue 35: the trick table's head said "Ann N" and Spades' bids column "N E S W"
    headers = {"Accept-Language": ASK[lang]}
    hand = client.get(f"/m/{with_cards}/hands/1", headers=headers).get_data(as_text=True)
    heads = re.findall(r'<span class="nm">[^<]*</span> <small>([^<]*)</small>', hand)
    assert heads == list(LETTERS[lang]), heads
    golden = Path(__file__).parent / "data" / "golden" / "matches" / "spades-to-500.json"
    client.environ_base["HTTP_AUTHORIZATION"] = become_organiser(client)["Authorization"]
    spades = client.post("/api/matches", data=golden.read_text(),
                         content_type="application/json").get_json()["id"]
    letters = " ".join(LETTERS[lang])
    sheet = client.get(f"/m/{spades}/sheet", headers=headers).get_data(as_text=True)
    assert f"<br><span class=\"nowrap\">{letters}</span></th>" in sheet
    text = pdf_text(fetch_pdf_in(client, spades, headers))
    assert re.search(" ?".join(LETTERS[lang]), text) and "N E S W" not in text  # poppler drops
    # the spaces between Han characters
