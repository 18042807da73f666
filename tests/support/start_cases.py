"""The start-score rule (spec/match-format.md, issue 35) as one table of cases, run through the
engine, `scorekeeper check`, the JSON API and the start form alike.

A case: the game, its rules (only those off the defaults), the starting score, and what is
expected: None when the match may start there, else the problem's code and the words its
English message must hold (the bound, with a true minus sign where it is below zero)."""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.limits import MATCH_FORMAT
from support.helpers import SEATS

# (game, rules, start NS, start EW, expected: None or (code, field, words in the message))
CASES: list[tuple[str, dict[str, Any], Any, Any, tuple[str, str, str] | None]] = [
    # Euchre and Whist: scores never go below 0; the target bounds the top
    ("euchre", {}, 9, 9, None),
    ("euchre", {}, 10, 0, ("match.start_over", "start_score.NS", "target of 10")),
    ("euchre", {}, 0, 11, ("match.start_over", "start_score.EW", "target of 10")),
    ("euchre", {}, -1, 0, ("match.bad_start_score", "start_score.NS", "from 0 to 9")),
    ("euchre", {"deals": 8}, 999, 0, None),
    ("euchre", {"deals": 8}, 1000, 0, ("match.bad_start_score", "start_score.NS",
                                        "from 0 to 999")),
    ("euchre", {"deals": 8}, 0, -5, ("match.bad_start_score", "start_score.EW",
                                      "from 0 to 999")),
    ("whist", {"target": 5}, 4, 0, None),
    ("whist", {"target": 5}, 5, 0, ("match.start_over", "start_score.NS", "target of 5")),
    ("whist", {}, 0, -3, ("match.bad_start_score", "start_score.EW", "from 0 to 6")),
    # Five Hundred: below 0 down to one above minus the target
    ("five_hundred", {}, -320, 120, None),
    ("five_hundred", {}, 499, -499, None),
    ("five_hundred", {}, 500, 0, ("match.start_over", "start_score.NS", "target of 500")),
    ("five_hundred", {}, 0, -500, ("match.start_lost", "start_score.EW",
                                   "at or below \u2212500")),
    ("five_hundred", {}, -501, 0, ("match.start_lost", "start_score.NS", "\u2212500")),
    ("five_hundred", {"target": 1000}, 999, -999, None),
    ("five_hundred", {"target": 1000}, 0, -1000, ("match.start_lost", "start_score.EW",
                                                  "\u22121000")),
    ("five_hundred", {"deals": 10}, -999, 999, None),
    ("five_hundred", {"deals": 10}, -1000, 0, ("match.bad_start_score", "start_score.NS",
                                               "from \u2212999 to 999")),
    # Spades: below 0 down to one above lose_at
    ("spades", {}, -199, 499, None),
    ("spades", {}, -200, 0, ("match.start_lost", "start_score.NS", "at or below \u2212200")),
    ("spades", {}, 500, 0, ("match.start_over", "start_score.NS", "target of 500")),
    ("spades", {"lose_at": -500}, -320, 0, None),
    ("spades", {"lose_at": None}, -999, 0, None),
    ("spades", {"lose_at": None}, -1000, 0, ("match.bad_start_score", "start_score.NS",
                                             "from \u2212999 to 499")),
    ("spades", {"deals": 6}, -999, 0, None),
    # not a whole number
    ("spades", {}, "-5", 0, ("match.start_not_whole", "start_score.NS", "whole number")),
    ("euchre", {}, 2.5, 0, ("match.start_not_whole", "start_score.NS", "not 2.5")),
    ("euchre", {}, True, 0, ("match.start_not_whole", "start_score.NS", "not true")),
]


def case_id(case: tuple[Any, ...]) -> str:
    game, rules, ns, ew, expected = case
    said = "ok" if expected is None else expected[0].split(".")[1]
    return f"{game}-{'-'.join(f'{k}={v}' for k, v in rules.items()) or 'default'}-{ns}-{ew}-{said}"


def start_match(game: str, rules: dict[str, Any], ns: Any, ew: Any) -> dict[str, Any]:
    """An empty match of ``game`` starting at ``ns``–``ew``."""
    match: dict[str, Any] = {"format": MATCH_FORMAT, "game": game, "seats": dict(SEATS),
                             "start_score": {"NS": ns, "EW": ew}, "hands": []}
    if rules:
        match["rules"] = rules
    return match
