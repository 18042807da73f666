"""What tests/test_api_fuzz.py leaves out: the history address, conditional reads with any
If-None-Match, and odd Authorization headers. Never a 500; never a write without the key."""

from __future__ import annotations

from urllib.parse import quote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])
header_text = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=60)


@FUZZ
@given(segment=st.text(min_size=1, max_size=40), etag=header_text)
def test_history_and_conditional_reads_never_500(client, matches, segment, etag):
    match_id, _key = matches.create()
    for url in (f"/api/matches/{quote(segment, safe='')}/history",
                f"/api/matches/{match_id}/history"):
        assert client.get(url).status_code in (200, 308, 404)
    r = client.get(f"/api/matches/{match_id}", headers={"If-None-Match": etag})
    assert r.status_code in (200, 304)


@FUZZ
@given(scheme=st.sampled_from(["Bearer", "bearer", "BEARER", "Basic", "Token", ""]),
       space=st.sampled_from([" ", "  ", "\t", ""]), suffix=header_text)
def test_odd_authorization_headers_never_write(client, matches, scheme, space, suffix):
    match_id, key = matches.create()
    for value in (f"{scheme}{space}{suffix}", f"{scheme}{space}{key}{suffix}",
                  f"{scheme}{space}{key[:-1]}"):
        r = client.post(f"/api/matches/{match_id}/hands", headers={"Authorization": value},
                        json={"caller": "E", "makers_tricks": 3, "no": 1})
        assert r.status_code < 500
        if r.status_code == 201:  # only the exact key, however the header is spelled
            assert value.split(None, 1)[0].lower() == "bearer"
            assert value.split(None, 1)[1].strip() == key
            assert client.delete(f"/api/matches/{match_id}/hands/1",
                                 headers={"Authorization": f"Bearer {key}"}).status_code == 200
        else:
            assert r.status_code in (400, 403)
    assert matches.load(match_id).hand_count == 0
