"""Hostile load: scorers save hands while 16 clients hammer PDFs and 16 others create matches
and send junk, against ``scorekeeper serve`` (gunicorn, the production mode).

Run (loopback only; it starts and stops its own server on a temporary instance folder)::

    .venv/bin/python tests/benchmarks/hostile.py              # 60 s
    .venv/bin/python tests/benchmarks/hostile.py --short      # 10 s (the test suite's form)
    .venv/bin/python tests/benchmarks/hostile.py --duration 120 --scorers 8

- Scorers (``--scorers``, 8): one match each, a hand a second (the write limit, 60 a minute per
  edit key, stays on); every save's latency is measured.
- PDF clients (16): closed loop, no pause, over the sheets and blank sheets of four 300-hand
  matches and of the scorers' matches (which change with every hand), in two paper sizes and
  three languages. The per-address PDF limit is off for the run (as if each came from its own
  address): the render queue alone must keep them away from the scorers.
- Creators and junk (16): closed loop, no pause: matches created and imported (300 hands),
  over-long targets, ``"game": {}``, lone surrogates, 5,000-deep nesting, huge numbers, bodies
  that are not JSON, writes without the key or with a wrong one, made-up ``If-Match`` tags.
  They come from 127.0.0.2 (the scorers from 127.0.0.1); the per-address creation limit is on
  (``--create-limit``, the app's default).

First the scorers save alone for ``--baseline`` seconds (5): the machine's own p99. It passes
when no answer is a 500 (or any 5xx but 503, 507), every scorer's save is stored, the hand
saves' p99 under attack is under 100 ms (on a machine so busy with other work that the scorers
alone pass 50 ms: under twice their own p99), and the server log has no traceback. It prints latency
percentiles per kind of request and the count of each status.
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import os
import random
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def _load_module():
    """load.py beside this file (a script, not a package module): its server and client."""
    name = "scorekeeper_load_script"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, HERE / "load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


load = _load_module()
ServeProcess, Client, TransportError = load.ServeProcess, load.Client, load.TransportError
percentile = load.percentile

SEATS = {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}
P99_LIMIT = 0.100  # seconds
DEFAULT_DURATION = 60.0
SHORT_DURATION = 10.0
ALLOWED_5XX = {503, 507}
HAND_CYCLE = load.HAND_CYCLE
ATTACKER_NICENESS = 10
STRANGER = "127.0.0.2"  # the attackers' address (loopback); scorers come from 127.0.0.1


def match(target: int = 200, **extra: Any) -> dict[str, Any]:
    return {"format": "scorekeeper-match/1", "game": "euchre", "seats": dict(SEATS),
            "rules": {"target": target}, **extra}


def big_match() -> dict[str, Any]:
    """300 hands, none scoring (everyone passed): the largest match a file may hold."""
    return match(hands=[{"passed": True, "note": f"hand {n}"} for n in range(300)])


def junk_bodies() -> list[tuple[str, Any]]:
    """(name, body) of the hostile create requests; a str body is sent as raw text."""
    deep = "[" * 5000 + "]" * 5000
    return [
        ("target-huge", match(target=10**6)),
        ("target-1e309", '{"format": "scorekeeper-match/1", "game": "euchre", '
                         '"seats": {"N": "a", "E": "b", "S": "c", "W": "d"}, '
                         '"rules": {"target": 1e309}}'),
        ("game-object", {**match(), "game": {}}),
        ("game-list", {**match(), "game": []}),
        ("surrogate-name", '{"format": "scorekeeper-match/1", "game": "euchre", '
                           '"seats": {"N": "\\ud800", "E": "b", "S": "c", "W": "d"}}'),
        ("surrogate-key", '{"\\udfff": 1}'),
        ("deep", deep),
        ("deep-object", '{"a":' * 3000 + "1" + "}" * 3000),
        ("huge-int", '{"format": "scorekeeper-match/1", "game": "euchre", "rules": {"target": '
                     + "9" * 4000 + "}}"),
        ("not-json", "{nope"),
        ("bidi-name", {**match(), "teams": {"NS": "\u202eevil", "EW": "x"}}),
        ("wrong-types", {"format": 1, "game": 2, "seats": [], "rules": "x", "hands": {}}),
        ("start-score", {**match(), "start_score": {"NS": 10**8, "EW": 0}}),
    ]


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=dict)
    statuses: Counter[tuple[str, int]] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    saved: int = 0

    def note(self, kind: str, status: int, seconds: float) -> None:
        self.latencies.setdefault(kind, []).append(seconds)
        self.statuses[(kind, status)] += 1
        if status >= 500 and status not in ALLOWED_5XX:
            self.errors.append(f"{kind}: {status}")


class Worker(threading.Thread):
    """One client: a loop until the deadline."""

    source: str | None = None  # the loopback address this kind of client comes from

    def __init__(self, name: str, base: str, deadline: float, stats: Stats, seed: int):
        super().__init__(name=name, daemon=True)
        self.client = Client(base, timeout=60, source=self.source)
        self.deadline = deadline
        self.stats = stats
        self.random = random.Random(seed)

    def call(self, kind: str, method: str, path: str, body: Any = None,
             headers: dict[str, str] | None = None, raw: str | None = None) -> Any:
        try:
            if raw is not None:
                got = self.raw(method, path, raw, headers or {})
            else:
                got = self.client.request(method, path, body, headers)
        except TransportError as e:
            self.stats.errors.append(f"{kind}: {e}")
            return None
        self.stats.note(kind, got[0], got[3])
        return got

    def raw(self, method: str, path: str, text: str, headers: dict[str, str]):
        """Send ``text`` as the body, exactly (it may be invalid JSON)."""
        client = self.client
        started = time.perf_counter()
        try:
            if client.conn is None:
                import http.client

                client.conn = http.client.HTTPConnection(client.host, client.port,
                                                         timeout=client.timeout,
                                                         source_address=client.source)
            client.conn.request(method, path, body=text.encode("utf-8", "surrogatepass"),
                                headers={"Content-Type": "application/json", **headers})
            response = client.conn.getresponse()
            data = response.read()
            if response.will_close:
                client.close()
        except OSError as e:
            client.close()
            raise TransportError(f"{method} {path}: {e}") from e
        return response.status, data, {}, time.perf_counter() - started

    def run(self) -> None:
        try:
            while time.monotonic() < self.deadline:
                self.step()
        except Exception as e:  # a bug in the load script must show, not hang the run
            self.stats.errors.append(f"{self.name}: {type(e).__name__}: {e}")
        finally:
            self.client.close()

    def step(self) -> None:
        raise NotImplementedError


class Scorer(Worker):
    """Saves the next hand of its match once a second, on its own schedule: tables are
    independent, so each starts at a random moment of the second (not all at once, which
    would measure eight saves queuing for the write lock together, not the attack) and keeps
    its pace whatever the answers' latency (open loop)."""

    def __init__(self, *args: Any, match_id: str, key: str, **kw: Any):
        super().__init__(*args, **kw)
        self.match_id, self.key, self.no = match_id, key, 0
        self.next_at = time.monotonic() + self.random.random()

    def step(self) -> None:
        pause = self.next_at - time.monotonic()
        if pause > 0:
            time.sleep(pause)
        self.next_at = max(self.next_at + 1.0, time.monotonic())
        if time.monotonic() >= self.deadline:
            return
        self.no += 1
        hand = {**HAND_CYCLE[self.no % len(HAND_CYCLE)], "no": self.no}
        got = self.call("save", "POST", f"/api/matches/{self.match_id}/hands", hand,
                        {"Authorization": f"Bearer {self.key}",
                         "Idempotency-Key": f"{self.match_id}-{self.no}"})
        if got is None or got[0] != 201:
            self.stats.errors.append(f"save {self.match_id} #{self.no}: "
                                     f"{got[0] if got else 'no answer'} {got[1] if got else ''}")
        else:
            self.stats.saved += 1


class PdfClient(Worker):
    """Asks for PDFs without a pause (from 127.0.0.2: strangers, not the scorers' address)."""

    source = STRANGER

    def __init__(self, *args: Any, targets: list[str], **kw: Any):
        super().__init__(*args, **kw)
        self.targets = targets

    def step(self) -> None:
        path = self.random.choice(self.targets)
        size = self.random.choice(("a4", "letter"))
        lang = self.random.choice(("en", "zh-Hant", "zh-Hans"))
        got = self.call("pdf", "GET", f"{path}?size={size}", None, {"Accept-Language": lang})
        if got is not None and got[0] == 503:
            time.sleep(0.05)  # a client that honours nothing but a tiny pause


class Junk(Worker):
    """Creates matches and sends junk without a pause (from 127.0.0.2)."""

    source = STRANGER

    def __init__(self, *args: Any, victims: list[str], **kw: Any):
        super().__init__(*args, **kw)
        self.victims = victims
        self.bodies = junk_bodies()

    def step(self) -> None:
        r = self.random
        choice = r.randrange(8)
        victim = r.choice(self.victims)
        if choice == 0:
            self.call("create", "POST", "/api/matches", match())
        elif choice == 1:
            self.call("import", "POST", "/api/matches", big_match())
        elif choice in (2, 3):
            _name, body = r.choice(self.bodies)
            if isinstance(body, str):
                self.call("junk", "POST", "/api/matches", raw=body)
            else:
                self.call("junk", "POST", "/api/matches", body)
        elif choice == 4:  # a write without the key, or with a wrong one
            headers = r.choice([{}, {"Authorization": "Bearer wrong-key"}])
            self.call("unauth", "POST", f"/api/matches/{victim}/hands",
                      {"passed": True, "no": 1}, headers)
        elif choice == 5:
            self.call("junk", "POST", f"/api/matches/{victim}/hands",
                      raw='{"no": 1, "note": "\\ud800"}',
                      headers={"Authorization": "Bearer wrong-key"})
        elif choice == 6:
            self.call("unauth", "PUT", f"/api/matches/{victim}/hands/1", {"passed": True},
                      {"If-Match": '"v1-0123456789abcdef0123"',
                       "Authorization": "Bearer wrong"})
        else:
            self.call("read", "GET", r.choice([f"/api/matches/{victim}", "/healthz",
                                               f"/m/{victim}", "/api/matches/nope"]))


@dataclass
class Result:
    duration: float
    stats: Stats
    log_problems: list[str]
    baseline: list[float] = field(default_factory=list)  # saves with no attacker, first

    @property
    def save_p99(self) -> float:
        return percentile(sorted(self.stats.latencies.get("save", [])), 99)

    @property
    def baseline_p99(self) -> float:
        return percentile(sorted(self.baseline), 99)

    @property
    def p99_limit(self) -> float:
        """100 ms; on a machine already so busy (other work) that the scorers alone pass 50 ms,
        twice their own p99: the attackers may not double it."""
        return max(P99_LIMIT, 2 * self.baseline_p99)

    @property
    def errors(self) -> list[str]:
        return self.stats.errors + self.log_problems

    @property
    def ok(self) -> bool:
        return not self.errors and self.stats.saved > 0 and self.save_p99 < self.p99_limit

    def summary(self) -> str:
        lines = [f"hostile load for {self.duration:g} s: {self.stats.saved} hands saved, "
                 f"save p99 {self.save_p99 * 1000:.1f} ms (limit {self.p99_limit * 1000:.0f} ms;"
                 f" scorers alone before: p99 {self.baseline_p99 * 1000:.1f} ms of "
                 f"{len(self.baseline)} saves)",
                 f"{'kind':<8} {'count':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} "
                 f"{'max ms':>8}"]
        for kind, values in sorted(self.stats.latencies.items()):
            values = sorted(values)
            lines.append(f"{kind:<8} {len(values):>7} " + " ".join(
                f"{percentile(values, p) * 1000:>8.1f}" for p in (50, 95, 99, 100)))
        by_kind: dict[str, list[str]] = {}
        for (kind, status), n in sorted(self.stats.statuses.items()):
            by_kind.setdefault(kind, []).append(f"{status}x{n}")
        lines += [f"  {kind}: {' '.join(v)}" for kind, v in by_kind.items()]
        lines += [f"  ! {e}" for e in self.errors[:20]]
        lines.append("OK" if self.ok else "FAILED")
        return "\n".join(lines)


def setup(base: str) -> tuple[list[tuple[str, str]], list[str]]:
    """The scorers' matches and the PDF targets (four 300-hand matches), made before the run."""
    clients = [Client(base, timeout=60, source=f"127.0.1.{n}") for n in range(1, 40)]
    made = iter(clients)
    try:
        scorers = []
        for _ in range(ARGS_SCORERS[0]):  # each table from its own address, as at a venue
            status, body, _h, _t = next(made).request("POST", "/api/matches", match())
            assert status == 201, (status, body)
            scorers.append((body["id"], body["edit_key"]))
        targets = []
        for _ in range(4):
            status, body, _h, _t = next(made).request("POST", "/api/matches", big_match())
            assert status == 201, (status, body)
            targets += [f"/m/{body['id']}/sheet.pdf", f"/m/{body['id']}/blank.pdf"]
        targets += [f"/m/{m}/sheet.pdf" for m, _k in scorers]
        targets += ["/sheets/euchre.pdf", "/sheets/whist.pdf"]
        return scorers, targets
    finally:
        for client in clients:
            client.close()


ARGS_SCORERS = [8]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=DEFAULT_DURATION, help="seconds")
    parser.add_argument("--short", action="store_true", help=f"{SHORT_DURATION:g} s")
    parser.add_argument("--scorers", type=int, default=8)
    parser.add_argument("--baseline", type=float, default=5.0,
                        help="seconds the scorers save alone first (the machine's own p99)")
    parser.add_argument("--pdf-clients", type=int, default=16)
    parser.add_argument("--junk-clients", type=int, default=16)
    parser.add_argument("--create-limit", default="20 per hour;5 per minute",
                        help="the server's per-address creation limit for the run (the default "
                             "is the app's)")
    parser.add_argument("--workers", type=int, default=None, help="default: serve's")
    parser.add_argument("--tmp", default=None,
                        help="folder for the run's instance (e.g. /dev/shm: no disk flushes, "
                             "so other work's disk traffic does not blur the CPU figures)")
    parser.add_argument("--nice", type=int, default=0,
                        help="run the whole benchmark (server, scorers; the attackers stay 10 "
                             "below) at this niceness, e.g. -10 as root: on a machine shared "
                             "with other work, the server and its scorers then get the cores "
                             "as on a machine of their own")
    parser.add_argument("--threads", type=int, default=None, help="default: serve's")
    args = parser.parse_args(argv)
    if not args.workers:
        from scorekeeper.serving.config import default_workers

        args.workers = default_workers()
    if not args.threads:
        from scorekeeper.serving import THREADS

        args.threads = THREADS
    if args.short:
        args.duration = SHORT_DURATION
    return args


def lower_priority(niceness: int) -> None:
    """Run this process at ``niceness`` even where the kernel groups processes by session
    (``sched_autogroup``, on by default in many distributions): there, a niceness only counts
    within the session, and the server (a session of its own) would share the CPU with the
    attackers half and half. A session of our own, with that niceness for the session."""
    try:
        os.setsid()
    except OSError:
        pass  # already a session leader
    os.nice(niceness)
    try:
        with open("/proc/self/autogroup", "w") as group:
            group.write(str(niceness))
    except OSError:
        pass  # no autogroup here: the niceness alone counts


def _attack(kind: str, base: str, seconds: float, count: int, seed: int, targets: list[str],
            victims: list[str], out: Any) -> None:
    """In a process of its own: ``count`` attacking threads of one kind; their stats go to
    ``out``. (The attackers' threads would otherwise share the scorers' GIL here, and the
    scorers' measured latency would be the load generator's, not the server's.) They run at a
    lower CPU priority: real attackers spend their own machines' CPU, not the server's."""
    lower_priority(ATTACKER_NICENESS)
    stats = Stats()
    deadline = time.monotonic() + seconds
    if kind == "pdf":
        workers: list[Worker] = [PdfClient(f"pdf-{i}", base, deadline, stats, seed + i,
                                           targets=targets) for i in range(count)]
    else:
        workers = [Junk(f"junk-{i}", base, deadline, stats, seed + i, victims=victims)
                   for i in range(count)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=seconds + 120)
    stats.errors += [f"{w.name} did not finish" for w in workers if w.is_alive()]
    out.put(stats)


def run(args: argparse.Namespace) -> Result:
    """Start the server, run every client until the time is up, stop the server."""
    ARGS_SCORERS[0] = args.scorers
    context = multiprocessing.get_context("fork")  # the children only speak HTTP
    with tempfile.TemporaryDirectory(prefix="scorekeeper-hostile-", dir=args.tmp) as tmp:
        server = ServeProcess(
            Path(tmp) / "instance", workers=args.workers, threads=args.threads,
            env={"SCOREKEEPER_CREATE_LIMIT": args.create_limit, "SCOREKEEPER_PDF_LIMIT": "0"},
            log=Path(tmp) / "serve.log",
        )
        try:
            server.start()  # in the try: a signal while it starts still stops it
            scorers, targets = setup(server.base)
            victims = [m for m, _k in scorers]
            alone = Stats()
            quiet: list[Worker] = [
                Scorer(f"alone-{i}", server.base, time.monotonic() + args.baseline, alone, i,
                       match_id=m, key=k) for i, (m, k) in enumerate(scorers)
            ]
            for w in quiet:
                w.start()
            for w in quiet:
                w.join(timeout=args.baseline + 60)
            stats = Stats()
            stats.errors += alone.errors
            out = context.Queue()
            attackers = [
                context.Process(target=_attack, args=(kind, server.base, args.duration, count,
                                                      seed, targets, victims, out), daemon=True)
                for kind, count, seed in (("pdf", args.pdf_clients, 1000),
                                          ("junk", args.junk_clients, 2000)) if count
            ]
            for process in attackers:
                process.start()
            deadline = time.monotonic() + args.duration
            workers: list[Scorer] = [
                Scorer(f"scorer-{i}", server.base, deadline, stats, i, match_id=m, key=k)
                for i, (m, k) in enumerate(scorers)
            ]
            for w, before in zip(workers, quiet, strict=True):
                w.no = before.no  # go on from the hands saved alone
            for w in workers:
                w.start()
            for w in workers:
                w.join(timeout=args.duration + 120)
            stats.errors += [f"{w.name} did not finish" for w in workers if w.is_alive()]
            for _process in attackers:
                got: Stats = out.get(timeout=args.duration + 180)
                for kind, values in got.latencies.items():
                    stats.latencies.setdefault(kind, []).extend(values)
                stats.statuses.update(got.statuses)
                stats.errors += got.errors
            for process in attackers:
                process.join(timeout=30)
        finally:
            server.stop()
        log = server.log_text()
        problems = []
        if "Traceback" in log:
            problems.append("the server log has a traceback:\n" + log[-3000:])
        return Result(duration=args.duration, stats=stats, log_problems=problems,
                      baseline=alone.latencies.get("save", []))


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    load.stop_on_signals()
    if args.nice:
        os.nice(args.nice)
    print(f"Hostile load: {args.scorers} scorers, {args.pdf_clients} PDF clients, "
          f"{args.junk_clients} junk clients for {args.duration:g} s "
          f"({args.workers} workers x {args.threads} threads)")
    result = run(args)
    print(result.summary())
    return 0 if result.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
