"""The PDF files shared by the server's processes (scorekeeper/printing/pdf_cache.py): whole
or not at all, bounded, rendered once among processes, and never in the way of the PDF (a
full disk, a file where the folder should be). Through the real server:
tests/reliability/test_pdf_shared.py."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from support.helpers import euchre_match

from scorekeeper import create_app
from scorekeeper.printing.pdf_cache import DiskCache
from scorekeeper.store.backup import backup_database

ROOT = Path(__file__).resolve().parents[1]


def pdf(size: int, mark: int = 0) -> bytes:
    return b"%PDF-1.7\n" + bytes([mark % 256]) * max(0, size - 9)


def test_a_kept_pdf_is_read_back_and_leaves_no_temporary_file(tmp_path: Path):
    cache = DiskCache(tmp_path / "pdf-cache", 10_000)
    key = ("sheet", "m1", 3, "tonight", "en", "a4", "UTC")
    assert cache.get(key) is None
    assert cache.put(key, pdf(500))
    assert cache.get(key) == pdf(500)
    assert cache.get((*key[:-1], "Europe/London")) is None  # another zone, another PDF
    assert [p.suffix for p in (tmp_path / "pdf-cache").iterdir() if p.is_file()] == [".pdf"]


def test_a_file_that_is_no_pdf_is_not_answered(tmp_path: Path):
    cache = DiskCache(tmp_path, 10_000)
    cache.path("k").write_bytes(b"<html>half a")
    assert cache.get("k") is None


def test_the_least_recently_used_go_first_past_the_budget(tmp_path: Path):
    cache = DiskCache(tmp_path, 3_500)
    for n in range(3):
        assert cache.put(n, pdf(1_000, n))
        os.utime(cache.path(n), (1_000 + n, 1_000 + n))  # put in order, oldest first
    os.utime(cache.path(0), (5_000, 5_000))  # 0 asked again since: the newest
    assert cache.put(3, pdf(1_000, 3))  # 4,000 bytes: one must go, the least recent (1)
    assert sorted(p.name for p in tmp_path.glob("*.pdf")) == sorted(
        cache.path(n).name for n in (0, 2, 3))
    assert not cache.put(4, pdf(4_000))  # larger than the whole budget: not kept
    assert cache.get(4) is None


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=10, max_value=3_000), min_size=1, max_size=25))
def test_the_folder_never_holds_more_than_its_budget(tmp_path_factory, sizes: list[int]):
    folder = tmp_path_factory.mktemp("cache")
    cache = DiskCache(folder, 5_000)
    for n, size in enumerate(sizes):
        cache.put(n, pdf(size, n))
        assert sum(p.stat().st_size for p in folder.glob("*.pdf")) <= 5_000
    assert cache.get(len(sizes) - 1) == pdf(sizes[-1], len(sizes) - 1)  # the last is kept


def test_a_full_disk_keeps_nothing_and_raises_nothing(tmp_path: Path):
    """The disk refuses the write (a file-size limit makes write() fail with EFBIG, as a full
    disk fails with ENOSPC): not kept, no temporary file left, no error."""
    script = textwrap.dedent(f"""
        import resource
        from pathlib import Path
        from scorekeeper.printing.pdf_cache import DiskCache
        resource.setrlimit(resource.RLIMIT_FSIZE, (2_000, resource.RLIM_INFINITY))
        cache = DiskCache(Path({str(tmp_path)!r}), 100_000)
        print(cache.put("big", b"%PDF" + b"x" * 50_000), cache.get("big"))
        print(cache.put("small", b"%PDF" + b"x" * 100), cache.get("small") is not None)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "None", "True", "True"]
    assert [p.name for p in tmp_path.iterdir() if p.is_file()] == [
        DiskCache(tmp_path, 1).path("small").name]


def test_a_file_where_the_folder_should_be_keeps_nothing_and_locks_nothing(tmp_path: Path):
    (tmp_path / "pdf-cache").write_text("not a folder")
    cache = DiskCache(tmp_path / "pdf-cache", 10_000)
    assert not cache.put("k", pdf(100))
    assert cache.get("k") is None
    held = cache.lock("k", 0)
    assert held is not None  # nothing to lock: the PDF is rendered all the same
    held.release()


def test_one_render_at_a_time_per_key_among_holders(tmp_path: Path):
    """The lock is an flock on an open file: a second holder (another process, or another
    open of the file) waits; once the first lets go, it has it."""
    cache = DiskCache(tmp_path, 10_000)
    first = cache.lock(("sheet", "m1"), 0)
    assert first is not None
    assert cache.lock(("sheet", "m1"), 0) is None  # held: not within no time
    first.release()
    first.release()  # twice is harmless
    again = cache.lock(("sheet", "m1"), 0)
    assert again is not None
    again.release()


def kept(folder: Path, at_least: int = 1, timeout: float = 30.0) -> bool:
    """Whether ``at_least`` PDF files are in ``folder`` within ``timeout`` seconds (a
    condition, looked at every 20 ms)."""
    deadline = time.monotonic() + timeout
    while len(list(folder.glob("*.pdf"))) < at_least:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_a_restore_leaves_no_pdf_of_the_database_that_was(tmp_path: Path):
    """The PDFs kept on disk outlive the server, unlike those in memory: `scorekeeper restore`
    removes them with the database they showed, and the restored match's PDF is its own."""
    instance = tmp_path / "instance"
    app = create_app({"TESTING": True, "CREATE_LIMIT": "0", "PDF_LIMIT": "0"},
                     instance_path=instance)
    client = app.test_client()
    made = client.post("/api/matches", json=euchre_match()).get_json()
    match_id, key = made["id"], made["edit_key"]
    auth = {"Authorization": f"Bearer {key}"}
    backup_database(instance / "scorekeeper.db", tmp_path / "backup.db")
    assert client.post(f"/api/matches/{match_id}/hands", headers=auth,
                       json={"caller": "N", "makers_tricks": 5, "no": 1}).status_code == 201
    before = client.get(f"/m/{match_id}/sheet.pdf")
    assert before.headers["X-Scorekeeper-PDF"] == "rendered"
    # kept as the render ends (its future's callback: it may come just after the answer)
    assert kept(instance / "pdf-cache")
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "restore",
                           str(tmp_path / "backup.db"), "--instance", str(instance)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert not (instance / "pdf-cache").exists()
    after = create_app({"TESTING": True}, instance_path=instance).test_client().get(
        f"/m/{match_id}/sheet.pdf")
    assert after.headers["X-Scorekeeper-PDF"] == "rendered"  # the restored match, no hand
    assert after.data != before.data


def event_pdfs(public_url: str | None, tmp_path: Path) -> tuple[list[str], int]:
    """A club night's standings and its tents (as its director, with the table keys, and as
    anyone else): how each came, and the PDF files kept."""
    config = {"TESTING": True, "CREATE_LIMIT": "0", "PDF_LIMIT": "0",
              **({"PUBLIC_URL": public_url} if public_url else {})}
    app = create_app(config, instance_path=tmp_path / "instance")
    director = app.test_client()
    made = director.post("/api/events", json={
        "name": "Tuesday club", "game": "euchre", "players": [f"P{i}" for i in range(8)],
        "rounds": 2, "hands_per_round": 4, "movement": "schedule", "seed": 5}).get_json()
    assert director.get(made["director_url"]).status_code in (200, 302, 303)  # its rights
    hows = []
    for who, path in ((director, "standings.pdf"), (director, "tents.pdf"),
                      (app.test_client(), "tents.pdf"), (app.test_client(), "standings.pdf")):
        answer = who.get(f"/events/{made['id']}/{path}")
        assert answer.status_code == 200 and answer.data.startswith(b"%PDF")
        hows.append(answer.headers["X-Scorekeeper-PDF"])
    folder = tmp_path / "instance" / "pdf-cache"
    kept(folder, 2 if public_url else 0)
    return hows, len(list(folder.glob("*.pdf")))


def test_club_night_pdfs_are_kept_on_disk_only_with_a_configured_address_and_no_key(tmp_path):
    hows, files = event_pdfs("https://club.example.org", tmp_path / "public")
    assert hows == ["rendered", "rendered", "rendered", "cached"]
    assert files == 2  # the standings and the public tents; never the director's keyed tents
    hows, files = event_pdfs(None, tmp_path / "by-host")
    assert files == 0  # their links would follow the request's Host
