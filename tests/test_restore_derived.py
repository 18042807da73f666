"""``scorekeeper restore`` rebuilds every derived table from the hands (issue #36): a backup
whose statistics were tampered with (or left wrong by a bug) restores to the figures its hands
make, on the players' pages, their API and stats.csv; a Litestream restore and a backup taken
under Litestream (Litestream's own tables in them) restore, and nothing else unknown does.

The matches are tests/support/stats_data.py's (figures counted by hand); the restore is the real
command, into a new instance; the figures are read through the app of that instance.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from support.helpers import become_organiser
from support.stats_data import MATCH_A, MATCH_B, MATCH_C

from scorekeeper import create_app
from scorekeeper.store.backup import backup_database
from scorekeeper.store.db import migrate, sqlite3
from scorekeeper.store.restore_checks import DERIVED

# The tables a restore takes as the backup has them: what people entered, not derived from it.
# A new table goes here or in DERIVED (rebuilt from the hands on restore).
PRIMARY = ("matches", "hands", "hand_history", "idempotency", "heartbeat", "events",
           "event_rounds", "event_tables", "players", "player_history", "match_players",
           "player_changes", "organiser", "rules_codes", "sessions", "session_results",
           "session_changes", "session_hand_records", "session_tables", "session_players",
           "session_table_versions",
           "_sqlite_migrations")

ROOT = Path(__file__).resolve().parents[1]
CSRF = re.compile(r'<input id="csrf_token"[^>]*>')


def run_cli(*args: str, instance: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args, "--instance",
                           str(instance)], capture_output=True, text=True, timeout=120, cwd=ROOT)


def figures(instance: Path) -> dict[str, object]:
    """What a person sees of the players: the list (API and page), each one's figures, the
    statistics CSV; read through the app of ``instance``, as the organiser."""
    client = create_app({"TESTING": True}, instance_path=instance).test_client()
    client.environ_base["HTTP_AUTHORIZATION"] = become_organiser(client)["Authorization"]
    listed = client.get("/api/players")
    assert listed.status_code == 200
    players = sorted(listed.get_json()["players"], key=lambda p: p["name"])
    page = client.get("/players")
    assert page.status_code == 200
    csv = client.get("/export/stats.csv")
    hands_csv = client.get("/export/hands.csv")
    assert csv.status_code == hands_csv.status_code == 200
    each, pages = {}, {}
    for p in players:
        got = client.get(f"/api/players/{p['id']}")
        assert got.status_code == 200
        each[p["name"]] = got.get_json()
        own_page = client.get(f"/players/{p['id']}")  # charts, recent matches, partners
        assert own_page.status_code == 200
        pages[p["name"]] = CSRF.sub("", own_page.get_data(as_text=True))  # a token per session
    return {"list": [(p["name"], p["matches"]) for p in players], "each": each,
            "page": page.get_data(as_text=True), "csv": csv.get_data(as_text=True),
            "hands_csv": hands_csv.get_data(as_text=True), "pages": pages}


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    """An instance holding matches A, B and C (saved through the API), a backup of it, and
    the figures the original instance shows."""
    folder = tmp_path_factory.mktemp("season")
    instance = folder / "instance"
    client = create_app({"TESTING": True, "CREATE_LIMIT": "0"},
                        instance_path=instance).test_client()
    for match in (MATCH_A, MATCH_B, MATCH_C):
        assert client.post("/api/matches", json=match).status_code == 201
    backup = folder / "backup.db"
    backup_database(instance / "scorekeeper.db", backup)
    return backup, figures(instance)


def tampered(backup: Path, dest: Path, *sql: str) -> Path:
    dest.write_bytes(backup.read_bytes())
    conn = sqlite3.connect(dest)
    for statement in sql:
        conn.execute(statement)
    conn.commit()
    conn.close()
    return dest


# (what was changed in the backup, the statements, the tables the command names)
CASES = [
    ("nothing", (), ()),
    ("every total inflated by 1,000", ("UPDATE player_totals SET value = value + 1000",),
     ("player_totals",)),
    ("a day's figures doubled (the triggers carry it to the totals)",
     ("UPDATE player_days SET value = value * 2",), ("player_days", "player_totals")),
    ("the per-seat counts gone", ("DELETE FROM seat_stats",), ("seat_stats",)),
    ("a match's winner forgotten", ("UPDATE match_facts SET winner = NULL",), ("match_facts",)),
    ("first hands' facts gone", ("DELETE FROM hand_facts WHERE no = 1",), ("hand_facts",)),
    ("points moved", ("UPDATE seat_facts SET points_for = points_for + 50",), ("seat_facts",)),
    ("a phantom player total", ("INSERT INTO player_totals VALUES ('nobody', 'euchre',"
                                " 'matches', 7, 1)",), ("player_totals",)),
]


@pytest.mark.parametrize(("what", "sql", "named"), CASES, ids=[c[0] for c in CASES])
def test_a_restore_shows_the_figures_its_hands_make(season, tmp_path, what, sql, named):
    backup, before = season
    source = tampered(backup, tmp_path / "backup.db", *sql)
    instance = tmp_path / "restored"
    done = run_cli("restore", str(source), instance=instance)
    assert done.returncode == 0, done.stderr
    assert "the statistics were rebuilt from the hands" in done.stdout
    if named:
        assert f"The backup's own {', '.join(named)} did not match its hands" in done.stdout
    else:
        assert "did not match" not in done.stdout
    after = figures(instance)
    assert after["list"] == before["list"]
    assert after["each"] == before["each"]
    assert after["csv"] == before["csv"]
    assert after["hands_csv"] == before["hands_csv"]
    assert after["page"] == before["page"]
    assert after["pages"] == before["pages"]


def test_litestream_tables_are_dropped_and_nothing_else_unknown_is_taken(season, tmp_path):
    backup, before = season
    # Litestream's tables as it makes them in the database it replicates
    litestream = ("CREATE TABLE _litestream_seq (id INTEGER PRIMARY KEY, seq INTEGER)",
                  "CREATE TABLE _litestream_lock (id INTEGER)",
                  "INSERT INTO _litestream_seq VALUES (1, 42)")
    source = tampered(backup, tmp_path / "litestream.db", *litestream)
    done = run_cli("restore", str(source), instance=tmp_path / "ok")
    assert done.returncode == 0, done.stderr
    assert figures(tmp_path / "ok")["each"] == before["each"]
    conn = sqlite3.connect(tmp_path / "ok" / "scorekeeper.db")
    assert conn.execute("SELECT count(*) FROM sqlite_master WHERE name LIKE '%litestream%'"
                        ).fetchone()[0] == 0
    conn.close()
    for extra in ("CREATE TABLE litestream_notes (x)", "CREATE TABLE _litestreamx (x)",
                  "CREATE VIEW _litestream_view AS SELECT 1",
                  "CREATE TRIGGER _litestream_t AFTER INSERT ON hands BEGIN SELECT 1; END"):
        source = tampered(backup, tmp_path / "extra.db", *litestream, extra)
        refused = run_cli("restore", str(source), instance=tmp_path / "refused")
        assert refused.returncode == 1, extra
        assert "Scorekeeper does not make" in refused.stderr and "nothing was changed" in \
            refused.stderr, refused.stderr
        assert not (tmp_path / "refused" / "scorekeeper.db").exists()


def test_every_table_is_either_derived_or_primary(tmp_path):
    """A new table must be classified: a derived one is rebuilt on restore, a primary one is
    restored as it is."""
    conn = sqlite3.connect(tmp_path / "fresh.db")
    from sqlite_utils import Database

    migrate(Database(conn))
    tables = {r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
    conn.close()
    assert not set(DERIVED) & set(PRIMARY)
    assert tables == set(DERIVED) | set(PRIMARY)
