"""A third game through the real pages (issue 23): the test game of
``tests/support/one_trick/``, with its hand form and templates, is started from the start page,
played by tapping at 390x844, saved, shown on the match and hand pages and printed, with no
change to any other file: registering it in ``GAMES`` is all it takes."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from support import one_trick
from support.browser import take_trick
from support.helpers import SEATS as NAMES

from scorekeeper.engine import games


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.GAMES, "one_trick", one_trick.GAME)



@pytest.mark.usefixtures("registered")
def test_the_one_trick_game_is_played_by_tapping(phone) -> None:
    page = phone.goto("/")
    page.locator("#game label", has_text="One trick").click()
    expect(page.locator("#preset_one_trick")).to_be_visible()
    expect(page.locator("#preset_euchre")).to_be_hidden()
    for seat, name in NAMES.items():
        page.fill(f"#{seat}", name)
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+$"))
    match_url = page.url

    # the game's own words and form, from its module and its folder
    expect(page.locator("#board .no")).to_have_text("trick 1")
    expect(page.locator("#based")).to_have_text("Trick 1, after 0–0")
    expect(page.locator("#save")).to_have_text("Save trick 1")
    take_trick(page, "N", "Save: Ann & Cai +1")
    expect(page.locator("#save")).to_have_text("Save trick 2")
    take_trick(page, "E", "Save: Bo & Dee +1")
    take_trick(page, "S", "Save: Ann & Cai +1")
    take_trick(page, "W", "Save: Bo & Dee +1")
    take_trick(page, "N", "Save: Ann & Cai +1 · game!")
    expect(page.locator(".board")).to_contain_text("Ann & Cai won 3–2")
    expect(page.locator("#entry")).to_have_count(0)
    expect(page.locator("#history thead")).to_contain_text("Who took it")
    expect(page.locator("#history tbody tr")).to_have_count(5)
    expect(page.locator("#history tbody tr").first).to_contain_text("Ann")  # who took it
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    phone.shot("one-trick-over-390")

    # stored: a fresh load shows it, the hand page names it in the game's words
    page.goto(match_url)
    expect(page.locator(".pts")).to_have_text(["3", "2"])
    page.goto(match_url + "/hands/2")
    expect(page.locator("#hand-h")).to_have_text("Trick 2")
    expect(page.locator(".hand-facts .result")).to_contain_text("Bo & Dee +1")

    # printed: the score sheet of the match
    page.goto(match_url + "/sheet")
    expect(page.locator("body")).to_contain_text("Ann")
    expect(page.locator("body")).to_contain_text("3")
    hands = page.locator("table.one-trick tbody tr")  # the game's own hand table, from its folder
    expect(hands).to_have_count(5)
    expect(hands.nth(1)).to_contain_text("Bo & Dee")  # trick 2: who took it
    expect(hands.last.locator(".run")).to_have_text(["3", "2"])
    response = page.request.get(match_url + "/sheet.pdf")
    assert response.ok and response.body().startswith(b"%PDF"), response.status
