"""Spades printed: the golden game's score sheet (bids, contracts, tricks, bags, nils, points)
as a page and a real PDF, the blank sheet in three languages, its statistics in the hands'
CSV export and on the players' pages."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "data" / "golden" / "matches" / "spades-to-500.json"
ARTIFACTS = Path(__file__).parent / "artifacts"


@pytest.fixture
def golden(client) -> str:
    made = client.post("/api/matches", json=json.loads(GOLDEN.read_text()))
    assert made.status_code == 201, made.get_json()
    return made.get_json()["id"]


def test_the_score_sheet_has_the_spades_columns(client, golden) -> None:
    html = client.get(f"/m/{golden}/sheet").get_data(as_text=True)
    for words in ("Bids", "Contract", "Bags", "Nils bid", "Contracts made", "blind nil allowed",
                  "0 is nil, BN blind nil"):
        assert words in html, words
    assert "Cai nil made" in html or "nil made" in html


@pytest.mark.parametrize("lang", ["en", "zh_Hant", "zh_Hans"])
def test_the_pdfs_render(client, golden, lang, tmp_path) -> None:
    client.get(f"/lang/{lang}") if lang != "en" else None
    head = {"Accept-Language": {"en": "en", "zh_Hant": "zh-TW", "zh_Hans": "zh-CN"}[lang]}
    for name, url in (("sheet", f"/m/{golden}/sheet.pdf"), ("blank", "/sheets/spades.pdf")):
        r = client.get(url, headers=head)
        assert r.status_code == 200 and r.data.startswith(b"%PDF"), (url, r.status_code)
        out = tmp_path / f"{name}.pdf"
        out.write_bytes(r.data)
        if shutil.which("pdftoppm"):  # looked at by people: tests/artifacts/spades-*.png
            ARTIFACTS.mkdir(exist_ok=True)
            subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile",
                            str(out), str(ARTIFACTS / f"spades-{name}-{lang}")], check=True,
                           timeout=60)


def test_the_blank_sheet_names_its_rules(client) -> None:
    html = client.get("/sheets/spades").get_data(as_text=True)
    assert "Spades score sheet" in html and "bags reach 10, it loses 100" in html


def test_the_hands_export_carries_the_spades_columns(client, golden) -> None:
    from scorekeeper.games.spades.facts import COLUMNS
    assert COLUMNS[0] == "bids"
