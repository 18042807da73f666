"""Matches with known hands for the statistics tests, and the figures they must give.

Counted by hand from spec/rules.md (dealers rotate from North: N, E, S, W, N ...), as the score
sheet's summary counts: a renege hand is a call (under its trump and round), neither made nor
euchred; a lone euchre scores 2 for the defenders; both defenders count a euchre taken.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from scorekeeper.engine.limits import MATCH_FORMAT

FOUR = {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}

# Match A, 2026-01-10: Euchre to 10, NS (Ann & Cai) win 10-6.
MATCH_A: dict[str, Any] = {
    "format": MATCH_FORMAT, "game": "euchre", "seats": dict(FOUR), "date": "2026-01-10",
    "hands": [
        # 1 dealer N: Bo (E, dealer's left) orders up hearts, 3 tricks: made, EW +1
        {"caller": "E", "round": 1, "turn_up": "9H", "makers_tricks": 3},
        # 2 dealer E: everyone passed
        {"passed": True, "turn_up": "9C"},
        # 3 dealer S: Ann (N, second from the dealer) names hearts, 5 tricks: march, NS +2
        {"caller": "N", "round": 2, "turn_up": "9S", "trump": "H", "makers_tricks": 5},
        # 4 dealer W: Dee (the dealer) names clubs alone, 1 trick: lone euchre, NS +2
        {"caller": "W", "round": 2, "turn_up": "9D", "trump": "C", "alone": True,
         "makers_tricks": 1},
        # 5 dealer N: Cai (S, second) orders spades alone, 5 tricks: lone march, NS +4
        {"caller": "S", "round": 1, "turn_up": "JS", "alone": True, "makers_tricks": 5},
        # 6 dealer E: Bo (the dealer) names diamonds; North reneges: EW +2
        {"caller": "E", "round": 2, "turn_up": "9C", "trump": "D", "renege": "N"},
        # 7 dealer S: Dee (W, first) orders diamonds, 4 tricks: made, EW +1
        {"caller": "W", "round": 1, "turn_up": "10D", "makers_tricks": 4},
        # 8 dealer W: Ann (N, first) names spades, 2 tricks: euchred, EW +2
        {"caller": "N", "round": 2, "turn_up": "9H", "trump": "S", "makers_tricks": 2},
        # 9 dealer N: Cai (S, second) orders clubs, 3 tricks: made, NS +1
        {"caller": "S", "round": 1, "turn_up": "QC", "makers_tricks": 3},
        # 10 dealer E: Ann (N, third) names hearts alone, 4 tricks: lone hand made, NS +1
        {"caller": "N", "round": 2, "turn_up": "9S", "trump": "H", "alone": True,
         "makers_tricks": 4},
    ],
}

# Match B, 2026-02-15: Euchre, not finished; Bo & Dee (NS) against Ann & Eve (EW).
MATCH_B: dict[str, Any] = {
    "format": MATCH_FORMAT, "game": "euchre", "date": "2026-02-15",
    "seats": {"N": "Bo", "E": "Ann", "S": "Dee", "W": "Eve"},
    "hands": [
        # 1 dealer N: Ann (E, first) orders hearts and reneges herself: NS +2
        {"caller": "E", "round": 1, "turn_up": "AH", "renege": "E"},
        # 2 dealer E: passed
        {"passed": True},
        # 3 dealer S: Bo (N, second) names spades alone, no trick: lone euchre, EW +2
        {"caller": "N", "round": 2, "turn_up": "9H", "trump": "S", "alone": True,
         "makers_tricks": 0},
    ],
}

# Match C, 2026-02-20: Whist, three deals with honours; NS (Ann & Cai) win 11-4.
MATCH_C: dict[str, Any] = {
    "format": MATCH_FORMAT, "game": "whist", "date": "2026-02-20", "seats": dict(FOUR),
    "rules": {"deals": 3, "honours": True},
    "hands": [
        {"trump": "S", "tricks_NS": 9, "honours_NS": 4},  # NS 3 for tricks + 4 honours
        {"trump": "H", "tricks_NS": 5, "honours_NS": 1},  # EW 2 for tricks + 2 honours
        {"trump": "D", "tricks_NS": 7, "honours_NS": 2,
         "revoke": {"by": "EW", "penalty": "add3"}},  # NS 3 penalty + 1 for tricks
    ],
}


def calls(**given: int) -> dict[str, int]:
    """Call figures: zero unless given."""
    keys = ("called", "made", "marches", "euchred", "euchres_taken", "loners_tried",
            "loners_made", "points_from_calls")
    return {k: given.get(k, 0) for k in keys}


ANN = {
    "name": "Ann",
    "matches": {"played": 3, "won": 2},
    # A3 march (H, r2), A8 euchred (S, r2), A10 lone made (H, r2), B1 renege (H, r1);
    # euchres taken: A4 (clubs, r2) and B3 (spades, r2)
    "euchre": calls(called=4, made=2, marches=1, euchred=1, euchres_taken=2, loners_tried=1,
                    loners_made=1, points_from_calls=3),
    "by_suit": {
        "S": calls(called=1, euchred=1, euchres_taken=1),
        "H": calls(called=3, made=2, marches=1, loners_tried=1, loners_made=1,
                   points_from_calls=3),
        "D": calls(),
        "C": calls(euchres_taken=1),
    },
    "by_round": {
        "1": calls(called=1),
        "2": calls(called=3, made=2, marches=1, euchred=1, euchres_taken=2, loners_tried=1,
                   loners_made=1, points_from_calls=3),
    },
    # NS took 9 + 5 + 7 tricks; NS scored 4 for honours (deal 1); EW revoked
    "whist": {"deals": 3, "tricks": 21, "honours": 4, "revokes": 0},
}

BO = {
    "name": "Bo",
    "matches": {"played": 3, "won": 0},
    # A1 made (H, r1, 1 point), A6 renege (D, r2), B3 lone euchre (S, r2); took A8's euchre
    "euchre": calls(called=3, made=1, euchred=1, euchres_taken=1, loners_tried=1,
                    points_from_calls=1),
    "by_suit": {
        "S": calls(called=1, euchred=1, loners_tried=1, euchres_taken=1),
        "H": calls(called=1, made=1, points_from_calls=1),
        "D": calls(called=1),
        "C": calls(),
    },
    "by_round": {
        "1": calls(called=1, made=1, points_from_calls=1),
        "2": calls(called=2, euchred=1, loners_tried=1, euchres_taken=1),
    },
    # EW took 4 + 8 + 6 tricks, scored 2 for honours (deal 2) and revoked once
    "whist": {"deals": 3, "tricks": 18, "honours": 2, "revokes": 1},
}

# Ann & Cai together (matches A and C): A3, A5, A8, A9, A10 called; A4 euchre taken
ANN_AND_CAI = {
    "matches": {"played": 2, "won": 2},
    "euchre": calls(called=5, made=4, marches=2, euchred=1, euchres_taken=1, loners_tried=2,
                    loners_made=2, points_from_calls=8),
}


def seats_of_all_matches(client: Any) -> list[dict[str, str]]:
    """The seats of every match in ``/export/hands.csv``, in the order of their ids. A match id
    that starts with "-" comes out with a leading "'" (csv_cell, as any formula-looking cell):
    read back without it."""
    text = client.get("/export/hands.csv").get_data(as_text=True)
    ids = {row["match"].removeprefix("'") for row in csv.DictReader(io.StringIO(text))}
    return [client.get(f"/api/matches/{m}").get_json()["match"]["seats"] for m in sorted(ids)]


def store_as_before_players(db: Any, old: list[tuple[str, dict[str, Any], str]]) -> None:
    """Store ``(id, match, created)`` as a database from before issue 14 held them: rows in
    ``matches`` and ``hands`` only (no players, no facts), for a migration test."""
    for match_id, match, created in old:
        data = {k: v for k, v in match.items() if k not in ("hands", "date")}
        db.execute("INSERT INTO matches (id, edit_key_hash, game, data, created, updated)"
                   " VALUES (?, 'h', ?, ?, ?, ?)",
                   [match_id, match["game"], json.dumps(data), created, created])
        for no, hand in enumerate(match["hands"], 1):
            db.execute("INSERT INTO hands (match_id, no, data, created, updated)"
                       " VALUES (?, ?, ?, ?, ?)", [match_id, no, json.dumps(hand), created,
                                                   created])
