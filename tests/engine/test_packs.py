"""Euchre's other packs and the Joker against the rules written out by hand (support/packplay.py):
the pack as data, the effective suit, following suit, trick winners, and whole random hands
replayed and checked, for every pack with and without the Joker."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import packplay
from support.engine_matches import make_match

from scorekeeper.engine.cards import JOKER, effective_suit, legal_plays, parse_card, trick_winner
from scorekeeper.engine.games import GAMES, resolve_rules
from scorekeeper.engine.matchfile import check_match
from scorekeeper.games.euchre import rules as euchre

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PACKS = [(size, joker) for size in (24, 28, 32) for joker in (False, True)]


def cards(texts: list[str]):
    return [parse_card(t) for t in texts]


@pytest.mark.parametrize(("size", "joker"), PACKS)
def test_each_pack_as_data(size, joker):
    rules, problems = resolve_rules("euchre", {"pack": size, "joker": joker})
    assert problems == []
    pack = GAMES["euchre"].pack(rules)
    assert sorted(map(str, pack.cards)) == sorted(packplay.pack_cards(size, joker))
    assert pack.size == size + joker == len(pack.cards)
    assert pack.kitty == size + joker - 20  # the rest after 5 each; its top card is turned up
    assert pack.joker is joker and pack.hand_size == 5 and pack.trick_size == 4
    data = pack.as_json()
    assert data["ranks"] == packplay.PACK_RANKS[size]
    assert data["cards"] == packplay.pack_cards(size, joker)
    assert data["kitty"] == pack.kitty and data["joker"] is joker


def test_whist_keeps_its_52_cards():
    pack = GAMES["whist"].pack({})
    assert pack.size == 52 and pack.kitty == 0 and not pack.joker


@pytest.mark.parametrize("value", [25, 20, 36, "32", True, None, 52])
def test_a_pack_outside_the_three_is_refused(value):
    _, problems = resolve_rules("euchre", {"pack": value})
    assert [p.code for p in problems] == ["rules.bad_value"]
    assert "24, 28 or 32" in problems[0].params["expected"]


def test_the_joker_rule_is_true_or_false():
    _, problems = resolve_rules("euchre", {"joker": "yes"})
    assert [p.code for p in problems] == ["rules.bad_value"]


def test_joker_text_and_order():
    assert parse_card("JK") == JOKER and str(JOKER) == "JK" and JOKER.symbol == "JK"
    assert JOKER.suit not in packplay.SUITS  # a suit of its own no suit test matches


@pytest.mark.parametrize("trump", list("SHDC"))
def test_the_joker_is_a_trump_and_the_highest(trump):
    assert effective_suit(JOKER, trump) == trump
    for pack in (24, 28, 32):
        order = packplay.trump_order(pack, trump)
        # every trump played under the Joker loses to it, led or not
        for other in order[1:]:
            assert trick_winner(cards(["JK", other]), trump) == 0
            assert trick_winner(cards([other, "JK"]), trump) == 1


@SETTINGS
@given(st.sampled_from(PACKS), st.sampled_from("SHDC"), st.randoms(use_true_random=False))
def test_effective_suit_matches_the_rules(pack, trump, rng):
    for text in packplay.pack_cards(*pack):
        assert effective_suit(parse_card(text), trump) == packplay.suit_of(text, trump)


@SETTINGS
@given(st.sampled_from(PACKS), st.sampled_from("SHDC"), st.integers(2, 4),
       st.randoms(use_true_random=False))
def test_trick_winner_agrees_with_a_brute_force_order(pack, trump, size, rng):
    trick = rng.sample(packplay.pack_cards(*pack), size)
    assert trick_winner(cards(trick), trump) == packplay.winner(trick, pack[0], trump)


@SETTINGS
@given(st.sampled_from(PACKS), st.sampled_from("SHDC"), st.randoms(use_true_random=False))
def test_following_suit_matches_the_rules(pack, trump, rng):
    drawn = rng.sample(packplay.pack_cards(*pack), 6)
    led, holding = drawn[0], drawn[1:]
    got = sorted(map(str, legal_plays(cards(holding), parse_card(led), trump)))
    assert got == sorted(packplay.legal(holding, led, trump))


@SETTINGS
@given(st.sampled_from(PACKS), st.booleans(), st.sampled_from("NESW"), st.booleans(),
       st.randoms(use_true_random=False))
def test_random_hands_replay_and_score(pack, alone, dealer, joker_up, rng):
    joker_up = joker_up and pack[1]
    made = packplay.random_hand(rng, *pack, dealer=dealer, alone=alone, joker_up=joker_up)
    match = make_match("euchre", [made["hand"]], first_dealer=dealer,
                       pack=pack[0], joker=pack[1])
    result = check_match(match)
    assert result.ok, [p.as_json() for p in result.problems]
    entry = result.state.as_json()["hands"][0]
    assert entry["trick_winners"] == made["winners"]
    makers = packplay.TEAM[made["hand"]["caller"]]
    assert entry["tricks"][makers] == made["makers_tricks"]
    side = makers if made["makers_tricks"] >= 3 else ("EW" if makers == "NS" else "NS")
    assert entry["points"][side] == packplay.points(made["makers_tricks"], alone)


@SETTINGS
@given(st.sampled_from(PACKS), st.randoms(use_true_random=False))
def test_a_card_outside_the_pack_is_refused_with_a_reason(pack, rng):
    made = packplay.random_hand(rng, *pack)
    outside = [r + s for s in "SHDC" for r in ("7", "8", "9", "10", "J", "Q", "K", "A")]
    outside = [c for c in [*outside, "JK"] if c not in packplay.pack_cards(*pack)]
    if not outside:
        return  # 32 cards and the Joker: every card of a euchre record is in
    hand = made["hand"]
    seat = rng.choice(sorted(hand["deal"]))
    hand["deal"][seat][0] = rng.choice(outside)
    result = check_match(make_match("euchre", [hand], pack=pack[0], joker=pack[1]))
    assert not result.ok
    codes = {p.code for p in result.problems}
    assert codes & {"hand.card_not_in_pack", "hand.joker_not_in_pack", "hand.card_not_in_deck"}


def test_refusals_word_the_pack():
    hand = {"caller": "N", "turn_up": "7H", "makers_tricks": 3}
    result = check_match(make_match("euchre", [hand], pack=28))
    assert [p.code for p in result.problems] == ["hand.card_not_in_pack"]
    assert result.problems[0].params == {"card": "7H", "size": 28, "low": "8"}
    result = check_match(make_match("euchre", [dict(hand, turn_up="JK")], pack=32))
    assert [p.code for p in result.problems] == ["hand.joker_not_in_pack"]
    # the standard pack keeps its message
    result = check_match(make_match("euchre", [dict(hand, turn_up="8H")]))
    assert [p.code for p in result.problems] == ["hand.card_not_in_deck"]


def test_a_turned_up_joker_needs_the_suit_the_dealer_named():
    hand = {"caller": "E", "turn_up": "JK", "makers_tricks": 3}
    result = check_match(make_match("euchre", [hand], joker=True))
    assert [(p.code, p.field) for p in result.problems] == [("hand.joker_turn_up_trump", "trump")]
    result = check_match(make_match("euchre", [dict(hand, trump="D")], joker=True))
    assert result.ok
    # everyone passed: there is no trump to name, the Joker was turned down
    result = check_match(make_match("euchre", [{"passed": True, "turn_up": "JK"}], joker=True))
    assert result.ok


def test_round_one_with_a_turned_up_joker_gives_it_to_the_dealer():
    deal = {"N": ["JK", "AS", "AD", "AC", "KC"]}
    hand = {"caller": "E", "turn_up": "JK", "trump": "S", "round": 1, "discard": "9C",
            "deal": deal, "makers_tricks": 3}
    assert check_match(make_match("euchre", [hand], joker=True)).ok
    other = {"caller": "E", "turn_up": "JK", "trump": "S", "round": 1, "discard": "9C",
             "deal": {"E": ["JK", "AS", "AD", "AC", "KC"]}, "makers_tricks": 3}
    result = check_match(make_match("euchre", [other], joker=True))
    assert "deal.turn_up_not_dealer" in {p.code for p in result.problems}
    turned_down = dict(other, round=2, discard=None, trump="H")
    result = check_match(make_match("euchre", [turned_down], joker=True))
    assert "deal.turn_up_held" in {p.code for p in result.problems}


def test_a_joker_led_calls_for_trumps_and_a_seat_that_could_follow_reneged():
    # hearts trump; N leads the Joker; E holds the 9H (a trump) but plays a spade
    deal = {"N": ["JK", "AS", "AD", "AC", "KC"], "E": ["9H", "KS", "KD", "QC", "10C"],
            "S": ["QH", "QS", "QD", "9C", "JC"], "W": ["KH", "JS", "10D", "9D", "AH"]}
    play = [["JK", "KS", "QH", "KH"]]
    hand = {"caller": "N", "trump": "H", "deal": deal, "play": play, "renege": "E"}
    result = check_match(make_match("euchre", [hand], first_dealer="W", joker=True))
    assert result.ok, [p.as_json() for p in result.problems]
    entry = result.state.as_json()["hands"][0]
    assert entry["result"] == "renege" and entry["renege"] == {"seat": "E", "trick": 1}


def test_a_seat_that_showed_out_of_trumps_and_later_plays_the_joker_reneged():
    # spades trump: W plays a heart on a trump lead, then the Joker in trick 2 (no deal given)
    play = [["JS", "AS", "QS", "9H"], ["AD", "KD", "QD", "JK"]]
    hand = {"caller": "E", "trump": "S", "play": play, "renege": "W"}
    result = check_match(make_match("euchre", [hand], first_dealer="W", joker=True))
    assert result.ok, [p.as_json() for p in result.problems]
    assert result.state.as_json()["hands"][0]["renege"] == {"seat": "W", "trick": 1}


def test_the_pack_does_not_change_the_score():
    for size, joker in PACKS:
        for tricks, points in ((3, 1), (4, 1), (5, 2), (2, 2), (0, 2)):
            hand = {"caller": "N", "makers_tricks": tricks}
            result = check_match(make_match("euchre", [hand], pack=size, joker=joker))
            assert sum(result.state.score.values()) == points


def test_euchre_pack_is_the_games_data():
    assert GAMES["euchre"].pack is euchre.pack


def test_the_statistics_do_not_guess_the_round_of_a_turned_up_joker():
    from scorekeeper.games.euchre.facts import trump_and_round  # Euchre's statistics

    assert trump_and_round({"turn_up": "JK", "trump": "H"}) == ("H", None)
    assert trump_and_round({"turn_up": "JK", "trump": "H", "round": 1}) == ("H", 1)
    assert trump_and_round({"turn_up": "9H", "trump": "H"}) == ("H", 1)
