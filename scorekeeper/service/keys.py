"""Match ids and edit keys: random capabilities from ``secrets``; only key hashes are stored."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from sqlite_utils import Database

from .. import store


def new_match_id() -> str:
    """A fresh, unguessable match id (128 random bits, URL-safe): the view link's secret."""
    return secrets.token_urlsafe(16)


def new_key() -> str:
    """A fresh edit key (192 random bits, URL-safe). Only its hash is ever stored."""
    return secrets.token_urlsafe(24)


def derived_key(secret: str, purpose: str) -> str:
    """An edit key derived from the app's secret (HMAC-SHA-256, 256 bits, URL-safe).

    The rematch of a match gets the key derived from the old match's id, so every phone that
    may edit the old match and presses Rematch gets the same new match with the same rights,
    while only the key's hash is stored.
    """
    digest = hmac.new(secret.encode("utf-8"), purpose.encode("utf-8"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def hash_key(key: str) -> str:
    """The stored form of an edit key (SHA-256, hex)."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def check_edit_key(db: Database, match_id: str, key: str | None) -> bool:
    """Whether ``key`` is the current edit key of the match (constant-time compare)."""
    row = store.get_match(db, match_id)
    stored = row.edit_key_hash if row is not None else "0" * 64
    same = hmac.compare_digest(stored, hash_key(key or ""))
    return same and row is not None and bool(key)


def new_edit_key(db: Database, match_id: str) -> str | None:
    """Issue a new edit key for the match, revoking the old one; None if there is no match."""
    key = new_key()
    with store.transaction(db):
        if store.get_match(db, match_id) is None:
            return None
        store.set_edit_key_hash(db, match_id, hash_key(key))
    return key
