"""The card recorder's likely result is the game's words (issue 23): Euchre's sentences come
from its own module (``Recording.likely``, N_-marked in ``games/euchre/words.py``) and the
generic ``web/handpage.recorder_words`` hands over only what a game gives. A table of the
sentences in every language, the games that show no likely result, and a game whose makers
need tricks refused without them."""

from __future__ import annotations

import pytest
from support import one_trick

from scorekeeper.engine.games import GAMES
from scorekeeper.engine.parts.recorder import LIKELY_KEYS, Recording
from scorekeeper.web.match.handpage import recorder_words

LOCALES = {"en": "en", "zh_Hant": "zh-Hant", "zh_Hans": "zh-Hans"}

# (locale, key) -> Euchre's sentence, exactly as the recorder showed it before the move
EUCHRE = [
    ("en", "made", "Likely result: made (3 tricks or more)."),
    ("en", "march", "Likely result: a march (all 5 tricks)."),
    ("en", "defeated", "Likely result: euchred (the defenders have 3 tricks)."),
    ("en", "open", "Likely result: open (the makers need 3 tricks)."),
    ("zh_Hant", "made", "可能結果：達成（3墩或以上）。"),
    ("zh_Hant", "march", "可能結果：全墩（5墩全拿）。"),
    ("zh_Hant", "defeated", "可能結果：被扳倒（防守方已有3墩）。"),
    ("zh_Hant", "open", "可能結果：未定（叫牌方需要3墩）。"),
    ("zh_Hans", "made", "可能结果：达成（3墩或以上）。"),
    ("zh_Hans", "march", "可能结果：横扫（5墩全拿）。"),
    ("zh_Hans", "defeated", "可能结果：被逼杀（防守方已有3墩）。"),
    ("zh_Hans", "open", "可能结果：未定（叫将方需要3墩）。"),
]


def words_in(app, game, locale: str) -> dict[str, str]:
    with app.test_request_context("/", headers={"Cookie": f"lang={locale}",
                                                "Accept-Language": LOCALES[locale]}):
        return recorder_words(game.recording)


@pytest.mark.parametrize(("locale", "key", "text"), EUCHRE)
def test_euchres_likely_result_in_every_language(app, locale, key, text):
    assert words_in(app, GAMES["euchre"], locale)[key] == text


@pytest.mark.parametrize("name", ["whist", "spades", "five_hundred"])
def test_games_without_makers_need_have_no_likely_words(app, name):
    """The script shows a likely result only when the makers need tricks: the other games
    get none of its keys, and every other sentence is Euchre's (the generic words)."""
    game = GAMES[name]
    assert game.recording.makers_need == 0 and not game.recording.likely
    euchre = words_in(app, GAMES["euchre"], "en")
    words = words_in(app, game, "en")
    assert not set(LIKELY_KEYS) & set(words)
    generic = set(euchre) - set(LIKELY_KEYS) - {"need"}  # "need": who called, or trump only
    assert {k: euchre[k] for k in generic} == {k: words[k] for k in generic}
    assert words["count_teams"] == "Tricks: {ns} {a}, {ew} {b}"


def test_the_test_game_has_no_likely_words(app):
    assert not set(LIKELY_KEYS) & set(words_in(app, one_trick.GAME, "zh_Hant"))


@pytest.mark.parametrize("likely", [{}, {"made": "x", "march": "y", "defeated": "z"},
                                    {"made": "", "march": "", "defeated": "", "won": ""}])
def test_makers_need_without_all_four_sentences_is_refused(likely):
    with pytest.raises(ValueError, match="likely words"):
        Recording(caller=True, makers_need=3, likely=likely)


def test_a_game_may_give_its_own_likely_sentences(app):
    own = {k: f"{k}!" for k in LIKELY_KEYS}
    with app.test_request_context("/"):
        words = recorder_words(Recording(caller=True, makers_need=4, likely=own))
    assert {k: words[k] for k in LIKELY_KEYS} == own
