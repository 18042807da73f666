"""The pure rules engine: no Flask, SQLite or WeasyPrint in here."""
