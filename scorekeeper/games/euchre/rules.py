"""Euchre: the fields of a hand, their legality and the score (spec/rules.md, Euchre)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.cards import (
    JOKER,
    OTHER_TEAM,
    PARTNER,
    TEAM_OF,
    Card,
    Pack,
    Seat,
    opening_leader,
)
from ...engine.fields import FieldReader, suit_name
from ...engine.game import Game, Preset
from ...engine.messages import N_
from ...engine.parts.analysis import DOUBLE_DUMMY
from ...engine.parts.recorder import Recording
from ...engine.parts.sheet import SheetPart
from ...engine.parts.templates import Templates
from ...engine.parts.words import History, Words
from ...engine.problems import Problem
from ...engine.result import HandResult
from ...engine.rules import DEALS, MAX_POINTS, Option, target_option
from ...engine.tricks import analyse_play
from .club import CLUB
from .facts import STATISTICS
from .messages import MESSAGES
from .notation import NOTATION
from .words import (
    FIELD_WORDS,
    LIKELY_WORDS,
    RESULT_CLASSES,
    RESULT_WORDS,
    history_tags,
    outcome_words,
    recorded_words,
    sheet_marks,
    sheet_row,
    short_words,
)

FIELDS = frozenset({
    "dealer", "caller", "round", "turn_up", "trump", "alone", "defender_alone",
    "makers_tricks", "passed", "renege", "discard", "deal", "play", "note",
})
PASSED_FIELDS = frozenset({"dealer", "turn_up", "deal", "note", "passed"})
HAND_SIZE = 5
TRICKS = 5
PACK_LOW: dict[int, int] = {24: 9, 28: 8, 32: 7}  # the `pack` option: its lowest rank
PACKS: dict[tuple[int, bool], Pack] = {
    (size, joker): Pack(low=low, joker=joker, hand_size=HAND_SIZE)
    for size, low in PACK_LOW.items() for joker in (False, True)
}


def pack(rules: Mapping[str, Any]) -> Pack:
    """The pack of a match's rules (`pack` 24, 28 or 32 cards; `joker`)."""
    return PACKS[(rules.get("pack", 24), bool(rules.get("joker", False)))]


def evaluate(
    raw: dict[str, Any], no: int, dealer: Seat, rules: dict[str, Any]
) -> tuple[HandResult | None, list[Problem]]:
    """Check one Euchre hand against the rules and say what it scores."""
    cards = pack(rules)
    r = FieldReader(raw, no, "euchre", cards.cards, cards)
    r.check_keys(FIELDS)
    r.note()
    passed = raw.get("passed")
    if passed is not None and not isinstance(passed, bool):
        r.problem("hand.bad_passed", "passed")
        return None, r.problems
    if passed:
        return _passed(r, dealer, rules)

    caller = r.seat("caller")
    if raw.get("caller") is None:
        r.problem("hand.caller_missing", "caller")
    round_ = r.integer("round", 1, 2, "hand.bad_round")
    turn_up = r.card_field("turn_up")
    trump = r.suit("trump")
    alone = r.boolean("alone")
    defender = r.seat("defender_alone")
    makers_tricks = r.integer("makers_tricks", 0, 5, "hand.makers_tricks_range")
    renege_seat = r.seat("renege")
    discard = r.card_field("discard")
    deal = r.deal(HAND_SIZE)
    if r.problems or caller is None:
        return None, r.problems

    # trump, turn-up and round agree with each other; a turned-up Joker's suit is the one the
    # dealer named for it, recorded as trump (in round 2 it is not recorded, so not checked)
    if turn_up == JOKER:
        if trump is None:
            r.problem("hand.joker_turn_up_trump", "trump")
    elif turn_up is not None:
        if trump is not None:
            if round_ == 1 and trump != turn_up.suit:
                r.problem("hand.round1_trump", "trump", card=str(turn_up),
                          suit=suit_name(turn_up.suit))
            elif round_ == 2 and trump == turn_up.suit:
                r.problem("hand.round2_trump", "trump", suit=suit_name(trump))
            elif round_ is None:
                round_ = 1 if trump == turn_up.suit else 2
        elif round_ == 1:
            trump = turn_up.suit
    makers = TEAM_OF[caller]

    # alone, defending alone, Canadian loner
    if defender is not None:
        if not rules["defend_alone"]:
            r.problem("hand.defender_alone_rule", "defender_alone")
        elif not alone:
            r.problem("hand.defender_alone_not_lone", "defender_alone")
        elif TEAM_OF[defender] == makers:
            r.problem("hand.defender_alone_maker", "defender_alone", seat=defender)
    if rules["canadian_loner"] and caller == PARTNER[dealer] and not alone:
        if round_ == 1:
            r.problem("hand.canadian_must_alone", "alone")
        elif round_ is None:
            r.problem("hand.canadian_round_needed", "round")
    if discard is not None and round_ == 2:
        r.problem("hand.discard_round2", "discard")
    if r.problems:
        return None, r.problems

    # the card record
    unavailable: dict[Card, str] = {}
    owners: dict[Card, Seat] = {}
    if discard is not None:
        unavailable[discard] = "discarded"
    if turn_up is not None and turn_up != discard:
        if round_ == 2:
            unavailable[turn_up] = "turned down"
        elif round_ == 1:
            owners[turn_up] = dealer
    if deal is not None:
        _check_deal(r, deal, dealer, turn_up, discard, unavailable, owners)
    sitting_out, leader = seating(dealer, caller, alone, defender, rules["lone_lead"])
    record = None
    if "play" in raw and not r.problems:
        if trump is None:
            r.problem("hand.play_needs_trump", "play")
        else:
            record = analyse_play(
                r, trump=trump, bowers=True, leader=leader, sitting_out=sitting_out,
                holdings=deal or {}, unavailable=unavailable, owners=owners,
                tricks_in_hand=TRICKS, stop_allowed=renege_seat is not None,
            )
            if record.valid and record.complete and turn_up is not None and round_ == 1 \
                    and discard is not None and discard != turn_up \
                    and turn_up not in record.played.get(dealer, [turn_up]):
                r.problem("play.dealer_kept_turn_up", "play", card=str(turn_up),
                          discard=str(discard))
    if r.problems:
        return None, r.problems

    # what the hand comes to
    renege: dict[str, Any] | None = None
    if record is not None and record.renege is not None:
        seat, trick = record.renege
        if renege_seat is not None and renege_seat != seat:
            r.problem("hand.renege_mismatch", "renege", trick, proven=seat, trick=trick,
                      declared=renege_seat)
            return None, r.problems
        renege = {"seat": seat, "trick": trick}
    elif renege_seat is not None:
        renege = {"seat": renege_seat}
    if record is not None and record.complete:
        derived = record.tricks[makers]
        if makers_tricks is not None and makers_tricks != derived and renege is None:
            r.problem("hand.tricks_mismatch", "makers_tricks", derived=derived,
                      given=makers_tricks)
            return None, r.problems
        if makers_tricks is None:
            makers_tricks = derived
    if renege is None and makers_tricks is None:
        r.problem("hand.makers_tricks_missing", "makers_tricks")
        return None, r.problems

    outcome = HandResult("made", makers=makers, trump=trump, leader=leader,
                         sitting_out=sitting_out)
    if makers_tricks is not None:
        theirs = TRICKS - makers_tricks
        outcome.tricks = {"NS": makers_tricks, "EW": theirs} if makers == "NS" else \
            {"NS": theirs, "EW": makers_tricks}
    if record is not None and record.winners:
        outcome.trick_winners = list(record.winners)
    if record is not None:
        outcome.trick_seats = record.seats
    if renege is not None:
        outcome.result = "renege"
        outcome.renege = renege
        points = rules["renege_points_alone"] if alone else rules["renege_points"]
        outcome.points[OTHER_TEAM[TEAM_OF[renege["seat"]]]] = points
        return outcome, r.problems
    assert makers_tricks is not None
    if makers_tricks == TRICKS:
        outcome.result = "alone_march" if alone else "march"
        outcome.points[makers] = rules["lone_march_points"] if alone else 2
    elif makers_tricks >= 3:
        outcome.result = "alone_made" if alone else "made"
        outcome.points[makers] = 1
    else:
        outcome.result = "euchred"
        if defender is not None:
            points = rules["lone_defender_points"]
        elif alone:
            points = rules["lone_euchre_points"]
        else:
            points = 2
        outcome.points[OTHER_TEAM[makers]] = points
    return outcome, r.problems


def seating(
    dealer: Seat, caller: Seat, alone: bool, defender: Seat | None, lone_lead: str
) -> tuple[frozenset[Seat], Seat]:
    """Who sits out (a loner's partner, a lone defender's partner) and who leads the first
    trick: worked out here once, for the replay, the pages, the sheet and EGN files."""
    sitting_out = frozenset(
        s for s in (PARTNER[caller] if alone else None,
                    PARTNER[defender] if defender else None) if s
    )
    return sitting_out, opening_leader(dealer, sitting_out, caller if alone else None, lone_lead)


def _passed(
    r: FieldReader, dealer: Seat, rules: dict[str, Any]
) -> tuple[HandResult | None, list[Problem]]:
    """Everyone passed: the hand is thrown in (illegal under stick the dealer)."""
    for key, value in r.raw.items():
        if key in FIELDS and key not in PASSED_FIELDS and value is not None \
                and value is not False:
            r.problem("hand.passed_extra", key, key=key)
    if rules["stick_the_dealer"]:
        r.problem("hand.passed_stick", "passed")
    turn_up = r.card_field("turn_up")
    deal = r.deal(HAND_SIZE)
    if deal is not None and turn_up is not None:
        _check_deal(r, deal, dealer, turn_up, None, {turn_up: "turned down"}, {})
    if r.problems:
        return None, r.problems
    return HandResult("passed", played=False), r.problems


def _check_deal(
    r: FieldReader,
    deal: dict[str, list[Card]],
    dealer: Seat,
    turn_up: Card | None,
    discard: Card | None,
    unavailable: dict[Card, str],
    owners: dict[Card, Seat],
) -> None:
    """The holdings agree with the turn-up and the discard."""
    for seat, cards in deal.items():
        for card in cards:
            if card == discard:
                r.problem("hand.discard_held", "deal", card=str(card))
            elif card in unavailable:
                r.problem("deal.turn_up_held", "deal", card=str(card), seat=seat)
            elif card in owners and owners[card] != seat:
                r.problem("deal.turn_up_not_dealer", "deal", card=str(card), seat=seat)
    if (turn_up is not None and turn_up in owners and dealer in deal
            and discard is not None and turn_up not in deal[dealer]):
        r.problem("deal.dealer_lacks_turn_up", "deal", card=str(turn_up), discard=str(discard))


OPTIONS: tuple[Option, ...] = (
    target_option(10),
    DEALS,
    Option("stick_the_dealer", False, bool),
    Option("lone_lead", "dealer_left", str, choices=("dealer_left", "loner_left")),
    Option("lone_march_points", 4, int, maximum=MAX_POINTS),
    Option("lone_euchre_points", 2, int, maximum=MAX_POINTS),
    Option("defend_alone", False, bool),
    Option("lone_defender_points", 4, int, maximum=MAX_POINTS),
    Option("canadian_loner", False, bool),
    Option("renege_points", 2, int, maximum=MAX_POINTS),
    Option("renege_points_alone", 4, int, maximum=MAX_POINTS),
    Option("pack", 24, int, minimum=24, maximum=32, values=tuple(PACK_LOW)),
    Option("joker", False, bool),
)

# Each option's label and one line of help on the start page (spec/rules.md).
OPTION_WORDS = {
    "stick_the_dealer": (N_("Stick the dealer"),
                       N_("If everyone passes twice, the dealer must name trump.")),
    "lone_lead": (N_("Lead against a loner"),
                       N_("Who leads against a lone hand.")),
    "lone_march_points": (N_("Lone march points"),
                       N_("Points for taking all 5 tricks alone.")),
    "lone_euchre_points": (N_("Lone euchre points"),
                       N_("Points for euchring a lone hand.")),
    "defend_alone": (N_("Defend alone"),
                       N_("Against a lone hand, one defender may also play alone.")),
    "lone_defender_points": (N_("Lone defender points"),
                       N_("Points for a lone defender who euchres the loner.")),
    "canadian_loner": (N_("Canadian loner"),
                       N_("The dealer's partner who orders up must go alone.")),
    "renege_points": (N_("Renege points"),
                       N_("Points to the other side when a seat reneges.")),
    "renege_points_alone": (N_("Renege points, alone"),
                       N_("Renege points when the hand was played alone.")),
    "pack": (N_("Pack"),
                       N_("24 cards (9 to A), 28 (8 to A) or 32 (7 to A).")),
    "joker": (N_("Joker"),
                       N_("Add the Joker: the highest trump, above the right bower.")),
}


GAME = Game(
    name="euchre",
    label=N_("Euchre"),
    rules_label=N_("Euchre rules"),
    options=OPTIONS,
    evaluate=evaluate,
    tricks=TRICKS,
    presets=(
        Preset("standard", N_("Standard, to 10")),
        Preset("stick_the_dealer", N_("Stick the dealer, to 10"), {"stick_the_dealer": True}),
        Preset("short", N_("Short game, to 5"), {"target": 5}),
        # Bicycle's other pack and its Joker ("best bower") as one tap: the 32-card pack is the
        # one Bicycle names first, and the Joker is most often played with it.
        Preset("bicycle_joker", N_("32 cards and the Joker, to 10"), {"pack": 32, "joker": True}),
    ),
    pack=pack,
    hand_form="scorekeeper.games.euchre.form:EuchreHandForm",
    sheet=SheetPart(row=sheet_row, blank_rows=20),
    analysis=DOUBLE_DUMMY,
    templates=Templates(hand_fields="game/euchre/hand_fields.html",
                        sheet_hands="game/euchre/sheet_hands.html",
                        blank="game/euchre/blank.html"),
    words=Words(
        tricks_hint=N_("▸ marks the card led; the winning card is boxed; shaded cards are "
                       "trumps (the left bower counts as a trump). The last column counts the "
                       "makers’ tricks."),
    ),
    history=History(call=N_("Called"), makers=True, tags=history_tags, outcome=outcome_words,
                    short=short_words, recorded=recorded_words, results=RESULT_WORDS,
                    classes=RESULT_CLASSES, marks=sheet_marks),
    option_words=OPTION_WORDS,
    field_words=FIELD_WORDS,
    folder="scorekeeper.games.euchre",
    notation=NOTATION,
    recording=Recording(bowers=True, caller=True, alone=True, turn_up=True, makers_need=3,
                        renege_ends=True, result_field="makers_tricks", renege_field="renege",
                        renege_seat=True, likely=LIKELY_WORDS),
    statistics=STATISTICS,
    club=CLUB,
    messages=MESSAGES,
)
