"""Double-dummy analysis of a Euchre hand whose four holdings are known.

With every card face up, the *value* of a position is the number of tricks the makers take in
the whole hand (tricks already won counted) when both sides play their best from there on.

- ``par``: the value before the first lead.
- ``after``: the value after each card of the play as recorded (``after[0] == par``, the last
  entry is the makers' tricks actually taken).
- ``costly``: each card after which the value moved against the side that played it (a maker's
  card after which it drops, a defender's after which it rises), with by how much.

Which games are analysed is the game's to say (``Game.analysis``: Euchre's five tricks of
20 or fewer cards; Whist's 52 are too many for an exact search at the table). The solver is a
minimax over the remaining cards, asked yes/no questions ("can the makers still
take k tricks?") with memoised bounds at the start of every trick, and cards that are equal for
the rest of the hand (touching in rank, nothing live between them) tried once. It uses the
engine's card rules (:mod:`.cards`: effective suit, bowers, the Joker, trick winner: the pack
does not matter, only the 20 cards in play), plays lone hands with
the partner out (three-card tricks) and any number of seats out (a lone defender).
:func:`analyse_hand` reads a hand of the match format: who leads follows the ``lone_lead``
option, and a stick-the-dealer hand is analysed like any other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from .cards import (
    SEATS,
    SUITS,
    TEAM_OF,
    Card,
    Seat,
    Suit,
    Team,
    effective_suit,
    is_seat,
    next_seat,
    parse_card,
    trick_power,
    trick_winner,
)
from .game import Evaluate, Game
from .games import GAMES, resolve_rules
from .parts.analysis import Analysed
from .problems import Problem
from .result import HandResult

_SUIT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SUITS)}


class AnalysisError(ValueError):
    """The holdings or the play given to :func:`analyse` are not a legal hand."""


@dataclass(frozen=True, slots=True)
class CostlyPlay:
    """A card after which the makers' best count moved against the side that played it."""

    trick: int  # from 1
    seat: Seat
    card: Card
    cost: int  # tricks, at least 1
    # the cards the same seat could have played instead and kept the best count (for the hand
    # page's words; not in the API's object, which stays as documented)
    held: tuple[Card, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {"trick": self.trick, "seat": self.seat, "card": str(self.card),
                "cost": self.cost}


@dataclass(frozen=True, slots=True)
class Analysis:
    """The double-dummy analysis of one hand (see the module's docstring)."""

    hand: int
    makers: Team
    par: int
    after: tuple[int, ...]
    costly: tuple[CostlyPlay, ...]

    def as_json(self) -> dict[str, Any]:
        """The API's and ``scorekeeper analyse``'s object."""
        return {"hand": self.hand, "makers": self.makers, "par": self.par,
                "after": list(self.after), "costly": [c.as_json() for c in self.costly]}


class Solver:
    """Best play with all cards known, for one set of holdings and one trump suit.

    ``holdings`` maps each playing seat to its cards (equal numbers of cards); a seat that is
    absent, or has no cards, sits out. The memo lives as long as the solver, so asking about
    many positions of one hand (as :func:`analyse` does) costs little more than asking once.
    """

    def __init__(self, holdings: Mapping[Seat, Sequence[Card]], trump: Suit, makers: Team,
                 bowers: bool = True):
        playing = [s for s in SEATS if holdings.get(s)]
        sizes = {len(holdings[s]) for s in playing}
        if len(playing) < 2 or len(sizes) != 1:
            raise AnalysisError("every playing seat must hold the same number of cards")
        cards = [c for s in playing for c in holdings[s]]
        if len(set(cards)) != len(cards):
            raise AnalysisError("a card is held twice")
        self.trump = trump
        self.bowers = bowers
        self.makers = makers
        self.cards: list[Card] = cards
        self.index: dict[Card, int] = {c: i for i, c in enumerate(cards)}
        self.size = len(playing)  # cards in a trick
        self.owner: list[int] = [SEATS.index(s) for s in playing for _ in holdings[s]]
        self.seat_mask = [0, 0, 0, 0]
        for i, seat in enumerate(self.owner):
            self.seat_mask[seat] |= 1 << i
        self.maker_seat = [TEAM_OF[s] == makers for s in SEATS]
        self.suit_of = [_SUIT_INDEX[effective_suit(c, trump, bowers)] for c in cards]
        self.suit_mask = [0, 0, 0, 0]
        for i, s in enumerate(self.suit_of):
            self.suit_mask[s] |= 1 << i
        # power[i][led]: how strongly card i competes in a trick whose led suit is ``led``
        self.power = [[trick_power(c, SUITS[led], trump, bowers) for led in range(4)]
                      for c in cards]
        # each effective suit's cards, strongest first (for telling equal cards apart)
        self.order = [[i for _, i in sorted((-self.power[i][s], i) for i in range(len(cards))
                                            if self.suit_of[i] == s)] for s in range(4)]
        # who plays after whom: the next playing seat clockwise
        self.after_seat = [0, 0, 0, 0]
        for seat in range(4):
            nxt = (seat + 1) % 4
            while not self.seat_mask[nxt]:
                nxt = (nxt + 1) % 4
            self.after_seat[seat] = nxt
        self.suits_first = sorted(range(4), key=lambda s: s != _SUIT_INDEX[trump])
        self.full = (1 << len(cards)) - 1
        self._bounds: dict[tuple[int, int], list[int]] = {}
        self._move_cache: dict[tuple[int, int], list[int]] = {}

    # --- positions ------------------------------------------------------------------------

    def value(self, mask: int, leader: int, trick: Sequence[int] = ()) -> int:
        """The most tricks the makers can take from here on (future tricks only, the current
        one included) in the position where ``mask`` cards are still in hand, ``leader`` led
        (or is to lead) the current trick and ``trick`` holds its cards so far."""
        tricks_left = (bin(mask).count("1") + len(trick)) // self.size
        k = self._bounds.get((mask, leader), [0])[0] if not trick else 0
        while k < tricks_left and self._can_take(mask, leader, trick, k + 1):
            k += 1
        return k

    def _can_take(self, mask: int, leader: int, trick: Sequence[int], k: int) -> bool:
        """Whether the makers can take ``k`` of the tricks from here (the current included)."""
        if not trick:
            return self._at_least(mask, leader, k)
        live, seat, winner = mask, leader, leader
        led = self.suit_of[trick[0]]
        top = -2
        for card in trick:
            live |= 1 << card
            if self.power[card][led] > top:
                top, winner = self.power[card][led], seat
            seat = self.after_seat[seat]
        return self._in_trick(mask, live, seat, len(trick), led, top, winner, k)

    def _at_least(self, mask: int, leader: int, k: int) -> bool:
        """At the start of a trick: can the makers take ``k`` of the remaining tricks?"""
        if k <= 0:
            return True
        left = bin(mask).count("1") // self.size
        if k > left:
            return False
        key = (mask, leader)
        bounds = self._bounds.get(key)
        if bounds is None:
            bounds = self._bounds[key] = [0, left]
        if bounds[0] >= k:
            return True
        if bounds[1] < k:
            return False
        found = self._in_trick(mask, mask, leader, 0, -1, -2, leader, k)
        if found:
            bounds[0] = k
        else:
            bounds[1] = k - 1
        return found

    def _in_trick(self, mask: int, live: int, seat: int, played: int, led: int, top: int,
                  winner: int, k: int) -> bool:
        """Within a trick: can the makers take ``k`` tricks, the current one included?

        ``live``: the cards not played in earlier tricks; ``seat``: whose turn; ``played``:
        cards in the trick so far; ``led``: the led suit (-1 before the lead); ``top`` and
        ``winner``: the power of the card winning the trick so far, and whose it is.
        """
        if played == self.size:
            return self._at_least(mask, winner, k - self.maker_seat[winner])
        hand = mask & self.seat_mask[seat]
        if led >= 0 and hand & self.suit_mask[led]:
            hand &= self.suit_mask[led]
        moves = self._move_cache.get((live, hand))
        if moves is None:
            moves = self._move_cache[(live, hand)] = self._moves(live, hand)
        maker = self.maker_seat[seat]
        nxt = self.after_seat[seat]
        for card in moves:
            suit = self.suit_of[card] if led < 0 else led
            power = self.power[card][suit]
            found = self._in_trick(mask & ~(1 << card), live, nxt, played + 1, suit,
                                   power if power > top else top,
                                   seat if power > top else winner, k)
            if found == maker:  # a maker finds one good card; a defender one card that stops
                return maker
        return not maker

    def _moves(self, live: int, hand: int) -> list[int]:
        """The cards of ``hand`` worth trying, trumps first, strongest first: of cards that
        touch (nothing ``live`` of another seat between them), only the first."""
        moves: list[int] = []
        for suit in self.suits_first:
            if not hand & self.suit_mask[suit]:
                continue
            previous_mine = False
            for card in self.order[suit]:
                bit = 1 << card
                if not live & bit:
                    continue  # played in an earlier trick: between nothing
                mine = bool(hand & bit)
                if mine and not previous_mine:
                    moves.append(card)
                previous_mine = mine
        return moves


def analyse(
    holdings: Mapping[Seat, Sequence[Card]],
    trump: Suit,
    leader: Seat,
    makers: Team,
    play: Sequence[Sequence[Card]],
    hand: int = 0,
    bowers: bool = True,
) -> Analysis:
    """Par, the value after each card of ``play``, and the costly plays.

    ``holdings``: each playing seat's cards when play starts (seats out hold nothing);
    ``leader``: who leads the first trick; ``play``: the tricks as recorded (possibly none,
    possibly stopping mid-trick), each starting with its leader's card.

    :raises AnalysisError: a card not held, played twice or not following suit.
    """
    solver = Solver(holdings, trump, makers, bowers)
    if not solver.seat_mask[SEATS.index(leader)]:
        raise AnalysisError(f"{leader} leads but holds no cards")
    mask, lead = solver.full, SEATS.index(leader)
    won = 0
    after = [solver.value(mask, lead)]
    costly: list[CostlyPlay] = []
    for t, cards in enumerate(play, 1):
        trick: list[int] = []
        seat = lead
        for card in cards:
            before, lead_before, won_before, so_far = mask, lead, won, list(trick)
            i = solver.index.get(card)
            if i is None or not mask & (1 << i) or solver.owner[i] != seat:
                raise AnalysisError(f"trick {t}: {SEATS[seat]} does not hold {card}")
            if i not in _legal(solver, mask, seat, trick):
                raise AnalysisError(f"trick {t}: {SEATS[seat]} must follow suit, not play {card}")
            mask &= ~(1 << i)
            trick.append(i)
            if len(trick) == solver.size:
                played = [solver.cards[c] for c in trick]
                for _ in range(trick_winner(played, trump, bowers)):
                    lead = solver.after_seat[lead]
                won += solver.maker_seat[lead]
                trick = []
                now = won + solver.value(mask, lead)
            else:
                now = won + solver.value(mask, lead, trick)
            moved = now - after[-1]
            if solver.maker_seat[seat]:
                moved = -moved
            if moved > 0:
                held = _holding_cards(solver, before, lead_before, so_far, won_before,
                                      seat, after[-1])
                costly.append(CostlyPlay(t, SEATS[seat], card, moved, held))
            after.append(now)
            seat = solver.after_seat[seat]
        if trick:
            break  # the record stops inside this trick
    return Analysis(hand=hand, makers=makers, par=after[0], after=tuple(after),
                    costly=tuple(costly))


def _holding_cards(solver: Solver, mask: int, lead: int, trick: list[int], won: int,
                   seat: int, best: int) -> tuple[Card, ...]:
    """The cards ``seat`` could have played at this point that keep the makers' best count at
    ``best``: what would have held the trick the card played instead gave away."""
    held: list[Card] = []
    for j in _legal(solver, mask, seat, trick):
        rest, cards = mask & ~(1 << j), [*trick, j]
        if len(cards) == solver.size:
            winner = lead
            for _ in range(trick_winner([solver.cards[c] for c in cards], solver.trump,
                                        solver.bowers)):
                winner = solver.after_seat[winner]
            value = won + solver.maker_seat[winner] + solver.value(rest, winner)
        else:
            value = won + solver.value(rest, lead, cards)
        if value == best:
            held.append(solver.cards[j])
    return tuple(held)


def _legal(solver: Solver, mask: int, seat: int, trick: list[int]) -> list[int]:
    hand = mask & solver.seat_mask[seat]
    if trick:
        following = hand & solver.suit_mask[solver.suit_of[trick[0]]]
        if following:
            hand = following
    return [i for i in range(len(solver.cards)) if hand & (1 << i)]


# --- a hand of the match format -----------------------------------------------------------------


def analyse_match_hand(match: Mapping[str, Any], no: int
                       ) -> tuple[Analysis | Analysed | None, list[Problem]]:
    """The analysis of hand ``no`` (from 1) of a checked match file object: the core's shape,
    or a game's own (its part's ``template``). The dealer follows the rotation from
    ``first_dealer``; the rules are the match's."""
    hands = match.get("hands") or []
    if not 1 <= no <= len(hands):
        return None, [Problem("analysis.no_hand", params={"no": no, "count": len(hands)})]
    game = GAMES.get(str(match.get("game")))
    if game is None or game.analysis is None:
        return None, [Problem("analysis.not_analysed", hand=no)]
    if game.analysis.own is not None:
        found, problems = game.analysis.own(match, no)
        return cast(Analysis | Analysed | None, found), problems
    rules, problems = resolve_rules(game.name, match.get("rules"))
    if problems:
        return None, problems
    first = match.get("first_dealer", "N")
    dealer = next_seat(first if is_seat(first) else "N", no - 1)
    return analyse_hand(game, hands[no - 1], no, dealer, rules)


def recorded_outcome(evaluate: Evaluate, raw: Any, no: int, dealer: Seat,
                     rules: dict[str, Any]) -> tuple[HandResult | None, list[Problem]]:
    """The engine's result of hand ``no`` if it can be analysed (an object, not passed, with
    a card record, legal); else the problems that say why not."""
    if not isinstance(raw, Mapping):
        return None, [Problem("hand.not_object", hand=no)]
    if raw.get("passed") is True:
        return None, [Problem("analysis.passed", field="passed", hand=no)]
    if "play" not in raw:
        return None, [Problem("analysis.no_play", field="play", hand=no)]
    outcome, problems = evaluate(dict(raw), no, dealer, rules)
    if outcome is None:
        return None, problems or [Problem("hand.invalid", hand=no)]
    return outcome, []


def analyse_hand(
    game: Game, raw: Mapping[str, Any], no: int, dealer: Seat, rules: dict[str, Any]
) -> tuple[Analysis | None, list[Problem]]:
    """The analysis of hand ``no`` of ``game`` (its ``raw`` object, dealt by ``dealer``).

    The hand must be legal and carry a complete card record (``play``): the holdings are then
    the cards each seat played (which agree with ``deal`` when it is given). Otherwise the
    problems say why not: the hand's own problems, or one of ``analysis.*``.
    """
    outcome, problems = recorded_outcome(game.evaluate, raw, no, dealer, rules)
    if outcome is None:
        return None, problems
    if outcome.renege is not None:
        seat = outcome.renege["seat"]
        return None, [Problem("analysis.renege", field="play", hand=no, params={"seat": seat})]
    # evaluate refuses a short record (play.wrong_trick_count) unless there is a renege
    assert len(outcome.trick_winners or ()) == game.tricks
    # who sits out, who leads, trump, the makers and each trick's seats: as the engine worked
    # them out for this hand (the pages and the sheet read the same)
    seats, leader = outcome.trick_seats, outcome.leader
    assert seats is not None and leader is not None
    trump, makers = outcome.trump, cast(Team, outcome.makers)
    assert trump in SUITS and makers in ("NS", "EW")
    play = [[card for card in map(parse_card, trick) if card is not None]
            for trick in raw["play"]]
    holdings: dict[Seat, list[Card]] = {s: [] for s in SEATS if s not in outcome.sitting_out}
    for trick_seats, cards in zip(seats, play, strict=True):
        for seat, card in zip(trick_seats, cards, strict=True):
            holdings[seat].append(card)
    result = analyse(holdings, trump, leader, makers, play, hand=no, bowers=game.recording.bowers)
    return result, []
