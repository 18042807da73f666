"""Five Hundred: the bids, the fields of a hand, their legality, the score and the end of a
game (spec/rules.md, Five Hundred; the Avondale schedule)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ...engine.cards import OTHER_TEAM, PARTNER, TEAM_OF, TEAMS, Card, Pack, Seat
from ...engine.fields import FieldReader
from ...engine.game import Game, Preset
from ...engine.messages import N_
from ...engine.parts.analysis import Analyser
from ...engine.parts.recorder import Recording
from ...engine.parts.sheet import SheetPart
from ...engine.parts.templates import Templates
from ...engine.parts.words import History, Words
from ...engine.problems import Problem, show
from ...engine.result import HandResult
from ...engine.rules import DEALS, MAX_POINTS, Option
from ...engine.state import MatchState, settle_to_target
from ...engine.tricks import PlayRecord, analyse_play
from .club import CLUB
from .facts import MADE, STATISTICS
from .messages import MESSAGES
from .words import (
    FIELD_WORDS,
    OPTION_WORDS,
    RESULT_WORDS,
    bid_trump,
    history_tags,
    outcome_words,
    recorded_words,
    sheet_marks,
    sheet_row,
    short_words,
)

FIELDS = frozenset({
    "dealer", "caller", "bid", "makers_tricks", "passed", "kitty", "discard", "deal", "play",
    "note",
})
PASSED_FIELDS = frozenset({"dealer", "deal", "kitty", "note", "passed"})
HAND_SIZE = 10
TRICKS = 10
KITTY = 3
NO_TRUMP = "NT"  # no trumps and misère: the Joker is the only trump, a mark no suit has
# 4 to A in hearts and diamonds, 5 to A in spades and clubs, and the Joker: 43 cards
PACK = Pack(low=4, joker=True, hand_size=HAND_SIZE, suit_lows=(("S", 5), ("C", 5)))
DENOMINATIONS = ("S", "C", "D", "H", NO_TRUMP)  # lowest first, as the schedule ranks them
# The Avondale schedule: 6S is 40, each denomination up 20, each trick up 100 (10NT is 520)
BID_VALUES: dict[str, int] = {
    f"{tricks}{d}": 40 + 100 * (tricks - 6) + 20 * i
    for tricks in range(6, 11) for i, d in enumerate(DENOMINATIONS)
}
MISERE_VALUES: dict[str, int] = {"misere": 250, "open_misere": 500}
SLAM_VALUE = 250  # all ten tricks on a bid worth less
MAX_TARGET = 1000  # 500 is the game; some clubs play to 1000


class Bid(NamedTuple):
    """A winning bid: tricks contracted (None for misère), the trump (``NT`` at no trumps and
    in misère), its value, and whether it is a misère."""

    tricks: int | None
    trump: str
    value: int
    misere: bool


def pack(rules: Mapping[str, Any]) -> Pack:
    """The 43-card pack, whatever the rules."""
    return PACK


def parse_bid(text: object) -> Bid | None:
    """The bid written as ``text`` (``8H``, ``10NT``, ``misere``, ``open_misere``), or None."""
    if not isinstance(text, str):
        return None
    if text in MISERE_VALUES:
        return Bid(None, NO_TRUMP, MISERE_VALUES[text], True)
    if text not in BID_VALUES:
        return None
    trump = NO_TRUMP if text.endswith(NO_TRUMP) else text[-1]
    return Bid(int(text[:-len(trump)]), trump, BID_VALUES[text], False)


def evaluate(
    raw: dict[str, Any], no: int, dealer: Seat, rules: dict[str, Any]
) -> tuple[HandResult | None, list[Problem]]:
    """Check one Five Hundred hand against the rules and say what it scores."""
    r = FieldReader(raw, no, "five_hundred", PACK.cards, PACK)
    r.check_keys(FIELDS)
    r.note()
    passed = raw.get("passed")
    if passed is not None and not isinstance(passed, bool):
        r.problem("hand.bad_passed", "passed")
        return None, r.problems
    if passed:
        return _passed(r)

    caller = r.seat("caller")
    if raw.get("caller") is None:
        r.problem("hand.caller_missing_bid", "caller")
    bid = _bid(r, rules)
    makers_tricks = r.integer("makers_tricks", 0, TRICKS, "hand.makers_tricks_range_10")
    deal = r.deal(HAND_SIZE)
    kitty = _three_cards(r, "kitty", "hand.kitty_count")
    discard = _three_cards(r, "discard", "hand.discard_count")
    if r.problems or caller is None or bid is None:
        return None, r.problems
    holdings, partial, unavailable = _exchange(r, caller, deal, kitty, discard)
    if r.problems:
        return None, r.problems

    makers = TEAM_OF[caller]
    sitting_out = frozenset({PARTNER[caller]}) if bid.misere else frozenset()
    record = None
    if "play" in raw:
        record = analyse_play(
            r, trump=bid.trump, bowers=bid.trump != NO_TRUMP, leader=caller,
            sitting_out=sitting_out, holdings=holdings, unavailable=unavailable, owners={},
            tricks_in_hand=TRICKS, stop_allowed=bid.misere, partial=partial,
            joker_names_suit=bid.trump == NO_TRUMP,
        )
        if not r.problems:
            makers_tricks = _tricks_shown(r, record, caller, makers, bid, makers_tricks)
        if r.problems:
            return None, r.problems
    if makers_tricks is None:
        r.problem("hand.makers_tricks_missing_10", "makers_tricks")
        return None, r.problems

    outcome = HandResult("made", makers=makers, trump=bid.trump, leader=caller,
                         sitting_out=sitting_out)
    other = OTHER_TEAM[makers]
    outcome.tricks = {t: makers_tricks if t == makers else TRICKS - makers_tricks
                      for t in TEAMS}
    if record is not None:
        outcome.trick_seats = record.seats
        if record.winners:
            outcome.trick_winners = list(record.winners)
    _score(outcome, bid, makers, other, makers_tricks, rules)
    return outcome, r.problems


def _score(outcome: HandResult, bid: Bid, makers: str, other: str, makers_tricks: int,
           rules: dict[str, Any]) -> None:
    """The points of a played hand: the makers win or lose the bid, the opponents score their
    tricks (in misère: the tricks the caller took)."""
    if bid.misere:
        made = makers_tricks == 0
        outcome.result = "misere_made" if made else "misere_failed"
        outcome.points[makers] = bid.value if made else -bid.value
        outcome.points[other] = rules["misere_opponent_points"] * makers_tricks
        return
    assert bid.tricks is not None
    if makers_tricks < bid.tricks:
        outcome.result, outcome.points[makers] = "failed", -bid.value
    elif makers_tricks == TRICKS and rules["slam"]:
        outcome.result, outcome.points[makers] = "slam", max(bid.value, SLAM_VALUE)
    else:
        outcome.result, outcome.points[makers] = "made", bid.value
    outcome.points[other] = rules["opponent_trick_points"] * (TRICKS - makers_tricks)


def _tricks_shown(
    r: FieldReader, record: PlayRecord, caller: Seat, makers: str, bid: Bid,
    given: int | None,
) -> int | None:
    """The makers' tricks a valid card record shows (agreeing with ``makers_tricks``).

    A record must follow suit; a misère record may stop once the caller has taken a trick
    (the tricks it gives are then the fewest the caller took)."""
    if record.renege is not None:
        seat, trick = record.renege
        r.problem("play.not_followed", "play", trick, seat=seat, trick=trick)
        return None
    derived = record.tricks[makers]
    if record.complete:
        if given is not None and given != derived:
            r.problem("hand.tricks_mismatch", "makers_tricks", derived=derived, given=given)
            return None
        return derived
    played = len(record.seats)
    if played > len(record.winners):  # a misère record stopped inside a trick
        r.problem("play.wrong_trick_size", "play", played, trick=played, expected=3,
                  got=len(record.seats[-1]))
        return None
    if caller not in record.winners:
        r.problem("play.misere_stopped_early", "play", got=played)
        return None
    if given is not None and not derived <= given <= derived + TRICKS - played:
        r.problem("hand.misere_tricks_mismatch", "makers_tricks", derived=derived,
                  played=played, given=given)
        return None
    return derived if given is None else given


def _bid(r: FieldReader, rules: dict[str, Any]) -> Bid | None:
    value = r.raw.get("bid")
    if value is None:
        r.problem("hand.bid_missing", "bid")
        return None
    bid = parse_bid(value)
    if bid is None:
        r.problem("hand.bad_bid", "bid", value=show(value))
    elif bid.misere and not rules["misere"]:
        r.problem("hand.misere_off", "bid")
        return None
    return bid


def _three_cards(r: FieldReader, name: str, count_code: str) -> list[Card] | None:
    """The kitty or the discard: a list of 3 distinct cards of the pack."""
    value = r.raw.get(name)
    if value is None:
        return None
    if not isinstance(value, list):
        r.problem("hand.cards_not_list", name, field=name, count=KITTY)
        return None
    cards: list[Card] = []
    ok = len(value) == KITTY
    if not ok:
        r.problem(count_code, name, count=KITTY, got=len(value))
    for text in value:
        card = r.card(text, name)
        if card is None:
            ok = False
        elif card in cards:
            r.problem("deal.duplicate", name, card=str(card))
            ok = False
        else:
            cards.append(card)
    return cards if ok else None


def _exchange(
    r: FieldReader, caller: Seat, deal: dict[str, list[Card]] | None,
    kitty: list[Card] | None, discard: list[Card] | None,
) -> tuple[dict[str, list[Card]], dict[str, set[Card]], dict[Card, str]]:
    """The deal, the kitty and the discard agree; what each seat holds when play starts.

    Returns the seats' whole holdings where known, the caller's known cards when its whole
    hand is not known, and the discarded cards (nobody plays them)."""
    deal = deal or {}
    dealt = {card: seat for seat, cards in deal.items() for card in cards}
    if kitty is None and len(deal) == 4:  # the three cards nobody was dealt
        kitty = [c for c in sorted(PACK.cards) if c not in dealt]
    _check_kitty(r, kitty, dealt)
    unavailable: dict[Card, str] = {}
    for card in discard or ():
        holder = dealt.get(card)
        if holder is not None and holder != caller:
            r.problem("hand.discard_not_callers", "discard", card=str(card), seat=holder)
        elif kitty is not None and caller in deal and holder is None and card not in kitty:
            r.problem("hand.discard_not_held", "discard", card=str(card))
        unavailable[card] = "discarded"
    holdings = {seat: cards for seat, cards in deal.items() if seat != caller}
    kept = (set(deal.get(caller, ())) | set(kitty or ())) - set(unavailable)
    partial: dict[str, set[Card]] = {}
    if caller in deal and kitty is not None and discard is not None:
        holdings[caller] = sorted(kept)
    elif kept:
        partial[caller] = kept
    return holdings, partial, unavailable


def _check_kitty(r: FieldReader, kitty: list[Card] | None, dealt: dict[Card, str]) -> None:
    for card in kitty or ():
        if card in dealt:
            r.problem("deal.kitty_held", "kitty", card=str(card), seat=dealt[card])


def _passed(r: FieldReader) -> tuple[HandResult | None, list[Problem]]:
    """Everyone passed: the hand is thrown in; its deal and kitty may be recorded."""
    for key, value in r.raw.items():
        if key in FIELDS and key not in PASSED_FIELDS and value is not None \
                and value is not False:
            r.problem("hand.passed_extra_bid", key, key=key)
    deal = r.deal(HAND_SIZE)
    kitty = _three_cards(r, "kitty", "hand.kitty_count")
    if deal is not None:
        _check_kitty(r, kitty, {card: seat for seat, cards in deal.items() for card in cards})
    if r.problems:
        return None, r.problems
    return HandResult("passed", played=False), r.problems


def settle(state: MatchState, rules: dict[str, Any], start: bool = False) -> None:
    """A side reaching the target wins (the makers, if both do; with ``win_by_bid`` only a
    side that contracted and made); a side at or below minus the target loses. With a fixed
    number of deals: the higher total wins."""
    target: int | None = rules.get("target")
    if target is None:
        settle_to_target(state, rules, start)
        return
    if start or not state.hands:
        return
    last = state.hands[-1].outcome
    score = state.score
    reached = [t for t in TEAMS if score[t] >= target]
    if rules["win_by_bid"]:  # a side that reached the target defending plays on
        reached = [t for t in reached if t == last.makers and last.result in MADE]
    if reached:
        state.over = True
        state.winner = last.makers if last.makers in reached else reached[0]
        return
    out = [t for t in TEAMS if score[t] <= -target]
    if out:
        state.over, state.winner = True, OTHER_TEAM[out[0]]


def lost_at(rules: Mapping[str, Any]) -> int | None:
    """A side at or below minus the target has lost (none with a fixed number of deals)."""
    target: int | None = rules.get("target")
    return -target if target is not None else None


def analyse(match: Mapping[str, Any], no: int) -> tuple[Any, list[Problem]]:
    """The double-dummy analysis of hand ``no`` (imported here: it needs the registry)."""
    from .analysis import analyse_match_hand

    return analyse_match_hand(match, no)


OPTIONS: tuple[Option, ...] = (
    Option("target", 500, int, minimum=1, maximum=MAX_TARGET, nullable=True),
    DEALS,
    Option("slam", True, bool),
    Option("opponent_trick_points", 10, int, maximum=MAX_POINTS),
    Option("misere", True, bool),
    Option("misere_opponent_points", 0, int, maximum=MAX_POINTS),
    Option("win_by_bid", False, bool),
)

GAME = Game(
    name="five_hundred",
    label=N_("Five Hundred"),
    rules_label=N_("Five Hundred rules"),
    options=OPTIONS,
    evaluate=evaluate,
    tricks=TRICKS,
    settle=settle,
    presets=(
        Preset("standard", N_("Standard to 500")),
        Preset("win_by_bid", N_("Win only on a bid"), {"win_by_bid": True}),
    ),
    pack=pack,
    hand_form="scorekeeper.games.five_hundred.form:FiveHundredHandForm",
    sheet=SheetPart(row=sheet_row, blank_rows=20),
    analysis=Analyser(own=analyse),
    templates=Templates(hand_fields="game/five_hundred/hand_fields.html",
                        sheet_hands="game/five_hundred/sheet_hands.html",
                        blank="game/five_hundred/blank.html"),
    history=History(call=N_("Bid"), makers=True, tags=history_tags, trump=bid_trump,
                    outcome=outcome_words, short=short_words, recorded=recorded_words,
                    results=RESULT_WORDS, marks=sheet_marks),
    # the hand page's count column is the makers' tricks, as in Euchre, not each side's
    words=Words(tricks_hint=N_(
        "▸ marks the card led; the winning card is boxed; shaded cards are trumps (the Joker "
        "and both bowers count as trumps). The last column counts the makers’ tricks.")),
    option_words=OPTION_WORDS,
    field_words=FIELD_WORDS,
    folder="scorekeeper.games.five_hundred",
    statistics=STATISTICS,
    club=CLUB,
    recording=Recording(bowers=True, caller=True, alone=True, result_field="makers_tricks",
                        trump_from_bid=True, caller_leads=True, joker_names_suit=True,
                        kitty=KITTY),
    negative_scores=True,
    lost_at=lost_at,
    messages=MESSAGES,
)
