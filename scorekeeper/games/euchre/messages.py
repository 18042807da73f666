"""Euchre's own problem sentences: the English template of each problem code only its
rules give (``Game.messages``), worded and translated as the core's
(:data:`scorekeeper.engine.messages.MESSAGES`); a code two games share stays in the core."""

from __future__ import annotations

from ...engine.messages import N_

MESSAGES: dict[str, str] = {
    "hand.joker_turn_up_trump": N_("the Joker was turned up: record the suit the dealer named for it as trump"),
    "hand.bad_round": N_("round must be 1 or 2, got {value}"),
    "hand.caller_missing": N_("say who called trump (or that everyone passed)"),
    "hand.passed_extra": N_("a passed hand holds only the dealer, the turn-up, the deal and a note, not {key}"),
    "hand.passed_stick": N_("with stick the dealer, the dealer must name trump: the hand can't be passed"),
    "hand.makers_tricks_range": N_("makers' tricks must be 0 to 5, got {value}"),
    "hand.makers_tricks_missing": N_("how many tricks did the makers take? (0 to 5)"),
    "hand.round1_trump": N_("in round 1 the turn-up's suit is trump: {card} was turned up, so trump is {suit}"),
    "hand.round2_trump": N_("round 2 can't name {suit}: {suit} was turned down"),
    "hand.defender_alone_rule": N_("a defender can play alone only when the defend-alone rule is on"),
    "hand.defender_alone_not_lone": N_("a defender can play alone only against a lone hand"),
    "hand.defender_alone_maker": N_("{seat} is on the makers' team, so can't defend alone"),
    "hand.canadian_must_alone": N_("Canadian loner: the dealer's partner ordered up in round 1, so must play alone"),
    "hand.canadian_round_needed": N_("Canadian loner: record the round (or trump and turn-up) when the dealer's partner calls"),
    "hand.discard_round2": N_("there is no discard in round 2: the turn-up was turned down"),
    "hand.discard_held": N_("{card} was discarded, so nobody can hold or play it"),
    "hand.renege_mismatch": N_("the card record shows {proven} reneged in trick {trick}, not {declared}"),
    "deal.turn_up_held": N_("{card} was turned down, so {seat} can't hold it"),
    "deal.dealer_lacks_turn_up": N_("the dealer took the turn-up {card}, so must hold it (the discard was {discard})"),
    "play.dealer_kept_turn_up": N_("the dealer took the turn-up {card} and must play it (the discard was {discard})"),
}
