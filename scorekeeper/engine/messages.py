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
    "file.not_notation": N_("this file is neither a match file nor a file the app reads "
                            "({endings})"),
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
    "player.shared_session": N_("{name} and {into} played in the same duplicate session on "
                                "{date} ({session}), so they are two people: they cannot be "
                                "merged"),
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
    # fields of a hand
    "hand.unknown_key": N_("unknown field \"{key}\" in a hand"),
    "hand.bad_seat": N_("{field} must be a seat (N, E, S or W), got {value}"),
    "hand.bad_card": N_("{value} is not a card: write rank then suit, like 10H, JD or AS"),
    "hand.card_not_in_deck": N_("{card} is not in the {game} deck"),
    "hand.card_not_in_pack": N_("{card} is not in this match's pack of {size} cards ({low} to A in each suit)"),
    "hand.card_not_in_suit": N_("{card} is not in this match's pack of {size} cards: {suit} go from {low} to A"),
    "hand.joker_not_in_pack": N_("JK (the Joker) is not in this match's pack: the joker rule is off"),
    "hand.bad_suit": N_("trump must be a suit: S, H, D or C, got {value}"),
    "hand.bad_bool": N_("{field} must be true or false"),
    "hand.bad_int": N_("{field} must be a whole number, got {value}"),
    "hand.bad_note": N_("a note must be text of at most 500 characters"),
    "hand.wrong_dealer": N_("the dealer of this hand is {expected} (the deal passes clockwise), not {value}"),
    "hand.after_game_over": N_("the game is already over: no more hands can be recorded"),
    "hand.bad_passed": N_("passed must be true or left out"),
    "hand.play_needs_trump": N_("a card record needs the trump (trump, or round 1 with the turn-up)"),
    "hand.tricks_mismatch": N_("the card record gives the makers {derived} tricks, but makers' tricks says {given}"),
    "hand.tricks_ns_range": N_("tricks won by NS must be 0 to 13, got {value}"),
    "hand.tricks_ns_missing": N_("how many tricks did NS take? (0 to 13)"),
    "hand.tricks_ns_mismatch": N_("the card record gives NS {derived} tricks, but tricks_NS says {given}"),
    # card records
    "deal.not_object": N_("deal must give each seat's cards, like {{\"N\": [...], ...}}"),
    "deal.wrong_count": N_("{seat} must hold {count} cards, not {got}"),
    "deal.duplicate": N_("{card} appears more than once"),
    "deal.turn_up_not_dealer": N_("the turn-up {card} is the dealer's card, but {seat} holds it"),
    "play.not_list": N_("play must be a list of tricks, each a list of cards"),
    "play.wrong_trick_count": N_("a full card record has {expected} tricks, not {got}"),
    "play.wrong_trick_size": N_("trick {trick} must have {expected} cards, not {got}"),
    "play.played_twice": N_("{card} was already played"),
    "play.not_held": N_("{seat} played {card} but does not hold it"),
    "play.held_by_other": N_("{seat} played {card}, but {holder} holds it"),
    "play.unavailable": N_("{card} can't be played: it was {why}"),
    "play.turn_up_not_dealer": N_("{seat} played the turn-up {card}, which is the dealer's card"),
    "play.renege": N_("the card record shows {seat} did not follow suit in trick {trick} while holding the suit led: check the cards"),
    "play.joker_is_trump": N_("{value}: here the Joker is the highest trump, written JK (it names a suit only when led at no trumps or in misère)"),
    "play.joker_names_on_lead": N_("{value}: the Joker names a suit only when it leads a trick; in trick {trick} it follows, written JK"),
    "play.joker_lead_suit": N_("the Joker led to trick {trick} names the suit the others must follow: write JKS, JKH, JKD or JKC"),
    # double-dummy analysis
    "analysis.no_play": N_("this hand has no card record (play), so it can't be analysed"),
    "analysis.passed": N_("everyone passed this hand: there is no play to analyse"),
    "analysis.renege": N_("the card record shows {seat} reneged, so there is no legal play to analyse"),
    "analysis.not_analysed": N_("hands of this game are not analysed"),
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
    """The English message for one of the engine's problem codes, the core's or a registered
    game's own (other layers word their own codes from their own tables, e.g.
    :class:`scorekeeper.games.euchre.egn.messages.EgnProblem`)."""
    return fill(template(code) or code, params)


def template(code: str) -> str | None:
    """The English template of a problem code: the engine's, else a registered game's (or its
    notation's)."""
    if code in MESSAGES:
        return MESSAGES[code]
    from .games import problem_messages  # the registry imports this module: asked late

    return problem_messages().get(code)
