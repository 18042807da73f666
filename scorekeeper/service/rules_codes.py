"""The rules card (issue 26): a game and its rules as a short code ("K7QF-M2XD"), printed with
a QR on a club night's tents and tally cards, that starts a match with the same rules on any
phone. The code is a hash of the content (the same rules, the same code), kept in
``rules_codes`` so it can be read back. No Flask."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from sqlite_utils import Database

from .. import store
from ..store import now

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud across a hall
LENGTH = 8


def _canonical(game: str, rules: dict[str, Any]) -> str:
    return json.dumps({"game": game, "rules": rules}, sort_keys=True, separators=(",", ":"))


def code_of(game: str, rules: dict[str, Any], salt: int = 0) -> str:
    """The code of ``game`` with ``rules`` (``salt``: the next try after a clash)."""
    digest = hashlib.sha256(f"{salt}:{_canonical(game, rules)}".encode()).digest()
    number = int.from_bytes(digest[:8], "big")
    chars = []
    for _ in range(LENGTH):
        number, rest = divmod(number, len(ALPHABET))
        chars.append(ALPHABET[rest])
    return "".join(chars[:4]) + "-" + "".join(chars[4:])


def keep_code(db: Database, game: str, rules: dict[str, Any]) -> str:
    """The code of these rules, stored if new (call inside a transaction or alone)."""
    content = _canonical(game, rules)
    for salt in range(8):
        code = code_of(game, rules, salt)
        row = db.execute("SELECT game, rules FROM rules_codes WHERE code = ?", [code]).fetchone()
        if row is None:
            db.execute("INSERT INTO rules_codes (code, game, rules, created) VALUES (?, ?, ?, ?)",
                       [code, game, json.dumps(rules, sort_keys=True), now()])
            return code
        if _canonical(row[0], json.loads(row[1])) == content:
            return code
    raise RuntimeError("no free rules code")  # 8 clashes in a 40-bit space: not in practice


def stored_code(db: Database, game: str, rules: dict[str, Any]) -> str:
    """The code of these rules, stored in its own transaction if new."""
    with store.transaction(db):
        return keep_code(db, game, rules)


def rules_of(db: Database, code: str) -> tuple[str, dict[str, Any]] | None:
    """The game and rules a code names (any case, with or without its dash), or None."""
    cleaned = code.strip().upper().replace("-", "").replace(" ", "")
    if len(cleaned) != LENGTH or any(ch not in ALPHABET for ch in cleaned):
        return None
    row = db.execute("SELECT game, rules FROM rules_codes WHERE code = ?",
                     [cleaned[:4] + "-" + cleaned[4:]]).fetchone()
    return None if row is None else (row[0], json.loads(row[1]))
