"""Players (issue 14): the table of players, a player's page, pairs, the season report and the
CSV exports; renaming and merging; and the organiser's page, which grants the right to them
(issue 22, its own blueprint).
"""

from __future__ import annotations

from flask import Blueprint

from . import edits, organiser, pages

bp = Blueprint("players", __name__)
bp.add_app_template_filter(pages.pct, "pct")
bp.add_app_template_filter(pages.per, "per")
bp.add_app_template_global(pages.change_words, "change_words")
bp.add_url_rule("/players", view_func=pages.index, methods=["GET"])
bp.add_app_template_global(pages.game_label, "game_label")
bp.add_app_template_global(pages.game_words, "game_words")
bp.add_app_template_global(pages.rate_bar, "rate_bar")
bp.add_url_rule("/players/<player_id>", view_func=pages.player, methods=["GET"])
bp.add_url_rule("/players/<a>/with/<b>", view_func=pages.pair, methods=["GET"])
bp.add_url_rule("/players/<a>/with/<b>/vs/<c>/<d>", view_func=pages.head_to_head, methods=["GET"])
bp.add_url_rule("/players/season.pdf", view_func=pages.season_pdf, methods=["GET"])
bp.add_url_rule("/players/season", view_func=pages.season, methods=["GET"])
bp.add_url_rule("/export/hands.csv", view_func=pages.hands_csv, methods=["GET"])
bp.add_url_rule("/export/stats.csv", view_func=pages.stats_csv, methods=["GET"])

bp.add_url_rule("/players/<player_id>/rename", view_func=edits.rename, methods=["POST"])
bp.add_url_rule("/players/<player_id>/merge", view_func=edits.merge_confirm, methods=["GET"])
bp.add_url_rule("/players/<player_id>/merge", view_func=edits.merge, methods=["POST"])
bp.add_url_rule("/players/<player_id>/changes/<int:change_id>/undo",
                view_func=edits.undo, methods=["POST"])

organiser_bp = Blueprint("organiser", __name__)
organiser_bp.add_url_rule("/organiser", view_func=organiser.page, methods=["GET"])
organiser_bp.add_url_rule("/organiser", view_func=organiser.enter_key, methods=["POST"])
organiser_bp.add_url_rule("/organiser/forget", view_func=organiser.forget, methods=["POST"])
