"""The double-dummy analysis in words, and what stops it: English templates marked with ``N_``
for the web layer to translate (``{name}`` placeholders, as the engine's problems have).

Params keep seats as letters (the web translates them, as every problem's seats) and cards and
contracts as the table writes them (``♠K``, ``4♠``, ``5♦X−2``: the same in every language).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scorekeeper.engine.messages import N_, fill
from scorekeeper.engine.problems import Problem

from .notation import SEATS, STRAIN_ORDER, card_label, strain_label

if TYPE_CHECKING:
    from .analysis import DealAnalysis, MakeableTable, Par, PlayAnalysis

ANALYSIS_WORDS: dict[str, str] = {
    # what stops an analysis
    "deal.not_four_hands": N_("the deal must give the cards of each hand: N, E, S and W"),
    "deal.not_thirteen": N_("{seat}'s hand must hold 13 cards"),
    "deal.bad_card": N_("{value} in {seat}'s hand is not a card: write rank then suit, like "
                        "10S or AH"),
    "deal.card_twice": N_("{card} is in {seat}'s hand and in {other}'s"),
    "play.too_many": N_("a deal has at most 13 tricks"),
    "play.bad_trick": N_("trick {trick} must be the 4 cards played, from its leader"),
    "play.bad_card": N_("{value} at trick {trick} is not a card: write rank then suit, like "
                        "10S or AH"),
    "play.not_held": N_("at trick {trick} {seat} played {card}, which {seat} does not hold"),
    "play.revoke": N_("at trick {trick} {seat} played {card} but could follow suit"),
    "play.card_twice": N_("{card} is played twice (again at trick {trick})"),
    "play.illegal": N_("trick {trick} can't be analysed: {seat} could not play {card} there"),
    "dd.no_deal": N_("double dummy needs all four hands: record the deal or all 13 tricks"),
    "dd.bad_vulnerable": N_("vulnerability must be none, NS, EW or both, not {value}"),
    "dd.bad_dealer": N_("the dealer must be a seat: N, E, S or W"),
    "dd.bad_contract": N_("{value} is not a contract: write level, strain and X or XX, like "
                          "4HX"),
    "dd.bad_declarer": N_("the declarer must be a seat: N, E, S or W"),
    "stats.not_deal": N_("deal {hand} is not a deal record: it is left out of the figures"),
    "stats.not_scored": N_("deal {hand} has no contract, declarer and tricks: it is left out of "
                           "the figures"),
    # the analysis
    "dd.makes": N_("{seat} can make {contracts}"),
    "dd.makes_nothing": N_("{seat} can make no contract"),
    "dd.par": N_("Par: {contract} by {seat}: {side} {score}"),
    "dd.par_either": N_("Par: {contract} by {seat} or {other}: {side} {score}"),
    "dd.par_passed": N_("Par: pass it out; neither side can score"),
    "dd.costly_one": N_("{seat}'s {card} at trick {trick} cost a trick: {instead} would have "
                        "held it"),
    "dd.costly_one_any": N_("{seat}'s {card} at trick {trick} cost a trick: any of {instead} "
                            "would have held it"),
    "dd.costly_many": N_("{seat}'s {card} at trick {trick} cost {count} tricks: {instead} "
                         "would have held them"),
    "dd.costly_many_any": N_("{seat}'s {card} at trick {trick} cost {count} tricks: any of "
                             "{instead} would have held them"),
    "dd.no_costly": N_("No card cost a trick: both sides played their best."),
    "dd.took_same": N_("Declarer's side took {took} of the 13 tricks, as many as best play on "
                       "both sides gives"),
    "dd.took_more": N_("Declarer's side took {took} of the 13 tricks, {diff} more than best play "
                       "on both sides gives ({best})"),
    "dd.took_fewer": N_("Declarer's side took {took} of the 13 tricks, {diff} fewer than best "
                        "play on both sides gives ({best})"),
    "dd.claim_short": N_("The claim after trick {trick} gave up {diff}: best play would have "
                         "taken {best} in all"),
    "dd.claim_long": N_("The defenders let the claim after trick {trick} take {diff} more than "
                        "best play would have ({best} in all)"),
}


# what stops an analysis (or a statistic), as the game's problem codes: the rest are sentences
PROBLEM_WORDS: dict[str, str] = {
    code: text for code, text in ANALYSIS_WORDS.items()
    if not code.startswith(("dd.makes", "dd.par", "dd.costly", "dd.no_costly", "dd.took",
                            "dd.claim"))}


class BridgeProblem(Problem):
    """What stops a bridge analysis (or import), worded from this game's own table."""

    __slots__ = ()

    @property
    def message(self) -> str:
        return fill(ANALYSIS_WORDS.get(self.code, self.code), self.params)


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of the analysis: a template code and its params; ``text`` in English."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def template(self) -> str:
        return ANALYSIS_WORDS[self.code]

    @property
    def text(self) -> str:
        return fill(self.template, self.params)


def cards_text(cards: Sequence[str], most: int = 4) -> str:
    """Cards as a list the table reads: ``♠A, ♠Q``; past ``most`` of them, the first and "…"
    (small cards of a suit often all keep the count: naming them all helps nobody)."""
    shown = ", ".join(card_label(card) for card in cards[:most])
    return shown + ", …" if len(cards) > most else shown


def table_words(table: MakeableTable) -> list[Sentence]:
    """A sentence a declarer: the highest contract it makes in each strain, ``4♠, 3NT``."""
    sentences = []
    for seat in SEATS:
        made = [f"{table.get(strain, seat) - 6}{strain_label(strain)}"
                for strain in reversed(STRAIN_ORDER) if table.get(strain, seat) >= 7]
        sentences.append(Sentence("dd.makes", {"seat": seat, "contracts": ", ".join(made)})
                         if made else Sentence("dd.makes_nothing", {"seat": seat}))
    return sentences


def par_words(found: Par) -> list[Sentence]:
    """Par in words: each par contract and the score it gives, from the side that gains."""
    if not found.contracts:
        return [Sentence("dd.par_passed")]
    side = "NS" if found.score >= 0 else "EW"
    score = f"+{abs(found.score)}"
    sentences = []
    for contract in found.contracts:
        seats = contract.declarers
        params = {"contract": contract.text, "seat": seats[0], "side": side, "score": score}
        if len(seats) > 1:
            sentences.append(Sentence("dd.par_either", {**params, "other": seats[1]}))
        else:
            sentences.append(Sentence("dd.par", params))
    return sentences


def play_words(play: PlayAnalysis) -> list[Sentence]:
    """The recorded play in words: each card that cost a trick, the claim, the result."""
    sentences = []
    for costly in play.costly:
        code = "dd.costly_one" if costly.cost == 1 else "dd.costly_many"
        if len(costly.instead) > 1:
            code += "_any"
        sentences.append(Sentence(code, {
            "seat": costly.seat, "card": card_label(costly.card), "trick": costly.trick,
            "count": costly.cost, "instead": cards_text(costly.instead)}))
    if not play.costly:
        sentences.append(Sentence("dd.no_costly"))
    if play.took is not None and play.claim_best is not None and play.took != play.claim_best:
        gave_up = play.claim_best - play.took
        sentences.append(Sentence("dd.claim_short" if gave_up > 0 else "dd.claim_long", {
            "trick": len(play.after) // 4, "diff": abs(gave_up), "best": play.claim_best}))
    if play.took is not None:
        diff = play.took - play.best
        code = "dd.took_same" if diff == 0 else "dd.took_more" if diff > 0 else "dd.took_fewer"
        sentences.append(Sentence(code, {"took": play.took, "diff": abs(diff),
                                         "best": play.best}))
    return sentences


def analysis_words(analysis: DealAnalysis) -> list[Sentence]:
    """Everything the analysis says, in reading order: par, the table, the play."""
    words = par_words(analysis.par) + table_words(analysis.table)
    return words + (play_words(analysis.play) if analysis.play is not None else [])
