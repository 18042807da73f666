"""EGN import and export (scorekeeper/games/euchre/egn/), and every shared EGN file through the
engine.

The shared EGN files live in ``shared/data/egn`` beside the clone (README there lists the
conventions and which files are not legal games).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from string import Formatter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.egn_text import load_egn_text, load_emn_text
from support.helpers import SHARED

from scorekeeper.engine.cards import (
    DECK_24,
    PARTNER,
    SEATS,
    legal_plays,
    next_seat,
    opening_leader,
    parse_card,
    trick_winner,
)
from scorekeeper.engine.games import problem_messages, resolve_rules
from scorekeeper.engine.matchfile import check_match
from scorekeeper.engine.problems import Problem
from scorekeeper.formats import safejson
from scorekeeper.games.euchre.egn.messages import EGN_MESSAGES
from scorekeeper.games.euchre.egn.read import egn_to_match, emn_to_matches
from scorekeeper.games.euchre.egn.values import card_to_egn, egn_card
from scorekeeper.games.euchre.egn.write import EgnExportError, match_to_egn

SHARED_EGN = SHARED / "data" / "egn"
FIXTURES = Path(__file__).resolve().parent / "data" / "egn"
SEED = json.loads((FIXTURES / "seed-000.egn").read_text(encoding="utf-8"))
SEED_MATCH = json.loads((SHARED / "spec" / "examples" / "seed-euchre-000.json").read_text())
SHARED_FILES = sorted(SHARED_EGN.rglob("*.egn"))

Key = tuple[str, int | None, str | None, int | None]  # code, hand, field, trick


def keys(problems: list[Problem]) -> list[Key]:
    """The identifying parts of problems, for exact comparison."""
    return [(p.code, p.hand, p.field, p.trick) for p in problems]


def english(problem: Problem) -> str:
    """A problem's English text from EGN_MESSAGES or the engine's messages (all filled in)."""
    template = EGN_MESSAGES.get(problem.code) or problem_messages()[problem.code]
    wanted = {name for _, name, _, _ in Formatter().parse(template) if name}
    assert wanted <= set(problem.params), (problem.code, problem.params)
    text = template.format(**problem.params)
    text.encode("utf-8")  # printable as UTF-8, whatever the input held
    return text


def convert(data: object) -> tuple[dict[str, Any] | None, list[Problem]]:
    """egn_to_match, also checking every problem renders from its template."""
    match, problems = egn_to_match(data)
    for problem in problems:
        assert problem.code.startswith("egn.")
        assert english(problem)
    return match, problems


def seed_with(*changes: tuple[tuple[Any, ...], Any]) -> dict[str, Any]:
    """A copy of the seed game with values set (a value of DELETE removes the key)."""
    data = copy.deepcopy(SEED)
    for path, value in changes:
        target = data
        for step in path[:-1]:
            target = target[step]
        if value is DELETE:
            target.pop(path[-1], None)
        else:
            target[path[-1]] = copy.deepcopy(value)
    return data


DELETE = object()
DEAL = ("deals", 0)
STATE = (*DEAL, "initialState")
BIDDING = (*DEAL, "phases", 0)
PLAY = (*DEAL, "phases", 1)
RULESET = ("metadata", "ruleset")


# ---------------------------------------------------------------------------------------------
# Cards


@pytest.mark.parametrize(
    ("text", "ours"),
    [
        ("Td", "10D"), ("9s", "9S"), ("Jh", "JH"), ("Qc", "QC"), ("Kd", "KD"), ("As", "AS"),
        ("TD", "10D"), ("ah", "AH"), ("10h", "10H"),
        # 8 and 7 of the 28- and 32-card packs, EGN's Joker B: whether the match's pack holds
        # them is the engine's to say (test_a_card_outside_the_pack_is_the_engines_refusal)
        ("8s", "8S"), ("7h", "7H"), ("B", "JK"), ("b", None), ("6h", None),
        ("Xx", None), ("R", None), ("Nt", None), ("T", None),
        ("", None), (" Td", None), ("Td ", None), (10, None), (None, None), (["Td"], None),
    ],
)
def test_egn_card(text: object, ours: str | None) -> None:
    assert egn_card(text) == ours


@pytest.mark.parametrize(("ours", "text"), [("10D", "Td"), ("9S", "9s"), ("JH", "Jh")])
def test_card_to_egn(ours: str, text: str) -> None:
    assert card_to_egn(ours) == text


# ---------------------------------------------------------------------------------------------
# The seed example: EGN in, the spec's own match file out


def test_seed_example_converts_to_the_seed_match_file() -> None:
    match, problems = convert(SEED)
    assert problems == []
    assert match is not None
    assert match["hands"] == SEED_MATCH["hands"]
    assert match["seats"] == SEED_MATCH["seats"]
    assert match["first_dealer"] == SEED_MATCH["first_dealer"] == "S"
    assert match["rules"] == {}
    assert match["start_score"] == {"NS": 0, "EW": 0}
    assert match["format"] == "scorekeeper-match/1"
    assert match["game"] == "euchre"


def test_seed_example_scores_as_the_rules_say() -> None:
    match, _ = convert(SEED)
    result = check_match(match)
    assert result.ok, keys(result.problems)
    assert result.state is not None
    hand = result.state.as_json()["hands"][0]
    assert hand["result"] == "euchred"
    assert hand["makers"] == "EW"
    assert hand["trick_winners"] == ["W", "N", "N", "N", "S"]
    assert result.state.score == {"NS": 2, "EW": 0}
    assert result.state.next_dealer == "W"


def test_load_egn_text_reads_a_file() -> None:
    match, problems = load_egn_text((FIXTURES / "seed-000.egn").read_text(encoding="utf-8"))
    assert problems == []
    assert match is not None and match["hands"] == SEED_MATCH["hands"]


@pytest.mark.parametrize("text", ["", "{", "not json", "[1, 2", "[" * 100_000 + "]" * 100_000])
def test_load_egn_text_refuses_what_is_not_json(text: str) -> None:
    # the app reads a file with safejson (its size and depth limits), then converts it
    with pytest.raises(safejson.Refused) as refused:
        load_egn_text(text)
    assert refused.value.problem.code in ("file.not_json", "file.too_deep")


# ---------------------------------------------------------------------------------------------
# Bidding: calls[k] is made by seat (dealer + 1 + k) % 4 (the seed's dealer is S)


@pytest.mark.parametrize(
    ("calls", "caller", "round_", "trump"),
    [
        (["Order"], "W", 1, "H"),
        (["Pass", "Order"], "N", 1, "H"),
        (["Pass", "Pass", "Order"], "E", 1, "H"),
        (["Pass", "Pass", "Pass", "Order"], "S", 1, "H"),
        (["Pass"] * 4 + ["s"], "W", 2, "S"),
        (["Pass"] * 5 + ["d"], "N", 2, "D"),
        (["Pass"] * 6 + ["c"], "E", 2, "C"),
        (["Pass"] * 7 + ["C"], "S", 2, "C"),
    ],
)
def test_calls_give_caller_round_and_trump(
    calls: list[str], caller: str, round_: int, trump: str
) -> None:
    match, problems = convert(seed_with(((*BIDDING, "calls"), calls)))
    assert problems == []
    assert match is not None
    hand = match["hands"][0]
    assert (hand["caller"], hand["round"], hand["trump"]) == (caller, round_, trump)
    assert hand["turn_up"] == "9H" and hand["dealer"] == "S"


def test_everyone_passing_is_a_passed_hand() -> None:
    data = seed_with(
        ((*DEAL, "phases"), [SEED["deals"][0]["phases"][0]]), ((*BIDDING, "calls"), ["Pass"] * 8),
        ((*BIDDING, "discard"), DELETE),
    )
    match, problems = convert(data)
    assert problems == []
    assert match is not None
    hand = match["hands"][0]
    assert hand == {"dealer": "S", "turn_up": "9H", "passed": True, "deal": {
        "N": ["AH", "AS", "AD", "AC", "KC"], "E": ["QH", "10H", "KS", "KD", "QC"],
        "S": ["JH", "9C", "QS", "QD", "10C"], "W": ["JD", "KH", "JS", "10D", "JC"]}}
    result = check_match(match)
    assert result.ok, keys(result.problems)
    assert result.state is not None
    assert result.state.as_json()["hands"][0]["result"] == "passed"
    assert result.state.next_dealer == "W"


def test_a_passed_hand_under_stick_the_dealer_is_refused_by_the_engine() -> None:
    data = seed_with(
        ((*DEAL, "phases"), [SEED["deals"][0]["phases"][0]]), ((*BIDDING, "calls"), ["Pass"] * 8),
        ((*BIDDING, "discard"), DELETE), ((*RULESET, "std"), True),
    )
    match, problems = convert(data)
    assert problems == []
    assert match is not None and match["rules"] == {"stick_the_dealer": True}
    assert keys(check_match(match).problems)[0][:2] == ("hand.passed_stick", 1)


def test_round_two_naming_the_turned_down_suit_is_left_to_the_engine() -> None:
    match, problems = convert(seed_with(((*BIDDING, "calls"), ["Pass"] * 4 + ["h"]),
                                        ((*BIDDING, "discard"), DELETE)))
    assert problems == []
    assert match is not None
    assert keys(check_match(match).problems) == [("hand.round2_trump", 1, "trump", None)]


# ---------------------------------------------------------------------------------------------
# The dealer's exchange: playerCards are dealt holdings, our deal is the holding at play


def _dealer_holding(data: dict[str, Any]) -> tuple[list[str] | None, list[Key]]:
    match, problems = convert(data)
    if match is None:
        return None, keys(problems)
    return match["hands"][0].get("deal", {}).get("S"), []


@pytest.mark.parametrize(
    ("discard", "calls", "expected", "problems"),
    [
        ("9c", ["Order"], ["JH", "9H", "QS", "QD", "10C"], []),  # the up card replaces 9C
        ("9h", ["Order"], ["JH", "9C", "QS", "QD", "10C"], []),  # the up card itself
        (DELETE, ["Order"], None, []),  # unknown after the exchange: S is left out
        ("Ks", ["Order"], None, [("egn.discard_not_held", 1, "discard", None)]),
        (DELETE, ["Pass"] * 4 + ["s"], ["JH", "9C", "QS", "QD", "10C"], []),  # no exchange
    ],
)
def test_dealer_exchange(
    discard: object, calls: list[str], expected: list[str] | None, problems: list[Key]
) -> None:
    data = seed_with(((*BIDDING, "discard"), discard), ((*BIDDING, "calls"), calls))
    assert _dealer_holding(data) == (expected, problems)


def test_dealer_left_out_of_the_deal_still_checks() -> None:
    match, _ = convert(seed_with(((*BIDDING, "discard"), DELETE)))
    assert match is not None
    assert set(match["hands"][0]["deal"]) == {"N", "E", "W"}
    assert "discard" not in match["hands"][0]
    assert check_match(match).ok


def test_discard_in_round_two_is_left_to_the_engine() -> None:
    match, problems = convert(seed_with(((*BIDDING, "calls"), ["Pass"] * 4 + ["s"])))
    assert problems == []
    assert match is not None and match["hands"][0]["discard"] == "9C"
    assert "hand.discard_round2" in [p.code for p in check_match(match).problems]


def test_wrong_discard_is_caught_by_the_engine() -> None:
    # The dealer is dealt JH 9C QS QD 10C and the record says 10C went: then 9C is played.
    match, problems = convert(seed_with(((*BIDDING, "discard"), "Tc")))
    assert problems == []
    assert match is not None
    assert not check_match(match).ok


# ---------------------------------------------------------------------------------------------
# Going alone, defending alone


def test_alone_from_the_bidding_phase() -> None:
    match, _ = convert(seed_with(((*BIDDING, "isAlone"), True)))
    assert match is not None and match["hands"][0]["alone"] is True


@pytest.mark.parametrize(
    ("bidding", "play", "alone", "problems"),
    [
        (DELETE, True, True, []),  # legacy files may carry it on the trick play only
        (True, True, True, []),
        (False, False, False, []),
        (DELETE, DELETE, False, []),
        (True, False, None, [("egn.alone_conflict", 1, "isAlone", None)]),
        ("yes", DELETE, None, [("egn.bad_type", 1, "isAlone", None)]),
    ],
)
def test_alone_flags(bidding: object, play: object, alone: bool | None,
                     problems: list[Key]) -> None:
    match, found = convert(seed_with(((*BIDDING, "isAlone"), bidding),
                                     ((*PLAY, "isAlone"), play)))
    assert keys(found) == problems
    assert (match["hands"][0]["alone"] if match else None) == alone


def test_alone_defender() -> None:
    data = seed_with(((*BIDDING, "aloneDefender"), 0), ((*BIDDING, "isAlone"), True),
                     ((*RULESET, "defend_alone"), True))
    match, problems = convert(data)
    assert problems == []
    assert match is not None
    assert match["hands"][0]["defender_alone"] == "N"
    assert match["rules"] == {"defend_alone": True}
    none, _ = convert(seed_with(((*BIDDING, "aloneDefender"), -1)))
    assert none is not None and "defender_alone" not in none["hands"][0]


# ---------------------------------------------------------------------------------------------
# Ruleset


@pytest.mark.parametrize(
    ("ruleset", "rules"),
    [
        (DELETE, {"stick_the_dealer": True}),  # the EGN schema's default: std true
        ({}, {"stick_the_dealer": True}),
        ({"std": True, "canadian": False, "loner_lead": "LEFT_OF_DEALER"},
         {"stick_the_dealer": True}),
        ({"std": False}, {}),
        ({"std": True, "canadian": True}, {"stick_the_dealer": True, "canadian_loner": True}),
        ({"std": False, "loner_lead": "LEFT_OF_LONER"}, {"lone_lead": "loner_left"}),
        ({"std": False, "winning_score": 5}, {"target": 5}),
        ({"std": False, "winning_score": 10}, {}),
        ({"std": False, "num_deals": 8}, {"deals": 8}),
        ({"std": False, "num_deals": 0}, {}),
        ({"std": False, "winning_score": 0, "num_deals": 6}, {"deals": 6}),
        ({"std": False, "loner_march_score": 5, "loner_euchred_score": 4},
         {"lone_march_points": 5, "lone_euchre_points": 4}),
        ({"std": False, "loner_march_score": 4, "loner_euchred_score": 2}, {}),
        ({"std": False, "defend_alone": True}, {"defend_alone": True}),
        ({"std": False, "farmers": False, "partners_best": False, "go_under": False,
          "joker": False, "allow_no_trump": False, "fast_break": False,
          "four_trick_tokens": False, "min_rank": 9, "num_players": 4}, {}),
        # Euchre's other packs and the Joker (EGN 1.4's min_rank and joker)
        ({"std": False, "min_rank": 8}, {"pack": 28}),
        ({"std": False, "min_rank": 7, "joker": True}, {"pack": 32, "joker": True}),
        ({"std": False, "joker": True}, {"joker": True}),
    ],
)
def test_ruleset_mapping(ruleset: object, rules: dict[str, Any]) -> None:
    match, problems = convert(seed_with((RULESET, ruleset)))
    assert problems == []
    assert match is not None and match["rules"] == rules
    assert resolve_rules("euchre", rules)[1] == []


@pytest.mark.parametrize(
    ("ruleset", "expected"),
    [
        ({"joker": "yes"}, [("egn.bad_rule", "metadata.ruleset.joker")]),
        ({"farmers": True}, [("egn.unsupported_rule", "metadata.ruleset.farmers")]),
        ({"partners_best": True}, [("egn.unsupported_rule", "metadata.ruleset.partners_best")]),
        ({"allow_no_trump": True},
         [("egn.unsupported_rule", "metadata.ruleset.allow_no_trump")]),
        ({"go_under": True, "fast_break": True},
         [("egn.unsupported_rule", "metadata.ruleset.go_under"),
          ("egn.unsupported_rule", "metadata.ruleset.fast_break")]),
        ({"four_trick_tokens": True},
         [("egn.unsupported_rule", "metadata.ruleset.four_trick_tokens")]),
        ({"min_rank": 6}, [("egn.unsupported_rule", "metadata.ruleset.min_rank")]),
        ({"min_rank": 10}, [("egn.unsupported_rule", "metadata.ruleset.min_rank")]),
        ({"num_players": 3}, [("egn.unsupported_rule", "metadata.ruleset.num_players")]),
        ({"screw_the_dealer": True},
         [("egn.unsupported_rule", "metadata.ruleset.screw_the_dealer")]),
        ({"std": "yes"}, [("egn.bad_rule", "metadata.ruleset.std")]),
        ({"canadian": 1}, [("egn.bad_rule", "metadata.ruleset.canadian")]),
        ({"loner_lead": "LEFT"}, [("egn.bad_rule", "metadata.ruleset.loner_lead")]),
        ({"loner_march_score": -1}, [("egn.bad_rule", "metadata.ruleset.loner_march_score")]),
        ({"winning_score": "10"}, [("egn.bad_rule", "metadata.ruleset.winning_score")]),
        ({"winning_score": -3}, [("egn.bad_rule", "metadata.ruleset.winning_score")]),
        ({"num_deals": True}, [("egn.bad_rule", "metadata.ruleset.num_deals")]),
        ({"winning_score": 10, "num_deals": 4},
         [("egn.target_and_deals", "metadata.ruleset.num_deals")]),
        ({"winning_score": 0}, [("egn.no_target", "metadata.ruleset.winning_score")]),
        ("std", [("egn.bad_type", "metadata.ruleset")]),
    ],
)
def test_ruleset_refused(ruleset: object, expected: list[tuple[str, str]]) -> None:
    match, problems = convert(seed_with((RULESET, ruleset)))
    assert match is None
    assert [(p.code, p.field) for p in problems] == expected
    assert all(p.hand is None for p in problems)


def test_unsupported_rule_message_names_the_rule() -> None:
    _, problems = convert(seed_with(((*RULESET, "farmers"), True)))
    assert english(problems[0]) == "Scorekeeper doesn't support the rule farmers = true"


# ---------------------------------------------------------------------------------------------
# Players and the starting score


@pytest.mark.parametrize(
    ("players", "seats"),
    [
        (["  Ann ", "Bo", "Cai", "Dee"], ["Ann", "Bo", "Cai", "Dee"]),
        (["", "   ", "Cai", "Dee"], ["Player 1", "Player 2", "Cai", "Dee"]),
        ([{"name": "Ann", "id": "p1"}, {"name": " Bo"}, "Cai", {"name": ""}],
         ["Ann", "Bo", "Cai", "Player 4"]),
        (["x" * 50, "y" * 40, "Zoë 🃏", "名字"], ["x" * 40, "y" * 40, "Zoë 🃏", "名字"]),
        (["A\tB\x00C", "\n", "Cai", "Dee"], ["A B C", "Player 2", "Cai", "Dee"]),
    ],
)
def test_player_names(players: list[object], seats: list[str]) -> None:
    match, problems = convert(seed_with((("metadata", "players"), players)))
    assert problems == []
    assert match is not None
    assert list(match["seats"].values()) == seats
    assert list(match["seats"]) == ["N", "E", "S", "W"]
    assert check_match(match).ok


@pytest.mark.parametrize(
    ("score", "expected"),
    [(DELETE, {"NS": 0, "EW": 0}), ([4, 9], {"NS": 4, "EW": 9}), ([0, 0], {"NS": 0, "EW": 0})],
)
def test_initial_score(score: object, expected: dict[str, int]) -> None:
    match, problems = convert(seed_with((("metadata", "initialScore"), score)))
    assert problems == []
    assert match is not None and match["start_score"] == expected


# ---------------------------------------------------------------------------------------------
# Legacy 1.0.0 files: kitty, player_cards, initialLead, calls_annotations, extra keys


def test_legacy_file_converts() -> None:
    match, problems = load_egn_text((FIXTURES / "legacy-mixed.egn").read_text(encoding="utf-8"))
    assert problems == []
    assert match is not None
    assert match["seats"] == {"N": "Ann", "E": "Player 2",
                              "S": "Bartholomew Maximilian Featherstonehaugh", "W": "Dee"}
    assert match["rules"] == {"lone_lead": "loner_left", "target": 11}
    assert match["start_score"] == {"NS": 3, "EW": 4}
    passed, alone, named = match["hands"]
    assert passed["passed"] is True and set(passed["deal"]) == {"N", "E", "S", "W"}
    assert (alone["caller"], alone["round"], alone["alone"]) == ("S", 1, True)
    assert alone["discard"] == alone["turn_up"] == "KH"  # the dealer discarded the up card
    assert alone["deal"]["E"] == ["AD", "AS", "KC", "JD", "KD"]
    assert all(len(trick) == 3 for trick in alone["play"])
    assert (named["caller"], named["round"], named["trump"]) == ("W", 2, "S")
    assert "deal" not in named  # player_cards of empty lists: nothing known


def test_legacy_file_scores() -> None:
    match, _ = load_egn_text((FIXTURES / "legacy-mixed.egn").read_text(encoding="utf-8"))
    result = check_match(match)
    assert result.ok, keys(result.problems)
    assert result.state is not None
    assert [h["result"] for h in result.state.as_json()["hands"]] == ["passed", "euchred", "made"]
    assert result.state.as_json()["hands"][1]["trick_winners"] == ["E", "E", "S", "E", "E"]
    assert result.state.score == {"NS": 3, "EW": 7}
    assert result.state.next_dealer == "W"


@pytest.mark.parametrize(
    ("alone", "lone_lead", "lead", "problems"),
    [
        # The seed: S deals, W orders up; W leads, or N (W's left) when W is alone, loner_left.
        (False, "LEFT_OF_DEALER", 3, []),
        (False, "LEFT_OF_DEALER", DELETE, []),
        (False, "LEFT_OF_LONER", 3, []),
        (True, "LEFT_OF_DEALER", 3, []),
        (True, "LEFT_OF_LONER", 0, []),
        (False, "LEFT_OF_DEALER", 0, [("egn.lead_mismatch", 1, "initialLead", None)]),
        (True, "LEFT_OF_LONER", 3, [("egn.lead_mismatch", 1, "initialLead", None)]),
        (False, "LEFT_OF_DEALER", "W", [("egn.lead_mismatch", 1, "initialLead", None)]),
    ],
)
def test_legacy_initial_lead_must_agree(alone: bool, lone_lead: str, lead: object,
                                        problems: list[Key]) -> None:
    data = seed_with(((*PLAY, "initialLead"), lead), ((*BIDDING, "isAlone"), alone),
                     ((*RULESET, "loner_lead"), lone_lead))
    assert keys(convert(data)[1]) == problems


# ---------------------------------------------------------------------------------------------
# Malformed input: problems, never an exception


BAD_INPUT: list[tuple[str, Callable[[], object], list[Key]]] = [
    ("a list", lambda: [SEED], [("egn.not_object", None, None, None)]),
    ("a string", lambda: "EGN", [("egn.not_object", None, None, None)]),
    ("null", lambda: None, [("egn.not_object", None, None, None)]),
    ("EMN given", lambda: seed_with((("fileType",), "Euchre Match Notation")),
     [("egn.is_emn", None, "fileType", None)]),
    ("other JSON", lambda: {"format": "scorekeeper-match/1", "hands": []},
     [("egn.not_egn", None, "fileType", None)]),
    ("no fileType", lambda: seed_with((("fileType",), DELETE)),
     [("egn.not_egn", None, "fileType", None)]),
    ("version 2", lambda: seed_with((("version",), "2.0")),
     [("egn.bad_version", None, "version", None)]),
    ("version number", lambda: seed_with((("version",), 1.4)),
     [("egn.bad_version", None, "version", None)]),
    ("no metadata", lambda: seed_with((("metadata",), DELETE)),
     [("egn.missing", None, "metadata", None), ("egn.missing", None, "metadata.players", None)]),
    ("metadata list", lambda: seed_with((("metadata",), [])),
     [("egn.bad_type", None, "metadata", None), ("egn.missing", None, "metadata.players", None)]),
    ("players text", lambda: seed_with((("metadata", "players"), "Ann")),
     [("egn.bad_type", None, "metadata.players", None)]),
    ("3 players", lambda: seed_with((("metadata", "players"), ["A", "B", "C"])),
     [("egn.bad_players", None, "metadata.players", None)]),
    ("5 players", lambda: seed_with((("metadata", "players"), ["A", "B", "C", "D", "E"])),
     [("egn.bad_players", None, "metadata.players", None)]),
    ("player number", lambda: seed_with((("metadata", "players", 1), 42)),
     [("egn.bad_player", None, "metadata.players", None)]),
    ("player object without name", lambda: seed_with((("metadata", "players", 2), {"id": "x"})),
     [("egn.bad_player", None, "metadata.players", None)]),
    ("score text", lambda: seed_with((("metadata", "initialScore"), "0-0")),
     [("egn.bad_initial_score", None, "metadata.initialScore", None)]),
    ("score short", lambda: seed_with((("metadata", "initialScore"), [3])),
     [("egn.bad_initial_score", None, "metadata.initialScore", None)]),
    ("score bool", lambda: seed_with((("metadata", "initialScore"), [0, True])),
     [("egn.bad_initial_score", None, "metadata.initialScore", None)]),
    ("no deals", lambda: seed_with((("deals",), DELETE)), [("egn.missing", None, "deals", None)]),
    ("deals object", lambda: seed_with((("deals",), {})), [("egn.bad_type", None, "deals", None)]),
    ("encoded deal", lambda: seed_with((DEAL, "AAECAwQ=")),
     [("egn.encoded_deal", 1, "deals", None)]),
    ("deal number", lambda: seed_with((DEAL, 5)), [("egn.bad_type", 1, "deals", None)]),
    ("no initialState", lambda: seed_with((STATE, DELETE)),
     [("egn.missing", 1, "initialState", None)]),
    ("dealer 4", lambda: seed_with(((*STATE, "dealer"), 4)),
     [("egn.bad_dealer", 1, "dealer", None)]),
    ("dealer -1", lambda: seed_with(((*STATE, "dealer"), -1)),
     [("egn.bad_dealer", 1, "dealer", None)]),
    ("dealer true", lambda: seed_with(((*STATE, "dealer"), True)),
     [("egn.bad_dealer", 1, "dealer", None)]),
    ("dealer text", lambda: seed_with(((*STATE, "dealer"), "S")),
     [("egn.bad_dealer", 1, "dealer", None)]),
    ("no dealer", lambda: seed_with(((*STATE, "dealer"), DELETE)),
     [("egn.missing", 1, "dealer", None)]),
    ("up card 6", lambda: seed_with(((*STATE, "upCard"), "6h")),
     [("egn.bad_card", 1, "upCard", None)]),
    ("up card joker ordered", lambda: seed_with(((*STATE, "upCard"), "B")),
     [("egn.joker_ordered", 1, "calls", None)]),
    ("up card lone surrogate", lambda: seed_with(((*STATE, "upCard"), "\ud800h")),
     [("egn.bad_card", 1, "upCard", None)]),
    ("no up card", lambda: seed_with(((*STATE, "upCard"), DELETE)),
     [("egn.missing", 1, "upCard", None)]),
    ("holdings text", lambda: seed_with(((*STATE, "playerCards"), "Ah As")),
     [("egn.bad_holdings", 1, "playerCards", None)]),
    ("holdings of 5 seats", lambda: seed_with(((*STATE, "playerCards"), [[]] * 5)),
     [("egn.bad_holdings", 1, "playerCards", None)]),
    ("holding text", lambda: seed_with(((*STATE, "playerCards", 1), "Qh")),
     [("egn.bad_type", 1, "playerCards", None)]),
    ("held card bad", lambda: seed_with(((*STATE, "playerCards", 1, 2), "Zz")),
     [("egn.bad_card", 1, "playerCards", None)]),
    ("no phases", lambda: seed_with(((*DEAL, "phases"), DELETE)),
     [("egn.missing", 1, "phases", None)]),
    ("phases object", lambda: seed_with(((*DEAL, "phases"), {})),
     [("egn.bad_type", 1, "phases", None)]),
    ("phase unknown", lambda: seed_with(((*BIDDING, "type"), "AUCTION")),
     [("egn.bad_phase", 1, "phases", None)]),
    ("phase not object", lambda: seed_with((BIDDING, "bidding")),
     [("egn.bad_phase", 1, "phases", None)]),
    ("two biddings", lambda: seed_with((PLAY, copy.deepcopy(SEED["deals"][0]["phases"][0]))),
     [("egn.duplicate_phase", 1, "phases", None)]),
    ("no bidding", lambda: seed_with(((*DEAL, "phases"), [SEED["deals"][0]["phases"][1]])),
     [("egn.no_bidding", 1, "calls", None)]),
    ("calls text", lambda: seed_with(((*BIDDING, "calls"), "Order")),
     [("egn.bad_type", 1, "calls", None)]),
    ("no calls", lambda: seed_with(((*BIDDING, "calls"), DELETE)),
     [("egn.missing", 1, "calls", None)]),
    ("suit in round 1", lambda: seed_with(((*BIDDING, "calls"), ["Pass", "s"])),
     [("egn.bad_call", 1, "calls", None)]),
    ("order in round 2", lambda: seed_with(((*BIDDING, "calls"), ["Pass"] * 4 + ["Order"])),
     [("egn.bad_call", 1, "calls", None)]),
    ("call number", lambda: seed_with(((*BIDDING, "calls"), [1])),
     [("egn.bad_call", 1, "calls", None)]),
    ("lowercase pass", lambda: seed_with(((*BIDDING, "calls"), ["pass", "Order"])),
     [("egn.bad_call", 1, "calls", None)]),
    ("no trump", lambda: seed_with(((*BIDDING, "calls"), ["Pass"] * 4 + ["n"])),
     [("egn.unsupported_call", 1, "calls", None)]),
    ("calls after trump", lambda: seed_with(((*BIDDING, "calls"), ["Order", "Pass"])),
     [("egn.calls_after_trump", 1, "calls", None)]),
    ("9 calls", lambda: seed_with(((*BIDDING, "calls"), ["Pass"] * 9)),
     [("egn.too_many_calls", 1, "calls", None)]),
    ("bidding stops", lambda: seed_with(((*BIDDING, "calls"), ["Pass", "Pass"])),
     [("egn.bidding_unfinished", 1, "calls", None)]),
    ("no calls made", lambda: seed_with(((*BIDDING, "calls"), [])),
     [("egn.bidding_unfinished", 1, "calls", None)]),
    ("alone defender 7", lambda: seed_with(((*BIDDING, "aloneDefender"), 7)),
     [("egn.bad_alone_defender", 1, "aloneDefender", None)]),
    ("card exchange", lambda: seed_with(((*BIDDING, "cardExchanges"),
                                         [{"receiver": 0, "cards": ["Ah"]}])),
     [("egn.unsupported_exchange", 1, "cardExchanges", None)]),
    ("bad discard", lambda: seed_with(((*BIDDING, "discard"), "9x")),
     [("egn.bad_card", 1, "discard", None)]),
    ("no trick play", lambda: seed_with(((*DEAL, "phases"), [SEED["deals"][0]["phases"][0]])),
     [("egn.no_tricks", 1, "tricks", None)]),
    ("no tricks", lambda: seed_with(((*PLAY, "tricks"), [])),
     [("egn.no_tricks", 1, "tricks", None)]),
    ("tricks text", lambda: seed_with(((*PLAY, "tricks"), "Jd Ah")),
     [("egn.bad_type", 1, "tricks", None)]),
    ("bad card in trick 2", lambda: seed_with(((*PLAY, "tricks", 1, 3), "Qx")),
     [("egn.bad_card", 1, "tricks", 2)]),
    ("trick 3 not a list", lambda: seed_with(((*PLAY, "tricks", 2), "Ad Kd Qd Td")),
     [("egn.bad_type", 1, "tricks", 3)]),
    ("tricks after all passed", lambda: seed_with(((*BIDDING, "calls"), ["Pass"] * 8)),
     [("egn.tricks_after_pass", 1, "tricks", None)]),
    ("second deal bad too", lambda: seed_with(
        (("deals",), [copy.deepcopy(SEED["deals"][0]) for _ in range(3)]),
        (("deals", 0, "initialState", "upCard"), "9z"),
        (("deals", 2, "phases", 0, "calls"), ["Pass"])),
     [("egn.bad_card", 1, "upCard", None), ("egn.bidding_unfinished", 3, "calls", None)]),
]


@pytest.mark.parametrize(("data", "expected"), [(d, e) for _, d, e in BAD_INPUT],
                         ids=[name for name, _, _ in BAD_INPUT])
def test_bad_input(data: Callable[[], object], expected: list[Key]) -> None:
    match, problems = convert(data())
    assert match is None
    assert keys(problems) == expected


WEIRD_VALUES: list[object] = [None, True, 0, -1, 7, 1.5, "", "Xx", [], [[]], {}, {"a": 1}]


def _paths(value: object, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


def test_every_value_replaced_by_junk_never_raises() -> None:
    legacy = json.loads((FIXTURES / "legacy-mixed.egn").read_text(encoding="utf-8"))
    for game in (SEED, legacy):
        for path in _paths(game)[1:]:
            for value in [*WEIRD_VALUES, DELETE]:
                data = copy.deepcopy(game)
                target = data
                for step in path[:-1]:
                    target = target[step]
                if value is DELETE:
                    del target[path[-1]]
                else:
                    target[path[-1]] = value
                match, problems = convert(data)
                assert (match is None) == bool(problems), (path, value)
                if match is not None:
                    check_match(match)  # the engine must take whatever we produce


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 12) | st.floats(allow_nan=False)
    | st.sampled_from(["Pass", "Order", "s", "Td", "Ah", "9h", "TRICK_PLAY", "EUCHRE_BIDDING",
                       "Euchre Game Notation", "1.4", ""]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(
        st.sampled_from(["fileType", "version", "metadata", "deals", "players", "initialScore",
                         "ruleset", "std", "dealer", "upCard", "initialState", "phases", "type",
                         "calls", "tricks", "isAlone", "discard", "playerCards", "x"]),
        inner, max_size=6),
    max_leaves=40,
)


@settings(max_examples=150, deadline=None)
@given(JSON)
def test_arbitrary_json_never_raises(data: object) -> None:
    match, problems = convert(data)
    assert (match is None) == bool(problems)


def test_every_code_has_an_english_template() -> None:
    folder = Path(__file__).resolve().parents[1] / "scorekeeper" / "games" / "euchre" / "egn"
    used = {code for name in ("read.py", "deals.py", "values.py") for code in re.findall(
        r'"(egn\.[a-z_0-9]+)"', (folder / name).read_text(encoding="utf-8"))}
    assert used == set(EGN_MESSAGES)
    for code, template in EGN_MESSAGES.items():
        assert template == template.strip() and not template.endswith("."), code
        assert template[0].islower() or template.startswith(("{", "EGN", "Scorekeeper")), code


# ---------------------------------------------------------------------------------------------
# Every shared EGN file, converted and replayed by the real engine

# Complete games: the final score (a side reached 10 on the last hand) and the winner.
FINAL: dict[str, tuple[int, int, str | None]] = {
    "Epic Comeback.egn": (11, 9, "NS"),
    "Me and Bears.egn": (10, 9, "NS"),
    "Quite the Hustle Annotated.egn": (10, 7, "NS"),
    "Six Points in Two Hands.egn": (10, 9, "NS"),
    "VWEC Finals Annotated.egn": (8, 10, "EW"),
    "VWEC Finals.egn": (8, 10, "EW"),
    "combination examples/MotE W5 G1.egn": (10, 3, "NS"),
    "combination examples/MotE W5 G2.egn": (8, 10, "EW"),
    "combination examples/MotE W5 G3.egn": (10, 6, "NS"),
    "combination examples/MotE W5 G4.egn": (8, 10, "EW"),
    "combination examples/MotE W5 G5.egn": (11, 7, "NS"),
    "combination examples/MotE W5 G6.egn": (10, 9, "NS"),
    "validation examples/Euchre_com July 5th Pairs Finals Annotated 1.egn": (9, 10, "EW"),
    "validation examples/Euchre_com July 5th Pairs Finals Annotated.egn": (9, 10, "EW"),
    "validation examples/July 4th Pairs Finals (3).egn": (9, 10, "EW"),
    "validation examples/Masters of the Euchreverse Week 1 (16).egn": (7, 10, "EW"),
    "validation examples/Masters of the Euchreverse Week 1 Game 1.egn": (3, 11, "EW"),
    "validation examples/Masters of the Euchreverse Week 1 Game 2 Render (2).egn": (7, 10, "EW"),
    "validation examples/Masters of the Euchreverse Week 1 Game 2 Render.egn": (7, 10, "EW"),
    "validation examples/Masters of the Euchreverse Week 1 Game 2.egn": (7, 10, "EW"),
    "validation examples/Masters of the Euchreverse Week 1 Game 3.egn": (10, 5, "NS"),
    "validation examples/Masters of the Euchreverse Week 1 Game 5.egn": (5, 10, "EW"),
    "validation examples/Masters of the Euchreverse Week 1 Game 6.egn": (11, 6, "NS"),
    "validation examples/Masters of the Euchreverse Week 1.egn": (3, 11, "EW"),
    "validation examples/Me and Bears (1).egn": (10, 9, "NS"),
    "validation examples/Me and Bears.egn": (10, 9, "NS"),
    "validation examples/Me and Mike Mike Mike.egn": (11, 2, "NS"),
    "validation examples/Quite the Hustle Annotated.egn": (10, 7, "NS"),
    "validation examples/Quite the Hustle.egn": (10, 7, "NS"),
    "validation examples/VWEC Finals (7).egn": (8, 10, "EW"),
    "validation examples/VWEC Finals.egn": (8, 10, "EW"),
    "validation examples/annotated (1).egn": (8, 10, "EW"),
    "validation examples/annotated.egn": (8, 10, "EW"),
}
# Legal but unfinished records (one constructed or recorded deal): the score so far.
PARTIAL: dict[str, tuple[int, int]] = {
    "Custom Scenario.egn": (0, 1),
    "validation examples/Custom Scenario.egn": (0, 1),
    "validation examples/Another fun euchre!.egn": (0, 2),
    "conversion examples/test_timingsLayouts.egn": (0, 2),
}
# Not legal games (README): the engine's problems, exactly.
ILLEGAL: dict[str, list[Key]] = {
    # Synthetic play: West plays the up card QS after the dealer (North) took it up.
    "conversion examples/test.egn": [("play.turn_up_not_dealer", 1, "play", 3)],
    "conversion examples/test_annotated.egn": [("play.turn_up_not_dealer", 1, "play", 3)],
    # Wrong initialScore (0-1 for 2-0): EW reach 10 in hand 9 and play goes on.
    "validation examples/July 4th Pairs Finals.egn": [("hand.after_game_over", 10, None, None),
                                                      ("hand.after_game_over", 11, None, None)],
    # Scratch games with one trick recorded; the second deal repeats the same dealer.
    "validation examples/egn_m_20260529_01.egn": [("play.wrong_trick_count", 1, "play", None)],
    "validation examples/egn_m_20260529_01 (5).egn": [("play.wrong_trick_count", 1, "play", None),
                                                      ("hand.wrong_dealer", 2, "dealer", None)],
}


def _name(path: Path) -> str:
    return path.relative_to(SHARED_EGN).as_posix()


def test_the_shared_egn_folder_is_there() -> None:
    assert SHARED_EGN.is_dir(), f"expected the shared EGN files at {SHARED_EGN}"
    assert sorted(_name(p) for p in SHARED_FILES) == sorted({**FINAL, **PARTIAL, **ILLEGAL})


@pytest.mark.parametrize("path", SHARED_FILES, ids=_name)
def test_shared_egn_file(path: Path) -> None:
    name = _name(path)
    match, problems = load_egn_text(path.read_text(encoding="utf-8"))
    assert problems == [], keys(problems)
    assert match is not None
    result = check_match(match)
    if name in ILLEGAL:
        assert not result.ok
        assert [(p.code, p.hand, p.field, p.trick) for p in result.problems] == ILLEGAL[name]
        return
    assert result.ok, [(p.hand, p.field, p.trick, p.message) for p in result.problems]
    state = result.state.as_json()
    assert state is not None
    assert len(state["hands"]) == len(match["hands"])
    score = (state["score"]["NS"], state["score"]["EW"])
    if name in PARTIAL:
        assert score == PARTIAL[name]
        assert state["over"] is False and state["winner"] is None
        return
    ns, ew, winner = FINAL[name]
    assert score == (ns, ew)
    recorded = json.loads(path.read_text(encoding="utf-8"))["metadata"].get("finalScore")
    assert recorded in (None, [ns, ew])  # the file's own final score, when it gives one
    assert state["over"] is True and state["winner"] == winner
    before = state["hands"][-2]["score"] if len(state["hands"]) > 1 else match["start_score"]
    assert max(before.values()) < 10  # the game ended on the last recorded hand


def test_emn_match_holds_the_six_games() -> None:
    text = (SHARED_EGN / "combination examples" / "MotE W5 Match.emn").read_text("utf-8")
    games, problems = load_emn_text(text)
    assert problems == []
    assert len(games) == 6
    for number, (match, game_problems) in enumerate(games, start=1):
        assert game_problems == []
        legacy = SHARED_EGN / "combination examples" / f"MotE W5 G{number}.egn"
        assert match == load_egn_text(legacy.read_text(encoding="utf-8"))[0]


@pytest.mark.parametrize(
    ("data", "wrapper", "games"),
    [
        ([], ["egn.not_object"], []),
        ({"fileType": "Euchre Game Notation", "version": "1.0", "games": []}, ["egn.not_emn"], []),
        ({"fileType": "Euchre Match Notation", "version": "1.0"}, ["egn.missing"], []),
        ({"fileType": "Euchre Match Notation", "version": "1.0", "games": [{"gameData": 3}]},
         [], [["egn.bad_game"]]),
        ({"fileType": "Euchre Match Notation", "version": "1.0",
          "games": [{"gameIndex": 0, "gameData": SEED}, "x"]}, [], [[], ["egn.bad_game"]]),
    ],
)
def test_emn_problems(data: object, wrapper: list[str], games: list[list[str]]) -> None:
    results, problems = emn_to_matches(data)
    assert [p.code for p in problems] == wrapper
    assert [[p.code for p in found] for _, found in results] == games
    with pytest.raises(safejson.Refused, match="JSON"):
        load_emn_text("{")


# ---------------------------------------------------------------------------------------------
# Export: EGN 1.4


SCHEMA = json.loads((SHARED_EGN / "egn-schema-v1.json").read_text(encoding="utf-8"))
ANALYSIS = {"alternativeLines", "callAnnotations", "playAnnotations"}
TYPES: dict[str, Callable[[object], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
}


def schema_errors(value: object, schema: dict[str, Any], at: str = "$") -> list[str]:
    """A tiny JSON-schema check covering the keywords egn-schema-v1.json uses (no `format`)."""
    if "$ref" in schema:
        return schema_errors(value, SCHEMA["definitions"][schema["$ref"].split("/")[-1]], at)
    errors: list[str] = []
    if "type" in schema and not TYPES[schema["type"]](value):
        return [f"{at}: not {schema['type']}"]
    if "const" in schema and value != schema["const"]:
        errors.append(f"{at}: not {schema['const']}")
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{at}: not one of {schema['enum']}")
    if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
        errors.append(f"{at}: does not match {schema['pattern']}")
    if isinstance(value, int | float) and not isinstance(value, bool):
        if value < schema.get("minimum", value) or value > schema.get("maximum", value):
            errors.append(f"{at}: out of range")
    if isinstance(value, str | list) and len(value) > schema.get("maxLength",
                                                                 schema.get("maxItems", 10**9)):
        errors.append(f"{at}: too long")
    if isinstance(value, list) and "items" in schema:
        for index, item in enumerate(value):
            errors += schema_errors(item, schema["items"], f"{at}[{index}]")
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        errors += [f"{at}: missing {key}" for key in schema.get("required", ()) if key not in value]
        for key, item in value.items():
            if key in properties:
                errors += schema_errors(item, properties[key], f"{at}.{key}")
            elif schema.get("additionalProperties") is False:
                errors.append(f"{at}: unexpected {key}")
    matching = [not schema_errors(value, option, at) for option in schema.get("oneOf", [])]
    if matching and matching.count(True) != 1:
        errors.append(f"{at}: matches {matching.count(True)} of oneOf")
    if schema.get("anyOf") and not any(not schema_errors(value, s, at) for s in schema["anyOf"]):
        errors.append(f"{at}: matches none of anyOf")
    for part in schema.get("allOf", []):
        errors += schema_errors(value, part, at)
    if "not" in schema and not schema_errors(value, schema["not"], at):
        errors.append(f"{at}: matches a forbidden schema")
    return errors


@pytest.mark.parametrize("path", SHARED_FILES, ids=_name)
def test_schema_check_agrees_with_the_readme(path: Path) -> None:
    # README: the 1.0.0 files fail the v1.4 schema; the 1.4 files are valid.
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (schema_errors(data, SCHEMA) == []) == (data["version"] != "1.0.0")


@pytest.mark.parametrize("path", [*SHARED_FILES, *sorted(FIXTURES.glob("*.egn"))], ids=str)
def test_export_round_trip(path: Path) -> None:
    match, _ = load_egn_text(path.read_text(encoding="utf-8"))
    assert match is not None
    egn = match_to_egn(match)
    assert schema_errors(egn, SCHEMA) == []
    assert egn_to_match(egn) == (match, [])
    original = json.loads(path.read_text(encoding="utf-8"))
    if original["version"] == "1.4" and "egn_m_" not in path.name:
        # annotations come back as each hand's note (one per deal): compare the rest
        assert _without_analysis(egn["deals"]) == _without_analysis(original["deals"])
        assert egn["metadata"]["ruleset"] == original["metadata"]["ruleset"]


def _without_analysis(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_analysis(v) for k, v in value.items() if k not in ANALYSIS}
    if isinstance(value, list):
        return [_without_analysis(v) for v in value]
    return value


def test_export_the_seed_match_file() -> None:
    egn = match_to_egn(SEED_MATCH)
    assert egn["deals"][0]["initialState"]["playerCards"] == \
        SEED["deals"][0]["initialState"]["playerCards"]
    assert egn["deals"] == SEED["deals"]
    assert egn["metadata"]["players"] == ["North", "East", "South", "West"]
    assert egn["metadata"]["ruleset"] == {"std": False, "canadian": False,
                                          "loner_lead": "LEFT_OF_DEALER"}


@pytest.mark.parametrize(
    ("rules", "ruleset"),
    [
        ({"target": 5, "stick_the_dealer": True},
         {"std": True, "canadian": False, "loner_lead": "LEFT_OF_DEALER", "winning_score": 5}),
        ({"deals": 8, "lone_lead": "loner_left", "canadian_loner": True},
         {"std": False, "canadian": True, "loner_lead": "LEFT_OF_LONER", "num_deals": 8}),
        ({"lone_march_points": 5, "lone_euchre_points": 4, "defend_alone": True},
         {"std": False, "canadian": False, "loner_lead": "LEFT_OF_DEALER", "defend_alone": True,
          "loner_march_score": 5, "loner_euchred_score": 4}),
    ],
)
def test_export_ruleset(rules: dict[str, Any], ruleset: dict[str, Any]) -> None:
    egn = match_to_egn({**SEED_MATCH, "rules": rules})
    assert egn["metadata"]["ruleset"] == ruleset
    assert egn_to_match(egn)[0]["rules"] == rules  # type: ignore[index]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "whist"}, "only Euchre matches"),
        ({"rules": {"renege_points": 3}}, "renege_points"),
        ({"hands": [{"dealer": "S", "caller": "W", "makers_tricks": 3}]}, "no turn-up"),
        ({"hands": [{"dealer": "S", "caller": "W", "turn_up": "9H", "makers_tricks": 3}]},
         "no card record"),
        ({"hands": [{"caller": "W", "turn_up": "9H", "round": 2, "makers_tricks": 3}]},
         "which suit"),
        ({"hands": [SEED_MATCH["hands"][0] | {"renege": "N"}]}, "declares a renege"),
        ({"hands": [{"turn_up": "9H", "makers_tricks": 3}]}, "who called trump"),
    ],
)
def test_export_refuses_what_egn_cannot_hold(change: dict[str, Any], message: str) -> None:
    with pytest.raises(EgnExportError, match=message):
        match_to_egn({**SEED_MATCH, **change})


def test_export_passed_hand_and_rotation() -> None:
    passed = {"turn_up": "9H", "passed": True}
    egn = match_to_egn({**SEED_MATCH, "rules": {}, "hands": [passed, SEED_MATCH["hands"][0]
                                                              | {"dealer": "W"}]})
    first, second = egn["deals"]
    assert first["initialState"] == {"dealer": 2, "upCard": "9h"}
    assert first["phases"] == [{"phaseNumber": 0, "type": "EUCHRE_BIDDING",
                                "calls": ["Pass"] * 8, "isAlone": False}]
    assert second["initialState"]["dealer"] == 3
    assert second["phases"][0]["calls"] == ["Pass", "Pass", "Pass", "Order"]  # W deals, W orders


def test_an_emn_file_read_as_egn_says_what_it_is() -> None:
    text = (SHARED_EGN / "combination examples" / "MotE W5 Match.emn").read_text("utf-8")
    match, problems = load_egn_text(text)
    assert match is None
    assert keys(problems) == [("egn.is_emn", None, "fileType", None)]
    assert english(problems[0]) == ("this is a Euchre Match Notation file, a match of 6 games: "
                                    "import its games one by one")


# ---------------------------------------------------------------------------------------------
# Random legal games: convert, replay, export and convert again


def _random_game(rng: Any) -> dict[str, Any]:
    """A random legal EGN game (dealt holdings, exchange, alone, both rounds, passed deals)."""
    ruleset = {"std": rng.random() < 0.5, "canadian": False,
               "loner_lead": rng.choice(["LEFT_OF_DEALER", "LEFT_OF_LONER"])}
    deals = []
    for number in range(rng.randint(1, 4)):
        dealer = number % 4
        deck = sorted(card_to_egn(str(c)) for c in DECK_24)
        rng.shuffle(deck)
        dealt = [deck[i * 5:i * 5 + 5] for i in range(4)]
        up = deck[20]
        state = {"dealer": dealer, "upCard": up,
                 "playerCards": [h if rng.random() < 0.8 else [] for h in dealt]}
        if not ruleset["std"] and rng.random() < 0.15:
            deals.append({"dealNumber": number, "initialState": state, "phases": [
                {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass"] * 8,
                 "isAlone": False}]})
            continue
        k = rng.randrange(8)
        trump = up[1].upper() if k < 4 else rng.choice([s for s in "SHDC" if s != up[1].upper()])
        bidding: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING",
                                   "calls": ["Pass"] * k + ["Order" if k < 4 else trump.lower()],
                                   "isAlone": rng.random() < 0.3}
        holdings = {SEATS[i]: [parse_card(egn_card(c)) for c in dealt[i]] for i in range(4)}
        if k < 4:
            six = [*holdings[SEATS[dealer]], parse_card(egn_card(up))]
            discard = rng.choice(six)
            six.remove(discard)
            holdings[SEATS[dealer]] = six
            bidding["discard"] = card_to_egn(str(discard))
        caller = SEATS[(dealer + 1 + k) % 4]
        out = frozenset({PARTNER[caller]} if bidding["isAlone"] else ())
        lone_lead = "loner_left" if ruleset["loner_lead"] == "LEFT_OF_LONER" else "dealer_left"
        leader = opening_leader(SEATS[dealer], out, caller if out else None, lone_lead)
        tricks = []
        for _ in range(5):
            seats, seat = [], leader
            while len(seats) < 4 - len(out):
                seats += [] if seat in out else [seat]
                seat = next_seat(seat)
            cards: list[Any] = []
            for seat in seats:
                card = rng.choice(sorted(legal_plays(holdings[seat], cards[0] if cards else None,
                                                     trump)))
                holdings[seat].remove(card)
                cards.append(card)
            tricks.append([card_to_egn(str(c)) for c in cards])
            leader = seats[trick_winner(cards, trump)]
        deals.append({"dealNumber": number, "initialState": state, "phases": [
            bidding, {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks}]})
    return {"fileType": "Euchre Game Notation", "version": "1.4",
            "metadata": {"players": ["A", "B", "C", "D"], "initialScore": [0, 0],
                         "ruleset": ruleset}, "deals": deals}


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_legal_games_replay_and_round_trip(rng: Any) -> None:
    game = _random_game(rng)
    match, problems = convert(game)
    assert problems == []
    assert match is not None
    result = check_match(match)
    assert result.ok, [(p.hand, p.field, p.trick, p.message) for p in result.problems]
    egn = match_to_egn(match)
    assert schema_errors(egn, SCHEMA) == []
    for deal in game["deals"]:  # export writes no empty holdings list when none is known
        if not any(deal["initialState"]["playerCards"]):
            del deal["initialState"]["playerCards"]
    assert egn["deals"] == game["deals"]
    assert egn_to_match(egn) == (match, [])
