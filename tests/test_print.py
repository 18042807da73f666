"""Score sheets, match PDFs and blank sheets: real PDFs read back with poppler, no mocks."""

from __future__ import annotations

import io
import json
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from support.helpers import euchre_match, whist_match
from support.prints import GOLDEN, cycle_hands, fetch_pdf, pdf_fonts, pdf_text

from scorekeeper import ROOT
from scorekeeper.printing.pdf import (
    RefusedURL,
    content_disposition,
    download_name,
    make_url_fetcher,
)

CJK = {"N": "蔡文姬", "E": "Zoë Ångström", "S": "李白", "W": "Đặng Thị Ngọc Hân"}


@pytest.fixture
def hundred(matches: Any) -> str:
    """A finished 100-deal Euchre match (progressive: a fixed number of deals)."""
    match_id, _key = matches.create(euchre_match(rules={"deals": 100}, hands=cycle_hands(100),
                                                 teams={"NS": "Home", "EW": "Visitors"}))
    return match_id


def test_sheet_page_is_html_with_print_button_and_pdf_link(client: Any, matches: Any) -> None:
    match_id, _key = matches.create(euchre_match(hands=cycle_hands(5)))
    response = client.get(f"/m/{match_id}/sheet")
    assert response.status_code == 200 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    assert f'href="/m/{match_id}/sheet.pdf"' in html
    assert "/static/css/print.css" in html and "/static/js/print.js" in html
    assert 'class="print-button"' in html
    assert not re.search(r"<script(?![^>]*\bsrc=)", html), "no inline scripts (CSP)"
    assert " style=" not in html and "<style" not in html, "no inline styles (CSP)"
    assert "<svg" in html and "polyline" in html
    assert client.get(f"/m/{match_id}/sheet?size=letter").status_code == 200
    assert 'href="/m/nope/sheet.pdf"' not in html
    assert client.get("/m/no-such-match/sheet").status_code == 404
    assert client.get("/m/no-such-match/sheet.pdf").status_code == 404


def test_match_pdf_holds_names_points_totals_and_page_numbers(client: Any, matches: Any) -> None:
    match_id, _key = matches.create(
        euchre_match(rules={"stick_the_dealer": True}, hands=cycle_hands(9),
                     teams={"NS": "Home", "EW": "Visitors"})
    )
    data = fetch_pdf(client, f"/m/{match_id}/sheet.pdf")
    text = pdf_text(data)
    pages = len(PdfReader(io.BytesIO(data)).pages)
    for name in ("Ann", "Bo", "Cai", "Dee", "Home", "Visitors"):
        assert name in text
    assert "Euchre, game to 10, stick the dealer" in text
    assert f"Page 1 of {pages}" in text
    state = matches.load(match_id).state.as_json()
    table = text.split("Hand by hand", 1)[1]
    for hand in state["hands"]:
        team = "NS" if hand["points"]["NS"] else "EW"
        points, score = hand["points"][team], hand["score"]
        line = rf"^\s*{hand['no']}\s.*\+{points}\s.*\b{score['NS']}\s+{score['EW']}\b"
        assert re.search(line, table, re.M), (hand, table)
    ns, ew = state["score"]["NS"], state["score"]["EW"]
    assert state["over"] and f"Final: Home win {ns}–{ew}" in text


def test_hundred_hand_match_prints_cleanly(client: Any, hundred: str) -> None:
    data = fetch_pdf(client, f"/m/{hundred}/sheet.pdf")
    reader = PdfReader(io.BytesIO(data))
    pages = len(reader.pages)
    assert 3 <= pages <= 8
    assert {tuple(round(float(v)) for v in p.mediabox[2:]) for p in reader.pages} == {(595, 842)}
    text = pdf_text(data)
    assert f"Page 1 of {pages}" in text and f"Page {pages} of {pages}" in text
    assert "Final: Home win" in text or "Final: Visitors win" in text or "tie" in text
    seen = set()
    for number in range(1, pages + 1):
        page = pdf_text(data, number)
        rows = {int(n) for n in re.findall(r"^\s*(\d+)\s+\S+\s+[NESW]\s", page, re.M)}
        if rows:
            assert "Dealer" in page and "Caller" in page, f"table header missing on {number}"
        seen |= rows
    assert set(range(1, 101)) <= seen


def test_letter_size(client: Any, matches: Any) -> None:
    match_id, _key = matches.create(euchre_match(hands=cycle_hands(3)))
    data = fetch_pdf(client, f"/m/{match_id}/sheet.pdf?size=letter")
    sizes = {tuple(round(float(v)) for v in p.mediabox[2:])
             for p in PdfReader(io.BytesIO(data)).pages}
    assert sizes == {(612, 792)}


def test_names_in_any_script_print_as_text_with_a_cjk_font(
    client: Any, matches: Any, tmp_path: Path
) -> None:
    match_id, _key = matches.create(
        euchre_match(seats=dict(CJK), teams={"NS": "<script>alert(1)</script>", "EW": "东队 🂡"},
                     hands=cycle_hands(4))
    )
    data = fetch_pdf(client, f"/m/{match_id}/sheet.pdf")
    text = pdf_text(data)
    for name in CJK.values():
        assert name in text
    assert "<script>alert(1)</script>" in text and "东队" in text
    assert re.search(r"Noto ?Sans ?CJK", pdf_fonts(data, tmp_path).replace("-", " "))
    html = client.get(f"/m/{match_id}/sheet").get_data(as_text=True)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>alert" not in html


def test_very_long_names_wrap_inside_the_page(client: Any, matches: Any) -> None:
    long = "Bartholomew-Maximilian-Featherstonehaugh"  # 40 characters, no space
    match_id, _key = matches.create(
        euchre_match(seats={"N": long, "E": "Bo", "S": "李" * 40, "W": "W" * 40},
                     teams={"NS": long, "EW": "E" * 40}, hands=cycle_hands(3))
    )
    data = fetch_pdf(client, f"/m/{match_id}/sheet.pdf")
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) <= 2
    flat = pdf_text(data, layout=False).replace("\n", "").replace("-", "")
    assert long.replace("-", "") in flat


def test_whist_rubber_sheet(client: Any, matches: Any) -> None:
    golden = (GOLDEN / "seed-whist-004.json").read_text()
    match = whist_match(rules={"rubber": True, "honours": True})
    seed = json.loads(golden)["hands"][0]
    match["hands"] = [seed, {"trump": "H", "tricks_NS": 12, "honours_NS": 4}]
    match_id, _key = matches.create(match)
    data = fetch_pdf(client, f"/m/{match_id}/sheet.pdf")
    text = pdf_text(data)
    assert "Whist, game to 7, honours count, rubber" in text
    assert "Game 1 to Ann & Cai, 7–0, worth 3" in text
    assert "Deals recorded card by card" in text and "Shaded cards are trumps." in text
    assert "Final: Ann & Cai win the rubber 2–0, worth 8" in text
    assert "Ann & Cai" in text and "Page 1 of" in text


def test_card_records_and_corrections(client: Any, matches: Any, app: Any) -> None:
    from scorekeeper import service
    from scorekeeper.store.db import get_db

    match = json.loads((GOLDEN / "seed-euchre-000.json").read_text())
    match_id, _key = matches.create(match)
    matches.record(match_id, {"caller": "N", "makers_tricks": 3})
    matches.record(match_id, {"caller": "E", "makers_tricks": 5})
    with app.app_context():
        service.correct_hand(get_db(), match_id, 2, {"caller": "N", "makers_tricks": 4})
        service.undo_last(get_db(), match_id, 3)
        service.redo_last(get_db(), match_id, 3)
        service.undo_last(get_db(), match_id, 3)
    text = pdf_text(fetch_pdf(client, f"/m/{match_id}/sheet.pdf"))
    assert "Hands recorded card by card" in text
    assert "Put back" in text and "no → yes" not in text  # a redo is not a correction
    assert "J♦" in text and "Won by" in text
    assert "Corrections and undos" in text
    assert "Corrected" in text and "Undone" in text and "makers' tricks" in text


@pytest.mark.parametrize("game", ["euchre", "whist"])
def test_blank_sheets(client: Any, game: str) -> None:
    html = client.get(f"/sheets/{game}")
    assert html.status_code == 200 and b"Score sheet" in html.data
    data = fetch_pdf(client, f"/sheets/{game}.pdf")
    assert len(PdfReader(io.BytesIO(data)).pages) == 1
    letter = fetch_pdf(client, f"/sheets/{game}.pdf?size=letter")
    assert len(PdfReader(io.BytesIO(letter)).pages) == 1
    text = pdf_text(data)
    assert "Dealer" in text and "Running total" in text
    assert client.get("/sheets/canasta").status_code == 404


def test_blank_sheet_of_a_match_has_its_names(client: Any, matches: Any) -> None:
    match_id, _key = matches.create(euchre_match(seats=dict(CJK), teams={"NS": "Home"}))
    assert "蔡文姬" in client.get(f"/m/{match_id}/blank").get_data(as_text=True)
    text = pdf_text(fetch_pdf(client, f"/m/{match_id}/blank.pdf?size=letter"))
    assert "蔡文姬" in text and "Home" in text and "Zoë Ångström" in text


def test_url_fetcher_serves_only_static_files(tmp_path: Path) -> None:
    static = ROOT / "static"
    fetcher = make_url_fetcher("http://localhost", "/static", static)
    css = fetcher("http://localhost/static/css/print.css")
    assert css.content_type == "text/css" and b"@page" in css.read()
    for url in (
        "file:///etc/passwd",
        f"file://{static}/css/print.css",
        "http://example.com/static/css/print.css",
        "https://localhost/static/css/print.css",
        "http://localhost/m/abc/sheet",
        "http://localhost/static/../pyproject.toml",
        "http://localhost/static/%2e%2e/pyproject.toml",
        "http://localhost/static/css/nothing.css",
        "data:text/css,body{}",
    ):
        with pytest.raises((RefusedURL, ValueError)):
            fetcher(url)


def test_download_names_are_ascii_with_an_rfc5987_form() -> None:
    from datetime import date

    plain, full = download_name(["Zoë's team", "东队"], date(2026, 11, 30))
    assert plain == "Zoe-s-team-2026-11-30.pdf" and plain.isascii()
    assert full == "Zoë's team-vs-东队-2026-11-30.pdf"
    header = content_disposition(plain, full)
    assert header.startswith('attachment; filename="Zoe-s-team-2026-11-30.pdf"; filename*=UTF-8')
    assert "%E4%B8%9C" in header and header.isascii()
    assert content_disposition("a.pdf", "a.pdf") == 'attachment; filename="a.pdf"'


def test_characters_no_font_draws_are_left_out_of_the_pdf(client: Any, matches: Any) -> None:
    from scorekeeper.printing.pdf import printable

    assert printable("Ann \U000f0000x") == "Ann x"  # private use: no font has it
    assert printable("Zoë 蔡 ♥") == "Zoë 蔡 ♥"
    match_id, _key = matches.create(
        euchre_match(seats={"N": "Ann \U000f0000", "E": "Bo 😀", "S": "Cai", "W": "Dee"})
    )
    text = pdf_text(fetch_pdf(client, f"/m/{match_id}/sheet.pdf"))
    assert "\U000f0000" not in text and "Ann" in text and "Bo" in text


def test_pdf_follows_the_reader_language(client: Any, matches: Any, tmp_path: Path) -> None:
    match_id, _key = matches.create(euchre_match(hands=cycle_hands(2)))
    client.set_cookie("lang", "zh_Hans")
    html = client.get(f"/m/{match_id}/sheet").get_data(as_text=True)
    assert '<html lang="zh-Hans"' in html
    data = fetch_pdf(client, f"/m/{match_id}/sheet.pdf")
    assert re.search(r"Noto ?Sans ?CJK ?SC", pdf_fonts(data, tmp_path).replace("-", " "))


def test_unchanged_match_pdf_answers_304(client: Any, matches: Any) -> None:
    match_id, _key = matches.create(euchre_match(hands=cycle_hands(2)))
    first = client.get(f"/m/{match_id}/sheet.pdf")
    etag = first.headers["ETag"]
    again = client.get(f"/m/{match_id}/sheet.pdf", headers={"If-None-Match": etag})
    assert again.status_code == 304 and not again.data
    letter = client.get(f"/m/{match_id}/sheet.pdf?size=letter", headers={"If-None-Match": etag})
    assert letter.status_code == 200
    matches.record(match_id, {"caller": "N", "makers_tricks": 3})
    changed = client.get(f"/m/{match_id}/sheet.pdf", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag


@pytest.mark.browser
def test_sheet_pages_in_a_phone_browser(live_server: str, matches: Any) -> None:
    """Axe-clean, no sideways scroll at 390 px, the Print button shown by print.js, and no
    request to any other host."""
    if not Path("/usr/bin/chromium").exists():
        pytest.fail("Chromium is not installed at /usr/bin/chromium (run .ci/setup --test)")
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import sync_playwright

    match = json.loads((GOLDEN / "seed-euchre-000.json").read_text())
    match["hands"] += [{"passed": True}, {"caller": "E", "makers_tricks": 0, "alone": True}]
    match_id, _key = matches.create(match)
    paths = (f"/m/{match_id}/sheet", "/sheets/euchre", "/sheets/whist", f"/m/{match_id}/blank")

    def visit() -> set[str]:
        hosts: set[str] = set()
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                        args=["--no-sandbox", "--disable-gpu"])
            try:
                page = browser.new_page(viewport={"width": 390, "height": 844})
                page.on("request", lambda r: hosts.add(r.url.split("/")[2]))
                for path in paths:
                    page.goto(live_server + path)
                    assert page.locator(".print-button").is_visible()
                    assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
                    results = Axe().run(page)
                    assert results.violations_count == 0, results.generate_report()
            finally:
                browser.close()
        return hosts

    # Its own thread: the sync API refuses to start where another session's browser (the
    # tests/browser fixture) already runs an event loop.
    with ThreadPoolExecutor(max_workers=1) as pool:
        hosts = pool.submit(visit).result(timeout=120)
    assert hosts == {live_server.split("/")[2]}


@pytest.mark.app_config(PDF_QUEUE=12)  # all 6 threads may wait for the render processes
def test_pdfs_rendered_from_many_threads_at_once(
    app: Any, matches: Any, capfd: pytest.CaptureFixture[str]
) -> None:
    """The server runs threads: Pango must never be driven by two of them at once."""
    match_id, _key = matches.create(euchre_match(seats=dict(CJK), hands=cycle_hands(8)))

    def get(i: int) -> bytes:
        response = app.test_client().get(f"/m/{match_id}/sheet.pdf?size={('a4', 'letter')[i % 2]}")
        assert response.status_code == 200
        return bytes(response.data)

    pool = ThreadPoolExecutor(max_workers=6)
    try:  # a timeout, so that a deadlock in Pango fails the test instead of hanging it
        pdfs = [f.result(timeout=120) for f in [pool.submit(get, i) for i in range(12)]]
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    assert all(pdf.startswith(b"%PDF") and b"%%EOF" in pdf[-64:] for pdf in pdfs)
    err = capfd.readouterr().err
    assert "corrupted" not in err and "CRITICAL" not in err, err
