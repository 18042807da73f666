"""Bridge's score pad on the match page in Chromium at 390x844 and 360x640: two rubbers side by
side as players draw them (the line, a rule under each game, the rubber bonus) and Chicago's
chukkers, nothing wider than the phone, axe finding nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect
from support.browser import axe_clean, no_horizontal_scroll

SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 640}]
GOLDEN = Path(__file__).parent.parent / "data" / "golden" / "matches"


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
@pytest.mark.parametrize("name", ["bridge-rubbers", "bridge-chicago"])
def test_the_pad_on_a_phone(make_phone, size, name) -> None:
    phone = make_phone(viewport=size)
    page = phone.goto("/")
    match = json.loads((GOLDEN / f"{name}.json").read_text())
    if name == "bridge-rubbers":
        match["hands"] = match["hands"][:-1]  # the last rubber still being played
    made = page.request.post(phone.base_url + "/api/matches", data=match).json()
    page = phone.goto(f"/m/{made['id']}?key={made['edit_key']}")
    pads = page.locator(".bridge-pad table")
    expect(pads).to_have_count(2)
    expect(pads.first).to_be_visible()
    if name == "bridge-rubbers":
        expect(page.locator(".rubber-pad.open")).to_have_count(1)
        expect(pads.first.locator("tr.bonus")).to_have_count(1)
        # the two rubbers side by side: the second starts level with the first
        one, two = pads.nth(0).bounding_box(), pads.nth(1).bounding_box()
        assert one and two and abs(one["y"] - two["y"]) < 1 and two["x"] > one["x"]
    else:
        expect(pads.first.locator("tfoot")).to_contain_text("Total")
    no_horizontal_scroll(page)
    axe_clean(page)
    page.locator(".bridge-pad").scroll_into_view_if_needed()
    phone.shot(f"bridge-pad-{name}-{size['width']}", full_page=True)


def test_the_rubber_pad_in_chinese_at_360(make_phone) -> None:
    phone = make_phone(viewport=SIZES[1], locale="zh-CN",
                       extra_http_headers={"Accept-Language": "zh-CN"})
    page = phone.goto("/")
    match = json.loads((GOLDEN / "bridge-rubbers.json").read_text())
    made = page.request.post(phone.base_url + "/api/matches", data=match).json()
    page = phone.goto(f"/m/{made['id']}")
    expect(page.locator(".rubber-pad caption").first).to_have_text("第1盘")
    no_horizontal_scroll(page)
    axe_clean(page)
    page.locator(".bridge-pad").scroll_into_view_if_needed()
    phone.shot("bridge-pad-zh-360", full_page=True)
