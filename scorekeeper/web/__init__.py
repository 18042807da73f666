"""The web layer. Each subpackage owns its blueprints (made in its ``__init__``, which adds
their routes with ``add_url_rule``; its other modules hold plain view functions and import no
blueprint): ``match`` (home, the match page, hands, the hand page), ``events`` (club nights),
``players`` (players and the organiser), ``api`` (JSON), ``prints`` (sheets) and ``shell``
(manifest, service worker, language). ``create_app`` registers each blueprint by name.

The modules at this level own no route: request plumbing every package shares (security,
errors, etags, links, qr, outcomes, forms, compress, ratelimit, game_templates).
``tests/test_web_imports.py`` keeps it so: no import cycle, no import made for its side effect.
"""
