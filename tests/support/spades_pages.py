"""Spades through the test client: a match started from the start form."""

from __future__ import annotations

from support.pages import Table, form_of

START = {"game": "spades", "N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee",
         "first_dealer": "E", "preset_spades": "standard"}


def start(table: Table, **fields: str) -> str:
    html = table.page("/")
    token = form_of(html, "/start")["values"]["csrf_token"]
    r = table.client.post("/start", data={**START, **fields, "csrf_token": token})
    assert r.status_code == 303, r.get_data(as_text=True)[:3000]
    return r.headers["Location"]
