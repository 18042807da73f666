"""One bridge contract's score (spec/bridge.md's table): known duplicate scores and properties."""

from __future__ import annotations

import pytest
from endplay.types import Contract as Theirs
from endplay.types import Denom, Penalty, Player, Vul
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games.bridge.scoring import (
    STRAINS,
    Contract,
    dealer_of_board,
    duplicate_score,
    imps,
    parse_contract,
    score_contract,
    vulnerable_on_board,
)

# (contract, declarer's tricks, vulnerable, duplicate score): the values every scorer prints
KNOWN = [
    ("1NT", 7, False, 90), ("2C", 8, False, 90), ("1S", 9, False, 140), ("3NT", 9, False, 400),
    ("3NT", 9, True, 600), ("3NT", 10, False, 430), ("4H", 10, False, 420),
    ("4H", 10, True, 620), ("4S", 11, False, 450), ("5D", 11, False, 400), ("5D", 11, True, 600),
    ("6S", 12, False, 980), ("6S", 12, True, 1430), ("6NT", 12, False, 990),
    ("6NT", 12, True, 1440), ("7NT", 13, False, 1520), ("7NT", 13, True, 2220),
    ("1NTX", 7, False, 180), ("1NTX", 7, True, 180), ("1NTX", 8, False, 280),
    ("1NTX", 8, True, 380), ("2HX", 8, False, 470), ("2HX", 8, True, 670),
    ("4SX", 10, False, 590), ("4SX", 10, True, 790), ("1CXX", 7, False, 230),
    ("1CXX", 8, False, 430), ("1CXX", 8, True, 630), ("7NTXX", 13, True, 2980),
    ("4H", 9, False, -50), ("4H", 9, True, -100), ("4H", 6, True, -400),
    ("3NTX", 6, False, -500), ("3NTX", 6, True, -800), ("4SX", 6, False, -800),
    ("4SX", 6, True, -1100), ("1NTXX", 6, False, -200), ("1NTXX", 6, True, -400),
    ("7NTX", 0, True, -3800), ("7NTX", 0, False, -3500), ("7NTXX", 0, True, -7600),
]


@pytest.mark.parametrize(("text", "tricks", "vulnerable", "expected"), KNOWN)
def test_known_duplicate_scores(text: str, tricks: int, vulnerable: bool, expected: int) -> None:
    contract = parse_contract(text)
    assert contract is not None
    assert duplicate_score(contract, tricks, vulnerable) == expected


@pytest.mark.parametrize(("text", "parsed"), [
    ("4HX", Contract(4, "H", 1)), ("6NTXX", Contract(6, "NT", 2)), ("1c", Contract(1, "C")),
    ("8S", None), ("0H", None), ("4N", None), ("4HXXX", None), ("", None), ("NT", None),
])
def test_contract_forms(text: str, parsed: Contract | None) -> None:
    assert parse_contract(text) == parsed


def test_rubber_split_of_a_doubled_game() -> None:
    # 2♥X made +1 vulnerable: 120 below; 200 overtrick + 50 insult above
    score = score_contract(Contract(2, "H", 1), 9, True)
    assert (score.below, score.overtricks, score.insult, score.above) == (120, 200, 50, 250)


@pytest.mark.parametrize(("board", "dealer", "vulnerable"), [
    (1, "N", "none"), (2, "E", "NS"), (3, "S", "EW"), (4, "W", "both"), (5, "N", "NS"),
    (8, "W", "none"), (9, "N", "EW"), (12, "W", "NS"), (16, "W", "EW"), (17, "N", "none"),
    (20, "W", "both"), (32, "W", "EW"),
])
def test_board_dealer_and_vulnerability(board: int, dealer: str, vulnerable: str) -> None:
    assert (dealer_of_board(board), vulnerable_on_board(board)) == (dealer, vulnerable)


@pytest.mark.parametrize(("difference", "expected"), [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (470, 10), (490, 10), (500, 11), (590, 11),
    (600, 12), (2490, 20), (2500, 21), (3990, 23), (4000, 24), (9000, 24), (-600, -12),
    (-10, 0),
])
def test_imp_scale(difference: int, expected: int) -> None:
    assert imps(difference) == expected


contracts = st.builds(Contract, st.integers(1, 7), st.sampled_from(STRAINS), st.integers(0, 2))


@given(contracts, st.integers(0, 13), st.booleans())
def test_made_scores_positive_and_down_negative(contract: Contract, tricks: int,
                                                vulnerable: bool) -> None:
    score = duplicate_score(contract, tricks, vulnerable)
    assert (score > 0) == (tricks >= contract.needed)
    parts = score_contract(contract, tricks, vulnerable)
    assert min(parts.below, parts.above, parts.undertricks) >= 0


@given(contracts, st.integers(0, 12), st.booleans())
def test_one_more_trick_never_scores_less(contract: Contract, tricks: int,
                                          vulnerable: bool) -> None:
    assert duplicate_score(contract, tricks + 1, vulnerable) > duplicate_score(
        contract, tricks, vulnerable)


_DENOMS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "nt"}


@given(contracts, st.integers(0, 13), st.booleans())
def test_agrees_with_endplay(contract: Contract, tricks: int, vulnerable: bool) -> None:
    # endplay (DDS's Python binding) scores the same contract independently
    theirs = Theirs(level=contract.level, denom=getattr(Denom, _DENOMS[contract.strain]),
                    declarer=Player.south, result=tricks - contract.needed,
                    penalty=(Penalty.passed, Penalty.doubled, Penalty.redoubled)[contract.doubled])
    assert duplicate_score(contract, tricks, vulnerable) == theirs.score(
        Vul.ns if vulnerable else Vul.none)
