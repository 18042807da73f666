"""An EGN deal's annotations: read in order as the hand's note, and the match-format hand our
export writes on an annotation line of its own (export.py) read back."""

from __future__ import annotations

from typing import Any

from ....engine.limits import NOTE_MAX
from ....formats import safejson

# A hand EGN cannot hold (recorded by its outcome only) is exported with its match-format
# object on an annotation line starting with this (export.py); read back here.
HAND_LINE = "scorekeeper-hand "


def _annotation_lines(deal: dict[str, Any]) -> list[str]:
    """A deal's annotation lines (calls and play, in order)."""
    texts: list[str] = []
    phases = deal.get("phases")
    for phase in phases if isinstance(phases, list) else []:
        if not isinstance(phase, dict):
            continue
        for key in ("callAnnotations", "calls_annotations", "playAnnotations"):
            found = phase.get(key)
            if isinstance(found, dict):
                for _at, lines in sorted(found.items(), key=lambda kv: str(kv[0]).zfill(4)):
                    items = lines if isinstance(lines, list) else [lines]
                    texts += [str(t).strip() for t in items if isinstance(t, str) and t.strip()]
    return texts


def exported_hand(deal: dict[str, Any]) -> dict[str, Any] | None:
    """The match-format hand our export wrote on an annotation line, if any (the engine
    judges it like any imported hand); None when there is none or it does not read."""
    for line in _annotation_lines(deal):
        if line.startswith(HAND_LINE):
            try:
                hand = safejson.loads(line[len(HAND_LINE):])
            except ValueError:  # safejson.Refused too: not JSON, too deep, a lone surrogate
                return None
            return hand if isinstance(hand, dict) else None
    return None


def annotations_note(deal: dict[str, Any]) -> str | None:
    """A deal's annotations (calls and play, in order), as the hand's note; None if none."""
    texts = _annotation_lines(deal)
    if not texts:
        return None
    note = " · ".join(texts)
    return note if len(note) <= NOTE_MAX else note[: NOTE_MAX - 1] + "…"
