"""Dead code stays out: vulture finds no unused function, class, variable or attribute in the
package, beyond the names the templates use and the short whitelist beside this file."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WHITELIST = ROOT / "tests" / "vulture_whitelist.py"
# Flask views are found by their decorators; migrations by theirs.
DECORATORS = "@bp.*,@app.*,@migrations,@*.route,@*.errorhandler"


def template_names() -> str:
    """Every identifier the Jinja templates mention: a dataclass field read only by a template
    is used."""
    words: set[str] = set()
    games = (ROOT / "scorekeeper" / "games").rglob("*.html")  # each game's own templates
    for path in (*(ROOT / "templates").rglob("*.html"), *games):
        words.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", path.read_text(encoding="utf-8")))
    return ",".join(sorted(words))


def test_no_dead_code():
    proc = subprocess.run(
        [sys.executable, "-m", "vulture", "scorekeeper", str(WHITELIST),
         "--min-confidence", "60", "--ignore-decorators", DECORATORS,
         "--ignore-names", template_names()],
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout == ""


def test_the_whitelist_names_only_what_exists():
    """A whitelisted name that no longer exists in the package is taken off the list."""
    source = "\n".join(p.read_text(encoding="utf-8")
                       for p in (ROOT / "scorekeeper").rglob("*.py"))
    names = re.findall(r"^_\.(\w+)", WHITELIST.read_text(encoding="utf-8"), re.MULTILINE)
    assert names
    for name in names:
        assert re.search(rf"\b{name}\b", source), name
