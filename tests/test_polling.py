"""Cheap polling (issue 9): an unchanged conditional GET of a match is answered 304 from the
match's stored version, without loading or replaying the match or building its JSON."""

from __future__ import annotations

from pathlib import Path

from support.helpers import euchre_hand

from scorekeeper import service


def test_an_unchanged_poll_is_304_without_replaying_the_match(app, client, matches,
                                                             monkeypatch):
    match_id, _key = matches.create()
    matches.record(match_id, euchre_hand("E", 3))
    url = f"/api/matches/{match_id}"
    first = client.get(url)
    tag = first.headers["ETag"]
    assert first.status_code == 200 and tag.startswith('"v2-')
    loads = []
    real_load = service.load
    monkeypatch.setattr(service, "load", lambda db, i: loads.append(i) or real_load(db, i))
    for _ in range(3):
        again = client.get(url, headers={"If-None-Match": tag})
        assert again.status_code == 304 and again.data == b""
        assert again.headers["ETag"] == tag and again.headers["Cache-Control"] == "no-cache"
    assert loads == []  # answered from the version alone
    # every change changes the ETag: a hand, a correction, an undo
    seen = {tag}
    for change in ("record", "correct", "undo"):
        if change == "record":
            matches.record(match_id, euchre_hand("N", 4))
        elif change == "correct":
            with app.app_context():
                from scorekeeper.store.db import get_db
                assert service.correct_hand(get_db(), match_id, 2, euchre_hand("N", 5)).ok
        else:
            with app.app_context():
                from scorekeeper.store.db import get_db
                assert service.undo_last(get_db(), match_id, 2).ok
        r = client.get(url, headers={"If-None-Match": tag})
        assert r.status_code == 200, change
        assert r.headers["ETag"] not in seen, change
        tag = r.headers["ETag"]
        seen.add(tag)


def test_if_none_match_must_name_the_full_etag(client, matches):
    match_id, _key = matches.create()
    url = f"/api/matches/{match_id}"
    tag = client.get(url).headers["ETag"].strip('"')
    version = tag.split("-")[0]
    for other in (f'"{version}"', f'"{version}-0000"', f'"{tag[:-1]}"', f'W/"{tag}x"', tag[:-2]):
        r = client.get(url, headers={"If-None-Match": other})
        assert r.status_code == 200 and r.json["match"]["game"] == "euchre", other
    assert client.get(url, headers={"If-None-Match": f'"x", "{tag}"'}).status_code == 304
    assert client.get(url, headers={"If-None-Match": "*"}).status_code == 304


def test_the_etag_follows_the_language_of_the_answer(client, matches):
    match_id, _key = matches.create()
    url = f"/api/matches/{match_id}"
    en = client.get(url).headers["ETag"]
    zh = client.get(url, headers={"Accept-Language": "zh-TW"}).headers["ETag"]
    assert en != zh
    r = client.get(url, headers={"Accept-Language": "zh-TW", "If-None-Match": en})
    assert r.status_code == 200


def test_a_poll_of_an_unknown_match_is_still_404(client):
    r = client.get("/api/matches/nope", headers={"If-None-Match": '"v1-abc"'})
    assert r.status_code == 404


def test_the_fast_304_carries_the_usual_headers(client, matches):
    match_id, _key = matches.create()
    url = f"/api/matches/{match_id}"
    full = client.get(url)
    r = client.get(url, headers={"If-None-Match": full.headers["ETag"]})
    assert r.status_code == 304
    for name in ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy",
                 "X-Frame-Options"):
        assert r.headers[name] == full.headers[name], name
    secure = client.get(url, base_url="https://localhost",
                        headers={"If-None-Match": full.headers["ETag"]})
    assert secure.status_code == 304 and "max-age=" in secure.headers["Strict-Transport-Security"]
    # the language chosen by the cookie counts as in the app
    client.set_cookie("lang", "zh_Hans")
    assert client.get(url, headers={"If-None-Match": full.headers["ETag"]}).status_code == 200


def test_the_server_keeps_a_polling_phone_s_connection():
    """Phones poll every 2 s: gunicorn keeps an idle connection longer than that, and has room
    the file descriptors for four phones a table."""
    import resource

    from scorekeeper.serving.config import options as gunicorn_options
    from scorekeeper.serving.config import raise_open_files_limit

    options = gunicorn_options("127.0.0.1", 5000, Path("instance"))
    assert options["keepalive"] > 2
    before = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    assert raise_open_files_limit() >= before


def test_a_phone_that_only_watches_polls_the_live_part_of_its_page(app, client, matches):
    """The match page of a viewer names its live part (``data-live-url``): what table.js polls
    and swaps in. A scoring phone polls the JSON and fetches its own page (its form)."""
    import re

    match_id, key = matches.create()
    matches.record(match_id, euchre_hand("W", 5))
    viewer = app.test_client()
    page = viewer.get(f"/m/{match_id}").text
    assert f'data-live-url="/m/{match_id}/live"' in page
    part = viewer.get(f"/m/{match_id}/live")
    assert part.status_code == 200 and part.headers["Cache-Control"] == "no-cache"
    tag = part.headers["ETag"]
    assert tag.startswith('W/"l2-')  # weak: the same part gzipped or not
    assert viewer.get(f"/m/{match_id}/live", headers={"If-None-Match": tag}).status_code == 304
    # The page names the tag of its own version: its first poll is a 304 unless the match
    # changed meanwhile.
    assert f'data-etag="{tag.replace(chr(34), "&#34;")}"' in page
    # the same element as the page's, less nothing a viewer sees
    live_of_page = re.search(r'<div id="live".*?</section>\n</div>', page, re.S).group(0)
    assert part.text == re.sub(r' data-(live-url|etag)="[^"]*"', "", live_of_page)
    # the scorer's page polls the JSON; asked by the scorer, the live part is still a viewer's
    client.get(f"/m/{match_id}?key={key}")
    scorer_page = client.get(f"/m/{match_id}").text
    assert 'id="entry"' in scorer_page and "data-live-url" not in scorer_page
    api_tag = client.get(f"/api/matches/{match_id}").headers["ETag"]
    assert f'data-etag="{api_tag.replace(chr(34), "&#34;")}"' in scorer_page
    mine = client.get(f"/m/{match_id}/live").text
    assert "View only" in mine and "<form" not in mine and "csrf_token" not in mine
    assert client.get("/m/nope/live").status_code == 404


def test_a_viewer_s_match_page_answers_a_conditional_get_from_the_version(app, matches):
    """A watching phone's page names its version's tag; asked again with it, 304 until a hand
    is recorded. A scorer's page (it carries the scorer link) is never stored: no tag."""
    match_id, key = matches.create()
    viewer = app.test_client()
    page = viewer.get(f"/m/{match_id}")
    tag = page.headers["ETag"]
    assert tag.startswith('W/"p1-') and page.headers["Cache-Control"] == "private, no-cache"
    again = viewer.get(f"/m/{match_id}", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.headers["ETag"] == tag
    matches.record(match_id, euchre_hand("W", 5))
    changed = viewer.get(f"/m/{match_id}", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    scorer = app.test_client()
    scorer.get(f"/m/{match_id}?key={key}")
    mine = scorer.get(f"/m/{match_id}", headers={"If-None-Match": tag})
    assert mine.status_code == 200 and "ETag" not in mine.headers
    assert mine.headers["Cache-Control"] == "no-store"
