"""What a live stream's address may name (``scorekeeper.serving.streams.topics``): a table of
cases and a property over any bytes (never an exception: a refusal in words, 400)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.serving.streams import KINDS, TOPIC_ID, TOPICS, event, topics


@pytest.mark.parametrize(("query", "expected"), [
    (b"m=abc", [("m", "abc")]),
    (b"m=abc&e=Ev_1-x", [("m", "abc"), ("e", "Ev_1-x")]),
    (b"m=abc&m=abc", [("m", "abc")]),  # the same topic twice is one
    (b"s=Se_9", [("s", "Se_9")]),  # a duplicate session (its table phones, the wall)
    (b"m=a&m=b&m=c&e=d", [("m", "a"), ("m", "b"), ("m", "c"), ("e", "d")]),
    (b"", None),
    (b"m=", None),
    (b"m", None),
    (b"x=abc", None),
    (b"m=a/b", None),
    (b"m=" + b"a" * 65, None),
    (b"m=a&m=b&m=c&m=d&m=e", None),  # more than a page follows
    (b"m=%C3%A9", None),
    (b"m=\xff", None),
])
def test_the_topics_a_query_names(query: bytes, expected: list[tuple[str, str]] | None) -> None:
    assert topics(query) == expected


@given(st.binary(max_size=300))
def test_any_query_is_topics_or_refused_never_an_error(query: bytes) -> None:
    found = topics(query)
    if found is not None:
        assert 1 <= len(found) <= TOPICS and len(set(found)) == len(found)
        assert all(k in KINDS and TOPIC_ID.fullmatch(v) for k, v in found)


def test_an_event_is_one_server_sent_event() -> None:
    assert event(("m", "abc"), "7") == b'event: change\ndata: {"k":"m:abc","v":"7"}\n\n'
