"""What ``scorekeeper serve`` runs: stock gunicorn, configured (:mod:`.config`), and the
self-signed certificate for ``--https`` (:mod:`.tls`). Nothing below the web layer imports it."""

# `serve --threads` and the app's default: the app's threads per worker. Idle and slow
# connections wait in the event loop, not in a thread; more threads only lengthen each
# process's queue for its GIL (docs/performance.md: 1,000 tables sitting down, 64 refused
# 81-195 tents a run, 8 none in five runs of six)
THREADS = 8
