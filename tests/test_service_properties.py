"""Property: whatever record/correct/undo sequence happens, the totals shown are the replay of
the stored hands, and equal the sum of the stored hands' points."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.helpers import euchre_match

from scorekeeper import service
from scorekeeper.engine.matchfile import check_match
from scorekeeper.service import Status
from scorekeeper.store.db import connect, migrate

SEATS = ("N", "E", "S", "W")

hands = st.one_of(
    st.builds(lambda c, t: {"caller": c, "makers_tricks": t},
              st.sampled_from(SEATS), st.integers(0, 5)),
    st.builds(lambda c, t: {"caller": c, "alone": True, "makers_tricks": t},
              st.sampled_from(SEATS), st.integers(0, 5)),
    st.just({"passed": True}),
    st.builds(lambda t: {"caller": "N", "makers_tricks": t}, st.integers(-1, 7)),  # some illegal
)
ops = st.lists(
    st.one_of(
        st.tuples(st.just("record"), hands, st.integers(-1, 1)),  # no offset: -1/+1 are wrong
        st.tuples(st.just("correct"), hands, st.integers(0, 30)),
        st.tuples(st.just("undo"), st.none(), st.integers(-1, 0)),
    ),
    max_size=25,
)


def totals(state):
    """The sum of the points of the hands in a state, per side."""
    out = {"NS": 0, "EW": 0}
    for hand in state.hands:
        for side in out:
            out[side] += hand.points[side]
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops)
def test_totals_are_always_the_replay_of_the_stored_hands(sequence):
    with tempfile.TemporaryDirectory() as tmp:
        db = connect(Path(tmp) / "p.db")
        try:
            migrate(db)
            base = euchre_match()
            match_id = service.create_match(db, base).match_id
            model: list[dict] = []
            for op, hand, arg in sequence:
                if op == "record":
                    outcome = service.record_hand(db, match_id, hand, len(model) + 1 + arg)
                    if outcome.status is Status.RECORDED:
                        assert arg == 0
                        model.append(hand)
                elif op == "correct":
                    if not model:
                        continue
                    no = arg % len(model) + 1
                    outcome = service.correct_hand(db, match_id, no, hand)
                    if outcome.status is Status.CORRECTED:
                        model[no - 1] = hand
                else:
                    outcome = service.undo_last(db, match_id, len(model) + arg)
                    if outcome.status is Status.UNDONE:
                        assert arg == 0
                        model.pop()
                loaded = service.load(db, match_id)
                assert loaded.match.hand_objects == model
                expected = check_match({**base, "hands": model})
                assert expected.ok
                assert loaded.state == expected.state
                if outcome.ok and outcome.state is not None:
                    assert outcome.state == expected.state
                assert loaded.state.score == totals(loaded.state)
        finally:
            db.conn.close()
