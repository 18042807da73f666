"""Five Hundred's card records against the rules written out by hand (support/fiveplay.py): the
43-card pack, the kitty and the discard, tricks of 4 (3 in misère) from the caller's lead,
following suit with the bowers and the Joker, the Joker at no trumps (``JKH``), and random
legal hands dealt from a shuffled pack, played card by card, replayed and checked."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import fiveplay
from support.engine_matches import errors, one, run

from scorekeeper.engine.cards import effective_suit, parse_card, trick_winner

GAME = "five_hundred"
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def dealt(seed: int, bid: str | None = None, revoke: str | None = None) -> dict:
    return fiveplay.random_hand(random.Random(seed), bid, revoke=revoke)


def first(seed_from: int, test, bid: str | None = None, revoke: str | None = None) -> dict:
    """The first random hand (from ``seed_from`` on) that ``test`` accepts."""
    for seed in range(seed_from, seed_from + 5000):
        found = dealt(seed, bid, revoke)
        if test(found):
            return found
    raise AssertionError("no such hand")


@SETTINGS
@given(st.integers(0, 2**32), st.sampled_from([None, "6NT", "10NT", "misere", "open_misere",
                                                "7H", "8S"]))
def test_random_legal_hands_validate_and_agree(seed, bid):
    played = dealt(seed, bid)
    hand = played["hand"]
    entry = one(GAME, hand)
    assert entry["trick_winners"] == played["winners"]
    makers = fiveplay.TEAM[hand["caller"]]
    assert entry["tricks"][makers] == played["makers_tricks"]
    result, mine, theirs = fiveplay.points(hand["bid"], played["makers_tricks"])
    assert entry["result"] == result
    assert entry["points"][makers] == mine and entry["points"][fiveplay.OTHER[makers]] == theirs
    # the same with makers' tricks given; every part of the record may be left out
    assert one(GAME, {**hand, "makers_tricks": played["makers_tricks"]})["result"] == result
    for left_out in ("deal", "kitty", "discard"):
        part = {k: v for k, v in hand.items() if k != left_out}
        assert one(GAME, part)["trick_winners"] == played["winners"]
    only_play = {k: hand[k] for k in ("caller", "bid", "play")}
    assert one(GAME, only_play)["trick_winners"] == played["winners"]
    wrong = (played["makers_tricks"] + 1) % 11
    found = errors(GAME, [{**hand, "makers_tricks": wrong}])
    assert [e["code"] for e in found] == ["hand.tricks_mismatch"]


@SETTINGS
@given(st.integers(0, 2**32), st.sampled_from([None, "6NT", "misere", "9D"]))
def test_a_seat_that_does_not_follow_is_refused_at_its_trick(seed, bid):
    played = dealt(seed, bid, revoke="any")
    if played["revoked"] is None:
        return
    seat, trick = played["revoked"]
    found = errors(GAME, [played["hand"]])
    assert [(e["code"], e["trick"], e["field"]) for e in found] == [
        ("play.not_followed", trick, "play")]
    assert found[0]["message"] == (f"the card record shows {seat} did not follow suit in trick "
                                   f"{trick} while holding the suit led")


def test_the_joker_at_no_trumps_only_when_unable_to_follow():
    played = first(1, lambda p: p["revoked"] is not None, bid="7NT", revoke="joker")
    _, trick = played["revoked"]
    assert "JK" in played["hand"]["play"][trick - 1]
    found = errors(GAME, [played["hand"]])
    assert [(e["code"], e["trick"]) for e in found] == [("play.not_followed", trick)]


def led_joker(p: dict) -> int | None:
    """The trick (from 1) whose lead is a Joker written with its suit, if any."""
    return next((i for i, t in enumerate(p["hand"]["play"], 1) if t[0].startswith("JK")),
                None)


def test_a_led_joker_at_no_trumps_names_the_suit_to_follow():
    played = first(1, lambda p: led_joker(p) is not None, bid="8NT")
    hand, t = played["hand"], led_joker(played)
    entry = one(GAME, hand)
    assert entry["trick_winners"][t - 1] == played["winners"][t - 1]
    named = copy.deepcopy(hand)
    named["play"][t - 1][0] = "JK"
    assert [(e["code"], e["trick"], e["message"]) for e in errors(GAME, [named])] == [
        ("play.joker_lead_suit", t, f"the Joker led to trick {t} names the suit the others "
         "must follow: write JKS, JKH, JKD or JKC")]
    # in a suit contract the Joker is the highest trump and is written JK
    trumps = copy.deepcopy(hand)
    trumps["bid"] = "8H"
    found = errors(GAME, [trumps])
    assert found[0]["code"] == "play.joker_is_trump" and found[0]["trick"] == t


def test_a_joker_that_follows_names_no_suit():
    played = first(1, lambda p: any("JK" in t[1:] for t in p["hand"]["play"]), bid="6NT")
    hand = copy.deepcopy(played["hand"])
    t = next(i for i, trick in enumerate(hand["play"], 1) if "JK" in trick[1:])
    where = hand["play"][t - 1].index("JK")
    hand["play"][t - 1][where] = "JKS"
    found = errors(GAME, [hand])
    assert [(e["code"], e["trick"]) for e in found] == [("play.joker_names_on_lead", t)]
    assert one(GAME, played["hand"])["trick_winners"][t - 1] == played["winners"][t - 1]


@pytest.mark.parametrize(("trick", "trump", "winner"), [
    (["AH", "JK", "KH", "QH"], "NT", 1), (["JKD", "AD", "KD", "4D"], "NT", 0),
    (["AD", "KD", "JD", "10D"], "NT", 0), (["JH", "AH", "JD", "5S"], "NT", 1),
    (["AH", "JD", "JH", "JK"], "H", 3), (["AH", "JD", "JH", "KH"], "H", 2),
    (["AS", "JC", "KS", "QS"], "S", 1), (["AC", "JC", "KC", "5S"], "S", 1),
    (["4H", "5S", "6C", "4D"], "D", 3), (["4H", "5S", "6C", "5H"], "D", 3),
])
def test_trick_winners(trick, trump, winner):
    cards = [parse_card(c[:2] if c.startswith("JK") else c) for c in trick]
    assert trick_winner(cards, trump, trump != "NT") == winner


def test_effective_suits_at_no_trumps_and_with_trumps():
    joker, left = parse_card("JK"), parse_card("JD")
    assert effective_suit(joker, "NT", False) == "NT"  # the Joker is the only trump
    assert effective_suit(left, "NT", False) == "D"  # no bowers at no trumps
    assert effective_suit(left, "NT", True) == "D"  # even for a game whose jacks are bowers
    assert effective_suit(left, "H", True) == "H" and effective_suit(joker, "H", True) == "H"


def test_misere_tricks_of_three_and_an_early_stop():
    played = first(1, lambda p: p["hand"]["caller"] in p["winners"], bid="misere")
    hand = played["hand"]
    entry = one(GAME, hand)
    assert entry["result"] == "misere_failed"
    assert all(len(t) == 3 for t in hand["play"])
    caller = hand["caller"]
    stop = played["winners"].index(caller) + 1
    short = {**hand, "play": hand["play"][:stop]}
    stopped = one(GAME, short)
    assert stopped["result"] == "misere_failed" and stopped["tricks"][
        fiveplay.TEAM[caller]] == 1
    assert one(GAME, {**short, "makers_tricks": played["makers_tricks"]})["tricks"] == \
        entry["tricks"]
    early = {**hand, "play": hand["play"][:stop - 1]}
    assert [e["code"] for e in errors(GAME, [early])] == ["play.misere_stopped_early"]
    assert [e["code"] for e in errors(GAME, [{**short, "makers_tricks": 0}])] == [
        "hand.misere_tricks_mismatch"]
    cut = {**hand, "play": [*hand["play"][:stop], hand["play"][stop][:2]]}
    assert [e["code"] for e in errors(GAME, [cut])] == ["play.wrong_trick_size"]
    four = copy.deepcopy(hand)
    four["play"][0].append(hand["deal"][fiveplay.PARTNER[caller]][0])
    assert [e["code"] for e in errors(GAME, [four])] == ["play.wrong_trick_size"]
    # the caller's partner sits out: a card dealt to it can't be played
    swapped = copy.deepcopy(hand)
    swapped["play"][0][1] = hand["deal"][fiveplay.PARTNER[caller]][0]
    assert errors(GAME, [swapped])[0]["code"] in ("play.held_by_other", "play.not_followed")


def test_a_suit_contract_is_played_out():
    hand = dealt(3, "7C")["hand"]
    found = errors(GAME, [{**hand, "play": hand["play"][:9]}])
    assert [(e["code"], e["message"]) for e in found] == [
        ("play.wrong_trick_count", "a full card record has 10 tricks, not 9")]
    found = errors(GAME, [{**hand, "play": [hand["play"][0][:3], *hand["play"][1:]]}])
    assert found[0]["code"] == "play.wrong_trick_size" and found[0]["trick"] == 1


def test_the_caller_leads_the_first_trick():
    hand = dealt(5, "9S")["hand"]
    turned = copy.deepcopy(hand)
    turned["play"][0] = turned["play"][0][1:] + turned["play"][0][:1]
    found = errors(GAME, [turned])
    assert found[0]["trick"] == 1 and found[0]["code"] in ("play.held_by_other", "play.not_held")


def test_cards_outside_the_pack_and_duplicates():
    hand = dealt(7, "6H")["hand"]
    for card, suit, low in (("2H", "hearts", "4"), ("4S", "spades", "5"), ("3D", "diamonds", "4"),
                            ("4C", "clubs", "5")):
        bad = copy.deepcopy(hand)
        bad["deal"]["E"][0] = card
        message = errors(GAME, [bad])[0]["message"]
        assert message == (f"{card} is not in this match's pack of 43 cards: {suit} go from "
                           f"{low} to A")
    twice = copy.deepcopy(hand)
    twice["deal"]["E"][0] = twice["deal"]["N"][0]
    assert errors(GAME, [twice])[0]["code"] == "deal.duplicate"
    replayed = copy.deepcopy(hand)
    replayed["play"][1][0], replayed["play"][1][1] = hand["play"][0][0], hand["play"][0][1]
    assert any(e["code"] == "play.played_twice" for e in errors(GAME, [replayed]))
    short = copy.deepcopy(hand)
    short["deal"]["W"] = short["deal"]["W"][:9]
    assert errors(GAME, [short])[0]["message"] == "W must hold 10 cards, not 9"


def test_kitty_and_discard_accounting():
    hand = dealt(11, "8D")["hand"]
    caller = hand["caller"]
    other = next(s for s in "NESW" if s != caller)
    cases = [
        ({"kitty": hand["kitty"][:2]}, "kitty", "the kitty holds 3 cards, not 2"),
        ({"kitty": "5H"}, "kitty", None),
        ({"discard": [*hand["discard"], hand["kitty"][0]]}, "discard",
         "the caller discards 3 cards, not 4"),
        ({"kitty": [hand["deal"][other][0], *hand["kitty"][1:]]}, "kitty", None),
        ({"discard": [hand["deal"][other][0], *hand["discard"][1:]]}, "discard", None),
        ({"kitty": [hand["kitty"][0]] * 3}, "kitty", None),
    ]
    for change, field, message in cases:
        found = errors(GAME, [{**hand, **change}])
        assert found[0]["field"] == field, (change, found)
        if message:
            assert found[0]["message"] == message
    # a discard from neither the caller's hand nor the kitty (only the caller's deal recorded)
    known = {k: v for k, v in hand.items() if k != "play"}
    known["deal"] = {caller: hand["deal"][caller]}
    stranger = next(str(c) for c in fiveplay.CARDS if c not in hand["deal"][caller]
                    and c not in hand["kitty"])
    found = errors(GAME, [{**known, "makers_tricks": 8,
                           "discard": [stranger, *hand["discard"][1:]]}])
    assert [e["code"] for e in found] == ["hand.discard_not_held"]
    # the caller can't play a discarded card; nobody else plays the kitty's
    t, position = next((t, i) for t, trick in enumerate(hand["play"])
                       for i, c in enumerate(trick) if c in hand["kitty"]
                       and c not in hand["discard"])
    stolen = copy.deepcopy(hand)
    stolen["deal"] = {s: c for s, c in hand["deal"].items() if s != caller}
    del stolen["kitty"]
    stolen["play"][t][(position + 1) % 4] = hand["play"][t][position]
    assert any(e["code"] in ("play.held_by_other", "play.played_twice")
               for e in errors(GAME, [stolen]))


def test_a_discarded_card_is_not_played():
    hand = dealt(13, "7S")["hand"]
    bad = copy.deepcopy(hand)
    t, i = next((t, i) for t, trick in enumerate(bad["play"]) for i, c in enumerate(trick)
                if c in hand["deal"][hand["caller"]] and c not in hand["discard"])
    bad["discard"] = [bad["play"][t][i], *[c for c in hand["discard"]][1:]]
    found = errors(GAME, [{k: v for k, v in bad.items() if k not in ("deal", "kitty")}])
    assert found[0]["code"] == "play.unavailable" and found[0]["message"].endswith(
        "can't be played: it was discarded")


def test_a_passed_hand_may_hold_its_deal_and_kitty():
    hand = dealt(17)["hand"]
    entry = one(GAME, {"passed": True, "deal": hand["deal"], "kitty": hand["kitty"]})
    assert entry["result"] == "passed"
    bad = {"passed": True, "deal": hand["deal"], "kitty": [hand["deal"]["N"][0],
                                                           *hand["kitty"][1:]]}
    assert errors(GAME, [bad])[0]["code"] == "deal.kitty_held"


def test_only_a_partial_record_is_needed():
    hand = dealt(19, "9H")["hand"]
    assert run(GAME, [{**{k: hand[k] for k in ("caller", "bid", "deal")},
                       "makers_tricks": 9}]).ok
    assert run(GAME, [{"caller": hand["caller"], "bid": "9H", "makers_tricks": 9,
                       "deal": {"N": hand["deal"]["N"]}, "kitty": hand["kitty"]}]).ok
