"""The ``scorekeeper`` command: serve, check, analyse, backup, restore, organiser-key,
export-csv."""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import ssl
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.serving import THREADS

if TYPE_CHECKING:  # the commands load Flask only when they need the app
    from flask import Flask


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with its subcommands."""
    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description="Score keeper and hand recorder for Euchre and Whist played with real cards.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve = sub.add_parser("serve", help="run the table app (gunicorn)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (0.0.0.0: every network; default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=5000, help="port (default 5000)")
    add_instance_option(serve)
    serve.add_argument("--workers", type=int, default=None,
                       help="worker processes (default: four a core, 2 to 16)")
    serve.add_argument("--threads", type=int, default=THREADS,
                       help=f"the app's threads per worker (default {THREADS})")
    serve.add_argument("--dev", action="store_true",
                       help="use Werkzeug's threaded development server instead of gunicorn")
    serve.add_argument("--https", action="store_true",
                       help="serve HTTPS: with --certfile/--keyfile, else a self-signed "
                            "certificate made once in the instance folder (tls/)")
    serve.add_argument("--certfile", metavar="PEM", help="TLS certificate (implies --https)")
    serve.add_argument("--keyfile", metavar="PEM", help="TLS private key (implies --https)")

    check = sub.add_parser("check", help="check match files and EGN files; print JSON lines")
    check.add_argument("files", nargs="+", metavar="FILE", help="a file, or - for stdin")

    analyse = sub.add_parser("analyse", help="double-dummy analysis of the hands with card "
                                             "records; print JSON lines")
    analyse.add_argument("file", metavar="FILE", help="a match file or an EGN file, or - for "
                                                      "stdin")
    analyse.add_argument("--hand", type=int, metavar="N", help="only hand N (from 1)")

    backup = sub.add_parser("backup", help="copy the database safely while the app runs")
    backup.add_argument("dest", help="the backup file to write (must not exist)")
    add_instance_option(backup)

    restore = sub.add_parser("restore", help="replace the database with a checked backup "
                                             "(refused while the server runs)")
    restore.add_argument("source", help="a backup file written by `scorekeeper backup`")
    add_instance_option(restore)

    organiser = sub.add_parser("organiser-key", help="show the organiser key (the right to "
                                                     "rename and merge players)")
    organiser.add_argument("--new", action="store_true",
                           help="make a new key: every phone holding the old one loses the right")
    add_instance_option(organiser)

    export = sub.add_parser("export-csv", help="every recorded hand (or, with --stats, each "
                                              "player's statistics) as CSV")
    export.add_argument("--from", dest="date_from", metavar="YYYY-MM-DD",
                        help="first day (inclusive)")
    export.add_argument("--to", dest="date_to", metavar="YYYY-MM-DD", help="last day (inclusive)")
    export.add_argument("--stats", action="store_true",
                        help="one row per player instead of one per hand")
    export.add_argument("-o", "--output", metavar="FILE", help="write here (default: stdout)")
    add_instance_option(export)
    return parser


def add_instance_option(parser: argparse.ArgumentParser) -> None:
    """``--instance DIR``: the folder holding the database and the secret key."""
    parser.add_argument("--instance", metavar="DIR",
                        help="instance folder (default $SCOREKEEPER_INSTANCE, else instance/ in "
                             "the project folder)")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = build_parser().parse_args(argv)
    if getattr(args, "instance", None):
        # Environment, so that gunicorn workers building their own app see it too.
        os.environ["SCOREKEEPER_INSTANCE"] = str(Path(args.instance).resolve())
    if args.command == "check":
        from scorekeeper.cli.check import main as check_main

        return check_main(args.files)
    if args.command == "analyse":
        from scorekeeper.cli.analyse import main as analyse_main

        return analyse_main(args.file, args.hand)
    if args.command == "serve":
        return serve(args)
    if args.command == "backup":
        return backup(args)
    if args.command == "restore":
        return restore(args)
    if args.command == "organiser-key":
        return organiser_key(args)
    if args.command == "export-csv":
        from scorekeeper.cli.export import export_csv

        return export_csv(args)
    return 2  # pragma: no cover - argparse refuses unknown commands


def lan_address() -> str | None:
    """This machine's address on the local network, if it has one (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
            address = s.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


def addresses(host: str, port: int, scheme: str = "http") -> list[str]:
    """The URLs to print for people to open."""
    if host in ("0.0.0.0", "::", ""):
        urls = [f"{scheme}://127.0.0.1:{port}/"]
        lan = lan_address()
        if lan:
            urls.append(f"{scheme}://{lan}:{port}/")
        return urls
    shown = f"[{host}]" if ":" in host else host
    return [f"{scheme}://{shown}:{port}/"]


def tls_files(args: argparse.Namespace, folder: Path) -> tuple[str, str] | None:
    """The certificate and key to serve HTTPS with (printing their fingerprint), or None.

    Raises SystemExit with a message for a half-given pair or an unreadable file.
    """
    if not (args.https or args.certfile or args.keyfile):
        return None
    if bool(args.certfile) != bool(args.keyfile):
        raise SystemExit("scorekeeper serve: give both --certfile and --keyfile, or neither "
                         "(then --https makes a self-signed certificate)")
    from scorekeeper.serving import tls

    if args.certfile:
        for path in (args.certfile, args.keyfile):
            if not os.access(path, os.R_OK):
                raise SystemExit(f"scorekeeper serve: cannot read {path}")
        try:
            print(f"Certificate {args.certfile}: SHA-256 fingerprint "
                  f"{tls.load_fingerprint(Path(args.certfile))}")
        except ValueError as e:
            raise SystemExit(f"scorekeeper serve: {args.certfile} is not a PEM certificate "
                             f"({e})") from e
        try:  # the pair as gunicorn will load it: a key of another certificate fails here
            ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(
                args.certfile, args.keyfile, password="")  # never a password prompt
        except ssl.SSLError as e:
            raise SystemExit(f"scorekeeper serve: the key {args.keyfile} does not belong to the "
                             f"certificate {args.certfile}, or is not a PEM private key "
                             f"({e.reason or e})") from e
        return args.certfile, args.keyfile
    lan = [a for a in [lan_address()] if a]
    if args.host not in ("0.0.0.0", "::", "", "127.0.0.1", "localhost", "::1") \
            and args.host not in lan:
        lan.append(args.host)
    cert = tls.ensure_certificate(folder / "tls", lan)
    made = "made" if cert.created else "kept"
    print(f"Self-signed certificate ({made}) {cert.certfile}")
    print(f"SHA-256 fingerprint {cert.fingerprint}")
    print("Phones warn about it the first time: check the fingerprint, then accept it.")
    return str(cert.certfile), str(cert.keyfile)


def serve(args: argparse.Namespace) -> int:
    """Create the instance folder, database and secret key, then serve the app."""
    from scorekeeper import create_app, instance_folder

    app = create_app()  # first run: creates instance/, the database and the secret key
    print(f"Scorekeeper: instance folder {instance_folder()}")
    tls = tls_files(args, instance_folder())
    urls = addresses(args.host, args.port, "https" if tls else "http")
    for url in urls:
        print(f"Scorekeeper is at {url}")
    print_organiser_key(app, urls[-1])
    sys.stdout.flush()
    if args.dev:
        app.run(host=args.host, port=args.port, threaded=True, use_reloader=False,
                ssl_context=tls)
        return 0
    from scorekeeper.serving import config

    return config.run(args.host, args.port, instance_folder(),
                      workers=args.workers or config.default_workers(), threads=args.threads,
                      tls=tls)


def print_organiser_key(app: Flask, url: str | None = None, new: bool = False) -> None:
    """Print the organiser key (made on first run), and the link that gives a phone its right."""
    from scorekeeper.service import organiser
    from scorekeeper.store.db import connect, database_path

    # Its own connection, closed before the server forks: a SQLite connection inherited by the
    # workers would lend them its read-write file descriptor (SQLite shares one per file).
    db = connect(database_path(app))
    try:
        key = (organiser.new_key if new else organiser.key)(db, str(app.config["SECRET_KEY"]))
    finally:
        db.conn.close()
    print(f"Organiser key (rename and merge players): {key}")
    if url:
        print(f"Organiser's phone: open {url}organiser and enter it, or open "
              f"{url}organiser?key={key}")


def organiser_key(args: argparse.Namespace) -> int:
    """Show the organiser key, or replace it with ``--new``."""
    from scorekeeper import create_app
    from scorekeeper.store.db import sqlite3
    from scorekeeper.web.security import InsecureSecretKey

    try:
        print_organiser_key(create_app(), new=args.new)
    except (OSError, sqlite3.Error, InsecureSecretKey) as e:
        print(f"scorekeeper organiser-key: cannot open the instance: {e}", file=sys.stderr)
        return 1
    if args.new:
        print("The old key no longer works: every phone that held it must enter this one.")
    return 0


def backup(args: argparse.Namespace) -> int:
    """Write a consistent copy of the database and verify it."""
    from scorekeeper import instance_folder
    from scorekeeper.store.backup import BackupError, backup_database

    try:
        counts = backup_database(instance_folder() / "scorekeeper.db", Path(args.dest))
    except BackupError as e:
        print(f"scorekeeper backup: {e}", file=sys.stderr)
        return 1
    summary = ", ".join(f"{n} {table}" for table, n in counts.items())
    print(f"Backed up to {args.dest} ({summary}); integrity check ok")
    return 0


def restore(args: argparse.Namespace) -> int:
    """Replace the database with a verified backup."""
    from scorekeeper import instance_folder
    from scorekeeper.store.backup import BackupError, restore_database

    try:
        done = restore_database(Path(args.source), instance_folder() / "scorekeeper.db")
    except BackupError as e:
        print(f"scorekeeper restore: {e}; nothing was changed", file=sys.stderr)
        return 1
    # The PDFs kept for every server process show the database that was: gone with it (the
    # restore's new versions already name none of them; this also covers a database deleted
    # by hand before the restore, whose versions start again from nothing).
    shutil.rmtree(instance_folder() / "pdf-cache", ignore_errors=True)
    summary = ", ".join(f"{n} {table}" for table, n in done.counts.items())
    print(f"Restored from {args.source} ({summary}); every match replays, and the statistics "
          f"were rebuilt from the hands")
    if done.rebuilt_differed:
        print(f"The backup's own {', '.join(done.rebuilt_differed)} did not match its hands: "
              f"the restored figures are the ones its hands make")
    if done.safe is not None:
        print(f"The database as it was before is kept as {done.safe}")
    return 0
