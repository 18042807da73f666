"""Issue 22's players findings through the real server (`scorekeeper serve`, gunicorn, a real
SQLite file): the organiser key printed at start and by `scorekeeper organiser-key`, a
stranger's rename and merge refused with nothing changed, the organiser's merge and undo with
every figure back, opponents never merged, `--new` ending the old key."""

from __future__ import annotations

import html as htmllib
import re
import subprocess
import sys

from support.helpers import euchre_match
from support.player_figures import differences, figures
from support.reliability import ROOT, Phone, api, db_path, form_values
from support.stats_data import MATCH_A, MATCH_B, MATCH_C

HOW = "Renaming and merging players needs the organiser's right"
MATCH_D = euchre_match(seats={"N": "Bob", "E": "Gus", "S": "Hal", "W": "Ivy"}, date="2026-03-01",
                       hands=[{"caller": "N", "makers_tricks": 5}])


def printed_key(text: str) -> str:
    found = re.findall(r"Organiser key \(rename and merge players\): (\S+)", text)
    assert found, text
    return found[-1]


def organiser_key(instance, *args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "organiser-key", "--instance",
                           str(instance), *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, check=True)
    return printed_key(done.stdout)


def test_players_rights_merge_undo_and_refusals_on_the_real_server(serve, tmp_path):
    proc = serve()
    base, phone = proc.base, Phone(proc.base)
    key = printed_key(proc.log_path.read_text())
    assert f"{base}/organiser?key={key}" in proc.log_path.read_text()
    assert organiser_key(proc.instance) == key  # the command shows the same key again
    ids: dict[str, str] = {}
    for match in (MATCH_A, MATCH_B, MATCH_C, MATCH_D):
        status, body, _h = api(base, "POST", "/api/matches", match)
        assert status == 201, body
        ids.update({p["name"]: p["id"] for p in body["players"].values()})
    players = sorted(ids.values())

    def get(path: str) -> bytes:
        status, body, _h = Phone(base).get(path)
        return f"{status} ".encode() + body.encode()

    def now() -> dict:
        return figures(get, players, db_path(proc))

    start = now()
    # a stranger: the API and the page refuse, nothing changes
    for method, path, body in (("PATCH", f"/api/players/{ids['Bo']}", {"name": "Mallory"}),
                               ("POST", f"/api/players/{ids['Bo']}/merge", {"into": ids["Ann"]}),
                               ("POST", "/api/players/changes/1/undo", None)):
        status, answer, _h = api(base, method, path, body)
        assert status == 403 and answer["errors"][0]["message"].startswith(HOW)
    csrf = form_values(phone.get("/organiser")[1], "/organiser")["csrf_token"]
    status, html, _h = phone.post(f"/players/{ids['Bob']}/merge",
                                  {"into": ids["Bo"], "confirm": "yes", "csrf_token": csrf})
    assert status == 403 and HOW in htmllib.unescape(html)
    assert HOW in htmllib.unescape(phone.get(f"/players/{ids['Bo']}")[1])
    assert differences(start, now()) == []
    # the organiser: opponents refused with the match named, a merge and its undo
    status, answer, _h = api(base, "POST", f"/api/players/{ids['Bo']}/merge",
                             {"into": ids["Ann"]}, key=key)
    assert status == 422
    assert answer["errors"][0]["message"].startswith(
        "Bo and Ann sat at the same table on 2026-01-10 (N Ann, E Bo, S Cai, W Dee)")
    assert differences(start, now()) == []
    status, answer, _h = api(base, "POST", f"/api/players/{ids['Bob']}/merge",
                             {"into": ids["Bo"]}, key=key)
    assert status == 200 and answer["matches"]["played"] == 4, answer
    assert differences(start, now()) != []
    status, undone, _h = api(base, "POST", f"/api/players/changes/{answer['change']['id']}/undo",
                             key=key)
    assert status == 200 and undone["change"]["undone_at"], undone
    assert differences(start, now()) == []
    # the organiser's phone keeps the right in its cookie, until a new key is made
    status, _html, headers = phone.get(f"/organiser?key={key}")
    assert status == 303 and "HttpOnly" in headers["set-cookie"]
    assert f'action="/players/{ids["Bo"]}/rename"' in phone.get(f"/players/{ids['Bo']}")[1]
    new = organiser_key(proc.instance, "--new")
    assert new != key
    assert HOW in htmllib.unescape(phone.get(f"/players/{ids['Bo']}")[1])
    status, _a, _h = api(base, "PATCH", f"/api/players/{ids['Bo']}", {"name": "X"}, key=key)
    assert status == 403
