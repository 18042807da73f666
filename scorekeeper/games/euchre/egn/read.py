"""Euchre Game Notation (EGN 1.x and legacy 1.0.0) and Euchre Match Notation (EMN).

Import turns one EGN game into a match file (spec/match-format.md); export writes a Euchre match
with card records as EGN 1.4. The conventions are in ``shared/data/egn/README.md``:

- ``metadata.players[i]`` sits at seat ``i`` (0 = N, 1 = E, 2 = S, 3 = W); ``initialScore`` is
  ``[NS, EW]``.
- Cards are rank then suit with ``T`` for ten (``Td``); we write ``10D``.
- ``calls[k]`` is made by seat ``(dealer + 1 + k) % 4``: ``k`` 0-3 round 1 (``Pass``/``Order``),
  4-7 round 2 (``Pass`` or a suit letter). ``playerCards`` (legacy ``player_cards``) are the
  dealt holdings; our ``deal`` is the holding when play starts (after the dealer's exchange).

This module only translates: rule legality (rotation, following suit, trick counts …) is left to
the engine, so a problem is reported once, by the part that owns the rule. Nothing here raises
for bad input: every defect becomes a :class:`Problem` and the match is then ``None``.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from ....engine.cards import SEATS
from ....engine.limits import MATCH_FORMAT, NAME_MAX, TITLE_MAX
from ....engine.matchfile import PLAYED
from ....engine.problems import Problem
from .deals import read_deals
from .messages import EgnProblem
from .values import is_int, kind_of, missing_or_bad, shown

EGN_FILE_TYPE = "Euchre Game Notation"
EMN_FILE_TYPE = "Euchre Match Notation"
EGN_VERSION = "1.4"
EGN_GAME = "euchre"  # the one game the notation writes


def is_egn(data: object, name: str = "") -> bool:
    """Whether ``data`` (read from a file called ``name``, if any) is Euchre Game Notation rather
    than a match file: a ``.egn`` file, or an object with a ``fileType`` and no ``format``.

    The one rule for the importer, the API and ``scorekeeper check`` (which asks
    :func:`is_emn` first).
    """
    if name.lower().endswith(".egn"):
        return True
    return isinstance(data, dict) and "fileType" in data and "format" not in data


def is_emn(data: object, name: str = "") -> bool:
    """Whether ``data`` is a Euchre Match Notation file (several games)."""
    if isinstance(data, dict) and "fileType" in data:
        return bool(data["fileType"] == EMN_FILE_TYPE)
    return name.lower().endswith(".emn")


LONE_LEAD = {"LEFT_OF_DEALER": "dealer_left", "LEFT_OF_LONER": "loner_left"}
_BOOL_RULES = {"std": "stick_the_dealer", "canadian": "canadian_loner",
               "defend_alone": "defend_alone"}
# EGN points options: (EGN name, our name, EGN and our default).
POINT_RULES = (("loner_march_score", "lone_march_points", 4),
                ("loner_euchred_score", "lone_euchre_points", 2))
_UNSUPPORTED_FLAGS = ("farmers", "partners_best", "go_under", "allow_no_trump",
                      "fast_break", "four_trick_tokens")
_FIXED_RULES = {"num_players": 4}  # anything else is another game
# EGN's lowest rank: Euchre's `pack` option (9: the 24 cards, the default; 8: 28; 7: 32)
PACK_OF_MIN_RANK = {9: 24, 8: 28, 7: 32}
_KNOWN_RULES = {"std", "canadian", "defend_alone", "loner_lead", "winning_score", "num_deals",
                "min_rank", "joker", *(egn for egn, _, _ in POINT_RULES), *_UNSUPPORTED_FLAGS,
                *_FIXED_RULES}


# ---------------------------------------------------------------------------------------------
# Reading: the match level


def egn_to_match(data: object) -> tuple[dict[str, Any] | None, list[Problem]]:
    """Convert a parsed EGN object to a match-file dict; on any problem the match is None."""
    problems: list[Problem] = []
    if not isinstance(data, dict):
        return None, [EgnProblem("egn.not_object", params={"kind": kind_of(data)})]
    if data.get("fileType") == EMN_FILE_TYPE:
        games = data.get("games")
        count = len(games) if isinstance(games, list) else 0
        return None, [EgnProblem("egn.is_emn", field="fileType", params={"count": count})]
    if not _check_header(data, EGN_FILE_TYPE, "egn.not_egn", problems):
        return None, problems
    metadata = data.get("metadata")
    if not isinstance(metadata, dict):
        missing_or_bad("metadata", metadata, "an object", problems)
        metadata = {}
    rules = _rules(metadata.get("ruleset"), problems)
    match: dict[str, Any] = {
        "format": MATCH_FORMAT,
        "game": EGN_GAME,
        "rules": rules,
        "seats": _seats(metadata.get("players"), problems),
        "first_dealer": "N",
        "start_score": _start_score(metadata.get("initialScore"), problems),
        "hands": read_deals(data.get("deals"), rules, problems),
    }
    if match["hands"]:
        match["first_dealer"] = match["hands"][0]["dealer"]
    match.update(_identity(metadata))
    return (None if problems else match), problems


def _identity(metadata: dict[str, Any]) -> dict[str, Any]:
    """The game's own title and date (``metadata.title``, ``metadata.date``), where usable:
    they are commentary, so one that does not fit is left out rather than refused."""
    out: dict[str, Any] = {}
    title = metadata.get("title")
    if isinstance(title, str) and 0 < len(title.strip()) <= TITLE_MAX:
        out["title"] = title.strip()
    played = metadata.get("date")
    if isinstance(played, str) and PLAYED.fullmatch(played.strip()):
        out["played"] = played.strip()
    return out


def _check_header(data: dict[str, Any], file_type: str, code: str,
                  problems: list[Problem]) -> bool:
    """``fileType`` must name the notation and ``version`` be 1.x; False: read no further."""
    if data.get("fileType") != file_type:
        problems.append(EgnProblem(code, field="fileType",
                                   params={"value": shown(data.get("fileType"))}))
        return False
    version = data.get("version")
    if version is not None and not (isinstance(version, str) and re.match(r"^1(\.|$)", version)):
        problems.append(EgnProblem("egn.bad_version", field="version",
                                params={"value": shown(version)}))
        return False
    return True


def _seats(players: object, problems: list[Problem]) -> dict[str, str]:
    """Seat names from ``metadata.players`` (names or player objects), trimmed to 40."""
    field = "metadata.players"
    if not isinstance(players, list):
        missing_or_bad(field, players, "a list of 4 names", problems)
        players = []
    elif len(players) != 4:
        problems.append(EgnProblem("egn.bad_players", field=field, params={"count": len(players)}))
    seats: dict[str, str] = {}
    for i, seat in enumerate(SEATS):
        player = players[i] if i < len(players) else ""
        name = player.get("name") if isinstance(player, dict) else player
        if not isinstance(name, str):
            problems.append(EgnProblem("egn.bad_player", field=field,
                                    params={"no": i, "seat": seat, "value": shown(player)}))
            name = ""
        seats[seat] = _clean_name(name) or f"Player {i + 1}"
    return seats


def _clean_name(name: str) -> str:
    """A name as the match file wants it: no control characters, trimmed, at most 40 long."""
    printable = "".join(" " if unicodedata.category(ch) in ("Cc", "Cs") else ch for ch in name)
    return printable.strip()[:NAME_MAX].strip()


def _start_score(value: object, problems: list[Problem]) -> dict[str, int]:
    """``initialScore`` ``[NS, EW]``; 0-0 when it is absent."""
    if value is None:
        return {"NS": 0, "EW": 0}
    if isinstance(value, list) and len(value) == 2 and all(is_int(v) for v in value):
        return {"NS": value[0], "EW": value[1]}
    problems.append(EgnProblem("egn.bad_initial_score", field="metadata.initialScore",
                            params={"value": shown(value)}))
    return {"NS": 0, "EW": 0}


# ---------------------------------------------------------------------------------------------
# Reading: the ruleset


def _rules(ruleset: object, problems: list[Problem]) -> dict[str, Any]:
    """Our rule options (only those that differ from our defaults) from an EGN ruleset.

    Absent EGN keys take the EGN schema's defaults; note that ``std`` defaults to true there.
    """
    if ruleset is None:
        ruleset = {}
    if not isinstance(ruleset, dict):
        missing_or_bad("metadata.ruleset", ruleset, "an object", problems)
        return {}
    rules: dict[str, Any] = {}
    for egn_name, ours in _BOOL_RULES.items():
        value = ruleset.get(egn_name, egn_name == "std")
        if not isinstance(value, bool):
            _bad_rule(egn_name, value, problems)
        elif value:
            rules[ours] = True
    lead = ruleset.get("loner_lead", "LEFT_OF_DEALER")
    if not isinstance(lead, str) or lead not in LONE_LEAD:
        _bad_rule("loner_lead", lead, problems)
    elif LONE_LEAD[lead] != "dealer_left":
        rules["lone_lead"] = LONE_LEAD[lead]
    for egn_name, ours, default in POINT_RULES:
        points = ruleset.get(egn_name, default)
        if not is_int(points) or points < 0:
            _bad_rule(egn_name, points, problems)
        elif points != default:
            rules[ours] = points
    rules.update(_game_length(ruleset, problems))
    rules.update(_pack(ruleset, problems))
    _refuse_unsupported(ruleset, problems)
    return rules


def _bad_rule(name: str, value: object, problems: list[Problem]) -> None:
    problems.append(EgnProblem("egn.bad_rule", field=f"metadata.ruleset.{name}",
                            params={"name": name, "value": shown(value)}))


def _pack(ruleset: dict[str, Any], problems: list[Problem]) -> dict[str, Any]:
    """Euchre's ``pack`` and ``joker`` from ``min_rank`` (default 9) and ``joker``."""
    rules: dict[str, Any] = {}
    low, joker = ruleset.get("min_rank", 9), ruleset.get("joker", False)
    if not is_int(low) or low not in PACK_OF_MIN_RANK:
        problems.append(EgnProblem("egn.unsupported_rule", field="metadata.ruleset.min_rank",
                                   params={"name": "min_rank", "value": shown(low)}))
    elif low != 9:
        rules["pack"] = PACK_OF_MIN_RANK[low]
    if not isinstance(joker, bool):
        _bad_rule("joker", joker, problems)
    elif joker:
        rules["joker"] = True
    return rules


def _game_length(ruleset: dict[str, Any], problems: list[Problem]) -> dict[str, Any]:
    """``target`` or ``deals`` from ``winning_score`` (default 10) and ``num_deals`` (0 = off)."""
    target = ruleset.get("winning_score")
    deals = ruleset.get("num_deals", 0)
    ok = True
    for name, value in (("winning_score", target), ("num_deals", deals)):
        if value is not None and (not is_int(value) or value < 0):
            _bad_rule(name, value, problems)
            ok = False
    if not ok:
        return {}
    if deals:
        if target:
            problems.append(EgnProblem("egn.target_and_deals", field="metadata.ruleset.num_deals",
                                    params={"target": target, "deals": deals}))
            return {}
        return {"deals": deals}
    if target == 0:
        problems.append(EgnProblem("egn.no_target", field="metadata.ruleset.winning_score"))
        return {}
    return {} if target in (None, 10) else {"target": target}


def _refuse_unsupported(ruleset: dict[str, Any], problems: list[Problem]) -> None:
    """Variants Scorekeeper does not play: flags set, other decks, unknown rules switched on."""
    for name, value in ruleset.items():
        if name in _FIXED_RULES:
            refused = value != _FIXED_RULES[name]
        elif name in _UNSUPPORTED_FLAGS or name not in _KNOWN_RULES:
            refused = value not in (False, None, 0, "")
        else:
            continue
        if refused:
            problems.append(EgnProblem("egn.unsupported_rule", field=f"metadata.ruleset.{name}",
                                    params={"name": name, "value": shown(value)}))


# ---------------------------------------------------------------------------------------------
# Reading: Euchre Match Notation (a match bundling EGN games)

Converted = tuple[dict[str, Any] | None, list[Problem]]


def emn_to_matches(data: object) -> tuple[list[Converted], list[Problem]]:
    """Convert each game of a parsed EMN object: one ``(match, problems)`` per game.

    The second value holds the problems of the EMN wrapper itself.
    """
    if not isinstance(data, dict):
        return [], [EgnProblem("egn.not_object", params={"kind": kind_of(data)})]
    problems: list[Problem] = []
    if not _check_header(data, EMN_FILE_TYPE, "egn.not_emn", problems):
        return [], problems
    games = data.get("games")
    if not isinstance(games, list) or not games:  # an empty match is refused with a reason
        missing_or_bad("games", games, "a list of games", problems)
        return [], problems
    results: list[Converted] = []
    for no, game in enumerate(games, start=1):
        game_data = game.get("gameData") if isinstance(game, dict) else None
        if not isinstance(game_data, dict):
            results.append((None, [EgnProblem("egn.bad_game", field="games", params={"no": no})]))
        else:
            results.append(egn_to_match(game_data))
    return results, problems
