"""`scorekeeper check` on Euchre's other packs and the Joker (rules.md, "Euchre's other packs
and the Joker"): a table of cases, every file checked by one run of the command."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from support import packplay

SAME = packplay.SAME_COLOUR


def others(trump: str) -> tuple[str, str, str]:
    """The suit of the same colour, then the two of the other colour."""
    rest = [s for s in "SHDC" if s not in (trump, SAME[trump])]
    return SAME[trump], rest[0], rest[1]


def joker_beats_the_right_bower(trump: str) -> dict[str, Any]:
    """Dealer W, N leads the right bower, E tops it with the Joker and takes four tricks."""
    p, x, y = others(trump)
    deal = {"N": ["J" + trump, "10" + x, "10" + y, "10" + p, "9" + trump],
            "E": ["JK", "A" + x, "A" + y, "A" + p, "9" + x],
            "S": ["A" + trump, "K" + x, "K" + y, "K" + p, "9" + y],
            "W": ["K" + trump, "Q" + x, "Q" + y, "Q" + p, "9" + p]}
    play = [[deal["N"][0], "JK", deal["S"][0], deal["W"][0]],
            *[[deal["E"][k], deal["S"][k], deal["W"][k], deal["N"][k]] for k in (1, 2, 3)],
            ["9" + x, "9" + y, "9" + p, "9" + trump]]
    return {"caller": "E", "round": 2, "trump": trump, "deal": deal, "play": play}


def left_bower_led(trump: str, pack: int) -> dict[str, Any]:
    """N leads the left bower: a trump, so E (no trumps) may play its printed suit; S's right
    bower takes it; the pack's lowest trump loses to W's ace in the last trick."""
    p, x, y = others(trump)
    low = packplay.PACK_RANKS[pack][-1]
    deal = {"N": ["J" + p, "A" + x, "A" + y, "A" + p, "K" + x],
            "E": ["Q" + p, "Q" + x, "Q" + y, "K" + p, "K" + y],
            "S": ["J" + trump, "10" + x, "10" + y, "10" + p, low + trump],
            "W": ["K" + trump, "9" + x, "9" + y, low + p, "A" + trump]}
    play = [["J" + p, "Q" + p, "J" + trump, "K" + trump],
            ["10" + x, "9" + x, "A" + x, "Q" + x],
            ["A" + y, "Q" + y, "10" + y, "9" + y],
            ["A" + p, "K" + p, "10" + p, low + p],
            ["K" + x, "K" + y, low + trump, "A" + trump]]
    return {"caller": "S", "round": 2, "trump": trump, "deal": deal, "play": play}


def random_record(seed: int, pack: int, joker: bool, **kw: Any) -> dict[str, Any]:
    return packplay.random_hand(random.Random(seed), pack, joker, **kw)


def case(name, rules, hands, expect, first_dealer="W"):
    return pytest.param(rules, hands, expect, first_dealer, id=name)


CASES = [
    *[case(f"joker-tops-the-right-bower-{t}", {"joker": True}, [joker_beats_the_right_bower(t)],
           {"trick_winners": ["E", "E", "E", "E", "N"], "result": "made",
            "points": {"NS": 0, "EW": 1}}) for t in "SHDC"],
    *[case(f"joker-tops-the-right-bower-{t}-32", {"joker": True, "pack": 32},
           [joker_beats_the_right_bower(t)], {"trick_winners": ["E", "E", "E", "E", "N"]})
      for t in "SHDC"],
    case("joker-without-the-rule", {}, [joker_beats_the_right_bower("H")],
         {"error": ("deal", "JK (the Joker) is not in this match's pack: the joker rule is off")}),
    *[case(f"left-bower-led-{t}-{size}", {"pack": size}, [left_bower_led(t, size)],
           {"trick_winners": ["S", "N", "N", "N", "W"], "result": "made",
            "points": {"NS": 1, "EW": 0}}) for t in "SHDC" for size in (24, 28, 32)],
    case("an-8-in-a-24-card-match", {}, [left_bower_led("S", 28)],
         {"error": ("deal", "8S is not in the euchre deck")}),
    case("a-7-in-a-28-card-match", {"pack": 28}, [left_bower_led("H", 32)],
         {"error": ("deal", "7H is not in this match's pack of 28 cards (8 to A in each suit)")}),
    case("a-7-turned-up-in-28", {"pack": 28},
         [{"caller": "N", "turn_up": "7C", "trump": "C", "makers_tricks": 3}],
         {"error": ("turn_up",
                    "7C is not in this match's pack of 28 cards (8 to A in each suit)")}),
    case("a-7-turned-up-in-32", {"pack": 32},
         [{"caller": "N", "turn_up": "7C", "makers_tricks": 3, "round": 1}],
         {"result": "made", "points": {"NS": 1, "EW": 0}}),
    case("a-pack-of-30", {"pack": 30}, [],
         {"error": ("rules.pack", "rule pack must be 24, 28 or 32, got 30")}),
    case("joker-turned-up-without-trump", {"joker": True},
         [{"caller": "N", "turn_up": "JK", "round": 1, "makers_tricks": 3}],
         {"error": ("trump", "the Joker was turned up: record the suit the dealer named for it "
                             "as trump")}),
    case("joker-turned-up-dealer-names-hearts", {"joker": True},
         [{"caller": "N", "turn_up": "JK", "trump": "H", "round": 1, "makers_tricks": 5}],
         {"result": "march", "points": {"NS": 2, "EW": 0}}),
    case("joker-turned-up-round-2", {"joker": True},
         [{"caller": "S", "turn_up": "JK", "trump": "C", "round": 2, "makers_tricks": 2}],
         {"result": "euchred", "points": {"NS": 0, "EW": 2}}),
    case("joker-turned-up-all-passed", {"joker": True}, [{"passed": True, "turn_up": "JK"}],
         {"result": "passed", "points": {"NS": 0, "EW": 0}}),
    case("joker-turned-up-to-the-dealer-who-must-hold-it", {"joker": True},
         [{"caller": "N", "turn_up": "JK", "trump": "D", "round": 1, "discard": "9C",
           "deal": {"W": ["AS", "KS", "QS", "10S", "9S"]}, "makers_tricks": 3}],
         {"error": ("deal", "the dealer took the turn-up JK, so must hold it (the discard "
                            "was 9C)")}),
    case("joker-turned-down-in-round-2-nobody-holds-it", {"joker": True},
         [{"caller": "N", "turn_up": "JK", "trump": "D", "round": 2,
           "deal": {"E": ["JK", "KS", "QS", "10S", "9S"]}, "makers_tricks": 3}],
         {"error": ("deal", "JK was turned down, so E can't hold it")}),
    case("joker-led-and-a-trump-held-back-is-a-renege", {"joker": True},
         [{"caller": "N", "trump": "H",
           "deal": {"E": ["9H", "KS", "KD", "QC", "10C"]},
           "play": [["JK", "KS", "QH", "KH"]]}],
         {"result": "renege", "renege": {"seat": "E", "trick": 1},
          "points": {"NS": 2, "EW": 0}}),
    case("joker-played-after-showing-out-of-trumps", {"joker": True, "pack": 28},
         [{"caller": "E", "trump": "S",
           "play": [["JS", "AS", "QS", "8H"], ["AD", "KD", "QD", "JK"]]}],
         {"result": "renege", "renege": {"seat": "W", "trick": 1},
          "points": {"NS": 2, "EW": 0}}),
    case("joker-led-a-seat-without-trumps-may-discard", {"joker": True},
         # E discards a spade on the Joker with no trump: no proven renege, only the declared one
         [{"caller": "N", "trump": "H", "renege": "N",
           "deal": {"E": ["AS", "KS", "KD", "QC", "10C"]},
           "play": [["JK", "KS", "QS", "9S"]]}],
         {"result": "renege", "renege": {"seat": "N"}, "points": {"NS": 0, "EW": 2}}),
    *[case(f"random-hand-{size}-{joker}-{seed}", {"pack": size, "joker": joker},
           [random_record(seed, size, joker, dealer="W", joker_up=joker and seed % 2 == 0)
            ["hand"]], {"ok": True})
      for size in (24, 28, 32) for joker in (False, True) for seed in range(4)],
]


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    """Every case's file, checked in one run of `scorekeeper check`: name -> its line."""
    folder = tmp_path_factory.mktemp("packs")
    files = []
    for param in CASES:
        rules, hands, _, first_dealer = param.values
        path = folder / f"{param.id}.json"
        path.write_text(json.dumps({"format": "scorekeeper-match/1", "game": "euchre",
                                    "rules": rules, "first_dealer": first_dealer,
                                    "seats": {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"},
                                    "hands": hands}), encoding="utf-8")
        files.append(str(path))
    proc = subprocess.run([sys.executable, "-m", "scorekeeper", "check", *files],
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode in (0, 1), proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    return {Path(line["file"]).stem: line for line in lines}


@pytest.mark.parametrize(("rules", "hands", "expect", "first_dealer"), CASES)
def test_check(checked, request, rules, hands, expect, first_dealer):
    line = checked[request.node.callspec.id]
    if "error" in expect:
        field, message = expect["error"]
        assert line["ok"] is False
        assert {"field": field, "message": message} in [
            {"field": e["field"], "message": e["message"]} for e in line["errors"]], line
        return
    assert line["ok"] is True, line
    if not hands:
        return
    hand = line["hands"][-1]
    for key, value in expect.items():
        if key != "ok":
            assert hand[key] == value, (key, hand)


def test_random_hands_give_the_winners_played(checked):
    for size in (24, 28, 32):
        for joker in (False, True):
            for seed in range(4):
                made = random_record(seed, size, joker, dealer="W",
                                     joker_up=joker and seed % 2 == 0)
                line = checked[f"random-hand-{size}-{joker}-{seed}"]
                assert line["hands"][0]["trick_winners"] == made["winners"]


def test_egn_files_of_every_pack_are_checked(tmp_path):
    """EGN files (min_rank 8/7, joker, the Joker as B) through `scorekeeper check`: ours read
    back and scored as the match was; a foreign file ordering up a turned-up Joker refused in
    words, exit 1."""
    from support.packplay import card_match

    from scorekeeper.engine.matchfile import check_match
    from scorekeeper.games.euchre.egn.write import match_to_egn

    files, scores = [], {}
    for pack, joker in ((28, False), (32, True), (24, True)):
        match = card_match(pack, joker, seed=pack, joker_up_round=2 if joker else None)
        path = tmp_path / f"p{pack}{'j' if joker else ''}.egn"
        path.write_text(json.dumps(match_to_egn(match)), encoding="utf-8")
        files.append(str(path))
        scores[path.stem] = check_match(match).state.as_json()["score"]
    foreign = match_to_egn(card_match(32, True, joker_up_round=2))
    foreign["deals"][0]["phases"][0]["calls"] = ["Order"]
    (tmp_path / "ordered.egn").write_text(json.dumps(foreign), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "scorekeeper", "check", *files,
                           str(tmp_path / "ordered.egn")],
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 1, proc.stderr
    lines = {Path(line["file"]).stem: line for line in map(json.loads, proc.stdout.splitlines())}
    for stem, score in scores.items():
        assert lines[stem]["ok"] and lines[stem]["score"] == score, lines[stem]
    assert lines["ordered"]["errors"] == [{
        "hand": 1, "field": "calls",
        "message": "the Joker was turned up and ordered up, but EGN doesn't say which suit the "
                   "dealer named for it: record this hand in Scorekeeper instead"}]
