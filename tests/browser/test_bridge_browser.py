"""Bridge in a real browser at 390x844 and 360x640: a rubber started from the start page and
tapped in deal by deal (the contract grid, X, the declarer by name, the result, a passed-out
deal in one tap), the Save label saying what will happen, the board's vulnerability, games
and trick points below the line, axe finding nothing, no horizontal scroll."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from support.browser import axe_clean, no_horizontal_scroll, play_cards, save, saved

SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 640}]
SEATS = {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}


def deal(page, contract: str, declarer: str, result: str, doubled: str = "") -> None:
    page.locator(f"#contract input[value='{contract}']").check()
    if doubled:
        page.locator(f"#doubled input[value='{doubled}']").check()
    page.locator("#declarer label", has_text=SEATS[declarer]).click()
    page.locator(f"#result input[value='{result}']").check()


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_a_rubber_by_tapping(make_phone, size) -> None:
    phone = make_phone(viewport=size)
    page = phone.goto("/")
    for seat, name in SEATS.items():
        page.fill(f"#{seat}", name)
    page.locator("#game label", has_text="Bridge").click()
    page.locator("#preset_bridge label", has_text="Rubber bridge").click()
    no_horizontal_scroll(page)
    phone.shot(f"bridge-start-{size['width']}", full_page=True)
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+$"))
    expect(page.locator(".vulnerable")).to_have_text("Vulnerable: nobody")
    axe_clean(page)
    no_horizontal_scroll(page)
    phone.shot(f"bridge-form-{size['width']}", full_page=True)

    deal(page, "4H", "S", "1", doubled="X")
    save(page, "Save: S 4♥X made +1 → NS 240 below, 150 above; game!")
    expect(page.locator(".vulnerable")).to_have_text("Vulnerable: Ann & Cai")
    expect(page.locator(".won")).to_have_text("Games in rubber 1: Ann & Cai 1 · Bo & Dee 0")
    deal(page, "2S", "E", "0")
    save(page, "Save: E 2♠ made → EW 60 below, 0 above")
    expect(page.locator(".below")).to_have_text("Below the line: Ann & Cai 0 · Bo & Dee 60")
    saved(page, page.locator("#all-passed").click)  # passed out: one tap
    expect(page.locator(".vulnerable")).to_have_text("Vulnerable: Ann & Cai")
    deal(page, "3NT", "W", "-2")
    save(page, "Save: W 3NT −2 → NS 100 above")
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot(f"bridge-rubber-{size['width']}", full_page=True)
    deal(page, "3NT", "N", "0")
    save(page, "Save: N 3NT made → NS 100 below, 700 above; rubber! 700 to NS · game!")
    expect(page.locator("#entry")).to_have_count(0)
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot(f"bridge-over-{size['width']}", full_page=True)


def test_chicago_in_chinese_at_360(make_phone) -> None:
    phone = make_phone(viewport=SIZES[1], locale="zh-TW",
                       extra_http_headers={"Accept-Language": "zh-TW"})
    page = phone.goto("/")
    made = page.request.post(phone.base_url + "/api/matches", data={
        "format": "scorekeeper-match/1", "game": "bridge", "seats": SEATS,
        "rules": {"scoring": "chicago"},
        "hands": [{"contract": "1C", "declarer": "N", "tricks": 7}]}).json()
    page = phone.goto(f"/m/{made['id']}?key={made['edit_key']}")
    expect(page.locator(".vulnerable")).to_have_text("有局：Bo & Dee")
    expect(page.locator(".chukker")).to_have_text("第1輪第2副（共4副）")
    deal(page, "3NT", "W", "-2")
    expect(page.locator("#save")).to_have_text("儲存：W 3NT 宕2 → Ann & Cai +200")
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("bridge-chicago-zh-360", full_page=True)


def test_a_deal_card_by_card(make_phone) -> None:
    """Declarer's left leads; dummy's cards are played by whoever's turn it is; the 13 tricks
    set declarer's side's tricks, and what is stored is the engine's to check."""
    import random

    from support.bridgeplay import random_play

    rec = random_play(random.Random(11), "S", "E")
    phone = make_phone(viewport=SIZES[0])
    page = phone.goto("/")
    made = page.request.post(phone.base_url + "/api/matches", data={
        "format": "scorekeeper-match/1", "game": "bridge", "seats": SEATS}).json()
    page = phone.goto(f"/m/{made['id']}?key={made['edit_key']}")
    page.locator("#contract input[value='2S']").check()
    page.locator("#declarer label", has_text="Bo").click()
    page.locator("#rec-open").click()
    expect(page.locator("#rec-grid button")).to_have_count(52)
    expect(page.locator("#rec-turn")).to_have_text("Cai (South) to lead trick 1")
    for trick in rec["play"]:
        play_cards(page, trick)
    expect(page.locator("#rec-turn")).to_have_text("All tricks recorded.")
    expect(page.locator(f"#tricks input[value='{rec['tricks']}']")).to_be_checked()
    over = rec["tricks"] - 8
    words = "made" if over == 0 else f"made +{over}" if over > 0 else f"−{-over}"
    expect(page.locator("#save")).to_contain_text(f"Save: E 2♠ {words}")
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("bridge-card-by-card-390", full_page=True)
    saved(page, page.locator("#save").click)
    state = page.request.get(phone.base_url + f"/api/matches/{made['id']}").json()["state"]
    assert state["hands"][0]["tricks"]["EW"] == rec["tricks"]
    assert state["hands"][0]["trick_winners"] == rec["winners"]
