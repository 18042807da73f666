"""What the hand-form properties of Five Hundred and Spades share: the values a phone (or a
stranger) may post, what WTForms makes of a field (written out here, apart from the forms),
and one post through Flask's test client with the property every post must keep: a hand the
engine accepts is stored and scored as the engine scores it, anything else is refused in words
with nothing stored.

The oracle mirrors the shape checks of ``web/forms.py`` and ``web/handforms.py`` (radio
choices, blank means left out, the hidden fields' lengths, the card records' JSON), so that a
form that lets through, or turns away, what it should not fails the property.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import event
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from scorekeeper import create_app, service
from scorekeeper.engine.limits import NOTE_FORM_MAX
from scorekeeper.engine.matchfile import check_match
from scorekeeper.formats import safejson
from scorekeeper.service.match import Match
from scorekeeper.store.db import get_db
from support.pages import form_of

SEATS = ("N", "E", "S", "W")
RECORD_MAX = 4000  # handforms.RECORD_MAX, typed in: a longer card record is refused
JSON = {"Accept": "application/json"}


def app_on_file(folder: Path) -> Any:
    """An app on a real SQLite file in ``folder``, for a module's examples (a match each)."""
    return create_app({"TESTING": True, "CREATE_LIMIT": "0", "PDF_LIMIT": "0"},
                      instance_path=folder)


class Refused(Exception):
    """The form layer must refuse this post (a field it cannot take)."""


# junk a field may get instead of one of its own values
JUNK = st.one_of(
    st.sampled_from(["", " ", "\t", "None", "-1", "99", "1.5", "0x1", " 3", "3 ", "nil", "NT",
                     "6 S", "8h", "11S", "[]", "{}", "null", "true", "𝟙", "٣", "\x00"]),
    st.text(max_size=12),
)
# keys no form has (a stranger's, a typo, another game's)
STRANGE_KEYS = st.one_of(
    st.sampled_from(["bid_X", "tricks_EW", "caller ", "makers", "trump", "alone", "no", "dealer",
                     "bids", "nil_tricks", "tricks", "rules", "hands", "__proto__", ""]),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz_NESW", min_size=1, max_size=10),
)


def field_value(own: st.SearchStrategy[str]) -> st.SearchStrategy[str | None]:
    """A field left out (None), one of its own values, or junk."""
    return st.one_of(st.none(), own, own, own, JUNK)


def radio(raw: str | None, values: list[str] | tuple[str, ...]) -> str | None:
    """A radio button's value (Omitted: left out or blank is None; else one of its own)."""
    if raw is None or raw == "":
        return None
    if raw not in values:
        raise Refused(f"not a choice: {raw!r}")
    return raw


def record(raw: str | None, kind: type) -> Any:
    """A card record's hidden field (CardRecord): blank is none; else non-empty JSON of
    ``kind`` within the length."""
    text = (raw or "").strip()
    if not text:
        return None
    try:
        value = safejson.loads(text) if len(text) <= RECORD_MAX else None
    except ValueError:
        value = None
    if not isinstance(value, kind) or not value:
        raise Refused("card record")
    return value


def stripped(raw: str | None) -> str | None:
    """``forms.given``: stripped, and blank (or the text "None") is left out."""
    if raw is None:
        return None
    value = raw.strip()
    return value if value and value != "None" else None


def note(raw: str | None) -> str | None:
    """The note: Optional, then at most NOTE_FORM_MAX characters."""
    if raw is None or not raw.strip():
        return None
    if len(raw) > NOTE_FORM_MAX:
        raise Refused("note too long")
    return stripped(raw)


def records(sent: dict[str, str], hand: dict[str, Any]) -> dict[str, Any]:
    """The deal and play records added to a hand (HandForm.records)."""
    for name, kind in (("deal", dict), ("play", list)):
        value = record(sent.get(name), kind)
        if value is not None:
            hand[name] = value
    return hand


NOTES = st.one_of(st.text(max_size=20), st.just("x" * (NOTE_FORM_MAX + 1)), st.just("  "))
RECORD_JUNK = st.sampled_from(["[", "[]", "{}", "[1]", '{"N": 1}', '"AS"', "null", "[[", "x" * 20,
                               "[" * 30 + "]" * 30, "[" + "1," * 2100 + "1]"])


def finish_post(draw: Any, sent: dict[str, str | None], broken: tuple[str, ...] = ()
                ) -> tuple[dict[str, str | None], list[tuple[str, str]], bool]:
    """The rest of a drawn post: ``broken`` hidden records left out or broken, a note, keys
    no form has, and whether the page's script sends it (JSON) or the page itself."""
    for name in broken:
        sent[name] = draw(st.one_of(st.none(), st.none(), RECORD_JUNK))
    sent["note"] = draw(st.one_of(st.none(), st.none(), NOTES))
    extra = draw(st.lists(st.tuples(STRANGE_KEYS, JUNK), max_size=3))
    return sent, extra, draw(st.booleans())


@dataclass
class Table:
    """One match at the table through the test client, and what the property knows of it."""

    client: Any
    game: str
    url: str = ""
    token: str = ""
    version: str = "1"
    hands: list[dict[str, Any]] = field(default_factory=list)  # the hands stored, in order
    keys_used: set[str] = field(default_factory=set)  # submission keys of stored hands
    keys_sent: list[str] = field(default_factory=list)
    over_after: int | None = None  # the number of hands when the game ended

    def start(self, fields: dict[str, str]) -> Match:
        """Start the match through the start form; the match as stored."""
        home = self.client.get("/").get_data(as_text=True)
        token = form_of(home, "/start")["values"]["csrf_token"]
        r = self.client.post("/start", data={"game": self.game, "N": "Ann", "E": "Bo",
                                             "S": "Cai", "W": "Dee", **fields,
                                             "csrf_token": token})
        assert r.status_code == 303, r.get_data(as_text=True)[:2000]
        self.url = r.headers["Location"]
        values = form_of(self.client.get(self.url).get_data(as_text=True), "/hands")["values"]
        self.token, self.version = values.get("csrf_token", ""), values["version"]
        return self.match()

    @property
    def first(self) -> str:
        """The first dealer."""
        return self.match().first_dealer

    @property
    def match_id(self) -> str:
        return self.url.rsplit("/", 1)[1]

    def match(self) -> Match:
        with self.client.application.app_context():
            loaded = service.load(get_db(), self.match_id)
        assert loaded is not None
        return loaded.match

    def loaded(self) -> Any:
        with self.client.application.app_context():
            return service.load(get_db(), self.match_id)

    def hidden(self, draw: Any, clean: bool = True) -> dict[str, str | None]:
        """The hidden fields a post carries: as the page filled them (``clean``, now and then
        a retry or a stale page), or anything."""
        next_no = str(len(self.hands) + 1)
        if clean:
            how = draw(st.sampled_from(["page"] * 8 + ["reused", "stale"]))
            key = draw(st.sampled_from(self.keys_sent)) if how == "reused" and self.keys_sent \
                else secrets.token_urlsafe(16)
            return {"expected_no": str(len(self.hands)) if how == "stale" else next_no,
                    "submission_id": key, "version": draw(st.sampled_from([self.version, None]))}
        key = draw(st.one_of(st.just("fresh"), st.just("reused"), st.none(), st.just("long"),
                             JUNK))
        if key == "fresh" or (key == "reused" and not self.keys_sent):
            key = secrets.token_urlsafe(16)
        elif key == "reused":
            key = draw(st.sampled_from(self.keys_sent))
        elif key == "long":
            key = "k" * 101
        return {
            "expected_no": draw(st.one_of(st.just(next_no), st.none(), JUNK,
                                          st.just(str(len(self.hands))),
                                          st.just(str(len(self.hands) + 2)))),
            "submission_id": key,
            "version": draw(st.one_of(st.just(self.version), st.none(), st.just("0"),
                                      st.just("1" * 13), JUNK)),
        }

    def post(self, sent: dict[str, str | None], extra: list[tuple[str, str]], as_json: bool,
             make_hand: Callable[[dict[str, str | None]], dict[str, Any]]) -> None:
        """Post the hand form and hold the answer to the property.

        ``make_hand(sent)``: the hand the form must make of the fields (written out in the
        test), raising :class:`Refused` when the form must refuse them."""
        hidden = {k: sent.get(k) for k in ("expected_no", "submission_id", "version")}
        try:
            form_ok(hidden)
            expected: dict[str, Any] | None = make_hand(sent)
        except Refused:
            expected = None
        data = [(k, v) for k, v in sent.items() if v is not None]
        data += [(k, v) for k, v in extra if k not in sent and k != "csrf_token"]
        data.append(("csrf_token", self.token))
        before = len(self.hands)
        will = expected is not None and self.will_store(expected, hidden)
        retried = expected is not None and hidden["submission_id"] in self.keys_used
        r = self.client.post(self.url + "/hands", data=MultiDict(data),
                             headers=JSON if as_json else {})
        if hidden["submission_id"]:
            self.keys_sent.append(str(hidden["submission_id"]))
        loaded = self.loaded()
        stored = loaded.match.hand_objects
        if not will:
            answer = (r.status_code, sent, expected, r.get_data(as_text=True)[:800])
            if retried:  # a retried Save, or its key reused: done before, or refused
                assert r.status_code in ((201, 422) if as_json else (303,)), answer
            else:
                assert r.status_code in (409, 422), answer
                said_in_words(r, as_json)
            assert len(stored) == before, answer  # nothing stored
            return
        assert r.status_code == (201 if as_json else 303), (
            r.status_code, sent, expected, r.get_data(as_text=True)[:1000])
        assert len(stored) == before + 1
        assert expected is not None
        assert {k: v for k, v in stored[-1].items() if k != "dealer"} == expected
        self.hands.append(stored[-1])
        self.keys_used.add(str(hidden["submission_id"] or ""))
        self.version = str(loaded.version)
        engine = check_match({**loaded.match.as_file(), "hands": self.hands})
        assert engine.ok and engine.state is not None, engine.problems
        # the pages' state (stored, cached) is the engine's own scoring of the same hands
        assert loaded.state.as_json() == engine.state.as_json()
        api = self.client.get(f"/api/matches/{self.match_id}").get_json()["state"]
        assert api["score"] == engine.state.score and api["over"] == engine.state.over
        first = SEATS.index(loaded.match.first_dealer)
        assert [h.dealer for h in engine.state.hands] == [
            SEATS[(first + i) % 4] for i in range(len(self.hands))]  # rotation, passes too
        assert api["next_dealer"] == engine.state.next_dealer
        if not engine.state.over:
            assert engine.state.next_dealer == SEATS[(first + len(self.hands)) % 4]
        if engine.state.over and self.over_after is None:
            self.over_after = len(self.hands)

    def will_store(self, hand: dict[str, Any], hidden: dict[str, Any]) -> bool:
        """Whether the service must store ``hand`` (a form it accepts): the key fresh, the
        number and version current, the game not over, the engine accepting the hand."""
        key, no, version = (hidden["submission_id"], hidden["expected_no"], hidden["version"])
        if key in self.keys_used or self.over_after is not None:
            return False
        if stripped_int(no) != len(self.hands) + 1:
            return False
        if (seen := stripped_int(version)) is not None and seen < int(self.version):
            return False
        return check_match({**self.match().as_file(), "hands": [*self.hands, hand]}).ok


def form_ok(hidden: dict[str, str | None]) -> None:
    """The hidden fields' own checks (HandForm): a hand number, two lengths."""
    key, no, version = (hidden["submission_id"], hidden["expected_no"], hidden["version"])
    if key is not None and key.strip() and len(key) > 100:
        raise Refused("submission id too long")
    if version is not None and version.strip() and len(version) > 12:
        raise Refused("version too long")
    if no is None or not no.strip():
        raise Refused("no hand number")


def ends_once(table: Table, good: dict[str, str], fields: tuple[str, ...],
              make_hand: Callable[[dict[str, str | None]], dict[str, Any]]) -> None:
    """The game ended at one hand (none of the hands before it ended it), and a ``good``
    hand posted after the end, as the page would send it, is refused in words."""
    state = check_match({**table.match().as_file(), "hands": table.hands}).state
    assert state is not None
    assert state.over == (table.over_after is not None)
    if table.over_after is None:
        return
    assert table.over_after == len(table.hands)  # nothing was taken after the end
    before = check_match({**table.match().as_file(), "hands": table.hands[:-1]}).state
    assert before is not None and not before.over
    sent: dict[str, str | None] = dict.fromkeys(fields)
    sent |= {**good, "expected_no": str(len(table.hands) + 1),
             "submission_id": "after-the-end", "version": table.version}
    table.post(sent, [], True, make_hand)
    table.post({**sent, "submission_id": "after-the-end, on the page"}, [], False, make_hand)


def start_fields(game: str, rules: dict[str, Any]) -> dict[str, str]:
    """The start form's fields for drawn ``rules`` ("length": the target or the deals)."""
    fields = {k: v for k, v in rules.items() if k != "length" and v is not None}
    name, value = rules["length"]
    if name is not None:
        fields[f"{game}_{name}"] = value
    return fields


def play(app: Any, game: str, rules: dict[str, Any], data: Any, posts: Any,
         make_hand: Callable[[dict[str, str | None]], dict[str, Any]]
         ) -> tuple[Table, Match]:
    """A match started with ``rules``, then one to nine drawn posts of its hand form, each
    held to the property (:meth:`Table.post`); the table and the match as started."""
    table = Table(app.test_client(), game)
    match = table.start(start_fields(game, rules))
    for _post in range(data.draw(st.integers(1, 9), label="posts")):
        sent, extra, as_json = data.draw(posts(table), label="post")
        table.post(sent, extra, as_json, make_hand)
    event(f"hands stored: {len(table.hands)}; over: {table.over_after is not None}")
    return table, match


def stripped_int(text: str | None) -> int | None:
    """Python's int() of a hidden field, as hands.py reads them; None when it is no number."""
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


def said_in_words(r: Any, as_json: bool) -> None:
    """A refusal is a sentence: no code, no hole left unfilled, no traceback."""
    if as_json:
        body = r.get_json()
        assert isinstance(body, dict) and body.get("status"), body
        words = str(body.get("message") or "")
    else:
        page = r.get_data(as_text=True)
        found = re.findall(r'<p class="(?:err|flash[^"]*)"[^>]*>(.*?)</p>', page, re.S)
        assert found, page[:1500]
        words = " ".join(found)
    assert re.search(r"[A-Za-z]{3,} [A-Za-z]{2,}", words), words
    assert "%(" not in words and "{" not in words and "Traceback" not in words, words
    assert not re.search(r"\b[a-z_]+\.[a-z_]+\b", words), words  # a problem code left raw
