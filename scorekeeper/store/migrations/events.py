"""Club nights: events, their rounds and the tables of each round (issue 15)."""

from __future__ import annotations

from sqlite_utils import Database


def events(db: Database) -> None:
    # An event: its settings as JSON (players, rounds, movement, rules, house rules, seed) and
    # the hash of the director's key; a version bumped when a round starts or a decider is set.
    db.execute(
        """
        CREATE TABLE events (
            id TEXT PRIMARY KEY,
            director_key_hash TEXT NOT NULL,
            game TEXT NOT NULL,
            data TEXT NOT NULL,
            created TEXT NOT NULL,
            updated TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 1
        )
        """
    )
    # A round: who sits out (player numbers, JSON) and when it started (NULL: planned only).
    db.execute(
        """
        CREATE TABLE event_rounds (
            event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
            no INTEGER NOT NULL,
            sit_outs TEXT NOT NULL,
            started TEXT,
            PRIMARY KEY (event_id, no)
        )
        """
    )
    # A table of a round: its seats {"N": player number, ...}, its match once the round has
    # started, and the side that won a tie's extra unscored hand (progressive movement).
    db.execute(
        """
        CREATE TABLE event_tables (
            event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
            round INTEGER NOT NULL,
            table_no INTEGER NOT NULL,
            seats TEXT NOT NULL,
            match_id TEXT REFERENCES matches(id),
            decider TEXT CHECK (decider IN ('NS', 'EW')),
            PRIMARY KEY (event_id, round, table_no)
        )
        """
    )
    db.execute("CREATE UNIQUE INDEX event_tables_match ON event_tables (match_id)"
               " WHERE match_id IS NOT NULL")


def round_ends(db: Database) -> None:
    # When the director ended a round early (NULL: it ends with its matches).
    db.execute("ALTER TABLE event_rounds ADD COLUMN ended TEXT")


def confirmations(db: Database) -> None:
    # A table's round confirmed at the table (issue 26): when each pair accepted the result
    # (NULL: not yet) and when one said it is wrong (a dispute, for the director to settle).
    for column in ("confirmed_ns", "confirmed_ew", "disputed"):
        db.execute(f"ALTER TABLE event_tables ADD COLUMN {column} TEXT")
