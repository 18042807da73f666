"""Five Hundred's own problem sentences: the English template of each problem code only its
rules give (``Game.messages``), worded and translated as the core's
(:data:`scorekeeper.engine.messages.MESSAGES`); a code two games share stays in the core."""

from __future__ import annotations

from ...engine.messages import N_

MESSAGES: dict[str, str] = {
    "hand.caller_missing_bid": N_("say who won the bidding (or that everyone passed)"),
    "hand.bid_missing": N_("say what the caller bid: 6S to 10NT, misere or open_misere"),
    "hand.bad_bid": N_("{value} is not a bid: write the tricks then S, C, D, H or NT (6S to 10NT), or misere, or open_misere"),
    "hand.misere_off": N_("misère can't be bid in this match: the misere rule is off"),
    "hand.makers_tricks_range_10": N_("makers' tricks must be 0 to 10, got {value}"),
    "hand.makers_tricks_missing_10": N_("how many tricks did the makers take? (0 to 10; in misère, the caller's)"),
    "hand.misere_tricks_mismatch": N_("the card record shows the caller took {derived} of the first {played} tricks, so makers' tricks can't be {given}"),
    "hand.kitty_count": N_("the kitty holds {count} cards, not {got}"),
    "hand.discard_count": N_("the caller discards {count} cards, not {got}"),
    "hand.cards_not_list": N_("{field} must be a list of {count} cards, like [\"5H\", \"JK\", \"AS\"]"),
    "hand.discard_not_callers": N_("{card} was dealt to {seat}, so the caller can't discard it"),
    "hand.discard_not_held": N_("the caller discards from their hand and the kitty: {card} is in neither"),
    "hand.passed_extra_bid": N_("a passed hand holds only the dealer, the deal, the kitty and a note, not {key}"),
    "deal.kitty_held": N_("{card} is in the kitty, so {seat} wasn't dealt it"),
    "play.not_followed": N_("the card record shows {seat} did not follow suit in trick {trick} while holding the suit led"),
    "play.misere_stopped_early": N_("a misère record may stop early only once the caller has taken a trick: the caller took none of these {got} tricks"),
    "analysis.no_trumps": N_("only hands played in a suit are analysed: at no trumps and in misère the Joker belongs to no suit"),
}
