"""Migration ``0027_rubber_facts`` (issue 35): a Whist rubber's result in the facts.

A rubber's score is only its current game's, so the players' pages showed the last game's
score (7-0) where the match page said "won the rubber 2-1, 5 points". The facts now count a
rubber in games won (``match_facts``) and mark the deals that ended its games and its points
(``hand_facts.detail``). No table changes; the facts are derived, so every match's are made
again from its stored hands (the store does not know which games keep a rubber, and a
rebuild of a match whose facts did not change writes the same rows).
"""

from __future__ import annotations

from sqlite_utils import Database


def rubber_facts(db: Database) -> None:
    from ..facts import rebuild  # the store's writer, as 0022 uses it

    for (match_id,) in db.execute("SELECT id FROM matches ORDER BY created, id").fetchall():
        rebuild(db, match_id)
