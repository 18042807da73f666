"""Chicago's pad on paper, through Flask's test client: the printed sheet and its PDF draw a
table a chukker (each deal's place, who was vulnerable, the contract, the points, the total);
the blank pad prints a table a chukker with each deal's vulnerability (``?preset=chicago``, or
a Chicago match's blank), and the rubber pad links to it. The PDFs' pages are rendered to PNG
in tests/artifacts to be looked at."""

from __future__ import annotations

import html
import json
import re
import subprocess
from pathlib import Path

import pytest
from support.pages import text
from support.prints import fetch_pdf, pdf_text

GOLDEN = Path(__file__).parent / "data" / "golden" / "matches"
ARTIFACTS = Path(__file__).parent / "artifacts"


def made(client, name: str) -> str:
    match = json.loads((GOLDEN / name).read_text())
    return client.post("/api/matches", json=match).get_json()["id"]


def pages_of(pdf: bytes, name: str) -> None:
    """Each page as a PNG to look at (pdftoppm -r 60)."""
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"{name}.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(ARTIFACTS / f"{name}.pdf"),
                    str(ARTIFACTS / name)], check=True)


def test_the_sheet_draws_a_chukker_each(client) -> None:
    match_id = made(client, "bridge-chicago.json")
    sheet = client.get(f"/m/{match_id}/sheet").get_data(as_text=True)
    tables = re.findall(r'<table class="chukker-table">.*?</table>', sheet, re.S)
    assert len(tables) == 2
    first = html.unescape(text(tables[0]))
    assert "Chukker 1" in first and "passed out" in first and "2♠ N =" in first
    assert re.search(r"Total\s*500\s*250", first), first
    assert "Chukker 2" in tables[1]
    pdf = fetch_pdf(client, f"/m/{match_id}/sheet.pdf")
    words = pdf_text(pdf)
    assert "Chukker 1" in words and "Chukker 2" in words and "1NT W +1" in words
    pages_of(pdf, "bridge-chicago-sheet")


@pytest.mark.parametrize("url", ["/sheets/bridge?preset=chicago", "/m/{id}/blank"])
def test_a_blank_chicago_pad(client, url) -> None:
    match_id = made(client, "bridge-chicago.json")
    page = html.unescape(client.get(url.format(id=match_id)).get_data(as_text=True))
    tables = re.findall(r'<table class="blank-table blank-bridge blank-chukker">.*?</table>',
                        page, re.S)
    assert len(tables) == (3 if url.startswith("/sheets") else 2)  # the match: its 2 chukkers
    first = text(tables[0])
    assert [w for w in ("nobody", "dealer’s side", "both sides") if w in first] == [
        "nobody", "dealer’s side", "both sides"] and "Total" in first
    pdf = fetch_pdf(client, url.format(id=match_id).replace("?", ".pdf?")
                    if "?" in url else url.format(id=match_id) + ".pdf")
    words = pdf_text(pdf)
    assert "Chukker 1" in words and "dealer’s side" in words
    assert "A rubber bridge pad instead" not in words  # the link is for the screen
    if url.startswith("/sheets"):
        pages_of(pdf, "bridge-chicago-blank")


def test_the_rubber_pad_links_to_the_chicago_pad(client) -> None:
    page = client.get("/sheets/bridge").get_data(as_text=True)
    assert "blank-chukker" not in page
    assert 'href="/sheets/bridge?preset=chicago"' in page
    chicago = client.get("/sheets/bridge?preset=chicago").get_data(as_text=True)
    assert 'href="/sheets/bridge?preset=rubber"' in chicago
    assert "/sheets/bridge.pdf?preset=chicago" in chicago  # its PDF is Chicago's too
    # an unknown preset is the default pad, not an error
    assert client.get("/sheets/bridge?preset=nonsense").status_code == 200
