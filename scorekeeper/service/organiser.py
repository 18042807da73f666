"""The organiser key: the right to change records the whole club shares (renaming and merging
players; issue 22). No Flask.

The key is derived from the instance's secret key and a nonce kept in the database
(``organiser`` table, made by migration ``0021_player_changes`` on first run), so that
``scorekeeper organiser-key`` can show it again at any time without the key being stored
anywhere; ``--new`` draws a new nonce, which replaces the key and every phone's right at once.
A phone keeps the right as a *reference* (another HMAC of the nonce), never the key.
"""

from __future__ import annotations

import hmac
import secrets

from sqlite_utils import Database

from .. import store
from ..store.organiser import get_nonce as _nonce
from ..store.organiser import set_nonce
from .keys import derived_key


def key(db: Database, secret: str) -> str:
    """The current organiser key (a nonce is drawn if there is none yet)."""
    nonce = _nonce(db)
    if nonce is None:
        return new_key(db, secret)
    return derived_key(secret, f"organiser-key:{nonce}")


def new_key(db: Database, secret: str) -> str:
    """Replace the organiser key (every phone holding the old right loses it); return it."""
    with store.transaction(db):
        set_nonce(db, secrets.token_urlsafe(16))
    return key(db, secret)


def check_key(db: Database, secret: str, given: str | None) -> bool:
    """Whether ``given`` is the current organiser key (constant-time compare)."""
    nonce = _nonce(db)
    if not given or nonce is None:
        return False
    expected = derived_key(secret, f"organiser-key:{nonce}")
    return hmac.compare_digest(expected.encode("utf-8"), given.strip().encode("utf-8"))


def reference(db: Database, secret: str) -> str | None:
    """What the organiser cookie holds for the current key (it dies with the key)."""
    nonce = _nonce(db)
    return None if nonce is None else derived_key(secret, f"organiser-ref:{nonce}")


def check_reference(db: Database, secret: str, ref: str | None) -> bool:
    """Whether a cookie's reference names the current organiser key."""
    current = reference(db, secret)
    return bool(ref and current) and hmac.compare_digest(
        str(ref).encode("utf-8"), str(current).encode("utf-8"))
