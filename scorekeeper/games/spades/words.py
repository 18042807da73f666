"""Spades at the table: its presets, its options' words, the Save label's, the Undo button's,
the corrections list's and the history's words (``GAME`` in :mod:`scorekeeper.games.spades.rules`).
Pure, as the rest of the module (kept apart for its size)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.cards import SEATS, TEAM_OF, TEAMS
from ...engine.game import Preset
from ...engine.messages import N_
from ...engine.numbers import points_text
from ...engine.parts.words import TagWords
from ...engine.result import HandResult

BLIND_NIL = "blind_nil"
NIL_POINTS = {0: 100, BLIND_NIL: 200}

PRESETS = (
    Preset("standard", N_("Standard to 500")),
    Preset("blind_nil", N_("Blind nil allowed"), {"blind_nil": True}),
    # bags off: overtricks still score a point each, and never cost 100
    Preset("no_bags", N_("No bags"), {"bag_limit": 0}),
)

# The game's own hand fields as the problems name them (``Game.field_words``; the fields the
# generic layers know, dealer, note, ..., are worded in i18n/labels.py).
FIELD_WORDS = {"tricks_NS": N_("NS tricks")}
OPTION_WORDS = {
    "lose_at": (N_("Lose at"),
                N_("A side at or below this score loses (leave empty: never).")),
    "bag_limit": (N_("Bags limit"),
                  N_("Each time a side's bags (overtricks) reach this many, it loses the "
                     "bag penalty; 0: bags never cost anything.")),
    "bag_penalty": (N_("Bag penalty"),
                    N_("Points a side loses each time its bags reach the limit.")),
    "blind_nil": (N_("Blind nil"),
                  N_("A player may bid nil before looking at the cards: 200 points made or "
                     "lost.")),
}


def history_tags(hand: Mapping[str, Any], rules: Mapping[str, Any]) -> TagWords:
    """The history's words of a hand: the four bids ("N 3", "S nil", "W blind nil")."""
    raw = hand.get("bids")
    bids: Mapping[str, Any] = raw if isinstance(raw, dict) else {}
    out: list[tuple[str, dict[str, Any]]] = []
    for seat in SEATS:
        bid = bids.get(seat)
        if bid == BLIND_NIL:
            out.append((N_("%(seat)s blind nil"), {"seat": seat}))
        elif bid == 0:
            out.append((N_("%(seat)s nil"), {"seat": seat}))
        elif bid is not None:
            out.append((N_("%(seat)s %(n)s"), {"seat": seat, "n": bid}))
    return tuple(out)


def outcome_words(hand: Mapping[str, Any], result: HandResult,
                  rules: Mapping[str, Any]) -> TagWords:
    """What a hand did, side by side and nil by nil, as the engine scored it:
    "NS make 7 + 2 bags → +72", "S nil made +100", "EW set −60", "NS 10 bags → −100"."""
    d: Any = result.details  # SpadesDetails (its module imports this one)
    contracts = getattr(d, "contracts", None)
    if contracts is None or result.tricks is None:
        return ()
    out: list[tuple[str, dict[str, Any]]] = []
    for side in TEAMS:
        contract, taken, bags = contracts[side], result.tricks[side], d.overtricks[side]
        if taken >= contract and contract:
            points = 10 * contract + bags
            if bags:
                out.append((N_("%(team)s make %(n)s + %(b)s bags → +%(p)s") if bags > 1
                            else N_("%(team)s make %(n)s + 1 bag → +%(p)s"),
                            {"team": side, "n": contract, "b": bags, "p": points}))
            else:
                out.append((N_("%(team)s make %(n)s → +%(p)s"),
                            {"team": side, "n": contract, "p": points}))
        elif contract:
            out.append((N_("%(team)s set −%(p)s"), {"team": side, "p": 10 * contract}))
        elif bags:  # both nil: the side's tricks are bags
            out.append((N_("%(team)s %(b)s bags → +%(b)s"), {"team": side, "b": bags}))
        for _n in range(d.penalties[side]):
            out.append((N_("%(team)s bags reach %(n)s → −%(p)s"),
                        {"team": side, "n": rules.get("bag_limit", 10),
                         "p": rules.get("bag_penalty", 100)}))
    for seat, how in d.nil.items():
        blind = d.bids[seat] == BLIND_NIL
        worth = NIL_POINTS[BLIND_NIL if blind else 0]
        if how == "made":
            text = N_("%(seat)s blind nil made +%(p)s") if blind else N_("%(seat)s nil made +%(p)s")
        else:
            text = N_("%(seat)s blind nil failed −%(p)s") if blind \
                else N_("%(seat)s nil failed −%(p)s")
        out.append((text, {"seat": seat, "p": worth}))
    return tuple(out)


def penalty_words(hand: Mapping[str, Any], result: HandResult,
                  rules: Mapping[str, Any]) -> TagWords:
    """The history's mark of a hand's bag penalty, after the bids: "NS bag penalty −100"."""
    lost: Mapping[str, int] = getattr(result.details, "lost", None) or {}
    return tuple((N_("%(team)s bag penalty %(p)s"), {"team": side, "p": points_text(-n)})
                 for side, n in lost.items() if n)


def _took(hand: Mapping[str, Any], tricks: object) -> TagWords:
    """North–South's bid (their two bids, a nil counting 0) and tricks: "Ann & Cai bid 5,
    took 7"; what is not known (a hand recorded card by card has no count) left out."""
    raw = hand.get("bids")
    bids: Mapping[str, Any] = raw if isinstance(raw, dict) else {}
    own = [bids[s] for s in SEATS if TEAM_OF[s] == "NS" and s in bids]
    bid = sum(b for b in own if isinstance(b, int) and not isinstance(b, bool))
    if not own:
        took = "?" if tricks is None else tricks
        return ((N_("%(team)s took %(n)s"), {"team": "NS", "n": took}),)
    if tricks is None:
        return ((N_("%(team)s bid %(bid)s"), {"team": "NS", "bid": bid}),)
    return ((N_("%(team)s bid %(bid)s, took %(n)s"), {"team": "NS", "bid": bid, "n": tricks}),)


def short_words(hand: Mapping[str, Any], result: HandResult, rules: Mapping[str, Any]
                ) -> TagWords:
    """The Undo button's words: North–South's bid and tricks ("Ann & Cai bid 5, took 7")."""
    return _took(hand, (result.tricks or {}).get("NS"))


def recorded_words(hand: Mapping[str, Any], rules: Mapping[str, Any]) -> TagWords:
    """A hand as recorded, for the corrections list: "Ann & Cai bid 5, took 7"."""
    return _took(hand, hand.get("tricks_NS"))
