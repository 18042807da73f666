"""A duplicate session's table tents (issue 39), through Flask's test client: a tent per
table of the movement, each with its first round (the NS pair, the EW pair and their names,
the boards) and a QR code whose link, read back from the rendered page, is the table's own
(``/s/<id>/t/<table>?k=`` its key) on the configured address, never the request's Host,
and opened by a phone gives it that table's page with the right to score. Only
the director gets them (they print the tables' keys); a session without a movement has none.
The pages are rendered to PNG in tests/artifacts to be looked at."""

from __future__ import annotations

import html
import re
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import zxingcpp
from PIL import Image
from support.prints import fetch_pdf, pdf_text

from scorekeeper.service import sessions
from scorekeeper.service.session_tables import movement, table_key
from scorekeeper.store.db import get_db

ARTIFACTS = Path(__file__).parent / "artifacts"
PUBLIC = "https://club.example.org"


def start(client: Any, count: int, movement: str) -> str:
    token = re.search(r'name="csrf_token" value="([^"]+)"',
                      client.get("/sessions/new").get_data(as_text=True)).group(1)
    pairs = "\n".join(f"Ann{i} & Bo{i}" for i in range(1, count + 1))
    r = client.post("/sessions/new", content_type="multipart/form-data", data={
        "game": "bridge", "name": "Tuesday", "pairs": pairs, "boards": "24",
        "movement": movement, "scoring": "matchpoints", "csrf_token": token})
    assert r.status_code in (302, 303), r.get_data(as_text=True)[:2000]
    return r.headers["Location"].split("/")[2]


def pages(pdf: bytes, name: str, dpi: int = 60) -> list[Path]:
    """The PDF's pages as PNGs (``dpi``), kept in tests/artifacts."""
    ARTIFACTS.mkdir(exist_ok=True)
    for old in ARTIFACTS.glob(f"{name}-*.png"):
        old.unlink()
    (ARTIFACTS / f"{name}.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), str(ARTIFACTS / f"{name}.pdf"),
                    str(ARTIFACTS / name)], check=True)
    return sorted(ARTIFACTS.glob(f"{name}-*.png"))


def qr_links(pdf: bytes, name: str) -> list[str]:
    """Every QR code's text, page by page, decoded from the rendered pages (zxing-cpp)."""
    found = []
    for png in pages(pdf, name, dpi=110):
        found += [b.text for b in zxingcpp.read_barcodes(Image.open(png))
                  if b.format == zxingcpp.BarcodeFormat.QRCode]
    return found


@pytest.mark.app_config(PUBLIC_URL=PUBLIC)
@pytest.mark.parametrize(("count", "kind"), [(6, "mitchell"), (8, "mitchell-relay"),
                                           (8, "howell")])
def test_a_tent_per_table_with_its_first_round_and_its_link(app, client, count, kind) -> None:
    session_id = start(client, count, kind)
    with app.app_context():
        stored = sessions.load_session(get_db(), session_id).stored
        plan = movement(stored)
    names = {pair: " & ".join(two) for pair, two in stored.data["pairs"].items()}
    pdf = fetch_pdf(client, f"/s/{session_id}/tents.pdf")
    first = {s.table: s for s in plan.rounds[0].tables}
    links = qr_links(pdf, f"session-tents-{kind}")
    assert len(links) == len(first) == plan.tables
    for table, link in enumerate(links, 1):
        parts = urlsplit(link)
        assert f"{parts.scheme}://{parts.netloc}" == PUBLIC
        assert parts.path == f"/s/{session_id}/t/{table}"
        key = parse_qs(parts.query)["k"][0]
        assert key == table_key(app.config["SECRET_KEY"], session_id, table)
        words = " ".join(pdf_text(pdf, page=table).split())
        sit = first[table]
        assert words.startswith(f"{table} Table {table} Tuesday Round 1"), words
        assert f"NS Pair {sit.ns} {names[sit.ns]} EW Pair {sit.ew} {names[sit.ew]}" in words
        assert f"Boards {sit.boards[0]}–{sit.boards[-1]}" in words
        assert link in words.replace(" ", "") or link in pdf_text(pdf, page=table)
        # scanned by a phone: the link opens that table's page, with the right to score it
        phone = app.test_client()
        taken = phone.get(f"{parts.path}?{parts.query}")
        assert taken.status_code == 303, taken.get_data(as_text=True)[:500]
        assert urlsplit(taken.headers["Location"]).path == parts.path
        page = " ".join(re.sub(r"<[^>]+>", " ", html.unescape(
            phone.get(parts.path).get_data(as_text=True))).split())
        assert f"This phone scores table {table} now." in page
        assert f"Table {table} Round 1 of {len(plan.rounds)}" in page
        assert "View only" not in page


def test_another_host_never_names_the_link(client) -> None:
    session_id = start(client, 6, "mitchell")
    pdf = fetch_pdf(client, f"/s/{session_id}/tents.pdf")
    hosts = {urlsplit(link).netloc for link in qr_links(pdf, "session-tents-host")}
    evil = client.get(f"/s/{session_id}/tents.pdf", headers={"Host": "evil.example"})
    assert hosts and "evil.example" not in hosts and b"evil.example" not in evil.data


@pytest.mark.parametrize(("who", "status", "says"), [
    ("viewer", 403, "Only the session’s director can print its table tents"),
    ("no movement", 404, "This session has no movement, so no tables to print."),
])
def test_who_gets_no_tents(app, client, who, status, says) -> None:
    session_id = start(client, 6, "none" if who == "no movement" else "mitchell")
    asker = app.test_client() if who == "viewer" else client
    r = asker.get(f"/s/{session_id}/tents.pdf")
    assert r.status_code == status and says in r.get_data(as_text=True).replace("&#39;", "’")
    assert "tents.pdf" not in asker.get(f"/s/{session_id}/director").get_data(as_text=True)


@pytest.mark.parametrize("lang", ["en", "zh_Hant", "zh_Hans"])
@pytest.mark.parametrize("size", ["a4", "letter"])
def test_every_tent_fits_its_page(client, lang, size) -> None:
    """The front's last line (the note under the link) is on each tent's own page, A4 or
    Letter, in each language: nothing runs off the page."""
    session_id = start(client, 8, "mitchell-relay")
    client.get(f"/lang/{lang}?next=/")
    pdf = fetch_pdf(client, f"/s/{session_id}/tents.pdf?size={size}")
    last = {"en": "each round’s pairs and boards.", "zh_Hant": "對組與牌副。",
            "zh_Hans": "对组与牌副。"}[lang]
    for table in range(1, 5):
        words = "".join(pdf_text(pdf, page=table).split())
        assert f"/s/{session_id}/t/{table}?k=" in words and last.replace(" ", "") in words
    pages(pdf, f"session-tents-{lang}-{size}")
