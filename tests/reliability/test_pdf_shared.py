"""A match PDF is rendered once for every worker of the server (issue 41): the workers share
the PDF files in the instance folder (scorekeeper/printing/pdf_cache.py), and one that is
about to render what another is rendering waits for it. Counted by the ``X-Scorekeeper-PDF``
header each answer carries (``rendered``, ``shared`` or ``cached``), never by the clock."""

from __future__ import annotations

import hashlib
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from support.reliability import ServeProcess, api, create, get

pytestmark = pytest.mark.slow
WORKERS = 4


def match_with_hands(base: str, count: int) -> tuple[str, str]:
    match_id, key = create(base)
    for no in range(1, count + 1):
        status, body, _h = api(base, "POST", f"/api/matches/{match_id}/hands",
                               {"caller": "NESW"[no % 4], "makers_tricks": 3, "no": no}, key)
        assert status == 201, body
    return match_id, key


def ask(base: str, path: str, times: int, **headers: str) -> list[tuple[str, bytes]]:
    """``times`` asks at once, each on its own connection (so the kernel hands them to
    whichever workers accept first): each answer's ``X-Scorekeeper-PDF`` and body."""
    def one(_n: int) -> tuple[str, bytes]:
        status, body, got = get(base, path, **headers)
        assert status == 200, body[:300]
        assert body.startswith(b"%PDF")
        return got["x-scorekeeper-pdf"], body

    with ThreadPoolExecutor(times) as pool:
        return list(pool.map(one, range(times)))


def pdf_files(instance: Path, at_least: int = 0) -> list[Path]:
    """The kept PDFs, once there are ``at_least`` (a render's file is written as it ends, which
    may be just after its answer went: a condition waited for, not a clock)."""
    deadline = time.monotonic() + 30
    while True:
        found = sorted((instance / "pdf-cache").glob("*.pdf"))
        if len(found) >= at_least or time.monotonic() > deadline:
            return found
        time.sleep(0.02)


@pytest.fixture
def server(tmp_path: Path):
    proc = ServeProcess(tmp_path / "instance", workers=WORKERS, log=tmp_path / "serve.log",
                        env={"SCOREKEEPER_WRITE_LIMIT_PER_MINUTE": "0",
                             "SCOREKEEPER_PDF_WARM": "1",  # the default: warm renderers
                             # all 12 asks may land on one worker: room for them to wait
                             "SCOREKEEPER_PDF_QUEUE": "16"})
    yield proc
    proc.stop()


def test_a_match_pdf_is_rendered_once_for_all_workers_and_again_when_it_changes(server):
    base = server.start()
    match_id, key = match_with_hands(base, 30)
    path = f"/m/{match_id}/sheet.pdf"
    first = ask(base, path, 12) + ask(base, path, 12)
    hows = [how for how, _body in first]
    assert hows.count("rendered") == 1, hows
    assert len({hashlib.sha256(body).digest() for _how, body in first}) == 1
    assert len(pdf_files(server.instance, 1)) == 1
    # A hand more: a new version of the match, rendered once more (and kept beside the old).
    status, body, _h = api(base, "POST", f"/api/matches/{match_id}/hands",
                           {"caller": "N", "makers_tricks": 5, "no": 31}, key)
    assert status == 201, body
    second = ask(base, path, 12)
    assert [how for how, _b in second].count("rendered") == 1, second
    assert second[0][1] != first[0][1]
    assert len(pdf_files(server.instance, 2)) == 2
    # Another language is another document: rendered once too.
    chinese = ask(base, path, 6, **{"Accept-Language": "zh-TW"})
    assert [how for how, _b in chinese].count("rendered") == 1
    assert not list((server.instance / "pdf-cache").glob("*.tmp"))
    assert "Traceback" not in server.log_text()


def test_a_pdf_cache_that_cannot_be_written_still_answers_the_pdf(server):
    server.instance.mkdir(parents=True)
    (server.instance / "pdf-cache").write_text("a file where the folder should be")
    base = server.start()
    match_id, _key = match_with_hands(base, 5)
    answers = ask(base, f"/m/{match_id}/sheet.pdf", 6)
    assert all(body.startswith(b"%PDF") for _how, body in answers)
    assert (server.instance / "pdf-cache").read_text() == "a file where the folder should be"
    assert "Traceback" not in server.log_text()


def test_made_up_hosts_languages_and_zones_make_no_pdf_file(server):
    """Issue 36's lesson: nothing a request chooses freely names a file. 200 asks with made-up
    Host headers (each a name the server takes as its own), Accept-Language tags and time
    zone cookies: one PDF file."""
    base = server.start()
    match_id, _key = match_with_hands(base, 3)
    port = base.rsplit(":", 1)[1]
    path = f"/m/{match_id}/sheet.pdf"
    for n in range(200):
        host = (f"localhost:{1000 + n}", f"127.0.{n // 250}.{n % 250 + 1}:{port}")[n % 2]
        status, body, _h = get(base, path, Host=host, **{
            "Accept-Language": f"x-made-up-{n}", "Cookie": f"tz=Mars/Zone{n}"})
        assert status == 200 and body.startswith(b"%PDF"), body[:200]
    assert len(pdf_files(server.instance, 1)) == 1
