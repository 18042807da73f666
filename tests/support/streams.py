"""A live stream (``GET /stream``, Server-Sent Events) read as a test reads it: event by
event, each wait bounded by the connection's timeout (a test waits for the next event, not for
a clock)."""

from __future__ import annotations

import http.client
import json
from typing import Any

WAIT = 10  # seconds: the most a test waits for an event it expects


class Stream:
    """One EventSource's connection, read event by event (``next``: the next ``change``)."""

    def __init__(self, conn: http.client.HTTPConnection, query: str):
        self.conn = conn
        conn.request("GET", "/stream?" + query, headers={"Accept": "text/event-stream"})
        self.response = conn.getresponse()
        self.status = self.response.status
        self.headers = {k.lower(): v for k, v in self.response.getheaders()}

    @classmethod
    def to(cls, base: str, query: str) -> Stream:
        host, port = base.removeprefix("http://").split(":")
        return cls(http.client.HTTPConnection(host, int(port), timeout=WAIT), query)

    def next(self) -> dict[str, Any]:
        """The next ``change`` event's data (a socket timeout fails the test)."""
        kind, data = None, None
        while True:
            line = self.response.readline().decode()
            assert line, "the stream ended"
            line = line.rstrip("\n")
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: "):
                data = json.loads(line[6:])
            elif not line and kind == "change":
                assert data is not None
                return data

    def body(self) -> bytes:
        return self.response.read()

    def close(self) -> None:
        self.conn.close()
