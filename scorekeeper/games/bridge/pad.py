"""The score pad as players draw it (pure): a rubber's We / They columns, the entries above
the line (the latest highest on paper), each game's trick points below it ruled off, the
rubber bonus; and Chicago's chukkers, each deal's place, vulnerability, contract and points
with the chukker's totals. The carries (``rubber``, ``chicago``) write here deal by deal and
hand it to the board (``board()``): the match page draws it from that."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Points = dict[str, int]


def _entry(points: Points, kind: str = "") -> dict[str, Any]:
    return {"NS": points.get("NS", 0), "EW": points.get("EW", 0), "kind": kind}


@dataclass(slots=True)
class RubberPad:
    """One rubber's sheet: ``above`` in the order written (the page draws it upwards),
    ``games`` each finished game's entries below the line, ``below`` the unfinished game's."""

    no: int
    above: list[dict[str, Any]] = field(default_factory=list)
    games: list[list[dict[str, Any]]] = field(default_factory=list)
    below: list[dict[str, Any]] = field(default_factory=list)
    done: bool = False
    stopped: bool = False

    def write(self, below: Points, above: Points, game: bool, bonus: Points) -> None:
        """One deal: its trick points below, the rest above (the rubber's bonus on its own
        line, as players write it), and a rule under the game it completes."""
        plain = {s: above[s] - bonus.get(s, 0) for s in ("NS", "EW")}
        if any(plain.values()):
            self.above.append(_entry(plain))
        if any(below.values()):
            self.below.append(_entry(below))
        if game:
            self.games.append(self.below)
            self.below = []
        if any(bonus.values()):
            self.above.append(_entry(bonus, "bonus"))

    def as_json(self, totals: Points) -> dict[str, Any]:
        return {"no": self.no, "above": list(reversed(self.above)), "games": self.games,
                "below": self.below, "done": self.done, "stopped": self.stopped,
                "totals": dict(totals)}


@dataclass(slots=True)
class ChukkerPad:
    """One chukker's four deals (a passed-out deal is written too, and dealt again)."""

    no: int
    deals: list[dict[str, Any]] = field(default_factory=list)
    totals: Points = field(default_factory=lambda: {"NS": 0, "EW": 0})

    def write(self, deal: dict[str, Any], points: Points) -> None:
        self.deals.append({**deal, "NS": points["NS"], "EW": points["EW"]})
        for s in ("NS", "EW"):
            self.totals[s] += points[s]

    def as_json(self) -> dict[str, Any]:
        return {"no": self.no, "deals": [dict(d) for d in self.deals],
                "totals": dict(self.totals)}
