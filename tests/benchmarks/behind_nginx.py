"""A club night behind nginx (issue 21): the shipped deploy/nginx/scorekeeper.conf in front of
``scorekeeper serve``, with strangers attacking beside the tables.

Run (loopback only; it starts and stops its own nginx and server on a temporary folder)::

    .venv/bin/python tests/benchmarks/behind_nginx.py                  # 1000 tables, 40 s
    .venv/bin/python tests/benchmarks/behind_nginx.py --tables 250 --attack pdf
    .venv/bin/python tests/benchmarks/behind_nginx.py --attack idle --idle 9000 --slowloris 200

The tables are capacity.py's (a hand a minute each, four phones polling ``/m/<id>/live``
every 2 s, open loop, verified in the database afterwards), sent to nginx's port instead of the
server's. ``--attack``:

- ``none``: the tables alone (target: p99 < 50 ms at 1,000 tables on 2 cores);
- ``pdf``: 16 clients fetch PDFs without pause and 16 create matches and send junk (bad JSON,
  oversized bodies, unknown paths), each from its own loopback address (target: the saves'
  p99 < 100 ms);
- ``idle``: ``--idle`` connections opened and left silent, and ``--slowloris`` connections
  that send a request head a byte a second, reconnecting when nginx cuts them (target:
  nothing changes for the scorers).

nginx listens on plain HTTP here (the client is capacity.py's, which speaks no TLS): the
figures leave out TLS's cost. The test of the same file over TLS is
tests/reliability/test_nginx.py.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import ROOT, ServeProcess, free_port, percentile, stop_on_signals, verify_database

CONF = ROOT / "deploy" / "nginx" / "scorekeeper.conf"
MAIN_CONF = """\
{user}worker_processes {workers};
worker_rlimit_nofile 30000;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 14000; }}
http {{
    access_log off;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    include {prefix}/scorekeeper.conf;
}}
"""


class NginxProcess:
    """nginx with the shipped configuration, on free loopback ports, in front of ``upstream``
    (``host:port``). Only the addresses, the certificate and (for tests) the two client
    timeouts are changed; every change must find its line in the file.

    ``tls=True``: the HTTPS server block listens with TLS (``cert``/``key`` files), ``base`` is
    ``https://127.0.0.1:<port>``; otherwise it listens on plain HTTP (benchmarks).
    """

    def __init__(self, prefix: Path, upstream: str, *, cert: Path | None = None,
                 key: Path | None = None, client_timeout: str | None = None,
                 workers: int = 1):
        self.prefix = Path(prefix)
        self.upstream = upstream
        self.cert, self.key = cert, key
        self.client_timeout = client_timeout
        self.workers = workers
        self.port = self.http_port = 0
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def tls(self) -> bool:
        return self.cert is not None

    @property
    def base(self) -> str:
        return f"{'https' if self.tls else 'http'}://127.0.0.1:{self.port}"

    def config(self) -> str:
        """The shipped file with this run's addresses (and shorter timeouts, if asked)."""
        text = CONF.read_text(encoding="utf-8")
        listen = f"listen 127.0.0.1:{self.port} ssl http2;" if self.tls else \
            f"listen 127.0.0.1:{self.port};"
        changes = {
            "server 127.0.0.1:8000;": f"server {self.upstream};",
            "    listen 80;\n": f"    listen 127.0.0.1:{self.http_port};\n",
            "    listen [::]:80;\n": "",
            "    listen 443 ssl http2;\n": f"    {listen}\n",
            "    listen [::]:443 ssl http2;\n": "",
        }
        if "/var/cache/nginx/scorekeeper" in text:  # the live part's one-second cache
            changes["/var/cache/nginx/scorekeeper"] = str(self.prefix / "cache")
        if self.tls:
            changes["/etc/letsencrypt/live/scores.example.org/fullchain.pem"] = str(self.cert)
            changes["/etc/letsencrypt/live/scores.example.org/privkey.pem"] = str(self.key)
        else:  # no certificate: the TLS settings go
            text = re.sub(r"\n    ssl_[^\n]*", "", text)
        if self.client_timeout:
            for name in ("client_header_timeout", "client_body_timeout"):
                changes[f"{name} 10s; "] = f"{name} {self.client_timeout}; "
        for old, new in changes.items():
            assert text.count(old) == 1, f"{old!r} is not once in {CONF}"
            text = text.replace(old, new)
        return text

    def start(self, timeout: float = 15.0) -> str:
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        self.prefix.mkdir(parents=True, exist_ok=True)
        self.port, self.http_port = free_port(), free_port()
        (self.prefix / "scorekeeper.conf").write_text(self.config(), encoding="utf-8")
        user = "user root root;\n" if os.geteuid() == 0 else ""  # workers read the prefix
        (self.prefix / "nginx.conf").write_text(
            MAIN_CONF.format(prefix=self.prefix, user=user, workers=self.workers),
            encoding="utf-8")
        self.log = open(self.prefix / "nginx.out", "ab")  # closed in stop()
        self.proc = subprocess.Popen(
            [nginx, "-p", str(self.prefix), "-c", str(self.prefix / "nginx.conf"),
             "-g", "daemon off;"], stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True)
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"nginx exited: {self.log_text()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self.base
            except OSError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise TimeoutError(f"nginx did not listen within {timeout} s") from None
                time.sleep(0.05)

    def log_text(self) -> str:
        texts = []
        for name in ("nginx.out", "error.log"):
            try:
                texts.append((self.prefix / name).read_text(errors="replace")[-3000:])
            except OSError:
                pass
        return "\n".join(texts)

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.send_signal(signal.SIGTERM)  # nginx's fast shutdown
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        self.proc = None
        self.log.close()


# --- attackers ----------------------------------------------------------------------------------


def hold_idle(port: int, count: int, stop: threading.Event) -> list[socket.socket]:
    """``count`` connections opened and left silent (nginx cuts them after its header
    timeout; they are opened again until ``stop``)."""
    held: list[socket.socket] = []

    def run() -> None:
        while not stop.is_set():
            while len(held) < count and not stop.is_set():
                try:
                    held.append(socket.create_connection(("127.0.0.1", port), timeout=5))
                except OSError:
                    time.sleep(0.1)
            for s in list(held):  # drop the ones nginx closed
                s.setblocking(False)
                try:
                    if s.recv(1) == b"":
                        held.remove(s)
                        s.close()
                except BlockingIOError:
                    pass
                except OSError:
                    held.remove(s)
            stop.wait(1.0)
        for s in held:
            s.close()

    threading.Thread(target=run, daemon=True).start()
    return held


def slowloris(port: int, count: int, stop: threading.Event, tls: bool = False) -> None:
    """``count`` connections that each send a request head a byte a second."""
    context = None
    if tls:  # an attacker checks no certificate
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-a: " + b"b" * 4000

    def connect() -> tuple[socket.socket, int]:
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        if context is not None:
            s = context.wrap_socket(s)
        return s, 0

    def run() -> None:
        conns: list[tuple[socket.socket, int]] = []
        while not stop.is_set():
            while len(conns) < count and not stop.is_set():
                try:
                    conns.append(connect())
                except OSError:
                    time.sleep(0.1)
            kept = []
            for s, sent in conns:
                try:
                    s.send(head[sent:sent + 1])
                    kept.append((s, sent + 1))
                except OSError:
                    s.close()
            conns = kept
            stop.wait(1.0)
        for s, _sent in conns:
            s.close()

    threading.Thread(target=run, daemon=True).start()


async def hammer(host: str, port: int, source: str, kind: str, stop: asyncio.Event,
                 counts: dict[int, int]) -> None:
    """One stranger: PDFs (``pdf``) or creates and junk (``junk``), one request after the
    other on fresh connections, from ``source``."""
    junk = [
        ("POST", "/api/matches", b'{"format": "scorekeeper-match/1", "game": "euchre", '
         b'"seats": {"N": "a", "E": "b", "S": "c", "W": "d"}}'),
        ("POST", "/api/matches", b"{not json"),
        ("POST", "/import", b"x" * 2_000_000),
        ("GET", "/nowhere/" + "a" * 50, b""),
    ]
    while not stop.is_set():
        if kind == "pdf":
            method, path, body = "GET", random.choice(["/sheets/whist.pdf",
                                                       "/sheets/euchre.pdf"]), b""
        else:
            method, path, body = random.choice(junk)
        try:
            reader, writer = await asyncio.open_connection(host, port,
                                                           local_addr=(source, 0))
            writer.write(f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n"
                         f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                         "\r\n".encode() + body)
            await writer.drain()
            status = int((await asyncio.wait_for(reader.readline(), 90)).split()[1])
            await asyncio.wait_for(reader.read(), 90)
            writer.close()
        except (TimeoutError, OSError, IndexError, ValueError):
            status = 0
        counts[status] = counts.get(status, 0) + 1


# --- the run ------------------------------------------------------------------------------------


def run(args: argparse.Namespace) -> int:
    from capacity import level

    with tempfile.TemporaryDirectory(prefix="scorekeeper-nginx-") as tmp:
        instance = Path(tmp) / "instance"
        server = ServeProcess(instance, workers=args.workers, threads=args.threads,
                              log=Path(tmp) / "serve.log",
                              env={"SCOREKEEPER_TRUSTED_PROXIES": "1"})
        front: NginxProcess | None = None
        stop = threading.Event()
        try:  # started inside the try: a signal while they start still stops them
            server.start()
            front = NginxProcess(Path(tmp) / "nginx", server.base.removeprefix("http://"),
                                 workers=args.nginx_workers)
            front.start()
            if args.attack == "idle":
                hold_idle(front.port, args.idle, stop)
                slowloris(front.port, args.slowloris, stop)
            counts: dict[int, int] = {}

            async def night():
                halt = asyncio.Event()
                strangers = []
                if args.attack == "pdf":
                    for i in range(16):
                        strangers.append(asyncio.create_task(hammer(
                            "127.0.0.1", front.port, f"127.0.1.{i + 1}", "pdf", halt, counts)))
                        strangers.append(asyncio.create_task(hammer(
                            "127.0.0.1", front.port, f"127.0.2.{i + 1}", "junk", halt, counts)))
                try:
                    # pushed: each table's streams from its own address (nginx holds 512
                    # streams an address)
                    return await level(front.base, args.tables, args.duration, args.warmup,
                                       args.connections, False, args.warmup, args.push,
                                       spread=args.push)
                finally:
                    halt.set()
                    await asyncio.gather(*strangers, return_exceptions=True)

            stats, matches, _elapsed = asyncio.run(night())
        finally:
            stop.set()
            if front is not None:
                front.stop()
            server.stop()
        verdict = verify_database(instance / "scorekeeper.db", matches)
        # the strangers' accepted creates are matches of their own, not a table's
        own = f"{len(matches) + counts.get(201, 0)} matches stored, the tables created "
        stats.errors.extend(p for p in verdict.problems if not p.startswith(own))
        if "Traceback" in server.log_text():
            stats.errors.append("a traceback in the server's log")
    every = sorted(v for vs in stats.latencies.values() for v in vs)
    limit = 0.100 if args.attack == "pdf" else 0.050
    judged = sorted(stats.latencies.get("hand", [])) if args.attack == "pdf" else every
    print(f"behind nginx, {args.tables} tables, attack {args.attack}: "
          f"{len(every)} requests measured in {args.duration:g} s, errors {len(stats.errors)}, "
          f"machine load {', '.join(f'{x:.1f}' for x in os.getloadavg())} on "
          f"{os.cpu_count()} cores")
    for kind, values in [*sorted(stats.latencies.items()), ("all", every)]:
        values = sorted(values)
        print(f"  {kind:<6} {len(values):>7} " + " ".join(
            f"p{p} {percentile(values, p) * 1000:.1f} ms" for p in (50, 95, 99)))
    if stats.heard:  # --push: a save to each watching phone's news
        heard = sorted(stats.heard)
        print(f"  heard  {len(heard):>7} " + " ".join(
            f"p{p} {percentile(heard, p) * 1000:.1f} ms" for p in (50, 95, 99)))
    if args.attack == "pdf":
        print(f"  strangers' answers by status: {dict(sorted(counts.items()))}")
    for e in stats.errors[:5]:
        print(f"  ! {e}")
    ok = not stats.errors and percentile(judged, 99) < limit
    print(f"  {'ok' if ok else 'MISSED'} (p99 of {'saves' if args.attack == 'pdf' else 'all'} "
          f"{percentile(judged, 99) * 1000:.1f} ms, limit {limit * 1000:g} ms)")
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--duration", type=float, default=40.0)
    parser.add_argument("--warmup", type=float, default=20.0)
    parser.add_argument("--attack", choices=("none", "pdf", "idle"), default="none")
    parser.add_argument("--idle", type=int, default=9000)
    parser.add_argument("--slowloris", type=int, default=200)
    parser.add_argument("--workers", type=int, default=None, help="serve's workers")
    parser.add_argument("--threads", type=int, default=None, help="serve's threads a worker")
    parser.add_argument("--nginx-workers", type=int, default=1)
    parser.add_argument("--connections", type=int, default=256)
    parser.add_argument("--push", action="store_true",
                        help="phones hold live streams instead of polling (issue 41)")
    args = parser.parse_args(argv)
    stop_on_signals()
    if args.push:  # a connection a phone
        import resource

        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
