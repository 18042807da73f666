"""``scorekeeper export-csv``: every recorded hand (or the players' statistics) as CSV, the same
columns as ``GET /export/hands.csv`` and ``/export/stats.csv``, read from the instance's
database without a server."""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path
from typing import TextIO


def export_csv(args: argparse.Namespace) -> int:
    """Write the CSV to ``--output`` (default standard output); 2 for a bad date range."""
    from scorekeeper import instance_folder
    from scorekeeper.service import stats
    from scorekeeper.store.db import connect, migrate

    span = stats.date_range(args.date_from, args.date_to)
    if span.problem:
        sys.stderr.write("scorekeeper export-csv: dates are days written like 2026-05-29, "
                         "from not after to\n")
        return 2
    path = instance_folder() / "scorekeeper.db"
    if not path.exists():
        sys.stderr.write(f"scorekeeper export-csv: no database at {path}\n")
        return 1
    db = connect(path)
    try:
        migrate(db)
        header, rows = stats.stats_rows(db, span) if args.stats else stats.hand_rows(db, span)
        if args.output and args.output != "-":
            with Path(args.output).open("w", newline="", encoding="utf-8") as out:
                count = _write(out, header, rows)
            sys.stderr.write(f"Wrote {count} rows to {args.output}\n")
        else:
            _write(sys.stdout, header, rows)
    finally:
        db.conn.close()
    return 0


def _write(out: TextIO, header: list[str], rows: object) -> int:
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    count = 0
    from scorekeeper.service.stats import csv_cell

    for row in rows:  # type: ignore[attr-defined]
        writer.writerow([csv_cell(v) for v in row])
        count += 1
    return count
