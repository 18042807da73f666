"""Page speed and weight: the match page of a 30-hand match, against a trivial endpoint.

Run: .venv/bin/python tests/benchmarks/bench_pages.py
Targets (issues 11, 12 and 21): the 30-hand match page while the match is unchanged within 2x
the trivial endpoint, for the scorer and for a viewer (rendered each time from the kept state:
no replay), and a viewer's browser asking again with the page's ETag (304 from the version).
For information: the page right after a Save (the redirect target:
a new version, so it is rendered, from the state the Save replayed and kept); the page with its
CSS, scripts and icons weighs under 30 KB as sent to a phone (gzip, as browsers ask for it; the
uncompressed sizes are printed too). Exits 1 if the weight is over.
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app, service  # noqa: E402
from scorekeeper.service import statecache  # noqa: E402
from scorekeeper.store.db import get_db  # noqa: E402

BUDGET = 30 * 1024
SEATS = {"N": "Annabelle", "E": "Bartholomew", "S": "Caitlin", "W": "Desmond"}


def thirty_hands() -> list[dict]:
    hands = []
    for i in range(30):
        if i % 11 == 5:
            hands.append({"passed": True})
            continue
        hands.append({"caller": "NESW"[i % 4], "makers_tricks": (3, 1, 4, 5, 2, 3)[i % 6],
                      "trump": "SHDC"[i % 4], "alone": i % 9 == 0})
    hands[7]["note"] = "Bartholomew misdealt, redealt by the same dealer"
    return hands


def timed_together(requests: list[tuple[object, str]], rounds: int = 400,
                   headers: dict[int, dict[str, str]] | None = None
                   ) -> list[tuple[float, int]]:
    """The median time (ms) and size of each (client, url), asked in turn round after round:
    a machine that slows down or speeds up meanwhile does so for every one of them alike.
    ``headers``: extra headers of the i-th request (If-None-Match: a 304 is expected)."""
    times: list[list[float]] = [[] for _ in requests]
    sizes = [0] * len(requests)
    for _ in range(rounds):
        for i, (client, url) in enumerate(requests):
            extra = (headers or {}).get(i, {})
            start = time.perf_counter()
            r = client.get(url, headers=extra)  # type: ignore[attr-defined]
            times[i].append(time.perf_counter() - start)
            assert r.status_code == (304 if extra else 200), (url, r.status_code)
            sizes[i] = len(r.data)
    return [(statistics.median(t) * 1000, size) for t, size in zip(times, sizes, strict=True)]


def after_saves(app, client, page: str, match_id: str, cold: bool, runs: int = 60) -> float:
    """The median time of the page right after a Save (the PRG redirect target): a hand is
    recorded (not timed), then the page is timed; an undo (not timed) keeps the match at 30
    hands. ``cold``: the kept states are dropped first, so the page replays the match."""
    times = []
    for _ in range(runs):
        with app.app_context():
            loaded = service.load(get_db(), match_id)
            done = service.record_hand(get_db(), match_id, {"caller": "N", "makers_tricks": 3},
                                       loaded.next_no)
        assert done.ok, done.status
        if cold:
            statecache._entries.clear()
        start = time.perf_counter()
        r = client.get(page)
        times.append(time.perf_counter() - start)
        assert r.status_code == 200
        with app.app_context():
            assert service.undo_last(get_db(), match_id, done.no).ok
        client.get(page)
    return statistics.median(times) * 1000


def main() -> int:
    """Run in a temporary instance folder, removed afterwards (the database with it)."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp:
        return run(tmp)


def run(tmp: str) -> int:
    app = create_app({"TESTING": True}, instance_path=tmp)
    match = {"format": "scorekeeper-match/1", "game": "euchre", "seats": SEATS,
             "teams": {"NS": "The Home Team", "EW": "The Visitors"},
             "rules": {"target": 99}, "hands": thirty_hands()}
    with app.app_context():
        created = service.create_match(get_db(), match)
    assert created.ok, created.problems
    page = f"/m/{created.match_id}"
    scorer, viewer = app.test_client(), app.test_client()
    scorer.get(f"{page}?key={created.edit_key}")

    for client in (viewer, scorer):  # warm: the kept states exist
        client.get(page)
    tag = viewer.get(page).headers["ETag"]
    (trivial_ms, _), (scorer_ms, scorer_bytes), (viewer_ms, viewer_bytes), (again_ms, _) = \
        timed_together([(viewer, "/healthz"), (scorer, page), (viewer, page), (viewer, page)],
                       headers={3: {"If-None-Match": tag}})
    print(f"trivial endpoint (/healthz):      {trivial_ms:6.2f} ms")
    within = True
    for who, ms, size in (("scorer", scorer_ms, scorer_bytes), ("viewer", viewer_ms, viewer_bytes),
                          ("viewer asking again (304)", again_ms, 0)):
        ok = ms <= 2 * trivial_ms
        within = within and ok
        print(f"match page, 30 hands, {who}:     {ms:6.2f} ms  {size:6,} bytes  "
              f"{ms / trivial_ms:.2f}x /healthz (target <= 2x) {'ok' if ok else 'OVER'}")
    saved_ms = after_saves(app, scorer, page, created.match_id, cold=False)
    cold_ms = after_saves(app, scorer, page, created.match_id, cold=True)
    ratio = saved_ms / trivial_ms
    print(f"match page after a Save (state kept): {saved_ms:6.2f} ms  "
          f"{ratio:.2f}x /healthz (rendered once per version)")
    print(f"match page after a Save, replayed:    {cold_ms:6.2f} ms  "
          f"{cold_ms / trivial_ms:.2f}x /healthz (without the kept state)")

    wire = {"Accept-Encoding": "gzip"}  # what a phone's browser says
    sent = scorer.get(page, headers=wire)
    html = scorer.get(page).get_data(as_text=True)
    names = sorted(set(re.findall(r'(?:href|src)="/static/([\w/.-]+)"', html)))
    assets = 0
    for name in names:
        size = len(scorer.get(f"/static/{name}", headers=wire).data)
        assets += size
        print(f"static/{name:27s} {size:6,} bytes sent ({(ROOT / 'static' / name).stat().st_size:,}"
              " uncompressed)")
    total = len(sent.data) + assets
    verdict = "ok" if total < BUDGET else "OVER BUDGET"
    print(f"page ({len(sent.data):,} bytes sent) + what it loads: {total:6,} bytes of {BUDGET:,}"
          f"  {verdict}")
    return 0 if total < BUDGET and within else 1


if __name__ == "__main__":
    sys.exit(main())
