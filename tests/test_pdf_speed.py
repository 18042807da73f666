"""The shortcuts that make match PDFs cheaper leave every page the same (issue 11, speed).

The renders use print.css with its single-valued variables written in, and HTML without the
white space between block and table tags (:mod:`scorekeeper.printing.pdf`); WeasyPrint and its
HTML parser run as released, nothing of theirs replaced (issue 21). These tests render real
match sheets both that way and as WeasyPrint would with the files as written, turn every page
into pixels with poppler's pdftoppm, and compare them. The speed itself is measured by
tests/benchmarks/bench_pdf.py.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from support.helpers import euchre_match, whist_match
from support.prints import GOLDEN, LONG, LONG_TEAMS, cycle_hands, tool

from scorekeeper.printing import pdf
from scorekeeper.web.prints import sheets as prints


def sheet_html(app: Any, match_id: str, lang: str = "en") -> str:
    """The HTML the web process hands to the render process for a match's PDF."""
    with app.test_request_context(f"/m/{match_id}/sheet.pdf", headers={"Cookie": f"lang={lang}"}):
        return prints._sheet_html(match_id, for_pdf=True)[0]


def stock_pdf(app: Any, html: str) -> bytes:
    """The PDF as WeasyPrint draws it with print.css as written (variables and all) and the
    HTML untouched."""
    static = Path(app.static_folder)
    origin, static_url = "http://localhost", "/static"
    from weasyprint import CSS, HTML

    sheet = CSS(string=(static / prints.PRINT_CSS).read_text(encoding="utf-8"),
                font_config=pdf.font_config())
    document = HTML(
        string=html, base_url=origin + "/", media_type="print",
        url_fetcher=pdf.make_url_fetcher(origin, static_url, static),
    )
    return bytes(document.write_pdf(stylesheets=[sheet], font_config=pdf.font_config()))


def app_pdf(app: Any, html: str) -> bytes:
    return pdf.render_pdf(html, "http://localhost/", "/static", Path(app.static_folder),
                          (prints.PRINT_CSS,))


def pages_as_pixels(data: bytes, tmp_path: Path, name: str) -> list[bytes]:
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(data)
    subprocess.run([tool("pdftoppm"), "-r", "100", "-png", str(path), str(tmp_path / name)],
                   check=True)
    return [p.read_bytes() for p in sorted(tmp_path.glob(f"{name}-*.png"))]


def _matches(matches: Any, app: Any) -> dict[str, tuple[str, str]]:
    """Sheets that use every part of the print: a long Euchre match, a Whist rubber with a
    card record, card records with corrections, long names and emoji, a Chinese sheet."""
    from scorekeeper import service
    from scorekeeper.store.db import get_db

    made = {}
    made["euchre"] = (matches.create(euchre_match(
        rules={"deals": 30}, hands=cycle_hands(30), teams={"NS": "Home", "EW": "Visitors"}))[0],
        "en")
    whist = whist_match(rules={"rubber": True, "honours": True})
    seed = json.loads((GOLDEN / "seed-whist-004.json").read_text())["hands"][0]
    whist["hands"] = [seed, {"trump": "H", "tricks_NS": 12, "honours_NS": 4}]
    made["whist"] = (matches.create(whist)[0], "en")
    cards, _key = matches.create(json.loads((GOLDEN / "seed-euchre-000.json").read_text()))
    matches.record(cards, {"caller": "N", "makers_tricks": 3})
    matches.record(cards, {"caller": "E", "makers_tricks": 5})
    with app.app_context():
        service.correct_hand(get_db(), cards, 2, {"caller": "N", "makers_tricks": 4})
    made["cards"] = (cards, "en")
    made["long"] = (matches.create(euchre_match(seats=dict(LONG), teams=dict(LONG_TEAMS),
                                                hands=cycle_hands(6)))[0], "en")
    made["zh"] = (matches.create(euchre_match(
        rules={"deals": 24}, seats={"N": "蔡文姬", "E": "Zoë", "S": "李白", "W": "Đặng Hân"},
        teams={"NS": "東隊 🃏", "EW": "西隊"}, hands=cycle_hands(24)))[0], "zh_Hant")
    return made


def test_compact_renders_draw_the_same_pages(app: Any, matches: Any, tmp_path: Path) -> None:
    for name, (match_id, lang) in _matches(matches, app).items():
        html = sheet_html(app, match_id, lang)
        ours = pages_as_pixels(app_pdf(app, html), tmp_path, f"{name}-app")
        stock = pages_as_pixels(stock_pdf(app, html), tmp_path, f"{name}-stock")
        assert len(ours) == len(stock) >= 1, name
        for page, (a, b) in enumerate(zip(ours, stock, strict=True), start=1):
            assert a == b, f"{name}: page {page} differs from WeasyPrint's own render"


@pytest.mark.parametrize(("html", "compact"), [
    ("<tr>\n<td>Ann <span class=\"seat\">N</span></td>\n</tr>",
     "<tr><td>Ann <span class=\"seat\">N</span></td></tr>"),
    ("<td><span class=\"mark\">March</span> <span class=\"mark\">Alone</span> </td>",
     "<td><span class=\"mark\">March</span> <span class=\"mark\">Alone</span></td>"),
    ("<p>a <b>Tricks</b>: b\n<b>Rd</b>: c</p>\n\n<section>\n<h2>x</h2>",
     "<p>a <b>Tricks</b>: b\n<b>Rd</b>: c</p><section><h2>x</h2>"),
    ("<text x=\"1\">10</text>\n<text x=\"2\"> 5 </text>",
     "<text x=\"1\">10</text><text x=\"2\"> 5 </text>"),
])
def test_compact_html_keeps_the_spaces_that_show(html: str, compact: str) -> None:
    assert pdf.compact_html(html) == compact


def test_inline_vars_writes_in_variables_declared_once() -> None:
    css = (":root { --ink: #111; --font: A; }\n:lang(zh) { --font: B; }\n"
           "html { color: var(--ink); font-family: var(--font); }\np { color: var(--nope); }")
    assert pdf.inline_vars(css).splitlines()[2:] == [
        "html { color: #111; font-family: var(--font); }", "p { color: var(--nope); }"]


def test_a_render_leaves_weasyprint_and_its_parser_as_released(app: Any, matches: Any) -> None:
    """No method of WeasyPrint or tinyhtml5 is replaced or wrapped to make renders cheaper:
    the classes a render uses hold the functions their own modules define."""
    import inspect

    import weasyprint
    from tinyhtml5 import inputstream

    match_id, _key = matches.create(euchre_match(hands=cycle_hands(2)))
    assert app_pdf(app, sheet_html(app, match_id)).startswith(b"%PDF")
    for cls in (weasyprint.HTML, weasyprint.CSS, weasyprint.Document,
                inputstream.HTMLUnicodeInputStream):
        for name, member in vars(cls).items():
            function = getattr(member, "__func__", member)
            if inspect.isfunction(function):
                assert function.__module__ == cls.__module__, (cls, name)
                assert not hasattr(function, "__wrapped__"), (cls, name)


def test_render_process_freezes_its_long_lived_objects_after_the_first_render(
        app: Any, matches: Any) -> None:
    """A render process moves what stays for its life (WeasyPrint, fonts, parsed stylesheets)
    out of the collector's sight after its first render, and renders as before."""
    import gc

    from scorekeeper.printing import pdf_render

    match_id, _key = matches.create(euchre_match(hands=cycle_hands(6)))
    html = sheet_html(app, match_id)
    args = (html, "http://localhost/", "/static", Path(app.static_folder), (prints.PRINT_CSS,))
    queue = pdf_render.RenderQueue(workers=1, queue=0, cache_size=0)
    try:
        pool = queue._pool()
        assert pool.submit(gc.get_freeze_count).result(timeout=60) == 0
        first = queue.render(("a",), lambda: args)
        frozen = pool.submit(gc.get_freeze_count).result(timeout=60)
        assert frozen > 10_000
        second = queue.render(("b",), lambda: args)
        assert pool.submit(gc.get_freeze_count).result(timeout=60) == frozen  # once only
    finally:
        queue.close()
    assert first.startswith(b"%PDF") and second.startswith(b"%PDF")
    assert len(first) == len(second) == len(app_pdf(app, html))


def test_a_warmed_render_process_has_rendered_once_before_any_sheet(app: Any) -> None:
    """``warm`` with the sheets' stylesheet: each render process renders a line of every script
    the sheets print, so the first phone's sheet finds the one-time work done (the stylesheet
    parsed, the faces opened, the long-lived objects frozen)."""
    import gc

    from scorekeeper.printing import pdf_render

    queue = pdf_render.RenderQueue(workers=1, queue=0, cache_size=0)
    try:
        queue.warm((str(Path(app.static_folder) / prints.PRINT_CSS),))
        pool = queue._pool()
        # a task sent after the warm-up runs after it (one process, in order)
        assert pool.submit(gc.get_freeze_count).result(timeout=60) > 10_000
        assert queue.renders == 0  # not counted as a sheet: no phone asked for it
    finally:
        queue.close()
