"""Helpers of the reliability tests: the real server in a subprocess (from the load script),
phones that speak HTTP with cookies and form tokens, and direct reads of the SQLite file.

- ``ServeProcess``: ``scorekeeper serve`` (gunicorn) in its own process group (load.py), its
  render processes started by the first PDF unless ``env`` sets ``SCOREKEEPER_PDF_WARM``.
- ``Phone(base)``: one phone's browser: a cookie jar, form tokens read from the pages.
- ``read_db(path)``: the stored rows, read with the ``sqlite3`` module, plus the integrity check;
  ``assert_sound(stored)``: integrity ok, hands numbered 1..n, every match replays.
- ``api(base, method, path, body, key, **headers)``, ``create(base)``: API calls; ``get(base,
  path)``: a plain GET; ``no_traceback(proc)``: the server's log holds no traceback.
"""


from __future__ import annotations

import http.client
import importlib.util
import json
import sys
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from scorekeeper.store.db import sqlite3

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def benchmark_script(stem: str):
    """tests/benchmarks/<stem>.py, imported by path (a script, not a package module)."""
    name = f"scorekeeper_{stem}_script"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{stem}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


load = benchmark_script("load")
Client = load.Client


class ServeProcess(load.ServeProcess):  # type: ignore[misc,name-defined]
    """The load script's server with its render processes started by the first PDF
    (``PDF_WARM=0``) unless ``env`` asks for them warm: warming a render process a worker
    costs a start 2.4 s of CPU, and the suite starts about 100 servers. The warm start, the
    default, is tested through the real server in test_pdf_shared.py and
    test_pdf_supervision.py."""

    def __init__(self, instance: Path, *, env: dict[str, str] | None = None,
                 **options: Any) -> None:
        super().__init__(instance, env={"SCOREKEEPER_PDF_WARM": "0", **(env or {})}, **options)

from support.helpers import SEATS  # noqa: E402 - after the load script


def euchre(**extra: Any) -> dict[str, Any]:
    """A Euchre match object (a long game unless ``rules`` is given)."""
    return {"format": "scorekeeper-match/1", "game": "euchre", "seats": dict(SEATS),
            "rules": {"target": 200}, **extra}


def db_path(proc: Any) -> Path:
    return proc.instance / "scorekeeper.db"


# --- reading the database directly -------------------------------------------------------------


@dataclass
class Stored:
    integrity: str
    hands: dict[str, list[tuple[int, dict[str, Any], str | None]]]  # match -> (no, data, key)
    matches: dict[str, dict[str, Any]]
    counts: dict[str, int]

    def hand_data(self, match_id: str) -> list[dict[str, Any]]:
        return [h[1] for h in self.hands.get(match_id, [])]


def read_db(path: Path) -> Stored:
    """Everything stored, read with the sqlite3 module (not the app), and the integrity check."""
    conn = sqlite3.connect(path, timeout=30)
    try:
        integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
        hands: dict[str, list[tuple[int, dict[str, Any], str | None]]] = {}
        for match_id, no, data, key in conn.execute(
                "SELECT match_id, no, data, submission_key FROM hands ORDER BY match_id, no"):
            hands.setdefault(match_id, []).append((no, json.loads(data), key))
        matches = {r[0]: {**json.loads(r[1]), "_version": r[2]} for r in conn.execute(
            "SELECT id, data, version FROM matches")}
        counts = {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                  for t in ("matches", "hands", "hand_history", "idempotency")}
    finally:
        conn.close()
    return Stored(integrity, hands, matches, counts)


def assert_sound(stored: Stored) -> None:
    """integrity_check ok; every match's hands numbered 1..n and replaying cleanly."""
    from scorekeeper.engine.matchfile import check_match

    assert stored.integrity == "ok"
    for match_id, rows in stored.hands.items():
        assert [r[0] for r in rows] == list(range(1, len(rows) + 1)), match_id
        data = {k: v for k, v in stored.matches[match_id].items() if k != "_version"}
        result = check_match({**data, "hands": [r[1] for r in rows]})
        assert result.ok, (match_id, [p.as_json() for p in result.problems])


# --- a phone's browser --------------------------------------------------------------------------


class FormParser(HTMLParser):
    """Each form's action and the values it would send as is (hidden, text, checked)."""

    def __init__(self, html: str):
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self.forms.append({"action": a.get("action"), "values": {}})
        elif tag == "input" and self.forms and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("radio", "checkbox") and "checked" not in a:
                return
            self.forms[-1]["values"][a["name"]] = a.get("value") or ("y" if kind in (
                "radio", "checkbox") else "")


def form_values(html: str, action_part: str) -> dict[str, str]:
    for form in FormParser(html).forms:
        if form["action"] and action_part in form["action"]:
            return dict(form["values"])
    raise AssertionError(f"no form posting to {action_part}")


class Phone:
    """One phone's browser against a real server: cookies kept, no redirects followed.

    Each request opens its own connection, so several threads may share nothing but the
    cookies they copied.
    """

    def __init__(self, base: str):
        host_port = base.removeprefix("http://")
        self.host, _, port = host_port.partition(":")
        self.port = int(port)
        self.cookies: dict[str, str] = {}

    def close(self) -> None:
        """Nothing stays open between requests."""

    def copy(self) -> Phone:
        """Another tab of the same browser (same cookies)."""
        other = Phone(f"http://{self.host}:{self.port}")
        other.cookies = dict(self.cookies)
        return other

    def request(self, method: str, path: str, form: dict[str, str] | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, str, dict[str, str]]:
        data = None if form is None else urlencode(form).encode()
        hdrs = {"Accept": "text/html", **(headers or {})}
        if self.cookies:
            hdrs["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if data is not None:
            hdrs["Content-Type"] = "application/x-www-form-urlencoded"
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            conn.request(method, path, body=data, headers=hdrs)
            response = conn.getresponse()
            body = response.read().decode("utf-8", "replace")
            for line in response.headers.get_all("Set-Cookie") or []:
                name, _, rest = line.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
            got = {k.lower(): v for k, v in response.getheaders()}
            return response.status, body, got
        finally:
            conn.close()

    def get(self, path: str) -> tuple[int, str, dict[str, str]]:
        return self.request("GET", path)

    def post(self, path: str, form: dict[str, str], **headers: str):
        return self.request("POST", path, form, headers)

    def open_scorer_link(self, match_id: str, key: str) -> None:
        status, _body, headers = self.get(f"/m/{match_id}?key={key}")
        assert status == 303, status
        assert headers["location"] == f"/m/{match_id}"

    def hand_form(self, match_id: str) -> dict[str, str]:
        status, html, _h = self.get(f"/m/{match_id}")
        assert status == 200
        return form_values(html, "/hands")


def api(base: str, method: str, path: str, body: Any = None, key: str | None = None,
        **headers: str) -> tuple[int, Any, dict[str, str]]:
    """One API request on a fresh connection: (status, JSON, headers)."""
    client = Client(base)
    try:
        hdrs = dict(headers)
        if key:
            hdrs["Authorization"] = f"Bearer {key}"
        status, parsed, got, _secs = client.request(method, path, body, hdrs)
        return status, parsed, got
    finally:
        client.close()


def create(base: str, **extra: Any) -> tuple[str, str]:
    """Create a match through the API: (id, edit key)."""
    status, body, _h = api(base, "POST", "/api/matches", euchre(**extra))
    assert status == 201, body
    return body["id"], body["edit_key"]


ROOT = load.ROOT
free_port = load.free_port
TransportError = load.TransportError


def get(base: str, path: str, **headers: str) -> tuple[int, bytes, dict[str, str]]:
    client = Client(base, timeout=60)
    try:
        import http.client

        conn = http.client.HTTPConnection(client.host, client.port, timeout=60)
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        data = response.read()
        return response.status, data, {k.lower(): v for k, v in response.getheaders()}
    finally:
        conn.close()


def no_traceback(proc: Any) -> None:
    log = proc.log_text()
    assert "Traceback" not in log, log[-3000:]
