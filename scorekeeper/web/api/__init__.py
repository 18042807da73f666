"""The JSON API (spec/api.md): matches (with /healthz and a match's file exports), club nights
and players, a blueprint each, so that each takes its own CSRF exemption in create_app.
"""

from __future__ import annotations

from flask import Blueprint

from . import events, matches, players, sessions

bp = Blueprint("api", __name__)
bp.add_url_rule("/healthz", view_func=matches.healthz, methods=["GET"])
bp.add_url_rule("/api/matches", view_func=matches.create_match, methods=["POST"])
bp.add_url_rule("/api/matches/<match_id>", view_func=matches.read_match, methods=["GET"])
bp.add_url_rule("/api/matches/<match_id>/history", view_func=matches.match_history, methods=["GET"])
bp.add_url_rule("/api/matches/<match_id>/hands", view_func=matches.record_hand, methods=["POST"])
bp.add_url_rule("/api/matches/<match_id>/hands/<int:no>",
                view_func=matches.correct_hand, methods=["PUT"])
bp.add_url_rule("/api/matches/<match_id>/hands/<int:no>",
                view_func=matches.undo_hand, methods=["DELETE"])
bp.add_url_rule("/api/matches/<match_id>/hands/<int:no>/analysis",
                view_func=matches.hand_analysis, methods=["GET"])
bp.add_url_rule("/m/<match_id>.json", view_func=matches.export_match, methods=["GET"])
bp.add_url_rule("/m/<match_id>.<extension>", view_func=matches.export_notation,
                methods=["GET"])

events_bp = Blueprint("events_api", __name__)
events_bp.add_url_rule("/api/events", view_func=events.create_event, methods=["POST"])
events_bp.add_url_rule("/api/events/<event_id>", view_func=events.read_event, methods=["GET"])
events_bp.add_url_rule("/api/events/<event_id>/rounds",
                       view_func=events.start_round, methods=["POST"])
events_bp.add_url_rule("/api/events/<event_id>/rounds/<int:no>/tables/<int:table_no>/decider",
                       view_func=events.decide, methods=["POST"])
events_bp.add_url_rule("/api/events/<event_id>/players",
                       view_func=events.add_player, methods=["POST"])
events_bp.add_url_rule("/api/events/<event_id>/players/<int:number>",
                       view_func=events.player_leaves, methods=["PATCH"])
events_bp.add_url_rule("/api/events/<event_id>/rounds/<int:no>/swap",
                       view_func=events.swap, methods=["POST"])
events_bp.add_url_rule("/api/events/<event_id>/rounds/<int:no>/end",
                       view_func=events.end_round, methods=["POST"])

players_bp = Blueprint("players_api", __name__)
players_bp.add_url_rule("/api/players", view_func=players.list_players, methods=["GET"])
players_bp.add_url_rule("/api/players/<player_id>", view_func=players.read_player, methods=["GET"])
players_bp.add_url_rule("/api/players/<player_id>",
                        view_func=players.rename_player, methods=["PATCH"])
players_bp.add_url_rule("/api/players/<player_id>/merge",
                        view_func=players.merge_player, methods=["POST"])
players_bp.add_url_rule("/api/players/<player_id>/changes",
                        view_func=players.list_changes, methods=["GET"])
players_bp.add_url_rule("/api/players/changes/<int:change_id>/undo",
                        view_func=players.undo_change, methods=["POST"])

sessions_bp = Blueprint("sessions_api", __name__)
sessions_bp.add_url_rule("/api/sessions", view_func=sessions.create_session, methods=["POST"])
sessions_bp.add_url_rule("/api/sessions/<session_id>", view_func=sessions.read_session,
                         methods=["GET"])
sessions_bp.add_url_rule("/api/sessions/<session_id>/results",
                         view_func=sessions.enter_result, methods=["POST"])
sessions_bp.add_url_rule("/api/sessions/<session_id>/results/<int:board>/<ns>",
                         view_func=sessions.remove_result, methods=["DELETE"])
sessions_bp.add_url_rule("/api/sessions/<session_id>/history",
                         view_func=sessions.session_history, methods=["GET"])
sessions_bp.add_url_rule("/s/<session_id>.<suffix>", view_func=sessions.export_file,
                         methods=["GET"])
