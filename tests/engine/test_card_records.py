"""Card records: deals and tricks checked against everything else in the hand."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from support.engine_matches import errors, run

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "golden"


def seed() -> dict:
    """Seed 000, section 4: S deals, 9H turned up, W orders up, S discards 9C; NS euchre EW."""
    match = json.loads((EXAMPLES / "seed-euchre-000.json").read_text(encoding="utf-8"))
    return match["hands"][0]


def check(hand: dict, **rules) -> list[dict]:
    return errors("euchre", [hand], first_dealer="S", **rules)


def test_seed_example_scores_as_in_the_rules():
    state = run("euchre", [seed()], first_dealer="S").state.as_json()
    entry = state["hands"][0]
    assert entry["result"] == "euchred"
    assert entry["makers"] == "EW"
    assert entry["tricks"] == {"NS": 4, "EW": 1}
    assert entry["trick_winners"] == ["W", "N", "N", "N", "S"]
    assert entry["points"] == {"NS": 2, "EW": 0}


def test_play_alone_without_deal_and_without_makers_tricks():
    hand = seed()
    del hand["deal"]
    entry = run("euchre", [hand], first_dealer="S").state.as_json()["hands"][0]
    assert entry["tricks"] == {"NS": 4, "EW": 1}


def test_deal_of_some_seats_only():
    hand = seed()
    hand["deal"] = {"N": hand["deal"]["N"]}
    assert run("euchre", [hand], first_dealer="S").ok


@pytest.mark.parametrize(("change", "field", "code", "trick"), [
    (lambda h: h.update(makers_tricks=3), "makers_tricks", "hand.tricks_mismatch", None),
    (lambda h: h["deal"]["N"].__setitem__(0, "AH "), "deal", "hand.bad_card", None),
    (lambda h: h["deal"]["N"].__setitem__(0, "8H"), "deal", "hand.card_not_in_deck", None),
    (lambda h: h["deal"]["N"].pop(), "deal", "deal.wrong_count", None),
    (lambda h: h["deal"]["N"].__setitem__(0, "QH"), "deal", "deal.duplicate", None),
    (lambda h: h["deal"]["N"].__setitem__(4, "9C"), "deal", "hand.discard_held", None),
    (lambda h: h.update(deal={"X": h["deal"]["N"]}), "deal", "hand.bad_seat", None),
    (lambda h: h["play"].pop(), "play", "play.wrong_trick_count", None),
    (lambda h: h["play"][2].pop(), "play", "play.wrong_trick_size", 3),
    (lambda h: h["play"][4].pop(), "play", "play.wrong_trick_size", 5),
    (lambda h: h["play"][1].__setitem__(1, "AH"), "play", "play.played_twice", 2),
    (lambda h: h["play"][1].__setitem__(1, "9D"), "play", "play.not_held", 2),
    (lambda h: h["play"][1].__setitem__(1, "9C"), "play", "play.unavailable", 2),
    (lambda h: h["play"][0].__setitem__(0, "XX"), "play", "hand.bad_card", 1),
    (lambda h: h.update(play="JD AH"), "play", "play.not_list", None),
    (lambda h: h.update(round=2, trump="S", discard=None), "play", "hand.play_needs_trump", None),
])
def test_record_errors(change, field, code, trick):
    hand = copy.deepcopy(seed())
    change(hand)
    hand = {k: v for k, v in hand.items() if v is not None}
    if code == "hand.play_needs_trump":
        hand.pop("trump")
        hand.pop("turn_up")
    found = check(hand)
    assert any(e["code"] == code and e["field"] == field and e.get("trick") == trick
               for e in found), found


def test_held_by_other_when_play_disagrees_with_deal():
    hand = seed()
    hand["play"][0][1] = "QH"  # N plays E's queen
    found = check(hand)
    assert found[0]["code"] == "play.held_by_other"
    assert found[0]["trick"] == 1
    assert "E holds it" in found[0]["message"]


def test_turn_up_in_round_two_cannot_be_held():
    hand = {"caller": "N", "round": 2, "turn_up": "9H", "trump": "S", "makers_tricks": 3,
            "deal": {"E": ["9H", "AS", "KS", "QS", "JS"]}}
    found = errors("euchre", [hand])
    assert found[0]["code"] == "deal.turn_up_held"


def test_turn_up_in_round_one_belongs_to_the_dealer():
    hand = {"caller": "E", "round": 1, "turn_up": "9H", "makers_tricks": 3,
            "deal": {"E": ["9H", "AS", "KS", "QS", "JS"]}}
    assert errors("euchre", [hand])[0]["code"] == "deal.turn_up_not_dealer"


def test_dealer_who_kept_the_turn_up_must_hold_it():
    hand = seed()
    hand["deal"]["S"] = ["JH", "9C", "QS", "QD", "10C"]  # 9H missing: 9S said discarded
    hand["discard"] = "9S"
    found = check(hand)
    assert any(e["code"] == "deal.dealer_lacks_turn_up" for e in found), found


def test_renege_proven_from_holding():
    # with hearts trump, W leads JD (a heart); N holds AH and must follow, plays AS instead
    hand = seed()
    hand["play"] = [["JD", "AS", "10H", "9H"], ["JS", "AH", "KS", "QS"]]
    entry = run("euchre", [hand], first_dealer="S").state.as_json()["hands"][0]
    assert entry["result"] == "renege"
    assert entry["renege"] == {"seat": "N", "trick": 1}
    assert entry["points"] == {"NS": 0, "EW": 2}


def test_renege_proven_by_showing_out_then_playing_the_suit():
    hand = seed()
    del hand["deal"]
    # N shows out of hearts in trick 1 (plays AS), then plays AH (a heart) in trick 2
    hand["play"] = [["JD", "AS", "10H", "9H"], ["JS", "AH", "KS", "QS"]]
    entry = run("euchre", [hand], first_dealer="S").state.as_json()["hands"][0]
    assert entry["renege"] == {"seat": "N", "trick": 1}


def test_left_bower_counts_as_trump_when_showing_out():
    # hearts trump; N shows out of hearts in trick 1, later plays JD (the left bower): renege
    play = [["AH", "AS", "10H", "KH"], ["AC", "JD", "QC", "10C"]]
    hand = {"caller": "W", "round": 1, "turn_up": "9H", "trump": "H", "play": play}
    state = run("euchre", [hand], first_dealer="S").state.as_json()
    assert state["hands"][0]["renege"] == {"seat": "N", "trick": 1}


def test_jack_of_led_plain_suit_is_not_that_suit():
    # hearts trump: JD is not a diamond. Leading AD, a seat holding only JD may play anything.
    hand = {"caller": "N", "trump": "H", "round": 2, "turn_up": "9S", "makers_tricks": 3,
            "deal": {"E": ["JD", "AS", "KS", "QS", "JS"]},
            "play": [["AD", "AS"]]}
    found = errors("euchre", [hand], first_dealer="W")  # N leads (dealer W)
    assert all(e["code"] != "hand.renege_mismatch" for e in found)
    assert found[0]["code"].startswith("play.wrong_trick")  # incomplete, and not a renege


def test_declared_renege_may_end_the_record_early():
    hand = seed()
    hand["play"] = hand["play"][:2]
    hand["renege"] = "N"
    del hand["deal"]
    entry = run("euchre", [hand], first_dealer="S").state.as_json()["hands"][0]
    assert entry["result"] == "renege"
    assert entry["renege"] == {"seat": "N"}


def test_declared_renege_disagreeing_with_the_proof():
    hand = seed()
    hand["play"] = [["JD", "AS", "10H", "9H"], ["JS", "AH", "KS", "QS"]]
    hand["renege"] = "E"
    found = check(hand)
    assert found[0]["code"] == "hand.renege_mismatch"
    assert found[0]["trick"] == 1


def test_lone_hand_tricks_have_three_cards():
    # N deals; E calls hearts alone in round 2 (turn-up 9S); W sits out; dealer_left: S leads?
    # the first playing seat clockwise from N is E.
    hand = {"caller": "E", "alone": True, "round": 2, "turn_up": "9S", "trump": "H",
            "play": [["JH", "9H", "10H"], ["AH", "QD", "KD"], ["AS", "KS", "QS"],
                     ["AC", "KC", "QC"], ["AD", "9D", "10D"]]}
    entry = run("euchre", [hand]).state.as_json()["hands"][0]
    assert entry["result"] == "alone_march"
    assert entry["trick_winners"] == ["E"] * 5
    assert entry["points"] == {"NS": 0, "EW": 4}
    bad = dict(hand, play=[["JH", "9H", "10H", "JD"], *hand["play"][1:]])
    assert errors("euchre", [bad])[0]["code"] == "play.wrong_trick_size"


def test_defender_alone_tricks_have_two_cards():
    hand = {"caller": "E", "alone": True, "defender_alone": "N", "round": 2, "turn_up": "9S",
            "trump": "H",
            "play": [["AH", "JH"], ["JD", "KH"], ["AC", "KC"], ["AD", "KD"], ["QD", "QC"]]}
    entry = run("euchre", [hand], defend_alone=True).state.as_json()["hands"][0]
    # E leads (dealer N's left); N's right bower wins trick 1, and so on
    assert entry["trick_winners"][0] == "N"
    assert len(entry["trick_winners"]) == 5
