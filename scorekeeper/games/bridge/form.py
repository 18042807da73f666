"""Bridge's deal form: the contract on a 1–7 × ♣ ♦ ♥ ♠ NT grid with X / XX, the declarer by
name, the result as made / +1 / −2 (or the tricks under "More"), honours when they count, and
"Passed out" in one tap."""

from __future__ import annotations

from typing import Any, ClassVar

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, RadioField, SelectField

from ...engine.cards import DECK_52
from ...web.forms import Omitted, choices, given, number, seat_choices
from ...web.match.handforms import HandForm, card_choices
from .scoring import CONTRACT, STRAINS, parse_contract
from .words import contract_text

CONTRACTS = [f"{level}{strain}" for level in range(1, 8) for strain in STRAINS]
RESULTS = [-3, -2, -1, 0, 1, 2, 3]  # tricks over (+) or under (−) the contract


def result_label(n: int) -> str:
    return "=" if n == 0 else f"+{n}" if n > 0 else f"−{-n}"


class BridgeHandForm(HandForm):
    more_fields = ("lead", "tricks", "note")
    # the engine's tricks show by the result buttons
    problem_fields: ClassVar[dict[str, str]] = {"tricks": "result"}
    contract = RadioField(_l("Contract"), choices=choices((c, contract_text(c)) for c in CONTRACTS),
                          validators=[Omitted()])
    doubled = RadioField(_l("Doubled"), choices=choices([("", "—"), ("X", "X"), ("XX", "XX")]),
                         default="", validators=[Omitted()])
    declarer = RadioField(_l("Declarer"), choices=seat_choices(), validators=[Omitted()])
    result = RadioField(_l("Result"), choices=choices((str(n), result_label(n)) for n in RESULTS),
                        validators=[Omitted()])
    tricks = RadioField(_l("Declarer's side took"),
                        choices=choices((str(n), str(n)) for n in range(14)),
                        validators=[Omitted()])
    honours = RadioField(_l("Honours"), choices=choices([
        ("", _l("none")), ("NS100", "NS 100"), ("NS150", "NS 150"), ("EW100", "EW 100"),
        ("EW150", "EW 150")]), default="", validators=[Omitted()])
    passed = BooleanField(_l("Passed out"))
    lead = SelectField(_l("Opening lead"), choices=choices([("", "—"), *card_choices(DECK_52)]),
                       default="", validators=[Omitted()])

    def name_seats(self, seats: dict[str, str], teams: dict[str, str]) -> None:
        """The players' names on the declarer's buttons, the sides' on the honours'."""
        self.declarer.choices = seat_choices(seats)
        self.honours.choices = choices([("", _l("none")), *(
            (f"{side}{points}", f"{teams[side]} {points}") for side in ("NS", "EW")
            for points in (100, 150))])

    def hand(self) -> dict[str, Any]:
        """The bridge deal object of spec/bridge.md."""
        if self.passed.data:
            hand: dict[str, Any] = {"passed": True}
        else:
            hand = {}
            contract = given(self.contract)
            if contract:
                hand["contract"] = contract + (given(self.doubled) or "")
            if given(self.declarer):
                hand["declarer"] = given(self.declarer)
            tricks = number(self.tricks)
            over = given(self.result)
            made = parse_contract(contract) if contract else None
            if tricks is None and _whole(over) is not None and made is not None:
                tricks = made.needed + int(over or 0)
            if tricks is not None:
                hand["tricks"] = tricks
            if given(self.lead):
                hand["lead"] = given(self.lead)
            honours = given(self.honours)
            if honours:  # "NS100": a choice the form offers; anything else is checked as is
                points = _whole(honours[2:])
                hand["honours"] = {"side": honours[:2],
                                   "points": honours[2:] if points is None else points}
        if given(self.note):
            hand["note"] = given(self.note)
        return self.records(hand)

    def fill(self, hand: dict[str, Any]) -> None:
        """Prefill from a recorded deal (for corrections)."""
        self.passed.data = bool(hand.get("passed"))
        text = hand.get("contract")
        found = CONTRACT.fullmatch(text) if isinstance(text, str) else None
        self.contract.data = f"{found.group(1)}{found.group(2)}" if found else None
        self.doubled.data = (found.group(3) or "") if found else ""
        self.declarer.data = hand.get("declarer")
        tricks = hand.get("tricks")
        contract = parse_contract(found.group(0)) if found else None
        over = tricks - contract.needed if isinstance(tricks, int) and contract else None
        self.result.data = str(over) if over is not None and over in RESULTS else None
        self.tricks.data = str(tricks) if isinstance(tricks, int) and self.result.data is None \
            else None
        honours = hand.get("honours")
        self.honours.data = f"{honours.get('side')}{honours.get('points')}" \
            if isinstance(honours, dict) else ""
        self.lead.data = hand.get("lead") or ""
        self.note.data = hand.get("note") or ""
        self.fill_records(hand)


def _whole(text: str | None) -> int | None:
    """``text`` as a whole number ("+1", "-2", "0"), or None: a hostile form's ":" is not a
    result, and the deal's check then asks for what is missing."""
    try:
        return None if text is None else int(text)
    except ValueError:
        return None
