"""The facts of a match as flat rows: one per hand, and one per seat of each hand.

What the statistics count (spec in issue 14, "counted as the score sheet's summary counts
them"), derived from the match object and its replay and nothing else, so the facts table can
always be rebuilt from the hands. Pure: no SQLite, no Flask; the store writes these rows.

A hand row holds what was recorded and what it came to (caller, trump, round, alone, tricks,
points per side, made / march / euchred, renege; Whist: tricks, honours, revoke). A seat row
says what that seat's side was in the hand: ``caller``, ``partner`` (of the caller) or
``defender`` in a called Euchre hand, None in a passed hand or in Whist, with the side's
tricks, honour points and revoke for Whist.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.cards import JOKER, OTHER_TEAM, SEATS, TEAM_OF, parse_card

MADE = frozenset({"made", "march", "alone_made", "alone_march"})
MARCH = frozenset({"march", "alone_march"})

# The columns of a hand row, in the order of the table and of the CSV export.
HAND_COLUMNS: tuple[str, ...] = (
    "match_id", "no", "date", "game", "dealer", "result", "passed", "caller", "caller_pos",
    "makers", "trump", "round", "alone", "defender_alone", "turn_up", "makers_tricks",
    "tricks_NS", "tricks_EW", "points_NS", "points_EW", "made", "march", "euchred", "renege",
    "revoke_by", "revoke_penalty", "honours_NS", "honour_points_NS", "honour_points_EW",
)
# A seat row repeats the hand's facts a player's figures need, so that they are read from the
# player's own rows (clustered by player and date) without a join.
SEAT_COLUMNS: tuple[str, ...] = (
    "match_id", "no", "seat", "date", "game", "side", "role", "trump", "round", "caller_pos",
    "made", "march", "euchred", "alone", "points_for", "points_against", "tricks",
    "honour_points", "revoked",
)


def trump_of(hand: Mapping[str, Any], game: str) -> str | None:
    """The trump suit as recorded, or as the turn-up says (Whist, or Euchre round 1)."""
    trump = hand.get("trump")
    if isinstance(trump, str) and trump in "SHDC" and len(trump) == 1:
        return trump
    turn_up = parse_card(hand.get("turn_up"))
    if turn_up is not None and (game == "whist" or hand.get("round") == 1):
        return turn_up.suit
    return None


def round_of(hand: Mapping[str, Any], trump: str | None) -> int | None:
    """The calling round as recorded, or as trump and the turn-up show; None if unknown."""
    given = hand.get("round")
    if given in (1, 2) and not isinstance(given, bool):
        return int(given)
    turn_up = parse_card(hand.get("turn_up"))
    if trump is None or turn_up is None or turn_up == JOKER:
        return None  # a turned-up Joker's suit is the one named for it: no round follows
    return 1 if turn_up.suit == trump else 2


def caller_position(caller: str, dealer: str) -> int:
    """Where the caller sat from the dealer: 1 the dealer's left, 2, 3, 4 the dealer."""
    order = "NESW"
    steps = (order.index(caller) - order.index(dealer)) % 4
    return steps or 4


def _flag(value: bool) -> int:
    return 1 if value else 0


def hand_rows(
    match_id: str, date: str, match: Mapping[str, Any], state: Mapping[str, Any],
    parts: Mapping[int, Mapping[str, Mapping[str, int]]] | None = None,
) -> list[dict[str, Any]]:
    """One row per recorded hand (passed hands included), in order.

    :param match: the match object (its ``game`` and ``hands``).
    :param state: the replayed state object (``MatchState.as_json``), its ``hands`` in order.
    :param parts: Whist: each deal's points split into tricks and honours (``MatchState.parts``).
    """
    game = str(match.get("game"))
    hands: Sequence[Any] = match.get("hands") or []
    rows = []
    for entry in state.get("hands") or []:
        no = int(entry["no"])
        hand = hands[no - 1] if 0 < no <= len(hands) and isinstance(hands[no - 1], dict) else {}
        rows.append(_hand_row(match_id, date, game, hand, entry, (parts or {}).get(no)))
    return rows


def _hand_row(match_id: str, date: str, game: str, hand: Mapping[str, Any],
              entry: Mapping[str, Any], parts: Mapping[str, Mapping[str, int]] | None
              ) -> dict[str, Any]:
    result = str(entry.get("result", ""))
    dealer = str(entry.get("dealer", ""))
    tricks = entry.get("tricks") if isinstance(entry.get("tricks"), dict) else None
    points = entry.get("points") or {}
    trump = trump_of(hand, game)
    row: dict[str, Any] = dict.fromkeys(HAND_COLUMNS)
    row.update(
        match_id=match_id, no=int(entry["no"]), date=date, game=game, dealer=dealer,
        result=result, passed=_flag(result == "passed"), trump=trump,
        turn_up=hand.get("turn_up") if isinstance(hand.get("turn_up"), str) else None,
        tricks_NS=tricks.get("NS") if tricks else None,
        tricks_EW=tricks.get("EW") if tricks else None,
        points_NS=int(points.get("NS", 0)), points_EW=int(points.get("EW", 0)),
        alone=0, made=0, march=0, euchred=0,
    )
    if game == "euchre":
        caller = hand.get("caller")
        makers = entry.get("makers") or (TEAM_OF.get(caller) if isinstance(caller, str) else None)
        renege = entry.get("renege") if isinstance(entry.get("renege"), dict) else None
        called = result != "passed" and isinstance(caller, str) and caller in TEAM_OF
        row.update(
            caller=caller if called else None,
            caller_pos=caller_position(str(caller), dealer) if called and dealer in SEATS
            else None,
            makers=makers if called else None,
            round=round_of(hand, trump) if called else None,
            alone=_flag(called and bool(hand.get("alone"))),
            defender_alone=hand.get("defender_alone") if called else None,
            makers_tricks=(tricks or {}).get(makers) if called and makers else None,
            made=_flag(result in MADE), march=_flag(result in MARCH),
            euchred=_flag(result == "euchred"),
            renege=renege.get("seat") if renege else None,
        )
        if not called:
            row["trump"] = None if result == "passed" else trump
    else:
        revoke = entry.get("revoke") or hand.get("revoke")
        honours = hand.get("honours_NS")
        row.update(
            revoke_by=revoke.get("by") if isinstance(revoke, dict) else None,
            revoke_penalty=revoke.get("penalty") if isinstance(revoke, dict) else None,
            honours_NS=honours if isinstance(honours, int) and not isinstance(honours, bool)
            else None,
            honour_points_NS=int(parts["honours"]["NS"]) if parts else 0,
            honour_points_EW=int(parts["honours"]["EW"]) if parts else 0,
        )
    return row


def seat_rows(hand_row: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The four seat rows of a hand row: each seat's side and role in that hand."""
    out = []
    makers = hand_row.get("makers")
    for seat in SEATS:
        side = TEAM_OF[seat]
        role: str | None = None
        if makers in OTHER_TEAM and hand_row.get("caller"):
            role = "caller" if seat == hand_row["caller"] else (
                "partner" if side == makers else "defender")
        revoke_by = hand_row.get("revoke_by")
        out.append({
            "match_id": hand_row["match_id"], "no": hand_row["no"], "seat": seat,
            "date": hand_row["date"], "game": hand_row["game"], "side": side, "role": role,
            "trump": hand_row.get("trump"), "round": hand_row.get("round"),
            "caller_pos": hand_row.get("caller_pos"), "made": hand_row.get("made") or 0,
            "march": hand_row.get("march") or 0, "euchred": hand_row.get("euchred") or 0,
            "alone": hand_row.get("alone") or 0,
            "points_for": hand_row.get(f"points_{side}") or 0,
            "points_against": hand_row.get(f"points_{OTHER_TEAM[side]}") or 0,
            "tricks": hand_row.get(f"tricks_{side}"),
            "honour_points": hand_row.get(f"honour_points_{side}") or 0,
            "revoked": _flag(revoke_by == side),
        })
    return out
