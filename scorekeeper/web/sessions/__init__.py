"""Duplicate sessions' pages: the results (ranks and percentages or IMPs), each board's
traveller, each pair's score card, the hand records and the results PDF. The API and the
files are in ``web/api/sessions.py``."""

from __future__ import annotations

from flask import Blueprint

from . import director, live, new, pages, table, tents

bp = Blueprint("sessions", __name__)
bp.add_url_rule("/s/<session_id>", view_func=pages.results_page, methods=["GET"])
bp.add_url_rule("/s/<session_id>/boards/<int:board>", view_func=pages.board_page,
                methods=["GET"])
bp.add_url_rule("/s/<session_id>/pairs/<pair>", view_func=pages.pair_page, methods=["GET"])
bp.add_url_rule("/s/<session_id>/hands", view_func=pages.hands_page, methods=["GET"])
bp.add_url_rule("/s/<session_id>/results.pdf", view_func=pages.results_pdf, methods=["GET"])
bp.add_url_rule("/sessions/new", view_func=new.new_session, methods=["GET", "POST"])
bp.add_url_rule("/s/<session_id>/director", view_func=director.director, methods=["GET"])
bp.add_url_rule("/s/<session_id>/director/results", view_func=director.enter,
                methods=["POST"])
bp.app_context_processor(new.session_games)
bp.add_url_rule("/s/<session_id>/director/live", view_func=director.director_live,
                methods=["GET"])
bp.add_url_rule("/s/<session_id>/wall", view_func=live.wall, methods=["GET"])
bp.add_url_rule("/s/<session_id>/guides.pdf", view_func=director.guides_pdf, methods=["GET"])
bp.add_url_rule("/s/<session_id>/director/rounds", view_func=director.rounds, methods=["POST"])
bp.add_url_rule("/s/<session_id>/t/<int:table>", view_func=table.table_page, methods=["GET"])
bp.add_url_rule("/s/<session_id>/t/<int:table>/results", "table_enter", table.enter,
                methods=["POST"])
bp.add_url_rule("/s/<session_id>/t/<int:table>/answers", view_func=table.answer,
                methods=["POST"])
bp.add_url_rule("/s/<session_id>/t/<int:table>/preview", "table_preview", table.preview,
                methods=["GET"])
bp.add_url_rule("/s/<session_id>/tents.pdf", view_func=tents.tents_pdf, methods=["GET"])
