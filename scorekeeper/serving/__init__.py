"""What ``scorekeeper serve`` runs: stock gunicorn, configured (:mod:`.config`), and the
self-signed certificate for ``--https`` (:mod:`.tls`). Nothing below the web layer imports it."""

# `serve --threads` and the app's default: the app's threads per worker. Idle and slow
# connections wait in the event loop, not in a thread; more threads only lengthen each
# process's queue for its GIL (docs/performance.md: 64 refused 81-195 of 1,000 tents, 8 none)
THREADS = 8
