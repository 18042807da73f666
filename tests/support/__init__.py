"""Everything the tests share that is not a fixture: builders, helpers and test data.

One place, a package beside the test folders: ``from support.<module> import ...`` reads the
same from every test folder (tests/ is on the path through its conftest.py), pytest collects
nothing here (no module is named test_*), and a test module never imports another test module
(tests/test_layout.py). Fixtures stay in the conftest.py files.

- ``helpers``: SEATS, euchre_match, whist_match, euchre_hand, ROOT, SHARED, the organiser's
  right; free ports, waiting for a server, stopping it, a plain HTTP call.
- ``engine_matches``: a match around some hands, checked by the engine (the engine tests).
- ``deals``, ``cardplay``, ``packplay``, ``fiveplay``, ``spades_play``: card play written out
  apart from the engine (random legal hands and card records, each game's rules by hand).
- ``one_trick``: a whole third game (its form and templates beside it), registered by tests.
- ``bridge_session``: a stand-in Bridge ``Game`` carrying the real session part, registered by
  the session tests until Bridge itself is; ``session_golden`` writes the golden session.
- ``start_cases``, ``stats_data``, ``player_figures``, ``formprops``, ``egn_text``: tables of
  cases, matches with known figures, and readers shared by several test modules.
- ``pages``, ``five_hundred_pages``, ``spades_pages``, ``five_hundred_analysis``, ``events``:
  the pages and the API through Flask's test client.
- ``prints``, ``catalogs``: PDFs read back with poppler; the translation catalogs.
- ``browser``, ``spades_browser``, ``five_hundred_browser``, ``events_browser``: a phone in
  Chromium (Playwright) and the taps the browser tests share.
- ``reliability``: the real server in a subprocess and phones that speak HTTP.
"""
