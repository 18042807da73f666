"""Whist's words and presets (issue 35): short and long whist start as the classic game (by
the rubber, honours counting: spec/rules.md, after Pagat; the seed 004's Bicycle game is the
American preset, no honours); Whist's pages say "deal" wherever the other games say "hand",
in English and Chinese (GLOSSARY.md: 副); the honours tag names the side that held them.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from support.helpers import euchre_hand, euchre_match, whist_match
from support.pages import START, form_of

from scorekeeper.engine.games import GAMES
from scorekeeper.web.match.homeview import preset_values

HONOURED = {"honours": True, "rubber": True}


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&amp;", "&").split())


@pytest.mark.parametrize(("preset", "rules"), [
    ("american", {}),  # Bicycle's game to 7: no honours, one game
    ("short", {"target": 5, **HONOURED}),
    ("long", {"target": 10, **HONOURED}),
])
def test_the_whist_presets_start_the_game_they_name(client, matches, preset, rules):
    token = form_of(client.get("/").get_data(as_text=True), "/start")["values"]["csrf_token"]
    r = client.post("/start", data={**START, "game": "whist", "preset_whist": preset,
                                    "csrf_token": token})
    assert r.status_code == 303
    assert matches.load(r.headers["Location"].rsplit("/", 1)[1]).match.rules == rules
    shown = preset_values(list(GAMES.values()))["preset_whist"][preset]  # "All rules" ticks
    assert shown["whist_honours"] is rules.get("honours", False)
    assert shown["whist_rubber"] is rules.get("rubber", False)


def scorer_page(app, matches, match: dict[str, Any], lang: str, path: str = "") -> str:
    match_id, key = matches.create(match)
    phone = app.test_client()
    phone.get(f"/lang/{lang}")
    phone.get(f"/m/{match_id}?key={key}")
    r = phone.get(f"/m/{match_id}{path}")
    assert r.status_code == 200
    return text(r.get_data(as_text=True))


WHIST = whist_match(hands=[{"trump": "S", "tricks_NS": 8}])
EUCHRE = euchre_match(hands=[euchre_hand("E", 3)])

# (match, language, words the page says, words it must not say)
PAGES = [
    (WHIST, "en", ["Undo deal 1 (", "Deal by deal", "Tap a deal’s number to correct it."],
     ["Undo hand", "Hands", "hand’s"]),
    (WHIST, "zh_Hant", ["復原第1副", "逐副記錄"], ["Undo", "Deal by deal"]),
    (WHIST, "zh_Hans", ["撤销第1副", "逐副记录"], ["Undo", "Deal by deal"]),
    (EUCHRE, "en", ["Undo hand 1 (", "Hands", "Tap a hand’s number to correct it."],
     ["Undo deal", "Deal by deal"]),
]


@pytest.mark.parametrize(("match", "lang", "said", "unsaid"), PAGES)
def test_whist_pages_say_deal(app, matches, match, lang, said, unsaid):
    page = scorer_page(app, matches, match, lang)
    for words in said:
        assert words in page
    for words in unsaid:
        assert words not in page


@pytest.mark.parametrize(("match", "lang", "said"), [
    (WHIST, "en", ["Correct deal 1", "Later deals are scored again"]),
    (WHIST, "zh_Hant", ["更正第1副"]),
    (EUCHRE, "en", ["Correct hand 1", "Later hands are scored again"]),
])
def test_the_correction_page_says_deal_for_whist(app, matches, match, lang, said):
    page = scorer_page(app, matches, match, lang, "/hands/1/edit")
    for words in said:
        assert words in page


HONOURS = whist_match(rules={"honours": True, "deals": 5}, hands=[
    {"trump": "S", "tricks_NS": 7, "honours_NS": held} for held in (4, 3, 2, 1, 0)])


@pytest.mark.parametrize(("teams", "lang", "said"), [
    (None, "en", ["Ann & Cai held 4 honours", "Ann & Cai held 3 honours",
                  "honours split 2–2", "Bo & Dee held 3 honours", "Bo & Dee held 4 honours"]),
    ({"NS": "Home", "EW": "Away"}, "en", ["Home held 4 honours", "Away held 3 honours"]),
    (None, "zh_Hant", ["Ann & Cai有4張榮譽牌", "Bo & Dee有3張榮譽牌"]),
    (None, "zh_Hans", ["Ann & Cai有4张荣誉牌", "Bo & Dee有4张荣誉牌"]),
])
def test_the_honours_tag_names_the_side(app, matches, teams, lang, said):
    page = scorer_page(app, matches, {**HONOURS, **({"teams": teams} if teams else {})}, lang)
    for words in said:
        assert words in page
    assert not re.search(r"\b(NS|EW) held|南北有|東西有|东西有", page)
