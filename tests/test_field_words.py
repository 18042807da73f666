"""The problems' field words come from the games (issue 23): the generic fields (dealer, note,
...) are worded in ``i18n/labels.FIELD_WORDS``, each game's own in its module
(``Game.field_words``, N_-marked), joined by ``i18n.messages.field_words``. A table of every
field in English and both Chinese scripts, exactly as when labels.py listed them all; the
games agree on a field they share; a game registered later brings its own."""

from __future__ import annotations

import dataclasses

import pytest
from support import one_trick

from scorekeeper.engine import games
from scorekeeper.engine.games import GAMES, resolve_rules
from scorekeeper.engine.match import replay
from scorekeeper.i18n.labels import FIELD_WORDS
from scorekeeper.i18n.messages import field_words, problem_message, translate_param

# The one list labels.py held before the move: the join must give exactly these.
BEFORE = {
    "dealer": "dealer", "caller": "caller", "round": "round", "turn_up": "turn-up",
    "trump": "trump", "alone": "alone", "defender_alone": "defender alone",
    "makers_tricks": "makers' tricks", "passed": "passed", "renege": "renege",
    "discard": "discard", "deal": "the deal", "play": "the tricks", "note": "note",
    "tricks_NS": "NS tricks", "honours_NS": "NS honours", "revoke": "revoke", "bid": "bid",
    "kitty": "the kitty",
    # Bridge's, added with it (#38)
    "contract": "contract", "declarer": "declarer", "tricks": "tricks", "honours": "honours",
    "lead": "opening lead", "claim": "claim",
}

# (field, the game that words it or None: generic, zh_Hant, zh_Hans)
CASES = [
    ("dealer", None, "發牌者", "发牌者"),
    ("note", None, "備註", "备注"),
    ("makers_tricks", "euchre", "叫牌方墩數", None),
    ("defender_alone", "euchre", "單打防守者", None),
    ("honours_NS", "whist", "南北榮譽牌", None),
    ("tricks_NS", "whist", "南北墩數", None),
    ("tricks_NS", "spades", "南北墩數", None),
    ("kitty", "five_hundred", None, None),
    ("bid", "five_hundred", None, None),
]


def in_locale(app, locale: str, fn, *args):
    with app.test_request_context("/", headers={"Cookie": f"lang={locale}"}):
        return fn(*args)


def test_the_join_is_the_list_labels_held():
    assert field_words() == BEFORE


@pytest.mark.parametrize(("name", "game", "hant", "hans"), CASES)
def test_a_field_in_every_language(app, name, game, hant, hans):
    owner = FIELD_WORDS if game is None else GAMES[game].field_words
    assert owner[name] == BEFORE[name]
    assert in_locale(app, "en", translate_param, "field", name) == BEFORE[name]
    zh_hant = in_locale(app, "zh_Hant", translate_param, "field", name)
    zh_hans = in_locale(app, "zh_Hans", translate_param, "field", name)
    assert zh_hant != BEFORE[name] and zh_hans != BEFORE[name]  # translated
    if hant:
        assert zh_hant == hant
    if hans:
        assert zh_hans == hans


def test_the_generic_words_name_no_games_own_field():
    own = {f for g in GAMES.values() for f in g.field_words}
    assert not own & set(FIELD_WORDS)


def test_games_agree_on_a_field_they_share():
    seen: dict[str, str] = {}
    for game in GAMES.values():
        for name, word in game.field_words.items():
            assert seen.setdefault(name, word) == word, (game.name, name)


def test_a_problem_names_a_games_field_in_chinese(app):
    hand = {"trump": "S", "tricks_NS": 7, "honours_NS": "four"}
    state = replay("whist", resolve_rules("whist", {"honours": True})[0], [hand], "N")
    problem = next(p for p in state.problems if p.field == "honours_NS")
    # English is the engine's own message (the API's and the CLI's), the field as written
    assert in_locale(app, "en", problem_message, problem) == problem.message
    chinese = in_locale(app, "zh_Hant", problem_message, problem)
    assert chinese == '南北榮譽牌必須是整數，而不是 "four"'



def test_a_game_registered_later_brings_its_field_words(app, monkeypatch):
    game = dataclasses.replace(one_trick.GAME, field_words={"winner": "winner of the trick"})
    monkeypatch.setitem(games.GAMES, "one_trick", game)
    assert field_words()["winner"] == "winner of the trick"
    assert in_locale(app, "en", translate_param, "field", "winner") == "winner of the trick"
