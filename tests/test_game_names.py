"""Generic code asks the game object, never a game's name (issue 23).

Outside a game's own files (its folder ``scorekeeper/games/<game>/``, and its line of
``INSTALLED`` in ``scorekeeper/games/__init__.py``, the one place that lists the games), no
Python module, template, script or stylesheet names a registered game (a game's styles and
scripts are in its folder's ``static/``):
not in an identifier or attribute (``EuchreHandForm``, ``out.whist``: any case), not in code's
string literals (``game == "whist"``, ``data-game="euchre"``: the lower-case name as a word).
Prose is free: comments, docstrings, Jinja comments, and the capitalised name in what the pages
say ("Euchre and Whist"); the game's words shown to people come from the game object.

A game's name that is also a card word (Spades and the suit spades) is the card word where the
code speaks of suits: in a sentence marked for translation (``N_("... spades were not broken
...")``: people read a suit in lower case, the game capitalised), or on a line that also names
another suit (``{"S": "spades", "H": "hearts", ...}``: a table of the four suits). Anywhere else
(``game == "spades"``, ``SpadesForm``, ``"play.spades_x"``) it is the game. The combinatorial
"whist design" (Wh(v) tournaments) and a club night's "whist drive" are terms, in identifiers
(``WHIST_DESIGN_BASES``) as in text.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from jinja2 import Environment

from scorekeeper.engine.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
NAMES = tuple(sorted(GAMES))
# Terms that hold a game's name and mean something else: a club night's "whist drive" and the
# combinatorial "whist design" (Wh(v) tournaments, engine/movements.py).
TERMS = re.compile(r"whist[ _-]?(?:drives?|designs?)", re.IGNORECASE)
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
# The games' names that are card words too, and the other suits whose company makes them one.
CARD_NAMES = tuple(g for g in NAMES if g in SUIT_WORDS)
_OTHERS = "|".join(w for w in SUIT_WORDS if w not in NAMES)
OTHER_SUITS = re.compile(rf"(?<![a-z])(?:{_OTHERS})(?![a-z])", re.IGNORECASE)
TRANSLATED = {"_", "N_", "_l", "gettext", "ngettext", "lazy_gettext"}


INSTALLED = "scorekeeper/games/__init__.py"


def _own(rel: str) -> bool:
    """A file that belongs to one game: it may name games (``INSTALLED`` is read apart)."""
    return any(rel.startswith(f"scorekeeper/games/{g}/") for g in NAMES)


def installed_lines(source: str) -> list[str]:
    """What names a game in the games' package outside its ``INSTALLED`` tuple, one line per
    game: the line ``"<name>",`` names its own game alone."""
    tree = ast.parse(source)
    lines = [node for node in ast.walk(tree) if isinstance(node, ast.AnnAssign | ast.Assign)
             and "INSTALLED" in ast.dump(node.targets[0] if isinstance(node, ast.Assign)
                                         else node.target)]
    assert len(lines) == 1, "INSTALLED: one tuple of the installed games"
    tuple_node = lines[0].value
    assert isinstance(tuple_node, ast.Tuple)
    listed = {id(e) for e in tuple_node.elts}
    rows = [source.splitlines()[e.lineno - 1].strip() for e in tuple_node.elts]
    found = [f"{row!r} is not one game on its own line" for row, e in zip(rows, tuple_node.elts,
             strict=True) if not (isinstance(e, ast.Constant) and row == f'"{e.value}",')]
    rest = ast.Module(body=[n for n in tree.body if n is not lines[0]], type_ignores=[])
    found += python_names(ast.unparse(rest))
    return found if listed else ["INSTALLED is empty"]


def _in_identifier(word: str, suits: bool = False) -> list[str]:
    word = TERMS.sub("", word.replace("_", "")).lower()
    return [g for g in NAMES if g.replace("_", "") in word
            and not (suits and g in CARD_NAMES)]


def _in_text(text: str, suits: bool = False) -> list[str]:
    text = TERMS.sub("", text)
    return [g for g in NAMES if re.search(rf"(?<![a-z]){g}(?![a-z])", text)
            and not (suits and g in CARD_NAMES)]


def _suit_lines(source: str) -> set[int]:
    """The lines (from 1) that name a suit other than a game's name: a table of suits."""
    return {no for no, line in enumerate(source.splitlines(), 1) if OTHER_SUITS.search(line)}


# --- Python: identifiers, attributes and string constants, docstrings left out ---------------


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of string statements (docstrings, and strings standing alone as comments)."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}


def python_names(source: str) -> list[str]:
    """Each game named in a module's code, with what names it."""
    tree = ast.parse(source)
    prose = _docstrings(tree)
    suit_lines = _suit_lines(source)
    sentences = {id(arg) for node in ast.walk(tree)
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                 and node.func.id in TRANSLATED for arg in node.args}
    found = []
    for node in ast.walk(tree):
        suits = getattr(node, "lineno", 0) in suit_lines
        words: list[str] = []
        if isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            words = [node.name]
        elif isinstance(node, ast.arg):
            words = [node.arg]
        elif isinstance(node, ast.keyword) and node.arg:
            words = [node.arg]
        elif isinstance(node, ast.alias):
            words = [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom):
            words = [node.module or ""]
        found += [f"{g} in {w!r}" for w in words for g in _in_identifier(w, suits)]
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in prose:
            suit_word = suits or id(node) in sentences
            found += [f"{g} in {node.value[:60]!r}" for g in _in_text(node.value, suit_word)]
    return found


# --- templates: Jinja's own lexer; names and strings in code, the markup around it -----------

_ENV = Environment(extensions=["jinja2.ext.i18n"])


def template_names(source: str) -> list[str]:
    found = []
    suit_lines = _suit_lines(source)
    for line, kind, value in _ENV.lex(source):
        suits = line in suit_lines
        if kind == "name":
            found += [f"{g} in {value!r}" for g in _in_identifier(value, suits)]
        elif kind in ("string", "data"):
            found += [f"{g} in {value.strip()[:60]!r}" for g in _in_text(value, suits)]
    return found


# --- scripts: comments out, then identifiers and strings ------------------------------------

_JS = re.compile(r"""(?P<comment>/\*.*?\*/|//[^\n]*)
                   |(?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)
                   |(?P<name>[A-Za-z_$][\w$]*)""", re.S | re.X)


def script_names(source: str) -> list[str]:
    found = []
    suit_lines = _suit_lines(source)
    for m in _JS.finditer(source):
        suits = source.count("\n", 0, m.start()) + 1 in suit_lines
        if m.group("name"):
            found += [f"{g} in {m.group('name')!r}"
                      for g in _in_identifier(m.group("name"), suits)]
        elif m.group("string"):
            found += [f"{g} in {m.group('string')[:60]!r}"
                      for g in _in_text(m.group("string"), suits)]
    return found


# --- stylesheets: comments out, then strings and names (selectors, properties, values) ---------

_CSS = re.compile(r"""(?P<comment>/\*.*?\*/)
                    |(?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
                    |(?P<name>-?[A-Za-z_][\w-]*)""", re.S | re.X)


def stylesheet_names(source: str) -> list[str]:
    """Each game named in a stylesheet's rules: a class or id (``.blank-five-hundred``,
    ``.game-whist``, ``.t-euchred``: hyphens are the separators CSS names take) or a string."""
    found = []
    suit_lines = _suit_lines(source)
    for m in _CSS.finditer(source):
        suits = source.count("\n", 0, m.start()) + 1 in suit_lines
        if m.group("name"):
            found += [f"{g} in {m.group('name')!r}"
                      for g in _in_identifier(m.group("name").replace("-", "_"), suits)]
        elif m.group("string"):
            found += [f"{g} in {m.group('string')[:60]!r}"
                      for g in _in_text(m.group("string"), suits)]
    return found


def generic_files() -> list[tuple[str, Path]]:
    files = [*(ROOT / "scorekeeper").rglob("*.py"), *(ROOT / "templates").rglob("*.html"),
             *(ROOT / "scorekeeper").rglob("*.html"), *(ROOT / "static" / "js").rglob("*.js"),
             *(ROOT / "static" / "css").rglob("*.css")]
    rels = ((p.relative_to(ROOT).as_posix(), p) for p in files)
    return sorted((rel, p) for rel, p in rels if not _own(rel))


def names_in(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return python_names(text)
    if path.suffix == ".html":
        return template_names(text)
    if path.suffix == ".css":
        return stylesheet_names(text)
    return script_names(text)


def test_no_generic_file_names_a_game() -> None:
    naming = {rel: names_in(p) for rel, p in generic_files() if rel != INSTALLED}
    naming[INSTALLED] = installed_lines((ROOT / INSTALLED).read_text(encoding="utf-8"))
    offenders = {rel: found for rel, found in naming.items() if found}
    assert not offenders, offenders


@pytest.mark.parametrize(("kind", "source", "named"), [
    ("py", 'if game == "whist":\n    pass\n', True),
    ("py", "form = EuchreHandForm()\n", True),
    ("py", "x = out.outcome.whist\n", True),
    ("py", 'def f():\n    """Euchre and whist are games."""\n', False),
    ("py", "# whist\nx = 1\n", False),
    ("py", 'label = _("Only Euchre matches can be saved")\n', False),
    ("py", 'word = "euchred"\n', False),
    ("py", 'help = "Each deal\'s trump (a whist drive)."\n', False),
    ("html", "{% if v.game == 'whist' %}x{% endif %}", True),
    ("html", '<div data-game="euchre">', True),
    ("html", "{# euchre only #}<p>{{ _('Euchre and Whist') }}</p>", False),
    ("js", 'var bowers = f.game === "euchre";', True),
    ("js", "// whist: 13 tricks\nvar per = data.pack.hand_size;", False),
    ("js", 'var w = data.words.count_whist;', True),
    # the suit spades, and the game Spades
    ("py", 'SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}\n', False),
    ("py", 'text = N_("spades were not broken yet")\n', False),
    ("py", 'if game == "spades":\n    pass\n', True),
    ("py", 'code = "play.spades_not_broken"\n', True),
    ("py", "form = SpadesHandForm()\n", True),
    ("py", 'text = "spades were not broken yet"\n', True),
    ("html", "{{ {'S': _('spades'), 'H': _('hearts')}[code] }}", False),
    ("html", "{% if code == 'S' %}{{ _('spades') }}{% elif code == 'H' %}{{ _('hearts') }}"
             "{% endif %}", False),
    ("html", "{% if game == 'spades' %}x{% endif %}", True),
    ("js", 'var suits = ["spades", "hearts", "diamonds", "clubs"];', False),
    ("js", 'var bags = f.game === "spades";', True),
    # whist designs are combinatorics, in identifiers as in text
    ("py", "from .designs import WHIST_DESIGN_BASES, is_whist_design\n", False),
    ("py", "x = WHIST_BASES\n", True),
    # stylesheets: a game's classes and ids are named in its own folder's files
    ("css", ".t-euchred { color: red; }", True),
    ("css", ".blank-five-hundred col.c-bid { width: 19%; }", True),
    ("css", "html .game-five_hundred td { height: 5mm; }", True),
    ("css", ".whist col.c-no { width: 4.5%; }", True),
    ("css", ".spades-table td { color: red; }", True),
    ("css", '.x::after { content: "whist"; }', True),
    ("css", "/* Five Hundred's bids, Spades' nils, Euchre's marks */\n.bid { gap: 6px; }", False),
    ("css", "/* a whist drive's tally card */\n.drive .c-i { width: 24mm; }", False),
    ("css", ".whist-drive td { width: 2mm; }", False),
    ("css", ".s-spades, .s-hearts, .s-diamonds, .s-clubs { color: red; }", False),
    ("css", ".pc.sH, .pc.sD { color: var(--red); }", False),
])
def test_what_counts_as_naming_a_game(kind: str, source: str, named: bool) -> None:
    check = {"py": python_names, "html": template_names, "js": script_names,
             "css": stylesheet_names}[kind]
    assert bool(check(source)) is named, check(source)


@pytest.mark.parametrize(("source", "named"), [
    ('INSTALLED: tuple[str, ...] = (\n    "euchre",\n    "whist",\n)\n', False),
    ('INSTALLED = (\n    "euchre", "whist",\n)\n', True),  # two games on a line
    ('INSTALLED = ("euchre",)\nDEFAULT = "whist"\n', True),  # a game named elsewhere
])
def test_the_installed_games_are_one_line_each(source: str, named: bool) -> None:
    assert bool(installed_lines(source)) is named, installed_lines(source)
