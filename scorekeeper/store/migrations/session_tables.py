"""A duplicate session's tables at play (issue 40): the round under way, each table's right to
score (which phone holds it), and each result's state at its table."""

from __future__ import annotations

from sqlite_utils import Database


def session_tables(db: Database) -> None:
    # The round being played (the director's "Next round" moves it; 1 to start), when it
    # started (NULL: when the session was created) and when the director ended the session.
    db.execute("ALTER TABLE sessions ADD COLUMN round INTEGER NOT NULL DEFAULT 1")
    db.execute("ALTER TABLE sessions ADD COLUMN round_started TEXT")
    db.execute("ALTER TABLE sessions ADD COLUMN ended TEXT")
    # The phone holding a table's right to score: the hash of a random token made when the
    # tent's link was last opened (its rights cookie names it), so opening the link on another
    # phone takes the right from the one that had it.
    db.execute(
        """
        CREATE TABLE session_tables (
            session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            table_no INTEGER NOT NULL,
            holder_hash TEXT NOT NULL,
            taken TEXT NOT NULL,
            PRIMARY KEY (session_id, table_no)
        )
        """
    )
    # A result's state at its table, kept beside the session file's result (which stays the
    # spec's): NULL for the director's own, else entered (waiting for the opponents),
    # accepted or disputed; when it took that state.
    db.execute("ALTER TABLE session_results ADD COLUMN state TEXT")
    db.execute("ALTER TABLE session_results ADD COLUMN state_at TEXT")


def table_stamps(db: Database) -> None:
    # What a table's phone follows (issue 41): at 1,000 tables the session's version moves
    # with every result, 2.4 times a second, and a table's page changes a few times a round.
    # A table's stamp is the session's tables_version (what every table shows: the round, the
    # clock, the end; lifted on restore as versions are) and its own version (its results,
    # their answers, the phone holding it).
    db.execute("ALTER TABLE sessions ADD COLUMN tables_version INTEGER NOT NULL DEFAULT 1")
    db.execute(
        """
        CREATE TABLE session_table_versions (
            session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            table_no INTEGER NOT NULL,
            version INTEGER NOT NULL,
            PRIMARY KEY (session_id, table_no)
        )
        """
    )


def pair_results(db: Database) -> None:
    # A table's page reads its NS pair's results' states (issue 41): at 1,000 tables, one
    # pair's few rows, not a scan of the session's 36,000.
    db.execute("CREATE INDEX session_results_ns ON session_results (session_id, ns)")
