"""Small helpers of the web and service tests: match and hand builders, ports, waiting for a
server and stopping it, a plain HTTP call."""

from __future__ import annotations

import json
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from scorekeeper.engine.limits import MATCH_FORMAT

ROOT = Path(__file__).resolve().parents[2]  # the repository
# The project's shared folder (specs, examples, EGN files) sits beside the clone.
SHARED = ROOT.parent / "shared"
SEATS = {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}


def euchre_match(**extra: Any) -> dict[str, Any]:
    """A minimal Euchre match object (no hands unless given)."""
    return {"format": MATCH_FORMAT, "game": "euchre", "seats": dict(SEATS), **extra}


def whist_match(**extra: Any) -> dict[str, Any]:
    """A minimal Whist match object."""
    return {"format": MATCH_FORMAT, "game": "whist", "seats": dict(SEATS), **extra}


def euchre_hand(caller: str = "E", tricks: int = 3, **extra: Any) -> dict[str, Any]:
    """A legal Euchre hand recorded by its outcome only."""
    return {"caller": caller, "makers_tricks": tricks, **extra}


def free_port() -> int:
    """A TCP port free on the loopback interface right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str, timeout: float = 20.0, process: subprocess.Popen | None = None) -> None:
    """Wait until ``url`` answers 200 (failing at once if ``process`` exits)."""
    deadline = time.monotonic() + timeout
    while True:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server exited with status {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(f"{url} did not answer within {timeout} s")
        time.sleep(0.1)


def stop_process(proc: subprocess.Popen) -> None:
    """Stop a server started for a test: SIGTERM, then SIGKILL after 20 s."""
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def organiser_key(app: Any) -> str:
    """The organiser key of a test app (what ``scorekeeper organiser-key`` prints)."""
    from scorekeeper.service import organiser
    from scorekeeper.store.db import get_db

    with app.app_context():
        return organiser.key(get_db(), str(app.config["SECRET_KEY"]))


def become_organiser(client: Any) -> dict[str, str]:
    """Give a test client the organiser's right (the cookie, as a phone gets it); return the
    API's header for the same right."""
    key = organiser_key(client.application)
    assert client.get(f"/organiser?key={key}").status_code == 303
    return {"Authorization": f"Bearer {key}"}


def call(method: str, url: str, body=None, key: str | None = None, headers=None):
    """An HTTP request; (status, parsed JSON or text)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            status, raw = r.status, r.read()
    except urllib.error.HTTPError as e:
        status, raw = e.code, e.read()
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw.decode()
