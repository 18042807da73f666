"""English wording of the EGN importer's problem codes, and the problem that words itself from
them: nothing is added to the engine's table, so a message never depends on what was imported."""

from __future__ import annotations

from ....engine.messages import N_, fill
from ....engine.problems import Problem

EGN_MESSAGES: dict[str, str] = {
    "egn.not_object": N_("an EGN file holds one JSON object, but this one holds {kind}"),
    "egn.not_egn": N_("this is not a Euchre Game Notation file (its fileType is {value})"),
    "egn.not_emn": N_("this is not a Euchre Match Notation file (its fileType is {value})"),
    "egn.is_emn": N_("this is a Euchre Match Notation file, a match of {count} games: import "
        "its games one by one"),
    "egn.bad_version": N_("EGN version {value} can't be read: Scorekeeper reads versions 1.x"),
    "egn.missing": N_("{name} is missing"),
    "egn.bad_type": N_("{name} must be {expected}"),
    "egn.bad_players": N_("a game needs exactly 4 players, but {count} are listed"),
    "egn.bad_player": N_("player {no} (seat {seat}) must be a name, got {value}"),
    "egn.bad_initial_score": N_("initialScore must be two whole numbers [North-South, East-West], "
        "got {value}"),
    "egn.unsupported_rule": N_("Scorekeeper doesn't support the rule {name} = {value}"),
    "egn.bad_rule": N_("the rule {name} can't be {value}"),
    "egn.target_and_deals": N_("the rules give both a winning score ({target}) and a number of "
        "deals ({deals}): Scorekeeper plays to one or the other"),
    "egn.no_target": N_("the rules set neither a winning score nor a number of deals, so the game "
        "would never end"),
    "egn.encoded_deal": N_("this deal is stored in encoded (binary) form, which Scorekeeper can't "
        "read: save the game as plain EGN"),
    "egn.bad_dealer": N_("the dealer must be a seat number 0 to 3, got {value}"),
    "egn.bad_card": N_("{value} is not a Euchre card: write rank (9, T, J, Q, K, A) then suit "
        "(s, h, d, c), like Td"),
    "egn.bad_holdings": N_("playerCards must list the cards of the 4 seats, got {value}"),
    "egn.no_bidding": N_("the bidding of this deal is missing"),
    "egn.bad_phase": N_("unknown phase type {value}"),
    "egn.duplicate_phase": N_("this deal has more than one {value} phase"),
    "egn.bad_call": N_("call {no} ({value}) can't be made in round {round}: round 1 calls are "
        "Pass or Order, round 2 calls are Pass or a suit (s, h, d, c)"),
    "egn.unsupported_call": N_("call {no} ({value}) names no trump, which Scorekeeper doesn't "
        "support"),
    "egn.calls_after_trump": N_("trump was made at call {no}, yet more calls follow"),
    "egn.too_many_calls": N_("there are {count} calls, but the bidding ends after two rounds (8)"),
    "egn.bidding_unfinished": N_("the bidding stops after {count} calls without anyone making "
        "trump"),
    "egn.alone_conflict": N_("the bidding and the trick play disagree on whether the caller went "
        "alone"),
    "egn.bad_alone_defender": N_("aloneDefender must be a seat number 0 to 3 (or -1 for nobody), "
        "got {value}"),
    "egn.unsupported_exchange": N_("Scorekeeper doesn't support exchanging cards between players"),
    "egn.no_tricks": N_("no tricks are recorded, so this hand can't be scored"),
    "egn.tricks_after_pass": N_("everyone passed, yet tricks are recorded"),
    "egn.discard_not_held": N_("the dealer discarded {card}, but was dealt neither it nor the "
        "turn-up"),
    "egn.lead_mismatch": N_("initialLead says seat {given} led the first trick, but by the rules "
        "seat {expected} leads"),
    "egn.joker_ordered": N_("the Joker was turned up and ordered up, but EGN doesn't say which "
        "suit the dealer named for it: record this hand in Scorekeeper instead"),
    "egn.bad_game": N_("game {no} of the match must hold an EGN game object"),
}


class EgnProblem(Problem):
    """A problem of the EGN importer (an ``egn.*`` code), worded from :data:`EGN_MESSAGES`."""

    __slots__ = ()

    @property
    def message(self) -> str:
        return fill(EGN_MESSAGES.get(self.code, self.code), self.params)
