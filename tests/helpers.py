"""Small builders of match and hand objects for the web and service tests."""

from __future__ import annotations

from typing import Any

SEATS = {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}


def euchre_match(**extra: Any) -> dict[str, Any]:
    """A minimal Euchre match object (no hands unless given)."""
    return {"format": "scorekeeper-match/1", "game": "euchre", "seats": dict(SEATS), **extra}


def whist_match(**extra: Any) -> dict[str, Any]:
    """A minimal Whist match object."""
    return {"format": "scorekeeper-match/1", "game": "whist", "seats": dict(SEATS), **extra}


def euchre_hand(caller: str = "E", tricks: int = 3, **extra: Any) -> dict[str, Any]:
    """A legal Euchre hand recorded by its outcome only."""
    return {"caller": caller, "makers_tricks": tricks, **extra}
