"""English wording of every problem code. The web layer translates the same templates.

Templates use ``{name}`` placeholders filled from a problem's params. ``N_`` only marks a
string for extraction (pybabel ``-k N_``); translation happens in the web layer.
"""

from __future__ import annotations

from typing import Any


def N_(text: str) -> str:
    return text


MESSAGES: dict[str, str] = {
    # files
    "file.not_json": N_("this file is not valid JSON: {error}"),
    "file.unreadable": N_("this file can't be read: {error}"),
    "file.too_large": N_("this file is larger than {max} bytes: a match file is far smaller"),
    "file.too_deep": N_("this file nests lists or objects more than {max} deep: a match file never does"),
    "file.bad_text": N_("this file holds text that is not valid Unicode (a lone surrogate such as \\ud800)"),
    "file.bad_number": N_("this file holds a number too large to be a score"),
    "file.failed": N_("this file could not be checked: {error}"),
    "file.no_games": N_("this file holds no games"),
    # the match file
    "match.not_object": N_("a match must be a JSON object"),
    "match.unknown_key": N_("unknown key \"{key}\" (check the spelling)"),
    "match.missing": N_("\"{key}\" is required"),
    "match.bad_format": N_("format must be \"scorekeeper-match/1\", got {value}"),
    "match.bad_game": N_("game must be one of {games}, got {value}"),
    "match.seats_not_object": N_("seats must name the four players: N, E, S and W"),
    "match.seat_missing": N_("seat {seat} needs a player's name"),
    "match.bad_name": N_("a name must be 1 to 40 characters of text"),
    "match.unknown_player": N_("there is no player with the id {value}"),
    "match.player_twice": N_("{value} is already at another seat of this match"),
    "match.bad_date": N_("the date must be a day written like 2026-05-29, not {value}"),
    "player.bad_short_name": N_("a short name must be 1 to {most} characters"),
    "player.bad_merge": N_("{value} is not another player to merge into"),
    "player.shared_table": N_("{name} and {into} sat at the same table on {date} ({table}), so "
                              "they are two people: they cannot be merged"),
    "player.undo_later_merge": N_("undo the later change first: {name} merged into {into}"),
    "player.undo_later_rename": N_("undo the later change first: {name} renamed to {to}"),
    "player.no_change": N_("there is no change {value} to undo"),
    "player.undone": N_("this change was undone already"),
    "match.teams_not_object": N_("teams must be an object with NS and EW names"),
    "match.bad_seat": N_("{value} is not a seat: use N, E, S or W"),
    "match.bad_start_score": N_("a starting score must be a whole number from {least} to {most}"),
    "match.start_score_shape": N_("start_score must hold each side's starting score: NS and EW, each a whole number"),
    "match.start_not_whole": N_("a starting score must be a whole number, not {value}"),
    "match.start_lost": N_("the starting score is already at or below {lost}, where a side loses: the game would be over before it starts"),
    "match.name_direction": N_("a name can't hold text-direction control characters (such as U+202E)"),
    "match.bad_title": N_("the title must be text of 1 to {most} characters"),
    "match.bad_played": N_("the date played must be written like 2026-05-29 or 2026-05-29T16:30, "
                           "not {value}"),
    "match.start_over": N_("the starting score already reaches the target of {target}: the game would be over before it starts"),
    "match.hands_not_list": N_("hands must be a list"),
    "match.bad_stopped": N_("stopped must be true or false"),
    "match.cannot_stop": N_("this game's matches can't be stopped before they end: leave out "
                            "stopped"),
    "match.too_many_hands": N_("a match can hold at most {max} hands: start a new match"),
    "hand.not_object": N_("a hand must be a JSON object"),
    "hand.invalid": N_("this hand can't be scored"),
    # rule options
    "rules.not_object": N_("rules must be an object of options"),
    "rules.unknown": N_("unknown rule \"{name}\" for {game}"),
    "rules.bad_value": N_("rule {name} must be {expected}, got {value}"),
    "rules.target_and_deals": N_("give either a target or a number of deals, not both"),
    "rules.no_target": N_("a game needs a target or a number of deals"),
    "rules.rubber_needs_target": N_("a rubber needs a target score"),
    "rules.no_trump_needs_rotation": N_("a no-trump deal needs a trump rotation (trump_rotation)"),
    "rules.tricks_need_deals": N_("scoring every trick needs a fixed number of deals"),
    "rules.tricks_no_honours": N_("honours are not counted when every trick scores"),
    # fields of a hand
    "hand.unknown_key": N_("unknown field \"{key}\" in a hand"),
    "hand.bad_seat": N_("{field} must be a seat (N, E, S or W), got {value}"),
    "hand.bad_card": N_("{value} is not a card: write rank then suit, like 10H, JD or AS"),
    "hand.card_not_in_deck": N_("{card} is not in the {game} deck"),
    "hand.card_not_in_pack": N_("{card} is not in this match's pack of {size} cards ({low} to A in each suit)"),
    "hand.card_not_in_suit": N_("{card} is not in this match's pack of {size} cards: {suit} go from {low} to A"),
    "hand.joker_not_in_pack": N_("JK (the Joker) is not in this match's pack: the joker rule is off"),
    "hand.joker_turn_up_trump": N_("the Joker was turned up: record the suit the dealer named for it as trump"),
    "hand.bad_suit": N_("trump must be a suit: S, H, D or C, got {value}"),
    "hand.bad_bool": N_("{field} must be true or false"),
    "hand.bad_round": N_("round must be 1 or 2, got {value}"),
    "hand.bad_int": N_("{field} must be a whole number, got {value}"),
    "hand.bad_note": N_("a note must be text of at most 500 characters"),
    "hand.wrong_dealer": N_("the dealer of this hand is {expected} (the deal passes clockwise), not {value}"),
    "hand.after_game_over": N_("the game is already over: no more hands can be recorded"),
    "hand.caller_missing": N_("say who called trump (or that everyone passed)"),
    "hand.passed_extra": N_("a passed hand holds only the dealer, the turn-up, the deal and a note, not {key}"),
    "hand.passed_stick": N_("with stick the dealer, the dealer must name trump: the hand can't be passed"),
    "hand.bad_passed": N_("passed must be true or left out"),
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
    "hand.play_needs_trump": N_("a card record needs the trump (trump, or round 1 with the turn-up)"),
    "hand.tricks_mismatch": N_("the card record gives the makers {derived} tricks, but makers' tricks says {given}"),
    "hand.renege_mismatch": N_("the card record shows {proven} reneged in trick {trick}, not {declared}"),
    "hand.tricks_ns_range": N_("tricks won by NS must be 0 to 13, got {value}"),
    "hand.tricks_ns_missing": N_("how many tricks did NS take? (0 to 13)"),
    "hand.tricks_ns_mismatch": N_("the card record gives NS {derived} tricks, but tricks_NS says {given}"),
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
    # Spades
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
    # Five Hundred's bids, kitty and discard
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
    # card records
    "deal.not_object": N_("deal must give each seat's cards, like {{\"N\": [...], ...}}"),
    "deal.wrong_count": N_("{seat} must hold {count} cards, not {got}"),
    "deal.duplicate": N_("{card} appears more than once"),
    "deal.turn_up_held": N_("{card} was turned down, so {seat} can't hold it"),
    "deal.turn_up_not_dealer": N_("the turn-up {card} is the dealer's card, but {seat} holds it"),
    "deal.dealer_lacks_turn_up": N_("the dealer took the turn-up {card}, so must hold it (the discard was {discard})"),
    "deal.dealer_lacks_card": N_("the turn-up {card} is the dealer's card, so {seat} must hold it"),
    "play.not_list": N_("play must be a list of tricks, each a list of cards"),
    "play.wrong_trick_count": N_("a full card record has {expected} tricks, not {got}"),
    "play.wrong_trick_size": N_("trick {trick} must have {expected} cards, not {got}"),
    "play.played_twice": N_("{card} was already played"),
    "play.not_held": N_("{seat} played {card} but does not hold it"),
    "play.held_by_other": N_("{seat} played {card}, but {holder} holds it"),
    "play.unavailable": N_("{card} can't be played: it was {why}"),
    "play.turn_up_not_dealer": N_("{seat} played the turn-up {card}, which is the dealer's card"),
    "play.trumps_not_broken": N_("{seat} led {card} in trick {trick}, but spades were not broken yet (no spade in an earlier trick) and {seat} still held another suit"),
    "play.renege": N_("the card record shows {seat} did not follow suit in trick {trick} while holding the suit led: check the cards"),
    "play.dealer_kept_turn_up": N_("the dealer took the turn-up {card} and must play it (the discard was {discard})"),
    "play.not_followed": N_("the card record shows {seat} did not follow suit in trick {trick} while holding the suit led"),
    "play.joker_is_trump": N_("{value}: here the Joker is the highest trump, written JK (it names a suit only when led at no trumps or in misère)"),
    "play.joker_names_on_lead": N_("{value}: the Joker names a suit only when it leads a trick; in trick {trick} it follows, written JK"),
    "play.joker_lead_suit": N_("the Joker led to trick {trick} names the suit the others must follow: write JKS, JKH, JKD or JKC"),
    "play.misere_stopped_early": N_("a misère record may stop early only once the caller has taken a trick: the caller took none of these {got} tricks"),
    # double-dummy analysis
    "analysis.no_play": N_("this hand has no card record (play), so it can't be analysed"),
    "analysis.passed": N_("everyone passed this hand: there is no play to analyse"),
    "analysis.renege": N_("the card record shows {seat} reneged, so there is no legal play to analyse"),
    "analysis.no_trumps": N_("only hands played in a suit are analysed: at no trumps and in misère the Joker belongs to no suit"),
    "analysis.not_analysed": N_("the analysis is for Euchre hands only"),
    "analysis.no_hand": N_("there is no hand {no}: the match has {count}"),
    "analysis.emn": N_("this match notation file holds {count} games: analyse each game's EGN file"),
}


def fill(template: str, params: dict[str, Any]) -> str:
    """``template`` filled with ``params``; the bare template if they do not fit."""
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def render(code: str, params: dict[str, Any]) -> str:
    """The English message for one of the engine's problem codes, or a registered game's own
    (``Game.messages``); other layers word their own codes from their own tables, e.g.
    :class:`scorekeeper.formats.egn_messages.EgnProblem`."""
    return fill(template(code) or code, params)


def template(code: str) -> str | None:
    """The English template of a problem code: the engine's, else a registered game's."""
    if code in MESSAGES:
        return MESSAGES[code]
    from .games import GAMES  # the registry imports this module: asked when a problem is worded

    return next((g.messages[code] for g in GAMES.values() if code in g.messages), None)
