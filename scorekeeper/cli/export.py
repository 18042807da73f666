"""``scorekeeper export-csv``: every recorded hand (or the players' statistics) as CSV, the same
columns as ``GET /export/hands.csv`` and ``/export/stats.csv``, read from the instance's
database without a server."""

from __future__ import annotations

import argparse
import csv
import os
import sys
from pathlib import Path
from typing import TextIO

from scorekeeper.store.db import sqlite3


def export_csv(args: argparse.Namespace) -> int:
    """Write the CSV to ``--output`` (default standard output); 2 for a bad date range, 1 for a
    database that is missing, unreadable or not yet upgraded.

    The database is opened read-only (an export never migrates it under a running server), and
    ``--output`` is written to a file beside it, then moved over it: a failed export leaves the
    file as it was.
    """
    from scorekeeper import instance_folder
    from scorekeeper.service import stats
    from scorekeeper.store.db import connect_read_only, pending_migrations

    span = stats.date_range(args.date_from, args.date_to)
    if span.problem:
        sys.stderr.write("scorekeeper export-csv: dates are days written like 2026-05-29, "
                         "from not after to\n")
        return 2
    path = instance_folder() / "scorekeeper.db"
    if not path.exists():
        sys.stderr.write(f"scorekeeper export-csv: no database at {path}\n")
        return 1
    try:
        db = connect_read_only(path)
    except sqlite3.Error as e:
        sys.stderr.write(f"scorekeeper export-csv: cannot open the database at {path} ({e})\n")
        return 1
    try:
        pending = pending_migrations(db)
        if pending:
            sys.stderr.write(f"scorekeeper export-csv: the database at {path} is from an older "
                             f"Scorekeeper ({len(pending)} upgrades not applied): start "
                             "`scorekeeper serve` once, which upgrades it, then export\n")
            return 1
        header, rows = stats.stats_rows(db, span) if args.stats else stats.hand_rows(db, span)
        if args.output and args.output != "-":
            count = _write_file(Path(args.output), header, rows)
            sys.stderr.write(f"Wrote {count} rows to {args.output}\n")
        else:
            _write(sys.stdout, header, rows)
    except sqlite3.Error as e:
        sys.stderr.write(f"scorekeeper export-csv: cannot read the database at {path} ({e})\n")
        return 1
    except OSError as e:
        sys.stderr.write(f"scorekeeper export-csv: cannot write {args.output} "
                         f"({e.strerror or e})\n")
        return 1
    finally:
        db.conn.close()
    return 0


def _write_file(target: Path, header: list[str], rows: object) -> int:
    """Write the CSV beside ``target``, then replace it (never a half-written file)."""
    part = target.with_name(f".{target.name}.{os.getpid()}.part")
    try:
        with part.open("w", newline="", encoding="utf-8") as out:
            count = _write(out, header, rows)
        os.replace(part, target)
    finally:
        part.unlink(missing_ok=True)
    return count


def _write(out: TextIO, header: list[str], rows: object) -> int:
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    count = 0
    from scorekeeper.service.stats import csv_cell

    for row in rows:  # type: ignore[attr-defined]
        writer.writerow([csv_cell(v) for v in row])
        count += 1
    return count
