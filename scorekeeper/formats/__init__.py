"""Readers of match files: safe JSON reading and the facts of a checked match. (Euchre's EGN
is its own, in its folder: ``scorekeeper/games/euchre/egn/``.)"""
