"""Five Hundred's words on the pages (pure): its options explained, the history's tags and a
hand's line ("NS 8♥ made with 9 → …"), N_-marked for the web layer to translate."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.cards import SUIT_SYMBOLS, TEAMS
from ...engine.messages import N_
from ...engine.parts.sheet import SheetRow
from ...engine.parts.words import TagWords
from ...engine.result import HandResult
from ...engine.state import HandState

NO_TRUMP = "NT"

# The game's own hand fields as the problems name them (``Game.field_words``; the fields the
# generic layers know, dealer, note, ..., are worded in i18n/labels.py).
FIELD_WORDS = {"bid": N_("bid"), "kitty": N_("the kitty"), "makers_tricks": N_("makers' tricks")}
OPTION_WORDS = {
    "slam": (N_("Slam"),
             N_("All ten tricks on a bid worth less than 250 score 250.")),
    "opponent_trick_points": (N_("Points a defending trick"),
                              N_("The side against the bid scores this for each trick it takes.")),
    "misere": (N_("Misère bids"),
               N_("Misère (250) and open misère (500) may be bid: the caller plays alone "
                  "and must take no trick.")),
    "misere_opponent_points": (N_("Points a misère trick"),
                               N_("The defenders score this for each trick the misère "
                                  "caller takes.")),
    "win_by_bid": (N_("Win only on a bid"),
                   N_("A side wins only on a hand it bid and made; reaching the target "
                      "while defending plays on.")),
}


def bid_text(bid: object) -> str:
    """A suit or no-trump bid as the table writes it: "8♥", "10NT"."""
    text = str(bid)
    return text if text.endswith(NO_TRUMP) else text[:-1] + SUIT_SYMBOLS.get(text[-1:], "")


def bid_trump(hand: Mapping[str, Any]) -> str | None:
    """The trump of a hand's bid ("7S": spades, "8NT": no trump), None for misère."""
    bid = hand.get("bid")
    if not isinstance(bid, str) or not bid[:1].isdigit():
        return None
    suit = bid.lstrip("0123456789")
    return suit if suit in ("S", "C", "D", "H", NO_TRUMP) else None


def history_tags(hand: Mapping[str, Any], rules: Mapping[str, Any]) -> TagWords:
    """The history's tag of a hand after its trump: the bid's tricks ("♥ 8"), or misère."""
    bid = hand.get("bid")
    if bid == "misere":
        return ((N_("misère"), {}),)
    if bid == "open_misere":
        return ((N_("open misère"), {}),)
    level = str(bid).rstrip("SCDHNT") if isinstance(bid, str) else ""
    return ((level, {}),) if level.isdigit() else ()


def outcome_words(hand: Mapping[str, Any], outcome: HandResult, rules: Mapping[str, Any]
                  ) -> TagWords:
    """A hand in the table's words (``History.outcome``): one clause, to which the web layer
    adds the names and the points."""
    if outcome.result == "passed":
        return ((N_("all passed → no score"), {}),)
    tricks = (outcome.tricks or {}).get(outcome.makers or "")
    params: dict[str, Any] = {"bid": bid_text(hand.get("bid")), "n": tricks}
    words = {
        "made": N_("%(makers)s %(bid)s made with %(n)s → %(gain)s"),
        "slam": N_("%(makers)s %(bid)s slam, all 10 tricks → %(gain)s"),
        "failed": N_("%(makers)s %(bid)s set with %(n)s → %(gain)s"),
        "misere_made": (N_("%(caller)s open misère made → %(gain)s")
                        if hand.get("bid") == "open_misere"
                        else N_("%(caller)s misère made → %(gain)s")),
        "misere_failed": (N_("%(caller)s open misère lost, %(n)s tricks → %(gain)s")
                          if hand.get("bid") == "open_misere"
                          else N_("%(caller)s misère lost, %(n)s tricks → %(gain)s")),
    }.get(outcome.result)
    return ((words, params),) if words is not None else ()


# The history's result column (the points say the rest) and a hand's result after its bid in
# the Undo button ("Ann 8♥, set").
RESULT_WORDS = {"passed": N_("passed")}
SHORT_WORDS = {"made": N_("made"), "slam": N_("slam"), "failed": N_("set"),
               "misere_made": N_("made"), "misere_failed": N_("lost")}
PASSED: TagWords = ((N_("passed"), {}),)


def _called(hand: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The caller and the bid: "%(caller)s 8♥", "%(caller)s misère"."""
    bid = hand.get("bid")
    if bid == "misere":
        return N_("%(caller)s misère"), {}
    if bid == "open_misere":
        return N_("%(caller)s open misère"), {}
    if isinstance(bid, str) and bid:
        return "%(caller)s %(bid)s", {"bid": bid_text(bid)}
    return "%(caller)s", {}


def short_words(hand: Mapping[str, Any], result: HandResult, rules: Mapping[str, Any]
                ) -> TagWords:
    """The Undo button's words: "passed", or the caller, the bid and how it went
    ("Ann 8♥, set", "Dee misère, made")."""
    if result.result == "passed":
        return PASSED
    return (_called(hand), (SHORT_WORDS.get(result.result, ""), {}))


def recorded_words(hand: Mapping[str, Any], rules: Mapping[str, Any]) -> TagWords:
    """A hand as recorded, for the corrections list: "passed", "Ann 8♥ 9 tricks"."""
    if hand.get("passed"):
        return PASSED
    parts = [_called(hand)]
    if hand.get("makers_tricks") is not None:
        parts.append((N_("%(n)s tricks"), {"n": hand["makers_tricks"]}))
    return tuple(parts)


def sheet_marks(hand: Mapping[str, Any], result: HandResult) -> tuple[str, ...]:
    """The printed sheet's mark of a hand: everyone passed."""
    return ("passed",) if result.result == "passed" else ()


def sheet_row(hand: Mapping[str, Any], state: HandState) -> SheetRow:
    """A hand's own column on the printed sheet: the makers' tricks, as recorded or from the
    cards (none for a passed hand)."""
    taken = hand.get("makers_tricks")
    tricks, makers = state.outcome.tricks, state.outcome.makers
    if taken is None and tricks is not None and makers in TEAMS:
        taken = tricks.get(makers)
    return SheetRow(own={"makers_tricks": taken if state.result != "passed" else None})
