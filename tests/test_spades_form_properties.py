"""Properties of Spades' hand form, through Flask's test client and a real SQLite file (in
pytest's tmp folder): whatever is posted (the four bids, the tricks, the nils' own tricks, with
their values or junk, keys no form has, stale or reused hidden fields, broken card records),
the answer is either a refusal in words with nothing stored, or the hand the fields describe,
stored and scored as the engine scores the same hands and as rules.md says (points, bags
carried from hand to hand and their penalties, the end: ``support/spades_play.py``, written apart
from the engine); the deal passes clockwise; the game ends exactly once, and no hand is taken
after it. What the form must make of the fields is written out here (``formprops``)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import spades_play
from support.formprops import (
    JUNK,
    SEATS,
    Refused,
    Table,
    app_on_file,
    ends_once,
    field_value,
    finish_post,
    note,
    play,
    radio,
    records,
)

from scorekeeper.service.match import Match

COUNTS = [str(n) for n in range(14)]
BIDS = [*COUNTS, "blind_nil"]  # the radio's values (0 is nil)
FIELDS = (*(f"bid_{s}" for s in SEATS), "tricks_NS", *(f"nil_{s}" for s in SEATS), "note",
          "deal", "play", "bids", "nil_tricks", "expected_no", "submission_id", "version")


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return app_on_file(tmp_path_factory.mktemp("spades_forms"))


def hand_of(sent: dict[str, str | None]) -> dict[str, Any]:
    """What SpadesHandForm must make of the fields (formprops.Refused: refuse them)."""
    bids = {s: radio(sent[f"bid_{s}"], BIDS) for s in SEATS}
    tricks = radio(sent["tricks_NS"], COUNTS)
    nil = {s: radio(sent[f"nil_{s}"], COUNTS) for s in SEATS}
    written = note(sent["note"])
    hand: dict[str, Any] = {}
    if any(b is not None for b in bids.values()):
        hand["bids"] = {s: b if b == "blind_nil" else int(b) for s, b in bids.items()
                        if b is not None}
    if tricks is not None:
        hand["tricks_NS"] = int(tricks)
    if any(n is not None for n in nil.values()):
        hand["nil_tricks"] = {s: int(n) for s, n in nil.items() if n is not None}
    if written is not None:
        hand["note"] = written
    return records(sent, hand)


@st.composite
def posts(draw: Any, table: Table) -> tuple[dict[str, str | None], list[tuple[str, str]], bool]:
    """One post of the hand form: its fields (None: left out), strange keys, JSON or a page."""
    kind = draw(st.sampled_from(["clean"] * 5 + ["junk", "junk"]))
    sent: dict[str, str | None] = dict.fromkeys(FIELDS)
    sent |= table.hidden(draw, clean=kind == "clean")
    if kind == "clean":  # bids, tricks and each nil's own tricks, as the taps send them
        blind = ["blind_nil"] if table.match().rules.get("blind_nil") else []
        bids = {s: draw(st.sampled_from([*COUNTS[1:6]] * 2 + ["0", *blind])) for s in SEATS}
        tricks = draw(st.integers(0, 13))
        sent |= {f"bid_{s}": b for s, b in bids.items()} | {"tricks_NS": str(tricks)}
        for pair, room in ((("N", "S"), tricks), (("E", "W"), 13 - tricks)):
            nils = [s for s in pair if bids[s] in ("0", "blind_nil")]
            if len(nils) == 2:  # both nil: their own tricks are all the side took
                first = draw(st.integers(0, room))
                sent |= {f"nil_{nils[0]}": str(first), f"nil_{nils[1]}": str(room - first)}
            elif nils:
                sent[f"nil_{nils[0]}"] = str(draw(st.integers(0, min(room, 2))))
    else:
        for s in SEATS:
            sent[f"bid_{s}"] = draw(field_value(st.sampled_from(BIDS)))
            sent[f"nil_{s}"] = draw(st.one_of(st.none(), st.none(), JUNK,
                                              st.sampled_from(COUNTS)))
        sent["tricks_NS"] = draw(field_value(st.sampled_from(COUNTS)))
        return finish_post(draw, sent, ("deal", "play", "bids", "nil_tricks"))
    return finish_post(draw, sent)


RULES = st.fixed_dictionaries({
    "first_dealer": st.sampled_from(SEATS),
    "preset_spades": st.sampled_from(["standard", "blind_nil", "no_bags"]),
    "spades_bag_limit": st.sampled_from([None, None, "3", "5"]),
    "length": st.sampled_from([("target", "150"), ("target", "250"), ("deals", "3"),
                               ("deals", "5"), (None, None)]),
})


def taken(hand: dict[str, Any]) -> dict[str, int]:
    """Each seat's tricks as the record says: a nil bidder's own, the rest to the partner."""
    own = dict(hand.get("nil_tricks") or {})
    out: dict[str, int] = {}
    for pair, total in ((("N", "S"), hand["tricks_NS"]), (("E", "W"), 13 - hand["tricks_NS"])):
        out |= {s: own.get(s, 0) for s in pair}
        others = [s for s in pair if s not in own]
        if others:
            out[others[0]] += total - sum(own.get(s, 0) for s in pair)
    return out


def by_rules(match: Match, hands: list[dict[str, Any]]) -> dict[str, Any]:
    """The match as rules.md says, by spades_play's plain replay."""
    rules = match.rules
    target = rules.get("target", 500) if "deals" not in rules else None
    return spades_play.replay(
        [(h["bids"], taken(h)) for h in hands], target=target,
        lose_at=rules.get("lose_at", -200) if target is not None else None,
        bag_limit=rules.get("bag_limit", 10), bag_penalty=rules.get("bag_penalty", 100),
        deals=rules.get("deals"))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=RULES, data=st.data())
def test_a_post_is_refused_in_words_or_stored_as_the_engine_scores_it(app, rules, data):
    table, match = play(app, "spades", rules, data, posts, hand_of)
    state = table.loaded().state.as_json()
    plain = by_rules(match, table.hands)
    for entry, row in zip(state["hands"], plain["rows"], strict=True):
        assert (entry["points"], entry["score"], entry["bags"]) == (
            row["points"], row["score"], row["bags"]), (entry, row)
    assert plain["ended"] == table.over_after
    assert state["winner"] == plain["winner"] or plain["ended"] is None
    ends_once(table, {"bid_N": "3", "bid_E": "3", "bid_S": "3", "bid_W": "3",
                      "tricks_NS": "6"}, FIELDS, hand_of)


def test_the_oracle_reads_a_plain_hand_as_the_form_does():
    """The written-out reading of the fields, on one hand a person checks."""
    sent: dict[str, str | None] = dict.fromkeys(FIELDS)
    sent |= {"bid_N": "3", "bid_E": "0", "bid_S": "2", "bid_W": "blind_nil", "tricks_NS": "7",
             "nil_E": "1", "nil_W": "0", "note": " x "}
    assert hand_of(sent) == {"bids": {"N": 3, "E": 0, "S": 2, "W": "blind_nil"},
                             "tricks_NS": 7, "nil_tricks": {"E": 1, "W": 0}, "note": "x"}
    assert taken({**hand_of(sent), "bids": {}, "nil_tricks": {"E": 1}}) == {
        "N": 7, "S": 0, "E": 1, "W": 5}
    with pytest.raises(Refused):
        hand_of({**sent, "bid_N": "14"})


def test_a_correction_without_its_hidden_fields_says_so(app):
    """The edit page's form, its hidden hand version lost: a sentence, nothing changed."""
    table = Table(app.test_client(), "spades")
    table.start({"preset_spades": "standard"})
    sent: dict[str, str | None] = dict.fromkeys(FIELDS)
    sent |= {"bid_N": "3", "bid_E": "3", "bid_S": "3", "bid_W": "3", "tricks_NS": "6",
             "expected_no": "1", "submission_id": "first"}
    table.post(sent, [], False, hand_of)
    r = table.client.post(table.url + "/hands/1/edit",
                          data={"bid_N": "4", "csrf_token": table.token})
    assert r.status_code == 422
    assert "Reload the page and enter the hand again." in r.get_data(as_text=True)
    assert table.loaded().match.hand_objects == table.hands
