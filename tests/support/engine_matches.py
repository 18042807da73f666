"""Helpers for engine tests: build a match around some hands and check it."""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.limits import MATCH_FORMAT
from scorekeeper.engine.matchfile import CheckResult, check_match
from support.helpers import SEATS


def make_match(game: str, hands: list[Any], first_dealer: str = "N", **rules: Any) -> dict:
    return {"format": MATCH_FORMAT, "game": game, "seats": SEATS, "rules": rules,
            "first_dealer": first_dealer, "hands": hands}


def run(game: str, hands: list[Any], first_dealer: str = "N", **rules: Any) -> CheckResult:
    return check_match(make_match(game, hands, first_dealer, **rules))


def one(game: str, hand: dict[str, Any], **rules: Any) -> dict[str, Any]:
    """The state entry of a single legal hand (dealer N)."""
    result = run(game, [hand], **rules)
    assert result.ok, [p.as_json() for p in result.problems]
    assert result.state is not None
    return result.state.as_json()["hands"][0]


def errors(game: str, hands: list[Any], first_dealer: str = "N", **rules: Any) -> list[dict]:
    result = run(game, hands, first_dealer, **rules)
    assert not result.ok
    return [p.as_json() | {"code": p.code} for p in result.problems]
