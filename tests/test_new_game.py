"""A new game costs one folder and one line (issue 37): in a temporary copy of the tree, the
tests' game (``tests/support/one_trick/``) is copied as it is into ``scorekeeper/games/`` under
a new name and its name added to ``INSTALLED``; nothing else changes. A fresh process then
offers it on the start page, starts it, records its hands, shows it, prints it and exports it,
and ``scorekeeper check`` reads the export."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import scorekeeper

ROOT = Path(scorekeeper.__file__).resolve().parent.parent
ONE_TRICK = Path(__file__).resolve().parent / "support" / "one_trick"
NEW = "two_trick"

# Run in the copy: everything through the app's own routes, as a browser or a script would.
PLAY = '''
import json, sys
from scorekeeper import create_app
from scorekeeper.engine.games import GAMES


def main():
    app = create_app(instance_path=sys.argv[1])
    app.config.update(TESTING=True, WTF_CSRF_ENABLED=False)
    c = app.test_client()
    out = {"games": list(GAMES), "start": 'value="NEW"' in c.get("/").get_data(as_text=True)}
    seats = {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}
    made = c.post("/api/matches", json={"format": "scorekeeper-match/1", "game": "NEW",
                                        "seats": seats}).get_json()
    auth = {"Authorization": "Bearer " + made["edit_key"]}
    for no, winner in enumerate("NESWN", 1):
        r = c.post(f"/api/matches/{made['id']}/hands", json={"winner": winner, "no": no},
                   headers=auth)
        out.setdefault("saved", []).append(r.status_code)
    page = c.get(f"/m/{made['id']}").get_data(as_text=True)
    out["page"] = ["Who took it" in page, "won 3" in page]
    out["hand"] = c.get(f"/m/{made['id']}/hands/2").status_code
    sheet = c.get(f"/m/{made['id']}/sheet").get_data(as_text=True)
    out["sheet"] = sheet.count("<tr")
    pdf = c.get(f"/m/{made['id']}/sheet.pdf")
    out["pdf"] = [pdf.status_code, pdf.data[:5].decode("latin-1")]
    exported = c.get(f"/m/{made['id']}.json")
    out["export"] = exported.status_code
    open(sys.argv[2], "wb").write(exported.data)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
'''.replace("NEW", NEW)


def copy_tree(to: Path) -> None:
    """The package, templates and static files, as a clone has them; caches left out."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for part in ("scorekeeper", "templates", "static"):
        shutil.copytree(ROOT / part, to / part, ignore=ignore)


def test_a_copied_folder_and_one_line_make_a_game(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    copy_tree(tree)
    shutil.copytree(ONE_TRICK, tree / "scorekeeper" / "games" / NEW,
                    ignore=shutil.ignore_patterns("__pycache__"))
    installed = tree / "scorekeeper" / "games" / "__init__.py"
    text = installed.read_text(encoding="utf-8")
    assert text.count('    "spades",\n') == 1
    installed.write_text(text.replace('    "spades",\n', f'    "spades",\n    "{NEW}",\n'),
                         encoding="utf-8")
    script = tmp_path / "play.py"
    script.write_text(PLAY, encoding="utf-8")
    exported = tmp_path / "exported.json"
    env = {"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    proc = subprocess.run([sys.executable, str(script), str(tmp_path / "instance"),
                           str(exported)], capture_output=True, text=True, cwd=tree, env=env,
                          timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["games"][-1] == NEW and out["start"]  # registered, offered on the start page
    assert out["saved"] == [201] * 5
    assert out["page"] == [True, True]  # its own history heading; the game over at 3–2
    assert out["hand"] == 200
    assert out["sheet"] >= 5 and out["pdf"] == [200, "%PDF-"]
    assert out["export"] == 200 and json.loads(exported.read_text())["game"] == NEW

    check = subprocess.run([sys.executable, "-m", "scorekeeper", "check", str(exported)],
                           capture_output=True, text=True, cwd=tree, env=env, timeout=120,
                           check=False)
    assert check.returncode == 0, check.stdout + check.stderr
    line = json.loads(check.stdout)
    assert line["game"] == NEW and line["over"] and line["score"] == {"NS": 3, "EW": 2}
