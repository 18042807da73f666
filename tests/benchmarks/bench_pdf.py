"""How long a match PDF takes, against WeasyPrint rendering a plain document of the same size.

Run: ``.venv/bin/python tests/benchmarks/bench_pdf.py`` (not collected by pytest).
Targets: a 30-hand match under 1 s, a 100-hand match under 3 s, and within 1.5x of the plain
document (a table with as many rows and the same 12 columns plus one SVG line, no app code)
measured in the same run.

The match PDF is fetched from ``/m/<id>/sheet.pdf`` as a phone would, with the PDF cache off
(``PDF_CACHE=0``) so that every request really renders: the web process builds the HTML and
the render process (:mod:`scorekeeper.printing.pdf_render`) lays it out. Its CPU time is the
web process's plus the render process's (read from ``/proc``), so the figure holds all the
work and none of the waiting.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app, service  # noqa: E402
from scorekeeper.store.db import get_db  # noqa: E402

TARGETS = {30: 1.0, 100: 3.0}
RATIO = 1.5
RUNS = 7
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def hands(count: int) -> list[dict[str, object]]:
    tricks = [3, 4, 5, 1, 3, 0, 4]
    return [
        {"caller": "NESW"[i % 4], "makers_tricks": tricks[i % 7], "alone": i % 11 == 10,
         "trump": "SHDC"[i % 4]}
        for i in range(count)
    ]


def plain_pdf(rows: int) -> bytes:
    """A plain WeasyPrint document: a table of ``rows`` rows of the hand table's 12 columns,
    a header row, a page counter and one SVG line; no app code, no app stylesheet."""
    from weasyprint import HTML

    body = "".join(
        f"<tr><td>{i}</td><td>Ann N</td><td>Bo E</td><td>♥</td><td></td><td></td><td>3</td>"
        f"<td>+1</td><td></td><td>{i}</td><td>{i // 2}</td><td></td></tr>"
        for i in range(1, rows + 1)
    )
    html = (
        "<html><style>@page{size:A4;margin:15mm;@bottom-center{content:counter(page)}}"
        "body{font-family:'DejaVu Sans','Noto Sans CJK SC',sans-serif;font-size:8pt}"
        "table{width:100%;border-collapse:collapse}td{border-bottom:1px solid #ccc}</style>"
        '<h1>Home vs Visitors</h1><svg width="600" height="200" viewBox="0 0 600 200">'
        '<polyline points="0,200 300,100 600,0" fill="none" stroke="blue"/></svg>'
        "<table><thead><tr><th>#</th><th>Dealer</th><th>Caller</th><th>Trump</th><th>Rd</th>"
        "<th>Alone</th><th>Tricks</th><th>NS</th><th>EW</th><th>NS</th><th>EW</th>"
        f"<th>Notes</th></tr></thead>{body}</table></html>"
    )
    return HTML(string=html).write_pdf()


def children_cpu() -> float:
    """CPU seconds used so far by this process's living children (the render processes)."""
    total = 0
    me = str(os.getpid())
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[1] == me:  # its parent
            total += int(fields[11]) + int(fields[12])  # utime + stime, in clock ticks
    return total / CLOCK_TICKS


def timed(fn: Callable[[], bytes], with_children: bool) -> tuple[float, float, int]:
    """Median wall-clock and CPU seconds of ``fn``, and the size of what it made.

    CPU time is reported too: on a busy machine (tests running alongside) wall-clock
    figures swing by 2x while CPU time stays put.
    """
    fn()  # warm up: fonts, caches, imports, the render process
    wall, cpu = [], []
    size = 0
    for _ in range(RUNS):
        start, start_cpu = time.perf_counter(), time.process_time()
        start_children = children_cpu() if with_children else 0.0
        size = len(fn())
        wall.append(time.perf_counter() - start)
        used = time.process_time() - start_cpu
        if with_children:
            used += children_cpu() - start_children
        cpu.append(used)
    return statistics.median(wall), statistics.median(cpu), size


def pages(pdf: bytes) -> int:
    from io import BytesIO

    from pypdf import PdfReader

    return len(PdfReader(BytesIO(pdf)).pages)


def main() -> int:
    """Run in a temporary instance folder, removed afterwards (the database with it)."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp:
        return run(tmp)


def run(tmp: str) -> int:
    app = create_app({"TESTING": True, "PDF_CACHE": 0, "PDF_LIMIT": "0"},
                     instance_path=tmp)
    client = app.test_client()
    failed = False
    print(f"median of {RUNS} runs after one warm-up; targets judged on CPU time "
          "(web process + render process)")
    for count, target in TARGETS.items():
        rules = {"deals": count}
        data = {"format": "scorekeeper-match/1", "game": "euchre", "rules": rules,
                "seats": {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"},
                "teams": {"NS": "Home", "EW": "Visitors"}, "hands": hands(count)}
        with app.app_context():
            match_id = service.create_match(get_db(), data).match_id

        def app_pdf(match_id: str = match_id) -> bytes:
            response = client.get(f"/m/{match_id}/sheet.pdf")
            assert response.status_code == 200
            assert response.headers["X-Scorekeeper-PDF"] == "rendered"  # not from a cache
            return response.data

        app_s, app_cpu, app_size = timed(app_pdf, with_children=True)
        plain_s, plain_cpu, plain_size = timed(lambda count=count: plain_pdf(count), False)
        ratio = app_cpu / plain_cpu
        ok = app_cpu < target and ratio <= RATIO  # CPU: wall-clock is noise on a busy machine
        failed |= not ok
        print(
            f"{count:>3} hands: app {app_s:.3f} s wall / {app_cpu:.3f} s CPU "
            f"({app_size // 1024} KiB, {pages(app_pdf())} pages); "
            f"plain {plain_s:.3f} s wall / {plain_cpu:.3f} s CPU ({plain_size // 1024} KiB, "
            f"{pages(plain_pdf(count))} pages); ratio (CPU) {ratio:.2f}x "
            f"[target < {target:.0f} s and <= {RATIO}x: {'ok' if ok else 'MISSED'}]",
            flush=True,
        )
    from scorekeeper.printing import pdf_render

    with app.app_context():
        pdf_render.queue().close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
