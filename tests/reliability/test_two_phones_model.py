"""A state machine: two phones drive one match through the JSON API (record with idempotency
keys, retries of lost answers, stale hand numbers, corrections with If-Match, undos) and the
stored hands always equal a model built only from what the phones were told.

Never lost: every 201 that was not a replay added exactly the hand sent. Never doubled: a retry
(same Idempotency-Key, same body) adds nothing and answers as the first time.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from support.reliability import SEATS

from scorekeeper import create_app
from scorekeeper.engine.limits import MATCH_FORMAT
from scorekeeper.engine.matchfile import check_match
from scorekeeper.store.db import sqlite3

BASE = {"format": MATCH_FORMAT, "game": "euchre", "seats": dict(SEATS),
        "rules": {"target": 200}}
hands = st.one_of(
    st.builds(lambda c, t, a: {"caller": c, "makers_tricks": t, **({"alone": True} if a else {})},
              st.sampled_from("NESW"), st.integers(0, 5), st.booleans()),
    st.just({"passed": True}),
    st.builds(lambda t: {"caller": "N", "makers_tricks": t}, st.sampled_from([-1, 6])),  # bad
)


class TwoPhones(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.tmp = tempfile.TemporaryDirectory()
        self.app = create_app({"TESTING": True, "WRITE_LIMIT_PER_MINUTE": 0},
                              instance_path=self.tmp.name)
        self.client = self.app.test_client()
        created = self.client.post("/api/matches", json=BASE).get_json()
        self.url = f"/api/matches/{created['id']}"
        self.auth = {"Authorization": f"Bearer {created['edit_key']}"}
        self.model: list[dict[str, Any]] = []
        self.sent: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}  # key -> body, answer
        self.seen_no = [0, 0]  # the hand count each phone last saw
        self.etag: list[str | None] = [None, None]
        self.counter = 0

    def teardown(self) -> None:
        self.tmp.cleanup()

    def look(self, phone: int) -> None:
        r = self.client.get(self.url)
        self.seen_no[phone] = len(r.get_json()["match"]["hands"])
        self.etag[phone] = r.headers["ETag"]

    @rule(phone=st.integers(0, 1))
    def poll(self, phone: int) -> None:
        self.look(phone)

    @rule(phone=st.integers(0, 1), hand=hands, stale=st.booleans())
    def record(self, phone: int, hand: dict[str, Any], stale: bool) -> None:
        if not stale:
            self.look(phone)
        self.counter += 1
        key = f"p{phone}-{self.counter}"
        body = {**hand, "no": self.seen_no[phone] + 1}
        r = self.client.post(self.url + "/hands", json=body,
                             headers={**self.auth, "Idempotency-Key": key})
        assert r.status_code in (201, 409, 422), r.status_code
        if r.status_code == 201:
            assert "Idempotent-Replayed" not in r.headers
            assert body["no"] == len(self.model) + 1
            self.model.append(hand)
            self.sent[key] = (body, r.get_json())
            self.seen_no[phone] = len(self.model)
        elif r.status_code == 409:
            assert body["no"] != len(self.model) + 1
            assert len(r.get_json()["state"]["hands"]) == len(self.model)
        else:
            assert not check_match({**BASE, "hands": [*self.model, hand]}).ok

    @precondition(lambda self: self.sent)
    @rule(data=st.data(), same_body=st.booleans())
    def retry_after_a_lost_answer(self, data, same_body: bool) -> None:
        key = data.draw(st.sampled_from(sorted(self.sent)))
        body, first = self.sent[key]
        sent = body if same_body else {**body, "note": "changed"}
        r = self.client.post(self.url + "/hands", json=sent,
                             headers={**self.auth, "Idempotency-Key": key})
        if same_body:
            assert r.status_code == 201 and r.get_json() == first
            assert r.headers["Idempotent-Replayed"] == "true"
        else:
            assert r.status_code == 422

    @precondition(lambda self: self.model)
    @rule(phone=st.integers(0, 1), data=st.data(), hand=hands, use_etag=st.booleans())
    def correct(self, phone: int, data, hand: dict[str, Any], use_etag: bool) -> None:
        no = data.draw(st.integers(1, len(self.model)))
        headers = dict(self.auth)
        etag = self.etag[phone]
        if use_etag and etag:
            headers["If-Match"] = etag
        current = self.client.get(self.url).headers["ETag"]
        r = self.client.put(f"{self.url}/hands/{no}", json=hand, headers=headers)
        assert r.status_code in (200, 412, 422), r.status_code
        if r.status_code == 200:
            assert "If-Match" not in headers or headers["If-Match"] == current
            self.model[no - 1] = hand
        elif r.status_code == 412:
            assert headers.get("If-Match") not in (None, current)
        else:
            fixed = [*self.model]
            fixed[no - 1] = hand
            assert not check_match({**BASE, "hands": fixed}).ok

    @rule(phone=st.integers(0, 1), stale=st.booleans())
    def undo(self, phone: int, stale: bool) -> None:
        if not stale:
            self.look(phone)
        no = self.seen_no[phone]
        if no < 1:
            return
        r = self.client.delete(f"{self.url}/hands/{no}", headers=self.auth)
        if no == len(self.model):
            assert r.status_code == 200
            self.model.pop()
        else:
            assert r.status_code == 409
        self.seen_no[phone] = len(self.model)

    @invariant()
    def stored_hands_are_the_model(self) -> None:
        conn = sqlite3.connect(Path(self.tmp.name) / "scorekeeper.db")
        try:
            rows = conn.execute("SELECT no, data FROM hands ORDER BY no").fetchall()
        finally:
            conn.close()
        assert [r[0] for r in rows] == list(range(1, len(rows) + 1))
        assert [json.loads(r[1]) for r in rows] == self.model
        state = self.client.get(self.url).get_json()["state"]
        assert state == check_match({**BASE, "hands": self.model}).state.as_json()


TwoPhones.TestCase.settings = settings(
    max_examples=60, stateful_step_count=25, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_two_phones_never_lose_or_double_a_hand = TwoPhones.TestCase
