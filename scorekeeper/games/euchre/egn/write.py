"""Writing a Euchre match with card records as EGN 1.4."""

from __future__ import annotations

from typing import Any

from ....engine.cards import SEATS, next_seat
from ..rules import PACK_LOW
from .read import EGN_FILE_TYPE, EGN_VERSION, LONE_LEAD, POINT_RULES
from .values import card_to_egn


class EgnExportError(ValueError):
    """The match holds something EGN cannot express (the message says what, for a person)."""


def match_to_egn(match: dict[str, Any]) -> dict[str, Any]:
    """EGN 1.4 for a checked Euchre match whose hands carry the turn-up and the tricks.

    :raises EgnExportError: for Whist, a rule EGN has no field for, or a hand without a turn-up,
        trump or tricks (EGN records cards, not only trick counts).
    """
    if match.get("game") != "euchre":
        raise EgnExportError("only Euchre matches can be written as EGN")
    rules = match.get("rules") or {}
    seats = match["seats"]
    start = match.get("start_score") or {}
    deals = []
    dealer = None
    for index, hand in enumerate(match.get("hands", [])):
        rotation = match.get("first_dealer", "N") if dealer is None else next_seat(dealer)
        dealer = hand.get("dealer", rotation)
        deal = hand_to_deal(hand, index, dealer)
        if isinstance(hand.get("note"), str) and hand["note"] and deal.get("phases"):
            last = deal["phases"][-1]  # the note, as commentary on the deal's last phase
            key = "playAnnotations" if last.get("type") == "TRICK_PLAY" else "callAnnotations"
            last[key] = {"0": [hand["note"]]}
        deals.append(deal)
    metadata: dict[str, Any] = {}
    if match.get("title"):
        metadata["title"] = match["title"]
    if match.get("played"):
        metadata["date"] = match["played"]
    metadata.update({
        "players": [seats[seat] for seat in SEATS],
        "initialScore": [start.get("NS", 0), start.get("EW", 0)],
        "ruleset": _egn_ruleset(rules),
    })
    return {
        "fileType": EGN_FILE_TYPE,
        "version": EGN_VERSION,
        "metadata": metadata,
        "deals": deals,
    }


def _egn_ruleset(rules: dict[str, Any]) -> dict[str, Any]:
    """The EGN ruleset of our rule options (refusing those EGN cannot express)."""
    lost = [name for name in ("renege_points", "renege_points_alone", "lone_defender_points")
            if name in rules]
    if lost:
        raise EgnExportError(f"EGN has no rule for {', '.join(lost)}")
    lone_lead = {ours: egn for egn, ours in LONE_LEAD.items()}[rules.get("lone_lead",
                                                                          "dealer_left")]
    ruleset: dict[str, Any] = {
        "std": bool(rules.get("stick_the_dealer", False)),
        "canadian": bool(rules.get("canadian_loner", False)),
        "loner_lead": lone_lead,
    }
    if rules.get("defend_alone"):
        ruleset["defend_alone"] = True
    if rules.get("pack", 24) != 24:
        ruleset["min_rank"] = PACK_LOW[rules["pack"]]  # EGN's 28- and 32-card packs
    if rules.get("joker"):
        ruleset["joker"] = True  # the Joker is written B
    for egn_name, ours, default in POINT_RULES:
        if rules.get(ours, default) != default:
            ruleset[egn_name] = rules[ours]
    if rules.get("deals") is not None:
        ruleset["num_deals"] = rules["deals"]
    elif rules.get("target", 10) != 10:
        ruleset["winning_score"] = rules["target"]
    return ruleset


def hand_to_deal(hand: dict[str, Any], index: int, dealer: str) -> dict[str, Any]:
    """One EGN deal (bidding and trick play) for one hand of the match."""
    no = index + 1
    turn_up = hand.get("turn_up")
    if not isinstance(turn_up, str):
        raise EgnExportError(f"hand {no} has no turn-up, which EGN requires")
    if turn_up == "JK" and not hand.get("passed") and hand.get("round") != 2:
        # EGN's round-1 "Order" makes the up card's suit trump, and its Joker (B) has none
        raise EgnExportError(f"hand {no}: the Joker was turned up and trump made in round 1 (or "
                             "the round is not recorded); EGN can't record the suit the dealer "
                             "named for a turned-up Joker")
    state: dict[str, Any] = {"dealer": SEATS.index(dealer), "upCard": card_to_egn(turn_up)}
    dealt = dealt_holdings(hand, dealer)
    if dealt:
        state["playerCards"] = [[card_to_egn(c) for c in dealt.get(seat, [])] for seat in SEATS]
    bidding: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING",
                               "calls": _calls(hand, dealer, no),
                               "isAlone": bool(hand.get("alone", False))}
    phases: list[dict[str, Any]] = [bidding]
    if hand.get("renege"):
        raise EgnExportError(f"hand {no} declares a renege, which EGN can't record (it keeps "
                             "only the cards, which show a renege without declaring it)")
    if not hand.get("passed"):
        if hand.get("defender_alone"):
            bidding["aloneDefender"] = SEATS.index(hand["defender_alone"])
        if hand.get("discard"):
            bidding["discard"] = card_to_egn(hand["discard"])
        if not hand.get("play"):
            raise EgnExportError(f"hand {no} has no card record, which EGN requires")
        phases.append({"phaseNumber": 1, "type": "TRICK_PLAY",
                       "tricks": [[card_to_egn(c) for c in trick] for trick in hand["play"]]})
    return {"dealNumber": index, "initialState": state, "phases": phases}


def _calls(hand: dict[str, Any], dealer: str, no: int) -> list[str]:
    """The calls: passes round the table up to the caller's order or named suit."""
    if hand.get("passed"):
        return ["Pass"] * 8
    trump = hand.get("trump")
    if hand.get("caller") not in SEATS:
        raise EgnExportError(f"hand {no} does not say who called trump")
    if _round(hand) == 2 and not trump:
        raise EgnExportError(f"hand {no} names trump in round 2 but does not say which suit")
    offset = (SEATS.index(hand["caller"]) - SEATS.index(dealer) - 1) % 4
    if _round(hand) == 1:
        return ["Pass"] * offset + ["Order"]
    return ["Pass"] * (4 + offset) + [str(trump).lower()]


def _round(hand: dict[str, Any]) -> int:
    """The bidding round of a hand where trump was made (given, or from trump and turn-up)."""
    if hand.get("round") in (1, 2):
        return int(hand["round"])
    if hand["turn_up"] == "JK":
        return 1  # the suit named for a turned-up Joker is the trump of round 1
    return 1 if hand.get("trump") in (None, hand["turn_up"][-1]) else 2


def dealt_holdings(hand: dict[str, Any], dealer: str) -> dict[str, list[str]]:
    """The dealt holdings (before the exchange) of the seats whose cards are recorded.

    After a round-1 exchange the dealer's dealt cards are known only with the discard.
    """
    deal = {seat: list(cards) for seat, cards in (hand.get("deal") or {}).items()}
    turn_up, discard = hand["turn_up"], hand.get("discard")
    if not hand.get("passed") and _round(hand) == 1 and dealer in deal:
        cards = deal.pop(dealer)
        if discard == turn_up:
            deal[dealer] = cards
        elif discard and turn_up in cards:
            cards[cards.index(turn_up)] = discard
            deal[dealer] = cards
    return deal
