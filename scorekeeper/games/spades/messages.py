"""Spades' own problem sentences: the English template of each problem code only its
rules give (``Game.messages``), worded and translated as the core's
(:data:`scorekeeper.engine.messages.MESSAGES`); a code two games share stays in the core."""

from __future__ import annotations

from ...engine.messages import N_

MESSAGES: dict[str, str] = {
    "hand.bids_missing": N_("what did each seat bid? bids is required, like {{\"N\": 3, \"E\": 4, \"S\": 0, \"W\": 2}}"),
    "hand.bids_not_object": N_("bids must give each seat's bid, like {{\"N\": 3, \"E\": 4, \"S\": 0, \"W\": 2}}"),
    "hand.seat_bid_missing": N_("what did {seat} bid? bids must give all four seats"),
    "hand.bid_range": N_("{seat}'s bid must be 0 to 13 (0 is nil), got {value}"),
    "hand.bid_range_blind": N_("{seat}'s bid must be 0 to 13 (0 is nil) or \"blind_nil\", got {value}"),
    "hand.blind_nil_off": N_("{seat} bid blind nil, but blind nil is not allowed in this match (the blind_nil rule is off)"),
    "hand.bad_seat_key": N_("{field} holds {value}, which is not a seat: use N, E, S or W"),
    "hand.nil_tricks_not_object": N_("nil_tricks must give the tricks of each seat that bid nil, like {{\"S\": 0}}"),
    "hand.nil_tricks_range": N_("the tricks {seat} took must be 0 to 13, got {value}"),
    "hand.nil_tricks_not_nil": N_("{seat} did not bid nil: nil_tricks is only for the seats that bid nil"),
    "hand.nil_tricks_missing": N_("{seat} bid nil: how many tricks did {seat} take? (nil_tricks)"),
    "hand.nil_tricks_over": N_("{seat} can't have taken {value} tricks: {side} took only {tricks}"),
    "hand.nil_tricks_double": N_("{first} and {second} both bid nil, so their tricks ({given}) must be all {side} took ({tricks})"),
    "hand.nil_tricks_mismatch": N_("the card record gives {seat} {derived} tricks, but nil_tricks says {given}"),
    "play.trumps_not_broken": N_("{seat} led {card} in trick {trick}, but spades were not broken yet (no spade in an earlier trick) and {seat} still held another suit"),
}
