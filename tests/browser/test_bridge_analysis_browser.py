"""Bridge's double dummy on a deal's page in Chromium at 390x844 and 360x640 (issue #38): par,
the makeable-contracts table by declarer and strain, the plays that cost a trick; in Chinese
too; no sideways scroll, axe clean, a screenshot of each to look at."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect
from support.browser import axe_clean, no_horizontal_scroll

GOLDEN = Path(__file__).parent.parent / "data" / "golden" / "matches" / "bridge-rubbers.json"
SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 640}]


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_the_double_dummy_of_a_deal_is_told_in_words(make_phone, matches, size):
    mid, _key = matches.create(json.loads(GOLDEN.read_text(encoding="utf-8")))
    phone = make_phone(viewport=size)
    page = phone.goto(f"/m/{mid}/hands/10")
    section = page.locator("section.analysis")
    expect(section.locator(".par")).to_contain_text("Par: 6♥X−4 by N or S: EW +800")
    expect(section.locator("table.makeable tbody tr")).to_have_count(4)
    expect(section.locator("table.makeable tbody tr").first).to_contain_text("Ann")
    expect(section.locator(".costly.play li").first).to_contain_text("cost")
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot(f"bridge-deal-analysis-{size['width']}", full_page=True)


def test_the_double_dummy_in_chinese_at_360(make_phone, matches):
    mid, _key = matches.create(json.loads(GOLDEN.read_text(encoding="utf-8")))
    phone = make_phone(viewport=SIZES[1], locale="zh-TW",
                       extra_http_headers={"Accept-Language": "zh-Hant"})
    page = phone.goto(f"/m/{mid}/hands/10")
    expect(page.locator("section.analysis .par")).to_contain_text("最佳定約")
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("bridge-deal-analysis-zh-360", full_page=True)


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_a_pbn_file_imported_from_the_home_page(make_phone, size):
    pbn = GOLDEN.parent.parent.parent / "pbn" / "realbridge-2021.pbn"
    phone = make_phone(viewport=size)
    page = phone.goto("/")
    page.locator("#import-match summary").click()
    expect(page.locator("#import-match input[type=file]")).to_have_attribute(
        "accept", ".json,.egn,.pbn,application/json")
    expect(page.locator("#import-match .hint")).to_contain_text("(.egn, .pbn)")
    page.locator("#import-match input[type=file]").set_input_files(str(pbn))
    page.locator("#import-match button[type=submit]").click()
    page.wait_for_url(lambda url: "/m/" in url)
    expect(page.locator("a[href$='.pbn']", has_text="PBN file")).to_have_count(1)
    no_horizontal_scroll(page)
    phone.shot(f"bridge-pbn-imported-{size['width']}", full_page=True)
    page.goto(page.url.split("?")[0].split("#")[0] + "/hands/1")
    expect(page.locator("section.analysis .par")).to_contain_text("Par")
    expect(page.locator(".note")).to_contain_text("PBN: ")
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot(f"bridge-pbn-deal-{size['width']}", full_page=True)
