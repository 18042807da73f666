"""Migration ``0022_game_facts`` (issue 23): the statistics stored generically, as each game
defines them (``Game.statistics``), instead of Euchre's and Whist's own columns.

``hand_facts`` and ``seat_facts`` keep what every game has (the hand's result and points; who
sat where, with whom, against whom); ``seat_stats`` holds one row per seat, hand and fact the
game counted; ``player_days`` sums them per player, day and game. The old tables are dropped
and every match's facts are made afresh from its stored hands (they are derived, never
edited): nothing is lost.
"""

from __future__ import annotations

from sqlite_utils import Database


def game_facts(db: Database) -> None:
    for table in ("hand_facts", "seat_facts", "player_days"):
        db.execute(f"DROP TABLE IF EXISTS {table}")
    # One row per hand: what every game has, and the game's own columns as JSON (``detail``,
    # read by the hands' export only).
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
            trump TEXT,
            tricks_NS INTEGER, tricks_EW INTEGER,
            points_NS INTEGER NOT NULL DEFAULT 0, points_EW INTEGER NOT NULL DEFAULT 0,
            detail TEXT NOT NULL DEFAULT '{}',
            PRIMARY KEY (match_id, no)
        ) WITHOUT ROWID""")
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
            points_for INTEGER NOT NULL DEFAULT 0,
            points_against INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (player, date, match_id, no, seat)
        ) WITHOUT ROWID""")
    db.execute("CREATE INDEX seat_facts_match ON seat_facts (match_id, no)")
    db.execute("CREATE INDEX seat_facts_pair ON seat_facts (player, partner, date)")
    # One row per seat, hand and fact (zeros left out), clustered by player, game and day: a
    # player's figures in one game read their own rows in order. ``own``: the seat's own count
    # (a player's figures); ``side``: its side's (a partnership's). ``key1..3``: the hand's
    # value in each of the game's breakdowns.
    db.execute("""
        CREATE TABLE seat_stats (
            player TEXT NOT NULL,
            game TEXT NOT NULL,
            date TEXT NOT NULL,
            match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            no INTEGER NOT NULL,
            seat TEXT NOT NULL,
            fact TEXT NOT NULL,
            own INTEGER NOT NULL,
            side INTEGER NOT NULL,
            key1 TEXT, key2 TEXT, key3 TEXT,
            partner TEXT NOT NULL,
            opp1 TEXT NOT NULL,
            opp2 TEXT NOT NULL,
            PRIMARY KEY (player, game, date, match_id, no, seat, fact)
        ) WITHOUT ROWID""")
    db.execute("CREATE INDEX seat_stats_match ON seat_stats (match_id, no)")
    db.execute("CREATE INDEX seat_stats_pair ON seat_stats (player, partner, game, date)")
    # Each player's matches, wins and own figures per day and game (facts ``matches`` and
    # ``won`` beside the game's): what the table of every player sums, in key order (no sort).
    db.execute("""
        CREATE TABLE player_days (
            player TEXT NOT NULL,
            date TEXT NOT NULL,
            game TEXT NOT NULL,
            fact TEXT NOT NULL,
            value INTEGER NOT NULL,
            PRIMARY KEY (player, game, fact, date)
        ) WITHOUT ROWID""")
    from ..facts import rebuild_all

    rebuild_all(db)
