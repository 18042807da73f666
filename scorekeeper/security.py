"""Security wiring: the secret key, CSRF, cookies, response headers and edit rights.

Edit rights: a match's edit key is a capability. Pages swap a ``?key=`` link for the session
(``remember_edit_key``) and later ask ``edit_key_for``/``may_edit``; the API takes the key as
``Authorization: Bearer <key>`` (``bearer_key``).
"""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path

from flask import Flask, abort, request, session
from flask.sessions import SecureCookieSessionInterface
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFProtect
from sqlite_utils import Database
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.wrappers import Response

csrf = CSRFProtect()

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'"
)
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
SESSION_KEYS = "edit_keys"  # session entry: {match_id: edit key}
MAX_REMEMBERED = 20  # edit keys kept per browser (the cookie must stay small)


class InsecureSecretKey(RuntimeError):
    """The app was asked to start without a real secret key."""


def init_app(app: Flask) -> None:
    """Install the secret key, CSRF protection, cookie policy and headers."""
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
        return "__Host-session" if self.get_cookie_secure(app) else app.config[
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


def add_security_headers(response: Response) -> Response:
    """CSP, nosniff, referrer policy and frame policy on every response; HSTS under HTTPS."""
    headers = response.headers
    headers.setdefault("Content-Security-Policy", CSP)
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "strict-origin-when-cross-origin")
    headers.setdefault("X-Frame-Options", "SAMEORIGIN")
    if request.is_secure:
        headers.setdefault("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
    return response


# --- edit rights ------------------------------------------------------------------------------


def bearer_key() -> str | None:
    """The edit key of an ``Authorization: Bearer <key>`` header, or None."""
    header = request.headers.get("Authorization", "")
    scheme, _sep, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()


def remember_edit_key(match_id: str, key: str) -> None:
    """Keep a match's edit key in this browser's session (newest last, at most 20)."""
    keys = dict(session.get(SESSION_KEYS) or {})
    keys.pop(match_id, None)
    keys[match_id] = key
    while len(keys) > MAX_REMEMBERED:
        keys.pop(next(iter(keys)))
    session[SESSION_KEYS] = keys


def forget_edit_key(match_id: str) -> None:
    """Drop a match's edit key from the session."""
    keys = dict(session.get(SESSION_KEYS) or {})
    if keys.pop(match_id, None) is not None:
        session[SESSION_KEYS] = keys


def edit_key_for(match_id: str) -> str | None:
    """The edit key this browser's session holds for a match (not yet checked), or None."""
    keys = session.get(SESSION_KEYS) or {}
    key = keys.get(match_id) if isinstance(keys, dict) else None
    return key if isinstance(key, str) else None


def may_edit(db: Database, match_id: str) -> bool:
    """Whether this browser's session holds the match's current edit key."""
    from .service import check_edit_key

    key = edit_key_for(match_id)
    return key is not None and check_edit_key(db, match_id, key)
