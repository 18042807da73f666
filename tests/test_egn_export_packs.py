"""EGN export of Euchre's other packs and the Joker: EGN 1.4's schema carries both (ruleset
``min_rank`` 8 or 7, ``joker``; the Joker is the card ``B``), but not the suit a dealer names
for a turned-up Joker that is ordered in round 1: that hand is refused in words by
``match_to_egn`` and kept in words (and as its own line) by ``export_egn``."""

from __future__ import annotations

import json

import jsonschema
import pytest
from support.helpers import SHARED
from support.packplay import card_match

from scorekeeper.engine.matchfile import check_match
from scorekeeper.games.euchre.egn.export import export_egn
from scorekeeper.games.euchre.egn.read import egn_to_match
from scorekeeper.games.euchre.egn.write import EgnExportError, match_to_egn

SCHEMA = json.loads((SHARED / "data" / "egn" / "egn-schema-v1.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft7Validator(SCHEMA)


def schema_errors(egn):
    return [f"{list(e.absolute_path)}: {e.message}" for e in VALIDATOR.iter_errors(egn)]


def flat(egn):
    """Every card text of the EGN file."""
    out = []
    for deal in egn["deals"]:
        out.append(deal["initialState"]["upCard"])
        out += [c for seat in deal["initialState"].get("playerCards", []) for c in seat]
        for phase in deal["phases"]:
            out += [c for trick in phase.get("tricks", []) for c in trick]
            if "discard" in phase:
                out.append(phase["discard"])
    return out


@pytest.mark.parametrize(("pack", "min_rank"), [(24, None), (28, 8), (32, 7)])
@pytest.mark.parametrize("joker", [False, True])
def test_packs_and_the_joker_are_written_as_the_schema_says(pack, min_rank, joker):
    match = card_match(pack, joker)
    for egn in (match_to_egn(match), export_egn(match)):
        assert schema_errors(egn) == []
        ruleset = egn["metadata"]["ruleset"]
        assert ruleset.get("min_rank") == min_rank
        assert ruleset.get("joker", False) is joker
        cards = flat(egn)
        held = [c for h in match["hands"] for cs in h["deal"].values() for c in cs]
        assert ("B" in cards) == ("JK" in held)
        assert "JK" not in cards and "Jk" not in cards
        if pack > 24:
            assert any(c[0] in "78" for c in cards) == any(c[0] in "78" for c in held)


def test_a_turned_up_joker_named_in_round_two_is_written():
    match = card_match(32, True, joker_up_round=2)
    egn = match_to_egn(match)
    assert schema_errors(egn) == []
    deal = egn["deals"][0]
    assert deal["initialState"]["upCard"] == "B"
    calls = deal["phases"][0]["calls"]
    assert calls[-1] == match["hands"][0]["trump"].lower() and len(calls) > 4


def test_a_turned_up_joker_ordered_in_round_one_is_refused_in_words():
    match = card_match(24, True, joker_up_round=1)
    with pytest.raises(EgnExportError, match="can't record the suit the dealer named for a "
                                             "turned-up Joker"):
        match_to_egn(match)
    # the whole-match export keeps it: up card B, no calls, the named suit in words and the
    # hand as its own line
    egn = export_egn(match)
    assert schema_errors(egn) == []
    deal = egn["deals"][0]
    assert deal["initialState"]["upCard"] == "B"
    assert deal["phases"][0]["calls"] == []
    lines = deal["phases"][-1]["playAnnotations"]["0"]
    suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    named = suit[match["hands"][0]["trump"]]
    caller = match["hands"][0]["caller"]
    assert f"The Joker was turned up; the dealer named {named} for it; {caller} ordered it up " \
        "in round 1" in lines
    assert any(line.startswith("scorekeeper-hand {") for line in lines)


def same_play(imported, match):
    """The hands as far as both carry them: caller, trump, turn-up, discard, play, alone (the
    import adds the dealer and the round, which the match derives)."""
    keys = ("caller", "trump", "turn_up", "discard", "play")
    return [({k: h.get(k) for k in keys}, bool(h.get("alone"))) for h in imported["hands"]] == \
        [({k: h.get(k) for k in keys}, bool(h.get("alone"))) for h in match["hands"]]


@pytest.mark.parametrize("pack", [24, 28, 32])
@pytest.mark.parametrize("joker", [False, True])
@pytest.mark.parametrize("write", [match_to_egn, export_egn])
def test_packs_and_the_joker_are_read_back(pack, joker, write):
    match = card_match(pack, joker, seed=pack + joker)
    imported, problems = egn_to_match(write(match))
    assert problems == [] and imported is not None
    assert imported["rules"] == {k: v for k, v in match["rules"].items()
                                 if (k, v) not in (("pack", 24), ("joker", False))}
    assert same_play(imported, match)
    checked = check_match(imported)
    assert checked.ok, [p.message for p in checked.problems]
    assert checked.state.as_json()["score"] == check_match(match).state.as_json()["score"]


def test_a_turned_up_joker_ordered_in_round_one_comes_back_from_our_export():
    match = card_match(28, True, joker_up_round=1)
    imported, problems = egn_to_match(export_egn(match))
    assert problems == [] and imported is not None
    assert imported["hands"][0]["turn_up"] == "JK"
    assert imported["hands"][0]["trump"] == match["hands"][0]["trump"]
    assert same_play(imported, match) and check_match(imported).ok


def test_a_foreign_file_ordering_up_a_joker_is_refused_in_words():
    """EGN's Order makes the up card's suit trump; the Joker has none, and the suit the dealer
    named for it is nowhere in the file."""
    egn = match_to_egn(card_match(32, True, joker_up_round=2))
    egn["deals"][0]["phases"][0]["calls"] = ["Order"]
    imported, problems = egn_to_match(egn)
    assert imported is None
    assert [(p.code, p.hand) for p in problems] == [("egn.joker_ordered", 1)]
    assert problems[0].message == (
        "the Joker was turned up and ordered up, but EGN doesn't say which suit the dealer "
        "named for it: record this hand in Scorekeeper instead")


@pytest.mark.parametrize(("rules", "card", "egn_text", "words"), [
    ({}, "8H", "8h", "8H is not in the euchre deck"),
    ({"pack": 28}, "7H", "7h", "7H is not in this match's pack of 28 cards (8 to A in each suit)"),
    ({}, "JK", "B", "JK (the Joker) is not in this match's pack: the joker rule is off"),
])
def test_a_card_outside_the_files_pack_is_refused_by_the_engine(rules, card, egn_text, words):
    """The EGN reader translates any card; the match's pack (min_rank, joker) is the engine's
    to judge, in its words."""
    egn = match_to_egn(card_match(rules.get("pack", 24), False, seed=5))
    if rules.get("pack") == 28:
        egn["metadata"]["ruleset"]["min_rank"] = 8
    egn["deals"][0]["initialState"]["upCard"] = egn_text
    egn["deals"][0]["phases"][0]["calls"] = ["Pass"] * 8
    egn["deals"][0]["phases"] = egn["deals"][0]["phases"][:1]
    egn["deals"][0]["initialState"].pop("playerCards", None)
    imported, problems = egn_to_match(egn)
    assert problems == [] and imported is not None
    assert imported["hands"][0]["turn_up"] == card
    checked = check_match(imported)
    assert not checked.ok
    assert words in [p.message for p in checked.problems]


def test_the_download_of_a_joker_match(client):
    match = card_match(32, True, joker_up_round=1)
    r = client.post("/api/matches", json=match)
    assert r.status_code == 201, r.get_json()
    response = client.get(f"/m/{r.get_json()['id']}.egn")
    assert response.status_code == 200
    egn = json.loads(response.data)
    assert schema_errors(egn) == []
    assert egn["metadata"]["ruleset"]["joker"] is True

