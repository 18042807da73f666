"""Club nights' answers in words: each problem and status as a sentence for the director."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from ...i18n.messages import problem_message
from ...service.events import EventProblem, EventResult, EventStatus


def problem_text(problem: EventProblem) -> str:
    """An event problem in the reader's language."""
    if problem.problem is not None:
        return problem_message(problem.problem)
    p = problem.params
    # "tables" is a list of tables here and a count in movement.fixed_too_many_rounds: every
    # sentence below is made, so neither may fail on the other's
    tables = p.get("tables", [])
    playing = ", ".join(map(str, tables)) if isinstance(tables, list | tuple) else str(tables)
    words = {
        "event.not_object": _("The body must be a JSON object."),
        "event.unknown_key": _("“%(name)s” is not a setting of an event.", name=p.get("name")),
        "event.bad_event_name": _("The event needs a name of 1 to %(n)s characters.",
                                  n=p.get("most")),
        "event.name_direction": _("A name can't hold text-direction control characters "
                                  "(such as U+202E)."),
        "event.name_control": _("A name can't hold line breaks or other control characters."),
        "event.bad_game": _("The game must be one of: %(games)s.",
                            games=", ".join(p.get("games", ()))),
        "event.players_list": _("“players” must be a list of %(low)s to %(high)s names.",
                                low=p.get("low"), high=p.get("high")),
        "event.bad_player": _("A player is a name, or {\"player\": id, \"name\": name}."),
        "event.unknown_player": _("There is no player with the id “%(value)s”: pick one from "
                                  "the players' list, or give the name alone.",
                                  value=p.get("value")),
        "event.player_needs_name": _("Give the player's name too: {\"player\": id, \"name\": "
                                     "name}."),
        "event.bad_name": _("A player's name must be 1 to %(n)s characters.", n=p.get("most")),
        "event.same_name": _("Two players are called “%(name)s”: add an initial to tell them "
                             "apart.", name=p.get("name")),
        "event.players_count": _("An event needs %(low)s to %(high)s players (%(n)s given).",
                                 low=p.get("low"), high=p.get("high"), n=p.get("n")),
        "event.bad_rounds": _("“rounds” must be a whole number from 1 to %(n)s.",
                              n=p.get("high")),
        "event.bad_hands": _("“hands_per_round” must be a whole number from 1 to %(n)s.",
                             n=p.get("high")),
        "event.bad_movement": _("The movement must be progressive, schedule, fixed or updown."),
        "event.rules_object": _("“rules” must be an object of rule options."),
        "event.rules_deals": _("A round's length is “hands_per_round”: leave “deals” and "
                               "“target” out of the rules."),
        "event.bad_seed": _("“seed” must be a whole number from 0 to 2147483647."),
        "event.house_object": _("“house” must be an object of house rules."),
        "event.unknown_house": _("“%(name)s” is not a house rule.", name=p.get("name")),
        "event.bad_house": _("The house rule “%(name)s” has a value it cannot take.",
                             name=p.get("name")),
        "event.bad_side": _("The winner must be NS or EW."),
        "event.not_tied": _("Table %(table)s of round %(round)s did not end in a tie.",
                            table=p.get("table"), round=p.get("round")),
        "event.tables_playing": ngettext("Table still playing: %(tables)s.",
                                         "Tables still playing: %(tables)s.",
                                         len(tables) if isinstance(tables, list | tuple) else 2,
                                         tables=playing),
        "event.bad_target": _("“round_target” must be a whole number of points."),
        "event.bad_minutes": _("“minutes_per_round” must be a whole number from 1 to %(n)s.",
                               n=p.get("high")),
        "event.all_started": _("Every round has started: nobody can join or leave now."),
        "event.players_full": _("An event has at most %(n)s players.", n=p.get("high")),
        "event.no_player": _("There is no player %(n)s in this event.", n=p.get("n")),
        "event.bad_gone_from": _("A player can leave from round %(low)s to %(high)s (rounds "
                                 "that have not started).", low=p.get("low"),
                                 high=p.get("high")),
        "event.already_gone": _("%(name)s has already left.", name=p.get("name")),
        "event.too_few_left": _("At least %(n)s players must stay.", n=p.get("minimum")),
        "event.round_not_planned": _("Round %(round)s is not a round still to start: players "
                                     "can be moved only before their round starts.",
                                     round=p.get("round")),
        "event.not_in_round": _("Player %(n)s does not play in round %(round)s.",
                                n=p.get("n"), round=p.get("round")),
        "event.same_player": _("Choose two different players."),
        "event.not_current": _("Only the round being played can be ended (round %(current)s).",
                               current=p.get("current")),
        "event.no_table": _("Round %(round)s has no table %(table)s playing.",
                            round=p.get("round"), table=p.get("table")),
        "event.not_over": _("Table %(table)s has not finished its round yet.",
                            table=p.get("table")),
        "event.confirmed": _("Both pairs of table %(table)s have confirmed: ask the director.",
                             table=p.get("table")),
        "event.bad_action": _("Choose to accept the result or to reopen the table."),
        "event.not_ended": _("Round %(round)s was not ended early.", round=p.get("round")),
        "event.next_round_played": _("A hand of round %(round)s is saved: the round before "
                                     "can no longer go on.", round=p.get("round")),
        "movement.fixed_needs_fours": _("Fixed seats need a multiple of 4 players: choose the "
                                        "schedule movement for this count."),
        "movement.fixed_too_many_rounds": _("Fixed seats give at most one round per table "
                                            "(%(n)s).", n=p.get("tables")),
        "movement.too_few": _("An event needs at least %(n)s players.", n=p.get("minimum")),
    }
    return words.get(problem.code, problem.code)


def status_text(result: EventResult) -> str:
    """A sentence for a status without problems."""
    if result.status is EventStatus.CHANGED:
        return _("Saved.")
    if result.status is EventStatus.FINISHED:
        return _("Every round has been played.")
    if result.status is EventStatus.NOT_READY:
        return _("The round cannot start yet: the tables of round %(n)s are still playing.",
                 n=result.round)
    if result.status is EventStatus.NOT_FOUND:
        return _("There is no such event.")
    return _("Round %(n)s has started.", n=result.round)


def errors(result: EventResult) -> list[dict[str, Any]]:
    """The API's error list."""
    if not result.problems:
        return [{"hand": None, "field": None, "message": status_text(result)}]
    return [{"hand": None, "field": p.field, "message": problem_text(p)} for p in result.problems]
