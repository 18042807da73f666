"""A club night run from phones in Chromium at 390x844 (issue 26): the evening started from
the home page, a director and two table phones, the director's page and the tables following
with no reload, the result confirmed at the table and a dispute, the wall screen, the
standings PDF."""

from __future__ import annotations

import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

NAMES = ["Ann", "Bo", "Cai", "Dee", "Eve", "Finn", "Gus", "Hal"]
SLOW = 8_000  # a poll every 2.5 s; a few of them


def record(page, caller, tricks):
    live = page.locator("#live")
    before = live.get_attribute("data-version")
    page.locator("#caller label", has_text=caller).click()
    page.locator(f"#makers_tricks input[value='{tricks}']").click()
    page.locator("#save").click()
    expect(live).not_to_have_attribute("data-version", before)


def axe_clean(page):
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_an_evening_from_the_home_page_to_the_standings_pdf(make_phone, base_url):
    director = make_phone()
    page = director.goto("/")
    page.get_by_role("link", name="Club night: many tables, rotating partners").click()
    page.wait_for_url(re.compile(r"/events/new$"))
    page.get_by_label("Name of the evening").fill("Thursday club")
    page.get_by_label("Players, one a line").fill("\n".join(NAMES[:3]))
    page.get_by_label("Rounds").fill("2")
    page.get_by_label("Hands a round").fill("2")
    page.get_by_role("button", name="Start the evening").click()
    expect(page.locator("#problems")).to_contain_text("Nothing was stored")
    expect(page.locator(".ev-players")).to_contain_text("An event needs 8 to 64 players")
    page.get_by_label("Players, one a line").fill("\n".join(NAMES))
    page.get_by_role("button", name="Check the movements").click()
    expect(page.locator("#guarantees")).to_contain_text("For 8 players and 2 rounds:")
    no_sideways_scroll(page)
    axe_clean(page)
    director.shot("club-night-new", full_page=True)
    page.get_by_role("button", name="Start the evening").click()
    page.wait_for_url(re.compile(r"/events/[\w-]+$"))
    expect(page.locator(".flash")).to_contain_text("open “Director’s link” below")
    expect(page.locator("#round-status")).to_contain_text("0 of 2 hands")
    links = [page.get_by_role("link", name=f"Open table {n}").get_attribute("href")
             for n in (1, 2)]
    wall_phone = make_phone(viewport={"width": 1280, "height": 720})
    wall = wall_phone.goto(page.get_by_role("link", name="Wall screen (for a projector)")
                           .get_attribute("href"))
    expect(wall.locator(".wall-standings")).to_contain_text("Ann")

    phones = [make_phone(), make_phone()]
    tables = [p.goto(link.replace(base_url, "")) for p, link in zip(phones, links, strict=True)]
    for t in tables:
        t.wait_for_url(re.compile(r"/m/[\w-]+$"))
    seats1 = {s: tables[0].locator(".ev-seats li").nth(i).inner_text().split(" ", 1)[1]
              for i, s in enumerate("NESW")}

    # a hand at table 2: the director's page moves with no reload
    record(tables[1], tables[1].locator(".ev-seats li").nth(0).inner_text().split(" ", 1)[1], 3)
    expect(page.locator("#table-2")).to_contain_text("1 of 2 hands · 1–0", timeout=SLOW)
    expect(page.locator("#table-2")).to_contain_text("last hand")

    # table 1 ends its round: its result, then the opponents confirm on the same phone
    record(tables[0], seats1["N"], 5)
    record(tables[0], seats1["E"], 3)
    banner = tables[0].locator("#event-banner")
    expect(banner).to_contain_text(f"{seats1['N']} & {seats1['S']} 2 – 1 "
                                   f"{seats1['E']} & {seats1['W']}")
    expect(banner).to_contain_text(f"{seats1['N']} & {seats1['S']} win")
    expect(page.locator("#table-1")).to_contain_text("Waiting for confirmation", timeout=SLOW)
    expect(page.locator("#standings")).to_contain_text("have not confirmed yet")
    no_sideways_scroll(tables[0])
    axe_clean(tables[0])
    axe_clean(page)
    phones[0].shot("club-night-confirm", full_page=True)
    tables[0].get_by_role("button", name=f"{seats1['E']} & {seats1['W']}: confirm").click()
    expect(tables[0].locator("#event-banner")).to_contain_text(
        f"{seats1['E']} & {seats1['W']} confirmed.")
    tables[0].get_by_role("button", name=f"{seats1['N']} & {seats1['S']}: confirm").click()
    expect(tables[0].locator("#event-banner")).to_contain_text("Both pairs confirmed")
    expect(page.locator("#table-1")).to_contain_text("Confirmed by both pairs", timeout=SLOW)

    # table 2 finishes; it disputes; the director sees it with no reload and accepts
    seats2 = tables[1].locator(".ev-seats li").nth(1).inner_text().split(" ", 1)[1]
    record(tables[1], seats2, 3)
    tables[1].get_by_role("button", name="Something is wrong").click()
    expect(tables[1].locator("#event-banner")).to_contain_text("Disputed")
    expect(page.locator("#table-2")).to_contain_text("Disputed", timeout=SLOW)
    director.shot("club-night-director-dispute", full_page=True)
    page.locator("#table-2").get_by_role("button", name="Accept the result").click()
    expect(page.locator(".flash")).to_contain_text("Table 2: the result is accepted.")

    # the director starts round 2: table 1's phone learns it with no reload
    page.get_by_role("button", name="Start round 2").click()
    expect(tables[0].locator("#event-banner")).to_contain_text("Round 2 has started.",
                                                               timeout=SLOW)
    expect(tables[0].locator("#moves")).to_contain_text(f"{seats1['N']}: go to table")
    expect(wall.locator("#ev-live")).to_contain_text("Round 2 of 2", timeout=SLOW)
    wall_phone.shot("club-night-wall")
    axe_clean(wall)

    # round 2 ended early, asked first; then the standings as a PDF
    page.get_by_role("link", name="End round 2 now…").click()
    expect(page.locator("#end-ask")).to_contain_text("no hand yet: it scores 0–0")
    axe_clean(page)
    page.get_by_role("button", name="Yes, end round 2 now").click()
    expect(page.locator("#standings")).to_contain_text("Final standings")
    pdf = page.request.get(base_url + page.get_by_role(
        "link", name="Standings and prizes", exact=True).get_attribute("href"))
    assert pdf.ok and pdf.body().startswith(b"%PDF")
