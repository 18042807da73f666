"""PBN as Bridge's notation part: a PBN file (one deal or a whole match of deals) read into
one bridge match file, and any bridge match written out as PBN.

A match is one four at one table, its deals scored by its own rules: the file's deals are
played in the file's order; the players are the first deal's, the dealer passes clockwise from
the first deal's, and the scoring is Chicago when the file says so (``[Scoring "Chicago"]``)
and rubber otherwise, with as many rubbers as the deals make. What the file gives that the
match does not keep (another dealer or vulnerability, a board number out of order, other
players) is said in the deal's note, as :mod:`.pbn` says what a record can't hold: never
dropped silently. A deal that can't be read stops the import, with its reasons.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.limits import NAME_MAX, NOTE_MAX, TITLE_MAX
from ...engine.messages import N_, fill
from ...engine.parts.notation import Converted, Notation
from ...engine.problems import Problem
from .notation import SEATS, next_seat
from .pbn import PbnDeal, read_pbn
from .pbn_export import ExportDeal, write_pbn
from .pbn_words import PBN_WORDS, PbnProblem

_SCORING = re.compile(r'^\[Scoring\s+"([^"]*)"\]', re.IGNORECASE | re.MULTILINE)
_PBN_LINE = re.compile(r'^(%\s*PBN\b|\[(Deal|Contract|Board)\s+")', re.IGNORECASE | re.MULTILINE)
MOST_RUBBERS = 20  # the rubbers option's most

MATCH_WORDS: dict[str, str] = {
    "pbn.dealer_not_kept": N_("the Dealer tag says {seat}, but at a table the deal passes "
                              "clockwise: {dealer} deals it here"),
    "pbn.vulnerable_not_kept": N_("the Vulnerable tag says {value}, but the match's own "
                                  "scoring makes it {ours}"),
    "pbn.board_not_kept": N_("this is board {board} of the file: the match numbers its deals "
                             "in order"),
    "pbn.players_not_kept": N_("this deal's players ({names}) are not kept: the match has the "
                               "first deal's four"),
    "pbn.scoring_not_kept": N_("the Scoring tag says {value}: the match is scored as rubber "
                               "bridge"),
    "pbn.too_many_rubbers": N_("these deals make more than {most} rubbers: split the file"),
    "pbn.says": N_("PBN: {notes}"),
    "pbn.export_only": N_("only a bridge match can be written as PBN"),
}


def recognise(data: object, name: str) -> bool:
    """A text that is PBN: named ``.pbn``, or with PBN's header or a Deal, Contract or Board
    tag at a line's start."""
    if not isinstance(data, str):
        return False
    return name.lower().endswith(".pbn") or _PBN_LINE.search(data) is not None


def read(data: object) -> Converted:
    """The file's deals as one bridge match file, or the problems that stop it."""
    if not isinstance(data, str):
        return None, [PbnProblem("pbn.empty")]
    found = read_pbn(data)
    if found.problems:
        return None, [*found.problems]
    bad: list[Problem] = [note for deal in found.deals if deal.record is None
                          for note in deal.notes]
    if bad:
        return None, bad
    first = found.deals[0]
    seats = {seat: (first.players.get(seat) or default)[:NAME_MAX].strip() or default
             for seat, default in zip(SEATS, ("North", "East", "South", "West"), strict=True)}
    scoring = _SCORING.search(data)
    given = scoring.group(1).strip() if scoring is not None else ""
    chicago = given.lower() == "chicago"
    dealer = first.dealer or first.record.get("dealer") if first.record else None
    match: dict[str, Any] = {"format": "scorekeeper-match/1", "game": "bridge",
                             "rules": {"scoring": "chicago"} if chicago else {},
                             "seats": seats, "first_dealer": dealer or "N", "hands": []}
    title = " · ".join(text for text in (first.event, first.site) if text)[:TITLE_MAX].strip()
    if title:
        match["title"] = title
    if first.date:
        match["played"] = first.date
    said: list[list[str]] = []
    for deal in found.deals:
        assert deal.record is not None
        said.append([note.message for note in map(_scoring_kept, deal.notes) if note])
        match["hands"].append(dict(deal.record))
    if given.lower() not in ("", "?", "#", "rubber", "chicago"):
        said[0].append(_english("pbn.scoring_not_kept", value=given[:20]))
    problems = _fit(match, found.deals, said, chicago)
    if problems:
        return None, problems
    for record, notes in zip(match["hands"], said, strict=True):
        _say(record, notes)
    return match, []


def _fit(match: dict[str, Any], deals: Sequence[PbnDeal], said: list[list[str]],
         chicago: bool) -> list[Problem]:
    """The match's dealers, vulnerability and length made the table's, each change said."""
    from ...engine.games import resolve_rules  # the registry: asked when first needed
    from ...engine.match import replay

    names = match["seats"]
    rules = {**match["rules"], "rubbers": MOST_RUBBERS, "chukkers": 20}
    resolved, problems = resolve_rules("bridge", rules)
    if problems:
        return problems
    state = replay("bridge", resolved, [
        {k: v for k, v in record.items() if k != "dealer"} for record in match["hands"]],
        first_dealer=match["first_dealer"])
    for no, (deal, record, notes) in enumerate(zip(deals, match["hands"], said, strict=True), 1):
        scored = state.hands[no - 1] if len(state.hands) >= no else None
        ours = scored.dealer if scored is not None else next_seat(match["first_dealer"], no - 1)
        given = record.pop("dealer", None)
        if given is not None and given != ours:
            notes.append(_english("pbn.dealer_not_kept", seat=given, dealer=ours))
        record["dealer"] = ours
        vulnerable = getattr(scored.outcome.details, "vulnerable", None) if scored else None
        if deal.vulnerable is not None and vulnerable is not None and \
                deal.vulnerable != vulnerable:
            notes.append(_english("pbn.vulnerable_not_kept", value=deal.vulnerable,
                                  ours=vulnerable))
        if deal.board is not None and deal.board != no:
            notes.append(_english("pbn.board_not_kept", board=deal.board))
        others = {seat: name for seat, name in deal.players.items()
                  if name[:NAME_MAX].strip() != names[seat]}
        if others:
            notes.append(_english("pbn.players_not_kept", names=", ".join(
                f"{seat} {name}" for seat, name in others.items())))
    if chicago:
        match["rules"]["chukkers"] = max(1, -(-sum(
            1 for h in state.hands if not h.outcome.redeal) // 4))
        return []
    running = state.running.as_json() if state.running is not None else {}
    finished = len(running.get("rubbers", []))
    if finished >= MOST_RUBBERS and len(state.hands) < len(deals):
        return [PbnProblem("pbn.too_many_rubbers", params={"most": MOST_RUBBERS})]
    # as many rubbers as the deals finish, and one more when deals follow the last finished
    fewer = {**resolved, "rubbers": max(1, finished)}
    ends = replay("bridge", fewer, match["hands"], first_dealer=match["first_dealer"])
    whole = len(ends.hands) == len(deals) and not ends.problems
    match["rules"]["rubbers"] = max(1, finished) if whole else min(finished + 1, MOST_RUBBERS)
    return []


def _scoring_kept(note: PbnProblem) -> PbnProblem | None:
    """The reader's note of dropped tags without Scoring, which the match keeps (or says)."""
    if note.code != "pbn.tags_dropped":
        return note
    tags = [t for t in str(note.params.get("tags", "")).split(", ") if t.lower() != "scoring"]
    return PbnProblem(note.code, note.field, {**note.params, "tags": ", ".join(tags)},
                      note.hand) if tags else None


def _english(code: str, **params: Any) -> str:
    return fill(MATCH_WORDS[code], params)


def _say(record: dict[str, Any], notes: Sequence[str]) -> None:
    """The deal's notes added to its own note, within a note's length."""
    if not notes:
        return
    said = MATCH_WORDS["pbn.says"].format(notes="; ".join(notes))
    text = f"{record['note']} · {said}" if record.get("note") else said
    record["note"] = text if len(text) <= NOTE_MAX else text[:NOTE_MAX - 1] + "…"


def export(match: dict[str, Any]) -> str:
    """A checked bridge match file as PBN: each deal with its board number (its place), dealer
    and vulnerability as the match scored them, the players, the match's title and day. What
    PBN can't carry is said in ``%`` lines at the top (PBN's own comments for programs)."""
    from ...engine.games import resolve_rules
    from ...engine.match import replay

    rules, _problems = resolve_rules("bridge", match.get("rules"))
    hands = match.get("hands") or []
    state = replay("bridge", rules, hands, first_dealer=match.get("first_dealer", "N"),
                   start_score=match.get("start_score"))
    seats: Mapping[str, str] = match.get("seats") or {}
    deals = []
    for no, record in enumerate(hands, 1):
        scored = state.hands[no - 1] if len(state.hands) >= no else None
        if scored is not None and isinstance(record, dict) and "tricks" not in record \
                and not record.get("passed"):
            entry = scored.as_json()  # a played deal's tricks, which PBN's Result needs
            record = {**record, "tricks": entry["tricks"][entry["makers"]]}
        deals.append(ExportDeal(
            record=record, board=no, dealer=scored.dealer if scored else None,
            vulnerable=getattr(scored.outcome.details, "vulnerable", None) if scored else None,
            players=dict(seats), event=str(match.get("title") or ""),
            date=str(match.get("played") or "")[:10],
            scoring="Chicago" if rules.get("scoring") == "chicago" else "Rubber"))
    text, notes = write_pbn(deals)
    unsaid = [f"% deal {note.hand}: {note.message}" for note in notes]
    for key in ("teams", "start_score", "stopped"):
        if match.get(key):
            unsaid.append(f"% {PbnProblem('pbn.key_not_written', params={'key': key}).message}")
    head, _, body = text.partition("% EXPORT\n")
    return head + "% EXPORT\n" + "".join(line + "\n" for line in unsaid) + body


def unnamed(data: object) -> tuple[str, ...]:
    """The seats the file's first deal has no player tag for (its players are the match's);
    none for a file ``read`` refuses: its problems are said first."""
    if not isinstance(data, str):
        return ()
    found = read_pbn(data)
    if found.problems or not found.deals or any(d.record is None for d in found.deals):
        return ()
    players = found.deals[0].players
    return tuple(seat for seat in SEATS if not (players.get(seat) or "").strip())


NOTATION = Notation(
    extension="pbn",
    label=N_("PBN file"),
    only=MATCH_WORDS["pbn.export_only"],
    recognise=recognise,
    read=read,
    export=export,
    text=True,
    media_type="text/plain",
    messages={**PBN_WORDS, **MATCH_WORDS},
    unnamed=unnamed,  # the import page asks for the names a file leaves out
)
