"""The sentences of a refused session file, by code (English, ``N_``-marked: the web layer
translates the same templates), and the problem that carries one.

A session's problem names where it is as the spec's error object does: the board, the result
(its 1-based place in the file's ``results``) and the field; any of them may be None.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field
from typing import Any

from ....engine.messages import N_, fill
from ..words import MESSAGES as DEAL_WORDS

SESSION_MESSAGES: dict[str, str] = {
    "session.not_object": N_("a session must be a JSON object"),
    "session.unknown_key": N_("unknown key \"{key}\" in the session (check the spelling)"),
    "session.missing": N_("\"{key}\" is required"),
    "session.bad_choice": N_("{key} must be one of {choices}, not {value}"),
    "session.bad_name": N_("the session's name must be text of 1 to {most} characters"),
    "session.bad_date": N_("the date must be a day written like 2026-12-08, not {value}"),
    "session.pairs_shape": N_("pairs must be an object: each pair's id and the two names, "
                              "like {{\"N1\": [\"Ann\", \"Bo\"]}}"),
    "session.no_pairs": N_("a session needs at least two pairs"),
    "session.too_many_pairs": N_("a session can hold at most {most} pairs"),
    "session.bad_pair_id": N_("{value} is not a pair id: use 1 to {most} letters or digits, "
                              "like N1 or 7"),
    "session.bad_names": N_("pair {pair} needs the two players' names, each 1 to {most} "
                            "characters"),
    "session.boards_shape": N_("boards must be an object: each board's number and its "
                               "hand record, like {{\"1\": {{\"deal\": {{...}}}}}}"),
    "session.bad_board_number": N_("{value} is not a board number: boards are numbered from 1 "
                                   "to {most}"),
    "session.board_shape": N_("board {board}'s hand record must be an object with its deal"),
    "session.board_disagrees": N_("board {board}'s {key} is {expected} by its number, not "
                                  "{value}"),
    "session.bad_deal": N_("the deal must give each seat 13 cards, N, E, S and W, 52 "
                           "different cards in all: {why}"),
    "session.results_shape": N_("results must be a list of results, one per board played at "
                                "a table"),
    "session.too_many_results": N_("a session can hold at most {most} results"),
    "session.result_shape": N_("a result must be an object naming its board, the NS pair and "
                               "the EW pair"),
    "session.result_unknown_key": N_("unknown field \"{key}\" in a result"),
    "session.bad_board": N_("board must be a board number from 1 to {most}, not {value}"),
    "session.bad_number": N_("{key} must be a whole number from 1 to {most}, not {value}"),
    "session.unknown_pair": N_("there is no pair {value} in this session's pairs"),
    "session.same_pair": N_("pair {pair} can't sit both NS and EW at one table"),
    "session.played_twice": N_("pair {pair} already played board {board} (result {first})"),
    "session.changed_direction": N_("in a Mitchell a pair keeps its direction all session: "
                                    "pair {pair} sat {was} in result {first}"),
    "session.deal_and_adjusted": N_("a result is a played deal or an adjusted score, not both"),
    "session.passed_and_contract": N_("a passed-out deal has no {key}"),
    "session.bad_passed": N_("passed must be true (all four passed) when given"),
    "session.bad_contract": N_("{value} is not a contract: write the level, the strain and "
                               "any double, like 4H, 3NT, 4SX or 6NTXX"),
    "session.bad_declarer": N_("declarer must be a seat (N, E, S or W), not {value}"),
    "session.lead_not_held": N_("the opening lead {value} is not in {seat}'s hand (the "
                                "board's hand record): declarer's left-hand opponent leads"),
    "session.bad_tricks": N_("tricks must be a whole number from 0 to 13 (declarer's side's "
                             "tricks), not {value}"),
    "session.no_deal_result": N_("a result needs a contract, a declarer and the tricks taken, "
                                 "passed: true, or an adjusted score"),
    "session.bad_card": N_("{value} is not a card: write rank then suit, like 10H, JD or AS"),
    "session.bad_adjusted": N_("adjusted must give each side an artificial score, A+, A or A-, "
                               "like {{\"ns\": \"A+\", \"ew\": \"A-\"}}"),
    "session.bad_note": N_("a note must be text of at most {most} characters"),
    "session.deal_differs": N_("this result's deal is not board {board}'s hand record: {why}"),
}
# A table's phone says what its Save left out in the deal form's words (session/table.py)
SESSION_MESSAGES.update({code: DEAL_WORDS[code] for code in (
    "deal.contract_missing", "deal.declarer_missing", "deal.tricks_missing")})


@dataclass(slots=True)
class SessionProblem:
    """What is wrong with a session file, and where."""

    code: str
    field: str | None = None
    board: int | None = None
    result: int | None = None
    params: dict[str, Any] = _field(default_factory=dict)

    @property
    def message(self) -> str:
        return fill(SESSION_MESSAGES.get(self.code, self.code), self.params)

    def as_json(self) -> dict[str, Any]:
        """The error object of ``scorekeeper check`` and the session API (spec/bridge.md)."""
        return {"board": self.board, "result": self.result, "field": self.field,
                "message": self.message}
