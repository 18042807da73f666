"""One Whist rubber, one result (issue 35): the match page, its title, the home page's recent
matches, the players' recent matches, progression chart and season figures, the sheet and the
API all say the rubber in games won and its points, as the engine settles it (spec/rules.md:
"a rubber is worth 1 to 8"; match-format.md: ``games`` and ``rubber``), never the last game's
score (which is all ``score`` holds after a rubber) nor the points summed over its games.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from support.helpers import become_organiser, whist_match

from scorekeeper.store import db as dbmod
from scorekeeper.store import stats as stats_store


def deal(tricks_ns: int, honours_ns: int = 2) -> dict[str, Any]:
    return {"trump": "S", "tricks_NS": tricks_ns, "honours_NS": honours_ns}


# (deals, NS games, EW games, the winners, the rubber's points, the last game's score)
RUBBERS = [
    # NS 5-0 (treble), EW 5-0 (treble), NS 5-0 (treble): 2 + 3 + 3 - 3 = 5
    ([deal(11, 0), deal(2, 4), deal(9), deal(8)], 2, 1, "NS", 5, "5–0"),
    # EW 5-0 (treble), EW 6-3 (single): 2 + 3 + 1 = 6
    ([deal(2), deal(9), deal(1)], 0, 2, "EW", 6, "6–3"),
    # NS 5-3 (single), EW 5-2 (double), NS 5-4 (single): 2 + 1 + 1 - 2 = 2
    ([deal(9), deal(4), deal(8), deal(4), deal(8), deal(5), deal(9), deal(4), deal(6),
      deal(8)], 2, 1, "NS", 2, "5–4"),
]


def text(html: str) -> str:
    html = re.sub(r"<svg.*?</svg>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&amp;", "&").split())


@pytest.fixture
def organiser(client):
    client.environ_base["HTTP_AUTHORIZATION"] = become_organiser(client)["Authorization"]
    return client


def start(client, hands) -> dict[str, Any]:
    r = client.post("/api/matches", json=whist_match(
        rules={"rubber": True, "target": 5, "honours": True}, hands=hands))
    assert r.status_code == 201, r.get_json()
    return r.get_json()


@pytest.mark.parametrize(("hands", "ns", "ew", "winner", "points", "last"), RUBBERS)
def test_one_rubber_one_result_everywhere(organiser, hands, ns, ew, winner, points, last):
    client = organiser
    body = start(client, hands)
    match_id = body["id"]
    names = {"NS": "Ann & Cai", "EW": "Bo & Dee"}
    loser = "EW" if winner == "NS" else "NS"
    games = {"NS": ns, "EW": ew}
    said = f"{names[winner]} won the rubber {games[winner]}–{games[loser]}, {points} points"

    state = client.get(f"/api/matches/{match_id}").get_json()["state"]
    assert state["rubber"] == {"winner": winner, "points": points}
    assert [g["winner"] for g in state["games"]].count("NS") == ns

    page = client.get(f"/m/{match_id}").get_data(as_text=True)
    assert f"<title>{ns}–{ew} · " in page  # the title (and the live part's) say the games
    assert f'data-title="{ns}–{ew} · ' in page
    assert said in text(page)
    # the board's big numbers are the games won, not the last game's score
    assert re.findall(r'<p class="pts"[^>]*>(\d+)</p>', page) == [str(ns), str(ew)]
    assert '<p class="goal">games won</p>' in page

    client.get(f"/m/{match_id}?key={body['edit_key']}")  # this phone has it in its recent list
    home = text(client.get("/").get_data(as_text=True))
    recent = home[home.index("Recent matches on this device"):home.index("New match")]
    assert said in recent and f" {ns}–{ew}" in recent and last not in recent

    ours = {"NS": (ns, ew), "EW": (ew, ns)}
    for seat, side in (("N", "NS"), ("E", "EW")):
        player = text(client.get(f"/players/{body['players'][seat]['id']}").get_data(
            as_text=True))
        a, b = ours[side]
        result = "won" if side == winner else "lost"
        assert f"{a}–{b} {result} rubber, {points} points" in player  # recent matches
        assert f"· {a}–{b} · rubber, {points} points" in player  # the chart's caption
        chart = player[player.index("Score progression"):player.index("Partners")]
        assert " to " not in chart  # not the points summed over the games

    sheet = text(client.get(f"/m/{match_id}/sheet").get_data(as_text=True))
    assert (f"Final: {names[winner]} win the rubber {games[winner]}–{games[loser]},"
            f" worth {points}") in sheet


def test_an_unfinished_rubber_is_counted_in_games(organiser):
    body = start(organiser, [deal(11), deal(9)])  # NS won game 1; game 2 at 3-0
    page = organiser.get(f"/m/{body['id']}").get_data(as_text=True)
    assert "<title>1–0 · " in page
    player = text(organiser.get(f"/players/{body['players']['N']['id']}").get_data(
        as_text=True))
    assert "Whist Ann & Cai – Bo & Dee 1–0 Season" in player  # no points until decided
    assert "· 1–0 Partners" in player


def test_the_chart_starts_each_game_of_a_rubber_at_nothing(app, organiser):
    body = start(organiser, RUBBERS[0][0])
    with app.app_context():
        from scorekeeper.store.db import get_db
        shown = stats_store.progressions(get_db(), [body["id"]])[body["id"]]
    assert shown.breaks == [1, 2, 4]
    assert shown.points == [(5, 0), (0, 5), (3, 0), (5, 0)]
    page = organiser.get(f"/players/{body['players']['N']['id']}").get_data(as_text=True)
    svg = page[page.index('<ul class="prog">'):]
    svg = svg[:svg.index("</svg>")]
    assert svg.count("<polyline") == 6  # two sides, three games


def test_the_migration_recounts_rubbers_stored_before(app, organiser):
    """Facts written before 0027 held the last game's score and no game ends: migrating
    makes them again from the hands."""
    body = start(organiser, RUBBERS[0][0])
    path = app.config["DATABASE"]
    db = dbmod.connect(path)
    db.execute("UPDATE match_facts SET score_NS = 5, score_EW = 0")
    db.execute("UPDATE hand_facts SET detail = json_remove(detail, '$.game_end',"
               " '$.rubber_points')")
    db.execute("DELETE FROM _sqlite_migrations WHERE name = '0027_rubber_facts'")
    db.conn.commit()
    player = f"/players/{body['players']['N']['id']}"
    assert "5–0 won" in text(organiser.get(player).get_data(as_text=True))
    assert dbmod.migrate(db) == ["0027_rubber_facts"]
    db.conn.commit()
    db.conn.close()
    assert "2–1 won rubber, 5 points" in text(organiser.get(player).get_data(as_text=True))


def test_the_evenings_line_counts_a_rubber_in_games(app, client, matches):
    """A rubber then a rematch: the evening's line on the page and the PDF gives the rubber as
    2–1, as its own page does, not its last game's 5–0."""
    first, _key = matches.create(whist_match(rules={"rubber": True, "target": 5,
                                                    "honours": True}, hands=RUBBERS[0][0]))
    with app.app_context():
        from scorekeeper import service
        from scorekeeper.store.db import get_db
        second = service.rematch(get_db(), first, "secret").match_id
    matches.record(second, deal(9))
    for one in (first, second):
        page = text(client.get(f"/m/{one}/sheet").get_data(as_text=True).replace("\xa0", " "))
        assert "Tonight: Ann & Cai 1 – 0 Bo & Dee" in page and "(2–1, 0–0 …)" in page
