"""The players' pages in Chromium at 390x844, in the three languages and in dark mode: the table
sorts by a tap on a heading, a player's page shows the figures and the charts with their text,
a partnership and its head-to-head; no horizontal scroll, axe-clean, nothing from other hosts.
Screenshots go to tests/artifacts/ (not kept in git)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support.browser import axe_clean, no_horizontal_scroll, small_targets
from support.stats_data import MATCH_A, MATCH_B, MATCH_C

WORDS = {
    "en": {"players": "Players", "suit": "Calls made, by trump suit",
           "partnership": "Partnership: Ann & Cai", "h2h": "Head to head"},
    "zh_Hant": {"players": "玩家", "suit": "依王牌花色的叫牌達成",
                "partnership": "搭檔：Ann & Cai", "h2h": "正面對決"},
    "zh_Hans": {"players": "玩家", "suit": "按将牌花色的叫将达成",
                "partnership": "搭档：Ann & Cai", "h2h": "正面交锋"},
}


@pytest.fixture
def ids(app) -> dict[str, str]:
    client = app.test_client()
    found: dict[str, str] = {}
    for match in (MATCH_A, MATCH_B, MATCH_C):
        body = client.post("/api/matches", json=match).get_json()
        found.update({p["name"]: p["id"] for p in body["players"].values()})
    return found


def check(phone, page, name: str) -> None:
    phone.shot(name, full_page=True)
    no_horizontal_scroll(page)
    axe_clean(page)
    assert small_targets(page) == []


@pytest.mark.parametrize("lang", ["en", "zh_Hant", "zh_Hans"])
def test_the_players_pages_in_three_languages(phone, ids, lang):
    words = WORDS[lang]
    page = phone.goto(f"/lang/{lang}?next=/players")
    expect(page.locator("h1")).to_have_text(words["players"])
    rows = page.locator("table.players tbody tr")
    expect(rows).to_have_count(5)
    expect(rows.first.locator("th")).to_have_text("Ann")
    check(phone, page, f"players-{lang}-390")
    # sort by matches won: Ann (2 wins) first, then Cai (2), then the others
    page.locator("table.players thead a").nth(2).click()
    expect(page.locator("table.players thead th[aria-sort]")).to_have_count(1)
    expect(rows.nth(0).locator("th")).to_have_text("Ann")
    expect(rows.nth(1).locator("th")).to_have_text("Cai")

    page.locator("table.players tbody a", has_text="Ann").click()
    expect(page.locator("h1")).to_have_text("Ann")
    expect(page.locator(".figs").first).to_contain_text("3")  # matches, every game
    expect(page.locator("#figs-euchre ~ .figs").first).to_contain_text("4")  # hands called
    expect(page.locator("figcaption").first).to_contain_text(words["suit"])
    expect(page.locator("svg.chart")).to_have_count(2 + 3)  # months of Euchre, of Whist; 3 matches
    expect(page.locator("svg.bar")).to_have_count(4)  # one per trump suit
    check(phone, page, f"player-{lang}-390")

    page.locator(".plinks a", has_text="Cai").click()
    expect(page.locator("h1")).to_have_text(words["partnership"])
    check(phone, page, f"pair-{lang}-390")
    page.locator(".plinks a", has_text="Bo").first.click()
    expect(page.locator("#h2h-h")).to_have_text(words["h2h"])
    check(phone, page, f"head-to-head-{lang}-390")


def test_the_player_page_in_dark_mode_reads(make_phone, ids):
    phone = make_phone(color_scheme="dark")
    page = phone.goto(f"/players/{ids['Ann']}")
    colours = page.evaluate("""() => [getComputedStyle(document.body).backgroundColor,
        getComputedStyle(document.querySelector('svg.chart')).color]""")
    assert colours[0] != colours[1]
    assert colours[1] == page.evaluate("getComputedStyle(document.body).color")
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("player-dark-390", full_page=True)


def test_the_date_range_form_narrows_the_figures(phone, ids):
    page = phone.goto(f"/players/{ids['Ann']}")
    page.locator("#from").fill("2026-02-01")
    page.locator(".range button").click()
    expect(page).to_have_url(f"{phone.base_url}/players/{ids['Ann']}?from=2026-02-01&to=")
    expect(page.locator(".figs dd").first).to_have_text("2")  # matches played: B and C
    page.locator("#from").fill("2026-03-01")
    page.locator("#to").fill("2026-02-01")
    page.locator(".range button").click()
    expect(page.locator("body")).to_contain_text("The start date 2026-03-01 is after the end "
                                                 "date 2026-02-01.")


def test_the_start_form_offers_the_players_of_this_server(phone, ids):
    page = phone.goto("/")
    assert page.locator("#known-players option").count() == 5
    expect(page.locator("#N")).to_have_attribute("list", "known-players")
    page.locator("#N").fill("ANN")
    page.locator("#E").fill("Bo")
    page.locator("#S").fill("Cai")
    page.locator("#W").fill("Dee")
    page.get_by_role("checkbox", name="New player").nth(3).check()
    with page.expect_navigation():
        page.get_by_role("button", name="Start match").click()
    match_id = page.url.rsplit("/", 1)[-1]
    players = page.request.get(f"{phone.base_url}/api/matches/{match_id}").json()["players"]
    assert players["N"]["id"] == ids["Ann"]
    assert players["W"]["id"] != ids["Dee"]
    no_horizontal_scroll(phone.goto("/"))
    phone.shot("start-with-players-390", full_page=True)


def test_the_organiser_gets_the_right_then_renames_merges_and_undoes(app, phone, ids):
    from support.helpers import organiser_key

    # without the right: a sentence saying how to get it, no forms
    page = phone.goto(f"/players/{ids['Eve']}")
    edit = page.locator("details.edit")
    expect(edit).not_to_have_attribute("open", "")  # calm until asked
    edit.locator("summary").click()
    expect(edit).to_contain_text("Renaming and merging players needs the organiser's right")
    expect(page.get_by_label("New name")).to_have_count(0)
    with page.expect_navigation():
        edit.get_by_role("link", name="Open the organiser page").click()
    page.get_by_label("Organiser key").fill(organiser_key(app))
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("organiser-key-390", full_page=True)
    with page.expect_navigation():
        page.get_by_role("button", name="Give this phone the right").click()
    expect(page).to_have_url(f"{phone.base_url}/players/{ids['Eve']}")
    expect(page.locator(".flash")).to_contain_text("This phone now has the organiser's right")
    cookie = next(c for c in phone.context.cookies() if c["name"] == "organiser")
    assert cookie["httpOnly"] and cookie["expires"] > 0  # kept when the browser closes

    page.locator("details.edit summary").click()
    page.get_by_label("New name").fill("Eve K.")
    with page.expect_navigation():
        page.locator("details.edit").get_by_role("button", name="Save").click()
    expect(page.locator(".flash")).to_have_text(
        "Eve renamed to Eve K.: 1 seat in 1 match. Undo it from the history below if it was a "
        "mistake.")
    expect(page.locator("h1")).to_have_text("Eve K.")
    expect(page.locator(".changes")).to_contain_text("Eve renamed to Eve K.: 1 seat in 1 match")
    no_horizontal_scroll(page)
    phone.shot("player-renamed-390", full_page=True)

    # a bad name: the form again, open, with the reason in words
    page.locator("details.edit summary").click()
    page.get_by_label("New name").fill("x" * 41)
    with page.expect_navigation():
        page.locator("details.edit").get_by_role("button", name="Save").click()
    expect(page.locator("details.edit")).to_have_attribute("open", "")
    expect(page.locator("#name-err")).to_have_text("Names are limited to 40 characters.")
    expect(page.locator("h1")).to_have_text("Eve K.")

    # players Eve sat with are not offered; merge Eve K. into Cai: the question, the survivor
    options = page.get_by_label("Merge into").locator("option").all_inner_texts()
    assert not any(o.startswith(("Ann", "Bo", "Dee")) for o in options), options
    page.get_by_label("Merge into").select_option(label="Cai (2 matches)")
    with page.expect_navigation():
        page.get_by_role("button", name="Merge into another player…").click()
    expect(page.locator("main")).to_contain_text(
        "All of Eve K.'s 1 match moves to Cai; the history on Cai's page can undo it.")
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("player-merge-confirm-390", full_page=True)
    with page.expect_navigation():
        page.get_by_role("button", name="Merge", exact=True).click()
    expect(page).to_have_url(f"{phone.base_url}/players/{ids['Cai']}")
    expect(page.locator(".flash")).to_contain_text("Eve K. merged into Cai: 1 seat in 1 match.")
    expect(page.locator(".figs dd").first).to_have_text("3")  # Cai's 2 and Eve's 1
    line = page.locator(".changes li", has_text="Eve K. merged into Cai: 1 seat in 1 match")
    no_horizontal_scroll(page)
    axe_clean(page)
    assert small_targets(page) == []
    phone.shot("player-merged-390", full_page=True)

    # undo the merge from Cai's page: Cai's figures and Eve K.'s page come back
    with page.expect_navigation():
        line.get_by_role("button", name="Undo").click()
    expect(page.locator(".flash")).to_have_text(
        "Undone: Eve K. merged into Cai: 1 seat in 1 match.")
    expect(page.locator(".figs dd").first).to_have_text("2")
    expect(line).to_contain_text("(undone")
    phone.shot("player-merge-undone-390", full_page=True)
    page = phone.goto(f"/players/{ids['Eve']}")
    expect(page.locator("h1")).to_have_text("Eve K.")
    expect(page.locator(".figs dd").first).to_have_text("1")
    with page.expect_navigation():
        page.locator(".changes li", has_text="renamed").get_by_role("button",
                                                                    name="Undo").click()
    expect(page.locator("h1")).to_have_text("Eve")
    axe_clean(page)
