"""Whist drives (issue 15): an event of Whist with trump by rotation, every trick scored and
the "updown" movement, played through the JSON API on a real SQLite file; the movement
itself; the tally cards read back from the PDF. Acceptance test 10 of
shared/research/club-nights.md: 4 tables, cycle HDSC: deals 1, 5, 9 and 13 are hearts, each
deal's tricks sum to 13, a losing "lady" (North or East) at table 4 goes to table 1."""

from __future__ import annotations

import random

import pytest
from support.events import bearer
from support.prints import fetch_pdf, pdf_text

from scorekeeper.engine.drives import updown_next
from scorekeeper.engine.movements import Round, well_formed

NAMES = [f"Player {i:02d}" for i in range(64)]
SEATS = ("N", "E", "S", "W")
DRIVE = {"trump_rotation": "HDSC", "scoring": "tricks"}


def create(client, **body):
    data = {"name": "Whist drive", "game": "whist", "players": NAMES[:16], "rounds": 3,
            "hands_per_round": 13, "movement": "updown", "rules": DRIVE, "seed": 5, **body}
    return client.post("/api/events", json=data)


# --- the movement -------------------------------------------------------------------------------


def test_the_losers_split_up_and_down_and_the_winners_stay():
    previous = Round(((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, 15)))
    nxt = updown_next(previous, ["NS", "EW", "NS", "EW"], [0] * 16)
    assert well_formed(16, nxt)
    # table 1: N-S won and stay; in E-W's seats: table 4's losing North (12) comes up, table
    # 2's losing South (6) comes down
    assert nxt.tables[0] == (0, 12, 2, 6)
    # table 2: E-W won; N-S lost: up from table 1 (E, 1), down from table 3 (W, 11)
    assert nxt.tables[1] == (1, 5, 11, 7)
    # table 4: E-W won; its losing North (12) went to table 1 (the wrap: 4 -> 1)
    assert nxt.tables[3] == (9, 13, 3, 15)
    assert 12 in nxt.tables[0]


@pytest.mark.parametrize("tables", [1, 2, 3, 5])
def test_every_table_gets_one_up_and_one_down_player(tables):
    rng = random.Random(tables)
    count = tables * 4 + 1  # one sits out each round
    previous = Round(tuple((t * 4, t * 4 + 1, t * 4 + 2, t * 4 + 3) for t in range(tables)),
                     (count - 1,))
    sat = [0] * count
    sat[count - 1] = 1
    for _ in range(6):
        winners = [rng.choice(["NS", "EW"]) for _ in range(tables)]
        nxt = updown_next(previous, winners, sat, seed=3)
        assert well_formed(count, nxt)
        back = set(previous.sit_outs)  # the one who sat out takes someone's place
        for j, (before, after) in enumerate(zip(previous.tables, nxt.tables, strict=True)):
            stay = (0, 2) if winners[j] == "NS" else (1, 3)
            assert all(after[i] in (before[i], *back) for i in stay)
            up, down = (1, 3) if winners[j] == "NS" else (0, 2)
            below, above = (j - 1) % tables, (j + 1) % tables
            came_up = previous.tables[below][0 if winners[below] == "EW" else 1]
            came_down = previous.tables[above][2 if winners[above] == "EW" else 3]
            assert after[up] in (came_up, *back)
            assert after[down] in (came_down, *back)
        for p in nxt.sit_outs:
            sat[p] += 1
        previous = nxt


# --- through the API ------------------------------------------------------------------------------


def play_round(client, event, no, rng):
    """Every deal of every table of round ``no`` through the hand API (no trump given: the
    rotation decides); return each player's tricks by hand and the tables' winners."""
    expected: dict[str, int] = {}
    rnd = next(r for r in event["rounds"] if r["no"] == no)
    for table in rnd["tables"]:
        for deal in range(1, event["hands_per_round"] + 1):
            tricks = rng.randint(0, 13)
            answer = client.post(f"/api/matches/{table['match']}/hands",
                                 json={"no": deal, "tricks_NS": tricks},
                                 headers=bearer(table["edit_key"]))
            assert answer.status_code == 201, answer.get_json()
            entry = answer.get_json()["state"]["hands"][-1]
            assert entry["trump"] == "HDSC"[(deal - 1) % 4]
            assert sum(entry["tricks"].values()) == 13
            assert entry["points"] == {"NS": tricks, "EW": 13 - tricks}
            for seat, name in table["seats"].items():
                expected[name] = expected.get(name, 0) + entry["tricks"]["NS" if seat in "NS"
                                                                          else "EW"]
    return expected


def test_acceptance_10_a_whist_drive_of_four_tables(client):
    created = create(client)
    assert created.status_code == 201, created.get_json()
    event = created.get_json()
    key = event["director_key"]
    assert event["movement"] == "updown" and event["quality"] is None
    assert len(event["rounds"]) == 1 and len(event["rounds"][0]["tables"]) == 4
    rng = random.Random(10)
    totals: dict[str, int] = {}
    for no in (1, 2, 3):
        event = client.get(f"/api/events/{event['id']}", headers=bearer(key)).get_json()
        match = event["rounds"][no - 1]["tables"][0]["match"]
        assert client.get(f"/api/matches/{match}").get_json()["match"]["rules"] == {
            **DRIVE, "deals": 13}
        for name, n in play_round(client, event, no, rng).items():
            totals[name] = totals.get(name, 0) + n
        event = client.get(f"/api/events/{event['id']}", headers=bearer(key)).get_json()
        state = client.get(f"/api/matches/{match}").get_json()["state"]
        hearts = [h["no"] for h in state["hands"] if h["trump"] == "H"]
        assert hearts == [1, 5, 9, 13]
        done = event["rounds"][no - 1]
        assert done["over"] and all(not t["tied"] for t in done["tables"])  # 169 is odd
        if no == 3:
            break
        upcoming = event["rounds"][no]
        assert not upcoming["started"]  # shown before the director starts it
        last = done["tables"][3]
        losers = ("E", "W") if last["winner"] == "NS" else ("N", "S")
        lady, gent = last["seats"][losers[0]], last["seats"][losers[1]]
        first = upcoming["tables"][0]["seats"]
        assert lady in (first["N"], first["E"])  # the losing lady of table 4 goes to table 1
        third = upcoming["tables"][2]["seats"]
        assert gent in (third["S"], third["W"])  # and the losing gent to table 3
        for t, after in zip(done["tables"], upcoming["tables"], strict=True):
            winners = ("N", "S") if t["winner"] == "NS" else ("E", "W")
            assert all(after["seats"][s] == t["seats"][s] for s in winners)
        started = client.post(f"/api/events/{event['id']}/rounds", json={"no": no + 1},
                              headers=bearer(key))
        assert started.status_code == 201, started.get_json()
        event = started.get_json()
    final = client.get(f"/api/events/{event['id']}").get_json()
    assert final["over"]
    # individual scoring: each player adds the tricks their side won
    assert {s["player"]: s["points"] for s in final["standings"]} == totals
    assert sum(totals.values()) == 16 * 13 * 13 * 3 // 2


def test_a_deal_with_the_wrong_trump_is_refused_with_a_sentence(client):
    event = create(client, rounds=1).get_json()
    table = event["rounds"][0]["tables"][0]
    answer = client.post(f"/api/matches/{table['match']}/hands",
                         json={"no": 1, "trump": "S", "tricks_NS": 7},
                         headers=bearer(table["edit_key"]))
    assert answer.status_code == 422
    assert answer.get_json()["errors"][0]["message"] == \
        "deal 1 is played in hearts by the rotation, not spades"


def test_a_tied_table_waits_for_its_extra_deal(client):
    event = create(client, rounds=2, hands_per_round=2, players=NAMES[:8]).get_json()
    key = event["director_key"]
    for table in event["rounds"][0]["tables"]:
        for deal, tricks in ((1, 7), (2, 6)):  # 13-13
            answer = client.post(f"/api/matches/{table['match']}/hands",
                                 json={"no": deal, "tricks_NS": tricks},
                                 headers=bearer(table["edit_key"]))
            assert answer.status_code == 201, answer.get_json()
    event = client.get(f"/api/events/{event['id']}", headers=bearer(key)).get_json()
    assert len(event["rounds"]) == 1 and not event["can_start"]
    director = client.get(event["director_url"] + f"?key={key}", follow_redirects=True)
    assert director.status_code == 200
    page = director.get_data(as_text=True)
    assert page.count('class="ev-decide"') == 2 and "13 – 13" in page and "· tied" in page
    for t in (1, 2):
        decided = client.post(f"/api/events/{event['id']}/rounds/1/tables/{t}/decider",
                              json={"winner": "EW"}, headers=bearer(key))
        assert decided.status_code == 200, decided.get_json()
    event = decided.get_json()
    assert event["can_start"] and len(event["rounds"]) == 2
    before, after = event["rounds"][0]["tables"], event["rounds"][1]["tables"]
    assert [t["seats"]["E"] for t in after] == [t["seats"]["E"] for t in before]
    assert after[1]["seats"]["N"] == before[0]["seats"]["N"]  # table 1's North moved up


@pytest.mark.parametrize(("rules", "field"), [
    ({"trump_rotation": "HXSC"}, "rules.trump_rotation"),
    ({"scoring": "every"}, "rules.scoring"),
    ({"no_trump": True}, "rules.no_trump"),
])
def test_bad_whist_drive_rules_get_a_sentence(client, rules, field):
    answer = create(client, rules=rules)
    assert answer.status_code == 422
    errors = answer.get_json()["errors"]
    assert errors[0]["field"] == field and errors[0]["message"], errors


def test_the_tally_cards_show_each_deals_trump(client):
    event = create(client, rounds=2, hands_per_round=5,
                   rules={**DRIVE, "no_trump": True}).get_json()
    text = pdf_text(fetch_pdf(client, event["tally_url"]))
    flat = " ".join(text.split())
    # per card: the heading's marks and the round's boxes' (later rounds follow the results)
    assert flat.count("♥ ♦ ♠ ♣ NT") == 32, text[:800]
    assert "Each box is a deal, marked with its trump (NT: no trump)." in text
    assert "Player 00" in text and "Total" in text
    assert " A " not in flat.split("Total")[0][-20:]  # no loner (A) or euchre (E) columns
    chart = " ".join(pdf_text(fetch_pdf(client, event["chart_url"])).split())
    assert "Up and down: the winners stay; of the losers, North or East moves to the next" \
        in chart
