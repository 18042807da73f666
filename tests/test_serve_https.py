"""``scorekeeper serve --https`` (issue 9): gunicorn's own TLS, with the given certificate and
key or a self-signed certificate made once in the instance folder. Real servers, real TLS."""

from __future__ import annotations

import hashlib
import os
import re
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from support.helpers import free_port, stop_process

from scorekeeper import ROOT
from scorekeeper.serving import tls


def start(args: list[str], log: Path) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("SCOREKEEPER_INSTANCE", None)
    out = log.open("w")
    proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", "serve", "--port", str(port),
                             "--workers", "1", *args],
                            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    out.close()
    return proc, port


def wait_tls(port: int, proc: subprocess.Popen, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        assert proc.poll() is None, "the server exited"
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def peer_fingerprint(port: int, cafile: Path, host: str = "127.0.0.1") -> str:
    """Connect with TLS, verifying the certificate and the host name; the peer's SHA-256."""
    context = ssl.create_default_context(cafile=str(cafile))
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw, \
            context.wrap_socket(raw, server_hostname=host) as conn:
        der = conn.getpeercert(binary_form=True)
    return ":".join(f"{b:02X}" for b in hashlib.sha256(der).digest())


def get(url: str, cafile: Path):
    context = ssl.create_default_context(cafile=str(cafile))
    return urllib.request.urlopen(url, context=context, timeout=10)


def test_https_with_a_self_signed_certificate_made_once(tmp_path):
    instance = tmp_path / "instance"
    proc, port = start(["--https", "--instance", str(instance)], tmp_path / "serve.log")
    try:
        wait_tls(port, proc)
        cert = instance / "tls" / "cert.pem"
        key = instance / "tls" / "key.pem"
        assert cert.exists() and (key.stat().st_mode & 0o777) == 0o600
        for host in ("127.0.0.1", "localhost"):  # both named by the certificate
            printed_fp = peer_fingerprint(port, cert, host)
        with get(f"https://127.0.0.1:{port}/healthz", cert) as r:
            assert r.read() == b"ok"
            assert "max-age=" in r.headers["Strict-Transport-Security"]
        with get(f"https://localhost:{port}/", cert) as r:
            assert "__Host-session=" in r.headers["Set-Cookie"]
            assert "Secure" in r.headers["Set-Cookie"]
    finally:
        stop_process(proc)
    out = (tmp_path / "serve.log").read_text()
    assert f"Scorekeeper is at https://127.0.0.1:{port}/" in out
    assert f"SHA-256 fingerprint {printed_fp}" in out and "(made)" in out
    assert "Traceback" not in out
    # the LAN address and the host name are in the certificate too
    from cryptography import x509
    san = x509.load_pem_x509_certificate(cert.read_bytes()).extensions.get_extension_for_class(
        x509.SubjectAlternativeName).value
    assert {"localhost", socket.gethostname()} <= set(san.get_values_for_type(x509.DNSName))
    lan = __import__("scorekeeper.cli", fromlist=["lan_address"]).lan_address()
    ips = {str(a) for a in san.get_values_for_type(x509.IPAddress)}
    assert {"127.0.0.1", "::1"} <= ips and (lan is None or lan in ips)
    # a second start keeps the same certificate (phones accepted it once)
    proc, port = start(["--https", "--instance", str(instance)], tmp_path / "again.log")
    try:
        wait_tls(port, proc)
        assert peer_fingerprint(port, cert) == printed_fp
    finally:
        stop_process(proc)
    assert "(kept)" in (tmp_path / "again.log").read_text()


def test_https_with_the_given_certificate_and_key(tmp_path):
    made = tls.ensure_certificate(tmp_path / "own", [])
    instance = tmp_path / "instance"
    proc, port = start(["--certfile", str(made.certfile), "--keyfile", str(made.keyfile),
                        "--instance", str(instance)], tmp_path / "serve.log")
    try:
        wait_tls(port, proc)
        assert peer_fingerprint(port, made.certfile, "localhost") == made.fingerprint
        with get(f"https://localhost:{port}/healthz", made.certfile) as r:
            assert r.read() == b"ok"
    finally:
        stop_process(proc)
    out = (tmp_path / "serve.log").read_text()
    assert made.fingerprint in out and f"https://127.0.0.1:{port}/" in out
    assert not (instance / "tls").exists()  # nothing self-signed was made


@pytest.mark.parametrize("args", [["--certfile", "/nonexistent.pem"],
                                  ["--certfile", "x.pem", "--keyfile", "/nonexistent.pem"]])
def test_bad_tls_options_say_what_is_wrong(tmp_path, args):
    r = subprocess.run([sys.executable, "-m", "scorekeeper", "serve", *args,
                        "--instance", str(tmp_path / "i")], cwd=ROOT, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert re.search(r"--certfile and --keyfile|cannot read", r.stderr)


def test_a_key_of_another_certificate_is_refused_at_start(tmp_path):
    # before: the server started and printed its URL, then every phone's connection failed
    mine = tls.ensure_certificate(tmp_path / "mine", [])
    other = tls.ensure_certificate(tmp_path / "other", [])
    r = subprocess.run([sys.executable, "-m", "scorekeeper", "serve", "--port", str(free_port()),
                        "--certfile", str(mine.certfile), "--keyfile", str(other.keyfile),
                        "--instance", str(tmp_path / "i")], cwd=ROOT, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert f"the key {other.keyfile} does not belong to the certificate {mine.certfile}" \
        in r.stderr
    assert "KEY_VALUES_MISMATCH" in r.stderr and "https://" not in r.stdout
