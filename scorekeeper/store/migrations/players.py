"""Migration ``0004_players`` (issue 14): players, their seats and history, the match's date,
and the facts tables; existing matches are linked and their facts filled in.

Registered, in order, by :mod:`scorekeeper.store.migrations`.
"""

from __future__ import annotations

from sqlite_utils import Database


def players(db: Database) -> None:
    # Players and their seats; the facts of every hand in indexed columns (derived from the
    # hands, rebuilt with them); existing matches are linked and their facts filled below.
    db.execute("ALTER TABLE matches ADD COLUMN date TEXT")
    db.execute("""
        CREATE TABLE players (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            short_name TEXT,
            norm TEXT NOT NULL,
            created TEXT NOT NULL,
            merged_into TEXT REFERENCES players(id),
            last_seen TEXT
        )""")
    db.execute("CREATE INDEX players_norm ON players (norm, last_seen)")
    db.execute("CREATE INDEX players_last_seen ON players (last_seen)")
    db.execute("""
        CREATE TABLE player_history (
            id INTEGER PRIMARY KEY,
            player_id TEXT NOT NULL REFERENCES players(id),
            action TEXT NOT NULL,
            detail TEXT NOT NULL,
            at TEXT NOT NULL,
            by TEXT NOT NULL
        )""")
    db.execute("CREATE INDEX player_history_player ON player_history (player_id, id)")
    db.execute("""
        CREATE TABLE match_players (
            match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            seat TEXT NOT NULL,
            side TEXT NOT NULL,
            player TEXT NOT NULL REFERENCES players(id),
            PRIMARY KEY (match_id, seat)
        )""")
    db.execute("CREATE INDEX match_players_player ON match_players (player, match_id)")
    db.execute("""
        CREATE TABLE match_facts (
            match_id TEXT PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
            game TEXT NOT NULL,
            date TEXT NOT NULL,
            hands INTEGER NOT NULL,
            over INTEGER NOT NULL,
            winner TEXT,
            score_NS INTEGER NOT NULL,
            score_EW INTEGER NOT NULL
        )""")
    db.execute("CREATE INDEX match_facts_date ON match_facts (date)")
    db.execute("""
        CREATE TABLE hand_facts (
            match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            no INTEGER NOT NULL,
            date TEXT NOT NULL,
            game TEXT NOT NULL,
            dealer TEXT,
            player_N TEXT, player_E TEXT, player_S TEXT, player_W TEXT,
            result TEXT NOT NULL,
            passed INTEGER NOT NULL DEFAULT 0,
            caller TEXT,
            caller_player TEXT,
            caller_pos INTEGER,
            makers TEXT,
            trump TEXT,
            round INTEGER,
            alone INTEGER NOT NULL DEFAULT 0,
            defender_alone TEXT,
            turn_up TEXT,
            makers_tricks INTEGER,
            tricks_NS INTEGER, tricks_EW INTEGER,
            points_NS INTEGER NOT NULL DEFAULT 0, points_EW INTEGER NOT NULL DEFAULT 0,
            made INTEGER NOT NULL DEFAULT 0,
            march INTEGER NOT NULL DEFAULT 0,
            euchred INTEGER NOT NULL DEFAULT 0,
            renege TEXT,
            revoke_by TEXT, revoke_penalty TEXT,
            honours_NS INTEGER, honour_points_NS INTEGER, honour_points_EW INTEGER,
            PRIMARY KEY (match_id, no)
        ) WITHOUT ROWID""")  # date ranges go through match_facts' date index
    # One row per seat of each hand, clustered by player and day: a player's figures read their
    # own rows in order, without a join.
    db.execute("""
        CREATE TABLE seat_facts (
            player TEXT NOT NULL,
            date TEXT NOT NULL,
            match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            no INTEGER NOT NULL,
            seat TEXT NOT NULL,
            game TEXT NOT NULL,
            partner TEXT NOT NULL,
            opp1 TEXT NOT NULL,
            opp2 TEXT NOT NULL,
            side TEXT NOT NULL,
            role TEXT,
            trump TEXT,
            round INTEGER,
            caller_pos INTEGER,
            made INTEGER NOT NULL DEFAULT 0,
            march INTEGER NOT NULL DEFAULT 0,
            euchred INTEGER NOT NULL DEFAULT 0,
            alone INTEGER NOT NULL DEFAULT 0,
            points_for INTEGER NOT NULL DEFAULT 0,
            points_against INTEGER NOT NULL DEFAULT 0,
            tricks INTEGER,
            honour_points INTEGER NOT NULL DEFAULT 0,
            revoked INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (player, date, match_id, no, seat)
        ) WITHOUT ROWID""")
    db.execute("CREATE INDEX seat_facts_match ON seat_facts (match_id, no)")
    db.execute("CREATE INDEX seat_facts_pair ON seat_facts (player, partner, date)")
    # Each player's figures per day played: what the table of every player sums, so that it
    # reads a few rows per player instead of every hand (rebuilt from the facts above).
    db.execute("""
        CREATE TABLE player_days (
            player TEXT NOT NULL,
            date TEXT NOT NULL,
            matches INTEGER NOT NULL DEFAULT 0,
            won INTEGER NOT NULL DEFAULT 0,
            called INTEGER NOT NULL DEFAULT 0,
            made INTEGER NOT NULL DEFAULT 0,
            marches INTEGER NOT NULL DEFAULT 0,
            euchred INTEGER NOT NULL DEFAULT 0,
            euchres_taken INTEGER NOT NULL DEFAULT 0,
            loners_tried INTEGER NOT NULL DEFAULT 0,
            loners_made INTEGER NOT NULL DEFAULT 0,
            points_from_calls INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (player, date)
        ) WITHOUT ROWID""")
    from ..facts import backfill

    backfill(db)
