"""Classic Whist: the fields of a deal, their legality and the score (spec/rules.md, Whist).

Whist drive options (the README.md here): ``trump_rotation`` fixes each deal's trump by its number
in the match, instead of the turn-up (a cycle such as ``"HDSC"``; ``"NT"`` in the cycle, or
``no_trump``, adds a no-trump deal), and ``scoring: "tricks"`` scores every trick a side wins
(a deal's points total 13) instead of the tricks over six.
"""

from __future__ import annotations

from typing import Any

from ...engine.cards import DECK_52, OTHER_TEAM, SEATS, TEAM_OF, Card, Seat, next_seat
from ...engine.fields import FieldReader, suit_name
from ...engine.game import Game, Preset
from ...engine.messages import N_
from ...engine.parts.recorder import Recording
from ...engine.parts.sheet import SheetPart
from ...engine.parts.templates import Templates
from ...engine.parts.words import DEAL_WORDS, History
from ...engine.problems import Problem
from ...engine.result import HandResult
from ...engine.rules import DEALS, MAX_TARGET, Option, target_option
from ...engine.state import GameEnd, MatchState, settle_to_target
from ...engine.tricks import analyse_play
from .details import WhistDetails
from .facts import STATISTICS
from .messages import MESSAGES
from .rotation import (
    NO_TRUMP,
    ROTATIONS,
    SHEET_RULES,
    deal_trump,
    is_rotation,
    trump_cycle,
)
from .words import (
    FIELD_WORDS,
    RESULT_WORDS,
    history_tags,
    outcome_words,
    recorded_words,
    sheet_marks,
    sheet_row,
    short_words,
)

FIELDS = frozenset({
    "dealer", "trump", "turn_up", "tricks_NS", "honours_NS", "revoke", "deal", "play", "note",
})
HAND_SIZE = 13
TRICKS = 13
PENALTIES = ("take3", "add3", "deduct3")
HONOUR_RANKS = frozenset({11, 12, 13, 14})
SCORING = ("book", "tricks")


def trump_word(trump: str) -> str:
    """A trump as the problems word it: "hearts", or "no trump"."""
    return "no trump" if trump == NO_TRUMP else suit_name(trump)


def evaluate(
    raw: dict[str, Any], no: int, dealer: Seat, rules: dict[str, Any]
) -> tuple[HandResult | None, list[Problem]]:
    """Check one Whist deal; the points depend on the score, so ``apply`` adds them."""
    r = FieldReader(raw, no, "whist", DECK_52)
    r.check_keys(FIELDS)
    r.note()
    fixed = deal_trump(rules, no)
    if fixed is not None and raw.get("trump") == NO_TRUMP:  # NT: a rotation's word only
        trump: str | None = NO_TRUMP
    else:
        trump = r.suit("trump")
    turn_up = r.card_field("turn_up")
    tricks_ns = r.integer("tricks_NS", 0, TRICKS, "hand.tricks_ns_range")
    honours_ns = r.integer("honours_NS", 0, 4, "hand.honours_range")
    revoke = _revoke(r)
    deal = r.deal(HAND_SIZE)
    if r.problems:
        return None, r.problems
    if fixed is not None:
        _check_rotation(r, fixed, trump, turn_up)
        if fixed == NO_TRUMP and honours_ns is not None:
            r.problem("hand.honours_no_trump", "honours_NS", no=no)
        if r.problems:
            return None, r.problems
        trump = fixed
    elif turn_up is not None:
        if trump is None:
            trump = turn_up.suit
        elif trump != turn_up.suit:
            r.problem("hand.turn_up_trump", "trump", card=str(turn_up),
                      suit=suit_name(turn_up.suit), trump=suit_name(trump))
            return None, r.problems
    owners: dict[Card, Seat] = {}
    if turn_up is not None:
        owners[turn_up] = dealer
        for seat, cards in (deal or {}).items():
            if turn_up in cards and seat != dealer:
                r.problem("deal.turn_up_not_dealer", "deal", card=str(turn_up), seat=seat)
        if deal is not None and dealer in deal and turn_up not in deal[dealer]:
            r.problem("deal.dealer_lacks_card", "deal", card=str(turn_up), seat=dealer)
    record = None
    leader = next_seat(dealer)
    if "play" in raw and not r.problems:
        if trump is None:
            r.problem("hand.play_needs_trump", "play")
        else:
            record = analyse_play(
                r, trump=trump, bowers=False, leader=leader,
                sitting_out=frozenset(), holdings=deal or {}, unavailable={}, owners=owners,
                tricks_in_hand=TRICKS, stop_allowed=revoke is not None,
            )
    if r.problems:
        return None, r.problems

    outcome = HandResult("scored", trump=trump, leader=leader)
    if record is not None:
        outcome.trick_seats = record.seats
        if record.winners:
            outcome.trick_winners = list(record.winners)
        if record.renege is not None:
            seat, trick = record.renege
            if revoke is None:
                r.problem("hand.revoke_unrecorded", "revoke", trick, seat=seat, trick=trick)
            elif revoke["by"] != TEAM_OF[seat]:
                r.problem("hand.revoke_mismatch", "revoke", side=TEAM_OF[seat],
                          declared=revoke["by"])
            outcome.renege = {"seat": seat, "trick": trick}
        if record.complete:
            derived = record.tricks["NS"]
            if tricks_ns is not None and tricks_ns != derived:
                r.problem("hand.tricks_ns_mismatch", "tricks_NS", derived=derived,
                          given=tricks_ns)
            tricks_ns = derived
    if tricks_ns is None and not r.problems:
        r.problem("hand.tricks_ns_missing", "tricks_NS")
    if rules["honours"] and trump != NO_TRUMP and not r.problems:
        holdings = _full_holdings(deal, record)
        if holdings is not None:
            if trump is None:
                r.problem("hand.honours_need_trump", "honours_NS")
            else:
                derived = sum(1 for s in ("N", "S") for c in holdings[s]
                              if c.suit == trump and c.rank in HONOUR_RANKS)
                if honours_ns is not None and honours_ns != derived:
                    r.problem("hand.honours_mismatch", "honours_NS", derived=derived,
                              given=honours_ns)
                honours_ns = derived
        elif honours_ns is None:
            r.problem("hand.honours_missing", "honours_NS")
    if r.problems:
        return None, r.problems
    assert tricks_ns is not None
    outcome.tricks = {"NS": tricks_ns, "EW": TRICKS - tricks_ns}
    if revoke is not None:
        outcome.result = "revoke"
    outcome.details = WhistDetails(honours_ns if rules["honours"] else None, revoke, fixed)
    return outcome, r.problems


def _check_rotation(r: FieldReader, fixed: str, trump: str | None, turn_up: Card | None) -> None:
    """A deal of a rotation: a given trump, or a turn-up's suit, must be the rotation's."""
    if trump is not None and trump != fixed:
        r.problem("hand.trump_not_rotation", "trump", no=r.no, trump=trump_word(fixed),
                  given=trump_word(trump))
    elif turn_up is not None and turn_up.suit != fixed:
        r.problem("hand.turn_up_not_rotation", "turn_up", no=r.no, card=str(turn_up),
                  trump=trump_word(fixed))


def apply(outcome: HandResult, score: dict[str, int], rules: dict[str, Any]) -> bool:
    """Score a deal in the order revoke penalty, tricks, honours; True if it ends the game.

    ``score`` (the current game) is updated in place and ``outcome.points`` set to the change.
    """
    target: int | None = rules["target"]
    before = dict(score)
    tricks = dict(outcome.tricks or {"NS": 0, "EW": 0})
    info = outcome.details if isinstance(outcome.details, WhistDetails) else WhistDetails()
    revoke = info.revoke
    revoker = revoke["by"] if revoke else None

    def cap() -> None:
        if revoker is not None and target is not None:
            score[revoker] = min(score[revoker], max(before[revoker], target - 1))

    def reached() -> bool:
        return target is not None and any(score[t] >= target for t in score)

    ended = False
    parts = {"tricks": {"NS": 0, "EW": 0}, "honours": {"NS": 0, "EW": 0}}
    if revoke is not None and revoker is not None:
        other = OTHER_TEAM[revoker]
        if revoke["penalty"] == "take3":
            moved = min(3, tricks[revoker])
            tricks[revoker] -= moved
            tricks[other] += moved
        elif revoke["penalty"] == "add3":
            score[other] += 3
        else:
            score[revoker] = max(0, score[revoker] - 3)
        ended = reached()
    if not ended:
        book = 0 if rules.get("scoring") == "tricks" else 6  # tricks scoring: every trick
        for team in ("NS", "EW"):
            if tricks[team] > book:
                score[team] += tricks[team] - book
        cap()
        ended = reached()
    after_tricks = dict(score)
    honours = info.honours_ns
    if not ended and honours is not None:
        honour_team, points = _honour_points(honours)
        blocked_at = rules["honours_blocked_at"]
        if honour_team is not None and not (
            target is not None and blocked_at is not None and before[honour_team] >= blocked_at
        ):
            score[honour_team] += points
            cap()
        ended = reached()
    outcome.points = {t: score[t] - before[t] for t in ("NS", "EW")}
    # the same points split by cause: tricks (after any revoke penalty) and honours
    parts["tricks"] = {t: after_tricks[t] - before[t] for t in ("NS", "EW")}
    parts["honours"] = {t: score[t] - after_tricks[t] for t in ("NS", "EW")}
    info.parts = parts
    outcome.details = info
    return ended


def settle(state: MatchState, rules: dict[str, Any], start: bool = False) -> None:
    """A rubber is the best of three games (each game's score starts again at 0-0); without
    one, the first side to the target wins, or the higher score after a number of deals."""
    target: int | None = rules.get("target")
    if not rules.get("rubber") or target is None:
        settle_to_target(state, rules, start)
        return
    if state.games is None:
        state.games = []
    score = state.score
    leaders = [t for t in ("NS", "EW") if score[t] >= target]
    if not leaders:
        return
    winner = max(leaders, key=lambda t: score[t])
    value = game_value(score[OTHER_TEAM[winner]], target)
    hand = state.hands[-1].no if state.hands else 0
    state.games.append(GameEnd(len(state.games) + 1, hand, winner, dict(score), value))
    if state.games_won(winner) >= 2:
        points = 2 + sum(g.value for g in state.games if g.winner == winner) \
            - sum(g.value for g in state.games if g.winner != winner)
        state.rubber = {"winner": winner, "points": points}
        state.over, state.winner = True, winner
    else:
        state.score = {"NS": 0, "EW": 0}


def finish_rules(rules: dict[str, Any], problems: list[Problem]) -> None:
    """A rubber needs a target; honours stop counting one point short of it by default.

    Tricks scoring is a whist drive's: a fixed number of deals, no honours; ``no_trump`` adds a
    deal to a rotation, so it needs one."""
    if rules["no_trump"] and rules["trump_rotation"] is None:
        problems.append(Problem("rules.no_trump_needs_rotation", field="rules.no_trump"))
    if rules["scoring"] == "tricks":
        if rules["deals"] is None:
            problems.append(Problem("rules.tricks_need_deals", field="rules.scoring"))
        if rules["honours"]:
            problems.append(Problem("rules.tricks_no_honours", field="rules.honours"))
    if rules["rubber"] and rules["target"] is None:
        problems.append(Problem("rules.rubber_needs_target", field="rules.rubber"))
    if rules["honours_blocked_at"] is None and rules["target"] is not None:
        rules["honours_blocked_at"] = rules["target"] - 1


def game_value(loser_score: int, target: int) -> int:
    """A game's worth in a rubber: treble, double or single by the losers' score."""
    if loser_score == 0:
        return 3
    double_up_to = 4 if target >= 10 else 2
    return 2 if loser_score <= double_up_to else 1


def _honour_points(honours_ns: int) -> tuple[str | None, int]:
    return {4: ("NS", 4), 3: ("NS", 2), 1: ("EW", 2), 0: ("EW", 4)}.get(honours_ns, (None, 0))


def _revoke(r: FieldReader) -> dict[str, str] | None:
    value = r.raw.get("revoke")
    if value is None:
        return None
    if (
        not isinstance(value, dict)
        or set(value) != {"by", "penalty"}
        or value.get("by") not in ("NS", "EW")
        or value.get("penalty") not in PENALTIES
    ):
        r.problem("hand.bad_revoke", "revoke")
        return None
    return {"by": value["by"], "penalty": value["penalty"]}


def _full_holdings(
    deal: dict[str, list[Card]] | None, record: Any
) -> dict[str, list[Card]] | None:
    """Every seat's cards, from a full deal or a complete card record; else None."""
    if deal is not None and all(s in deal for s in SEATS):
        return deal
    if record is not None and record.complete:
        return record.played  # type: ignore[no-any-return]
    return None


OPTIONS: tuple[Option, ...] = (
    target_option(7),
    DEALS,
    Option("honours", False, bool),
    Option("honours_blocked_at", None, int, maximum=MAX_TARGET, nullable=True),  # None: target - 1
    Option("rubber", False, bool),
    Option("trump_rotation", None, str, choices=ROTATIONS, nullable=True, check=is_rotation,
           expected="a cycle of suits such as HDSC (NT: a no-trump deal)"),
    Option("no_trump", False, bool),
    Option("scoring", "book", str, choices=SCORING),
)

# Each option's label and one line of help on the start page (spec/rules.md).
OPTION_WORDS = {
    "honours": (N_("Count honours"),
                       N_("A side holding 3 or 4 of A K Q J of trumps scores 2 or 4.")),
    "honours_blocked_at": (N_("No honours from"),
                       N_("From this score on, a side cannot score honours.")),
    "rubber": (N_("Rubber (best of three)"),
                       N_("Play games until a side has won two.")),
    "trump_rotation": (N_("Trump by rotation"),
                       N_("Each deal's trump by its number, in this order, instead of the "
                          "turn-up (a whist drive).")),
    "no_trump": (N_("No-trump deal"),
                       N_("Add a no-trump deal to the rotation.")),
    "scoring": (N_("Scoring"),
                       N_("Score the tricks over six, or every trick won (a whist drive).")),
}


GAME = Game(
    name="whist",
    label=N_("Whist"),
    rules_label=N_("Whist rules"),
    options=OPTIONS,
    evaluate=evaluate,
    tricks=TRICKS,
    presets=(
        Preset("american", N_("American whist, to 7")),
        # Short and long whist are the classic game: by the rubber, honours counting
        # (spec/rules.md, after Pagat); the American game (Bicycle's) counts no honours.
        Preset("short", N_("Short whist, to 5"), {"target": 5, "honours": True, "rubber": True}),
        Preset("long", N_("Long whist, to 10"), {"target": 10, "honours": True, "rubber": True}),
    ),
    apply=apply,
    settle=settle,
    finish_rules=finish_rules,
    hand_form="scorekeeper.games.whist.form:WhistHandForm",
    sheet=SheetPart(row=sheet_row, rules=SHEET_RULES, blank_rows=18),
    templates=Templates(hand_fields="game/whist/hand_fields.html",
                        sheet_hands="game/whist/sheet_hands.html",
                        blank="game/whist/blank.html"),
    words=DEAL_WORDS,
    history=History(tags=history_tags, outcome=outcome_words, short=short_words,
                    recorded=recorded_words, results=RESULT_WORDS, marks=sheet_marks),
    option_words=OPTION_WORDS,
    field_words=FIELD_WORDS,
    folder="scorekeeper.games.whist",
    recording=Recording(deal_trump=deal_trump, trumps=trump_cycle),
    statistics=STATISTICS,
    messages=MESSAGES,
)
