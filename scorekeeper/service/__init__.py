"""The service layer: what the pages and the JSON API do to matches, so both behave the same.

Split by direction: :mod:`.reading` (load, preview, history: every replay goes through it,
kept per version by :mod:`.statecache`) and :mod:`.writing` (create, record, correct, undo).
Every function takes a sqlite-utils ``Database`` (``scorekeeper.store.db.get_db()`` in a
request) and returns plain data or a :class:`ServiceResult`. The hands are the truth: the
state is always the replay of the stored hands through the engine (``check_match``); nothing
derived is stored.
Writes run inside ``BEGIN IMMEDIATE`` so two phones recording at once are serialised.

Quick reference (see each docstring):

- ``create_match(db, data) -> ServiceResult``  CREATED (match_id, edit_key, state) | ILLEGAL
- ``import_text(db, text, name, names) -> ServiceResult``  as create_match, from a text
  notation (PBN); ``names``: the players of the seats the file names none for
- ``unnamed_seats(text, name)``  the seats such a file names no player for (the page asks)
- ``preview(db, match_id, hand, no=None) -> Preview | None``  what a Save would do, stored nowhere
- ``load(db, match_id) -> LoadedMatch | None``;  ``exists(db, match_id) -> bool``
- ``record_hand(db, match_id, hand, expected_no, submission_key=None) -> ServiceResult``
  RECORDED | DUPLICATE | KEY_REUSED | WRONG_NO | OVER | ILLEGAL | NOT_FOUND
- ``correct_hand(db, match_id, no, hand, expected_version=None, by=...,
  expected_match_version=None) -> ServiceResult``  CORRECTED | CONFLICT | ILLEGAL | NO_SUCH_HAND |
  NOT_FOUND
- ``undo_last(db, match_id, no, by=..., expected_match_version=None) -> ServiceResult``
  UNDONE | NOT_LAST | CONFLICT | NOT_FOUND
- ``redo_last(db, match_id, no, by=..., expected_match_version=None) -> ServiceResult``
  REDONE | CONFLICT | NOT_FOUND;  ``redoable(db, match_id) -> (no, hand) | None``
- ``history(db, match_id) -> list[HandChange] | None``
- ``check_edit_key(db, match_id, key) -> bool``;  ``new_edit_key(db, match_id) -> str | None``
- ``recent(db, ids) -> list[LoadedMatch]``
"""

from __future__ import annotations

from .keys import check_edit_key, hash_key, new_edit_key, new_key, new_match_id
from .next_hand import record_hand
from .reading import exists, history, load, match_row, preview, recent, version
from .redoing import redo_last, redoable
from .results import LoadedMatch, Preview, ServiceResult, Status
from .writing import (
    MAX_HANDS,
    correct_hand,
    create_match,
    import_text,
    rematch,
    rematch_started,
    undo_last,
    unnamed_seats,
)

__all__ = [
    "MAX_HANDS",
    "LoadedMatch",
    "Preview",
    "ServiceResult",
    "Status",
    "check_edit_key",
    "correct_hand",
    "create_match",
    "exists",
    "hash_key",
    "history",
    "import_text",
    "load",
    "match_row",
    "new_edit_key",
    "new_key",
    "new_match_id",
    "preview",
    "recent",
    "record_hand",
    "redo_last",
    "redoable",
    "rematch",
    "rematch_started",
    "undo_last",
    "unnamed_seats",
    "version",
]
