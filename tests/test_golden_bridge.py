"""The numbers behind the bridge golden matches (tests/data/golden/matches/bridge-*.json, their
bytes held by tests/test_golden_matches.py), worked out by hand from spec/bridge.md once.

``bridge-rubbers``: two rubbers of 14 deals (a 2–1 rubber won with a vulnerable small slam, then
a 2–0 one), passed-out deals, a partscore carried to game, doubled and redoubled contracts down,
honours both ways, a card record ended by a claim. ``bridge-chicago``: two chukkers from dealer E,
a passed-out deal dealt again, partscores carried to game, the fourth deal's 100."""

from __future__ import annotations

import json
from pathlib import Path

FOLDER = Path(__file__).resolve().parent / "data" / "golden" / "matches"


def line(name: str) -> dict:
    return json.loads((FOLDER / f"{name}.check.jsonl").read_text(encoding="utf-8"))


def test_the_two_rubbers():
    out = line("bridge-rubbers")
    hands = out["hands"]
    assert len(hands) == 14
    # 60 + 30 below the line (2H, 1S) and 40 (1NT) make NS's first game: 130
    assert out["games"][0] == {"winner": "NS", "below": {"NS": 130, "EW": 60}}
    # 4SX two down not vulnerable: 100 + 200 to NS; EW's honours 100
    assert hands[5]["above"] == {"NS": 300, "EW": 100}
    # 6NT vulnerable: 190 below, slam 750 and the rubber 500 (EW had a game) above
    assert (hands[8]["vulnerable"], hands[8]["below"], hands[8]["above"]) == (
        "both", {"NS": 190, "EW": 0}, {"NS": 1250, "EW": 0})
    assert hands[9]["tricks"] == {"NS": 7, "EW": 6} and len(hands[9]["trick_winners"]) == 9
    assert hands[12]["points"] == {"NS": 200, "EW": 0}  # 3HXX one down, not vulnerable
    assert hands[13]["above"] == {"NS": 800, "EW": 0}  # 700 for the rubber, 100 honours
    assert out["rubbers"] == [
        {"winner": "NS", "bonus": 500, "totals": {"NS": 1930, "EW": 480}},
        {"winner": "NS", "bonus": 700, "totals": {"NS": 1420, "EW": 0}}]
    assert (out["over"], out["winner"], out["next_dealer"]) == (True, "NS", "S")


def test_the_two_chukkers():
    out = line("bridge-chicago")
    hands = out["hands"]
    assert [h["dealer"] for h in hands] == ["E", "E", "S", "W", "N", "E", "S", "S", "W", "N"]
    assert [h["vulnerable"] for h in hands] == [
        "none", "none", "NS", "EW", "both", "none", "NS", "NS", "EW", "both"]
    assert [h["points"] for h in hands] == [
        {"NS": 0, "EW": 0}, {"NS": 60, "EW": 0}, {"NS": 0, "EW": 80},
        {"NS": 40 + 300 + 100, "EW": 0},  # 60 + 40 carried to game, honours
        {"NS": 0, "EW": 40 + 30 + 100},  # the fourth deal's partscore
        {"NS": 0, "EW": 100}, {"NS": 0, "EW": 0}, {"NS": 0, "EW": 100 + 30 + 300},
        {"NS": 180 + 500 + 300 + 150, "EW": 0}, {"NS": 0, "EW": 60 + 100}]
    assert (out["score"], out["over"], out["winner"], out["next_dealer"]) == (
        {"NS": 1630, "EW": 940}, True, "NS", "E")
