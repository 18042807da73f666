"""Five Hundred in the browser: the golden game, a match started, a bid tapped in."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden" / "matches" / \
    "five-hundred-full-game.json"


def start_five_hundred(page, golden: dict) -> None:
    page.locator("#game label", has_text="Five Hundred").click()
    for seat, name in golden["seats"].items():
        page.fill(f"#{seat}", name)
    page.fill("#team_NS", golden["teams"]["NS"])
    page.fill("#team_EW", golden["teams"]["EW"])
    page.locator("#first_dealer label", has_text="East").click()
    page.locator("#preset_five_hundred label", has_text="Standard to 500").click()
    page.locator("details.more summary", has_text="All rules").click()
    expect(page.locator("#five_hundred_misere")).to_be_checked()  # the preset's values shown
    page.fill("#five_hundred_misere_opponent_points", "10")
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url("**/m/*")


def tap_bid(page, hand: dict) -> None:
    page.locator(f"#caller input[value='{hand['caller']}']").check(force=True)
    page.locator(f"#bid input[value='{hand['bid']}']").check(force=True)
