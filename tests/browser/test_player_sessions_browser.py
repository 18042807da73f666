"""A player's duplicate sessions on their page in Chromium at 390x844 and 360x640 (issue 39):
the session beside a match, apart from it, each line the date, the session, the partner and
pair, the percentage or IMPs and the field's rank; a tap opens the pair's score card. No
horizontal scroll, axe-clean, targets big enough. Screenshots go to tests/artifacts/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect
from support.browser import axe_clean, no_horizontal_scroll, small_targets

SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 640}]
DATA = Path(__file__).parent.parent / "data" / "sessions"


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_a_players_sessions_on_a_phone(app, make_phone, size) -> None:
    client = app.test_client()
    mitchell = client.post("/api/sessions", json=json.loads(
        (DATA / "mitchell-7-tables.json").read_text())).get_json()["id"]
    howell = json.loads((DATA / "howell-imps.json").read_text())
    howell["pairs"]["1"] = ["Eve", "Kit"]  # Eve plays both sessions, with two partners
    howell["pairs"]["3"] = ["Lin", "Mei"]  # (and no other Eve: that would be another person)
    client.post("/api/sessions", json=howell)
    client.post("/api/matches", json={"format": "scorekeeper-match/1", "game": "bridge",
                                      "seats": {"N": "Eve", "E": "Oz", "S": "Fay", "W": "Pia"}})
    phone = make_phone(viewport=size)
    page = phone.goto("/players")
    page.get_by_role("link", name="Eve", exact=True).click()
    sessions = page.locator("#sessions li")
    expect(sessions).to_have_count(2)
    expect(sessions.nth(0)).to_contain_text("2026-12-09 · Teams-style IMP pairs")
    expect(sessions.nth(0)).to_contain_text("With Kit · Pair 1")
    expect(sessions.nth(0)).to_contain_text("20 IMPs")
    expect(sessions.nth(0)).to_contain_text("rank 1 of 4")
    expect(sessions.nth(1)).to_contain_text("With Fay · Pair N3 NS")
    expect(sessions.nth(1)).to_contain_text("64.88%")
    expect(sessions.nth(1)).to_contain_text("rank 1 of 7")
    expect(page.locator("#rating")).to_contain_text("from 2 games")  # a field each
    no_horizontal_scroll(page)
    axe_clean(page)
    assert small_targets(page) == []
    page.locator("#sessions").scroll_into_view_if_needed()
    phone.shot(f"player-sessions-{size['width']}", full_page=True)
    sessions.nth(1).get_by_role("link").click()
    expect(page).to_have_url(f"{phone.base_url}/s/{mitchell}/pairs/N3")
