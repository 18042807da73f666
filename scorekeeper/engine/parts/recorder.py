"""The recorder part: how a game's play is recorded card by card, as data the card recorder's
script reads, and the trump of a deal when the rules fix it in advance.

The recorder (``static/js/cards.js``) knows trick play in general; everything that differs
between games comes from here: the pack of the match's rules (ranks, Joker, cards a seat),
bowers, who must be known before the play (the caller), who sits out, the turn-up, the lead
rules, the form fields a complete record fills, and a trump rotation. A game sets its
``Game.recording`` (the default: :data:`PLAIN_TRICKS`); :func:`recorder_json` joins it with
the match's rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..game import Game

# trumps(rules): each deal's trump by its number (a rotation), or None: the form asks for it
TrumpsOf = Callable[[dict[str, Any]], "tuple[str, ...] | None"]


def no_rotation(rules: dict[str, Any]) -> tuple[str, ...] | None:
    """No trump rotation: each deal's trump is given in the form."""
    return None


# deal_trump(rules, no): the trump a deal is played in when the rules fix it in advance
DealTrump = Callable[[dict[str, Any], int], str | None]


def no_fixed_trump(rules: dict[str, Any], no: int) -> str | None:
    """Trumps are chosen at the table, deal by deal (nothing to print in advance)."""
    return None


@dataclass(frozen=True, slots=True)
class Recording:
    """A game's card-recorder parameters; the defaults are a plain game of tricks (Whist).

    ``caller``: the play needs who called (the count is makers against defenders);
    ``alone``: a lone hand's partner (and a lone defender's) sits out; ``turn_up``: the
    turned-up card is the dealer's in round 1 and out of play in round 2, the discard too;
    ``makers_need``: tricks the makers need (the likely result); ``lead_rules``: the script
    knows ``trumps_broken`` (no trump lead until a trump was played, unless only trumps are
    held: Spades); ``renege_ends``: a scored renege ends the hand; ``result_field``: the
    form's tricks field a complete record sets (``makers_tricks``: the makers' count, else the
    first team's); ``renege_field``: the form's renege field (``renege_seat``: a seat, else a
    team). ``trump_from_bid``: the trump is the form's ``bid`` ("8H": hearts; no trumps and
    misère: the Joker alone; a misère's partner sits out); ``caller_leads``: the caller leads
    the first trick; ``joker_names_suit``: a Joker led without a trump suit names the suit to
    follow (written ``JKH``); ``kitty``: the caller takes up that many cards and discards as
    many before the play (the form's ``kitty`` and ``discard``; 0: no exchange).
    ``likely``: the likely result's sentences, N_-marked in the game's module, by the keys
    the script picks from the makers' and defenders' counts (:data:`LIKELY_KEYS`); a game
    with ``makers_need`` gives all four, the others none (the script shows no likely result).
    ``bowers``: jacks are bowers (a card record's trump marks, the analysis's ranks);
    ``deal_trump(rules, no)``: a deal's trump fixed in advance (a rotation: the board, the
    history, the hand form, a drive's tally boxes).
    """

    caller: bool = False
    alone: bool = False
    turn_up: bool = False
    makers_need: int = 0
    lead_rules: tuple[str, ...] = ()
    renege_ends: bool = False
    result_field: str = "tricks_NS"
    renege_field: str = "revoke_by"
    renege_seat: bool = False
    trumps: TrumpsOf = no_rotation
    trump_from_bid: bool = False
    caller_leads: bool = False
    joker_names_suit: bool = False
    kitty: int = 0
    likely: Mapping[str, str] = field(default_factory=dict)
    bowers: bool = False
    deal_trump: DealTrump = no_fixed_trump
    # the form's fields that name the caller and hold the bid (``trump_from_bid``), where the
    # game calls them otherwise (Bridge: ``declarer``, ``contract``); ``caller_left_leads``:
    # the seat after the caller leads the first trick (Bridge's declarer's left)
    caller_field: str = "caller"
    bid_field: str = "bid"
    caller_left_leads: bool = False
    # ``claims``: after whole tricks the play may end by a claim (the form's ``claim``: of the
    # tricks left, how many the makers take; Bridge); ``renege_refused``: a record that shows
    # a seat not following suit is refused, not scored (no "record the renege" step)
    claims: bool = False
    renege_refused: bool = False

    def __post_init__(self) -> None:
        # the script reads one of the four keys whenever the makers need tricks: a missing
        # one would show "undefined" on the page, so a game is refused when it is made
        if self.makers_need and set(self.likely) != set(LIKELY_KEYS):
            raise ValueError(f"makers_need needs the likely words {LIKELY_KEYS}")


# The likely result's keys (static/js/cards.js): the defenders have enough tricks, the makers
# have all, enough, or not yet enough.
LIKELY_KEYS = ("defeated", "march", "made", "open")
PLAIN_TRICKS = Recording()  # a game of tricks with nothing more: the trump given, teams counted


def recorder_json(game: Game, rules: Mapping[str, Any]) -> dict[str, Any]:
    """What the recorder's script is handed for a match of ``game`` under ``rules``."""
    rec, pack = game.recording, game.pack(rules)
    return {
        "pack": pack.as_json(),
        "tricks": pack.hand_size,
        "bowers": rec.bowers,
        "caller": rec.caller,
        "alone": rec.alone,
        "turn_up": rec.turn_up,
        "makers_need": rec.makers_need,
        "lead_rules": list(rec.lead_rules),
        "renege_ends": rec.renege_ends,
        "result_field": rec.result_field,
        "renege_field": rec.renege_field,
        "renege_seat": rec.renege_seat,
        "lone_lead": rules.get("lone_lead", "dealer_left"),
        "cycle": list(rec.trumps(dict(rules)) or ()) or None,
        "trump_from_bid": rec.trump_from_bid,
        "caller_leads": rec.caller_leads,
        "joker_names_suit": rec.joker_names_suit,
        "kitty": rec.kitty,
        "caller_field": rec.caller_field,
        "bid_field": rec.bid_field,
        "caller_left_leads": rec.caller_left_leads,
        "claims": rec.claims,
        "renege_refused": rec.renege_refused,
    }
