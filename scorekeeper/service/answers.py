"""A recorded hand's answer as JSON text, made without encoding every hand's entry again.

The answer carries the whole state (spec/api.md), so encoding it whole made each save cost
more than the last. Each hand's entry is encoded once (``HandState.json_text``) and the texts
are joined into the state's ``hands`` at its place among the sorted keys: the text is the
same, byte for byte, as ``store.dumps`` of the whole answer (tests/test_answers.py).
"""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from .. import store
from ..engine.state import MatchState
from . import reading


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


def again(db: Database, row: store.StoredMatch, kept: store.KeptAnswer,
          ) -> tuple[dict[str, Any], str]:
    """The first answer to an idempotency key, made again (as a dict and as its JSON text, the
    same bytes as the first time): its hand, and the state after the hands as they were when
    it was given. Hands corrected, undone or redone since are taken as they were from their
    history; the replay of a match costs milliseconds, and a retry is rare."""
    if kept.history is None:  # kept whole before migration 0027
        return kept.response, store.dumps(kept.response)
    hand = kept.response["hand"]
    no = int(hand["no"])
    texts = store.hand_texts(db, row.id)
    hands: list[dict[str, Any] | None] = [json.loads(t) for t in texts[:no]]
    hands += [None] * (no - len(hands))
    changed = store.hands_before_changes(db, row.id, kept.history, no)
    for number, before in changed.items():
        hands[number - 1] = before
    then = [h for h in hands if h is not None]
    if len(then) != no:  # a hand gone without a trace: cannot happen; never guess
        raise LookupError(f"match {row.id}: hand {no} before history entry {kept.history}")
    # The latest answer, asked again (the usual retry): the match's kept state is that state.
    latest = not changed and len(texts) == no
    result = reading.state_of(row, then) if latest else reading.replay(row.data, then)
    assert result.state is not None
    whole = result.state.as_json()
    return {"hand": hand, "state": whole}, recorded(hand, whole, result.state)
