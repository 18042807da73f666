"""What the hands waiting on a phone will do to the board, for the page's offline queue.

The page gets, with its hand form, the engine's points for each answer the form's main
buttons can give (the choice buttons outside "More", each one on its own under "More" too),
for each of the four dealers: ``queue.js`` adds the points of the hands waiting on the phone
to the last known score, turns the deal and counts the hands, exactly as the replay will once
they are sent. Only for a game whose points simply add (``Game.apply`` is ``add_points`` and
nothing carries from hand to hand); for the others the board turns the deal and counts the
hands, and its score waits for the server.
"""

from __future__ import annotations

import functools
import itertools
import json
from typing import Any

from werkzeug.datastructures import MultiDict

from ...engine.cards import SEATS, next_seat
from ...engine.games import GAMES, resolve_rules
from ...engine.state import add_points
from ...i18n.labels import SEAT_LABELS
from ...service.results import LoadedMatch
from .handforms import HandForm

# A form whose main buttons give more answers than this gets no table (it would cost a page
# render more than it is worth): its board waits for the server, as before.
MAX_ANSWERS = 160
CHOICES = ("RadioField", "BooleanField")


def _answers(form: HandForm) -> tuple[list[str], list[tuple[str, ...]]]:
    """The main buttons' names and every combination of their values ("" = not tapped)."""
    more = set(form.more_fields)
    main = [f for f in form if f.type in CHOICES and f.name not in more]
    names = [f.name for f in main]
    values = [["", "y"] if f.type == "BooleanField"
              else ["", *(str(c[0]) for c in f.iter_choices() if c[0] != "")] for f in main]
    combos = list(itertools.product(*values))
    for f in form:  # a tap under "More" that is a whole hand by itself ("everyone passed")
        if f.type == "BooleanField" and f.name in more:
            names.append(f.name)
    extra = len(names) - len(main)
    combos = [c + ("",) * extra for c in combos]
    for i in range(extra):
        combos.append(("",) * len(main) + tuple("y" if j == i else "" for j in range(extra)))
    return names, combos


@functools.lru_cache(maxsize=64)
def _hands(game_name: str, rules_json: str, form_class: type) -> tuple[tuple[str, ...],
                                                                      tuple[tuple[str, Any], ...]]:
    """The main buttons' names and each legal answer's key and hand object, per game and rules
    (the forms are the costly part; they do not depend on the hand number or the names)."""
    game, rules = GAMES[game_name], json.loads(rules_json)
    seats = {seat: seat for seat in SEATS}
    probe = form_class(meta={"csrf": False})
    probe.name_seats(seats, {})
    names, combos = _answers(probe)
    if len(combos) > MAX_ANSWERS:
        return tuple(names), ()
    hands = []
    for combo in combos:
        data = MultiDict([(n, v) for n, v in zip(names, combo, strict=True) if v])
        data["expected_no"] = "1"
        form = form_class(formdata=data, meta={"csrf": False})
        form.name_seats(seats, {})
        form.use_pack(game.pack(rules))
        if form.validate():
            hands.append(("|".join(combo), form.hand()))
    return tuple(names), tuple(hands)


@functools.lru_cache(maxsize=256)
def _points(game_name: str, rules_json: str, form_class: type, no: int
            ) -> dict[str, dict[str, dict[str, int]]]:
    """Each answer's points per dealer for hand ``no`` (``"*"``: the same for every dealer):
    the engine's, per game, rules and hand number, so a page render does not score ~300 hands
    again (the tables of a club night share their rules). Read-only: it is shared."""
    game, rules = GAMES[game_name], json.loads(rules_json)
    points: dict[str, dict[str, dict[str, int]]] = {seat: {} for seat in SEATS}
    for key, hand in _hands(game_name, rules_json, form_class)[1]:
        for seat in SEATS:
            result, problems = game.evaluate(dict(hand), no, seat, dict(rules))
            if result is not None and not problems:
                points[seat][key] = dict(result.points)
    if all(points[seat] == points["N"] for seat in SEATS):
        points = {"*": points["N"]}
    return points


def table(loaded: LoadedMatch, form_class: type, no: int) -> dict[str, Any] | None:
    """The page's data for hand ``no`` on: ``names`` (the fields of the key), ``points`` per
    dealer (``"*"``: the same for every dealer) and key (the values of ``names`` joined by
    "|"), ``dealers`` (the next four, names and seats) and ``no``; None when the points do not
    add or the form has too many answers."""
    match, game = loaded.match, loaded.match.game
    if loaded.state is None or game.apply is not add_points or game.running is not None:
        return None
    rules_json = json.dumps(resolve_rules(game.name, match.rules)[0], sort_keys=True)
    names, hands = _hands(loaded.game, rules_json, form_class)
    if not hands:
        return None
    points = _points(loaded.game, rules_json, form_class, no)
    dealer = loaded.state.next_dealer
    dealers = []
    for _ in SEATS:
        dealers.append({"seat": dealer, "name": match.seats[dealer],
                        "seat_name": str(SEAT_LABELS[dealer])})
        dealer = next_seat(dealer)
    return {"names": list(names), "points": points, "dealers": dealers, "no": no}
