"""Euchre Game Notation, read deal by deal: an EGN deal (its dealt cards, bidding and play)
becomes a hand of the match format (EGN's values in values.py, its annotations
in annotations.py).

:mod:`.read` reads the match level (header, players, rules, EMN) and calls
:func:`read_deals`. As there, nothing here judges the rules (the engine does) and nothing raises.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....engine.cards import SEATS
from ....engine.problems import Problem
from ..rules import seating
from .annotations import annotations_note, exported_hand
from .messages import EgnProblem
from .values import egn_card, missing_or_bad, shown

_SUIT_CALLS = ("s", "h", "d", "c")
_NO_TRUMP_CALLS = ("n", "x")


def _seat_number(value: object) -> int | None:
    """``value`` if it is a seat number 0-3, else None."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return value
    return None


# ---------------------------------------------------------------------------------------------
# Reading: deals


@dataclass(slots=True)
class _Bid:
    """The outcome of the bidding: everyone passed, or who made which trump in which round."""

    passed: bool
    caller: int = -1
    round: int = 0
    trump: str | None = None


@dataclass(slots=True)
class _Phases:
    """The two phases of a deal, found by their ``type``."""

    bidding: dict[str, Any] | None = None
    play: dict[str, Any] | None = None


def read_deals(deals: object, rules: dict[str, Any],
               problems: list[Problem]) -> list[dict[str, Any]]:
    """One hand per EGN deal (a passed deal is a hand too, so hand numbers match deals)."""
    if not isinstance(deals, list):
        missing_or_bad("deals", deals, "a list of deals", problems)
        return []
    hands = []
    for no, deal in enumerate(deals, start=1):
        hand = _deal_to_hand(deal, no, rules, problems)
        if hand is not None:
            hands.append(hand)
    return hands


def _deal_to_hand(deal: object, no: int, rules: dict[str, Any],
                  problems: list[Problem]) -> dict[str, Any] | None:
    """Convert one EGN deal to a Euchre hand record, or None (with problems)."""
    if isinstance(deal, str):
        problems.append(EgnProblem("egn.encoded_deal", field="deals", hand=no))
        return None
    if not isinstance(deal, dict):
        missing_or_bad("deals", deal, "an object", problems, hand=no)
        return None
    start = len(problems)
    state = deal.get("initialState")
    if not isinstance(state, dict):
        missing_or_bad("initialState", state, "an object", problems, hand=no)
        return None
    dealer = _dealer(state.get("dealer"), no, problems)
    if dealer is None:
        return None
    exported = exported_hand(deal)
    if exported is not None:  # our own export of a hand EGN could not hold: take it as it was
        return {**exported, "dealer": SEATS[dealer]}
    turn_up = _card(state.get("upCard"), "upCard", no, problems)
    dealt = _dealt(state.get("playerCards", state.get("player_cards")), no, problems)
    phases = _phases(deal.get("phases"), no, problems)
    if phases.bidding is None:
        return None
    bid = _bidding(phases.bidding.get("calls"), dealer, turn_up, no, problems)
    if bid is None or len(problems) > start:
        return None
    hand: dict[str, Any] = {"dealer": SEATS[dealer], "turn_up": turn_up}
    if bid.passed:
        made = _passed_hand(hand, dealt, phases, no, problems)
    else:
        made = _played_hand(hand, bid, dealt, phases, no, rules, problems)
    note = annotations_note(deal)
    if made is not None and note:
        made["note"] = note
    return made


def _dealer(value: object, no: int, problems: list[Problem]) -> int | None:
    """The dealer's seat index 0-3."""
    index = _seat_number(value)
    if index is not None:
        return index
    if value is None:
        missing_or_bad("dealer", value, "", problems, hand=no)
    else:
        problems.append(EgnProblem("egn.bad_dealer", field="dealer", hand=no,
                                params={"value": shown(value)}))
    return None


def _card(value: object, field: str, no: int, problems: list[Problem],
          trick: int | None = None) -> str | None:
    """One card in our notation, or None with a problem."""
    card = egn_card(value)
    if card is None:
        if value is None:
            missing_or_bad(field, value, "", problems, hand=no)
        else:
            problems.append(EgnProblem("egn.bad_card", field=field, hand=no, trick=trick,
                                    params={"value": shown(value)}))
    return card


def _cards(value: object, field: str, no: int, problems: list[Problem],
           trick: int | None = None) -> list[str] | None:
    """A list of cards in our notation, or None with problems."""
    if not isinstance(value, list):
        missing_or_bad(field, value, "a list of cards", problems, hand=no, trick=trick)
        return None
    cards = [_card(v, field, no, problems, trick) for v in value]
    known = [card for card in cards if card is not None]
    return known if len(known) == len(cards) else None


def _dealt(value: object, no: int, problems: list[Problem]) -> dict[str, list[str]]:
    """The dealt holdings of the seats whose cards are known (an empty list: unknown)."""
    if value is None:
        return {}
    if not isinstance(value, list) or len(value) > 4:
        problems.append(EgnProblem("egn.bad_holdings", field="playerCards", hand=no,
                                params={"value": shown(value)}))
        return {}
    dealt: dict[str, list[str]] = {}
    for seat, holding in zip(SEATS, value, strict=False):
        cards = _cards(holding, "playerCards", no, problems)
        if cards:
            dealt[seat] = cards
    return dealt


def _phases(value: object, no: int, problems: list[Problem]) -> _Phases:
    """The bidding and trick-play phases of a deal, whatever their order or numbering."""
    phases = _Phases()
    start = len(problems)
    if not isinstance(value, list):
        missing_or_bad("phases", value, "a list of phases", problems, hand=no)
        return phases
    for phase in value:
        kind = phase.get("type") if isinstance(phase, dict) else None
        if kind not in ("EUCHRE_BIDDING", "TRICK_PLAY"):
            problems.append(EgnProblem("egn.bad_phase", field="phases", hand=no,
                                    params={"value": shown(kind)}))
            continue
        slot = "bidding" if kind == "EUCHRE_BIDDING" else "play"
        if getattr(phases, slot) is not None:
            problems.append(EgnProblem("egn.duplicate_phase", field="phases", hand=no,
                                    params={"value": kind}))
        setattr(phases, slot, phase)
    if phases.bidding is None and len(problems) == start:
        problems.append(EgnProblem("egn.no_bidding", field="calls", hand=no))
    return phases


def _bidding(calls: object, dealer: int, turn_up: str | None, no: int,
             problems: list[Problem]) -> _Bid | None:
    """Who made trump, in which round, from the list of calls."""
    if not isinstance(calls, list):
        missing_or_bad("calls", calls, "a list of calls", problems, hand=no)
        return None
    if len(calls) > 8:
        problems.append(EgnProblem("egn.too_many_calls", field="calls", hand=no,
                                params={"count": len(calls)}))
        return None
    for k, call in enumerate(calls):
        if call == "Pass":
            continue
        bid = _make(call, k, dealer, turn_up, no, problems)
        if bid is not None and k != len(calls) - 1:
            problems.append(EgnProblem("egn.calls_after_trump", field="calls", hand=no,
                                    params={"no": k + 1}))
        return bid
    if len(calls) == 8:
        return _Bid(passed=True)
    problems.append(EgnProblem("egn.bidding_unfinished", field="calls", hand=no,
                            params={"count": len(calls)}))
    return None


def _make(call: object, k: int, dealer: int, turn_up: str | None, no: int,
          problems: list[Problem]) -> _Bid | None:
    """The bid made by call ``k`` (not a pass), or None with a problem."""
    round_ = 1 if k < 4 else 2
    caller = (dealer + 1 + k) % 4
    if round_ == 1 and call == "Order" and turn_up == "JK":
        # Order makes the up card's suit trump, and EGN's Joker has none: the suit the dealer
        # named for it is not in the file
        problems.append(EgnProblem("egn.joker_ordered", field="calls", hand=no))
        return None
    if round_ == 1 and call == "Order":
        return _Bid(passed=False, caller=caller, round=1, trump=turn_up and turn_up[-1])
    if round_ == 2 and isinstance(call, str) and call.lower() in _SUIT_CALLS:
        return _Bid(passed=False, caller=caller, round=2, trump=call.upper())
    code = "egn.unsupported_call" if call in _NO_TRUMP_CALLS else "egn.bad_call"
    problems.append(EgnProblem(code, field="calls", hand=no,
                               params={"no": k + 1, "value": shown(call), "round": round_}))
    return None


def _passed_hand(hand: dict[str, Any], dealt: dict[str, list[str]], phases: _Phases, no: int,
                 problems: list[Problem]) -> dict[str, Any] | None:
    """A deal everyone passed: thrown in (the engine refuses it under stick the dealer)."""
    if phases.play is not None and phases.play.get("tricks"):
        problems.append(EgnProblem("egn.tricks_after_pass", field="tricks", hand=no))
        return None
    hand["passed"] = True
    if dealt:
        hand["deal"] = dealt
    return hand


def _played_hand(hand: dict[str, Any], bid: _Bid, dealt: dict[str, list[str]], phases: _Phases,
                 no: int, rules: dict[str, Any], problems: list[Problem]) -> dict[str, Any] | None:
    """A deal where trump was made: caller, trump, alone, exchange, deal and play."""
    bidding, play = phases.bidding or {}, phases.play or {}
    start = len(problems)
    alone = _alone(bidding, play, no, problems)
    defender = _alone_defender(bidding.get("aloneDefender", -1), no, problems)
    if bidding.get("cardExchanges"):
        problems.append(EgnProblem("egn.unsupported_exchange", field="cardExchanges", hand=no))
    discard = None
    if bidding.get("discard") is not None:
        discard = _card(bidding.get("discard"), "discard", no, problems)
    tricks = _tricks(play.get("tricks"), no, problems)
    if len(problems) > start:
        return None
    hand.update(caller=SEATS[bid.caller], round=bid.round, trump=bid.trump, alone=alone)
    if defender is not None:
        hand["defender_alone"] = defender
    if discard is not None:
        hand["discard"] = discard
    deal = _holdings_at_play(dealt, hand, no, problems)
    if deal:
        hand["deal"] = deal
    hand["play"] = tricks
    _check_initial_lead(play.get("initialLead"), hand, rules, no, problems)
    return None if len(problems) > start else hand


def _alone(bidding: dict[str, Any], play: dict[str, Any], no: int,
           problems: list[Problem]) -> bool:
    """``isAlone`` of the bidding phase (legacy files may also repeat it on the trick play)."""
    values = [p["isAlone"] for p in (bidding, play) if p.get("isAlone") is not None]
    for value in values:
        if not isinstance(value, bool):
            missing_or_bad("isAlone", value, "true or false", problems, hand=no)
            return False
    if len(set(values)) > 1:
        problems.append(EgnProblem("egn.alone_conflict", field="isAlone", hand=no))
    return bool(values and values[0])


def _alone_defender(value: object, no: int, problems: list[Problem]) -> str | None:
    """The seat defending alone (``aloneDefender``; -1 or absent: nobody)."""
    if value is None or value == -1:
        return None
    index = _seat_number(value)
    if index is not None:
        return SEATS[index]
    problems.append(EgnProblem("egn.bad_alone_defender", field="aloneDefender", hand=no,
                            params={"value": shown(value)}))
    return None


def _tricks(value: object, no: int, problems: list[Problem]) -> list[list[str]]:
    """The tricks in play order (at least one: a hand without tricks cannot be scored)."""
    if value is None or value == []:
        problems.append(EgnProblem("egn.no_tricks", field="tricks", hand=no))
        return []
    if not isinstance(value, list):
        missing_or_bad("tricks", value, "a list of tricks", problems, hand=no)
        return []
    tricks = []
    for t, trick in enumerate(value, start=1):
        cards = _cards(trick, "tricks", no, problems, trick=t)
        tricks.append(cards or [])
    return tricks


def _holdings_at_play(dealt: dict[str, list[str]], hand: dict[str, Any], no: int,
                      problems: list[Problem]) -> dict[str, list[str]]:
    """Each known seat's cards when play starts: the dealer takes the up card and discards.

    The up card takes the discard's place in the dealer's list. Without a recorded discard
    the dealer's holding after a round-1 exchange is unknown, so the dealer is left out of the
    deal (a deal may list only some seats).
    """
    deal = {seat: list(cards) for seat, cards in dealt.items()}
    dealer, discard = hand["dealer"], hand.get("discard")
    if hand["round"] != 1 or dealer not in deal:
        return deal
    cards = deal.pop(dealer)
    if discard is None:
        return deal
    if discard != hand["turn_up"]:
        if discard not in cards:
            problems.append(EgnProblem("egn.discard_not_held", field="discard", hand=no,
                                    params={"card": discard}))
            return deal
        cards[cards.index(discard)] = hand["turn_up"]
    deal[dealer] = cards
    return deal


def _check_initial_lead(given: object, hand: dict[str, Any], rules: dict[str, Any], no: int,
                        problems: list[Problem]) -> None:
    """Legacy ``initialLead`` must agree with the leader the rules give."""
    if given is None or hand.get("defender_alone") is not None:
        return
    _out, expected = seating(hand["dealer"], hand["caller"], hand["alone"], None,
                             rules.get("lone_lead", "dealer_left"))
    if given != SEATS.index(expected):
        problems.append(EgnProblem("egn.lead_mismatch", field="initialLead", hand=no,
                                params={"given": shown(given),
                                        "expected": SEATS.index(expected)}))
