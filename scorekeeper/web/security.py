"""Security wiring: the secret key, CSRF, cookies, response headers and edit rights.

Edit rights: a match's edit key is a capability. Pages swap a ``?key=`` link for a reference
to the key in a persistent signed cookie (``remember_edit_key``) and later ask ``may_edit``;
the API takes the key as ``Authorization: Bearer <key>`` (``bearer_key``). See "edit rights"
below for what the cookie holds.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import os
import re
import secrets
import tempfile
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from flask import Flask, abort, current_app, g, request, session
from flask.sessions import SecureCookieSessionInterface
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFProtect
from itsdangerous import BadSignature, URLSafeSerializer
from sqlite_utils import Database
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import IntegerConverter, Map
from werkzeug.wrappers import Response

from ..formats import safejson

csrf = CSRFProtect()

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'"
)
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
SESSION_KEYS = "edit_keys"  # older versions' session entry {match_id: edit key}: migrated
MAX_REMEMBERED = 20  # matches a phone scores at once (the rights cookie stays small)
RIGHTS_MAX_AGE = 400 * 86400  # the rights cookie: browsers keep a cookie at most 400 days
# A Secure cookie's name prefix: no Domain, Path=/, so no other host or path can set it.
HOST_PREFIX = "__Host-"


class InsecureSecretKey(RuntimeError):
    """The app was asked to start without a real secret key."""


MAX_INT = safejson.MAX_INT  # no number in an address, a query or a body is larger


def bounded_int(text: str) -> int:
    """A whole number within ``MAX_INT`` either way, else ValueError: SQLite holds 64 bits and
    raises OverflowError past them (a 500). ``request.args.get(name, type=bounded_int)``."""
    value = int(text)
    if abs(value) > MAX_INT:
        raise ValueError(f"{text[:20]} is out of range")
    return value


class BoundedIntConverter(IntegerConverter):
    """``<int:...>`` in every route: up to ``MAX_INT`` unless the route gives its own ``max``;
    a larger number is no address of anything (404)."""

    def __init__(self, map: Map, fixed_digits: int = 0, min: int | None = None,
                 max: int | None = None, signed: bool = False) -> None:
        super().__init__(map, fixed_digits, min, MAX_INT if max is None else max, signed)


def init_app(app: Flask) -> None:
    """Install the secret key, CSRF protection, cookie policy and headers."""
    app.url_map.converters["int"] = BoundedIntConverter  # before the routes are added
    if not app.config.get("SECRET_KEY"):
        path = Path(app.instance_path) / "secret_key"
        try:
            app.config["SECRET_KEY"] = load_secret_key(path)
        except OSError as e:
            raise InsecureSecretKey(f"refusing to start: cannot read or create {path}: {e}") from e
    key = app.config.get("SECRET_KEY")
    if (not key or key == "dev") and not app.config.get("TESTING"):
        raise InsecureSecretKey(
            "refusing to start: SECRET_KEY is missing or 'dev'; remove it from the configuration "
            "to use the generated instance/secret_key"
        )
    proxies = int(app.config.get("TRUSTED_PROXIES") or 0)
    if proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_prefix=proxies
        )
    app.session_interface = SchemeAwareSessionInterface()
    app.before_request(refuse_cross_site_writes)  # first: before the CSRF check
    csrf.init_app(app)
    app.after_request(add_security_headers)
    app.after_request(write_rights_cookie)
    redact_logs()


def load_secret_key(path: Path) -> str:
    """Read the secret key file, creating it (mode 0600) with ``secrets.token_hex()`` if absent.

    Safe when two worker processes start at once: the key is written to a temporary file and
    linked into place, so a reader never sees a half-written key and the first writer wins.
    """
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".secret_key.")  # mode 0600
        try:
            with os.fdopen(fd, "w") as f:
                f.write(secrets.token_hex() + "\n")
                f.flush()
                os.fsync(f.fileno())
            try:
                os.link(tmp, path)
            except FileExistsError:
                pass  # another process won the race: use its key
        finally:
            os.unlink(tmp)
    return path.read_text(encoding="utf-8").strip()


class SchemeAwareSessionInterface(SecureCookieSessionInterface):
    """Session cookie: HttpOnly, SameSite=Lax; ``__Host-session`` and Secure under HTTPS (or
    with ``SESSION_COOKIE_SECURE``).

    The same installation serves ``http://<LAN address>`` at a table and HTTPS behind a proxy,
    so the cookie's name and Secure flag follow the request's scheme.
    """

    def get_cookie_name(self, app: Flask) -> str:
        return f"{HOST_PREFIX}session" if self.get_cookie_secure(app) else app.config[
            "SESSION_COOKIE_NAME"]

    def get_cookie_secure(self, app: Flask) -> bool:
        return _is_https() or bool(app.config["SESSION_COOKIE_SECURE"])

    def get_cookie_domain(self, app: Flask) -> str | None:
        # a __Host- cookie must have no Domain and Path=/
        return None if self.get_cookie_secure(app) else super().get_cookie_domain(app)

    def get_cookie_path(self, app: Flask) -> str:
        return "/" if self.get_cookie_secure(app) else super().get_cookie_path(app)


def _is_https() -> bool:
    try:
        return request.is_secure
    except RuntimeError:  # outside a request
        return False


def refuse_cross_site_writes() -> None:
    """Refuse a write that the browser says comes from another site (Fetch Metadata)."""
    if request.method in UNSAFE_METHODS and request.headers.get("Sec-Fetch-Site") == "cross-site":
        abort(403, description=_("Requests from other sites are not accepted."))


def security_headers(https: bool) -> list[tuple[str, str]]:
    """The headers ``add_security_headers`` gives every answer."""
    headers = [("Content-Security-Policy", CSP), ("X-Content-Type-Options", "nosniff"),
               ("Referrer-Policy", "strict-origin-when-cross-origin"),
               ("X-Frame-Options", "SAMEORIGIN")]
    if https:
        headers.append(("Strict-Transport-Security", "max-age=31536000; includeSubDomains"))
    return headers


def add_security_headers(response: Response) -> Response:
    """CSP, nosniff, referrer policy and frame policy on every response; HSTS under HTTPS."""
    for name, value in security_headers(request.is_secure):
        response.headers.setdefault(name, value)
    return response


# --- edit rights ------------------------------------------------------------------------------
#
# A phone that may score a match keeps, in a persistent signed HttpOnly cookie, a *reference* to
# the match's current edit key: ``key_ref`` = HMAC(secret key, the stored hash of the edit key).
# The edit key itself is never in a cookie, a page for viewers or a log line. The reference
# stops matching when "New scorer link" replaces the key (its hash changes), so revocation is
# immediate and needs no list of devices.
#
# The scorer link a scoring phone shows (and its QR code) carries a *scorer token*, another HMAC
# of the stored hash: the server can make it again at any time without knowing the key, and it
# also dies with the key. ``/m/<id>?key=`` takes either the edit key (the API's ``edit_url``)
# or a scorer token.


def local_path(target: str | None) -> str | None:
    """``target`` if it is a path of this site to send a person back to, else None.

    A browser drops tabs and newlines from an address and reads a backslash as a slash, so
    ``/%09/evil.com`` (a tab) or a backslash after the first slash would leave the site as
    ``//evil.com``; a newline in a ``Location`` header is not even sent. Only a path starting
    with one slash, with no backslash, control character or white space, and no scheme or host
    of its own, is one.
    """
    if not target or not target.startswith("/") or target.startswith("//"):
        return None
    if "\\" in target or any(c.isspace() or not c.isprintable() for c in target):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return None
    return target


def bearer_key() -> str | None:
    """The edit key of an ``Authorization: Bearer <key>`` header, or None."""
    header = request.headers.get("Authorization", "")
    scheme, _sep, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()


def _mac(purpose: str, *parts: str) -> str:
    """A URL-safe HMAC-SHA-256 of ``parts`` under the app's secret key (128 bits shown)."""
    secret = str(current_app.config["SECRET_KEY"]).encode("utf-8")
    message = "\x1f".join((purpose, *parts)).encode("utf-8")
    digest = hmac.new(secret, message, hashlib.sha256).digest()[:16]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def key_ref(match_id: str, key_hash: str) -> str:
    """The rights cookie's reference to the edit key whose stored hash is ``key_hash``."""
    return _mac("scorer-ref", match_id, key_hash)


def scorer_token(match_id: str, key_hash: str) -> str:
    """The token of the scorer link (and its QR code) for the current edit key."""
    return _mac("scorer-link", match_id, key_hash)


def director_token(event_id: str, key_hash: str) -> str:
    """The token of a club night's director link for the director key whose stored hash is
    ``key_hash``: the director's page can show the link (and its QR code) again at any time,
    as the share panel does a scorer link, though only the key's hash is stored."""
    return _mac("director-link", event_id, key_hash)


def secure_cookies() -> bool:
    """Whether cookies are set Secure: under HTTPS, or when the settings say so."""
    return _is_https() or bool(current_app.config["SESSION_COOKIE_SECURE"])


def host_cookie(name: str) -> str:
    """A rights cookie's name: ``__Host-<name>`` when Secure (no Domain, Path=/, so no other
    host or path can set it), else ``<name>``."""
    return f"{HOST_PREFIX}{name}" if secure_cookies() else name


def rights_cookie_name() -> str:
    """The scorer's rights cookie."""
    return host_cookie("scorer")


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt="scorekeeper.rights")


def _rights() -> dict[str, str]:
    """This phone's ``{match_id: key_ref}`` (from the rights cookie; cached per request)."""
    if "rights" not in g:
        raw = request.cookies.get(rights_cookie_name())
        g.rights = dict(read_rights(current_app.config["SECRET_KEY"], raw)) if raw else {}
        _migrate_session_keys()  # may replace g.rights
    rights: dict[str, str] = g.rights
    return rights


@lru_cache(maxsize=1024)
def read_rights(secret: str | bytes, raw: str) -> tuple[tuple[str, str], ...]:
    """A rights cookie's ``(match_id, key_ref)`` pairs; none if its signature is wrong. The same
    cookie comes with every request of a phone: its signature is checked once per process."""
    try:
        loaded = URLSafeSerializer(secret, salt="scorekeeper.rights").loads(raw)
    except BadSignature:
        return ()
    if not isinstance(loaded, dict):
        return ()
    return tuple((k, v) for k, v in loaded.items() if isinstance(k, str) and isinstance(v, str))


def _migrate_session_keys() -> None:
    """Older versions kept ``{match_id: edit key}`` in the session: turn them into references
    and drop the keys from the session."""
    old = session.pop(SESSION_KEYS, None)
    if not isinstance(old, dict):
        return
    from ..service import keys

    for match_id, key in old.items():
        if isinstance(match_id, str) and isinstance(key, str):
            _remember(match_id, key_ref(match_id, keys.hash_key(key)))


def _remember(match_id: str, ref: str) -> None:
    refs = dict(_rights())
    refs.pop(match_id, None)
    refs[match_id] = ref
    while len(refs) > MAX_REMEMBERED:
        refs.pop(next(iter(refs)))
    g.rights = refs
    g.rights_changed = True


def remember_edit_key(match_id: str, key: str) -> None:
    """Make this phone a scorer of the match (the key must have been checked): a reference to
    the key goes into the rights cookie (newest last, at most ``MAX_REMEMBERED``)."""
    from ..service import keys

    _remember(match_id, key_ref(match_id, keys.hash_key(key)))


def remember_key_hash(match_id: str, key_hash: str) -> None:
    """Like ``remember_edit_key``, from the stored hash (a scorer token was checked)."""
    _remember(match_id, key_ref(match_id, key_hash))


def has_rights_for(match_id: str) -> bool:
    """Whether this phone holds some reference for the match (current or revoked)."""
    return match_id in _rights()


def rights_match(match_id: str, key_hash: str | None) -> bool:
    """Whether this phone's reference for the match names the key with stored hash
    ``key_hash``."""
    ref = _rights().get(match_id)
    if not ref or not key_hash:
        return False
    return hmac.compare_digest(ref, key_ref(match_id, key_hash))


def may_edit(db: Database, match_id: str) -> bool:
    """Whether this phone holds a reference to the match's current edit key."""
    from .. import store

    if not has_rights_for(match_id):
        return False
    row = store.get_match(db, match_id)
    return row is not None and rights_match(match_id, row.edit_key_hash)


def check_scorer_token(db: Database, match_id: str, token: str) -> str | None:
    """The stored key hash if ``token`` is the match's current scorer token, else None."""
    from .. import store

    row = store.get_match(db, match_id)
    if row is None or not token:
        return None
    if hmac.compare_digest(token.encode("utf-8"),
                           scorer_token(match_id, row.edit_key_hash).encode("utf-8")):
        return row.edit_key_hash
    return None


def write_rights_cookie(response: Response) -> Response:
    """Send the rights cookie when this request changed it (400 days: browsers' ceiling)."""
    if g.get("rights_changed"):
        name = rights_cookie_name()
        if g.rights:
            response.set_cookie(name, _serializer().dumps(g.rights), max_age=RIGHTS_MAX_AGE,
                                path="/", httponly=True, samesite="Lax", secure=_is_https()
                                or bool(current_app.config["SESSION_COOKIE_SECURE"]))
        else:
            response.delete_cookie(name, path="/", httponly=True, samesite="Lax",
                                   secure=name.startswith(HOST_PREFIX))
    return response


# --- logs ---------------------------------------------------------------------------------------

_SECRET_QUERY = re.compile(r"([?&]key=)[^&\s\"']+")


class RedactKeys(logging.Filter):
    """Replace the value of ``key=`` in logged request lines: edit keys never reach a log."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if "key=" in message:
            record.msg = _SECRET_QUERY.sub(r"\1[redacted]", message)
            record.args = ()
        return True


def redact_logs() -> None:
    """Install the filter on the loggers that print request lines (once per process)."""
    for name in ("werkzeug", "gunicorn.access", "gunicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactKeys) for f in logger.filters):
            logger.addFilter(RedactKeys())
