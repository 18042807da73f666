"""A stored Euchre match as Euchre Game Notation (EGN 1.4), whatever its hands record.

:func:`write.match_to_egn` writes hands that carry everything EGN holds (turn-up, bidding,
tricks) and refuses the rest. This module exports every checked Euchre match, as the schema
allows:

- A hand with a turn-up and a card record is written exactly as ``match_to_egn`` writes it (so
  every EGN file imports, exports and imports again to the same match).
- A hand recorded by its outcome only keeps what is known: the dealer; the up card (``X`` and
  its suit when only the suit is known, ``Xx`` when nothing is: the schema's unknown card); the
  calls when the round is known (the passes before the caller's order or named suit); alone,
  the discard, the holdings known and the tricks recorded; and, in the deal's annotations, in
  words, what EGN has no field for (who called when the round is unknown, the makers' tricks, a
  declared renege, the hand's note), followed by the hand itself in the match format on one
  line (``scorekeeper-hand {...}``, :data:`annotations.HAND_LINE`), so that our own importer
  reads such a hand back exactly.
- The score: ``metadata.finalScore`` (the replayed score) beside ``initialScore``. Rules EGN has
  no field for (the renege points, a lone defender's points) are named in
  ``metadata.description``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ....engine.cards import SEATS, SUIT_NAMES, next_seat
from ....engine.limits import NOTE_MAX
from ....engine.matchfile import check_match
from .annotations import HAND_LINE
from .values import card_to_egn
from .write import EgnExportError, dealt_holdings, hand_to_deal, match_to_egn

# Rules of ours that EGN's ruleset can't hold: named in the description instead.
_NOT_IN_EGN = ("renege_points", "renege_points_alone", "lone_defender_points")
DESCRIPTION_MAX = 1024  # metadata.description in the schema
ANNOTATION_MAX = 1024  # one annotation line in the schema


def export_egn(match: dict[str, Any]) -> dict[str, Any]:
    """EGN 1.4 for a checked Euchre match (any hands). Raises :class:`EgnExportError` only for
    a match that is not Euchre."""
    if match.get("game") != "euchre":
        raise EgnExportError("only Euchre matches can be written as EGN")
    rules = dict(match.get("rules") or {})
    kept = {k: v for k, v in rules.items() if k not in _NOT_IN_EGN}
    lost = {k: v for k, v in rules.items() if k in _NOT_IN_EGN}
    egn = match_to_egn({**match, "rules": kept, "hands": []})
    state = check_match(match).state
    if state is not None:
        egn["metadata"]["finalScore"] = [state.score["NS"], state.score["EW"]]
    if lost:
        text = "Rules EGN has no field for: " + ", ".join(f"{k} {v}" for k, v in lost.items())
        egn["metadata"]["description"] = text[:DESCRIPTION_MAX]
    egn["deals"] = _deals(match)
    return egn


def _deals(match: dict[str, Any]) -> list[dict[str, Any]]:
    deals = []
    dealer: str | None = None
    for index, hand in enumerate(match.get("hands", [])):
        rotation = match.get("first_dealer", "N") if dealer is None else next_seat(dealer)
        dealer = hand.get("dealer", rotation)
        try:
            deal = hand_to_deal(hand, index, dealer)
        except EgnExportError:
            deal = _partial_deal(hand, index, dealer)
            _annotate(deal, _what_egn_lacks(hand, dealer), _hand_line(hand))
        else:
            if isinstance(hand.get("note"), str) and hand["note"]:
                _annotate(deal, [hand["note"]])
        deals.append(deal)
    return deals


def _annotate(deal: dict[str, Any], texts: list[str], hand_line: Sequence[str] = ()) -> None:
    """Commentary on the deal's last phase (where ``match_to_egn`` puts a hand's note).

    The texts for a person are cut to a note's length; the hand's own line is not (``_hand_line``
    keeps it within an annotation's length, and a cut line would not read back)."""
    lines = [text[:NOTE_MAX] for text in texts] + list(hand_line)
    if not lines:
        return
    last = deal["phases"][-1]
    key = "playAnnotations" if last.get("type") == "TRICK_PLAY" else "callAnnotations"
    last[key] = {"0": lines}


def _round(hand: dict[str, Any]) -> int | None:
    """The bidding round, when the hand tells it (given, or from trump and the turn-up)."""
    if hand.get("round") in (1, 2):
        return int(hand["round"])
    trump, turn_up = hand.get("trump"), hand.get("turn_up")
    if isinstance(trump, str) and isinstance(turn_up, str) and turn_up != "JK":
        return 1 if turn_up.endswith(trump) else 2
    return None


def _joker_named(hand: dict[str, Any]) -> bool:
    """The Joker was turned up and the suit named for it may be trump (round 1, or the round
    not recorded): EGN has no field for that suit."""
    return hand.get("turn_up") == "JK" and not hand.get("passed") and _round(hand) != 2


def _up_card(hand: dict[str, Any]) -> str:
    """The turn-up; else ``X`` of its suit (round 1 makes trump the turn-up's suit) or ``Xx``."""
    if isinstance(hand.get("turn_up"), str):
        return card_to_egn(hand["turn_up"])
    trump = hand.get("trump")
    if _round(hand) == 1 and isinstance(trump, str):
        return "X" + trump.lower()
    return "Xx"


def _calls(hand: dict[str, Any], dealer: str) -> list[str]:
    """The calls when they are known: everyone passing, or the passes up to the caller's call.

    Unknown (an empty list) when the round is not recorded, or round 2 without the suit named,
    or trump was the suit named for a turned-up Joker.
    """
    if hand.get("passed"):
        return ["Pass"] * 8
    caller, round_, trump = hand.get("caller"), _round(hand), hand.get("trump")
    if _joker_named(hand):
        return []  # an Order of the up card B would make no suit trump
    if caller not in SEATS or round_ is None or (round_ == 2 and not trump):
        return []
    offset = (SEATS.index(caller) - SEATS.index(dealer) - 1) % 4
    if round_ == 1:
        return ["Pass"] * offset + ["Order"]
    return ["Pass"] * (4 + offset) + [str(trump).lower()]


def _partial_deal(hand: dict[str, Any], index: int, dealer: str) -> dict[str, Any]:
    """One EGN deal holding what an incomplete hand records."""
    state: dict[str, Any] = {"dealer": SEATS.index(dealer), "upCard": _up_card(hand)}
    holdings = _known_dealt(hand, dealer)
    if holdings:
        state["playerCards"] = [[card_to_egn(c) for c in holdings.get(seat, [])]
                                for seat in SEATS]
    bidding: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING",
                               "calls": _calls(hand, dealer),
                               "isAlone": bool(hand.get("alone", False))}
    if hand.get("defender_alone") in SEATS:
        bidding["aloneDefender"] = SEATS.index(hand["defender_alone"])
    if isinstance(hand.get("discard"), str):
        bidding["discard"] = card_to_egn(hand["discard"])
    phases: list[dict[str, Any]] = [bidding]
    if hand.get("play"):
        phases.append({"phaseNumber": 1, "type": "TRICK_PLAY",
                       "tricks": [[card_to_egn(c) for c in trick] for trick in hand["play"]]})
    return {"dealNumber": index, "initialState": state, "phases": phases}


def _known_dealt(hand: dict[str, Any], dealer: str) -> dict[str, list[str]]:
    """The dealt holdings known (before the exchange): as ``match_to_egn`` with a turn-up;
    without one, the dealer's dealt cards are unknown unless trump was named in round 2."""
    deal = hand.get("deal")
    if not isinstance(deal, dict):
        return {}
    if isinstance(hand.get("turn_up"), str):
        return dealt_holdings(hand, dealer)
    return {seat: list(cards) for seat, cards in deal.items()
            if seat != dealer or _round(hand) == 2}


def _what_egn_lacks(hand: dict[str, Any], dealer: str) -> list[str]:
    """The hand's facts EGN has no field for, in words (commentary for a person)."""
    texts = []
    trump = hand.get("trump")
    caller = hand.get("caller")
    joker_suit = SUIT_NAMES.get(trump) if isinstance(trump, str) and _joker_named(hand) else None
    if joker_suit:
        ordered = f"; {caller} ordered it up in round 1" if _round(hand) == 1 else ""
        texts.append(f"The Joker was turned up; the dealer named {joker_suit} for it{ordered}")
    if caller in SEATS and not _calls(hand, dealer) and not (joker_suit and _round(hand)):
        named = f" ({SUIT_NAMES[trump]} trump)" if trump in SUIT_NAMES else ""
        texts.append(f"{caller} called{named}; the bidding was not recorded")
    tricks = hand.get("makers_tricks")
    if isinstance(tricks, int) and not hand.get("play"):
        took = "1 trick" if tricks == 1 else f"{tricks} tricks"
        texts.append(f"The makers took {took}; the cards were not recorded")
    if hand.get("renege") in SEATS:
        texts.append(f"{hand['renege']} reneged (declared)")
    if isinstance(hand.get("note"), str) and hand["note"]:
        texts.append(hand["note"])
    return texts


def _hand_line(hand: dict[str, Any]) -> list[str]:
    """The hand in the match format as one annotation line (without its note when the line
    would be longer than an EGN annotation may be; the note is its own line anyway)."""
    for kept in (hand, {k: v for k, v in hand.items() if k != "note"}):
        line = HAND_LINE + json.dumps(kept, ensure_ascii=False, separators=(",", ":"))
        if len(line) <= ANNOTATION_MAX:
            return [line]
    return []
