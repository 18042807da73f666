"""A Spades hand recorded card by card in Chromium at 390x844: the bids first, then all 13
tricks tapped on the 52-card grid, a spade led before spades are broken refused in words (the
leader's cards are known), the save, and the hand page with its tricks, winners and counts.
The golden match's hand 4 (South bid nil) is the hand; what is stored is read from SQLite."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect
from support.browser import axe_clean, match_id, no_horizontal_scroll, play_cards, saved
from support.spades_browser import GOLDEN, bid, start

WON = re.compile(r"\bwon\b")  # the winning card's cell (a spade's is "trump" too)


def test_a_spades_hand_tapped_card_by_card_with_spades_not_broken_refused(phone, matches):
    golden = json.loads(GOLDEN.read_text())
    hand = golden["hands"][3]  # dealt by North: East leads; South bid nil
    expected = json.loads(GOLDEN.with_name("spades-to-500.check.jsonl").read_text()
                          .splitlines()[0])["hands"][3]
    page = phone.goto("/")
    start(page, {**golden, "first_dealer": "N"})
    mid = match_id(page)
    bid(page, hand["bids"])
    page.locator("#rec-open").click()
    expect(page.locator("#rec-grid button")).to_have_count(52)
    turn, msg = page.locator("#rec-turn"), page.locator("#rec-msg")
    expect(turn).to_have_text("Bo (East) to lead trick 1")

    # Bo's (East's) thirteen cards, so the recorder knows Bo still holds other suits
    page.locator("#rec-hold-mode").click()
    page.locator("#rec-seats button").nth(1).click()
    play_cards(page, hand["deal"]["E"])
    expect(page.locator("#rec-seats button").nth(1)).to_contain_text("13 of 13")
    page.locator("#rec-play-mode").click()
    play_cards(page, ["KS"])  # a spade led in trick 1: refused
    expect(msg).to_contain_text("Bo cannot lead a trump before trumps are broken: Bo holds")
    expect(msg).to_contain_text("J♣")
    play_cards(page, hand["play"][0])  # Bo wins it with J♣ ...
    expect(turn).to_have_text("Bo (East) to lead trick 2")
    play_cards(page, ["QS"])  # ... and still may not lead a spade: none was played yet
    expect(msg).to_contain_text("Bo cannot lead a trump before trumps are broken")
    expect(turn).to_have_text("Bo (East) to lead trick 2")
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("spades-not-broken-390", full_page=True)
    play_cards(page, hand["play"][1])  # Ann trumps the club with A♠: spades are broken
    for trick in hand["play"][2:]:
        play_cards(page, trick)
    expect(turn).to_have_text("All tricks recorded.")
    ns = expected["tricks"]["NS"]
    expect(page.locator(f"#tricks_NS input[value='{ns}']")).to_be_checked()
    expect(page.locator("#rec-count")).to_contain_text(f"Spades Aces {ns}")
    axe_clean(page)
    phone.shot("spades-all-tricks-390", full_page=True)
    button = page.locator("#save")
    expect(button).to_contain_text("Save:")
    saved(page, button.click)

    loaded = matches.load(mid)
    stored = loaded.match.hand_objects[0]
    assert stored["play"] == hand["play"]
    assert stored["deal"] == {"E": hand["deal"]["E"]}
    assert stored["bids"] == hand["bids"]
    assert loaded.state.hands[0].points == expected["points"]

    page = phone.goto(f"/m/{mid}/hands/1")
    rows = page.locator(".trick-table tbody tr")
    expect(rows).to_have_count(13)
    expect(page.locator(".trick-table td.won")).to_have_count(13)  # one winner a trick
    winners = expected["trick_winners"]
    for i, seat in enumerate(winners):
        col = "NESW".index(seat) + 2  # after the trick's number
        expect(rows.nth(i).locator(f"td:nth-child({col})")).to_have_class(WON)
    expect(rows.nth(12).locator("td.count")).to_have_text(f"{ns}–{13 - ns}")
    expect(page.locator(".hand-facts .result")).to_contain_text("Cai nil made +100")
    expect(page.locator(".hand-facts .kitty, .hand-facts .discards")).to_have_count(0)
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("spades-hand-page-390", full_page=True)


# Each word of a chip's label in one piece: a word the line breaks inside has two boxes.
# One call: the page's live refresh may put a new form in place between two calls.
WORDS_WHOLE = """() => {
    const el = document.querySelector("#bid_N input[value='blind_nil'] + span");
    el.scrollIntoView({block: "center"});
    const text = el.firstChild, out = [];
    for (const m of text.data.matchAll(/\\S+/g)) {
        const r = document.createRange();
        r.setStart(text, m.index);
        r.setEnd(text, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].map((b) => Math.round(b.top)));
        if (tops.size > 1) out.push(m[0]);
    }
    return {broken: out, height: el.getBoundingClientRect().height};
}"""


def test_the_blind_nil_chip_wraps_between_words_only(make_phone):
    golden = json.loads(GOLDEN.read_text())
    phone = make_phone()
    page = phone.goto("/")
    start(page, golden)  # the preset "Blind nil allowed"
    url = page.url
    for lang, label in (("en", "Blind nil"), ("zh_Hant", "盲零墩"), ("zh_Hans", "盲零墩")):
        for width in (390, 360):
            page.set_viewport_size({"width": width, "height": 844})
            phone.context.add_cookies([{"name": "lang", "value": lang, "url": url}])
            page.goto(url)
            chip = page.locator("#bid_N input[value='blind_nil'] + span")
            expect(chip).to_have_text(label)
            got = page.evaluate(WORDS_WHOLE)
            phone.shot(f"spades-blind-nil-{lang}-{width}")
            assert got["broken"] == [], (lang, width)
            assert got["height"] < 60, (lang, width, got)  # one line: a chip's height
            no_horizontal_scroll(page)
        axe_clean(page)
