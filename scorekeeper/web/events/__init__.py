"""Club nights: the new-event page, the director's page and its live part, the table phones'
page and banner, confirming and settling rounds, the wall screen, the rules card and the
evening's prints (tally cards, chart, standings, table tents).
"""

from __future__ import annotations

from flask import Blueprint

from . import director, live, new, prints, rounds, rules

bp = Blueprint("events", __name__)
bp.add_url_rule("/events/new", view_func=new.new_event, methods=["GET", "POST"])

bp.add_url_rule("/events/<event_id>", view_func=director.director, methods=["GET"])
bp.add_url_rule("/events/<event_id>/start", view_func=director.start, methods=["POST"])
bp.add_url_rule("/events/<event_id>/decide", view_func=director.decide_page, methods=["POST"])
bp.add_url_rule("/events/<event_id>/players", view_func=director.add_player_page, methods=["POST"])
bp.add_url_rule("/events/<event_id>/players/leave", view_func=director.leave_page, methods=["POST"])
bp.add_url_rule("/events/<event_id>/swap", view_func=director.swap_page, methods=["POST"])
bp.add_url_rule("/events/<event_id>/end", view_func=director.end_page, methods=["POST"])
bp.add_url_rule("/events/<event_id>/tables/<int:table_no>",
                view_func=director.table, methods=["GET"])
bp.add_app_template_global(director.club_marks, "club_marks")
bp.add_app_template_global(director.club_prize, "club_prize")
bp.add_app_template_global(director.club_tally_note, "club_tally_note")
bp.add_app_template_global(director.round_clock, "round_clock")
bp.app_context_processor(director.event_banner)

bp.add_url_rule("/events/<event_id>/live", view_func=live.director_live, methods=["GET"])
bp.add_url_rule("/events/<event_id>/rounds/<int:no>/tables/<int:table_no>/banner",
                view_func=live.banner, methods=["GET"])
bp.add_url_rule("/events/<event_id>/wall", view_func=live.wall, methods=["GET"])
bp.add_app_template_global(live.event_time, "event_time")
bp.add_url_rule("/events/<event_id>/rounds/<int:no>/tables/<int:table_no>/confirm",
                view_func=rounds.confirm_page, methods=["POST"])

bp.add_url_rule("/events/<event_id>/settle", view_func=rounds.settle_page, methods=["POST"])
bp.add_url_rule("/events/<event_id>/end", view_func=rounds.end_ask, methods=["GET"])
bp.add_url_rule("/events/<event_id>/end/undo", view_func=rounds.undo_end_page, methods=["POST"])

bp.add_app_template_global(rules.rules_card, "rules_card")
bp.add_url_rule("/r/<code>", view_func=rules.rules_page, methods=["GET"])

bp.add_url_rule("/events/<event_id>/tally.pdf", view_func=prints.tally_pdf, methods=["GET"])
bp.add_url_rule("/events/<event_id>/chart.pdf", view_func=prints.chart_pdf, methods=["GET"])
bp.add_url_rule("/events/<event_id>/standings.pdf", view_func=prints.standings_pdf, methods=["GET"])
bp.add_url_rule("/events/<event_id>/tents.pdf", view_func=prints.tents_pdf, methods=["GET"])
