"""A new game costs one folder and one line (#37).

In a temporary copy of the tree, the test game's folder (``tests/support/one_trick``) is copied
under a new name into ``scorekeeper/games/`` and one line naming it is added to the installed
games; no other file changes (the test checks the copy against the tree). The real server, run
from that copy, offers it on the start page; Chromium at phone size starts it, plays it by
tapping and saves each deal; it is shown on the match and hand pages, printed (the sheet and a
real PDF) and exported as a match file that ``scorekeeper check`` of the copy accepts.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect
from support.browser import Phone, take_trick
from support.helpers import SEATS as NAMES
from support.helpers import free_port, stop_process, wait_for

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "tests" / "support" / "one_trick"
NEW = "tally_ho"  # a name no file of the tree holds: the copy's package names the game
INSTALLED = Path("scorekeeper") / "games" / "__init__.py"


def tracked_files() -> list[str]:
    """What a checkout holds: the package, the app's templates and static files, the project."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--", "scorekeeper", "templates", "static", "pyproject.toml"],
        cwd=ROOT, capture_output=True, check=True).stdout.decode()
    return [name for name in listed.split("\0") if name and (ROOT / name).is_file()]


def install_line(text: str) -> str:
    """The installed games' tuple with one more line, the new game's."""
    head, sep, tail = text.rpartition("\n)")
    assert sep, "scorekeeper/games/__init__.py has no INSTALLED tuple ending in a line ')'"
    return f'{head}\n    "{NEW}",{sep}{tail}'


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the tree with the test game's folder under a new name and its one line."""
    copy = tmp_path_factory.mktemp("tree")
    files = tracked_files()
    for name in files:
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, copy / name)
    shutil.copytree(GAME, copy / "scorekeeper" / "games" / NEW,
                    ignore=shutil.ignore_patterns("__pycache__"))
    before = (ROOT / INSTALLED).read_text(encoding="utf-8")
    (copy / INSTALLED).write_text(install_line(before), encoding="utf-8")

    # the proof that nothing else changed: every tracked file is as in the tree but one line
    changed = [name for name in files
               if (copy / name).read_bytes() != (ROOT / name).read_bytes()]
    assert changed == [str(INSTALLED)]
    diff = [line for line in difflib.unified_diff(
                before.splitlines(), (copy / INSTALLED).read_text(encoding="utf-8").splitlines(),
                lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert diff == [f'+    "{NEW}",']
    return copy


@pytest.fixture(scope="module")
def served(tree: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``scorekeeper serve`` of the copy (its package first on the path), its base URL."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONUNBUFFERED": "1",
           "SCOREKEEPER_CREATE_LIMIT": "0", "SCOREKEEPER_PDF_LIMIT": "0"}
    env.pop("SCOREKEEPER_INSTANCE", None)
    log_path = tmp_path_factory.mktemp("served") / "serve.log"
    with log_path.open("w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "serve", "--port", str(port),
             "--instance", str(tree / "instance")],
            cwd=tree, env=env, stdout=log, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        try:
            wait_for(base + "/healthz", process=proc)
            yield base
        finally:
            stop_process(proc)
    assert "Traceback" not in log_path.read_text(encoding="utf-8")



@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844},
                                      {"width": 360, "height": 640}], ids=["390", "360"])
def test_a_copied_folder_and_one_line_make_a_playable_game(
        browser, served: str, tree: Path, viewport: dict[str, int]) -> None:
    phone = Phone(browser, served, viewport=viewport)
    try:
        page = phone.goto("/")
        # the copy's package is the game: the server runs the copy, not this tree
        page.locator("#game label", has_text="One trick").click()
        expect(page.locator(f"#preset_{NEW}")).to_be_visible()
        for seat, name in NAMES.items():
            page.fill(f"#{seat}", name)
        page.get_by_role("button", name="Start match").click()
        page.wait_for_url(re.compile(r"/m/[\w-]+$"))
        match_url = page.url

        expect(page.locator("#save")).to_have_text("Save trick 1")
        take_trick(page, "N", "Save: Ann & Cai +1")
        take_trick(page, "E", "Save: Bo & Dee +1")
        take_trick(page, "N", "Save: Ann & Cai +1")
        take_trick(page, "N", "Save: Ann & Cai +1 · game!")
        expect(page.locator(".board")).to_contain_text("Ann & Cai won 3–1")
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        phone.shot(f"new-game-folder-{viewport['width']}")

        # shown: a fresh load and the hand page, in the game's own words
        page.goto(match_url)
        expect(page.locator(".pts")).to_have_text(["3", "1"])
        page.goto(match_url + "/hands/2")
        expect(page.locator("#hand-h")).to_have_text("Trick 2")

        # printed: the sheet with the game's own table, and a real PDF
        page.goto(match_url + "/sheet")
        expect(page.locator("table.one-trick tbody tr")).to_have_count(4)
        pdf = page.request.get(match_url + "/sheet.pdf")
        assert pdf.ok and pdf.body().startswith(b"%PDF"), pdf.status

        # exported: the match file names the new game, and the copy's own check accepts it
        exported = page.request.get(match_url + ".json")
        assert exported.ok, exported.status
        match = exported.json()
        assert match["game"] == NEW and len(match["hands"]) == 4
        path = tree / f"{NEW}-{viewport['width']}.json"
        path.write_text(json.dumps(match), encoding="utf-8")
        checked = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "check", str(path)], cwd=tree,
            env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True, text=True,
            check=False)
        line = json.loads(checked.stdout)
        assert checked.returncode == 0 and line["ok"], checked.stdout + checked.stderr
        assert line["winner"] == "NS"
    finally:
        phone.close()
    assert phone.foreign == [] and phone.errors == []
