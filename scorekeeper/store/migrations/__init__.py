"""Migrations kept in their own modules, one per feature; each registers itself on
:data:`scorekeeper.store.db.migrations` when imported (db.py imports them at its end)."""
