"""PBN in and out (games/bridge/pbn.py, pbn_export.py): real files read to golden records,
a file of one fault a deal, records written and read back unchanged (a property), what PBN
cannot carry said in words, and our PBN read back by endplay's own reader.

The golden files beside each ``NAME.pbn`` in tests/data/pbn: ``NAME.json`` is what
:func:`read_pbn` gives (records and notes). After a deliberate change, write them again with
``SCOREKEEPER_WRITE_GOLDEN=1 .venv/bin/python -m pytest tests/engine/test_bridge_pbn.py`` and
read the diff before committing.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from endplay.parsers import pbn as endplay_pbn
from hypothesis import given, settings
from hypothesis import strategies as st
from support.bridge_play import random_record

from scorekeeper.games.bridge import pbn as pbn_module
from scorekeeper.games.bridge.pbn import PbnDeal, read_pbn
from scorekeeper.games.bridge.pbn_auction import auction_contract
from scorekeeper.games.bridge.pbn_export import ExportDeal, write_pbn

FOLDER = Path(__file__).resolve().parents[1] / "data" / "pbn"
NAMES = sorted(p.stem for p in FOLDER.glob("*.pbn") if not p.stem.startswith("export"))
WRITE = os.environ.get("SCOREKEEPER_WRITE_GOLDEN") == "1"


def as_json(deal: PbnDeal) -> dict[str, Any]:
    return {"number": deal.number, "board": deal.board, "dealer": deal.dealer,
            "vulnerable": deal.vulnerable, "players": deal.players, "event": deal.event,
            "site": deal.site, "date": deal.date, "record": deal.record,
            "notes": [{"code": n.code, "message": n.message} for n in deal.notes]}


@pytest.mark.parametrize("name", NAMES)
def test_real_files_read_to_their_golden_records(name: str) -> None:
    read = read_pbn((FOLDER / f"{name}.pbn").read_text(encoding="utf-8"))
    assert read.problems == ()
    text = json.dumps([as_json(d) for d in read.deals], ensure_ascii=False, indent=1) + "\n"
    golden = FOLDER / f"{name}.json"
    if WRITE:
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def test_the_golden_files_are_there() -> None:
    assert {"endplay-example1", "endplay-example4", "endplay-sample", "realbridge-2021",
            "faults"} <= set(NAMES)


# faults.pbn: one fault a deal; whether the deal is still kept, and what is said
FAULTS = [
    (1, True, ["pbn.bad_deal"]), (2, True, ["pbn.partial_deal"]),
    (3, False, ["pbn.bad_contract"]), (4, False, ["pbn.no_contract"]),
    (5, False, ["pbn.bad_declarer"]), (6, False, ["pbn.bad_result"]),
    (7, True, ["pbn.wrong_leader"]), (8, True, ["pbn.unknown_card"]),
    (9, True, ["pbn.result_differs"]), (10, True, ["pbn.play_stops"]),
    (11, True, ["play.not_held", "pbn.play_dropped"]), (12, True, ["pbn.passed_with_play"]),
    (13, True, ["pbn.bad_board", "pbn.bad_dealer", "pbn.bad_vulnerable"]),
    (14, True, ["pbn.bad_play_card"]), (15, False, ["pbn.no_result"]),
    (16, True, ["pbn.contract_from_auction", "pbn.auction_dropped"]),
    (17, True, ["pbn.auction_disagrees", "pbn.auction_dropped"]),
    (18, True, ["pbn.contract_from_auction", "pbn.auction_dropped"]),  # and its play read
]


@pytest.fixture(scope="module")
def faults() -> tuple[PbnDeal, ...]:
    return read_pbn((FOLDER / "faults.pbn").read_text(encoding="utf-8")).deals


@pytest.mark.parametrize(("number", "kept", "codes"), FAULTS)
def test_each_fault_is_said_and_the_rest_kept(faults: tuple[PbnDeal, ...], number: int,
                                              kept: bool, codes: list[str]) -> None:
    deal = faults[number - 1]
    assert (deal.record is not None) == kept
    assert [n.code for n in deal.notes] == codes
    for note in deal.notes:
        assert note.hand == number
        assert note.message and "{" not in note.message and note.message != note.code
    if kept and deal.record and any(c in codes for c in ("pbn.wrong_leader", "pbn.unknown_card",
                                                         "pbn.result_differs",
                                                         "pbn.play_dropped",
                                                         "pbn.bad_play_card")):
        assert "play" not in deal.record and "claim" not in deal.record


def test_a_contract_from_the_auction_or_against_it(faults: tuple[PbnDeal, ...]) -> None:
    assert faults[15].record == {"dealer": "N", "contract": "3NT", "declarer": "N", "tricks": 9}
    assert faults[17].record is not None
    assert (faults[17].record["contract"], faults[17].record["declarer"]) == ("3S", "W")
    assert (faults[17].record["play"], faults[17].record["claim"]) == ([["7H", "4H", "JH",
                                                                         "QH"]], 8)
    assert faults[16].notes[0].message == ("the auction ends in 4S E, but the tags say 4S W: "
                                           "the tags are kept")


@pytest.mark.parametrize(("first", "calls", "expected"), [
    ("N", "1NT Pass 3NT Pass Pass Pass", ("3NT", "N")),
    ("N", "1NT Pass 3NT AP", ("3NT", "N")),
    ("E", "Pass 1H Pass 2H Pass 4H X AP", ("4HX", "S")),  # S named hearts first
    ("S", "1C X XX Pass Pass Pass", ("1CXX", "S")),
    ("W", "1S 2H 2S X XX 3C Pass Pass Pass", ("3C", "N")),  # a new bid undoes the doubles
    ("N", "1D Pass 1H Pass 3H Pass 4H =1= Pass Pass Pass", ("4H", "S")),
    ("W", "Pass Pass Pass Pass", ("Pass", None)), ("W", "AP", ("Pass", None)),
    ("N", "1NT Pass", None),  # not finished
    ("N", "1NT - -", None),  # calls not known
    ("N", "2C 1S", None),  # lower than the last bid
    ("N", "X", None),  # nothing to double
    ("Q", "1NT AP", None), ("N", "8C AP", None),
])
def test_the_contract_an_auction_ends_in(first: str, calls: str,
                                         expected: tuple[str, str | None] | None) -> None:
    assert auction_contract(first, calls.split()) == expected


def test_a_claim_and_an_unfinished_trick() -> None:
    deals = read_pbn((FOLDER / "realbridge-2021.pbn").read_text()).deals
    board17 = next(d for d in deals if d.board == 17)
    assert board17.record is not None
    played = board17.record["play"]
    assert len(played) + board17.record["claim"] <= 13
    unfinished = [n for n in board17.notes if n.code == "pbn.partial_trick"]
    assert unfinished and unfinished[0].params["trick"] == len(played) + 1


def test_what_a_record_cannot_hold_is_said() -> None:
    deal = read_pbn((FOLDER / "endplay-example1.pbn").read_text()).deals[0]
    messages = [n.message for n in deal.notes]
    assert messages == [
        "the auction (1C 1S 2H 4S 5H Pass Pass Pass) is not kept: a deal record holds the "
        "contract, not the bids",
        "these tags are not kept: HomeTeam, Room, Round, Score, Section, Table, VisitTeam"]
    assert (deal.event, deal.site, deal.date) == (
        "16th European Youth Team Championships", "Vienna, Austria AUT", "1998-07-16")
    assert deal.players == {"N": "Linde J", "E": "Saurer B", "S": "Balschun R",
                            "W": "Gloyer A"}


def test_comments_become_the_note() -> None:
    deal = read_pbn((FOLDER / "endplay-example4.pbn").read_text()).deals[0]
    assert deal.record is not None
    assert deal.record["note"] == ("this is a comment this is also a comment "
                                   "this is also a comment")
    assert "Date" in next(n for n in deal.notes if n.code == "pbn.tags_dropped").message


@pytest.mark.parametrize(("text", "code"), [
    ("", "pbn.empty"), ("just words\n\nmore words", "pbn.empty"),
    ("% PBN 2.1\n% only escapes\n", "pbn.empty"),
])
def test_a_file_without_deals_is_said(text: str, code: str) -> None:
    read = read_pbn(text)
    assert read.deals == () and [p.code for p in read.problems] == [code]


def test_too_many_deals_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pbn_module, "MAX_DEALS", 2)
    text = '[Contract "Pass"]\n\n' * 3
    assert [p.code for p in read_pbn(text).problems] == ["pbn.too_large"]


def test_hash_repeats_the_previous_value() -> None:
    text = ('[Event "Club"]\n[Board "1"]\n[Contract "Pass"]\n\n'
            '[Event "#"]\n[Board "2"]\n[Contract "3NT"]\n[Declarer "S"]\n[Result "9"]\n')
    first, second = read_pbn(text).deals
    assert (first.event, second.event) == ("Club", "Club")
    assert second.record == {"contract": "3NT", "declarer": "S", "tricks": 9}


def _same(record: dict[str, Any]) -> dict[str, Any]:
    """A record with its hands in a fixed order (a hand's order is not part of it)."""
    if "deal" not in record:
        return record
    return {**record, "deal": {s: sorted(cards) for s, cards in record["deal"].items()}}


KINDS = ["full", "claim", "lead", "summary", "passed", "no deal"]


def _record(seed: int, kind: str) -> dict[str, Any]:
    return _record_and_expected(seed, kind)[0]


def _record_and_expected(seed: int, kind: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A record of the kind and what it reads back as: itself, except that 13 tricks without
    the deal are written with the hands they show (PBN's Deal tag), so they come back."""
    rng = random.Random(seed)
    record = random_record(rng, rng.randint(0, 12) if kind == "claim" else None)
    if kind == "lead":
        record["lead"] = record.pop("play")[0][0]
    elif kind == "summary":
        record.pop("play")
    elif kind == "passed":
        record = {"dealer": record["dealer"], "passed": True, "deal": record["deal"]}
    if rng.random() < 0.5:
        record["note"] = "Ann's first ♠ slam; ask Bo"
    if kind == "no deal":
        return {k: v for k, v in record.items() if k != "deal"}, record
    return record, record


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(KINDS))
def test_records_go_to_pbn_and_back_unchanged(seed: int, kind: str) -> None:
    record, expected = _record_and_expected(seed, kind)
    text, notes = write_pbn([ExportDeal(record, board=seed % 32 + 1, vulnerable="EW",
                                        players={"N": "Ann", "S": "Bo"})])
    assert notes == []
    (back,) = read_pbn(text).deals
    assert back.notes == ()
    assert back.record is not None and _same(back.record) == _same(expected)
    assert (back.board, back.vulnerable, back.players) == (seed % 32 + 1, "EW",
                                                           {"N": "Ann", "S": "Bo"})


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_endplay_reads_our_pbn_as_we_wrote_it(seed: int, claim: bool) -> None:
    rng = random.Random(seed)
    record = random_record(rng, rng.randint(1, 12) if claim else None)
    text, _notes = write_pbn([ExportDeal(record, board=3, dealer="S", vulnerable="both")])
    (board,) = endplay_pbn.loads(text)
    assert board.board_num == 3 and board.vul.name == "both" and board.dealer.abbr == "S"
    assert board.contract.declarer.abbr == record["declarer"]
    assert board.contract.level == int(record["contract"][0])
    assert 6 + board.contract.level + board.contract.result == record["tricks"]
    assert bool(board.claimed) == claim
    ours = [card for trick in record["play"] for card in trick]
    theirs = [f"{'10' if c.rank.abbr == 'T' else c.rank.abbr}{c.suit.name[0].upper()}"
              for c in board.play]
    assert theirs == ours
    for seat, player in zip("NESW", ("north", "east", "south", "west"), strict=True):
        held = {f"{'10' if c.rank.abbr == 'T' else c.rank.abbr}{c.suit.name[0].upper()}"
                for c in board.deal[getattr(type(board.deal.first), player)]}
        assert held == set(record["deal"][seat])


EXPORT_RECORDS = [
    {"dealer": "N", "contract": "4HX", "declarer": "S", "tricks": 10, "lead": "KS"},
    {"dealer": "E", "contract": "3NT", "declarer": "W", "tricks": 7,
     "honours": {"side": "NS", "points": 150}},
    {"dealer": "S", "passed": True},
    {"dealer": "W", "contract": "6NTXX", "declarer": "N", "tricks": 12,
     "note": "a {braced} note", "mood": "tired"},
    {"dealer": "N", "contract": "9S", "declarer": "S", "tricks": 10},
    {"dealer": "N", "contract": "2S", "declarer": "S", "tricks": 15},
]


def test_export_golden_and_what_it_says() -> None:
    records = [*EXPORT_RECORDS, _record(2026, "claim"), _record(38, "full")]
    text, notes = write_pbn([ExportDeal(r, board=i, event="Tuesday rubber", date="2026-12-08",
                                        scoring="Rubber")
                             for i, r in enumerate(records, 1)])
    golden = FOLDER / "export.pbn"
    if WRITE:
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")
    assert [(n.hand, n.message) for n in notes] == [
        (2, "PBN has no tag for honours: NS's 150 for honours are not written"),
        (4, "mood is not written: PBN has no tag for it"),
        (4, "the note's braces are written as round brackets: a PBN comment can't hold "
            "braces"),
        (5, "this deal is not written: a deal record needs a contract, a declarer and its "
            "tricks, or \"passed\""),
        (6, "tricks must be a whole number from 0 to 13, not 15"),
        (6, "this deal is not written: a deal record needs a contract, a declarer and its "
            "tricks, or \"passed\""),
    ]
    assert text.count("[Event ") == 6  # the two bad records are left out, said


def test_check_output_keys_are_not_said() -> None:
    record = {"contract": "4S", "declarer": "N", "tricks": 10, "vulnerable": "none",
              "result": "made", "over_under": 0, "points": {"NS": 420, "EW": 0},
              "score": {"NS": 420, "EW": 0}, "below": {"NS": 120, "EW": 0},
              "above": {"NS": 0, "EW": 0}}
    _text, notes = write_pbn([ExportDeal(record)])
    assert notes == []


def test_an_illegal_play_is_not_written_but_said() -> None:
    record = _record(7, "full")
    record["play"][0] = list(reversed(record["play"][0]))
    text, notes = write_pbn([ExportDeal(record)])
    assert "[Play " not in text
    assert notes[-1].code == "pbn.play_not_written"
