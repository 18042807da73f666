"""Answers to idempotency keys cost a hand, not the match (issue 36), and are forgotten in
time.

Each keyed save kept its whole answer, the match's state, which grows with the match: a
300-hand match kept 5.9 MB of answers for 9.6 KB of hands. A row now keeps the hand answered
and the match's last history entry at that moment (``history``); the state is made again from
the hands as they were then. Rows already kept are shrunk where that moment is certain: no
history entry of their match is stamped in the same second as the answer (else the row keeps
its whole answer, ``history`` NULL, and is answered from it until it is forgotten).
"""

from __future__ import annotations

import json

from sqlite_utils import Database


def small_answers(db: Database) -> None:
    db.execute("ALTER TABLE idempotency ADD COLUMN history INTEGER")
    db.execute("CREATE INDEX idempotency_created ON idempotency (created)")
    # Their ids first, each answer then: a large database's answers never all in memory.
    rows = db.execute("SELECT rowid, match_id, created FROM idempotency").fetchall()
    for rowid, match_id, created in rows:
        same_second = db.execute(
            "SELECT 1 FROM hand_history WHERE match_id = ? AND at = ?",
            [match_id, created]).fetchone()
        if same_second is not None:
            continue
        mark = db.execute(
            "SELECT COALESCE(MAX(id), 0) FROM hand_history WHERE match_id = ? AND at < ?",
            [match_id, created]).fetchone()[0]
        response = db.execute("SELECT response FROM idempotency WHERE rowid = ?",
                              [rowid]).fetchone()[0]
        hand = json.loads(response)["hand"]
        small = json.dumps({"hand": hand}, ensure_ascii=False, sort_keys=True,
                           separators=(",", ":"))
        db.execute("UPDATE idempotency SET response = ?, history = ? WHERE rowid = ?",
                   [small, mark, rowid])
