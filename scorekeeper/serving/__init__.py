"""What ``scorekeeper serve`` runs: stock gunicorn, configured (:mod:`.config`), and the
self-signed certificate for ``--https`` (:mod:`.tls`). Nothing below the web layer imports it."""
