"""A deal record's cards read as our cards, with no solver: the four hands (given, or from 13
tricks played out) and the tricks of its ``play``. Apart from analysis.py so that PBN export
and the statistics read them without loading endplay."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .analysis_words import BridgeProblem
from .notation import SEATS, next_seat, parse_card, read_hands, trick_winner
from .scoring import parse_contract


def deal_hands(record: Mapping[str, Any]) -> tuple[dict[str, tuple[str, ...]] | None,
                                                   list[BridgeProblem]]:
    """The four hands of a record: its ``deal``, else (a deal played out to the end with no
    ``deal``) the cards of its 13 tricks by who played them. None and no problem: not known."""
    if "deal" in record:
        checked = read_hands(record["deal"])
        if checked.hands is None:
            return None, [BridgeProblem(checked.problem, field="deal", params=checked.params)]
        return checked.hands, []
    play, contract = record.get("play"), parse_contract(str(record.get("contract", "")))
    declarer = record.get("declarer")
    if (not isinstance(play, list) or len(play) != 13 or contract is None
            or declarer not in SEATS):
        return None, []
    tricks, problems = read_tricks(play)
    if problems:
        return None, problems
    hands: dict[str, list[str]] = {seat: [] for seat in SEATS}
    leader = next_seat(str(declarer))
    for cards in tricks:
        for i, card in enumerate(cards):
            hands[next_seat(leader, i)].append(card)
        leader = trick_winner(cards, leader, contract.strain)
    checked = read_hands(hands)
    if checked.hands is None:
        return None, [BridgeProblem(checked.problem, field="play", params=checked.params)]
    return checked.hands, []


def read_tricks(play: Sequence[Any]) -> tuple[list[list[str]], list[BridgeProblem]]:
    """The tricks of a record's ``play`` as our cards, or the problem with the first bad one."""
    tricks: list[list[str]] = []
    if len(play) > 13:
        return [], [BridgeProblem("play.too_many", field="play")]
    for no, trick in enumerate(play, 1):
        if not isinstance(trick, list) or len(trick) != 4:
            return [], [BridgeProblem("play.bad_trick", field="play", trick=no,
                                      params={"trick": no})]
        cards = [parse_card(text) for text in trick]
        bad = next((str(text) for text, card in zip(trick, cards, strict=True) if card is None),
                   None)
        if bad is not None:
            return [], [BridgeProblem("play.bad_card", field="play", trick=no,
                                      params={"trick": no, "value": bad[:12]})]
        tricks.append([card for card in cards if card is not None])
    return tricks, []
