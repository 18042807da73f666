"""A pair is named in seat order everywhere (issue 24): the partnership page's "Against Bo & Dee"
names the opponents as the match page does (East's player, then West's), not in the order of
their ids."""

from __future__ import annotations

import html as htmllib

from support.helpers import euchre_hand, euchre_match


def played(client, seats: dict[str, str]) -> dict[str, str]:
    """A match of one hand; the players' ids by name."""
    r = client.post("/api/matches", json=euchre_match(seats=seats, hands=[euchre_hand("N", 3)]))
    assert r.status_code == 201, r.get_json()
    return {p["name"]: p["id"] for p in r.get_json()["players"].values()}


def against(client, ids: dict[str, str]) -> str:
    page = htmllib.unescape(client.get(f"/players/{ids['Ann']}/with/{ids['Cai']}").get_data(
        as_text=True))
    start = page.index("Against ", page.index('id="opp-h"') + 20)
    return page[start:page.index("<", start)]


def test_the_opponents_are_named_in_the_seat_order_of_their_last_match(client):
    ids = played(client, {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"})
    assert against(client, ids) == "Against Bo & Dee"
    ids = played(client, {"N": "Ann", "E": "Dee", "S": "Cai", "W": "Bo"})
    assert against(client, ids) == "Against Dee & Bo"  # one of the two orders is not the ids'
