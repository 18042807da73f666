"""The match page: home (start or import a match), the board, recording, previewing, undoing
and correcting hands, a new scorer link, and the hand page (trick by trick).

Two blueprints: ``match`` and ``handpage``; the hand page keeps its own so that its 404 is the
site's plain error page, not the match's "No match here".
"""

from __future__ import annotations

from flask import Blueprint

from . import handpage, hands, importing, page

bp = Blueprint("match", __name__)
bp.register_error_handler(404, page.not_found)
bp.register_error_handler(403, page.forbidden)
bp.add_url_rule("/", view_func=page.home, methods=["GET"])
bp.add_url_rule("/start", view_func=page.start, methods=["POST"])
bp.add_url_rule("/import", view_func=importing.import_match, methods=["POST"])
bp.add_url_rule("/import/names", view_func=importing.import_named, methods=["POST"])
bp.add_url_rule("/m/<match_id>", view_func=page.match, methods=["GET"])
bp.add_url_rule("/m/<match_id>/live", view_func=page.live, methods=["GET"])
bp.add_url_rule("/m/<match_id>/rematch", view_func=page.rematch, methods=["POST"])
bp.add_url_rule("/m/<match_id>/newkey", view_func=page.new_key, methods=["GET", "POST"])

bp.add_url_rule("/m/<match_id>/hands", view_func=hands.record, methods=["POST"])
bp.add_url_rule("/m/<match_id>/preview", view_func=hands.preview, methods=["GET", "POST"])
bp.add_url_rule("/m/<match_id>/undo", view_func=hands.undo, methods=["POST"])
bp.add_url_rule("/m/<match_id>/redo", view_func=hands.redo, methods=["POST"])
bp.add_url_rule("/m/<match_id>/hands/<int:no>/edit",
                view_func=hands.edit_hand, methods=["GET", "POST"])
# a form's address opened with GET (a refresh, a language switch): back to its page
bp.add_url_rule("/import", view_func=hands.back_home, methods=["GET"])
bp.add_url_rule("/start", view_func=hands.back_home, methods=["GET"])
bp.add_url_rule("/import/names", view_func=hands.back_home, methods=["GET"])
bp.add_url_rule("/m/<match_id>/rematch", view_func=hands.back_to_match, methods=["GET"])
bp.add_url_rule("/m/<match_id>/undo", view_func=hands.back_to_match, methods=["GET"])
bp.add_url_rule("/m/<match_id>/hands", view_func=hands.back_to_match, methods=["GET"])

hand_bp = Blueprint("handpage", __name__)
hand_bp.add_url_rule("/m/<match_id>/hands/<int:no>", view_func=handpage.hand_page, methods=["GET"])
