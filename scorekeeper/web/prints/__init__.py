"""A match's printed sheet (page and PDF) and the blank sheets, per game or for a match.
"""

from __future__ import annotations

from flask import Blueprint

from . import sheets

bp = Blueprint("prints", __name__)
bp.add_url_rule("/m/<match_id>/sheet", view_func=sheets.sheet, methods=["GET"])
bp.add_url_rule("/m/<match_id>/sheet.pdf", view_func=sheets.sheet_pdf, methods=["GET"])
bp.add_url_rule("/sheets/<game>", view_func=sheets.blank, methods=["GET"])
bp.add_url_rule("/sheets/<game>.pdf", view_func=sheets.blank_pdf, methods=["GET"])
bp.add_url_rule("/m/<match_id>/blank", view_func=sheets.match_blank, methods=["GET"])
bp.add_url_rule("/m/<match_id>/blank.pdf", view_func=sheets.match_blank_pdf, methods=["GET"])
