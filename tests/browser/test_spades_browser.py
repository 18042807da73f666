"""Spades in a real browser at 390x844: the golden game to 500 tapped in hand by hand (bids
before play, then the tricks and the nils' own tricks), the bids kept through a reload, the
Save label saying what will happen, the bags on the board, a viewer's phone following, axe
finding nothing."""

from __future__ import annotations

from playwright.sync_api import expect
from support.browser import axe_clean, no_horizontal_scroll, save
from support.spades_browser import after_play, bid, golden_taps, start


def test_the_golden_spades_game_to_500_by_tapping(phone, make_phone) -> None:
    match, taps = golden_taps()
    page = phone.goto("/")
    start(page, match)
    expect(page.locator(".bags")).to_have_text("Bags: Spades Aces 0 of 10 · Night Owls 0 of 10")
    axe_clean(page)
    # the bids are made before play: a reload (a phone locked, a tab killed) keeps them
    bid(page, taps[0]["bids"])
    page.reload()
    for seat, value in taps[0]["bids"].items():
        expect(page.locator(f"#bid_{seat} input[value='{value}']")).to_be_checked()
    phone.shot("spades-bids-390", full_page=True)
    viewer = make_phone().page
    viewer.goto(page.url.split("?")[0])
    expect(page.locator("details.nils")).to_be_hidden()  # nobody bid nil: not asked
    bid(page, {"W": 0})
    page.locator("details.nils summary").click()
    expect(page.locator("#nil_W")).to_be_visible()  # only the nil bidder's own tricks
    expect(page.locator("#nil_N, #nil_E, #nil_S")).to_have_count(3)
    for seat in "NES":
        expect(page.locator(f"#nil_{seat}")).to_be_hidden()
    bid(page, taps[0]["bids"])
    after_play(page, taps[0])
    save(page, "Save: Spades Aces make 5 + 1 bag → +51; Night Owls make 7 → +70")
    expect(viewer.locator(".pts")).to_have_text(["51", "70"], timeout=5000)
    expect(viewer.locator(".bags")).to_contain_text("Spades Aces 1 of 10")
    for no, tap in enumerate(taps[1:], 2):
        bid(page, tap["bids"])
        after_play(page, tap)
        save(page)
        if no == 8:
            no_horizontal_scroll(page)
            axe_clean(page)
            phone.shot("spades-match-390")
    expect(page.locator(".board")).to_contain_text("Night Owls won 522–342")
    expect(page.locator("#entry")).to_have_count(0)
    expect(viewer.locator(".board")).to_contain_text("Night Owls won 522–342", timeout=5000)
    no_horizontal_scroll(page)
    axe_clean(page)
    axe_clean(viewer)
    phone.shot("spades-game-over-390", full_page=True)
