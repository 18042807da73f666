"""A game's static files come from its own folder (scorekeeper/games/<game>/static/), served by
one route that asks the registry, as /static serves the shared ones: minified, revalidated,
compressed. The pages of a game link its files only; a PDF gets its sheet's stylesheet parsed.
"""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from support import one_trick
from support.helpers import euchre_match

from scorekeeper.engine.games import GAMES
from scorekeeper.printing.pdf import render_pdf
from scorekeeper.web import game_static

ROOT = Path(__file__).resolve().parent.parent
# every file the games ship today: (game, file)
SHIPPED = sorted((g, p.name) for g in GAMES
                 for p in (ROOT / "scorekeeper" / "games" / g / "static").glob("*"))


def test_the_games_ship_their_files_by_the_convention() -> None:
    # only the names the core links (docs/games.md): a file by another name is never loaded
    assert SHIPPED, "no game ships a static file"
    assert {name for _g, name in SHIPPED} <= {"game.css", "game.js", "print.css", "blank.css",
                                              "session.css", "session-print.css"}


@pytest.mark.parametrize(("game", "name"), SHIPPED)
def test_each_file_is_served_minified_and_revalidated(client, game: str, name: str) -> None:
    source = (ROOT / "scorekeeper" / "games" / game / "static" / name).read_text("utf-8")
    r = client.get(f"/games/{game}/static/{name}")
    assert r.status_code == 200
    assert r.mimetype == ("text/css" if name.endswith(".css") else "text/javascript")
    assert "/*" not in r.text and "//" not in r.text.replace("://", "")  # comments gone
    assert len(r.data) < len(source.encode())
    assert r.headers["Cache-Control"] == "no-cache"  # as /static/css/app.css
    assert r.headers["Cache-Control"] == client.get("/static/css/app.css").headers["Cache-Control"]
    again = client.get(f"/games/{game}/static/{name}", headers={"If-None-Match": r.headers["ETag"]})
    assert again.status_code == 304 and not again.data


def test_a_large_file_is_compressed_like_the_shared_ones(client) -> None:
    big = max(SHIPPED, key=lambda gn: len(client.get(f"/games/{gn[0]}/static/{gn[1]}").data))
    assert len(client.get(f"/games/{big[0]}/static/{big[1]}").data) > 1024
    for encoding in ("br", "gzip"):
        r = client.get(f"/games/{big[0]}/static/{big[1]}", headers={"Accept-Encoding": encoding})
        assert r.headers["Content-Encoding"] == encoding
        assert "Accept-Encoding" in r.headers["Vary"]


def test_in_debug_mode_the_file_is_sent_as_it_is(make_app) -> None:
    app = make_app(DEBUG=True)
    app.debug = True
    game, name = SHIPPED[0]
    source = (ROOT / "scorekeeper" / "games" / game / "static" / name).read_bytes()
    assert app.test_client().get(f"/games/{game}/static/{name}").data == source


@pytest.mark.parametrize("path", [
    "/games/nogame/static/game.css",  # no such game
    "/games/whist/static/game.js",  # a game without that file
    "/games/euchre/static/nothing.css",
    "/games/euchre/static/../form.py",  # out of the static folder
    "/games/euchre/static/%2e%2e/form.py",
    "/games/euchre/static/..%2fform.py",
    "/games/euchre/static/%2e%2e/%2e%2e/%2e%2e/engine/games.py",
    "/games/euchre/static//etc/passwd",
    "/games/euchre/static/",
    "/games/euchre/form.py",
    "/games/%00/static/game.css",
    "/games/euchre/static/a%00.css",
    "/games/euchre/static/" + "a" * 5000 + ".css",  # longer than a file name may be
    "/games/euchre/static/game.css/x",
    "/games/" + "e" * 5000 + "/static/game.css",
])
def test_what_is_not_a_game_s_file_is_a_plain_404(client, path: str) -> None:
    r = client.get(path, follow_redirects=True)  # "//" is merged first (a 308)
    assert r.status_code == 404
    assert "Traceback" not in r.text


def test_the_service_worker_keeps_the_games_page_files(client) -> None:
    script = client.get("/sw.js")
    listed = re.search(r"var GAME_URLS = (\[.*?\]);", script.text)
    assert listed, script.text[:400]
    urls = json.loads(listed.group(1))
    expected = [f"/games/{g}/static/{n}" for g, n in SHIPPED if n in ("game.css", "game.js")]
    assert urls == [*sorted(expected), "/bundles/hand.js", "/bundles/match.js"]
    rest = script.text.replace(listed.group(0), "")
    assert not any(name in rest for name in GAMES)  # the games come from the registry only
    for url in urls:
        assert client.get(url).status_code == 200
    assert client.get("/sw.js", headers={"If-None-Match": script.headers["ETag"]}).status_code \
        == 304


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_s_pages_link_its_files_only(client, game: str) -> None:
    created = client.post("/api/matches", json=euchre_match(game=game)).get_json()
    page = client.get(f"/m/{created['id']}?key={created['edit_key']}", follow_redirects=True).text
    linked = set(re.findall(r'(?:src|href)="/games/([^/"]+)/static/([^"?]+)', page))
    own = {(g, n) for g, n in SHIPPED if g == game and n in ("game.css", "game.js")}
    assert linked == own
    # the game's script comes before the recorder's, which asks it for the play facts
    if (game, "game.js") in own:
        assert page.index(f"/games/{game}/static/game.js") < page.index("/bundles/match.js")
    sheet = client.get(f"/m/{created['id']}/sheet").text
    blank = client.get(f"/m/{created['id']}/blank").text
    for html, name in ((sheet, "print.css"), (blank, "blank.css")):
        linked = set(re.findall(r'href="/games/([^/"]+)/static/([^"?]+)', html))
        assert linked == ({(game, name)} if (game, name) in SHIPPED else set())
        # after the shared stylesheets: the game's rules refine them
        if linked:
            assert html.index("/static/css/print.css") < html.index(f"/games/{game}/static/")


def test_a_pdf_takes_a_game_s_stylesheet_by_its_path(tmp_path: Path) -> None:
    # The game's print.css lives in its folder, not under static/: render_pdf takes its path.
    own = tmp_path / "print.css"
    own.write_text("@page { size: 100mm 100mm; }", encoding="utf-8")
    html = "<!doctype html><html><body><p>x</p></body></html>"
    static = ROOT / "static"
    plain = render_pdf(html, "http://h/", "/static", static, ("css/print.css",))
    sized = render_pdf(html, "http://h/", "/static", static, ("css/print.css", str(own)))
    def width(pdf: bytes) -> float:
        path = tmp_path / "out.pdf"
        path.write_bytes(pdf)
        info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
        size = re.search(r"Page size:\s+([\d.]+) x", info.stdout)
        assert size, info.stdout
        return float(size.group(1))

    assert width(sized) == pytest.approx(100 / 25.4 * 72, abs=0.1)  # 100 mm in points
    assert width(plain) == pytest.approx(210 / 25.4 * 72, abs=0.1)  # print.css's A4


def test_url_of_asks_the_registry_each_time(app) -> None:
    with app.test_request_context():
        # by its path, with its content's digest (web/assets.py)
        assert re.fullmatch(r"/games/euchre/static/game\.css\?v=[0-9a-f]{12}",
                            game_static.url_of("euchre", "game.css") or "")
        assert game_static.url_of("euchre", "nothing.css") is None
        assert game_static.url_of("nogame", "game.css") is None


def test_a_game_registered_later_is_served_from_its_own_folder(
        client, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A game's package anywhere on the path (a test's, a plug-in's): the route and the service
    # worker ask the registry at each request, with no file of the app changed.
    package = tmp_path / "late_game_pkg"
    (package / "static").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "static" / "game.css").write_text("/* late */\n.late { color: red; }\n",
                                                  encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(GAMES, "late_game",
                        replace(one_trick.GAME, name="late_game", folder="late_game_pkg"))
    r = client.get("/games/late_game/static/game.css")
    assert r.status_code == 200 and r.text == ".late{color:red}"
    assert "/games/late_game/static/game.css" in client.get("/sw.js").text
    assert client.get("/games/late_game/static/game.js").status_code == 404


def test_a_session_s_pages_and_pdfs_take_the_game_s_session_styles(app) -> None:
    # Bridge's hand records and red suits are its own (session.css, session-print.css); the
    # shared session stylesheets hold none of its classes.
    from support.session_console import start

    for shared in ("static/css/sessions.css", "static/css/sessions-print.css"):
        text = (ROOT / shared).read_text("utf-8")
        assert ".bx-" not in text and ".s-h" not in text, shared
    session_id, _key = start(app)
    client = app.test_client()
    for path in (f"/s/{session_id}", f"/s/{session_id}/director", f"/s/{session_id}/hands",
                 f"/s/{session_id}/wall"):
        page = client.get(path)
        assert page.status_code == 200, path
        assert "/games/bridge/static/session.css" in page.text, path
    with app.test_request_context():
        css = game_static.with_own("bridge", "session-print.css", "css/sessions-print.css")
    assert css[0] == "css/sessions-print.css" and css[1].endswith(
        "games/bridge/static/session-print.css")
