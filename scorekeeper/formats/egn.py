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

import json
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from ..engine.cards import SEATS
from ..engine.euchre import seating
from ..engine.limits import MATCH_FORMAT, NAME_MAX, NOTE_MAX, TITLE_MAX
from ..engine.matchfile import PLAYED
from ..engine.problems import Problem
from .egn_messages import EgnProblem

EGN_FILE_TYPE = "Euchre Game Notation"
EMN_FILE_TYPE = "Euchre Match Notation"
EGN_VERSION = "1.4"


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


_CARD_RE = re.compile(r"^(9|10|[TJQKA])([SHDC])$", re.IGNORECASE)
_SUIT_CALLS = ("s", "h", "d", "c")
_NO_TRUMP_CALLS = ("n", "x")
_LONE_LEAD = {"LEFT_OF_DEALER": "dealer_left", "LEFT_OF_LONER": "loner_left"}
_BOOL_RULES = {"std": "stick_the_dealer", "canadian": "canadian_loner",
               "defend_alone": "defend_alone"}
# EGN points options: (EGN name, our name, EGN and our default).
_POINT_RULES = (("loner_march_score", "lone_march_points", 4),
                ("loner_euchred_score", "lone_euchre_points", 2))
_UNSUPPORTED_FLAGS = ("farmers", "partners_best", "go_under", "joker", "allow_no_trump",
                      "fast_break", "four_trick_tokens")
_FIXED_RULES = {"min_rank": 9, "num_players": 4}  # anything else is another game
_KNOWN_RULES = {"std", "canadian", "defend_alone", "loner_lead", "winning_score", "num_deals",
                *(egn for egn, _, _ in _POINT_RULES), *_UNSUPPORTED_FLAGS, *_FIXED_RULES}


# ---------------------------------------------------------------------------------------------
# Small helpers


def _is_int(value: object) -> bool:
    """A JSON whole number (``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _kind(value: object) -> str:
    """How a JSON value is described to a person."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "an object" if isinstance(value, dict) else type(value).__name__


def _show(value: object) -> str:
    """A short printable rendering of a bad value."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    # a lone surrogate (legal in JSON text) must not break UTF-8 output later
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= 40 else text[:37] + "..."


def _seat_number(value: object) -> int | None:
    """``value`` if it is a seat number 0-3, else None."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return value
    return None


def egn_card(text: object) -> str | None:
    """Our card text (``10D``) for an EGN card (``Td``; ``10d`` is accepted too), else None."""
    if not isinstance(text, str):
        return None
    match = _CARD_RE.match(text)
    if match is None:
        return None
    rank = match.group(1).upper()
    return ("10" if rank == "T" else rank) + match.group(2).upper()


def card_to_egn(card: str) -> str:
    """The EGN text (``Td``) of one of our cards (``10D``)."""
    rank, suit = card[:-1], card[-1]
    return ("T" if rank == "10" else rank) + suit.lower()


# ---------------------------------------------------------------------------------------------
# Reading: the match level


def load_egn_text(text: str) -> tuple[dict[str, Any] | None, list[Problem]]:
    """Parse EGN JSON text and convert it with :func:`egn_to_match`."""
    data, problems = _parse_json(text)
    if problems:
        return None, problems
    return egn_to_match(data)


def _parse_json(text: str) -> tuple[object, list[Problem]]:
    """The JSON value of ``text``, or a problem saying why it is not JSON."""
    try:
        return json.loads(text), []
    except (ValueError, RecursionError) as error:
        return None, [EgnProblem("egn.bad_json", params={"error": str(error)})]


def egn_to_match(data: object) -> tuple[dict[str, Any] | None, list[Problem]]:
    """Convert a parsed EGN object to a match-file dict; on any problem the match is None."""
    problems: list[Problem] = []
    if not isinstance(data, dict):
        return None, [EgnProblem("egn.not_object", params={"kind": _kind(data)})]
    if data.get("fileType") == EMN_FILE_TYPE:
        games = data.get("games")
        count = len(games) if isinstance(games, list) else 0
        return None, [EgnProblem("egn.is_emn", field="fileType", params={"count": count})]
    if not _check_header(data, EGN_FILE_TYPE, "egn.not_egn", problems):
        return None, problems
    metadata = data.get("metadata")
    if not isinstance(metadata, dict):
        _missing_or_bad("metadata", metadata, "an object", problems)
        metadata = {}
    rules = _rules(metadata.get("ruleset"), problems)
    match: dict[str, Any] = {
        "format": MATCH_FORMAT,
        "game": "euchre",
        "rules": rules,
        "seats": _seats(metadata.get("players"), problems),
        "first_dealer": "N",
        "start_score": _start_score(metadata.get("initialScore"), problems),
        "hands": _hands(data.get("deals"), rules, problems),
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


def _annotations(deal: dict[str, Any]) -> str | None:
    """A deal's annotations (calls and play, in order), as the hand's note; None if none."""
    texts: list[str] = []
    for phase in deal.get("phases") or []:
        if not isinstance(phase, dict):
            continue
        for key in ("callAnnotations", "calls_annotations", "playAnnotations"):
            found = phase.get(key)
            if isinstance(found, dict):
                for _at, lines in sorted(found.items(), key=lambda kv: str(kv[0]).zfill(4)):
                    items = lines if isinstance(lines, list) else [lines]
                    texts += [str(t).strip() for t in items if isinstance(t, str) and t.strip()]
    if not texts:
        return None
    note = " · ".join(texts)
    return note if len(note) <= NOTE_MAX else note[: NOTE_MAX - 1] + "…"


def _check_header(data: dict[str, Any], file_type: str, code: str,
                  problems: list[Problem]) -> bool:
    """``fileType`` must name the notation and ``version`` be 1.x; False: read no further."""
    if data.get("fileType") != file_type:
        problems.append(EgnProblem(code, field="fileType",
                                   params={"value": _show(data.get("fileType"))}))
        return False
    version = data.get("version")
    if version is not None and not (isinstance(version, str) and re.match(r"^1(\.|$)", version)):
        problems.append(EgnProblem("egn.bad_version", field="version",
                                params={"value": _show(version)}))
        return False
    return True


def _missing_or_bad(name: str, value: object, expected: str, problems: list[Problem],
                    hand: int | None = None, trick: int | None = None) -> None:
    """Report a missing key, or a value of the wrong JSON type."""
    if value is None:
        problems.append(EgnProblem("egn.missing", field=name, params={"name": name}, hand=hand))
    else:
        problems.append(EgnProblem("egn.bad_type", field=name, hand=hand, trick=trick,
                                params={"name": name, "expected": expected}))


def _seats(players: object, problems: list[Problem]) -> dict[str, str]:
    """Seat names from ``metadata.players`` (names or player objects), trimmed to 40."""
    field = "metadata.players"
    if not isinstance(players, list):
        _missing_or_bad(field, players, "a list of 4 names", problems)
        players = []
    elif len(players) != 4:
        problems.append(EgnProblem("egn.bad_players", field=field, params={"count": len(players)}))
    seats: dict[str, str] = {}
    for i, seat in enumerate(SEATS):
        player = players[i] if i < len(players) else ""
        name = player.get("name") if isinstance(player, dict) else player
        if not isinstance(name, str):
            problems.append(EgnProblem("egn.bad_player", field=field,
                                    params={"no": i, "seat": seat, "value": _show(player)}))
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
    if isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value):
        return {"NS": value[0], "EW": value[1]}
    problems.append(EgnProblem("egn.bad_initial_score", field="metadata.initialScore",
                            params={"value": _show(value)}))
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
        _missing_or_bad("metadata.ruleset", ruleset, "an object", problems)
        return {}
    rules: dict[str, Any] = {}
    for egn_name, ours in _BOOL_RULES.items():
        value = ruleset.get(egn_name, egn_name == "std")
        if not isinstance(value, bool):
            _bad_rule(egn_name, value, problems)
        elif value:
            rules[ours] = True
    lead = ruleset.get("loner_lead", "LEFT_OF_DEALER")
    if not isinstance(lead, str) or lead not in _LONE_LEAD:
        _bad_rule("loner_lead", lead, problems)
    elif _LONE_LEAD[lead] != "dealer_left":
        rules["lone_lead"] = _LONE_LEAD[lead]
    for egn_name, ours, default in _POINT_RULES:
        points = ruleset.get(egn_name, default)
        if not _is_int(points) or points < 0:
            _bad_rule(egn_name, points, problems)
        elif points != default:
            rules[ours] = points
    rules.update(_game_length(ruleset, problems))
    _refuse_unsupported(ruleset, problems)
    return rules


def _bad_rule(name: str, value: object, problems: list[Problem]) -> None:
    problems.append(EgnProblem("egn.bad_rule", field=f"metadata.ruleset.{name}",
                            params={"name": name, "value": _show(value)}))


def _game_length(ruleset: dict[str, Any], problems: list[Problem]) -> dict[str, Any]:
    """``target`` or ``deals`` from ``winning_score`` (default 10) and ``num_deals`` (0 = off)."""
    target = ruleset.get("winning_score")
    deals = ruleset.get("num_deals", 0)
    ok = True
    for name, value in (("winning_score", target), ("num_deals", deals)):
        if value is not None and (not _is_int(value) or value < 0):
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
                                    params={"name": name, "value": _show(value)}))


# ---------------------------------------------------------------------------------------------
# Reading: deals


@dataclass(slots=True)
class _Bid:
    """The outcome of the bidding: everyone passed, or who made which trump in which round."""

    passed: bool
    caller: int = -1
    round: int = 0
    trump: str | None = None


@dataclass(slots=True)
class _Phases:
    """The two phases of a deal, found by their ``type``."""

    bidding: dict[str, Any] | None = None
    play: dict[str, Any] | None = None


def _hands(deals: object, rules: dict[str, Any], problems: list[Problem]) -> list[dict[str, Any]]:
    """One hand per EGN deal (a passed deal is a hand too, so hand numbers match deals)."""
    if not isinstance(deals, list):
        _missing_or_bad("deals", deals, "a list of deals", problems)
        return []
    hands = []
    for no, deal in enumerate(deals, start=1):
        hand = _deal_to_hand(deal, no, rules, problems)
        if hand is not None:
            hands.append(hand)
    return hands


def _deal_to_hand(deal: object, no: int, rules: dict[str, Any],
                  problems: list[Problem]) -> dict[str, Any] | None:
    """Convert one EGN deal to a Euchre hand record, or None (with problems)."""
    if isinstance(deal, str):
        problems.append(EgnProblem("egn.encoded_deal", field="deals", hand=no))
        return None
    if not isinstance(deal, dict):
        _missing_or_bad("deals", deal, "an object", problems, hand=no)
        return None
    start = len(problems)
    state = deal.get("initialState")
    if not isinstance(state, dict):
        _missing_or_bad("initialState", state, "an object", problems, hand=no)
        return None
    dealer = _dealer(state.get("dealer"), no, problems)
    turn_up = _card(state.get("upCard"), "upCard", no, problems)
    dealt = _dealt(state.get("playerCards", state.get("player_cards")), no, problems)
    phases = _phases(deal.get("phases"), no, problems)
    if dealer is None or phases.bidding is None:
        return None
    bid = _bidding(phases.bidding.get("calls"), dealer, turn_up, no, problems)
    if bid is None or len(problems) > start:
        return None
    hand: dict[str, Any] = {"dealer": SEATS[dealer], "turn_up": turn_up}
    if bid.passed:
        made = _passed_hand(hand, dealt, phases, no, problems)
    else:
        made = _played_hand(hand, bid, dealt, phases, no, rules, problems)
    note = _annotations(deal)
    if made is not None and note:
        made["note"] = note
    return made


def _dealer(value: object, no: int, problems: list[Problem]) -> int | None:
    """The dealer's seat index 0-3."""
    index = _seat_number(value)
    if index is not None:
        return index
    if value is None:
        _missing_or_bad("dealer", value, "", problems, hand=no)
    else:
        problems.append(EgnProblem("egn.bad_dealer", field="dealer", hand=no,
                                params={"value": _show(value)}))
    return None


def _card(value: object, field: str, no: int, problems: list[Problem],
          trick: int | None = None) -> str | None:
    """One card in our notation, or None with a problem."""
    card = egn_card(value)
    if card is None:
        if value is None:
            _missing_or_bad(field, value, "", problems, hand=no)
        else:
            problems.append(EgnProblem("egn.bad_card", field=field, hand=no, trick=trick,
                                    params={"value": _show(value)}))
    return card


def _cards(value: object, field: str, no: int, problems: list[Problem],
           trick: int | None = None) -> list[str] | None:
    """A list of cards in our notation, or None with problems."""
    if not isinstance(value, list):
        _missing_or_bad(field, value, "a list of cards", problems, hand=no, trick=trick)
        return None
    cards = [_card(v, field, no, problems, trick) for v in value]
    known = [card for card in cards if card is not None]
    return known if len(known) == len(cards) else None


def _dealt(value: object, no: int, problems: list[Problem]) -> dict[str, list[str]]:
    """The dealt holdings of the seats whose cards are known (an empty list: unknown)."""
    if value is None:
        return {}
    if not isinstance(value, list) or len(value) > 4:
        problems.append(EgnProblem("egn.bad_holdings", field="playerCards", hand=no,
                                params={"value": _show(value)}))
        return {}
    dealt: dict[str, list[str]] = {}
    for seat, holding in zip(SEATS, value, strict=False):
        cards = _cards(holding, "playerCards", no, problems)
        if cards:
            dealt[seat] = cards
    return dealt


def _phases(value: object, no: int, problems: list[Problem]) -> _Phases:
    """The bidding and trick-play phases of a deal, whatever their order or numbering."""
    phases = _Phases()
    start = len(problems)
    if not isinstance(value, list):
        _missing_or_bad("phases", value, "a list of phases", problems, hand=no)
        return phases
    for phase in value:
        kind = phase.get("type") if isinstance(phase, dict) else None
        if kind not in ("EUCHRE_BIDDING", "TRICK_PLAY"):
            problems.append(EgnProblem("egn.bad_phase", field="phases", hand=no,
                                    params={"value": _show(kind)}))
            continue
        slot = "bidding" if kind == "EUCHRE_BIDDING" else "play"
        if getattr(phases, slot) is not None:
            problems.append(EgnProblem("egn.duplicate_phase", field="phases", hand=no,
                                    params={"value": kind}))
        setattr(phases, slot, phase)
    if phases.bidding is None and len(problems) == start:
        problems.append(EgnProblem("egn.no_bidding", field="calls", hand=no))
    return phases


def _bidding(calls: object, dealer: int, turn_up: str | None, no: int,
             problems: list[Problem]) -> _Bid | None:
    """Who made trump, in which round, from the list of calls."""
    if not isinstance(calls, list):
        _missing_or_bad("calls", calls, "a list of calls", problems, hand=no)
        return None
    if len(calls) > 8:
        problems.append(EgnProblem("egn.too_many_calls", field="calls", hand=no,
                                params={"count": len(calls)}))
        return None
    for k, call in enumerate(calls):
        if call == "Pass":
            continue
        bid = _make(call, k, dealer, turn_up, no, problems)
        if bid is not None and k != len(calls) - 1:
            problems.append(EgnProblem("egn.calls_after_trump", field="calls", hand=no,
                                    params={"no": k + 1}))
        return bid
    if len(calls) == 8:
        return _Bid(passed=True)
    problems.append(EgnProblem("egn.bidding_unfinished", field="calls", hand=no,
                            params={"count": len(calls)}))
    return None


def _make(call: object, k: int, dealer: int, turn_up: str | None, no: int,
          problems: list[Problem]) -> _Bid | None:
    """The bid made by call ``k`` (not a pass), or None with a problem."""
    round_ = 1 if k < 4 else 2
    caller = (dealer + 1 + k) % 4
    if round_ == 1 and call == "Order":
        return _Bid(passed=False, caller=caller, round=1, trump=turn_up and turn_up[-1])
    if round_ == 2 and isinstance(call, str) and call.lower() in _SUIT_CALLS:
        return _Bid(passed=False, caller=caller, round=2, trump=call.upper())
    code = "egn.unsupported_call" if call in _NO_TRUMP_CALLS else "egn.bad_call"
    problems.append(EgnProblem(code, field="calls", hand=no,
                               params={"no": k + 1, "value": _show(call), "round": round_}))
    return None


def _passed_hand(hand: dict[str, Any], dealt: dict[str, list[str]], phases: _Phases, no: int,
                 problems: list[Problem]) -> dict[str, Any] | None:
    """A deal everyone passed: thrown in (the engine refuses it under stick the dealer)."""
    if phases.play is not None and phases.play.get("tricks"):
        problems.append(EgnProblem("egn.tricks_after_pass", field="tricks", hand=no))
        return None
    hand["passed"] = True
    if dealt:
        hand["deal"] = dealt
    return hand


def _played_hand(hand: dict[str, Any], bid: _Bid, dealt: dict[str, list[str]], phases: _Phases,
                 no: int, rules: dict[str, Any], problems: list[Problem]) -> dict[str, Any] | None:
    """A deal where trump was made: caller, trump, alone, exchange, deal and play."""
    bidding, play = phases.bidding or {}, phases.play or {}
    start = len(problems)
    alone = _alone(bidding, play, no, problems)
    defender = _alone_defender(bidding.get("aloneDefender", -1), no, problems)
    if bidding.get("cardExchanges"):
        problems.append(EgnProblem("egn.unsupported_exchange", field="cardExchanges", hand=no))
    discard = None
    if bidding.get("discard") is not None:
        discard = _card(bidding.get("discard"), "discard", no, problems)
    tricks = _tricks(play.get("tricks"), no, problems)
    if len(problems) > start:
        return None
    hand.update(caller=SEATS[bid.caller], round=bid.round, trump=bid.trump, alone=alone)
    if defender is not None:
        hand["defender_alone"] = defender
    if discard is not None:
        hand["discard"] = discard
    deal = _holdings_at_play(dealt, hand, no, problems)
    if deal:
        hand["deal"] = deal
    hand["play"] = tricks
    _check_initial_lead(play.get("initialLead"), hand, rules, no, problems)
    return None if len(problems) > start else hand


def _alone(bidding: dict[str, Any], play: dict[str, Any], no: int,
           problems: list[Problem]) -> bool:
    """``isAlone`` of the bidding phase (legacy files may also repeat it on the trick play)."""
    values = [p["isAlone"] for p in (bidding, play) if p.get("isAlone") is not None]
    for value in values:
        if not isinstance(value, bool):
            _missing_or_bad("isAlone", value, "true or false", problems, hand=no)
            return False
    if len(set(values)) > 1:
        problems.append(EgnProblem("egn.alone_conflict", field="isAlone", hand=no))
    return bool(values and values[0])


def _alone_defender(value: object, no: int, problems: list[Problem]) -> str | None:
    """The seat defending alone (``aloneDefender``; -1 or absent: nobody)."""
    if value is None or value == -1:
        return None
    index = _seat_number(value)
    if index is not None:
        return SEATS[index]
    problems.append(EgnProblem("egn.bad_alone_defender", field="aloneDefender", hand=no,
                            params={"value": _show(value)}))
    return None


def _tricks(value: object, no: int, problems: list[Problem]) -> list[list[str]]:
    """The tricks in play order (at least one: a hand without tricks cannot be scored)."""
    if value is None or value == []:
        problems.append(EgnProblem("egn.no_tricks", field="tricks", hand=no))
        return []
    if not isinstance(value, list):
        _missing_or_bad("tricks", value, "a list of tricks", problems, hand=no)
        return []
    tricks = []
    for t, trick in enumerate(value, start=1):
        cards = _cards(trick, "tricks", no, problems, trick=t)
        tricks.append(cards or [])
    return tricks


def _holdings_at_play(dealt: dict[str, list[str]], hand: dict[str, Any], no: int,
                      problems: list[Problem]) -> dict[str, list[str]]:
    """Each known seat's cards when play starts: the dealer takes the up card and discards.

    The up card takes the discard's place in the dealer's list. Without a recorded discard
    the dealer's holding after a round-1 exchange is unknown, so the dealer is left out of the
    deal (a deal may list only some seats).
    """
    deal = {seat: list(cards) for seat, cards in dealt.items()}
    dealer, discard = hand["dealer"], hand.get("discard")
    if hand["round"] != 1 or dealer not in deal:
        return deal
    cards = deal.pop(dealer)
    if discard is None:
        return deal
    if discard != hand["turn_up"]:
        if discard not in cards:
            problems.append(EgnProblem("egn.discard_not_held", field="discard", hand=no,
                                    params={"card": discard}))
            return deal
        cards[cards.index(discard)] = hand["turn_up"]
    deal[dealer] = cards
    return deal


def _check_initial_lead(given: object, hand: dict[str, Any], rules: dict[str, Any], no: int,
                        problems: list[Problem]) -> None:
    """Legacy ``initialLead`` must agree with the leader the rules give."""
    if given is None or hand.get("defender_alone") is not None:
        return
    _out, expected = seating(hand["dealer"], hand["caller"], hand["alone"], None,
                             rules.get("lone_lead", "dealer_left"))
    if given != SEATS.index(expected):
        problems.append(EgnProblem("egn.lead_mismatch", field="initialLead", hand=no,
                                params={"given": _show(given),
                                        "expected": SEATS.index(expected)}))


# ---------------------------------------------------------------------------------------------
# Reading: Euchre Match Notation (a match bundling EGN games)

Converted = tuple[dict[str, Any] | None, list[Problem]]


def emn_to_matches(data: object) -> tuple[list[Converted], list[Problem]]:
    """Convert each game of a parsed EMN object: one ``(match, problems)`` per game.

    The second value holds the problems of the EMN wrapper itself.
    """
    if not isinstance(data, dict):
        return [], [EgnProblem("egn.not_object", params={"kind": _kind(data)})]
    problems: list[Problem] = []
    if not _check_header(data, EMN_FILE_TYPE, "egn.not_emn", problems):
        return [], problems
    games = data.get("games")
    if not isinstance(games, list) or not games:  # an empty match is refused with a reason
        _missing_or_bad("games", games, "a list of games", problems)
        return [], problems
    results: list[Converted] = []
    for no, game in enumerate(games, start=1):
        game_data = game.get("gameData") if isinstance(game, dict) else None
        if not isinstance(game_data, dict):
            results.append((None, [EgnProblem("egn.bad_game", field="games", params={"no": no})]))
        else:
            results.append(egn_to_match(game_data))
    return results, problems


def load_emn_text(text: str) -> tuple[list[Converted], list[Problem]]:
    """Parse EMN JSON text and convert it with :func:`emn_to_matches`."""
    data, problems = _parse_json(text)
    if problems:
        return [], problems
    return emn_to_matches(data)
