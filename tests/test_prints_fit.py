"""Prints that fit their paper (issue 35), read back with poppler: the season report of everyone
prints every game's columns inside the page (a table per game), a player's report starts its
first game on page one, each game charts its own points per month, and the blank Five Hundred
sheet keeps the result and the signatures on the page of its hands. A4 and Letter, English and
Chinese; each PDF's pages are also written under tests/artifacts as PNG, to look at."""

from __future__ import annotations

import io
import json
import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from support.helpers import become_organiser
from support.prints import fetch_pdf, pdf_text, tool

from scorekeeper.engine.games import GAMES

GOLDEN = Path(__file__).parent / "data" / "golden" / "matches"
ARTIFACTS = Path(__file__).parent / "artifacts"
FOUR_GAMES = ("euchre-full-game", "whist-rubber", "five-hundred-full-game", "spades-to-500")
# words of each language that the report prints for every game (its name, its columns)
LANGS = ["en", "zh_Hant"]
# the games the four matches play (Bridge, newer, has no golden match among them)
PLAYED = [GAMES[n] for n in ("euchre", "whist", "five_hundred", "spades")]


@pytest.fixture
def four_games(client) -> dict[str, str]:
    """The four golden matches (Ann, Bo, Cai and Dee play every game): name -> player id."""
    client.environ_base["HTTP_AUTHORIZATION"] = become_organiser(client)["Authorization"]
    ids: dict[str, str] = {}
    for name in FOUR_GAMES:
        r = client.post("/api/matches", json=json.loads((GOLDEN / f"{name}.json").read_text()))
        assert r.status_code == 201, r.get_json()
        ids.update({p["name"]: p["id"] for p in r.get_json()["players"].values()})
    return ids


def pages(data: bytes) -> int:
    return len(PdfReader(io.BytesIO(data)).pages)


def words_off_the_page(data: bytes) -> list[str]:
    """Every word whose box ends past the page's right edge or below its foot (clipped)."""
    done = subprocess.run([tool("pdftotext"), "-bbox", "-", "-"], input=data,
                          capture_output=True, check=True)
    html = done.stdout.decode("utf-8")
    off = []
    for page in re.finditer(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', html, re.S):
        width, height = float(page[1]), float(page[2])
        for w in re.finditer(r'<word xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)" '
                             r'yMax="([\d.]+)">([^<]*)</word>', page[3]):
            if float(w[1]) > width - 10 or float(w[2]) > height - 10:
                off.append(w[3])
    return off


def look(data: bytes, name: str) -> None:
    """Every page as a PNG under tests/artifacts (to look at, as the team does)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.pdf"
    path.write_bytes(data)
    subprocess.run([tool("pdftoppm"), "-png", "-r", "60", str(path), str(ARTIFACTS / name)],
                   check=True, timeout=120)


def translated(app, lang: str, text: str) -> str:
    from flask_babel import force_locale, gettext
    with app.test_request_context(), force_locale(lang):
        return gettext(text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", ["", "?size=letter"], ids=["a4", "letter"])
def test_the_season_report_of_everyone_prints_every_games_columns(app, client, four_games,
                                                                  lang, size):
    client.set_cookie("lang", lang)
    data = fetch_pdf(client, f"/players/season.pdf{size}")
    look(data, f"season-everyone-{lang}{'-letter' if size else ''}")
    assert words_off_the_page(data) == []
    text = re.sub(r"\s+", " ", pdf_text(data, layout=False))
    for game in PLAYED:
        assert translated(app, lang, game.label) in text, game.name
        for column in game.statistics.season:
            assert translated(app, lang, column.label) in text, (game.name, column.label)
    # one table per game: each game's heading, then its players (all four played every game)
    assert len(re.findall(r"Ann .*?Bo .*?Cai .*?Dee ", text)) >= 1 + len(PLAYED)


@pytest.mark.parametrize("lang", LANGS)
def test_a_players_report_starts_the_first_game_on_page_one(app, client, four_games, lang):
    client.set_cookie("lang", lang)
    data = fetch_pdf(client, f"/players/season.pdf?player={four_games['Ann']}")
    look(data, f"season-ann-{lang}")
    assert words_off_the_page(data) == []
    first = pdf_text(data, page=1)
    # a game's section no longer moves whole to page 2 when it is longer than what is left
    assert translated(app, lang, "Euchre") in first
    assert translated(app, lang, "Hands called") in first
    assert pages(data) <= 4


def test_points_per_month_are_charted_game_by_game(client, four_games):
    data = fetch_pdf(client, f"/players/season.pdf?player={four_games['Ann']}")
    text = re.sub(r"\s+", " ", pdf_text(data, layout=False))
    for game in ("Euchre", "Whist", "Five Hundred", "Spades"):
        assert f"Points per month in {game}" in text
    assert "Points per month scored" not in text  # the one chart of every game's points
    page = client.get(f"/players/{four_games['Ann']}").get_data(as_text=True)
    # each game's own table under its chart: Euchre's ten points are not added to Spades' 500s
    tables = dict(re.findall(r'<figure class="chart-fig months-(\w+)">.*?<tbody>(.*?)</tbody>',
                             page, re.S))
    assert set(tables) == {"euchre", "whist", "five_hundred", "spades"}
    scored = {g: sum(int(n) for n in re.findall(r"<td>(\d+)</td><td>\d+</td></tr>", body))
              for g, body in tables.items()}
    assert scored["euchre"] < 20 < 300 < scored["spades"], scored  # a game to 10, to 500


@pytest.mark.parametrize("lang", ["en", "zh_Hant", "zh_Hans"])
@pytest.mark.parametrize("size", ["", "?size=letter"], ids=["a4", "letter"])
@pytest.mark.parametrize("game", [g.name for g in GAMES.values() if g.templates.blank])
def test_a_blank_sheet_is_one_page_with_its_result_and_signatures(app, client, game, lang,
                                                                   size):
    client.set_cookie("lang", lang)
    data = fetch_pdf(client, f"/sheets/{game}.pdf{size}")
    if game == "five_hundred" and lang == "en":
        look(data, f"blank-{game}-{lang}{'-letter' if size else ''}")
    assert pages(data) == 1
    assert words_off_the_page(data) == []
    text = pdf_text(data)
    for words in ("Final score", "Winner", "Signatures"):
        assert translated(app, lang, words) in text


@pytest.mark.parametrize("size", ["", "?size=letter"], ids=["a4", "letter"])
def test_a_matchs_blank_sheet_with_its_names_and_rules_is_one_page(client, size):
    # the names and the rules in words are filled in: the result still fits page 1
    client.environ_base["HTTP_AUTHORIZATION"] = become_organiser(client)["Authorization"]
    for name in FOUR_GAMES:
        r = client.post("/api/matches", json=json.loads((GOLDEN / f"{name}.json").read_text()))
        data = fetch_pdf(client, f"/m/{r.get_json()['id']}/blank.pdf{size}")
        assert pages(data) == 1, name
        assert "Signatures" in pdf_text(data)
