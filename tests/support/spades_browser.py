"""Spades in the browser: the golden game's taps, a match started, bids and play tapped in."""

from __future__ import annotations

import json
import re
from pathlib import Path

from scorekeeper.engine.matchfile import check_match

GOLDEN = (Path(__file__).resolve().parent.parent / "data" / "golden" / "matches"
          / "spades-to-500.json")


def golden_taps() -> tuple[dict, list[dict]]:
    """The golden match and, per hand, what a table taps: its bids, NS's tricks and each nil
    bidder's own tricks (as the engine counted them where the hand was recorded card by card)."""
    match = json.loads(GOLDEN.read_text())
    state = check_match(match).state
    taps = []
    for hand, out in zip(match["hands"], state.hands, strict=True):
        taps.append({"bids": hand["bids"], "tricks_NS": out.outcome.tricks["NS"],
                     "nil": dict(out.outcome.details.nil_tricks)})
    return match, taps


def start(page, match) -> None:
    for seat, name in match["seats"].items():
        page.fill(f"#{seat}", name)
    page.fill("#team_NS", match["teams"]["NS"])
    page.fill("#team_EW", match["teams"]["EW"])
    page.locator("#game label", has_text="Spades").click()
    page.locator("#preset_spades label", has_text="Blind nil allowed").click()
    page.locator(f"#first_dealer input[value='{match['first_dealer']}']").click()
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+$"))


def bid(page, bids: dict) -> None:
    for seat, value in bids.items():
        page.locator(f"#bid_{seat} input[value='{value}']").click()


def after_play(page, tap: dict) -> None:
    page.locator(f"#tricks_NS input[value='{tap['tricks_NS']}']").click()
    if tap["nil"] and page.locator("details.nils").get_attribute("open") is None:
        page.locator("details.nils summary").click()
    for seat, taken in tap["nil"].items():
        page.locator(f"#nil_{seat} input[value='{taken}']").click()
