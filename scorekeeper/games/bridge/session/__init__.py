"""Bridge's duplicate sessions (spec/bridge.md, "A duplicate session"): reading a session file,
matchpoints, cross-IMPs, ranking and the check answer. Pure: no Flask, no SQLite.

Bridge's ``Game`` takes :data:`SESSION` as its ``session`` part, so ``scorekeeper check``
and the app reach it through the registry.
"""

from __future__ import annotations

from ....engine.sessions import SessionPart
from ..pbn_words import PBN_WORDS
from .answer import board_lines, check_session, recheck, rescore, standings
from .cards import score_card
from .exports import EXPORTS
from .hand_records import hand_record
from .messages import SESSION_MESSAGES
from .starting import START_WORDS, read_boards, result_from_form
from .table import table_check

SESSION = SessionPart(check=check_session,
                      messages={**SESSION_MESSAGES, **PBN_WORDS, **START_WORDS},
                      exports=EXPORTS, score_card=score_card, hand_record=hand_record,
                      read_boards=read_boards, boards_file="PBN",
                      result_from_form=result_from_form, table_check=table_check,
                      recheck=recheck, rescore=rescore, board_lines=board_lines,
                      standings=standings)

__all__ = ["SESSION", "check_session"]
