"""One address's share of the server's storage (issue 36): what its requests grow the database
file by is counted, and past its share (``ADDRESS_MAX_MB`` a week) it gets 507 before a new
match or a new hand, while another address still creates and saves. Test client, real SQLite
file, real limits storage."""

from __future__ import annotations

import pytest
from support.helpers import euchre_match

from scorekeeper import store
from scorekeeper.store.db import connect

LONG = {"rules": {"target": None, "deals": 300}}
CYCLE = [{"caller": "E", "makers_tricks": 3}, {"caller": "N", "makers_tricks": 4},
         {"passed": True}, {"caller": "W", "makers_tricks": 5},
         {"caller": "S", "makers_tricks": 3, "note": "n" * 400}]


def address(app, ip: str):
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = ip
    return phone


def fill(phone, until: int) -> tuple[list, object]:
    """Create matches and record hands from ``phone`` until a refusal (or ``until`` saves):
    the answers given before it, and the refusal."""
    given = []
    while len(given) < until:
        made = phone.post("/api/matches", json=euchre_match(**LONG))
        if made.status_code != 201:
            return given, made
        body = made.get_json()
        for no in range(1, 301):
            r = phone.post(f"/api/matches/{body['id']}/hands",
                           json={**CYCLE[no % len(CYCLE)], "no": no},
                           headers={"Authorization": f"Bearer {body['edit_key']}",
                                    "Idempotency-Key": f"{body['id']}-{no}"})
            if r.status_code != 201:
                return given, r
            given.append(r)
    return given, None


@pytest.mark.app_config(ADDRESS_MAX_MB=1, WRITE_LIMIT_PER_MINUTE=0)
def test_one_address_past_its_share_is_refused_and_another_still_creates(app):
    greedy, refused = fill(address(app, "10.0.0.1"), until=3000)
    assert refused is not None and refused.status_code == 507, "never refused"
    assert 100 < len(greedy) < 3000
    message = refused.get_json()["errors"][0]["message"]
    assert "This network address has used its share of the server's storage (1 MB" in message
    # Its share is spent: no new match either, and nothing was stored by the refusals.
    db = connect(app.config["DATABASE"])
    hands = db.execute("SELECT COUNT(*) FROM hands").fetchone()[0]
    assert hands == len(greedy)
    assert address(app, "10.0.0.1").post("/api/matches",
                                         json=euchre_match()).status_code == 507
    # Another address: creates and saves as ever.
    other = address(app, "10.0.0.2")
    made = other.post("/api/matches", json=euchre_match())
    assert made.status_code == 201
    body = made.get_json()
    saved = other.post(f"/api/matches/{body['id']}/hands", json={**CYCLE[0], "no": 1},
                       headers={"Authorization": f"Bearer {body['edit_key']}"})
    assert saved.status_code == 201
    assert db.execute("SELECT COUNT(*) FROM hands").fetchone()[0] == hands + 1
    db.conn.close()


@pytest.mark.app_config(ADDRESS_MAX_MB=0, DATABASE_MAX_MB=2048, WRITE_LIMIT_PER_MINUTE=0)
def test_no_share_when_it_is_turned_off(app):
    given, refused = fill(address(app, "10.0.0.1"), until=400)
    assert refused is None and len(given) >= 400


def test_a_transaction_counts_what_it_grew_the_file_by(app, tmp_path):
    db = connect(tmp_path / "grow.db")
    db.execute("CREATE TABLE t (x TEXT)")
    db.conn.commit()
    assert store.take_growth(db) == 0
    with store.transaction(db):
        db.execute("INSERT INTO t VALUES (?)", ["x" * 200_000])
    grown = store.take_growth(db)
    assert 180_000 <= grown <= 240_000  # whole pages
    assert store.take_growth(db) == 0  # taken once
    with store.transaction(db):
        db.execute("DELETE FROM t")
    with store.transaction(db):  # the freed pages are used again: the file does not grow
        db.execute("INSERT INTO t VALUES (?)", ["y" * 100_000])
    assert store.take_growth(db) == 0
    db.conn.close()
