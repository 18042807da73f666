"""``python -m scorekeeper``: the same as the ``scorekeeper`` command."""

from scorekeeper.cli import main

raise SystemExit(main())
