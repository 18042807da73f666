"""Each game's words in its own catalogs (issue 37): ``scorekeeper/games/<game>/translations``
beside the core's ``scorekeeper/translations``, written by ``python -m scorekeeper.i18n.extract``
and read together by the app, in a request or not.

The tool is run on a small tree of its own (``tree``): where each message goes, translations
that follow their message, a second run that writes nothing. The repository's catalogs are held
to the split: every registered game has its three catalogs, and no entry of the core's names a
game.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po
from flask_babel import force_locale, gettext
from hypothesis import given
from hypothesis import strategies as st
from support import one_trick
from support.catalogs import LANGUAGES, read

from scorekeeper import ROOT
from scorekeeper.engine import games
from scorekeeper.engine.games import GAMES
from scorekeeper.i18n import extract as tool
from scorekeeper.i18n.catalogs import TRANSLATIONS, package_translations, translation_folders
from scorekeeper.i18n.messages import translate_param

CHINESE = ("zh_Hant", "zh_Hans")


def msgids(path: Path) -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in read(path) if m.id}


def translated(path: Path, locale: str) -> dict[str, Any]:
    return {m.id if isinstance(m.id, str) else m.id[0]: m.string
            for m in read(path, locale) if m.id}


# --- the tool on a tree of its own --------------------------------------------------------------

# Three games: "one", "two" and "three" with no words; a game's words are those of its folder.
SOURCES = {
    "scorekeeper/web/page.py": '_("Core words")\n_("Shared with a game")\n',
    "scorekeeper/games/one/rules.py":
        '_("Shared with a game")\n_("One’s own words")\nN_("Two games use it")\n',
    "scorekeeper/games/one/words.py": 'N_("One’s words module")\n',
    "scorekeeper/games/one/egn/reader.py": 'N_("One’s notation")\n',
    "scorekeeper/games/two/templates/x.html": "{{ _('Two games use it') }}{{ _('Two’s page') }}",
    "scorekeeper/games/oneself/reader.py": 'N_("Not one’s: a longer name")\n',
    "scorekeeper/games/three/__init__.py": '"""No words."""\n',
}
WHERE = {
    None: {"Core words", "Shared with a game", "Two games use it", "Not one’s: a longer name"},
    "one": {"One’s own words", "One’s words module", "One’s notation"},
    "two": {"Two’s page"},
}


def hant(msgid: str) -> str:
    return f"譯：{msgid}"


def write_catalog(path: Path, locale: str, words: dict[str, str]) -> None:
    catalog = Catalog(locale=locale, fuzzy=False)
    for msgid, text in words.items():
        catalog.add(msgid, text)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog)


@pytest.fixture
def tree(tmp_path: Path) -> tuple[Path, list[tool.Part]]:
    """The sources above, and the core's catalogs as they were before the split: every message
    in them, translated into zh_Hant."""
    for rel, text in SOURCES.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    shutil.copy(tool.MAPPING, tmp_path / "scorekeeper" / "babel.cfg")
    everything = set().union(*WHERE.values())
    core = tmp_path / "scorekeeper" / "translations"
    write_catalog(core / "zh_Hant" / "LC_MESSAGES" / "messages.po", "zh_Hant",
                  {m: hant(m) for m in sorted(everything)})
    write_catalog(core / "en" / "LC_MESSAGES" / "messages.po", "en",
                  dict.fromkeys(sorted(everything), ""))
    games_dir = tmp_path / "scorekeeper" / "games"
    owners = [tool.Part(core), tool.owned("one", games_dir / "one", tmp_path),
              tool.owned("two", games_dir / "two", tmp_path),
              tool.owned("three", games_dir / "three", tmp_path)]
    return tmp_path, owners


def plan(root: Path, owners: list[tool.Part]) -> dict[Path, bytes]:
    return tool.plan(root, owners, root / "scorekeeper" / "babel.cfg")


def run(root: Path, owners: list[tool.Part]) -> list[Path]:
    return tool.write(plan(root, owners))


def test_the_split_puts_a_games_own_words_in_its_folder(tree) -> None:
    root, owners = tree
    written = run(root, owners)
    folders = {p.game: p.folder for p in owners}
    for game, words in WHERE.items():
        folder = folders[game]
        assert msgids(folder / "messages.pot") == words, game
        for locale in ("en", "zh_Hant"):
            assert msgids(folder / locale / "LC_MESSAGES" / "messages.po") == words
        # each translation followed its message, and English keeps its msgids
        assert translated(folder / "zh_Hant" / "LC_MESSAGES" / "messages.po", "zh_Hant") == \
            {m: hant(m) for m in words}
        assert not any(translated(folder / "en" / "LC_MESSAGES" / "messages.po", "en").values())
    assert not folders["three"].exists()  # a game without words of its own has no catalogs
    assert len(written) == 3 * 3
    assert run(root, owners) == []  # a second run writes nothing


def test_a_message_moves_back_with_its_translation_and_a_new_one_waits(tree) -> None:
    root, owners = tree
    run(root, owners)
    page = root / "scorekeeper" / "web" / "page.py"
    page.write_text(page.read_text() + '_("One’s own words")\n_("A new sentence")\n')
    run(root, owners)
    core = owners[0].folder / "zh_Hant" / "LC_MESSAGES" / "messages.po"
    one = owners[1].folder / "zh_Hant" / "LC_MESSAGES" / "messages.po"
    assert translated(core, "zh_Hant")["One’s own words"] == hant("One’s own words")
    assert translated(core, "zh_Hant")["A new sentence"] == ""  # to translate
    assert "One’s own words" not in msgids(one)
    (root / "scorekeeper" / "games" / "two" / "templates" / "x.html").unlink()
    run(root, owners)  # a game whose words are gone keeps empty catalogs, not stale ones
    assert msgids(owners[2].folder / "zh_Hant" / "LC_MESSAGES" / "messages.po") == set()
    assert run(root, owners) == []


def test_two_translations_of_one_message_are_reported(tree) -> None:
    """A merge that kept a moved message in its old catalog, translated anew: the catalog it
    belongs to keeps its own translation, and the run says what the other one said."""
    root, owners = tree
    run(root, owners)
    core = owners[0].folder / "zh_Hant" / "LC_MESSAGES" / "messages.po"
    with core.open("a", encoding="utf-8") as f:
        f.write('\nmsgid "One’s own words"\nmsgstr "另一個譯法"\n')
    texts = plan(root, owners)
    notes = tool.disagreements(owners, texts)
    assert len(notes) == 1 and "另一個譯法" in notes[0] and hant("One’s own words") in notes[0]
    tool.write(texts)
    one = owners[1].folder / "zh_Hant" / "LC_MESSAGES" / "messages.po"
    assert translated(one, "zh_Hant")["One’s own words"] == hant("One’s own words")
    assert "One’s own words" not in msgids(core)
    assert tool.disagreements(owners, plan(root, owners)) == []


OWNERS = [tool.Part(Path("core")), tool.owned("one", Path("/r/scorekeeper/games/one"), Path("/r")),
          tool.owned("two", Path("/r/scorekeeper/games/two"), Path("/r"))]
WHERE_FILES = {
    "scorekeeper/games/one/rules.py": "one",
    "scorekeeper/games/one/templates/a.html": "one",
    "scorekeeper/games/one/egn/read.py": "one",
    "scorekeeper/games/oneself/a.py": None,
    "scorekeeper/games/two/notation.py": "two",
    "scorekeeper/engine/one.py": None,
    "scorekeeper/formats/facts.py": None,
    "scorekeeper/web/forms.py": None,
    "templates/base.html": None,
}


def owner_of(paths: list[str]) -> str | None:
    templates = tool.split([(p, 1, "words", [], None) for p in paths], OWNERS)
    folder = next(f for f, t in templates.items() if len(t))
    return next(p.game for p in OWNERS if p.folder == folder)


@pytest.mark.parametrize(("path", "game"), WHERE_FILES.items())
def test_whose_file_it_is(path: str, game: str | None) -> None:
    assert owner_of([path]) == game


@given(st.lists(st.sampled_from(sorted(WHERE_FILES)), min_size=1, max_size=6))
def test_a_message_is_a_games_when_all_its_uses_are(paths: list[str]) -> None:
    users = {WHERE_FILES[p] for p in paths}
    assert owner_of(paths) == (users.pop() if len(users) == 1 else None)


def test_each_registered_game_owns_its_folder() -> None:
    found = {p.game: p for p in tool.parts()}
    assert found[None].folder == TRANSLATIONS
    for name in GAMES:
        part = found[name]
        assert part.folder == ROOT / "scorekeeper" / "games" / name / "translations"
        for path in (f"scorekeeper/games/{name}/templates/summary.html",
                     f"scorekeeper/games/{name}/rules.py", f"scorekeeper/games/{name}/x/y.py"):
            assert part.owns(path), path
        assert not part.owns("scorekeeper/engine/game.py")
        assert not part.owns(f"scorekeeper/games/{name}x/rules.py")


# --- the repository's catalogs ------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_has_its_words_in_three_languages(name: str) -> None:
    game = GAMES[name]
    folder = ROOT / "scorekeeper" / "games" / name / "translations"
    words = msgids(folder / "messages.pot")
    # its label and the heading of its presets are its own words (the core never says them)
    assert {game.label, game.rules_label} <= words
    for locale in LANGUAGES:
        po = folder / locale / "LC_MESSAGES" / "messages.po"
        assert msgids(po) == words, po
    for locale in CHINESE:
        texts = translated(folder / locale / "LC_MESSAGES" / "messages.po", locale)
        assert all(all(t) if isinstance(t, tuple) else t for t in texts.values()), locale


# Terms that hold a game's name and mean something else (as tests/test_game_names.py has them).
TERMS = re.compile(r"whist[ _-]?(?:drives?|designs?)", re.IGNORECASE)
SUITS = ("spades", "hearts", "diamonds", "clubs")


def games_named(msgid: str) -> list[str]:
    """The games a msgid names: its label or its name, in any case, except that a game named
    after a suit is the game only capitalised ("Spades"; "spades were not broken" is the
    suit), and a whist drive or design is no game."""
    text = TERMS.sub("", msgid)
    found = []
    for name, game in GAMES.items():
        card = name in SUITS
        words = {game.label} if card else {game.label, name.replace("_", " ")}
        flags = 0 if card else re.IGNORECASE
        if any(re.search(rf"(?<![A-Za-z]){re.escape(w)}(?![A-Za-z])", text, flags)
               for w in words):
            found.append(name)
    return sorted(found)


@pytest.mark.parametrize(("msgid", "named"), [
    ("Five Hundred rules", ["five_hundred"]),
    ("Scorekeeper — Euchre and Whist", ["euchre", "whist"]),
    ("Only euchre matches", ["euchre"]),
    ("Spades", ["spades"]),
    ("spades were not broken yet", []),
    ("%(rank)s of %(suit)s", []),
    ("a whist drive: new partners each round", []),
    ("Whist designs", []),
    ("euchred", []),
    ("hearts", []),
])
def test_what_counts_as_naming_a_game(msgid: str, named: list[str]) -> None:
    assert games_named(msgid) == sorted(n for n in named if n in GAMES)


def test_no_entry_of_the_core_catalog_names_a_game() -> None:
    """A game's words are its own (its label too): in its folder's catalogs."""
    for path in (TRANSLATIONS / "messages.pot",
                 *(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po" for lang in LANGUAGES)):
        naming = {m: games_named(m) for m in msgids(path) if games_named(m)}
        assert naming == {}, path


# --- at run time -------------------------------------------------------------------------------


def own_words(name: str, locale: str) -> dict[str, Any]:
    return translated(ROOT / "scorekeeper" / "games" / name / "translations" / locale
                      / "LC_MESSAGES" / "messages.po", locale)


def test_the_app_reads_the_cores_catalogs_and_each_games(app) -> None:
    folders = [Path(d) for d in app.extensions["babel"].translation_directories]
    assert folders[0] == TRANSLATIONS
    for name in GAMES:
        assert ROOT / "scorekeeper" / "games" / name / "translations" in folders


@pytest.mark.parametrize("locale", CHINESE)
def test_a_games_words_are_translated_outside_a_request(app, locale: str) -> None:
    """An app context is enough (the CLI, a worker): each game's label and a hand field's
    word (a problem's param, ``i18n.messages``) come from its own catalog."""
    fields = 0
    with app.app_context(), force_locale(locale):
        for name, game in GAMES.items():
            words = own_words(name, locale)
            assert gettext(game.label) == words[game.label] != game.label
            own = {f: w for f, w in game.field_words.items() if w in words}
            for field, word in own.items():
                assert translate_param("field", field) == words[word] != word
            fields += len(own)
    assert fields  # some game has a field only it words


@pytest.mark.parametrize("locale", CHINESE)
def test_the_start_page_names_every_game_in_its_own_words(client, locale: str) -> None:
    client.set_cookie("lang", locale)
    page = client.get("/").get_data(as_text=True)
    for name, game in GAMES.items():
        assert own_words(name, locale)[game.label] in page, name


@pytest.mark.app_config(BABEL_TRANSLATION_DIRECTORIES=str(TRANSLATIONS))
def test_a_configured_list_of_folders_is_kept(app) -> None:
    """The core's folder alone: the core's words translate, the games' stay English."""
    with app.app_context(), force_locale("zh_Hant"):
        assert gettext("Game") == "遊戲"
        assert [gettext(g.label) for g in GAMES.values()] == [g.label for g in GAMES.values()]


def test_a_game_without_catalogs_is_fine(monkeypatch) -> None:
    before = translation_folders()
    monkeypatch.setitem(games.GAMES, "one_trick", one_trick.GAME)  # no translations/ folder
    monkeypatch.setitem(games.GAMES, "nowhere",
                        dataclasses.replace(one_trick.GAME, name="nowhere",
                                            folder="no_such_package.anywhere"))
    monkeypatch.setitem(games.GAMES, "unfoldered",
                        dataclasses.replace(one_trick.GAME, name="unfoldered", folder=None))
    assert translation_folders() == before
    assert package_translations("no_such_package.anywhere") is None
    # the tool gives the game with a package its part (a folder to write when it has words)
    assert [p.game for p in tool.parts()][-1] == "one_trick"


def test_a_new_games_catalogs_in_its_folder_are_read(tmp_path: Path, monkeypatch,
                                                     make_app) -> None:
    """A game registered with its own translations/ (a copy of the test game) is translated
    with no other file changed."""
    package = tmp_path / "copied_game"
    shutil.copytree(Path(one_trick.__file__).parent, package)
    write_catalog(package / "translations" / "zh_Hant" / "LC_MESSAGES" / "messages.po",
                  "zh_Hant", {"One trick": "一墩牌"})
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(games.GAMES, "copied_game",
                        dataclasses.replace(one_trick.GAME, name="copied_game",
                                            folder="copied_game"))
    assert translation_folders()[-1] == package / "translations"
    app = make_app()
    with app.app_context(), force_locale("zh_Hant"):
        assert gettext("One trick") == "一墩牌"
        assert gettext("Game") == "遊戲"
    assert (package / "translations" / "zh_Hant" / "LC_MESSAGES" / "messages.mo").is_file()
