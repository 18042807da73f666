"""The same 30-hand match PDF asked from every worker of a real server (issue 41).

Run: ``.venv/bin/python tests/benchmarks/pdf_workers.py [--workers 2 4 8]`` (not collected by
pytest). For each worker count, two servers: "before" (``PDF_DISK_CACHE_MB=0``,
``PDF_WARM=0``: each worker its own cache and a render process started by its first PDF, as
before issue 41) and "after" (the defaults: one cache in the instance folder, render
processes started with the workers). A match of 30 hands, then 3 x workers asks one after the
other, each on a new connection (the kernel hands each to some worker): the wall time of each,
how it came (the ``X-Scorekeeper-PDF`` header) and the number of renders. Last, the wall time
of a plain WeasyPrint document of the same size (bench_pdf.py's, in this process, warm): the
first ask's target is 2x that (issue 41).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from support.reliability import api, create, get, load  # noqa: E402

ServeProcess = load.ServeProcess  # the server as it runs (the tests' own starts renderers cold)

MODES = {"before": {"SCOREKEEPER_PDF_DISK_CACHE_MB": "0", "SCOREKEEPER_PDF_WARM": "0"},
         "after": {}}


def warm_renderers(sid: int, workers: int, timeout: float = 120.0) -> None:
    """Wait until the server (session ``sid``) has a render process per worker with WeasyPrint
    loaded (over 40 MB resident: a bare interpreter is about 10) and idle (sleeping, waiting
    for work, in five looks in a row: a process still loading fonts is running)."""
    deadline = time.monotonic() + timeout
    calm = 0
    while time.monotonic() < deadline:
        loaded = 0
        for entry in Path("/proc").iterdir():
            try:
                if not entry.name.isdigit() or os.getsid(int(entry.name)) != sid:
                    continue
                cmdline = (entry / "cmdline").read_bytes()
                status = (entry / "status").read_text()
            except OSError:
                continue
            rss = int(status.split("VmRSS:")[1].split()[0]) if "VmRSS:" in status else 0
            asleep = "State:\tS" in status
            loaded += b"multiprocessing" in cmdline and rss > 40_000 and asleep
        calm = calm + 1 if loaded >= workers else 0
        if calm >= 5:
            return
        time.sleep(0.2)
    raise TimeoutError("the render processes did not load WeasyPrint")


def run(workers: int, mode: str) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        server = ServeProcess(Path(tmp) / "instance", workers=workers,
                              env={"SCOREKEEPER_WRITE_LIMIT_PER_MINUTE": "0", **MODES[mode]})
        base = server.start()
        try:
            match_id, key = create(base)
            for no in range(1, 31):
                status, body, _h = api(base, "POST", f"/api/matches/{match_id}/hands",
                                       {"caller": "NESW"[no % 4], "makers_tricks": 3, "no": no},
                                       key)
                assert status == 201, body
            if mode == "after":
                assert server.proc is not None
                warm_renderers(server.proc.pid, workers)
            asks: list[tuple[float, str]] = []
            for _n in range(3 * workers):
                started = time.perf_counter()
                status, body, got = get(base, f"/m/{match_id}/sheet.pdf")
                asks.append((time.perf_counter() - started, got.get("x-scorekeeper-pdf", "")))
                assert status == 200 and body.startswith(b"%PDF")
        finally:
            server.stop()
    rendered = [secs for secs, how in asks if how == "rendered"]
    later = [secs for secs, how in asks[1:] if how != "rendered"]
    return {"workers": workers, "mode": mode, "renders": len(rendered),
            "first_s": round(asks[0][0], 3),
            "renders_s": [round(s, 2) for s in rendered],
            "later_median_ms": round(1000 * statistics.median(later), 1) if later else None,
            "later_max_ms": round(1000 * max(later), 1) if later else None,
            "total_s": round(sum(secs for secs, _how in asks), 2)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--workers", type=int, nargs="+", default=[2, 4, 8])
    args = parser.parse_args()
    for workers in args.workers:
        for mode in MODES:
            print(run(workers, mode), flush=True)
    sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))
    from bench_pdf import plain_pdf  # a plain document of the same size (30 rows)

    plain_pdf(30)  # warm: WeasyPrint and the fonts loaded, as a warm render process has them
    walls = []
    for _n in range(5):
        started = time.perf_counter()
        plain_pdf(30)
        walls.append(time.perf_counter() - started)
    print({"plain_30_rows_wall_s": round(statistics.median(walls), 3)})


if __name__ == "__main__":
    main()
