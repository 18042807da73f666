"""No request, however malformed, gets a 500 from the API or the export."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.helpers import euchre_match

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=15), inner,
                                                               max_size=6),
    max_leaves=20,
)
hand_keys = st.sampled_from(
    ["no", "caller", "makers_tricks", "alone", "passed", "dealer", "trump", "turn_up", "round",
     "renege", "discard", "deal", "play", "note", "defender_alone", "tricks_NS", "honours_NS",
     "revoke"]
)
hand_like = st.dictionaries(hand_keys, json_values, max_size=6)
match_like = st.fixed_dictionaries(
    {"format": st.sampled_from(["scorekeeper-match/1", "x"]),
     "game": st.sampled_from(["euchre", "whist", "chess"]),
     "seats": st.one_of(json_values, st.just({"N": "a", "E": "b", "S": "c", "W": "d"}))},
    optional={"rules": json_values, "hands": st.lists(hand_like, max_size=4),
              "first_dealer": json_values, "start_score": json_values, "teams": json_values},
)
bodies = st.one_of(
    json_values.map(json.dumps),
    hand_like.map(json.dumps),
    match_like.map(json.dumps),
    st.binary(max_size=60).map(lambda b: b.decode("latin-1")),
)

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


@pytest.fixture
def target(client):
    r = client.post("/api/matches", json=euchre_match())
    return r.get_json()


@FUZZ
@given(body=bodies, content_type=st.sampled_from(["application/json", "text/plain", ""]))
def test_create_never_500(client, body, content_type):
    r = client.post("/api/matches", data=body, content_type=content_type or None)
    assert r.status_code in (201, 400, 415, 422)
    if r.status_code != 201:
        assert r.get_json()["errors"][0]["message"]


@pytest.mark.app_config(WRITE_LIMIT_PER_MINUTE=0)  # hundreds of writes to one match
@FUZZ
@given(body=bodies, method=st.sampled_from(["POST", "PUT", "DELETE"]),
       no=st.integers(0, 3), key=st.text(max_size=120), idem=st.text(max_size=120),
       if_match=st.one_of(st.none(), st.text(max_size=30)))
def test_hand_writes_never_500(client, target, body, method, no, key, idem, if_match):
    headers = {"Authorization": f"Bearer {target['edit_key']}"}
    if idem.isprintable() and idem.isascii():
        headers["Idempotency-Key"] = idem
    if if_match is not None and if_match.isprintable() and if_match.isascii():
        headers["If-Match"] = if_match
    base = f"/api/matches/{target['id']}/hands"
    url = base if method == "POST" else f"{base}/{no}"
    r = client.open(url, method=method, data=body, content_type="application/json",
                    headers=headers)
    assert r.status_code < 500
    if key.isascii() and key.isprintable():
        r = client.open(url, method=method, data=body, content_type="application/json",
                        headers={"Authorization": f"Bearer {key}"})
        assert r.status_code in (403, 404)


@FUZZ
@given(segment=st.text(min_size=1, max_size=40))
def test_reads_never_500(client, segment):
    from urllib.parse import quote

    for url in (f"/api/matches/{quote(segment, safe='')}", f"/m/{quote(segment, safe='')}.json"):
        assert client.get(url).status_code in (200, 308, 404)
