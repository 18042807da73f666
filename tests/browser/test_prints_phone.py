"""Blank score sheets and the table of players on a phone (issue 35), in Chromium at 390x844
and 360x640: the page never scrolls sideways, a blank sheet's table of hands scrolls inside its
box and says so, its row numbers ("10") and choices never break or run into the next cell, and
each game's name stays in view over its columns while the players' table scrolls. Axe-clean;
screenshots under tests/artifacts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.browser import axe_clean
from support.helpers import become_organiser

from scorekeeper.engine.games import GAMES

SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 640}]
GOLDEN = Path(__file__).resolve().parent.parent / "data" / "golden" / "matches"

# cells whose content is wider than the cell (columns overlapping), row headers on two lines
MEASURE = """() => {
  const lines = (el) => {
    const r = document.createRange(); r.selectNodeContents(el);
    return new Set([...r.getClientRects()].filter(x => x.width > 0)
      .map(x => Math.round(x.top))).size;
  };
  const cells = [...document.querySelectorAll('.blank-hands td, .blank-hands th')];
  return {
    overflowing: cells.filter(c => c.scrollWidth > c.clientWidth + 1)
      .map(c => c.textContent.trim()),
    split: [...document.querySelectorAll('.blank-hands tbody th, .blank-hands thead th')]
      .filter(c => c.textContent.trim() && lines(c) > 1).map(c => c.textContent.trim()),
    page: document.documentElement.scrollWidth,
    boxes: [...document.querySelectorAll('.blank-hands')].map(b => [
      b.scrollWidth > b.clientWidth, !b.querySelector('.scroll-hint').hidden]),
  };
}"""


# the games the four golden matches play (Bridge, newer, has no golden match among them)
PLAYED = [GAMES[n] for n in ("euchre", "whist", "five_hundred", "spades")]

@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("game", [g.name for g in GAMES.values() if g.templates.blank])
def test_a_blank_sheet_fits_a_phone(make_phone, game, lang, size):
    phone = make_phone(viewport=size, locale=lang, extra_http_headers={"Accept-Language": lang})
    page = phone.goto(f"/sheets/{game}")
    found = page.evaluate(MEASURE)
    assert found["page"] <= size["width"], found["page"]
    assert found["overflowing"] == [], found["overflowing"]
    assert found["split"] == [], found["split"]
    assert found["boxes"] and all(scrolls == hint for scrolls, hint in found["boxes"]), found
    axe_clean(page)
    phone.shot(f"blank-{game}-{size['width']}-{lang}", full_page=True)


@pytest.fixture
def four_games(app) -> None:
    client = app.test_client()
    client.environ_base["HTTP_AUTHORIZATION"] = become_organiser(client)["Authorization"]
    for name in ("euchre-full-game", "whist-rubber", "five-hundred-full-game", "spades-to-500"):
        r = client.post("/api/matches", json=json.loads((GOLDEN / f"{name}.json").read_text()))
        assert r.status_code == 201, r.get_json()


# for each column heading of a game: is the game's name inside the box's visible width once
# the box is scrolled to show that column at its start?
GAME_IN_VIEW = """() => {
  const box = document.querySelector('.scroll');
  const heads = [...document.querySelectorAll('.games-row th')];
  const columns = [...document.querySelectorAll('thead tr:last-child th')];
  const out = [];
  let at = 3;  // player, matches, won
  for (const head of heads) {
    const span = head.colSpan;
    for (let i = at; i < at + span; i++) {
      box.scrollLeft = columns[i].offsetLeft - columns[0].offsetWidth;
      const seen = box.getBoundingClientRect(), name = head.querySelector('.game-name')
        .getBoundingClientRect(), col = columns[i].getBoundingClientRect();
      out.push([columns[i].textContent.trim(), head.textContent.trim(),
                name.left >= seen.left - 1 && name.right <= seen.right + 1
                && col.left < seen.right && col.right > seen.left]);
    }
    at += span;
  }
  box.scrollLeft = 0;
  return out;
}"""


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_the_players_table_keeps_each_games_name_in_view(make_phone, four_games, size, lang):
    phone = make_phone(viewport=size, locale=lang, extra_http_headers={"Accept-Language": lang})
    page = phone.goto("/players")
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    seen = page.evaluate(GAME_IN_VIEW)
    # the table has every game's columns (played or not, so they keep their place)
    assert len(seen) == sum(len(g.statistics.table) for g in GAMES.values())
    assert [s for s in seen if not s[2]] == []
    axe_clean(page)
    phone.shot(f"players-{size['width']}-{lang}", full_page=True)


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_the_season_report_pages_fit_a_phone(make_phone, four_games, size):
    # the printable page of the PDF: a table per game, a chart per game
    phone = make_phone(viewport=size)
    page = phone.goto("/players/season")
    assert page.locator("section.season-game h2").count() == 1 + len(PLAYED)  # matches, games
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    axe_clean(page)
    phone.shot(f"season-everyone-{size['width']}", full_page=True)
    player = page.evaluate("""() => fetch('/api/players').then(r => r.json())
        .then(b => b.players.find(p => p.name === 'Ann').id)""")
    page = phone.goto(f"/players/season?player={player}")
    assert page.locator("figure.chart-fig svg.chart").count() == len(PLAYED)
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    axe_clean(page)
    phone.shot(f"season-ann-{size['width']}", full_page=True)
