"""The match page's view model, typed: what :func:`scorekeeper.web.board.board` works out
and the views add (links, QR codes, the card recorder). Templates read the attributes; JSON is
made only at the edge (the recorder's ``data-rec``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from ...engine.parts.words import Words


@dataclass(frozen=True, slots=True)
class Team:
    """One side on the board."""

    code: str  # "NS", "EW"
    name: str  # its team name, else its two players
    players: str  # its players when it has a team name, else ""
    score: int
    won: bool


@dataclass(frozen=True, slots=True)
class Dealer:
    """Who deals next."""

    seat: str
    name: str
    seat_name: str


@dataclass(frozen=True, slots=True)
class LastHand:
    """The hand an Undo takes back: "Undo hand 11 (Bo, march)"."""

    no: int
    what: str


@dataclass(frozen=True, slots=True)
class Gain:
    """A side's points in a history row."""

    team: str
    name: str
    n: str  # "+2", "−3"


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One hand of the history, or (``game_end`` set) the line under a hand that ended a game
    of a rubber."""

    no: int = 0
    dealer: str = ""
    caller: str = ""
    trump: str | None = None
    tags: tuple[str, ...] = ()
    tricks: str = ""
    gains: tuple[Gain, ...] = ()
    result: str = ""
    result_cls: str = ""
    cls: str = ""
    score: str = ""
    note: str | None = None
    cards: bool = False  # a hand page worth a link
    game_end: str = ""


@dataclass(frozen=True, slots=True)
class Correction:
    """A correction or an undo: its UTC time (``hhmm`` shown; a script makes it local)."""

    at: str
    hhmm: str
    text: str


@dataclass(slots=True)
class MatchView:
    """Everything the match page and its live part show."""

    id: str
    game: str
    words: Words  # the game's words ("Hand"/"Deal", the Save label), English msgids
    call_heading: str  # the history's column of what was called (English msgid)
    tricks: int  # the form's data-tricks (the others took ``tricks - n``)
    hand_fields: str | None  # the game's hand form fields (a template name)
    rules: dict[str, Any]
    title: str
    teams: list[Team]
    goal: int | None
    goal_label: str
    over: bool
    tied: bool
    winner_name: str
    rubber_line: str
    headline: str  # the result as the page's title gives it: "8–3", a rubber's games "2–1"
    game_news: str
    win_score: int
    lose_score: int
    dealer: Dealer
    next_no: int
    trump_cycle: list[str]  # a trump rotation: the form shows its deal's trump
    deal_trump: str | None  # the next deal's trump by the rotation, for the board
    editor: bool
    last: LastHand | None
    seat_letters: dict[str, str]
    seat_cols: str
    games: str
    problems: list[str]
    # the history (web/match/kept.py): its rows and corrections, worked out when it is made
    rows: list[HistoryRow] = field(default_factory=list)
    corrections: list[Correction] = field(default_factory=list)
    history: Markup | str = ""  # the history as HTML, made once per version (kept.history)
    board_part: str | None = None  # the game's own part of the board (Game.templates.board)
    running: dict[str, Any] = field(default_factory=dict)  # the game's carry (Spades' bags)
    evening: str = ""  # "Tonight: Home 2 – 1 Visitors": the rematches between the same four
    evening_games: str = ""  # each game's score, oldest first ("10–4, 7–10, 3–1 …")
    rematch_url: str = ""  # a finished match's rematch, once started: viewers follow it
    redo: LastHand | None = None  # the hand the last undo removed, while a redo may put it back
    # the live part (web/match/page.py)
    poll_url: str = ""
    version: int = 0
    lost_rights: bool = False  # this phone scored this match, but the key was replaced since
    round_locked: bool = False  # this phone scores the club night's table; this round is locked
    live_url: str = ""  # a phone that only watches polls its live part alone
    etag: str = ""  # the page's poll starts from this tag (304 while nothing changed)
    # the whole page
    view_link: str = ""
    edit_link: str = ""
    view_qr: Markup | str = ""
    edit_qr: Markup | str = ""
    links: list[tuple[str, str]] = field(default_factory=list)
    recorder: dict[str, Any] = field(default_factory=dict)  # JSON for the recorder's script
    pending: dict[str, Any] | None = None  # what waiting hands do to the board (web/pending.py)
