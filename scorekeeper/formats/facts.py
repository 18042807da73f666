"""The facts of a match as flat rows, one per hand: what every game has (dealer, result, trump,
tricks and points per side, the caller if the game has one) and the game's own columns
(``Game.statistics.columns``: Euchre's round and makers, Whist's honours), kept as JSON.

Derived from the match object and its replay and nothing else, so the facts can always be
rebuilt from the hands. Pure: no SQLite, no Flask; the store writes these rows.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.games import GAMES
from ..engine.result import Details

# The columns of a hand row, in the order of the table.
HAND_COLUMNS: tuple[str, ...] = (
    "match_id", "no", "date", "game", "dealer", "result", "passed", "caller", "trump",
    "tricks_NS", "tricks_EW", "points_NS", "points_EW", "detail",
)


def hand_rows(
    match_id: str, date: str, match: Mapping[str, Any], state: Mapping[str, Any],
    details: Mapping[int, Details] | None = None,
) -> list[dict[str, Any]]:
    """One row per recorded hand (passed hands included), in order.

    :param match: the match object (its ``game`` and ``hands``).
    :param state: the replayed state object (``MatchState.as_json``), its ``hands`` in order.
    :param details: each hand's own typed details by its number (``HandResult.details``:
        Whist's points split into tricks and honours), for the game's columns.
    """
    game = str(match.get("game"))
    hands: Sequence[Any] = match.get("hands") or []
    rows = []
    for entry in state.get("hands") or []:
        no = int(entry["no"])
        hand = hands[no - 1] if 0 < no <= len(hands) and isinstance(hands[no - 1], dict) else {}
        rows.append(_hand_row(match_id, date, game, hand, entry, (details or {}).get(no)))
    return rows


def _hand_row(match_id: str, date: str, game: str, hand: Mapping[str, Any],
              entry: Mapping[str, Any], details: Details | None
              ) -> dict[str, Any]:
    result = str(entry.get("result", ""))
    tricks = entry.get("tricks") if isinstance(entry.get("tricks"), dict) else None
    points = entry.get("points") or {}
    statistics = GAMES[game].statistics if game in GAMES else None
    own = dict(statistics.hand_columns(hand, entry, details)) if statistics else {}
    caller, trump = own.pop("caller", None), own.pop("trump", None)
    return {
        "match_id": match_id, "no": int(entry["no"]), "date": date, "game": game,
        "dealer": str(entry.get("dealer", "")), "result": result,
        "passed": int(result == "passed"), "caller": caller, "trump": trump,
        "tricks_NS": tricks.get("NS") if tricks else None,
        "tricks_EW": tricks.get("EW") if tricks else None,
        "points_NS": int(points.get("NS", 0)), "points_EW": int(points.get("EW", 0)),
        "detail": json.dumps(own, sort_keys=True, separators=(",", ":")),
    }
