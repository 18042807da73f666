"""A club night's table key that was replaced ("New scorer link") never records again: not in
this round, not in the rounds that follow; the new one holds for them. Through the real
server."""

from __future__ import annotations

from support.reliability import Phone, api, form_values

NAMES = [f"Player {i:02d}" for i in range(8)]


def record(base: str, match_id: str, key: str) -> int:
    return api(base, "POST", f"/api/matches/{match_id}/hands",
               {"caller": "N", "makers_tricks": 3, "no": 1}, key)[0]


def test_a_replaced_table_key_stays_revoked_in_the_next_round(serve):
    proc = serve()
    base = proc.base
    status, event, _h = api(base, "POST", "/api/events", {
        "name": "Club", "game": "euchre", "players": NAMES, "rounds": 2,
        "hands_per_round": 1, "movement": "schedule", "seed": 5})
    assert status == 201, event
    director = {"Authorization": f"Bearer {event['director_key']}"}
    first = {t["table"]: t for t in event["rounds"][0]["tables"]}
    old = first[1]["edit_key"]
    tent = f"/events/{event['id']}/tables/1?key={old}"

    scorer, stranger = Phone(base), Phone(base)
    for phone in (scorer, stranger):  # both scanned the printed tent card
        assert phone.get(tent)[0] == 302
    match = first[1]["match"]
    form = form_values(scorer.get(f"/m/{match}/newkey")[1], "/newkey")
    assert scorer.post(f"/m/{match}/newkey", form)[0] == 303
    assert record(base, match, old) == 403  # revoked in this round

    status, event, _h = api(base, "GET", f"/api/events/{event['id']}", **director)
    new = event["rounds"][0]["tables"][0]["edit_key"]
    assert new != old
    for table in event["rounds"][0]["tables"]:
        assert record(base, table["match"], table["edit_key"]) == 201
    status, event, _h = api(base, "POST", f"/api/events/{event['id']}/rounds", {}, **director)
    assert status == 201, event
    second = {t["table"]: t for t in event["rounds"][1]["tables"]}
    assert second[1]["edit_key"] == new
    assert record(base, second[1]["match"], old) == 403  # and in the round that follows
    # the old tent card and the phone that scanned it give no rights in round 2
    assert stranger.get(tent)[0] == 302
    assert stranger.get(f"/events/{event['id']}/tables/1")[0] == 302
    page = stranger.get(f"/m/{second[1]['match']}")[1]
    assert "/hands" not in form_action_list(page)
    assert record(base, second[1]["match"], new) == 201  # the new key holds


def form_action_list(html: str) -> str:
    import re

    return " ".join(re.findall(r'<form[^>]*action="([^"]*)"', html))
