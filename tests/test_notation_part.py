"""The notation part (``Game.notation``, engine/parts/notation.py): the core asks a game's
notation and never names one. A tests' game given a toy notation ("otn": who took each trick) is
imported through the API and the upload form, downloaded at ``/m/<id>.otn``, linked from its
match page and read by ``scorekeeper check``, with no other file changed; a match of another
game, or an extension no game has, is a 404 in words, never a 500."""

from __future__ import annotations

import dataclasses
import io
import json
from typing import Any

import pytest
from support import one_trick
from support.helpers import SEATS, euchre_match

from scorekeeper.cli.check import check_text
from scorekeeper.engine.games import GAMES, file_notation, notation_named, problem_messages
from scorekeeper.engine.limits import MATCH_FORMAT
from scorekeeper.engine.parts.notation import Converted, Notation
from scorekeeper.engine.problems import Problem
from scorekeeper.web.forms import ImportEndings

ONLY = "Only One trick matches can be saved as OTN files."


def _recognise(data: object, name: str) -> bool:
    return name.endswith(".otn") or (isinstance(data, dict) and data.get("otn") == 1)


def _read(data: object) -> Converted:
    if not isinstance(data, dict) or not isinstance(data.get("players"), list) \
            or len(data["players"]) != 4:
        return None, [Problem("otn.bad_players", field="players")]
    seats = dict(zip("NESW", data["players"], strict=True))
    hands = [{"winner": w} for w in data.get("winners", [])]
    return {"format": MATCH_FORMAT, "game": "one_trick", "seats": seats, "hands": hands}, []


def _export(match: dict[str, Any]) -> dict[str, Any]:
    return {"otn": 1, "players": [match["seats"][s] for s in "NESW"],
            "winners": [h["winner"] for h in match.get("hands", [])]}


TOY = Notation(extension="otn", label="OTN file", only=ONLY, recognise=_recognise, read=_read,
               export=_export, messages={"otn.bad_players": "an OTN file names four players"})
TOY_FILE = {"otn": 1, "players": ["Ann", "Bo", "Cai", "Dee"], "winners": ["N", "E", "N"]}


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "one_trick", dataclasses.replace(one_trick.GAME, notation=TOY))


@pytest.mark.usefixtures("toy")
def test_the_registry_finds_a_notation_by_its_file_or_its_extension() -> None:
    assert file_notation(TOY_FILE) == (GAMES["one_trick"], TOY)
    assert file_notation({}, "x.otn") == (GAMES["one_trick"], TOY)
    assert file_notation(euchre_match()) is None  # a match file
    assert file_notation(TOY_FILE, many=True) is None  # it reads no file of several games
    assert notation_named("otn") == (GAMES["one_trick"], TOY)
    assert notation_named("egn") is not None and notation_named("egn")[0].name == "euchre"
    assert notation_named("nope") is None
    assert problem_messages()["otn.bad_players"] == "an OTN file names four players"
    assert list(ImportEndings()) == ["json", "egn", "pbn", "otn"]


@pytest.mark.usefixtures("toy")
def test_imported_through_the_api_downloaded_and_linked(client: Any) -> None:
    response = client.post("/api/matches", json=TOY_FILE)
    assert response.status_code == 201, response.get_json()
    match_id = response.get_json()["id"]
    download = client.get(f"/m/{match_id}.otn")
    assert download.status_code == 200
    assert json.loads(download.data) == TOY_FILE
    assert download.headers["Content-Disposition"] == (
        f'attachment; filename="one_trick-{match_id}.otn"')
    page = client.get(f"/m/{match_id}").get_data(as_text=True)
    assert f'href="/m/{match_id}.otn"' in page and "OTN file" in page
    assert ".egn" not in page


@pytest.mark.usefixtures("toy")
def test_a_bad_file_is_refused_in_its_notations_words(client: Any) -> None:
    response = client.post("/api/matches", json={"otn": 1, "players": ["Ann"]})
    assert response.status_code == 422, response.get_json()
    assert "an OTN file names four players" in json.dumps(response.get_json())


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
@pytest.mark.usefixtures("toy")
def test_uploaded_through_the_import_form(client: Any) -> None:
    data = {"file": (io.BytesIO(json.dumps(TOY_FILE).encode()), "night.otn")}
    response = client.post("/import", data=data, content_type="multipart/form-data")
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    match_id = response.headers["Location"].rstrip("/").split("/")[-1]
    assert client.get(f"/m/{match_id}.otn").status_code == 200
    other = {"file": (io.BytesIO(json.dumps(TOY_FILE).encode()), "night.xyz")}
    refused = client.post("/import", data=other, content_type="multipart/form-data")
    assert refused.status_code == 422
    assert "Choose a match file (.json) or a game’s own notation file." in refused.get_data(
        as_text=True)


@pytest.mark.usefixtures("toy")
@pytest.mark.parametrize(("game", "extension", "words"), [
    ("euchre", "otn", ONLY),  # another game's notation: its own refusal
    ("one_trick", "egn", "Only Euchre matches can be saved as EGN files."),
    ("euchre", "nope", None),  # no game has it
])
def test_another_games_notation_is_a_404_in_words(client: Any, game: str, extension: str,
                                                   words: str | None) -> None:
    body = euchre_match() if game == "euchre" else {
        "format": MATCH_FORMAT, "game": "one_trick", "seats": dict(SEATS)}
    match_id = client.post("/api/matches", json=body).get_json()["id"]
    response = client.get(f"/m/{match_id}.{extension}")
    assert response.status_code == 404
    if words:
        assert words in response.get_data(as_text=True)
    assert client.get(f"/m/nosuchmatch.{extension}").status_code == 404


@pytest.mark.usefixtures("toy")
def test_scorekeeper_check_reads_it() -> None:
    line, status = check_text(json.dumps(TOY_FILE), "night.otn")
    assert status == 0, line
    assert line["game"] == "one_trick" and line["score"] == {"NS": 2, "EW": 1}
    line, status = check_text(json.dumps({"otn": 1}), "bad.otn")
    assert status == 1
    assert line["errors"] == [{"hand": None, "field": "players",
                               "message": "an OTN file names four players"}]
