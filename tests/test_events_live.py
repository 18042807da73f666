"""Club nights live (issue 26): polled parts with ETags, the result confirmed at the table,
disputes, ending a round early asked first and undone, the wall screen. Test client, real
SQLite file."""

from __future__ import annotations

import re

import pytest

NAMES = ["Ann", "Bo", "Cai", "Dee", "Eve", "Finn", "Gus", "Hal"]
pytestmark = pytest.mark.app_config(WTF_CSRF_ENABLED=False)


@pytest.fixture
def event(client):
    answer = client.post("/api/events", json={
        "name": "Club", "game": "euchre", "players": NAMES, "rounds": 2, "hands_per_round": 2,
        "movement": "schedule", "seed": 2})
    assert answer.status_code == 201
    body = answer.get_json()
    client.get(body["director_url"])  # this client is the director's phone
    return body


def hand(client, table, caller="N", tricks=3, alone=False):
    key = {"Authorization": f"Bearer {table['edit_key']}"}
    got = client.get(f"/api/matches/{table['match']}", headers=key).get_json()
    no = len(got["match"]["hands"]) + 1
    answer = client.post(f"/api/matches/{table['match']}/hands",
                         json={"no": no, "caller": caller, "makers_tricks": tricks,
                               **({"alone": True} if alone else {})},
                         headers={"Authorization": f"Bearer {table['edit_key']}"})
    assert answer.status_code == 201, answer.get_json()
    return answer


def test_the_directors_live_part_is_304_until_a_hand_is_saved(client, event):
    live = f"/events/{event['id']}/live"
    first = client.get(live)
    assert first.status_code == 200 and "0 of 2 hands" in first.text
    tag = first.headers["ETag"]
    assert client.get(live, headers={"If-None-Match": tag}).status_code == 304
    hand(client, event["rounds"][0]["tables"][1])
    changed = client.get(live, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and "1 of 2 hands · 1–0" in changed.text
    assert "last hand" in changed.text
    assert changed.headers["Cache-Control"] == "private, no-cache"


def test_a_tables_banner_follows_the_evening(client, event):
    table = event["rounds"][0]["tables"][0]
    url = f"/events/{event['id']}/rounds/1/tables/1/banner"
    before = client.get(url)
    tag = before.headers["ETag"]
    assert "Round over." not in before.text
    hand(client, table)
    hand(client, table)
    after = client.get(url, headers={"If-None-Match": tag})
    seats = table["seats"]
    assert after.status_code == 200
    assert f"{seats['N']} &amp; {seats['S']} 2 – 0 {seats['E']} &amp; {seats['W']}" in after.text
    assert f"{seats['N']} &amp; {seats['S']} win" in after.text
    assert f"{seats['N']}: go to table" in after.text  # the schedule's next seating


def test_both_pairs_confirm_then_the_table_is_locked_until_the_director_reopens(client, event):
    table = event["rounds"][0]["tables"][0]
    hand(client, table)
    client.get(table["table_url"])  # the phone at table 1 scores it
    early = client.post(f"/events/{event['id']}/rounds/1/tables/1/confirm", data={"side": "NS"},
                        follow_redirects=True)
    assert "has not finished its round yet" in early.text
    hand(client, table)
    page = client.get(f"/m/{table['match']}")
    assert "Each pair taps once to confirm it" in page.text
    client.post(f"/events/{event['id']}/rounds/1/tables/1/confirm", data={"side": "NS"})
    console = client.get(f"/events/{event['id']}").text
    assert "Waiting for confirmation (one pair has confirmed)" in console
    assert "*" in console and "have not confirmed yet" in console
    client.post(f"/events/{event['id']}/rounds/1/tables/1/confirm", data={"side": "EW"})
    assert "Confirmed by both pairs" in client.get(f"/events/{event['id']}").text
    undo = client.delete(f"/api/matches/{table['match']}/hands/2",
                         headers={"Authorization": f"Bearer {table['edit_key']}"})
    assert undo.status_code in (401, 403)  # locked: the table's key no longer edits
    client.post(f"/events/{event['id']}/settle", data={"round": 1, "table": 1,
                                                        "action": "reopen"})
    undo = client.delete(f"/api/matches/{table['match']}/hands/2",
                         headers={"Authorization": f"Bearer {table['edit_key']}"})
    assert undo.status_code == 200


def test_a_dispute_flags_the_table_on_the_console(client, event):
    table = event["rounds"][0]["tables"][1]
    hand(client, table)
    hand(client, table)
    client.post(f"/events/{event['id']}/rounds/1/tables/2/confirm", data={"side": "dispute"})
    console = client.get(f"/events/{event['id']}").text
    assert "Disputed: the table says the result is wrong" in console
    client.post(f"/events/{event['id']}/settle", data={"round": 1, "table": 2,
                                                        "action": "accept"})
    assert "Disputed" not in client.get(f"/events/{event['id']}").text


def test_a_stranger_cannot_confirm(app, event):
    stranger = app.test_client()
    answer = stranger.post(f"/events/{event['id']}/rounds/1/tables/1/confirm",
                           data={"side": "NS"})
    assert answer.status_code == 403


def test_ending_a_round_asks_first_and_can_be_undone(client, event):
    t1, t2 = event["rounds"][0]["tables"]
    hand(client, t1)
    direct = client.post(f"/events/{event['id']}/end", data={"round": 1})
    assert direct.status_code == 302 and "/end?round=1" in direct.headers["Location"]
    ask = client.get(f"/events/{event['id']}/end?round=1")
    assert "These tables are still playing" in ask.text and "1 of 2 hands" in ask.text
    assert "no hand yet: it scores 0–0" in ask.text
    client.post(f"/events/{event['id']}/end", data={"round": 1, "confirmed": "1"})
    body = client.get(f"/api/events/{event['id']}").get_json()
    assert body["rounds"][0]["ended_early"] and body["can_start"]
    client.post(f"/events/{event['id']}/start", data={"no": 2})
    undone = client.post(f"/events/{event['id']}/end/undo", data={"round": 1},
                         follow_redirects=True)
    assert "Round 1 goes on" in undone.text
    body = client.get(f"/api/events/{event['id']}").get_json()
    assert body["current_round"] == 1 and not body["rounds"][0]["ended_early"]
    assert body["rounds"][1]["tables"][0]["match"] is None
    hand(client, t2)  # the tables play on with their keys
    hand(client, t2)
    hand(client, t1)
    client.post(f"/events/{event['id']}/start", data={"no": 2})
    keyed = client.get(f"/api/events/{event['id']}", headers={
        "Authorization": f"Bearer {event['director_key']}"}).get_json()
    assert keyed["current_round"] == 2
    client.post(f"/events/{event['id']}/end", data={"round": 2, "confirmed": "1"})
    refused = client.post(f"/events/{event['id']}/end/undo", data={"round": 1},
                          follow_redirects=True)
    assert "was not ended early" in refused.text  # round 1 ended by itself this time


def test_undo_is_refused_once_the_next_round_has_a_hand(client, event):
    client.post(f"/events/{event['id']}/end", data={"round": 1, "confirmed": "1"})
    client.post(f"/events/{event['id']}/start", data={"no": 2})
    keyed = client.get(f"/api/events/{event['id']}", headers={
        "Authorization": f"Bearer {event['director_key']}"}).get_json()
    hand(client, keyed["rounds"][1]["tables"][0])
    refused = client.post(f"/events/{event['id']}/end/undo", data={"round": 1},
                          follow_redirects=True)
    assert "A hand of round 2 is saved" in refused.text


def test_the_wall_screen_follows_by_itself(client, event):
    wall = client.get(f"/events/{event['id']}/wall")
    assert wall.status_code == 200
    assert "Standings" in wall.text and "Next: round 2" in wall.text
    assert "<form" not in wall.text and "<button" not in wall.text
    part = client.get(f"/events/{event['id']}/wall?part=1")
    assert 'data-follow=' in part.text
    assert client.get(f"/events/{event['id']}/wall?part=1",
                      headers={"If-None-Match": part.headers["ETag"]}).status_code == 304


def test_the_save_label_names_the_winner_when_the_losers_score_the_last_hand(client, event):
    table = event["rounds"][0]["tables"][0]
    hand(client, table, "N", 5)  # a march: North-South +2
    client.get(table["table_url"])
    label = client.get(f"/m/{table['match']}/preview",
                       query_string={"caller": "E", "makers_tricks": "3",
                                     "expected_no": "2"}).json["label"]
    seats = table["seats"]
    assert label.endswith(f"· {seats['N']} & {seats['S']} win the match"), label
    assert "game!" not in label


def test_tally_cards_are_filled_in_with_the_rounds_played(app, client, event):
    for table in event["rounds"][0]["tables"]:
        hand(client, table, "N", 5)
        hand(client, table, "E", 3)
    from scorekeeper.service import events
    from scorekeeper.store.db import get_db
    from scorekeeper.web.events.prints import tally_cards

    with app.test_request_context():
        cards = tally_cards(events.load_event(get_db(), event["id"]))
    north = event["rounds"][0]["tables"][0]["seats"]["N"]
    card = next(c for c in cards if c.name == north)
    assert card.rows[0].filled == [2, 0] and card.rows[0].total == 2
    assert card.rows[1].filled is None and card.rows[1].total is None


def test_the_rules_card_names_the_evenings_rules_and_starts_a_match_with_them(client):
    event = client.post("/api/events", json={
        "name": "Club", "game": "euchre", "players": NAMES, "rounds": 1, "hands_per_round": 1,
        "movement": "schedule", "rules": {"stick_the_dealer": True}}).get_json()
    table = event["rounds"][0]["tables"][0]
    banner = client.get(table["table_url"], follow_redirects=True).text
    code = re.search(r"House rules: ([A-Z2-9]{4}-[A-Z2-9]{4})", banner).group(1)
    assert "Stick the dealer: yes" in banner
    card = client.get(f"/r/{code.lower()}")
    assert card.status_code == 200 and "Stick the dealer: yes" in card.text
    assert f"/?rules={code}" in card.text
    again = client.post("/api/events", json={
        "name": "Other club", "game": "euchre", "players": NAMES, "rounds": 1,
        "hands_per_round": 1, "movement": "schedule",
        "rules": {"stick_the_dealer": True}}).get_json()
    assert again["id"] != event["id"]
    other = client.get(again["rounds"][0]["tables"][0]["table_url"], follow_redirects=True)
    assert f"House rules: {code}" in other.text  # the same rules, the same code
    assert client.get("/r/ZZZZ-ZZZZ").status_code == 404
    assert client.get("/r/nonsense").status_code == 404


def test_tally_cards_carry_the_games_marks_of_each_round(app, client, event):
    table = event["rounds"][0]["tables"][0]
    hand(client, table, "N", 5, alone=True)  # North's loner: an A for North
    hand(client, table, "E", 2)  # East-West euchred: an E for North and South
    for other in event["rounds"][0]["tables"][1:]:
        hand(client, other, "N", 3)
        hand(client, other, "N", 3)
    from scorekeeper.service import events
    from scorekeeper.store.db import get_db
    from scorekeeper.web.events.prints import tally_cards

    with app.test_request_context():
        cards = {c.name: c for c in tally_cards(events.load_event(get_db(), event["id"]))}
    seats = table["seats"]
    assert cards[seats["N"]].rows[0].marks == [1, 1]  # loners, euchres
    assert cards[seats["S"]].rows[0].marks == [0, 1]
    assert cards[seats["E"]].rows[0].marks == [0, 0]
    pdf = client.get(f"/events/{event['id']}/tally.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")


def test_a_rules_code_starts_a_match_with_its_rules_elsewhere(client):
    event = client.post("/api/events", json={
        "name": "Club", "game": "euchre", "players": NAMES, "rounds": 1, "hands_per_round": 1,
        "movement": "schedule",
        "rules": {"stick_the_dealer": True, "lone_march_points": 5}}).get_json()
    code = event["rules_code"] if "rules_code" in event else re.search(
        r"House rules: ([A-Z2-9]{4}-[A-Z2-9]{4})", client.get(
            event["rounds"][0]["tables"][0]["table_url"], follow_redirects=True).text).group(1)
    page = client.get(f"/?rules={code.lower()}")
    assert page.status_code == 200
    assert f"The rules of card {code} are filled in below." in page.text
    def tag(pattern: str) -> str:
        return re.search(rf'<input[^>]*{pattern}[^>]*>', page.text).group(0)

    assert " checked" in tag('id="euchre_stick_the_dealer"')
    assert 'value="5"' in tag('id="euchre_lone_march_points"')
    assert " checked" in tag('name="game"[^>]*value="euchre"')
    # the form as the browser sends it starts a match with those rules
    started = client.post("/start", data={
        "game": "euchre", "preset_euchre": "standard", "N": "Ann", "E": "Bo", "S": "Cai",
        "W": "Dee", "first_dealer": "N", "euchre_stick_the_dealer": "y",
        "euchre_lone_march_points": "5"})
    assert started.status_code == 303
    match_id = started.headers["Location"].rsplit("/", 1)[-1]
    assert client.get(f"/m/{match_id}.json").get_json()["rules"] == {
        "stick_the_dealer": True, "lone_march_points": 5}


def test_an_unknown_rules_code_says_so_on_the_start_page(client):
    page = client.get("/?rules=ZZZZ-ZZZZ")
    assert page.status_code == 200
    assert "There is no such rules code: check the letters on the card." in page.text
    assert client.get("/?rules=<script>").status_code == 200
