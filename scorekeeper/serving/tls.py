"""HTTPS for a table on a local network: a self-signed certificate made once, in the instance
folder, with the ``cryptography`` package.

``scorekeeper serve --https`` uses ``--certfile``/``--keyfile`` when given, else
``ensure_certificate()``: ``instance/tls/cert.pem`` and ``key.pem`` (mode 0600), valid for
``localhost``, ``127.0.0.1``, ``::1``, this machine's host name and its LAN address(es). A
certificate that no longer names every one of them (the LAN address changed) is made anew.
Phones show a warning the first time; the printed SHA-256 fingerprint is what to compare.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
import socket
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

VALID_DAYS = 825  # the longest validity Apple accepts for a TLS certificate


@dataclass(frozen=True)
class Certificate:
    """A certificate and key on disk, with the SHA-256 fingerprint of the certificate."""

    certfile: Path
    keyfile: Path
    fingerprint: str  # "AB:CD:..." (SHA-256 of the DER form)
    created: bool  # made by this call


def host_names() -> list[str]:
    """The DNS names the certificate should carry: localhost and this machine's name."""
    names = ["localhost"]
    for name in (socket.gethostname(), socket.getfqdn()):
        if name and name not in names and not _is_ip(name):
            names.append(name)
    return names


def host_addresses(lan: list[str]) -> list[str]:
    """The IP addresses the certificate should carry: loopback and the LAN address(es)."""
    found = ["127.0.0.1", "::1"]
    for address in lan:
        if address and address not in found:
            found.append(address)
    return found


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def fingerprint(cert: x509.Certificate) -> str:
    """The SHA-256 fingerprint as browsers show it: upper-case hex pairs joined by colons."""
    return ":".join(f"{b:02X}" for b in cert.fingerprint(hashes.SHA256()))


def load_fingerprint(certfile: Path) -> str:
    """The fingerprint of a PEM certificate file."""
    return fingerprint(x509.load_pem_x509_certificate(Path(certfile).read_bytes()))


def _names_in(cert: x509.Certificate) -> tuple[set[str], set[str]]:
    try:
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return set(), set()
    return (set(san.get_values_for_type(x509.DNSName)),
            {str(a) for a in san.get_values_for_type(x509.IPAddress)})


def ensure_certificate(folder: Path, lan: list[str]) -> Certificate:
    """The self-signed certificate in ``folder`` (made on first use, or anew when it does not
    name every host name and address, or has expired)."""
    folder.mkdir(parents=True, exist_ok=True)
    certfile, keyfile = folder / "cert.pem", folder / "key.pem"
    names, addresses = host_names(), host_addresses(lan)
    if certfile.exists() and keyfile.exists():
        cert = x509.load_pem_x509_certificate(certfile.read_bytes())
        dns, ips = _names_in(cert)
        fresh = cert.not_valid_after_utc > dt.datetime.now(dt.UTC) + dt.timedelta(days=1)
        if fresh and set(names) <= dns and set(addresses) <= ips:
            return Certificate(certfile, keyfile, fingerprint(cert), created=False)
    cert = _make(certfile, keyfile, names, addresses)
    return Certificate(certfile, keyfile, fingerprint(cert), created=True)


def _make(certfile: Path, keyfile: Path, names: list[str],
          addresses: list[str]) -> x509.Certificate:
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Scorekeeper"),
        x509.NameAttribute(NameOID.COMMON_NAME, names[-1] if len(names) > 1 else names[0]),
    ])
    now = dt.datetime.now(dt.UTC)
    san = [x509.DNSName(n) for n in names] + [
        x509.IPAddress(ipaddress.ip_address(a)) for a in addresses]
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=VALID_DAYS))
        .add_extension(x509.SubjectAlternativeName(san), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(
            digital_signature=True, key_encipherment=False, content_commitment=False,
            data_encipherment=False, key_agreement=False, key_cert_sign=True, crl_sign=False,
            encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]),
                       critical=False)
        .sign(key, hashes.SHA256())
    )
    _write_private(keyfile, key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption()))
    tmp = certfile.with_suffix(".tmp")
    tmp.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    os.replace(tmp, certfile)
    return cert


def _write_private(path: Path, data: bytes) -> None:
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.replace(tmp, path)
