"""Whist's web side: its hand form and templates."""
