"""Names vulture cannot see used: hooks that a framework calls by name, and the few functions
kept for work under way. Every entry says who uses it. (Names that templates use are added by
tests/test_dead_code.py from the templates themselves.)"""
# ruff: noqa
# fmt: off

_ = object()

# Flask, WTForms, WeasyPrint and gunicorn call these by name
_.sort_keys          # app.json.sort_keys: Flask's JSON provider reads it
_.session_interface  # app.session_interface: Flask reads it
_.bytecode_cache     # app.jinja_env.bytecode_cache: Jinja reads it (__init__.py)
_.get_cookie_name    # SessionInterface hook (security.py)
_.field_flags        # WTForms reads a validator's field_flags
_.Meta               # WTForms form Meta (forms.py)
_.get_translations   # WTForms Meta hook (forms.py)
_.fetch              # WeasyPrint URLFetcher hook (pdf.py)
_.EuchreHandForm     # named by a string: Game.hand_form (games/euchre/rules.py), imported by handforms.py
_.WhistHandForm      # named by a string: Game.hand_form (games/whist/rules.py), imported by handforms.py
_.SpadesHandForm     # named by a string: Game.hand_form (games/spades/rules.py), imported by handforms.py
_.bid_N, _.bid_E, _.bid_S, _.bid_W  # Spades' bid fields: read as form[f"bid_{seat}"]
_.FiveHundredHandForm  # named by a string: Game.hand_form (games/five_hundred/rules.py), imported by handforms.py
_.register           # the games' registry (engine/games.py): a game added from outside, tests' one_trick
_.BridgeHandForm     # named by a string: Game.hand_form (games/bridge/__init__.py)
_.more_fields        # a hand form's fields under "More" (games/*/form.py), read by HandForm
_.load_config        # gunicorn BaseApplication hook (serving/config.py)
_.msg                # logging.LogRecord.msg, rewritten by the redacting filter (security.py)
_.rights_changed     # flask.g.rights_changed, read as g.get("rights_changed") (security.py)

# Used only by the tests' deal makers (tests/support/deals.py, tests/support/cardplay.py): the rule of
# following suit, kept in the engine beside the cards it judges
_.legal_plays        # engine/cards.py: the cards a player may play to a trick

# The app factory named by a string in the plain gunicorn command of docs/running.md (serving/app.py)
_.create

# The rate-limit counts' storage: found by the limits library from its URI scheme, its methods
# called by limits (scorekeeper/web/limits_store.py)
_.SQLiteStorage
_.STORAGE_SCHEME
_.base_exceptions
_.incr
_.get_expiry

# used by the tests alone since the hand forms offer the match's pack (Game.pack)
_.DECK_24        # engine/cards.py: the 24-card pack the tests deal from (cardplay, deals, one_trick)

# Read by Werkzeug (a response's status, a minified file's Cache-Control), by limits (a
# storage's reset) and by Flask-Limiter's cost and key functions (web/compress.py, ratelimit.py)
_.status_code
_.reset
_.no_cache
_.limit_cost
_.write_key

# Bridge's contract scoring, used by its rules and duplicate sessions as they land (#38, #39):
# take these off as each gets its caller.
vulnerable_on_board, dealer_of_board, duplicate_score, imps

# The duplicate session's movements and cards, for the session pages and prints of #39 (their
# tests call them now: tests/test_pair_movements.py, tests/test_bridge_session.py)
_.shares_with, _.relay, _.sit_out, _.guide
offers, SESSION_FORMAT, score_card, board_imps, board_matchpoints
# Bridge's double dummy, PBN and statistics (#38): the entry points the web and the Game's
# parts call once the lead wires them; take these off as each gets its caller.
analysis_words, bridge_stats, clear_table_cache
