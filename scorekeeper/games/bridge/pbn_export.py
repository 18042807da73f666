"""Deal records out as PBN (Portable Bridge Notation, export format 2.1): the deal, contract,
declarer and result, the play trick by trick with ``*`` for a claim, the note as a comment.

What PBN has no tag for (honours, a key of our own) is said in a note, never dropped
silently. Written here rather than through endplay's writer, which puts "?" in every tag it
does not know and has no way to say an unknown hand (``-``) or write a comment.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .analysis_words import BridgeProblem
from .deal_cards import deal_hands, read_tricks
from .notation import SEATS, next_seat, parse_card, pbn_deal, replay, to_pbn_card
from .pbn_words import PbnProblem
from .scoring import parse_contract

_VULNERABLE = {"none": "None", "NS": "NS", "EW": "EW", "both": "All"}
# what ``scorekeeper check`` adds to a deal: worked out, not recorded, so not said either
_WORKED_OUT = {"vulnerable", "result", "over_under", "points", "below", "above", "score"}
_WRITTEN = {"dealer", "contract", "declarer", "tricks", "passed", "deal", "lead", "play",
            "claim", "note", "honours"}


@dataclass(frozen=True, slots=True)
class ExportDeal:
    """A record and what the PBN game around it says (a match's deal takes these from the
    match: board number, dealer and vulnerability by its rotation, the players' names)."""

    record: Mapping[str, Any]
    board: int | None = None
    dealer: str | None = None  # else the record's
    vulnerable: str | None = None  # none, NS, EW, both
    players: Mapping[str, str] = field(default_factory=dict)
    event: str = ""
    site: str = ""
    date: str = ""  # 2026-12-07 or 2026.12.07
    scoring: str = ""  # PBN's words: Rubber, Chicago, MP, IMP


def write_pbn(deals: Sequence[ExportDeal]) -> tuple[str, list[PbnProblem]]:
    """The deals as one PBN file, and what each could not carry (``hand``: its place, from
    1). A record without a contract, declarer and tricks (or ``passed``) is left out, said."""
    games, notes = [], []
    for number, deal in enumerate(deals, 1):
        text, said = _game(number, deal)
        notes.extend(said)
        if text:
            games.append(text)
    return "% PBN 2.1\n% EXPORT\n" + "\n".join(games), notes


def _quote(value: object) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def _game(number: int, deal: ExportDeal) -> tuple[str, list[PbnProblem]]:
    record, notes = deal.record, []

    def note(code: str, **params: Any) -> None:
        notes.append(PbnProblem(code, hand=number, params=params))

    passed = record.get("passed") is True
    contract = parse_contract(str(record.get("contract", "")))
    declarer = record.get("declarer")
    tricks = _tricks(record)
    if not passed and (contract is None or declarer not in SEATS or tricks is None):
        if isinstance(record.get("tricks"), int | str) and tricks is None:
            note("pbn.bad_tricks", value=str(record.get("tricks"))[:12])
        note("pbn.not_written")
        return "", notes
    hands, problems = deal_hands(record)
    notes.extend(PbnProblem(p.code, field=p.field, params=p.params, hand=number)
                 for p in problems)
    dealer = deal.dealer or record.get("dealer")
    tags = [("Event", deal.event or "?"), ("Site", deal.site or "?"),
            ("Date", deal.date.replace("-", ".") or "?"),
            ("Board", deal.board if deal.board is not None else "?")]
    tags += [(name, deal.players.get(seat) or "?")
             for name, seat in (("West", "W"), ("North", "N"), ("East", "E"), ("South", "S"))]
    tags += [("Dealer", dealer if dealer in SEATS else "?"),
             ("Vulnerable", _VULNERABLE.get(str(deal.vulnerable), "?")),
             ("Deal", pbn_deal(hands) if hands else "N:- - - -"),
             ("Scoring", deal.scoring or "?")]
    if passed:
        tags += [("Declarer", ""), ("Contract", "Pass"), ("Result", "")]
    else:
        assert contract is not None
        tags += [("Declarer", str(declarer)), ("Contract", str(contract)),
                 ("Result", str(tricks))]
    lines = [f'[{name} "{_quote(value)}"]' for name, value in tags]
    if not passed and contract is not None:
        lines += _play(record, str(declarer), contract.strain, hands, note)
    _say_unwritten(record, note)
    text = record.get("note")
    if isinstance(text, str) and text.strip():
        if "{" in text or "}" in text:
            note("pbn.note_braces")
        text = text.replace("{", "(").replace("}", ")")
        lines.append("{" + " ".join(text.split()) + "}")
    return "\n".join(lines) + "\n", notes


def _tricks(record: Mapping[str, Any]) -> int | None:
    tricks = record.get("tricks")
    if isinstance(tricks, int) and not isinstance(tricks, bool) and 0 <= tricks <= 13:
        return tricks
    return None


def _play(record: Mapping[str, Any], declarer: str, strain: str,
          hands: Mapping[str, Sequence[str]] | None, note: Any) -> list[str]:
    """The Play section: a row a trick, a column a seat from the opening leader round the
    table, ``*`` when a claim ended the play; the lead alone when only it is recorded."""
    leader = next_seat(declarer)
    play = record.get("play")
    if not play:
        lead = parse_card(record.get("lead"))
        rows = [f"{to_pbn_card(lead)} - - -"] if lead else []
        rows += ["*"] if play == [] and record.get("claim") is not None else []
        return [f'[Play "{leader}"]', *rows] if rows else []
    tricks, problems = read_tricks(play) if isinstance(play, list) else ([], [
        BridgeProblem("play.bad_trick", params={"trick": 1})])
    played = replay(tricks, declarer, strain, hands)
    if problems or played.problem:
        for problem in problems:
            note(problem.code, **problem.params)
        if played.problem and not problems:
            note(played.problem, **played.params)
        note("pbn.play_not_written")
        return []
    rows = [f'[Play "{leader}"]']
    for trick, seats in zip(tricks, played.seats, strict=True):
        by_seat = dict(zip(seats, trick, strict=True))
        rows.append(" ".join(to_pbn_card(by_seat[next_seat(leader, i)])
                             if next_seat(leader, i) in by_seat else "-" for i in range(4)))
    if record.get("claim") is not None and len(tricks) < 13:
        rows.append("*")
    return rows


def _say_unwritten(record: Mapping[str, Any], note: Any) -> None:
    honours = record.get("honours")
    if isinstance(honours, Mapping) and honours.get("points"):
        note("pbn.honours_not_written", side=str(honours.get("side", "?")),
             points=honours.get("points"))
    for key in sorted(set(record) - _WRITTEN - _WORKED_OUT):
        note("pbn.key_not_written", key=str(key)[:20])
