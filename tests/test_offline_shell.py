"""The service worker keeps every file a kept page loads (static/js/sw.js ``SHELL_URLS``, and
``GAME_URLS``: the registered games' own files and the joined scripts, filled in by the
server): a match page opened offline must run its offline queue (queue.js) and its card
recorder with its game's script, or Save would be a plain POST to a network that is not there
and the hand would be lost."""

from __future__ import annotations

import json
import re

import pytest
from support.helpers import euchre_match

from scorekeeper.engine.games import GAMES


def shell_urls(client) -> set[str]:
    script = client.get("/sw.js").get_data(as_text=True)
    listed = re.search(r"SHELL_URLS ?= ?\[(.*?)\]\s*\.concat\(GAME_URLS\);", script, re.S)
    games = re.search(r"GAME_URLS ?= ?(\[.*?\]);", script)
    assert listed and games, script[:500]
    return set(re.findall(r'"([^"]+)"', listed.group(1))) | set(json.loads(games.group(1)))


def loaded(html: str) -> set[str]:
    """What a page loads from /static and the games' folders (scripts, stylesheets, icons),
    without query strings."""
    return {u.split("?")[0]
            for u in re.findall(r'(?:src|href)="(/(?:static|games|bundles)/[^"]+)"', html)}


def test_every_file_the_kept_pages_load_is_in_the_shell(client):
    created = client.post("/api/matches", json=euchre_match()).get_json()
    client.get(f"/m/{created['id']}?key={created['edit_key']}")  # a scorer's page: the most
    pages = [client.get("/").get_data(as_text=True),
             client.get(f"/m/{created['id']}").get_data(as_text=True)]
    event = client.post("/api/events", json={
        "name": "Club", "game": "euchre", "players": [f"P{n}" for n in range(8)], "rounds": 2,
        "hands_per_round": 1, "movement": "progressive", "minutes_per_round": 30}).get_json()
    first = event["rounds"][0]["tables"][0]
    pages.append(client.get(first["table_url"], follow_redirects=True).text)  # the clock
    client.post(f"/api/matches/{first['match']}/hands", json={
        "no": 1, "caller": "N", "makers_tricks": 3},
        headers={"Authorization": f"Bearer {first['edit_key']}"})
    pages.append(client.get(f"/m/{first['match']}").text)  # waiting for the other table
    assert "event-clock.js" in pages[2] and "event-live.js" in pages[3]
    missing = set().union(*(loaded(p) for p in pages)) - shell_urls(client)
    assert not missing, f"not kept for offline use by sw.js: {sorted(missing)}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_s_match_page_files_are_in_the_shell(client, game):
    # A scorer's match page of each registered game: its own stylesheet and script (its
    # folder's game.css, game.js) are kept, as the shared ones are.
    created = client.post("/api/matches", json=euchre_match(game=game)).get_json()
    page = client.get(f"/m/{created['id']}?key={created['edit_key']}", follow_redirects=True)
    assert 'id="entry"' in page.text  # the hand form, and with it the game's script
    missing = loaded(page.text) - shell_urls(client)
    assert not missing, f"not kept for offline use by sw.js: {sorted(missing)}"


def test_a_new_shell_list_gets_a_new_cache_name(client):
    # Installed workers keep the old cache until its name changes: the list changed with v5
    # (the match page's scripts joined into one file, web/bundles.py).
    script = client.get("/sw.js").get_data(as_text=True)
    assert re.search(r'SHELL ?= ?"scorekeeper-shell-v5"', script)  # minified or not


def test_every_file_in_the_shell_exists(client):
    # cache.addAll fails as a whole on one missing file: the worker is then never installed
    # and no page opens offline (a renamed event-wait.js did that).
    for url in sorted(shell_urls(client)):
        assert client.get(url).status_code == 200, url
