"""A recorded hand's answer as JSON text, made without encoding every hand's entry again.

The answer carries the whole state (spec/api.md), so encoding it whole made each save cost
more than the last. Each hand's entry is encoded once (``HandState.json_text``) and the texts
are joined into the state's ``hands`` at its place among the sorted keys: the text is the
same, byte for byte, as ``store.dumps`` of the whole answer (tests/test_answers.py).
"""

from __future__ import annotations

from typing import Any

from .. import store
from ..engine.state import MatchState


def recorded(hand: dict[str, Any], whole: dict[str, Any], state: MatchState) -> str:
    """``store.dumps({"hand": hand, "state": whole})``, ``whole`` being ``state.as_json()``
    (the caller's answer holds it already), from the kept entry texts."""
    before = {k: v for k, v in whole.items() if k < "hands"}
    after = {k: v for k, v in whole.items() if k > "hands"}
    parts = [store.dumps(before)[1:-1],
             '"hands":[' + ",".join(h.json_text(store.dumps) for h in state.hands) + "]",
             store.dumps(after)[1:-1]]
    body = ",".join(p for p in parts if p)
    return '{"hand":' + store.dumps(hand) + ',"state":{' + body + "}}"
