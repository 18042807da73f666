"""Bridge's figures on a player's page in Chromium at 390x844 and 360x640 (issue #38): the
contracts declared and made, by level and by strain, in their own section; no sideways scroll,
axe clean, a screenshot of each to look at."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect
from support.browser import axe_clean, no_horizontal_scroll

GOLDEN = Path(__file__).parent.parent / "data" / "golden" / "matches" / "bridge-rubbers.json"
SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 640}]


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_a_players_bridge_figures(app, make_phone, size):
    body = app.test_client().post(
        "/api/matches", json=json.loads(GOLDEN.read_text(encoding="utf-8"))).get_json()
    cai = body["players"]["S"]["id"]
    phone = make_phone(viewport=size)
    page = phone.goto(f"/players/{cai}")
    expect(page.locator("h1")).to_have_text("Cai")
    figures = page.locator("#figs-bridge ~ .figs").first
    expect(figures).to_contain_text("Contracts declared")
    expect(page.locator("caption", has_text="By level")).to_have_count(1)
    expect(page.locator("caption", has_text="By strain")).to_have_count(1)
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot(f"bridge-player-figures-{size['width']}", full_page=True)
