"""The start form offers Euchre's pack and Joker options (generated from the game's options):
they appear, start a match with those rules, and a pack outside 24, 28 and 32 is refused in
words (test client, real SQLite file)."""

from __future__ import annotations

import pytest

START = {
    "game": "euchre", "N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee", "first_dealer": "N",
    "preset_euchre": "standard", "preset_whist": "american",
}


def test_the_options_appear(client):
    page = client.get("/").get_data(as_text=True)
    assert 'name="euchre_pack"' in page and 'name="euchre_joker"' in page
    assert "24 cards (9 to A), 28 (8 to A) or 32 (7 to A)." in page


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
@pytest.mark.parametrize(("form", "rules"), [
    ({"euchre_pack": "32", "euchre_joker": "y"}, {"pack": 32, "joker": True}),
    ({"euchre_pack": "28"}, {"pack": 28}),
    ({"euchre_pack": "24"}, None),  # the default is not written
])
def test_a_match_starts_with_the_pack_chosen(client, form, rules):
    r = client.post("/start", data={**START, **form})
    assert r.status_code in (302, 303), r.get_data(as_text=True)[-500:]
    match_id = r.headers["Location"].rstrip("/").split("/m/")[1].split("/")[0].split("?")[0]
    match = client.get(f"/api/matches/{match_id}").get_json()["match"]
    assert match.get("rules") == rules


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_a_pack_of_30_is_refused_in_words(client):
    r = client.post("/start", data={**START, "euchre_pack": "30"})
    assert r.status_code == 422
    assert "Rule pack must be 24, 28 or 32, got 30" in r.get_data(as_text=True)
