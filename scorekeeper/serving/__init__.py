"""What ``scorekeeper serve`` runs: stock gunicorn, configured (:mod:`.config`), and the
self-signed certificate for ``--https`` (:mod:`.tls`). Nothing below the web layer imports it."""

# `serve --threads` and the app's default: the app's threads per worker (docs/performance.md:
# more, and each process's queue for its GIL grows)
THREADS = 64
