"""What every registered game owes the core (issue 37), checked over each one: its folder is its
package and exports the registry's ``GAME``; each template it names is in its folder and
resolves through the app's loader; its hand form imports from its folder; its options have a
target and a number of deals; it has its words, translated in every language; and a golden
whole match of it is kept (``tests/data/golden/matches/``, its check line and API body)."""

from __future__ import annotations

import dataclasses
import importlib
import json
from pathlib import Path
from typing import Any

import pytest
from flask_babel import force_locale, gettext

from scorekeeper.engine.game import Game
from scorekeeper.engine.games import GAMES
from scorekeeper.engine.parts.words import History, Words
from scorekeeper.engine.rules import DEALS
from scorekeeper.engine.state import settle_to_target
from scorekeeper.i18n.labels import OPTION_LABELS
from scorekeeper.web.match.handforms import HandForm, hand_form_class

GOLDEN = Path(__file__).resolve().parent / "data" / "golden" / "matches"
NAMES = list(GAMES)  # the installed games, one contract each
LOCALES = ("zh_Hant", "zh_Hans")


def folder_of(game: Game) -> Path:
    assert game.folder is not None, f"{game.name} has no folder"
    return Path(next(iter(importlib.import_module(game.folder).__path__)))


@pytest.mark.parametrize("name", NAMES)
def test_its_folder_is_its_package_and_exports_its_game(name: str) -> None:
    game = GAMES[name]
    assert game.name == name
    assert game.folder == f"scorekeeper.games.{name}"
    assert importlib.import_module(game.folder).GAME is game
    assert folder_of(game).name == name


@pytest.mark.parametrize("name", NAMES)
def test_each_template_it_names_is_in_its_folder_and_resolves(app: Any, name: str) -> None:
    game = GAMES[name]
    named = {k: v for k, v in dataclasses.asdict(game.templates).items() if v is not None}
    assert "hand_fields" in named and "sheet_hands" in named, named
    for template in named.values():
        assert template.startswith(f"game/{name}/"), template
        assert (folder_of(game) / "templates" / template.removeprefix(f"game/{name}/")).is_file()
        assert app.jinja_env.get_template(template) is not None


@pytest.mark.parametrize("name", NAMES)
def test_its_hand_form_imports_from_its_folder(name: str) -> None:
    game = GAMES[name]
    assert game.playable and game.hand_form is not None
    assert game.hand_form.partition(":")[0] == f"{game.folder}.form"
    assert issubclass(hand_form_class(name), HandForm)


@pytest.mark.parametrize("name", NAMES)
def test_its_options_say_how_a_match_ends_and_have_their_words(name: str) -> None:
    """A match ends at a target or after a number of deals (the shared options), or by the
    game's own rule (its ``settle``: Bridge's rubbers and chukkers), never never."""
    game = GAMES[name]
    options = {o.name: o for o in game.options}
    if "target" in options:
        assert options["deals"] == DEALS
        assert game.default_target is not None and game.default_target > 0
    else:
        assert "deals" not in options and game.settle is not settle_to_target, name
    for option in options:
        assert option in game.option_words or option in OPTION_LABELS, option
    assert {p.name for p in game.presets} and all(game.preset(p.name) for p in game.presets)


@pytest.mark.parametrize("name", NAMES)
def test_it_has_its_words_in_every_language(app: Any, name: str) -> None:
    game = GAMES[name]
    assert isinstance(game.words, Words) and isinstance(game.history, History)
    words = [game.label, game.rules_label, game.words.title, game.history.call,
             *(p.label for p in game.presets),
             *(w for pair in game.option_words.values() for w in pair),
             *game.field_words.values(), *game.messages.values()]
    assert all(w.strip() for w in words)
    with app.test_request_context("/"):
        for locale in LOCALES:
            with force_locale(locale):
                untranslated = [w for w in words if gettext(w) == w]
            assert untranslated == [], (locale, untranslated)


@pytest.mark.parametrize("name", NAMES)
def test_a_golden_whole_match_is_kept(name: str) -> None:
    kept = [p for p in sorted(GOLDEN.glob("*.json")) if p.suffixes == [".json"]
            and json.loads(p.read_text(encoding="utf-8")).get("game") == name]
    assert kept, f"no golden match of {name} in {GOLDEN}"
    for match in kept:
        stem = match.name.removesuffix(".json")
        assert (GOLDEN / f"{stem}.api.json").is_file()
        line = json.loads((GOLDEN / f"{stem}.check.jsonl").read_text(encoding="utf-8"))
        # whole: played to its end (tests/test_golden_matches.py holds the bytes)
        assert line["ok"] and line["game"] == name and line["over"] and line["winner"]
