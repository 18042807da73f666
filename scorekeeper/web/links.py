"""The address that links and QR codes name: never whatever ``Host`` a request carries.

A ``Host`` header is the client's to write: a page whose share links and QR codes came from it
let anyone write a QR file into ``instance/qr`` per made-up name (and a Host of 2,400
characters overflowed the QR code: a 500). Links are made from, in order:

- ``PUBLIC_URL`` when it is set (``https://scores.example.org``: behind a proxy, say);
- the request's host when Flask's ``TRUSTED_HOSTS`` is set (Flask refuses every other host
  with 400 before the view runs);
- else the request's host when it names this machine (``localhost``, a loopback address, its
  host name, ``<name>.local``, its address on the local network);
- else this machine's local-network address (or 127.0.0.1) and the port the request came in
  on: the link still reaches this server.
"""

from __future__ import annotations

import ipaddress
import socket
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request, url_for


@lru_cache(maxsize=1)
def lan_address() -> str | None:
    """This machine's address on the local network, if it has one (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
            address = str(s.getsockname()[0])
    except OSError:
        return None
    return None if address.startswith("127.") else address


@lru_cache(maxsize=1)
def machine_names() -> frozenset[str]:
    """The names a phone may reach this machine by, without any setting."""
    name = socket.gethostname().lower()
    return frozenset(n for n in ("localhost", name, f"{name}.local", lan_address()) if n)


def own_host(host: str) -> bool:
    """Whether a ``Host`` value (name and port) names this machine."""
    try:
        parts = urlsplit(f"//{host}")
        name, _port = parts.hostname, parts.port  # a port that is no number: ValueError
    except ValueError:
        return False
    if not name:
        return False
    try:
        if ipaddress.ip_address(name).is_loopback:
            return True
    except ValueError:
        pass
    return name in machine_names()


def base_url() -> str:
    """The scheme and host links name (no trailing slash): see the module docstring."""
    public = str(current_app.config.get("PUBLIC_URL") or "").strip()
    if public:
        return public.rstrip("/")
    if current_app.config.get("TRUSTED_HOSTS") or own_host(request.host):
        return request.host_url.rstrip("/")
    port = str(request.environ.get("SERVER_PORT") or "")
    default = {"http": "80", "https": "443"}.get(request.scheme)
    where = lan_address() or "127.0.0.1"
    return f"{request.scheme}://{where}{'' if port in ('', default) else ':' + port}"


def external(endpoint: str, **values: Any) -> str:
    """``url_for(endpoint, **values)`` as a whole link from :func:`base_url`."""
    return base_url() + url_for(endpoint, **values)
