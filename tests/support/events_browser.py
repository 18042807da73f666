"""Club nights in the browser: the players' names and the API calls that set up an evening."""

from __future__ import annotations

import json
import urllib.request

NAMES = ["Ann", "Bo", "Cai", "Dee", "Eve", "Finn", "Gus", "Hal"]


def api(base_url, path, body=None, key=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base_url + path, data=data, method="POST" if data else "GET")
    request.add_header("Content-Type", "application/json")
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())
