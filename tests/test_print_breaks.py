"""Page breaks of a short match's PDF (issue 24): a 5-deal Whist match never puts a deal or two
alone on the next page, nor the table's footnote without its table (A4 and Letter, English and
Chinese), counted page by page with pdftotext."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader
from support.helpers import whist_match
from support.prints import fetch_pdf, pdf_text

DEAL_ROW = re.compile(r"^\s*[1-5]\s+(?:Ann|Bo|Cai|Dee)\b", re.M)  # the number, the dealer
KEY = {"en": "13 in all", "zh_Hant": "共13墩"}  # the table's key under it


@pytest.mark.parametrize("lang", ["en", "zh_Hant"])
@pytest.mark.parametrize("size", ["", "?size=letter"])
@pytest.mark.parametrize("honours", [False, True], ids=["plain", "honours"])
def test_no_deal_is_alone_on_a_page(client, matches, lang, size, honours):
    rules = {"deals": 5, "honours": True} if honours else {"deals": 5}
    hands = [{"trump": "SHDC"[i % 4], "tricks_NS": t, **({"honours_NS": 2} if honours else {})}
             for i, t in enumerate([7, 5, 8, 6, 9])]
    match_id, _key = matches.create(whist_match(rules=rules, hands=hands))
    client.set_cookie("lang", lang)
    data = fetch_pdf(client, f"/m/{match_id}/sheet.pdf{size}")
    pages = len(PdfReader(io.BytesIO(data)).pages)
    rows, notes = [], []
    for page in range(1, pages + 1):
        text = pdf_text(data, page=page)
        rows.append(len(DEAL_ROW.findall(text)))
        notes.append(KEY[lang] in text)
    assert sum(rows) == 5, rows
    assert all(n == 0 or n >= 3 for n in rows), rows  # never one or two deals alone
    assert notes.count(True) == 1 and rows[notes.index(True)] > 0, (rows, notes)
