"""Whist's own problem sentences: the English template of each problem code only its
rules give (``Game.messages``), worded and translated as the core's
(:data:`scorekeeper.engine.messages.MESSAGES`); a code two games share stays in the core."""

from __future__ import annotations

from ...engine.messages import N_

MESSAGES: dict[str, str] = {
    "rules.rubber_needs_target": N_("a rubber needs a target score"),
    "rules.no_trump_needs_rotation": N_("a no-trump deal needs a trump rotation (trump_rotation)"),
    "rules.tricks_need_deals": N_("scoring every trick needs a fixed number of deals"),
    "rules.tricks_no_honours": N_("honours are not counted when every trick scores"),
    "hand.honours_range": N_("honours held by NS must be 0 to 4, got {value}"),
    "hand.honours_missing": N_("how many of A K Q J of trumps did NS hold? (0 to 4)"),
    "hand.honours_mismatch": N_("the deal gives NS {derived} honours, but honours_NS says {given}"),
    "hand.honours_need_trump": N_("honours can be counted only when the trump is recorded"),
    "hand.turn_up_trump": N_("the turn-up {card} makes {suit} trump, not {trump}"),
    "hand.trump_not_rotation": N_("deal {no} is played in {trump} by the rotation, not {given}"),
    "hand.turn_up_not_rotation": N_("deal {no} is played in {trump} by the rotation: the turn-up {card} does not fit"),
    "hand.honours_no_trump": N_("deal {no} is a no-trump deal: there are no honours to count"),
    "hand.bad_revoke": N_("revoke must be {{\"by\": \"NS\" or \"EW\", \"penalty\": \"take3\", \"add3\" or \"deduct3\"}}"),
    "hand.revoke_unrecorded": N_("the card record shows {seat} revoked in trick {trick}: record the revoke and its penalty"),
    "hand.revoke_mismatch": N_("the card record shows {side} revoked, not {declared}"),
    "deal.dealer_lacks_card": N_("the turn-up {card} is the dealer's card, so {seat} must hold it"),
}
