"""Scores as text: one way to write a number a person reads as a score (issue 35).

A score below zero takes the true minus sign (U+2212), never a hyphen: the hyphen is shorter
than a digit and reads as a dash, so "521–-60" looked like a range. Between two scores the en
dash stays ("7–5"); when the second is below zero, narrow no-break spaces (U+202F) set the dash
apart from the minus ("521 – −60"), so the two strokes never touch and the pair never wraps
between them. A spelled-out "521 to −60" was longer on the board and another phrase for every
language; the spaces read in any script.
"""

from __future__ import annotations

from collections.abc import Mapping

MINUS = "\u2212"
DASH = "\u2013"
GAP = "\u202f"  # narrow no-break space
WRAP = "\u200b"  # zero-width space: where a line may break


def score_text(n: int) -> str:
    """A score: "60", "−60"."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def points_text(n: int) -> str:
    """A hand's points, always signed: "+20", "−100", "0"."""
    return f"+{n}" if n > 0 else score_text(n)


def decimal_text(x: float, places: int = 1) -> str:
    """A figure with decimals, as a score is written: "12.5", "−4.0"."""
    text = f"{x:.{places}f}"
    return MINUS + text[1:] if text.startswith("-") and text.strip("-0.") else text.lstrip("-")


def pair_sides(a: int, b: int) -> tuple[str, str]:
    """The two sides of a score pair as the texts put either side of an en dash, the gap
    included: ("521\u202f", "\u202f−60"). For a pair inside a translated sentence
    ("won %(a)s–%(b)s"), whose dash the sentence holds."""
    if b < 0:
        return score_text(a) + GAP, GAP + score_text(b)
    return score_text(a), score_text(b)


def score_pair(a: int, b: int, wrap: bool = False) -> str:
    """Two scores: "7–5", "−60–521", "521 – −60". ``wrap``: a narrow column (the history's)
    may break the line after the dash (a zero-width space) rather than cut the pair short."""
    left, right = pair_sides(a, b)
    if wrap:  # after the gap, so that a broken line starts with the score itself
        right = GAP + WRAP + right[1:] if right.startswith(GAP) else WRAP + right
    return f"{left}{DASH}{right}"


def sides_pair(score: Mapping[str, int], wrap: bool = False) -> str:
    """A score object's pair, North–South first: "7–5"."""
    return score_pair(score.get("NS", 0), score.get("EW", 0), wrap)
