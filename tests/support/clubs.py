"""A machine of clubs for tests: the shipped template units (deploy/systemd/) instantiated as
systemd would (``%i`` the club, its ``EnvironmentFile`` read, ``${VAR}`` expanded) with only
the paths moved into a test folder, and run as plain processes (no systemd as PID 1 here).

A machine's folder stands for its ``/srv/scorekeeper`` (``clubs/<club>``: the instance
folders) and ``/etc/scorekeeper`` (``etc/<club>.env``); the virtualenv is this Python's, the
project (``WorkingDirectory``) this checkout, the replicas a folder of the test's."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from support.reliability import ROOT

SERVER_UNIT = ROOT / "deploy" / "systemd" / "scorekeeper@.service"
LITESTREAM_UNIT = ROOT / "deploy" / "systemd" / "scorekeeper-litestream@.service"
LITESTREAM_CONF = ROOT / "deploy" / "litestream" / "litestream-club.yml"
EXAMPLE = ROOT / "deploy" / "clubs"
SHIPPED_REPLICAS = "/var/backups/scorekeeper/clubs/"


def unit_service(unit: Path) -> dict[str, list[str]]:
    """The ``[Service]`` section of a unit file: each key's values in order (a key such as
    ``Environment`` may come several times, which configparser would not keep)."""
    found: dict[str, list[str]] = {}
    section = ""
    for raw in unit.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line
        elif section == "[Service]":
            key, _, value = line.partition("=")
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def env_file(path: Path) -> dict[str, str]:
    """``KEY=VALUE`` lines, as systemd's ``EnvironmentFile`` reads them."""
    found = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            found[key.strip()] = value.strip().strip('"')
    return found


@dataclass
class Machine:
    """One machine's folders (see the module docstring)."""

    folder: Path
    replicas: Path  # what /var/backups/scorekeeper/clubs/ is on this machine
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def __post_init__(self) -> None:
        (self.folder / "etc").mkdir(parents=True, exist_ok=True)
        (self.folder / "clubs").mkdir(exist_ok=True)
        deploy = self.folder / "deploy" / "litestream"
        deploy.mkdir(parents=True, exist_ok=True)
        text = LITESTREAM_CONF.read_text(encoding="utf-8")
        assert text.count(SHIPPED_REPLICAS) == 1, "the replica folder is not in the config"
        (deploy / LITESTREAM_CONF.name).write_text(
            text.replace(SHIPPED_REPLICAS, f"{self.replicas}/"), encoding="utf-8")

    def instance(self, club: str) -> Path:
        return self.folder / "clubs" / club

    def write_env(self, club: str, port: int) -> Path:
        """The club's settings file, made from deploy/clubs/example.env: its port and its
        public address changed, the rest as shipped."""
        text = (EXAMPLE / "example.env").read_text(encoding="utf-8")
        for old, new in (("SCOREKEEPER_PORT=8101", f"SCOREKEEPER_PORT={port}"),
                         ("https://euchre.example.org", f"http://{club}.example.org")):
            assert text.count(old) == 1, old
            text = text.replace(old, new)
        path = self.folder / "etc" / f"{club}.env"
        path.write_text(text, encoding="utf-8")
        return path

    def command(self, unit: Path, club: str) -> tuple[list[str], dict[str, str], Path]:
        """The unit's command line, environment and working folder for ``club``."""
        service = unit_service(unit)
        moves = {"/srv/scorekeeper/.venv/bin/": f"{Path(sys.executable).parent}/",
                 "/srv/scorekeeper/clubs/": f"{self.folder}/clubs/",
                 "/srv/scorekeeper/deploy/": f"{self.folder}/deploy/",
                 "/etc/scorekeeper/": f"{self.folder}/etc/"}

        def moved(value: str) -> str:
            value = value.replace("%i", club)
            for old, new in moves.items():
                value = value.replace(old, new)
            return value

        env: dict[str, str] = {}
        for assignment in service.get("Environment", []):
            name, _, value = moved(assignment).partition("=")
            env[name] = value
        for path in service.get("EnvironmentFile", []):
            env.update(env_file(Path(moved(path))))
        line = moved(service["ExecStart"][0])
        line = re.sub(r"\$\{(\w+)\}", lambda m: env[m.group(1)], line)
        workdir = service.get("WorkingDirectory", ["/srv/scorekeeper"])[0]
        assert workdir == "/srv/scorekeeper", workdir
        return line.split(), env, ROOT

    def start(self, unit: Path, club: str, log: Path) -> subprocess.Popen[bytes]:
        """Run the unit's command for ``club`` as its own process group."""
        argv, env, cwd = self.command(unit, club)
        base = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")}
        with open(log, "ab") as out:
            proc = subprocess.Popen(argv, cwd=cwd, env={**base, **env, "PYTHONUNBUFFERED": "1"},
                                    stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        self.processes.append(proc)
        return proc

    def serve(self, club: str, log: Path, timeout: float = 60.0) -> subprocess.Popen[bytes]:
        """The club's server (scorekeeper@<club>), once its /healthz answers."""
        proc = self.start(SERVER_UNIT, club, log)
        port = env_file(self.folder / "etc" / f"{club}.env")["SCOREKEEPER_PORT"]
        deadline = time.monotonic() + timeout
        while True:
            assert proc.poll() is None, log.read_text(errors="replace")[-3000:]
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                    if r.status == 200:
                        return proc
            except OSError:
                pass
            assert time.monotonic() < deadline, f"{club} did not answer"
            time.sleep(0.1)

    def replicate(self, club: str, log: Path) -> subprocess.Popen[bytes]:
        """The club's Litestream (scorekeeper-litestream@<club>)."""
        return self.start(LITESTREAM_UNIT, club, log)

    @staticmethod
    def kill(proc: subprocess.Popen[bytes]) -> None:
        """``kill -9`` of the process and everything it started (a crash, not a stop)."""
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()

    def stop_all(self) -> None:
        for proc in self.processes:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    self.kill(proc)
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # any worker left behind
            except ProcessLookupError:
                pass
