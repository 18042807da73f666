"""PBN (Portable Bridge Notation) into deal records: one deal or a whole file of them.

endplay's PBN reader (``endplay.parsers.pbn``) reads each game's tags and turns its ``[Play]``
table (a row a trick, a column a seat) into the cards in the order played; what it can't judge
is checked here, deal by deal, so one bad deal does not lose the others: the file is cut into
games here (a blank line ends one), its comments kept as the record's ``note`` (endplay's
reader drops them) and ``#`` (the previous game's value) filled in before endplay reads it.

Every deal comes back with its notes: what is wrong (then no record), or what PBN gave that a
record cannot hold (the auction, tags such as Score or Room, an unfinished trick): said, never
dropped silently. The board number, dealer, vulnerability and players' names come back beside
the record (a match's deal takes those from the match).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .notation import SEATS, SUITS, from_pbn_card, next_seat, read_hands, replay
from .pbn_auction import auction_contract
from .pbn_games import TAG, Game, cut_games, fill_previous
from .pbn_words import PbnProblem

MAX_DEALS = 10_000
_DEAL = re.compile(r"([NESW]):\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)", re.IGNORECASE)
_HAND = re.compile(r"-|[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*", re.IGNORECASE)
# "R" for redoubled is written by some programs ("3NR")
_CONTRACT = re.compile(r"([1-7])(C|D|H|S|NT|N)(XX|X|R)?", re.IGNORECASE)
_VULNERABLE = {"none": "none", "love": "none", "-": "none", "ns": "NS", "ew": "EW",
               "all": "both", "both": "both"}
# tags a record (or the deal beside it) keeps; the auction and its notes are said apart
_KEPT = {"event", "site", "date", "board", "dealer", "vulnerable", "deal", "contract",
         "declarer", "result", "play", "north", "east", "south", "west", "auction", "note"}
_NO_VALUE = ("", "?", "#")
# a word of the Play section: a card (suit then rank), "-" or "+" for one not given, "*" for
# a claim, "=1=" for a note
_PLAY_WORD = re.compile(r"[SHDC][AKQJT2-9]|[-+*]|=\d+=", re.IGNORECASE)
_DATE = re.compile(r"\d{4}\.\d\d\.\d\d")  # a whole date (PBN writes 2012.08.?? when unsure)


@dataclass(frozen=True, slots=True)
class PbnDeal:
    """One game of a PBN file: its record (None when it can't be read) and what was said."""

    number: int  # its place in the file, from 1
    board: int | None
    dealer: str | None
    vulnerable: str | None  # none, NS, EW or both
    players: dict[str, str]  # seat -> name, from the North, East, South and West tags
    event: str  # the Event, Site and Date tags ("" when not given; a date as 2026-12-07)
    site: str
    date: str
    record: dict[str, Any] | None
    notes: tuple[PbnProblem, ...]


@dataclass(frozen=True, slots=True)
class PbnImport:
    deals: tuple[PbnDeal, ...]
    problems: tuple[PbnProblem, ...]  # the file's own (no deals, too many)


def read_pbn(text: str) -> PbnImport:
    """Every deal of a PBN file (or a single deal's tags) as a record, with its notes."""
    games = [game for game in cut_games(text) if any(TAG.match(line) for line in game.lines)]
    if not games:
        return PbnImport((), (PbnProblem("pbn.empty"),))
    if len(games) > MAX_DEALS:
        return PbnImport((), (PbnProblem("pbn.too_large", params={"most": MAX_DEALS}),))
    deals: list[PbnDeal] = []
    previous: dict[str, str] = {}
    for number, game in enumerate(games, 1):
        tags = fill_previous(game, previous)
        deals.append(_read_game(number, game, tags))
        previous = tags
    return PbnImport(tuple(deals), ())


def _read_game(number: int, game: Game, tags: dict[str, str]) -> PbnDeal:
    notes: list[PbnProblem] = []

    def note(code: str, **params: Any) -> None:
        notes.append(PbnProblem(code, hand=number, params=params))

    board = _board(tags.get("board", ""), note)
    dealer = _seat_tag(tags, "dealer", note)
    vulnerable = _vulnerable(tags.get("vulnerable", ""), note)
    players = {seat: tags[name] for seat, name in zip(SEATS, ("north", "east", "south", "west"),
                                                     strict=True)
               if tags.get(name, "") not in _NO_VALUE}

    event, site, date = (tags.get(name, "").strip() for name in ("event", "site", "date"))
    event, site = (text if text not in _NO_VALUE else "" for text in (event, site))
    date = date.replace(".", "-") if _DATE.fullmatch(date) else ""

    def done(record: dict[str, Any] | None) -> PbnDeal:
        return PbnDeal(number, board, dealer, vulnerable, players, event, site, date, record,
                       tuple(notes))

    hands = _hands(tags.get("deal", ""), note)
    contract_text = tags.get("contract", "").strip()
    auction = auction_contract(tags.get("auction", ""), _auction(game.lines))
    if contract_text in _NO_VALUE and auction is not None:
        # no Contract tag: the auction's last bid stands in for it (and its Declarer)
        contract_text, tags = auction[0], {**tags, "declarer": auction[1] or ""}
        note("pbn.contract_from_auction", contract=contract_text)
    if contract_text in _NO_VALUE:
        note("pbn.no_contract")
        return done(None)
    record: dict[str, Any] = {} if dealer is None else {"dealer": dealer}
    if contract_text.lower() == "pass":
        record["passed"] = True
    else:
        parsed = _CONTRACT.fullmatch(contract_text)
        if parsed is None:
            note("pbn.bad_contract", value=contract_text[:12])
            return done(None)
        level, strain, doubled = parsed.groups()
        strain = "NT" if strain.upper() in ("N", "NT") else strain.upper()
        doubled = "XX" if (doubled or "").upper() == "R" else (doubled or "").upper()
        record["contract"] = f"{level}{strain}{doubled}"
        declarer = _seat_tag(tags, "declarer", note)
        if declarer is None:
            if tags.get("declarer", "").strip() in _NO_VALUE:
                note("pbn.no_declarer")
            return done(None)
        record["declarer"] = declarer
    ours = ("Pass", None) if record.get("passed") else (record["contract"], record["declarer"])
    if auction is not None and auction != ours:
        note("pbn.auction_disagrees", auction=_played_by(auction), given=_played_by(ours))
    if hands is not None:
        record["deal"] = {seat: list(cards) for seat, cards in hands.items()}
    if not _read_play(game, tags, record, note):
        return done(None)
    _say_dropped(tags, game, note)
    if game.comments:
        record["note"] = " ".join(game.comments)
    return done(record)


def _played_by(contract: tuple[str, str | None]) -> str:
    """``4HX S`` or ``Pass``, as the tags write them."""
    return contract[0] if contract[1] is None else f"{contract[0]} {contract[1]}"


def _board(value: str, note: Any) -> int | None:
    if value.strip() in _NO_VALUE:
        return None
    if not value.strip().isdigit() or not 0 < int(value) < 100_000:
        note("pbn.bad_board", value=value[:12])
        return None
    return int(value)


def _seat_tag(tags: dict[str, str], name: str, note: Any) -> str | None:
    value = tags.get(name, "").strip()
    if value in _NO_VALUE:
        return None
    if value.upper() not in SEATS:
        note(f"pbn.bad_{name}", value=value[:12])
        return None
    return value.upper()


def _vulnerable(value: str, note: Any) -> str | None:
    if value.strip() in ("", "?", "#"):
        return None
    found = _VULNERABLE.get(value.strip().lower())
    if found is None:
        note("pbn.bad_vulnerable", value=value[:12])
    return found


def _hands(value: str, note: Any) -> dict[str, tuple[str, ...]] | None:
    """The Deal tag's four hands; None (and a note when given) unless all 52 cards are."""
    if value.strip() in _NO_VALUE:
        return None
    found = _DEAL.fullmatch(value.strip())
    if found is None or not all(_HAND.fullmatch(hand) for hand in found.groups()[1:]):
        note("pbn.bad_deal", value=value[:24])
        return None
    first, held = found.group(1).upper(), found.groups()[1:]
    hands: dict[str, list[str]] = {}
    for i, hand in enumerate(held):
        cards = [] if hand == "-" else [
            f"{'10' if rank.upper() == 'T' else rank.upper()}{suit}"
            for suit, part in zip(SUITS, hand.split("."), strict=True) for rank in part]
        hands[next_seat(first, i)] = cards
    count = sum(len(cards) for cards in hands.values())
    checked = read_hands(hands)
    if count != 52:
        if count:  # "-" for every hand: nothing was known, nothing is lost
            note("pbn.partial_deal", count=count)
        return None
    if checked.hands is None:
        note(checked.problem, **dict(checked.params))
        return None
    return checked.hands


def _read_play(game: Game, tags: dict[str, str], record: dict[str, Any], note: Any) -> bool:
    """The result, lead, play and claim into ``record``: False when the deal can't be kept."""
    has_play = "play" in tags
    result = tags.get("result", "").strip()
    if record.get("passed"):
        if has_play:
            note("pbn.passed_with_play")
        return True
    tricks: int | None = None
    if result not in _NO_VALUE:
        if not result.isdigit() or int(result) > 13:
            note("pbn.bad_result", value=result[:12])
            return False
        tricks = int(result)
    kept: list[list[str]] | None = None  # the whole tricks; None: no play, or not kept
    claimed = False
    if has_play:
        cards, claimed = _played(game, record, note)
        if cards is not None:
            kept = _checked_play(cards, tags, record, note)
    play = kept or []
    declarer, strain = record["declarer"], str(record["contract"]).rstrip("X")[1:]
    won = replay(play, declarer, strain).won if play else 0
    if play and tricks is None and len(play) == 13:
        tricks = won
    if tricks is None:
        note("pbn.no_result")
        return False
    record["tricks"] = tricks
    if not play:
        if claimed and kept == []:
            record["play"], record["claim"] = [], tricks  # declarer claimed before any trick
        return True
    if len(play) == 13 and tricks != won:
        note("pbn.result_differs", tricks=tricks, won=won)
        play = []
    elif len(play) < 13 and not won <= tricks <= won + 13 - len(play):
        note("pbn.claim_impossible", tricks=tricks, won=won, left=13 - len(play))
        play = []
    elif len(play) < 13 and not claimed:
        note("pbn.play_stops", trick=len(play), claim=tricks - won)
    if play:
        record["play"] = play
        if len(play) < 13:
            record["claim"] = tricks - won
    return True


def _played(game: Game, record: dict[str, Any], note: Any
            ) -> tuple[list[str | None] | None, bool]:
    """The cards in the order played (None for a card PBN leaves out, ``-``), and whether
    the play ends in a claim: endplay's reader, given the deal's contract as read here (from
    its tags or its auction) and the Play section alone."""
    lines, numbers = _play_section(game, record)
    for line, number in zip(lines, numbers, strict=True):
        bad = next((word for word in line.split() if not _PLAY_WORD.fullmatch(word)), None)
        if bad is not None and not TAG.match(line):
            note("pbn.bad_play_card", value=bad[:12], line=number)
            return None, False
    try:
        from endplay.parsers.pbn import loads  # endplay (and numpy) load for a PBN file only

        boards = loads("\n".join(lines))
    except (ValueError, RuntimeError, KeyError, IndexError):  # PBNDecodeError is a ValueError
        note("pbn.unreadable", line=numbers[0] if numbers else game.line)
        return None, False
    if len(boards) != 1:
        note("pbn.unreadable", line=game.line)
        return None, False
    board = boards[0]
    cards = [None if card.suit.name == "nt" else from_pbn_card(
        card.suit.name[0].upper() + str(card.rank.abbr)) for card in board.play]
    return cards, bool(board.claimed)


def _play_section(game: Game, record: dict[str, Any]) -> tuple[list[str], list[int]]:
    """The Play section with its lines' numbers, after the contract and declarer endplay needs
    to order it: a bad auction or an odd tag elsewhere does not cost the play."""
    section: list[tuple[str, int]] = []
    inside = False
    for line, number in zip(game.lines, game.numbers, strict=True):
        found = TAG.match(line)
        if found:
            inside = found.group(1).lower() == "play"
        if inside:
            section.append((line, number))
    contract, declarer = record["contract"], record["declarer"]
    head = [f'[Contract "{contract}"]', f'[Declarer "{declarer}"]']
    first = section[0][1] if section else game.line
    return head + [line for line, _n in section], [first, first] + [n for _l, n in section]


def _checked_play(cards: Sequence[str | None], tags: dict[str, str], record: dict[str, Any],
                  note: Any) -> list[list[str]] | None:
    """Whole tricks of the play, the lead of an unfinished first trick kept as ``lead``;
    None (and a note) when the play can't be kept."""
    declarer = record["declarer"]
    first = tags.get("play", "").strip().upper()
    if first != next_seat(declarer):
        note("pbn.wrong_leader", seat=first[:2], lead=next_seat(declarer))
        return None
    tricks = [list(cards[i:i + 4]) for i in range(0, len(cards), 4)]
    whole: list[list[str]] = []
    for no, trick in enumerate(tricks, 1):
        known = [card for card in trick if card is not None]
        if len(known) == 4:
            whole.append(known)
            continue
        if no < len(tricks):
            note("pbn.unknown_card", trick=no)
            return None
        if no == 1 and trick and trick[0] is not None:
            record["lead"] = trick[0]
        if len(known) > (1 if no == 1 and trick[0] is not None else 0):
            note("pbn.partial_trick", trick=no, cards=", ".join(known))
    strain = str(record["contract"]).rstrip("X")[1:]
    played = replay(whole, declarer, strain, record.get("deal"))
    if played.problem:
        note(played.problem, **dict(played.params))
        note("pbn.play_dropped")
        return None
    return whole


def _say_dropped(tags: dict[str, str], game: Game, note: Any) -> None:
    """The auction and the other tags the record does not keep, said."""
    if "auction" in tags:
        calls = _auction(game.lines)
        if calls:
            note("pbn.auction_dropped", auction=" ".join(calls))
    names = [name for name in tags["@names"].split(",") if name]
    # a date PBN writes as unsure (2012.08.??) is not one the deal can keep
    kept = _KEPT if _DATE.fullmatch(tags.get("date", "").strip()) else _KEPT - {"date"}
    dropped = [name for name in names if name.lower() not in kept
               and tags.get(name.lower(), "") not in _NO_VALUE]
    if dropped:
        note("pbn.tags_dropped", tags=", ".join(dropped))


def _auction(lines: Sequence[str]) -> list[str]:
    """The calls of the Auction section, as written (notes' references left out)."""
    calls: list[str] = []
    inside = False
    for line in lines:
        found = TAG.match(line)
        if found:
            inside = found.group(1).lower() == "auction"
            continue
        if inside:
            calls.extend(word for word in line.split() if not word.startswith("="))
    return calls

