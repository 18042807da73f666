"""Each game's templates, from its own folder: ``game/<name>/<file>`` is ``<file>`` in the
``templates/`` folder of the package the registered game names (``Game.folder``).

One Jinja loader, asked after the app's own templates; a game registered later (a test's) is
found at once, since the loader asks :data:`~scorekeeper.engine.games.GAMES` on each lookup.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path

from flask import Flask
from jinja2 import BaseLoader, ChoiceLoader, Environment, FileSystemLoader, TemplateNotFound

from ..engine.games import GAMES

PREFIX = "game/"


def folder_of(game: str) -> Path | None:
    """The templates folder of ``game``'s package, if it is registered and has one."""
    registered = GAMES.get(game)
    if registered is None or registered.folder is None:
        return None
    package = importlib.import_module(registered.folder)
    return Path(next(iter(package.__path__))) / "templates"


class GameLoader(BaseLoader):
    """``game/<name>/<file>`` from the registered game's folder (a FileSystemLoader each)."""

    def get_source(self, environment: Environment, template: str
                   ) -> tuple[str, str | None, Callable[[], bool] | None]:
        name, _sep, file = template.removeprefix(PREFIX).partition("/")
        folder = folder_of(name) if template.startswith(PREFIX) and file else None
        if folder is None:
            raise TemplateNotFound(template)
        return FileSystemLoader(folder).get_source(environment, file)


def init_app(app: Flask) -> None:
    """Let the app's templates include ``game/<name>/<file>`` (before its first render)."""
    app.jinja_options = {**app.jinja_options,
                         "loader": ChoiceLoader([app.create_global_jinja_loader(), GameLoader()])}
