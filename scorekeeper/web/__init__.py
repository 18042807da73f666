"""Blueprints: table (pages), api (JSON), prints (sheet + PDF)."""
