"""Migration ``0025_player_totals`` (docs/performance.md): each player's all-time sums per game
and fact beside the per-day rollup, kept equal to it by SQLite triggers.

The table of every player without a date range (the usual page) summed every ``player_days``
row, which grow with the days played; ``player_totals`` has one row per player, game and fact
whatever the days. Triggers keep it: every write path of the rollup (a hand added, a day
recounted, a merge) changes it in the same statement, so no caller can forget it. ``days``
counts the rollup's rows behind a total, so a total whose days are all gone goes too.
"""

from __future__ import annotations

from sqlite_utils import Database

_ADD = ("INSERT INTO player_totals (player, game, fact, value, days)"
        " VALUES (NEW.player, NEW.game, NEW.fact, NEW.value, 1)"
        " ON CONFLICT (player, game, fact) DO UPDATE"
        " SET value = value + excluded.value, days = days + 1;")
_TAKE = ("UPDATE player_totals SET value = value - OLD.value, days = days - 1"
         " WHERE player = OLD.player AND game = OLD.game AND fact = OLD.fact;"
         " DELETE FROM player_totals WHERE player = OLD.player AND game = OLD.game"
         " AND fact = OLD.fact AND days = 0;")


def player_totals(db: Database) -> None:
    db.execute("""
        CREATE TABLE player_totals (
            player TEXT NOT NULL,
            game TEXT NOT NULL,
            fact TEXT NOT NULL,
            value INTEGER NOT NULL,
            days INTEGER NOT NULL,
            PRIMARY KEY (player, game, fact)
        ) WITHOUT ROWID""")
    db.execute("INSERT INTO player_totals (player, game, fact, value, days)"
               " SELECT player, game, fact, SUM(value), COUNT(*) FROM player_days"
               " GROUP BY player, game, fact")
    db.execute(f"CREATE TRIGGER player_days_added AFTER INSERT ON player_days BEGIN {_ADD} END")
    db.execute(f"CREATE TRIGGER player_days_changed AFTER UPDATE ON player_days"
               f" BEGIN {_TAKE} {_ADD} END")
    db.execute(f"CREATE TRIGGER player_days_removed AFTER DELETE ON player_days BEGIN {_TAKE} END")
