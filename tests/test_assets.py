"""Static files named by their content (web/assets.py): a page links each script and
stylesheet with ``?v=<digest>``, and that address is kept a year by the phone (``immutable``);
the plain path, or a digest that is not the file's, is revalidated as before."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from support.helpers import euchre_match

from scorekeeper.web.assets import IMMUTABLE

ROOT = Path(__file__).resolve().parents[1]


def linked(html: str) -> list[tuple[str, str]]:
    return re.findall(r'(?:src|href)="(/(?:static|games|bundles)/[^"?]+)\?v=(\w+)"', html)


def test_a_match_page_links_every_file_by_its_content(client) -> None:
    created = client.post("/api/matches", json=euchre_match()).get_json()
    html = client.get(f"/m/{created['id']}?key={created['edit_key']}",
                      follow_redirects=True).text
    files = linked(html)
    assert {"/static/css/app.css", "/bundles/match.js",
            "/games/euchre/static/game.js"} <= {path for path, _v in files}
    assert not re.search(r'(?:src|href)="/(?:static|games|bundles)/[^"?]+"', html)  # none without
    app_css = (ROOT / "static/css/app.css").read_bytes()
    assert dict(files)["/static/css/app.css"] == hashlib.sha256(app_css).hexdigest()[:12]


@pytest.mark.parametrize("path", ["/static/css/app.css", "/static/js/start.js", "/bundles/match.js",
                                  "/games/euchre/static/game.css", "/static/icons/favicon.svg"])
def test_the_address_of_the_content_is_kept_a_year_and_the_rest_revalidates(client, path):
    plain = client.get(path)
    assert plain.status_code == 200 and plain.headers["Cache-Control"] == "no-cache"
    html = client.get("/").text + client.get("/m/x").text
    created = client.post("/api/matches", json=euchre_match()).get_json()
    html += client.get(f"/m/{created['id']}?key={created['edit_key']}",
                       follow_redirects=True).text
    digest = dict(linked(html)).get(path)
    assert digest, path
    kept = client.get(f"{path}?v={digest}")
    assert kept.status_code == 200 and kept.headers["Cache-Control"] == IMMUTABLE
    assert kept.data == plain.data
    stale = client.get(f"{path}?v=000000000000")  # an old page's address: the file as it is
    assert stale.status_code == 200 and stale.headers["Cache-Control"] == "no-cache"
    assert client.get(f"{path}?v={digest}", headers={"If-None-Match": kept.headers["ETag"]}
                      ).status_code == 304


@pytest.mark.parametrize("path", ["/static/../pyproject.toml?v=0", "/static/nothing.css?v=1",
                                  "/games/euchre/static/../form.py?v=1", "/bundles/nothing.js?v=1",
                                  "/bundles/../static/js/app.js"])
def test_an_address_of_no_file_is_still_a_404(client, path):
    assert client.get(path).status_code == 404


def test_a_bundle_is_its_scripts_minified_in_the_order_they_ran(make_app) -> None:
    """The match page's core scripts come as one file (web/bundles.py): each script the static
    view serves, in the page's order, none left out; in debug mode as written."""
    from scorekeeper.web.bundles import BUNDLES

    client = make_app().test_client()
    for name, scripts in BUNDLES.items():
        sent = client.get(f"/bundles/{name}.js").get_data(as_text=True)
        parts = [client.get(f"/static/{script}").get_data(as_text=True) for script in scripts]
        places = [sent.index(part) for part in parts]
        assert places == sorted(places) and "// " not in sent
        assert len(sent) < sum(len(p) for p in parts) + 4 * len(parts)  # nothing else
    debug = make_app(DEBUG=True).test_client().get("/bundles/match.js").get_data(as_text=True)
    source = (ROOT / "static/js/queue.js").read_text(encoding="utf-8")
    assert "// js/queue.js\n" + source in debug
