"""Properties of Five Hundred's hand form, through Flask's test client and a real SQLite file
(in pytest's tmp folder): whatever a phone or a stranger posts (the form's own fields with
their values or junk, keys no form has, stale or reused hidden fields, card records whole or
broken), the answer is either a refusal in words with nothing stored, or the hand the fields
describe, stored, scored as the engine scores the same hands, and as rules.md says (the
Avondale values typed in ``fiveplay``); the deal passes clockwise, passed hands too; the game
ends exactly once, and no hand is taken after it. The oracle of what the form must make of the
fields is written out here (``formprops``), apart from the form."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import fiveplay
from support.formprops import (
    JUNK,
    SEATS,
    Table,
    app_on_file,
    ends_once,
    field_value,
    finish_post,
    note,
    play,
    radio,
    record,
    records,
)

from scorekeeper.service.match import Match

TRICKS = [str(n) for n in range(11)]
FIELDS = ("caller", "bid", "makers_tricks", "passed", "kitty", "discard", "note", "deal",
          "play", "expected_no", "submission_id", "version")


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return app_on_file(tmp_path_factory.mktemp("five_hundred_forms"))


def hand_of(sent: dict[str, str | None]) -> dict[str, Any]:
    """What FiveHundredHandForm must make of the fields (formprops.Refused: refuse them)."""
    caller = radio(sent["caller"], SEATS)
    bid = radio(sent["bid"], fiveplay.BIDS)
    tricks = radio(sent["makers_tricks"], TRICKS)
    passed = sent["passed"] not in (None, "", "false")  # BooleanField's false values
    kitty, discard = record(sent["kitty"], list), record(sent["discard"], list)
    written = note(sent["note"])
    hand: dict[str, Any] = {"passed": True} if passed else {}
    if not passed:
        hand |= {k: v for k, v in (("caller", caller), ("bid", bid)) if v is not None}
        if tricks is not None:
            hand["makers_tricks"] = int(tricks)
    if kitty is not None:
        hand["kitty"] = kitty
    if discard is not None and not passed:
        hand["discard"] = discard
    if written is not None:
        hand["note"] = written
    return records(sent, hand)


@st.composite
def posts(draw: Any, table: Table) -> tuple[dict[str, str | None], list[tuple[str, str]], bool]:
    """One post of the hand form: its fields (None: left out), strange keys, JSON or a page."""
    kind = draw(st.sampled_from(["clean"] * 4 + ["passed", "cards", "junk", "junk"]))
    sent: dict[str, str | None] = dict.fromkeys(FIELDS)
    sent |= table.hidden(draw, clean=kind != "junk")
    seat, bid = st.sampled_from(SEATS), st.sampled_from(fiveplay.BIDS)
    if kind == "clean":
        sent |= {"caller": draw(seat), "bid": draw(bid), "makers_tricks": draw(
            st.sampled_from(TRICKS))}
    elif kind == "passed":
        sent["passed"] = draw(st.sampled_from(["y", "y", "false", "", "on", "0"]))
    elif kind == "cards":  # a whole hand played card by card, sometimes told a wrong count
        dealer = SEATS[(SEATS.index(table.first) + len(table.hands)) % 4]
        made = fiveplay.random_hand(random.Random(draw(st.integers(0, 2**32))), draw(bid),
                                    dealer=dealer)
        hand = made["hand"]
        tricks = made["makers_tricks"] + draw(st.sampled_from([0, 0, 0, 1, -1]))
        sent |= {"caller": hand["caller"], "bid": hand["bid"],
                 "makers_tricks": draw(st.sampled_from([str(tricks), None]))}
        for name in ("deal", "play", "kitty", "discard"):
            if draw(st.integers(0, 5)):
                sent[name] = json.dumps(hand[name])
    else:
        sent |= {"caller": draw(field_value(seat)), "bid": draw(field_value(bid)),
                 "makers_tricks": draw(field_value(st.sampled_from(TRICKS))),
                 "passed": draw(st.one_of(st.none(), st.none(), JUNK))}
        return finish_post(draw, sent, ("deal", "play", "kitty", "discard"))
    return finish_post(draw, sent)


RULES = st.fixed_dictionaries({
    "first_dealer": st.sampled_from(SEATS),
    "preset_five_hundred": st.sampled_from(["standard", "win_by_bid"]),
    "five_hundred_slam": st.sampled_from(["y", None]),
    "five_hundred_misere": st.sampled_from(["y", "y", None]),
    "length": st.sampled_from([("target", "300"), ("target", "500"), ("deals", "3"),
                               ("deals", "5"), (None, None)]),
})


def points_by_rules(match: Match, hand: dict[str, Any], entry: dict[str, Any]
                    ) -> dict[str, int]:
    """A hand's points as rules.md says (fiveplay's Avondale table), apart from the engine."""
    if hand.get("passed"):
        return {"NS": 0, "EW": 0}
    rules = match.rules
    makers = fiveplay.TEAM[hand["caller"]]
    _result, own, others = fiveplay.points(
        hand["bid"], entry["tricks"][makers], slam=rules.get("slam", True),
        trick_points=rules.get("opponent_trick_points", 10),
        misere_points=rules.get("misere_opponent_points", 0))
    return {makers: own, fiveplay.OTHER[makers]: others}


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=RULES, data=st.data())
def test_a_post_is_refused_in_words_or_stored_as_the_engine_scores_it(app, rules, data):
    table, match = play(app, "five_hundred", rules, data, posts, hand_of)
    entries = table.loaded().state.as_json()["hands"]
    for hand, entry in zip(table.hands, entries, strict=True):
        assert entry["points"] == points_by_rules(match, hand, entry), (hand, entry)
    ends_once(table, {"caller": "N", "bid": "6S", "makers_tricks": "6"}, FIELDS, hand_of)


def test_the_oracle_reads_a_plain_hand_as_the_form_does():
    """The written-out reading of the fields, on one hand a person checks."""
    sent: dict[str, str | None] = dict.fromkeys(FIELDS)
    sent |= {"caller": "E", "bid": "8H", "makers_tricks": "9", "note": "  good  ",
             "discard": '["4H"]'}
    assert hand_of(sent) == {"caller": "E", "bid": "8H", "makers_tricks": 9, "note": "good",
                             "discard": ["4H"]}
    assert hand_of({**sent, "passed": "y"}) == {"passed": True, "note": "good"}
