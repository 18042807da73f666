"""A whole duplicate session on phones (issue 40), in Chromium at 390x844 and 360x640: the
director starts a 3-table Mitchell from the home page (pairs pasted, hand records as a PBN
file), opens the wall screen and gives each table its tent's link; every board of the three
rounds is tapped in at its table and accepted by the opponents on the same phone; one board is
disputed and the director settles it; table 2 is offline for round 2 and sends its boards once
it is back; the travellers and hand records show at the tables; each round's moves reach the
tables without a reload; the wall shows the final results once the last board is accepted; the
results PDF holds every pair. axe finds nothing on the table, the console and the wall."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader
from support import table_session
from support.browser import ARTIFACTS, Phone, axe_clean

SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 640}]
PAIRS = ["Ann & Bo", "Cy & Di", "Ed & Flo", "Gus & Hal", "Ida & Jo", "Kai & Lou"]
# a Mitchell seats the first half NS (N1-N3), the rest EW (E1-E3): first name N or E
SEATS = {"N1": ("Ann", "Bo"), "N2": ("Cy", "Di"), "N3": ("Ed", "Flo"),
         "E1": ("Gus", "Hal"), "E2": ("Ida", "Jo"), "E3": ("Kai", "Lou")}
OVER = "() => document.scrollingElement.scrollWidth - window.innerWidth"


def names_at(page: Any) -> dict[str, str]:
    """The four seats' first names at this table this round, read from its pairs line."""
    text = page.locator(".st-pairs").inner_text()
    ns = next(p for p in ("N1", "N2", "N3") if " & ".join(SEATS[p]) in text)
    ew = next(p for p in ("E1", "E2", "E3") if " & ".join(SEATS[p]) in text)
    return {"N": SEATS[ns][0], "S": SEATS[ns][1], "E": SEATS[ew][0], "W": SEATS[ew][1]}


def boards_at(page: Any) -> list[int]:
    return [int(v) for v in page.locator("#entry input[name=board]").evaluate_all(
        "els => els.map(e => e.value)")]


def play_round(page: Any, dispute: int | None = None, offline: bool = False) -> list[int]:
    """Tap in this table's boards (2♠ by North, made), each accepted on the same phone but
    ``dispute``; offline they wait in the page's queue. The boards played."""
    names, boards = names_at(page), boards_at(page)
    for board in boards:
        table_session.deal(page, board, "2S", "N", "0", names)
        if not offline:  # offline, Save cannot ask the server what it will score
            expect(page.locator("#save")).to_contain_text("2♠")
        page.locator("#save").click()
        if offline:
            page.locator("#queue-list li", has_text=f"Board {board}").locator(
                "button", has_text="Accept").click()
            continue
        answer = "Dispute" if board == dispute else "Accept"
        page.locator(f"#board-{board} button", has_text=answer).click()
        expect(page.locator(f"#board-{board}-h")).to_contain_text(
            "disputed" if board == dispute else "accepted")
    return boards


@pytest.mark.parametrize("size", SIZES, ids=["390x844", "360x640"])
def test_a_whole_session_from_the_home_page_to_the_results_pdf(
        app: Any, browser: Any, base_url: str, size: dict[str, int], tmp_path: Any) -> None:
    pbn, _boards = table_session.golden_pbn(6)
    phones: dict[str, Phone] = {"director": Phone(browser, base_url, viewport=size)}
    try:
        director = phones["director"].goto("/")
        director.click("a[href='/sessions/new']")
        director.fill("#name", "Tuesday pairs")
        director.fill("#pairs", "\n".join(PAIRS))
        director.fill("#boards", "6")
        director.click("button[name=check]")
        director.check("#movement-mitchell")
        hands = tmp_path / "hands.pbn"
        hands.write_text(pbn, encoding="utf-8")
        director.set_input_files("#boards_file", str(hands))
        director.click("button.primary")
        director.wait_for_url(re.compile(r"/s/[\w-]+/director$"))
        sid = re.search(r"/s/([\w-]+)/director", director.url).group(1)
        links = {t: director.locator(".sx-tent-links a", has_text=f"Table {t}")
                 .get_attribute("href") for t in (1, 2, 3)}
        phones["wall"] = Phone(browser, base_url, viewport={"width": 1280, "height": 720})
        wall = phones["wall"].goto(f"/s/{sid}/wall")
        expect(wall.locator("#wall-round")).to_have_text("Round 1 of 3")
        tables = {}
        for t in (1, 2, 3):
            phones[t] = Phone(browser, base_url, viewport=size)
            tables[t] = phones[t].goto(str(links[t]).replace(base_url, ""))  # absolute
            expect(tables[t].locator("h1")).to_contain_text(f"Table {t}")
            tables[t].evaluate("window.stillHere = true")  # a reload would forget it

        # round 1: table 1 disputes its first board; the console and the wall follow
        first = boards_at(tables[1])[0]
        second = play_round(tables[1], dispute=first)[1]
        expect(tables[1].locator(f"#board-{first}")).to_contain_text(
            "the director has been told")
        for t in (2, 3):
            play_round(tables[t])
        expect(director.locator("#cell-1-1")).to_have_class(re.compile("sx-disputed"))
        expect(wall.locator("#sx-live")).to_contain_text("Ann – Bo")
        # the travellers and hand records at a table that played the board
        expect(tables[1].locator(f"#board-{second}")).to_contain_text("Makeable contracts")
        assert tables[1].evaluate(OVER) <= 0
        axe_clean(tables[1])
        phones[1].shot(f"evening-table-{size['width']}", full_page=True)

        # the director settles the dispute: the board as the table should have entered it
        director.goto(f"{base_url}/s/{sid}/director?round=1")
        form = director.locator(f"#b{first}-N1 form")
        form.locator("input[name=contract]").fill("2s")
        form.locator("select[name=declarer]").select_option("N")
        form.locator("select[name=tricks]").select_option("9")
        form.locator("button[type=submit]").click()
        expect(director.locator(".flash-ok")).to_contain_text("saved")
        expect(director.locator("#cell-1-1")).not_to_have_class(re.compile("sx-disputed"))
        assert director.evaluate(OVER) <= 0
        axe_clean(director)

        # rounds 2 and 3: the moves reach the tables without a reload; table 2 is offline
        # for round 2, its boards and answers queue and are sent once when it is back
        for rnd in (2, 3):
            director.locator("button", has_text="Next round").click()
            expect(director.locator("#play-h")).to_have_text(f"Round {rnd} is being played")
            for t in (1, 2, 3):
                expect(tables[t].locator("h1")).to_contain_text(f"Round {rnd} of 3",
                                                                timeout=10_000)
            expect(tables[1].locator(".st-moved")).to_be_visible()
            offline = rnd == 2
            if offline:
                phones[2].context.set_offline(True)
            played = {t: play_round(tables[t], offline=offline and t == 2) for t in (1, 2, 3)}
            if offline:
                expect(tables[2].locator("#queue-why")).to_contain_text("Offline")
                phones[2].context.set_offline(False)
                tables[2].evaluate("window.dispatchEvent(new Event('online'))")
                expect(tables[2].locator("#queue")).to_be_hidden(timeout=10_000)
                for board in played[2]:
                    expect(tables[2].locator(f"#board-{board}-h")).to_contain_text("accepted")
        for t in (1, 2, 3):
            assert tables[t].evaluate("window.stillHere") is True  # never reloaded

        # every board accepted: the wall says the final results, no clock, no moves (the wall
        # polls the test server every 2.5 s and renders the ranks: on a busy 2-core machine
        # that took over 10 s once, so the bound is wide)
        expect(wall.locator("#wall-round")).to_contain_text("Final results", timeout=30_000)
        assert wall.evaluate(OVER) <= 0
        axe_clean(wall)
        phones["wall"].shot(f"evening-wall-final-{size['width']}")
        results = director.request.get(f"{base_url}/s/{sid}/results.pdf")
        assert results.ok and results.body().startswith(b"%PDF"), results.status
        text = " ".join(page.extract_text() for page in PdfReader(
            io.BytesIO(results.body())).pages)
        for pair in PAIRS:
            assert pair.replace(" & ", " – ") in text, pair  # as the results print a pair
        (ARTIFACTS / f"evening-results-{size['width']}.pdf").write_bytes(results.body())
    finally:
        for phone in phones.values():
            phone.close()
    for name, phone in phones.items():
        assert phone.foreign == [] and phone.errors == [], (name, phone.errors)
