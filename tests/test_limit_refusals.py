"""Flask-Limiter's refusals, answered in words (scorekeeper/web/ratelimit.py): each limit's
sentence, a page for pages and JSON for the API, and a Retry-After that is the wait the
sentence gives; a club night's tables counted with its event; a limit turned off at once."""

from __future__ import annotations

import re

import pytest
from support.helpers import euchre_hand, euchre_match

from scorekeeper.web.ratelimit import wait_words

NAMES = [f"Player {i:02d}" for i in range(8)]


def new_match(client):
    return client.post("/api/matches", json=euchre_match())


def pdf_twice(client):
    rule = next(r for r in client.application.url_map.iter_rules() if r.rule.endswith(".pdf"))
    path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", "nothing", rule.rule)
    client.get(path)
    return client.get(path)


def write_twice(client):
    made = new_match(client).get_json()
    url, key = f"/api/matches/{made['id']}/hands", {"Authorization": f"Bearer {made['edit_key']}"}
    client.post(url, json={**euchre_hand(), "no": 1}, headers=key)
    return client.post(url, json={**euchre_hand(), "no": 2}, headers=key)


def start_twice(client):
    form = {"game": "euchre", "N": "a", "E": "b", "S": "c", "W": "d"}
    client.post("/start", data=form)
    return client.post("/start", data=form)


CASES = [  # settings, the requests, the sentence, the answer's type
    ({"CREATE_LIMIT": "1 per hour"}, lambda c: (new_match(c), new_match(c))[1],
     "Too many new matches from this network address", "application/json"),
    ({"CREATE_LIMIT": "1 per minute"}, start_twice,
     "Too many new matches from this network address", "text/html"),
    ({"PDF_LIMIT": "1 per minute"}, pdf_twice,
     "Too many PDFs asked for from this network address", "text/html"),
    ({"WRITE_LIMIT_PER_MINUTE": 1}, write_twice,
     "Too many changes to this match in a minute", "application/json"),
]


@pytest.mark.parametrize(("settings", "ask", "sentence", "mimetype"), CASES)
def test_each_refusal_says_its_limit_and_the_wait_retry_after_gives(
        make_app, settings, ask, sentence, mimetype):
    app = make_app(WTF_CSRF_ENABLED=False, **settings)
    refused = ask(app.test_client())
    assert refused.status_code == 429 and refused.mimetype == mimetype
    text = refused.get_data(as_text=True)
    if mimetype == "application/json":
        text = refused.get_json()["errors"][0]["message"]
    seconds = int(refused.headers["Retry-After"])
    assert seconds >= 1
    with app.test_request_context():
        assert f"try again {wait_words(seconds)}" in text, (seconds, text)
    assert sentence in text
    assert not [name for name in refused.headers.keys() if name.startswith("X-RateLimit")]


def test_an_event_counts_itself_and_its_tables_in_one_allowance(make_app):
    """The event's view counts 1 and its first round 2 tables (8 players): 3 of 3."""
    app = make_app(CREATE_LIMIT="3 per hour")
    client = app.test_client()
    made = client.post("/api/events", json={
        "name": "Club", "game": "euchre", "players": NAMES, "rounds": 2, "hands_per_round": 1,
        "movement": "schedule", "seed": 1})
    assert made.status_code == 201, made.get_json()
    assert len(made.get_json()["rounds"][0]["tables"]) == 2
    refused = new_match(client)
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) > 3000  # the hour's allowance is spent


def test_a_limit_set_to_0_is_off_at_once(make_app):
    app = make_app(CREATE_LIMIT="1 per hour")
    client = app.test_client()
    assert [new_match(client).status_code for _ in range(2)] == [201, 429]
    app.config["CREATE_LIMIT"] = "0"
    assert [new_match(client).status_code for _ in range(3)] == [201] * 3
    app.config["CREATE_LIMIT"] = "1 per hour"  # on again: its count was kept
    assert new_match(client).status_code == 429


def test_writes_without_the_key_are_refused_before_anything_is_counted(make_app):
    """Flask-Limiter learns which views count writes (its endpoint hints) after the first one:
    a viewer's writes to that view are still refused (403) before the count, so the scorer's
    allowance stays whole."""
    app = make_app(WRITE_LIMIT_PER_MINUTE=2)
    scorer = app.test_client()
    made = new_match(scorer).get_json()
    url, key = f"/api/matches/{made['id']}/hands", {"Authorization": f"Bearer {made['edit_key']}"}
    assert scorer.post(url, json={**euchre_hand(), "no": 1}, headers=key).status_code == 201
    viewer = app.test_client()
    for wrong in ({}, {"Authorization": "Bearer not-the-key"}):
        for _ in range(3):
            assert viewer.post(url, json={**euchre_hand(), "no": 2},
                               headers=wrong).status_code == 403
    assert scorer.post(url, json={**euchre_hand(), "no": 2}, headers=key).status_code == 201
    assert scorer.post(url, json={**euchre_hand(), "no": 3}, headers=key).status_code == 429
