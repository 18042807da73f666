"""The browser tests wait in ways the pages' CSP allows (issue 35).

Playwright's ``wait_for_function`` runs its string through the page's ``eval``: an expression
("window.SK && SK.online") on every poll, which the CSP (no 'unsafe-eval') refuses once the
condition is not true at once; a function ("() => ...") is evaluated once, by the first call
that DevTools allows, and then called. So every string given to it must be a function."""

from __future__ import annotations

import ast
import re
from pathlib import Path

BROWSER = Path(__file__).resolve().parent / "browser"
FUNCTION = re.compile(r"^\s*(?:async\s+)?(?:function\b|\(?[\w\s,\[\]{}]*\)?\s*=>)")


def string_of(node: ast.expr, names: dict[str, str]) -> str | None:
    """The string a call was given: a literal (Python joins adjacent ones) or a module's
    constant named; else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return names.get(node.id)
    return None


def waits() -> list[tuple[str, int, str]]:
    found = []
    for path in sorted(BROWSER.glob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        names = {t.id: a.value.value for a in tree.body if isinstance(a, ast.Assign)
                 and isinstance(a.value, ast.Constant) and isinstance(a.value.value, str)
                 for t in a.targets if isinstance(t, ast.Name)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "wait_for_function" and node.args):
                text = string_of(node.args[0], names)
                found.append((path.name, node.lineno, text if text is not None else "<code>"))
    return found


def test_the_function_pattern_tells_functions_from_expressions() -> None:
    cases = {"() => window.SK && SK.online": True, "p => caches.match(p)": True,
             "(a, b) => a": True, "function () { return 1; }": True,
             "([sel, words]) => !!sel": True, "({ id }) => id": True,
             "async () => 1": True, "window.SK && SK.online": False,
             "navigator.serviceWorker.controller !== null": False}
    assert {text: bool(FUNCTION.match(text)) for text in cases} == cases


def test_every_wait_for_function_is_given_a_function() -> None:
    found = waits()
    assert found, "no wait_for_function found: the scan is looking in the wrong place"
    expressions = [w for w in found if not FUNCTION.match(w[2])]
    assert expressions == [], expressions
