"""Issue 35: a club night of three rounds in Chromium, started from the home page, with the
director on one phone and each table on its own phone (390x664 and 360x640, the sizes the
tester used). Each table phone scores every round from the link it opened once: no rescan,
and confirming a round never says the phone lost its link."""

from __future__ import annotations

import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

NAMES = ["Ann", "Bo", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal"]
SLOW = 10_000  # the banners and the director's page poll every 2.5 s
REVOKED = "no longer scores"


def axe_clean(page):
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def seats(page) -> dict[str, str]:
    return {s: page.locator(".ev-seats li").nth(i).inner_text().split(" ", 1)[1]
            for i, s in enumerate("NESW")}


def play_the_round(page, no: int) -> None:
    """The round's one hand on the table's phone, then both pairs confirm on it."""
    banner = page.locator("#event-banner")
    expect(banner).to_contain_text(f"Round {no} of 3")
    expect(page.locator("#save")).to_be_visible()  # this phone scores, no rescan
    who = seats(page)
    live = page.locator("#live")
    before = live.get_attribute("data-version")
    page.locator("#caller label", has_text=who["N"]).click()
    page.locator("#makers_tricks input[value='3']").click()
    page.locator("#save").click()
    expect(live).not_to_have_attribute("data-version", before)
    expect(banner).to_contain_text("Round over.")
    first, second = f"{who['N']} & {who['S']}", f"{who['E']} & {who['W']}"
    page.get_by_role("button", name=f"{first}: confirm").click()
    expect(page.locator("#event-banner")).to_contain_text(f"{first} confirmed.")
    page.get_by_role("button", name=f"{second}: confirm").click()
    expect(page.locator("#event-banner")).to_contain_text("Both pairs confirmed this result.")
    expect(page.locator("body")).not_to_contain_text(REVOKED)
    expect(page.locator("#role-note")).to_contain_text("This round’s result is locked")


def test_three_rounds_each_table_phone_scores_every_round(make_phone, base_url):
    director = make_phone(viewport={"width": 390, "height": 844})
    page = director.goto("/")
    page.get_by_role("link", name="Club night: many tables, rotating partners").click()
    page.wait_for_url(re.compile(r"/events/new$"))
    page.get_by_label("Name of the evening").fill("Thursday club")
    page.get_by_label("Players, one a line").fill("\n".join(NAMES))
    page.get_by_label("Rounds").fill("3")
    page.get_by_label("Hands a round").fill("1")
    page.get_by_role("button", name="Start the evening").click()
    page.wait_for_url(re.compile(r"/events/[\w-]+$"))
    links = [page.get_by_role("link", name=f"Open table {n}").get_attribute("href")
             for n in (1, 2)]

    phones = [make_phone(viewport={"width": 390, "height": 664}),
              make_phone(viewport={"width": 360, "height": 640})]
    tables = [p.goto(link.replace(base_url, "")) for p, link in zip(phones, links, strict=True)]
    for t in tables:
        t.wait_for_url(re.compile(r"/m/[\w-]+$"))

    for no in (1, 2, 3):
        for t in tables:
            play_the_round(t, no)
        phones[0].shot(f"club-rounds-table1-round{no}-confirmed", full_page=True)
        if no == 3:
            break
        start = page.get_by_role("button", name=f"Start round {no + 1}")
        expect(start).to_be_visible(timeout=SLOW)  # the director's page follows by itself
        start.click()
        expect(page.locator(".flash")).to_contain_text(f"Round {no + 1} has started.")
        for t in tables:
            expect(t.locator("#event-banner")).to_contain_text(f"Round {no + 1} has started.",
                                                               timeout=SLOW)
            t.get_by_role("link", name="Next round at this table").click()
            t.wait_for_url(re.compile(r"/m/[\w-]+$"))
            expect(t.locator("body")).not_to_contain_text("View only")
        axe_clean(tables[1])

    expect(page.locator("#standings")).to_contain_text("Final standings", timeout=SLOW)
    for t in tables:
        axe_clean(t)
    director.shot("club-rounds-director-final", full_page=True)
