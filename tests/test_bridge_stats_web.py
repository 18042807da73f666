"""Bridge's statistics through a saved match (issue #38): each player's contracts declared and
made by level and strain, slams, doubled contracts, sets, the points a deal, on the API and the
players' pages, apart from the other games; the hands' export's own columns; worked out at save
time without double dummy."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.helpers import become_organiser

GOLDEN = Path(__file__).parent / "data" / "golden" / "matches" / "bridge-rubbers.json"


@pytest.fixture
def saved(client) -> dict:
    client.environ_base["HTTP_AUTHORIZATION"] = become_organiser(client)["Authorization"]
    match = json.loads(GOLDEN.read_text(encoding="utf-8"))
    created = client.post("/api/matches", json=match)
    assert created.status_code == 201, created.get_json()
    return {"body": created.get_json(), "match": match}


def expected(match: dict, state: dict, seat: str) -> dict[str, int]:
    """The figures of the player at ``seat``, counted here from the golden file's deals and
    the match's state (each deal's result and points)."""
    state_of = {h["no"]: h for h in state["hands"]}
    side = "NS" if seat in "NS" else "EW"
    out = dict.fromkeys(("declared", "made", "slams", "slams_made", "doubled", "doubled_made",
                         "sets", "deals", "points"), 0)
    for no, deal in enumerate(match["hands"], 1):
        entry = state_of[no]
        if deal.get("passed"):  # a thrown-in deal is not counted (the store's rule)
            continue
        out["deals"] += 1
        out["points"] += entry["points"][side]
        made = entry["result"] == "made"
        level = int(deal["contract"][0])
        doubled = "X" in deal["contract"]
        if deal["declarer"] == seat:
            out["declared"] += 1
            out["made"] += made
            out["slams"] += level >= 6
            out["slams_made"] += level >= 6 and made
            out["doubled"] += doubled
            out["doubled_made"] += doubled and made
        elif ("NS" if deal["declarer"] in "NS" else "EW") != side:
            out["sets"] += not made
    return out


def bridge_of(body: dict) -> dict:
    games = body["games"]
    return next(g for g in games if g["game"] == "bridge") if isinstance(games, list) \
        else games["bridge"]


@pytest.mark.parametrize("seat", ["N", "E", "S", "W"])
def test_each_players_figures_are_the_deals_they_played(client, saved, seat):
    players = saved["body"]["players"]
    body = client.get(f"/api/players/{players[seat]['id']}").get_json()
    bridge = bridge_of(body)
    want = expected(saved["match"], saved["body"]["state"], seat)
    assert {k: bridge["figures"].get(k, 0) for k in want} == want
    assert want["declared"] and want["deals"] == 12  # 14 deals, 2 passed out
    assert bridge["hands"] == 12  # counted deals: the passed-out two are not
    games = body["games"]
    names = [g["game"] for g in games] if isinstance(games, list) else list(games)
    assert names == ["bridge"]  # kept apart: these players played nothing else


def test_the_players_page_shows_bridge_apart(client, saved):
    players = saved["body"]["players"]
    for language, words in (("en", ("Contracts declared", "By level", "By strain",
                                     "Level 4", "no trumps", "Points a deal")),
                            ("zh-Hant", ("定約",)), ("zh-Hans", ("定约",))):
        page = client.get(f"/players/{players['S']['id']}",
                          headers={"Accept-Language": language})
        assert page.status_code == 200
        text = page.get_data(as_text=True)
        assert all(w in text for w in words), (language, [w for w in words if w not in text])


def test_the_hands_export_carries_the_contract(client, saved):
    response = client.get("/api/export/hands.csv")
    if response.status_code == 404:
        response = client.get("/export/hands.csv")
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    head = text.splitlines()[0].split(",")
    assert "contract" in head and "level" in head
    rows = [dict(zip(head, line.split(","), strict=False)) for line in text.splitlines()[1:]]
    bridge = [row for row in rows if row.get("game") == "bridge"]
    assert len(bridge) == 14
    assert (bridge[1]["contract"], bridge[1]["level"], bridge[1]["made"]) == ("2H", "2", "1")
