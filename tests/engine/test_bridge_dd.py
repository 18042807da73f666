"""Bridge double dummy (games/bridge/analysis.py): the makeable table, par and the plays that
cost a trick, against published tables (endplay's tests, RealBridge's hand records), the
score table of scoring.py, and each other (properties over random deals)."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from endplay.dds import solve_board
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.bridge_play import random_deal, random_record

from scorekeeper.games.bridge.analysis import (
    MakeableTable,
    analyse_deal,
    analyse_play,
    clear_table_cache,
    dd_tricks,
    makeable,
    par_of,
)
from scorekeeper.games.bridge.analysis_words import analysis_words
from scorekeeper.games.bridge.endplay_types import endplay_deal
from scorekeeper.games.bridge.notation import STRAIN_ORDER, next_seat, side_of
from scorekeeper.games.bridge.pbn import read_pbn
from scorekeeper.games.bridge.scoring import Contract, duplicate_score, is_vulnerable

PBN = Path(__file__).resolve().parents[1] / "data" / "pbn"
# endplay's own test deal (tests/test_dds.py): its table, par and a play DDS counted
ENDPLAY_DEAL = {
    "N": ["9S", "6S", "4S", "2S", "9H", "5H", "AD", "KD", "QD", "10D", "4D", "KC", "7C"],
    "E": ["KS", "JS", "3S", "KH", "3H", "9D", "8D", "10C", "9C", "8C", "6C", "5C", "4C"],
    "S": ["AS", "QS", "10S", "8S", "5S", "QH", "8H", "6H", "2H", "AC", "QC", "JC", "2C"],
    "W": ["7S", "AH", "JH", "10H", "7H", "4H", "JD", "7D", "6D", "5D", "3D", "2D", "3C"],
}
# DDS takes about a tenth of a second of CPU a table: a few random deals a property
SETTINGS = settings(max_examples=5, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module")
def endplay_table() -> MakeableTable:
    return makeable(ENDPLAY_DEAL)


@pytest.mark.parametrize(("strain", "seat", "tricks"), [
    ("C", "N", 8), ("D", "S", 7), ("H", "W", 5), ("S", "E", 0), ("NT", "N", 9),
    ("S", "N", 10), ("S", "S", 10), ("NT", "W", 1),
])
def test_endplay_published_table(endplay_table: MakeableTable, strain: str, seat: str,
                                 tricks: int) -> None:
    assert endplay_table.get(strain, seat) == tricks


@pytest.mark.parametrize(("vulnerable", "score"), [("none", 420), ("NS", 620), ("EW", 420),
                                                   ("both", 620)])
def test_endplay_published_par(endplay_table: MakeableTable, vulnerable: str,
                               score: int) -> None:
    found = par_of(endplay_table, vulnerable, "N")
    assert found.score == score
    assert [(c.text, c.declarers) for c in found.contracts] == [("4♠", ("N", "S"))]


def _realbridge() -> list[tuple[int, dict[str, Any], str, str, int, str]]:
    """Each board of the RealBridge file: its hands, dealer, vulnerability, and the double
    dummy tricks and optimum score its scoring program printed beside it."""
    text = (PBN / "realbridge-2021.pbn").read_text()
    games = re.split(r"\n(?=\[Event )", text)[1:]
    read = read_pbn(text).deals
    assert len(games) == len(read) == 10
    rows = []
    for deal, game in zip(read, games, strict=True):
        tricks = re.search(r'\[DoubleDummyTricks "(\w{20})"\]', game)
        optimum = re.search(r'\[OptimumScore "NS ([+-]\d+)"\]', game)
        assert tricks and optimum and deal.record and deal.board and deal.dealer
        rows.append((deal.board, deal.record["deal"], str(deal.dealer), str(deal.vulnerable),
                     int(optimum.group(1)), tricks.group(1)))
    return rows


@pytest.mark.parametrize(("board", "hands", "dealer", "vulnerable", "optimum", "tricks"),
                         _realbridge(), ids=lambda v: str(v) if isinstance(v, int) else None)
def test_realbridge_tables_and_optimum_scores(board: int, hands: dict[str, list[str]],
                                              dealer: str, vulnerable: str, optimum: int,
                                              tricks: str) -> None:
    # the tag lists declarers N S E W, each in NT S H D C, one hex digit a cell
    table = makeable(hands)
    ours = "".join(f"{table.get(strain, seat):x}" for seat in "NSEW"
                   for strain in ("NT", "S", "H", "D", "C"))
    assert ours == tricks
    assert par_of(table, vulnerable, dealer).score == optimum


# endplay's published play (tests/test_dds.py): N leads ♠9 against W's no-trumper; DDS's
# count of declarer's tricks before and after each card is 1 1 1 4 4 3 3 1 1
PLAY = [["9S", "KS", "QS", "7S"], ["3H", "QH", "4H", "9H"]]


def test_published_play_counts_and_costly_cards() -> None:
    played, problems = analyse_play(ENDPLAY_DEAL, "NT", "W", PLAY)
    assert problems == [] and played is not None
    assert (played.best, played.after) == (1, (1, 1, 4, 4, 3, 3, 1, 1))
    assert [(c.trick, c.seat, c.card, c.cost, c.before, c.after) for c in played.costly] == [
        (1, "S", "QS", 3, 1, 4), (2, "E", "3H", 1, 4, 3), (2, "W", "4H", 2, 3, 1)]
    assert played.took is None  # two tricks and no claim: the result is not recorded here


def test_published_play_in_words() -> None:
    record = {"contract": "1NT", "declarer": "W", "deal": ENDPLAY_DEAL, "play": PLAY}
    found, problems = analyse_deal(record, "none", "N")
    assert problems == [] and found is not None and found.play is not None
    words = [s.text for s in analysis_words(found)]
    assert words[0] == "Par: 4♠ by N or S: NS +420"
    assert words[1:5] == ["N can make 3NT, 4♠, 2♥, 1♦, 2♣", "E can make no contract",
                          "S can make 3NT, 4♠, 2♥, 1♦, 2♣", "W can make no contract"]
    costly = words[5:]
    assert costly[0].startswith("S's ♠Q at trick 1 cost 3 tricks: ")
    assert costly[1].startswith("E's ♥3 at trick 2 cost a trick: ")
    assert costly[2].startswith("W's ♥4 at trick 2 cost 2 tricks: ")
    assert all(" would have held " in sentence for sentence in costly)


@pytest.mark.parametrize(("record", "code"), [
    ({"contract": "3NT", "declarer": "S", "tricks": 9}, "dd.no_deal"),
    ({"deal": {"N": [], "E": []}}, "deal.not_four_hands"),
    ({"deal": {**ENDPLAY_DEAL, "N": ENDPLAY_DEAL["N"][:12]}}, "deal.not_thirteen"),
    ({"deal": {**ENDPLAY_DEAL, "N": ["1S", *ENDPLAY_DEAL["N"][1:]]}}, "deal.bad_card"),
    ({"deal": {**ENDPLAY_DEAL, "N": ["KS", *ENDPLAY_DEAL["N"][1:]]}}, "deal.card_twice"),
    ({"deal": ENDPLAY_DEAL, "contract": "8S", "declarer": "W", "play": PLAY}, "dd.bad_contract"),
    ({"deal": ENDPLAY_DEAL, "contract": "1NT", "declarer": "Q", "play": PLAY},
     "dd.bad_declarer"),
    ({"deal": ENDPLAY_DEAL, "contract": "1NT", "declarer": "W", "play": [["9S", "KS"]]},
     "play.bad_trick"),
    ({"deal": ENDPLAY_DEAL, "contract": "1NT", "declarer": "W",
      "play": [["9S", "KS", "QS", "ZZ"]]}, "play.bad_card"),
    ({"deal": ENDPLAY_DEAL, "contract": "1NT", "declarer": "W",
      "play": [["9S", "KS", "QS", "AH"]]}, "play.illegal"),  # W holds the ♠7: a revoke
    ({"deal": ENDPLAY_DEAL, "contract": "1NT", "declarer": "N",
      "play": [["9S", "KS", "QS", "7S"]]}, "play.illegal"),  # E leads against N, not N
])
def test_what_stops_an_analysis_is_said(record: dict[str, Any], code: str) -> None:
    found, problems = analyse_deal(record, "none", "N")
    assert found is None
    assert [p.code for p in problems] == [code]
    assert problems[0].message and "{" not in problems[0].message


def test_a_bad_vulnerability_or_dealer_is_said() -> None:
    assert analyse_deal({"deal": ENDPLAY_DEAL}, "all")[1][0].code == "dd.bad_vulnerable"
    assert analyse_deal({"deal": ENDPLAY_DEAL}, "none", "X")[1][0].code == "dd.bad_dealer"


def test_thirteen_tricks_without_the_deal_give_the_hands() -> None:
    record = random_record(random.Random(4))
    found, problems = analyse_deal({k: v for k, v in record.items() if k != "deal"}, "EW")
    assert problems == [] and found is not None and found.play is not None
    clear_table_cache()  # solved again from the recorded hands, not read from the kept table
    assert found.table == makeable(record["deal"])
    assert found.play.took == record["tricks"]


@settings(SETTINGS, max_examples=3)
@given(st.integers(0, 10**6))
def test_table_agrees_with_the_best_opening_lead(seed: int) -> None:
    """For every strain and declarer: the table's tricks plus the defenders' tricks after
    their best opening lead (DDS's other entry point, one card at a time) make 13."""
    hands = random_deal(random.Random(seed))
    table = makeable(hands)
    for strain in STRAIN_ORDER:
        for declarer in "NESW":
            tricks = table.get(strain, declarer)
            assert 0 <= tricks <= 13
            defenders = max(n for _card, n in solve_board(
                endplay_deal(hands, next_seat(declarer), strain)))
            assert tricks + defenders == 13
    assert dd_tricks(hands, "NT", "S") == table.get("NT", "S")


@SETTINGS
@given(st.integers(0, 10**6), st.sampled_from(["none", "NS", "EW", "both"]),
       st.sampled_from("NESW"))
def test_par_score_is_the_score_of_the_par_contract(seed: int, vulnerable: str,
                                                    dealer: str) -> None:
    table = makeable(random_deal(random.Random(seed)))
    found = par_of(table, vulnerable, dealer)
    if not found.contracts:
        assert found.score == 0
    for contract in found.contracts:
        for declarer in contract.declarers:
            tricks = contract.level + 6 + contract.over_under
            assert tricks == table.get(contract.strain, declarer)
            side = side_of(declarer)
            score = duplicate_score(Contract(contract.level, contract.strain,  # type: ignore[arg-type]
                                             contract.doubled), tricks,
                                    is_vulnerable(vulnerable, side))
            assert (score if side == "NS" else -score) == found.score


@SETTINGS
@given(st.integers(0, 10**6), st.sampled_from([None, 3, 8]))
def test_the_count_moves_only_by_costly_cards(seed: int, claim_after: int | None) -> None:
    """What declarer's side took against its best count is exactly what the defenders' costly
    cards gave it less what its own cost it; the count before the lead is the table's."""
    record = random_record(random.Random(seed), claim_after)
    found, problems = analyse_deal(record, "none")
    assert problems == [] and found is not None and found.play is not None
    play = found.play
    contract = str(record["contract"]).rstrip("X")[1:]
    assert play.best == found.table.get(contract, record["declarer"])
    ours = side_of(record["declarer"])
    given_away = sum(c.cost if side_of(c.seat) != ours else -c.cost for c in play.costly)
    assert play.after[-1] - play.best == given_away
    if claim_after is None:
        assert play.took == play.after[-1] == record["tricks"]
    for costly in play.costly:
        assert costly.cost == abs(costly.after - costly.before) >= 1
        assert costly.instead and costly.card not in costly.instead


def test_real_plays_in_words_golden() -> None:
    """RealBridge's ten boards as played (most end in a claim): every sentence of their
    analysis, golden in tests/data/pbn/realbridge-2021.analysis.json (written again with
    SCOREKEEPER_WRITE_GOLDEN=1, the diff read before committing)."""
    golden = PBN / "realbridge-2021.analysis.json"
    said = {}
    for deal in read_pbn((PBN / "realbridge-2021.pbn").read_text()).deals:
        assert deal.record is not None and deal.vulnerable and deal.dealer
        found, problems = analyse_deal(deal.record, deal.vulnerable, deal.dealer)
        assert found is not None, problems
        said[str(deal.board)] = [s.text for s in analysis_words(found)]
    text = json.dumps(said, ensure_ascii=False, indent=1) + "\n"
    if os.environ.get("SCOREKEEPER_WRITE_GOLDEN") == "1":
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def test_the_analysis_as_data() -> None:
    record = {"contract": "1NT", "declarer": "W", "deal": ENDPLAY_DEAL, "play": PLAY}
    found, _problems = analyse_deal(record, "NS", "E")
    assert found is not None
    data = found.as_json()
    assert json.loads(json.dumps(data)) == data
    assert data["table"]["S"] == {"N": 10, "E": 0, "S": 10, "W": 0}
    assert data["par"] == {"score": 620, "contracts": [
        {"contract": "4S", "declarers": ["N", "S"], "over_under": 0, "text": "4♠"}]}
    assert data["play"]["after"] == [1, 1, 4, 4, 3, 3, 1, 1]
    assert [(c["seat"], c["card"], c["cost"]) for c in data["play"]["costly"]] == [
        ("S", "QS", 3), ("E", "3H", 1), ("W", "4H", 2)]


@pytest.mark.parametrize(("shift", "code"), [(-1, "dd.claim_short"), (0, None),
                                             (1, "dd.claim_long")])
def test_a_claim_against_the_best_count(shift: int, code: str | None) -> None:
    """A claim that takes one trick fewer than best play would from there gave one away; one
    more, the defenders let it take one too many."""
    record = random_record(random.Random(11))
    strain = record["contract"][1:].rstrip("X")
    cut = record["play"][:6]
    before, _problems = analyse_play(record["deal"], strain, record["declarer"], cut)
    assert before is not None
    best_then = before.after[-1]
    claim = best_then - before.won + shift
    found, problems = analyse_deal({**record, "play": cut, "claim": claim}, "none")
    assert found is not None and found.play is not None, problems
    assert (found.play.took, found.play.claim_best) == (best_then + shift, best_then)
    codes = [s.code for s in analysis_words(found)]
    claim_codes = [c for c in codes if c.startswith("dd.claim")]
    assert claim_codes == ([code] if code else [])
    if code:
        sentence = next(s for s in analysis_words(found) if s.code == code)
        assert sentence.params == {"trick": 6, "diff": 1, "best": best_then}


def test_a_passed_out_deal_has_par_and_table_only() -> None:
    found, problems = analyse_deal({"passed": True, "deal": ENDPLAY_DEAL}, "both", "W")
    assert problems == [] and found is not None and found.play is None
    assert [s.code for s in analysis_words(found)] == ["dd.par_either", *["dd.makes",
                                                       "dd.makes_nothing"] * 2]
