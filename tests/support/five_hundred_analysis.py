"""Five Hundred's hand analysis through the test client: played hands, a match of them, the
page's analysis section."""

from __future__ import annotations

import random
import re

from scorekeeper.engine.limits import MATCH_FORMAT
from support import fiveplay

SEATS = {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}


def played(seed: int, bid: str, dealer: str) -> dict:
    return fiveplay.random_hand(random.Random(seed), bid, dealer=dealer)["hand"]


def start(client, *hands: dict) -> str:
    match = {"format": MATCH_FORMAT, "game": "five_hundred", "seats": SEATS,
             "first_dealer": "N", "hands": list(hands)}
    created = client.post("/api/matches", json=match)
    assert created.status_code == 201, created.get_json()
    return created.get_json()["id"]


def section(html: str) -> str:
    found = re.search(r'<section class="card analysis".*?</section>', html, re.S)
    assert found, "no analysis on the page"
    return found.group(0)
