"""Contract Bridge (spec/bridge.md), one folder: at a table, rubber and Chicago (``rules``,
``record``, ``rubber``, ``chicago``), one contract's score (``scoring``), its words
(``words``, ``outcome``), its duplicate sessions (``session/``), double dummy (``analysis``),
PBN (``pbn*``) and statistics (``stats``); its page is README.md here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.game import Game, Preset
from ...engine.messages import MESSAGES as CORE_MESSAGES
from ...engine.messages import N_
from ...engine.parts.analysis import Analyser
from ...engine.parts.recorder import Recording
from ...engine.parts.sheet import SheetPart
from ...engine.parts.templates import Templates
from ...engine.parts.words import DEAL_WORDS, History
from ...engine.problems import Problem
from .analysis_words import PROBLEM_WORDS
from .facts import STATISTICS
from .outcome import history_tags, outcome_words, recorded_words, sheet_row, short_words
from .pbn_match import NOTATION
from .record import TRICKS
from .rules import OPTIONS, deal_strain, evaluate, running, settle, stop
from .session import SESSION
from .words import FIELD_WORDS, MESSAGES, OPTION_WORDS, RESULT_WORDS


# Double dummy loads endplay (DDS and numpy, some 60 MB): only when a deal is analysed, not in
# every process that loads the game (a worker, `scorekeeper check`).
def analyse(match: Mapping[str, Any], no: int) -> tuple[Any, list[Problem]]:
    """Deal ``no`` of a checked match file object, analysed double dummy (deal_analysis.py)."""
    from .deal_analysis import analyse as analysed

    return analysed(match, no)


def deal_sentences(found: Any) -> Mapping[str, Sequence[Any]]:
    """The deal page's and the API's sentences of an analysis (deal_analysis.py)."""
    from .deal_analysis import deal_sentences as sentences

    return sentences(found)

GAME = Game(
    name="bridge",
    label=N_("Bridge"),
    rules_label=N_("Bridge rules"),
    options=OPTIONS,
    evaluate=evaluate,
    tricks=TRICKS,
    presets=(
        Preset("rubber", N_("Rubber bridge")),
        Preset("chicago", N_("Chicago"), {"scoring": "chicago"}),
        Preset("chicago_no_carry", N_("Chicago, no part-score carry"),
               {"scoring": "chicago", "partscore_carry": False}),
    ),
    settle=settle,
    running=running,
    stop=stop,
    # what stops an analysis, but for the codes the core words already
    messages={**MESSAGES, **{code: text for code, text in PROBLEM_WORDS.items()
                             if code not in CORE_MESSAGES}},
    words=DEAL_WORDS,
    history=History(call=N_("Contract"), seat="declarer", makers=True, trump=deal_strain,
                    tags=history_tags, results=RESULT_WORDS, outcome=outcome_words,
                    short=short_words, recorded=recorded_words),
    hand_form="scorekeeper.games.bridge.form:BridgeHandForm",
    templates=Templates(hand_fields="game/bridge/hand_fields.html",
                        board="game/bridge/board.html",
                        sheet_hands="game/bridge/sheet_hands.html",
                        blank="game/bridge/blank.html",
                        hand_facts="game/bridge/hand_facts.html"),
    sheet=SheetPart(row=sheet_row),
    folder="scorekeeper.games.bridge",
    # card by card: declarer (the form's ``declarer``) is the caller, the contract's strain
    # the trump, declarer's left leads; a whole record (or a claim after whole tricks) sets
    # declarer's side's tricks; a revoke in the record is refused, the cards corrected
    recording=Recording(caller=True, caller_field="declarer", trump_from_bid=True,
                        bid_field="contract", caller_left_leads=True, result_field="tricks",
                        claims=True, renege_refused=True),
    option_words=OPTION_WORDS,
    field_words=FIELD_WORDS,
    session=SESSION,
    notation=NOTATION,  # PBN: a deal or a whole match read, any match written
    statistics=STATISTICS,  # worked out at save time, without double dummy (facts.py)
    # double dummy through DDS: a deal's table, par and play, shown by its own template
    analysis=Analyser(own=analyse, template="game/bridge/analysis.html",
                      words=deal_sentences,
                      needs=("deal", "play")),
)
