"""Fuzzing every page form (start, record, preview, undo, correct, rematch, import, language):
never a 500, never a partial write.

CSRF is off only in this test's app (tests/test_app.py and test_security.py prove it is on).
After every request:
- the change to the database is all or nothing: exactly one of the changes the route may make
  (a new match; one more hand with its version bump; one corrected hand with a history row and
  version bumps; the last hand removed with a history row), or no change at all;
- every stored match replays cleanly, its hands numbered 1..n;
- the totals shown on /m/<id> are the replay's (``check_match``) of the stored hands.
"""

from __future__ import annotations

import io
import json
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from support.reliability import SEATS

from scorekeeper import create_app
from scorekeeper.engine.matchfile import check_match
from scorekeeper.store.db import sqlite3

SEAT_CODES = ["N", "E", "S", "W"]
junk = st.one_of(st.text(max_size=12), st.sampled_from([" ", "\t", "\u3000", "\n"]))


def maybe(*values: str) -> st.SearchStrategy[str]:
    """Mostly one of ``values``, sometimes junk."""
    good = st.sampled_from(values)
    return st.one_of(good, good, good, junk)



name = st.one_of(st.sampled_from(["Ann", "Bo", " Cai ", "", "x" * 40, "x" * 41,
                                  "<script>alert(1)</script>", '"><img src=x onerror=1>',
                                  "\u0000", "张三"]), st.text(max_size=45))

start_fields = st.fixed_dictionaries(
    {"game": maybe("euchre", "whist"), "N": name, "E": name, "S": name, "W": name},
    optional={
        "team_NS": name, "team_EW": name, "first_dealer": maybe(*SEAT_CODES),
        "preset_euchre": maybe("standard", "stick_the_dealer", "short"),
        "preset_whist": maybe("american", "short", "long"),
        "euchre_target": maybe("1", "5", "10", "0", "-3", "999", "1000"),
        "euchre_deals": maybe("", "3", "0"),
        "euchre_stick_the_dealer": maybe("y", ""),
        "euchre_lone_lead": maybe("", "dealer_left", "loner_left"),
        "whist_honours": maybe("y"),
        "whist_rubber": maybe("y"),
        "whist_target": maybe("5", "7", "1"),
    },
)
legal_euchre = st.sampled_from([{"caller": "E", "makers_tricks": "3"},
                                 {"caller": "N", "makers_tricks": "5", "alone": "y"},
                                 {"caller": "W", "makers_tricks": "1"}, {"passed": "y"}])
legal_whist = st.sampled_from([{"trump": "S", "tricks_NS": "9"}, {"tricks_NS": "4"},
                               {"tricks_NS": "7", "honours_NS": "2"}])
euchre_fields = legal_euchre | st.fixed_dictionaries(
    {},
    optional={
        "caller": maybe(*SEAT_CODES, ""), "makers_tricks": maybe("0", "1", "2", "3", "4", "5",
                                                                 "6", "-1", ""),
        "alone": maybe("y", ""), "passed": maybe("y"), "trump": maybe("S", "H", "D", "C", ""),
        "round": maybe("1", "2", "3"), "turn_up": maybe("9H", "JS", "AD", "2C", ""),
        "renege": maybe(*SEAT_CODES, ""), "defender_alone": maybe(*SEAT_CODES, ""),
        "note": st.one_of(st.text(max_size=30), st.just("n" * 201), st.just("<b>x</b>")),
    },
)
whist_fields = legal_whist | st.fixed_dictionaries(
    {},
    optional={
        "trump": maybe("S", "H", "D", "C", ""),
        "tricks_NS": maybe(*(str(n) for n in range(15)), "-1"),
        "honours_NS": maybe("0", "1", "2", "3", "4", "5"),
        "revoke_by": maybe("", "NS", "EW"), "revoke_penalty": maybe("take3", "add3", "deduct3"),
        "note": st.text(max_size=30),
    },
)
# the hidden fields: right, stale, missing or junk
offset = st.sampled_from([0, 0, 0, -1, 1, None])
submission = st.one_of(st.sampled_from(["", "same-key", "other-key"]), st.text(max_size=10),
                       st.none())

match_file = st.fixed_dictionaries(
    {"format": st.sampled_from(["scorekeeper-match/1", "x"]),
     "game": st.sampled_from(["euchre", "whist", "chess"]),
     "seats": st.one_of(st.just(dict(SEATS)), st.dictionaries(st.sampled_from(SEAT_CODES),
                                                             st.text(max_size=45)))},
    optional={"hands": st.lists(st.one_of(
        st.builds(lambda c, t: {"caller": c, "makers_tricks": t}, st.sampled_from(SEAT_CODES),
                  st.integers(-1, 6)),
        st.builds(lambda t: {"tricks_NS": t}, st.integers(0, 14)),
        st.just({"passed": True})), max_size=6),
        "rules": st.dictionaries(st.sampled_from(["target", "deals", "honours"]),
                                 st.one_of(st.integers(-1, 20), st.booleans()), max_size=2)},
)
upload = st.one_of(
    match_file.map(lambda m: json.dumps(m).encode()),
    st.binary(max_size=40),
    st.just(b'{"fileType": "egn"}'),
    st.just("\ufeff".encode() + json.dumps({"format": "scorekeeper-match/1", "game": "whist",
                                             "seats": SEATS, "hands": [{"tricks_NS": 9}]
                                             }).encode()),
)

operation = st.one_of(
    st.tuples(st.just("start"), start_fields),
    st.tuples(st.just("record"), st.tuples(euchre_fields, whist_fields, offset, submission)),
    st.tuples(st.just("preview"), st.tuples(euchre_fields, whist_fields)),
    st.tuples(st.just("undo"), st.one_of(offset, junk)),
    st.tuples(st.just("edit"), st.tuples(st.integers(0, 4), euchre_fields, whist_fields,
                                         st.one_of(offset, junk))),
    st.tuples(st.just("rematch"), st.one_of(offset, junk)),
    st.tuples(st.just("import"), st.tuples(upload, st.sampled_from(["m.json", "m.egn",
                                                                     "m.txt", ""]))),
    st.tuples(st.just("lang"), st.tuples(st.sampled_from(["en", "zh_Hant", "zh_Hans", "xx"]),
                                         st.one_of(st.sampled_from([
                                             "/", "/m/x", "//evil.example", "/\t/evil.example",
                                             "https://evil.example", "/\r\nX: y", ""]),
                                             st.text(max_size=20)))),
    st.tuples(st.just("switch"), st.integers(0, 5)),
)

FUZZ = settings(max_examples=25, deadline=None, stateful_step_count=10,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# --- the database, read directly ----------------------------------------------------------------


def snapshot(path: Path) -> dict[str, dict[Any, tuple]]:
    conn = sqlite3.connect(path)
    try:
        return {
            "matches": {r[0]: r[1:] for r in conn.execute(
                "SELECT id, data, version, edit_key_hash FROM matches")},
            "hands": {(r[0], r[1]): r[2:] for r in conn.execute(
                "SELECT match_id, no, data, version, submission_key FROM hands")},
            "history": {r[0]: r[1:] for r in conn.execute(
                "SELECT id, match_id, no, action, old, new FROM hand_history")},
            "idempotency": {(r[0], r[1]): r[2:] for r in conn.execute(
                "SELECT match_id, key, request_hash FROM idempotency")},
        }
    finally:
        conn.close()


def diff(before: dict, after: dict) -> dict[str, dict[str, set]]:
    out: dict[str, dict[str, set]] = {}
    for table in before:
        b, a = before[table], after[table]
        out[table] = {
            "added": set(a) - set(b),
            "removed": set(b) - set(a),
            "changed": {k for k in set(a) & set(b) if a[k] != b[k]},
        }
    return out


def only(d: dict[str, dict[str, set]], **allowed: int) -> bool:
    """True when the diff has exactly the given counts (``hands_added=1``) and nothing else."""
    for table, kinds in d.items():
        for kind, keys in kinds.items():
            if len(keys) != allowed.get(f"{table}_{kind}", 0):
                return False
    return True


def check_change(op: str, d: dict, before: dict, after: dict) -> None:
    """The change a request made is one whole change its route may make, or none."""
    if only(d):
        return
    if op in ("start", "import", "rematch"):
        (new_id,) = d["matches"]["added"]
        assert all(not d[t]["removed"] and not d[t]["changed"] for t in d), d
        assert not d["history"]["added"] and not d["idempotency"]["added"], d
        assert {k[0] for k in d["hands"]["added"]} <= {new_id}, d
        assert d["hands"]["added"] == {k for k in after["hands"] if k[0] == new_id}
        return
    if op == "record":
        assert d["matches"]["changed"] and len(d["matches"]["changed"]) == 1, d
        (match_id,) = d["matches"]["changed"]
        (added,) = d["hands"]["added"]
        assert added[0] == match_id
        assert after["matches"][match_id][1] == before["matches"][match_id][1] + 1
        assert added[1] == 1 + sum(1 for k in before["hands"] if k[0] == match_id)
        key = after["hands"][added][2]
        assert only(d, matches_changed=1, hands_added=1,
                    idempotency_added=1 if key is not None else 0), d
        return
    if op == "edit":
        assert only(d, matches_changed=1, hands_changed=1, history_added=1), d
        (key,) = d["hands"]["changed"]
        assert after["hands"][key][1] == before["hands"][key][1] + 1  # the hand's version
        (entry,) = d["history"]["added"]
        assert after["history"][entry][2] == "correct"
        return
    if op == "undo":
        assert only(d, matches_changed=1, hands_removed=1, history_added=1), d
        (gone,) = d["hands"]["removed"]
        assert gone[1] == sum(1 for k in before["hands"] if k[0] == gone[0])  # the last one
        (entry,) = d["history"]["added"]
        assert after["history"][entry][2] == "undo"
        return
    raise AssertionError(f"{op} changed the database: {d}")


def check_pages(client, snap: dict, shown_ids: set[str]) -> None:
    """Every stored match replays; /m/<id> shows the replay's totals (for ``shown_ids``)."""
    for match_id, (data, _version, _hash) in snap["matches"].items():
        nos = sorted(no for (m, no) in snap["hands"] if m == match_id)
        assert nos == list(range(1, len(nos) + 1)), (match_id, nos)
        hands = [json.loads(snap["hands"][(match_id, no)][0]) for no in nos]
        result = check_match({**json.loads(data), "hands": hands})
        assert result.ok, (match_id, [p.as_json() for p in result.problems])
        if match_id not in shown_ids:
            continue
        page = client.get(f"/m/{match_id}")
        assert page.status_code == 200
        shown = [int(n.replace("\u2212", "-"))  # a score below zero is written with a true minus
                 for n in re.findall(r'<p class="pts"[^>]*>(\u2212?\d+)</p>', page.get_data(True))]
        assert shown == [result.state.score["NS"], result.state.score["EW"]]


# --- the fuzz test ------------------------------------------------------------------------------


def post_data(values: dict[str, Any], next_no: int, off: Any) -> dict[str, Any]:
    data = {k: v for k, v in values.items() if v is not None}
    if isinstance(off, int):
        data["expected_no"] = str(next_no + off)
    elif isinstance(off, str):
        data["expected_no"] = off
    return data


@FUZZ
@given(game=st.sampled_from(["euchre", "whist"]), ops=st.lists(operation, min_size=1, max_size=8))
def test_page_forms_never_500_and_never_write_half(game, ops):
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False,
                          "WRITE_LIMIT_PER_MINUTE": 0}, instance_path=tmp)
        db = Path(tmp) / "scorekeeper.db"
        client = app.test_client()
        r = client.post("/start", data={"game": game, **SEATS, "first_dealer": "N",
                                        "preset_euchre": "short", "preset_whist": "short"})
        assert r.status_code == 303
        ids = [r.headers["Location"].rsplit("/", 1)[1]]
        current = ids[0]
        for op, arg in ops:
            before = snapshot(db)
            next_no = 1 + sum(1 for (m, _no) in before["hands"] if m == current)
            game_of = json.loads(before["matches"][current][0])["game"]
            base = f"/m/{current}"
            if op == "start":
                r = client.post("/start", data=arg)
            elif op == "record":
                euchre, whist, off, key = arg
                data = post_data(euchre if game_of == "euchre" else whist, next_no, off)
                if key is not None:
                    data["submission_id"] = key
                r = client.post(base + "/hands", data=data)
            elif op == "preview":
                euchre, whist = arg
                r = client.post(base + "/preview", data=post_data(
                    euchre if game_of == "euchre" else whist, next_no, 0))
                assert r.status_code != 200 or set(r.get_json()) == {"label", "errors"}
            elif op == "undo":
                r = client.post(base + "/undo", data=post_data({}, next_no - 1, arg))
            elif op == "edit":
                pick, euchre, whist, off = arg
                no = pick % next_no + (pick >= 4)  # mostly a recorded hand, sometimes not
                page = client.get(f"{base}/hands/{no}/edit")
                assert page.status_code in (200, 404)
                version = before["hands"].get((current, no), (None, 1))[1]
                r = client.post(f"{base}/hands/{no}/edit", data=post_data(
                    euchre if game_of == "euchre" else whist, version, off))
            elif op == "rematch":
                r = client.post(base + "/rematch", data=post_data({}, next_no, arg))
            elif op == "import":
                content, filename = arg
                r = client.post("/import", data={"file": (io.BytesIO(content), filename)},
                                content_type="multipart/form-data")
            elif op == "lang":
                code, target = arg
                r = client.get(f"/lang/{code}", query_string={"next": target})
                assert r.status_code == 303
                location = r.headers["Location"]
                assert location.startswith("/") and not location.startswith(("//", "/\\"))
            else:  # switch: work on another of the matches made so far
                current = ids[arg % len(ids)]
                continue
            assert r.status_code < 500, (op, arg, r.status_code)
            event(f"{op} {r.status_code}")
            after = snapshot(db)
            d = diff(before, after)
            check_change(op, d, before, after)
            ids.extend(sorted(d["matches"]["added"]))
            if r.status_code == 303 and op in ("start", "import", "rematch") and \
                    d["matches"]["added"]:
                current = r.headers["Location"].rsplit("/", 1)[1]
                assert current in d["matches"]["added"]
            touched = {current, *d["matches"]["added"], *d["matches"]["changed"]}
            check_pages(client, after, touched)
        exported = client.get(f"/m/{current}.json")
        assert exported.status_code == 200
        assert check_match(json.loads(exported.data)).ok
        assert client.get(f"/m/{current}/sheet").status_code == 200


@pytest.mark.parametrize("route", ["/hands", "/preview", "/hands/1/edit"])
@pytest.mark.parametrize(("game", "fields"), [
    ("euchre", {"caller": "E", "makers_tricks": "\t"}),
    ("euchre", {"caller": "E", "makers_tricks": "3", "round": " "}),
    ("whist", {"tricks_NS": " "}),
    ("whist", {"tricks_NS": "9", "honours_NS": "\u3000"}),
])
def test_a_blank_number_field_is_refused_not_a_500(tmp_path, game, fields, route):
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False,
                      "PROPAGATE_EXCEPTIONS": False}, instance_path=tmp_path)
    client = app.test_client()
    url = client.post("/start", data={"game": game, **SEATS}).headers["Location"]
    legal = {"caller": "E", "makers_tricks": "3"} if game == "euchre" else {"tricks_NS": "9"}
    assert client.post(url + "/hands", data={**legal, "expected_no": "1"}).status_code == 303
    before = snapshot(tmp_path / "scorekeeper.db")
    expected_no = "1" if route.endswith("edit") else "2"
    r = client.post(url + route, data={**fields, "expected_no": expected_no})
    assert r.status_code in (200, 422), r.status_code  # preview answers 200 with errors
    assert snapshot(tmp_path / "scorekeeper.db") == before
