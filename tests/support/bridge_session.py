"""A minimal Bridge ``Game`` that keeps duplicate sessions, for tests of ``scorekeeper check``
on session files until the real Bridge game (its table rules) is registered: only its name
and its session part matter; its hands are never played."""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.cards import Seat
from scorekeeper.engine.game import Game
from scorekeeper.engine.problems import Problem
from scorekeeper.engine.result import HandResult
from scorekeeper.engine.rules import DEALS, target_option
from scorekeeper.games.bridge.session import SESSION


def evaluate(raw: dict[str, Any], no: int, dealer: Seat, rules: dict[str, Any]
             ) -> tuple[HandResult | None, list[Problem]]:
    """No hands: this stand-in only checks sessions."""
    return None, [Problem("hand.invalid", None, hand=no)]


GAME = Game(name="bridge", label="Bridge", rules_label="Bridge rules",
            options=(target_option(1), DEALS), evaluate=evaluate, tricks=13, session=SESSION,
            folder="scorekeeper.games.bridge")  # its session templates (game/bridge/session/)
