"""Euchre at a club night (pure): a made loner counts for the player who went alone, a euchre
for both defenders; the house may give a loner's partner other points and charge the makers
for being euchred."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.cards import PARTNER
from ...engine.club import ClubScoring
from ...engine.messages import N_

TEAM = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
LONER_RESULTS = frozenset({"alone_made", "alone_march"})
MOST_HOUSE_POINTS = 20  # the largest a house rule may give or take for one hand


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def club_hand(entry: Mapping[str, Any], given: Mapping[str, Any], seats: Sequence[str],
              house: Mapping[str, Any]) -> dict[str, tuple[int, dict[str, int]]]:
    """Per seat: the points the house rules add to (or take from) the team's, and the marks."""
    out: dict[str, tuple[int, dict[str, int]]] = {}
    result = entry.get("result")
    points = entry.get("points") or {}
    caller = given.get("caller")
    partner_points = house.get("loner_partner_points")
    set_points = int(house.get("set_points") or 0)
    makers = entry.get("makers")
    for seat in seats:
        delta, marks = 0, {}
        if result in LONER_RESULTS and caller in TEAM:
            if seat == caller:
                marks["loners"] = 1
            elif seat == PARTNER[str(caller)] and partner_points is not None:
                delta = int(partner_points) - int(points.get(TEAM[seat], 0))
        if result == "euchred" and makers in ("NS", "EW"):
            if makers == TEAM[seat]:
                delta += set_points
            else:
                marks["euchres"] = 1
        if delta or marks:
            out[seat] = (delta, marks)
    return out


CLUB = ClubScoring(
    marks=("loners", "euchres"),
    labels=(N_("Loners"), N_("Euchres")),
    prize_labels=(N_("Most loners"), N_("Most euchres")),
    tally=(N_("A"), N_("E")),
    tally_note=N_("A: a loner made, E: a euchre. The opponents initial each round."),
    house={
        "loner_partner_points": None,  # None: the partner scores the team's points
        "set_points": 0,  # added to each maker's total when they are euchred (e.g. -2)
    },
    checks={
        "loner_partner_points": lambda v: v is None or (_is_int(v)
                                                        and 0 <= v <= MOST_HOUSE_POINTS),
        "set_points": lambda v: _is_int(v) and -MOST_HOUSE_POINTS <= v <= MOST_HOUSE_POINTS,
    },
    hand=club_hand,
)
