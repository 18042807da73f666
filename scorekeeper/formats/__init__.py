"""Readers and writers of match files and EGN files."""
