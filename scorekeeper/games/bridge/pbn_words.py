"""What a PBN import or export says about a deal: what is wrong with it, and what one side
could not carry to the other (never dropped silently). English templates marked with ``N_``
for the web layer to translate; a problem's ``hand`` is the deal's place in the file (from 1).
"""

from __future__ import annotations

from scorekeeper.engine.messages import N_, fill
from scorekeeper.engine.problems import Problem

from .analysis_words import ANALYSIS_WORDS

PBN_WORDS: dict[str, str] = {
    "pbn.empty": N_("this file holds no PBN deals: a deal is a group of tags such as "
                    "[Deal \"N:…\"] and [Contract \"4H\"]"),
    "pbn.too_large": N_("this file holds more than {most} deals: split it"),
    "pbn.unreadable": N_("this deal can't be read as PBN: line {line} is neither a tag nor "
                         "part of the play or the auction"),
    "pbn.bad_board": N_("the Board tag must be a board number, not {value}"),
    "pbn.bad_deal": N_("the Deal tag {value} is not four hands: it is written like "
                       "N:AKQ.JT9.8765.432 and the next three hands"),
    "pbn.partial_deal": N_("the Deal tag gives {count} of the 52 cards: the hands are not kept"),
    "pbn.bad_dealer": N_("the Dealer tag must be N, E, S or W, not {value}"),
    "pbn.bad_vulnerable": N_("the Vulnerable tag must be None, NS, EW or All, not {value}"),
    "pbn.no_contract": N_("this deal gives no contract (its Contract tag is missing or ?): "
                          "there is nothing to score"),
    "pbn.bad_contract": N_("the Contract tag {value} is not a contract: it is written like 4HX, "
                           "3NT or Pass"),
    "pbn.bad_declarer": N_("the Declarer tag must be N, E, S or W, not {value}"),
    "pbn.no_declarer": N_("this deal gives no declarer (its Declarer tag is missing or ?)"),
    "pbn.bad_result": N_("the Result tag must be declarer's tricks, 0 to 13, not {value}"),
    "pbn.no_result": N_("this deal gives no Result and its play does not reach the end: "
                        "declarer's tricks are not known"),
    "pbn.contract_from_auction": N_("the deal has no Contract tag: the contract {contract} is "
                                    "the auction's"),
    "pbn.auction_disagrees": N_("the auction ends in {auction}, but the tags say {given}: the "
                                "tags are kept"),
    "pbn.auction_dropped": N_("the auction ({auction}) is not kept: a deal record holds the "
                              "contract, not the bids"),
    "pbn.tags_dropped": N_("these tags are not kept: {tags}"),
    "pbn.bad_play_card": N_("{value} in the play (line {line}) is not a card: PBN writes suit "
                            "then rank, like SK or HT; the play is not kept"),
    "pbn.play_dropped": N_("the play is not kept: it can't be played from this deal"),
    "pbn.partial_trick": N_("trick {trick} was not finished ({cards}): the record keeps whole "
                            "tricks only"),
    "pbn.unknown_card": N_("trick {trick} has a card that is not given (-): the play is not "
                           "kept"),
    "pbn.play_stops": N_("the play stops after trick {trick} with no claim marked (*): the rest "
                         "is kept as a claim of {claim}"),
    "pbn.result_differs": N_("the Result gives declarer's side {tricks} tricks, but it won "
                             "{won} in the play: the play is not kept"),
    "pbn.claim_impossible": N_("the Result gives declarer's side {tricks} tricks, but it had won "
                               "{won} when play stopped with {left} to go: the play is not kept"),
    "pbn.wrong_leader": N_("the play starts from {seat}, but declarer's left ({lead}) makes the "
                           "opening lead: the play is not kept"),
    "pbn.passed_with_play": N_("the deal was passed out, yet a play is given: the play is not "
                               "kept"),
    # export
    "pbn.not_written": N_("this deal is not written: a deal record needs a contract, a "
                          "declarer and its tricks, or \"passed\""),
    "pbn.bad_tricks": N_("tricks must be a whole number from 0 to 13, not {value}"),
    "pbn.play_not_written": N_("the play is not written: it can't be played from this deal"),
    "pbn.key_not_written": N_("{key} is not written: PBN has no tag for it"),
    "pbn.note_braces": N_("the note's braces are written as round brackets: a PBN comment "
                          "can't hold braces"),
    "pbn.honours_not_written": N_("PBN has no tag for honours: {side}'s {points} for honours "
                                  "are not written"),
}


class PbnProblem(Problem):
    """A PBN import or export problem or note, worded from :data:`PBN_WORDS` (the deal and play
    codes it shares with the analysis from theirs)."""

    __slots__ = ()

    @property
    def message(self) -> str:
        return fill(PBN_WORDS.get(self.code) or ANALYSIS_WORDS.get(self.code, self.code),
                    self.params)
