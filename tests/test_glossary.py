"""One Chinese glossary (issue 24): each catalog uses the words of
``scorekeeper/translations/GLOSSARY.md`` for its script and never the other script's word or a
variant the glossary turned down (叫牌方 for the makers in zh_Hans, 橫掃 for a march in zh_Hant)."""

from __future__ import annotations

import re

import pytest
from support.catalogs import TRANSLATIONS, strings

GLOSSARY = (TRANSLATIONS / "GLOSSARY.md").read_text(encoding="utf-8")

# The glossary's word (kept), and the variants of the same idea that the catalog must not use.
CHOSEN = {
    "zh_Hant": {
        "叫牌方": ["叫將方", "叫将方"],  # makers
        "全墩": ["橫掃", "横扫"],  # march
        "單打": ["單幹", "单干", "单打"],  # alone
        "被扳倒": ["被逼殺", "被逼杀"],  # euchred
        "王牌": ["將牌", "将牌"],  # trump
        "鬼牌": ["百搭"],  # the Joker
        "發牌者": ["莊家", "庄家"],  # dealer
        "全員不叫": ["全員Pass", "全部過牌", "全部过牌"],  # everyone passed (no Latin word)
    },
    "zh_Hans": {
        "叫将方": ["叫牌方"],
        "横扫": ["全墩", "橫掃"],
        "单干": ["单打", "單打"],
        "被逼杀": ["被扳倒", "扳倒"],
        "将牌": ["王牌"],
        "百搭牌": ["鬼牌"],
        "发牌者": ["庄家", "莊家"],
        "全部过牌": ["全员Pass", "全员不叫", "全員不叫"],
    },
}
# zh_Hans says 叫将 for Euchre's call and keeps 叫牌 for a bid (Five Hundred): a message about
# calls, the caller or the makers that says nothing of a bid never says 叫牌 there.
EUCHRE_CALL = re.compile(r"\b(call|calls|called|caller|makers)\b", re.I)
# Bridge's declarer is 莊家 / 庄家 (the word of Chinese bridge writing), which is the dealer's
# rejected variant everywhere else: a message about the declarer may say it, and must.
DECLARER = re.compile(r"\bdeclar(er|ers|er's|e|ed|ing)\b", re.I)
DECLARER_NOUN = re.compile(r"\bdeclarer")  # lower case: "the Declarer tag" is PBN's tag name
DECLARER_WORD = {"zh_Hant": "莊家", "zh_Hans": "庄家"}  # and 莊家方, declarer's side
A_BID = re.compile(r"\bbids?\b", re.I)


@pytest.mark.parametrize("lang", sorted(CHOSEN))
def test_the_catalog_uses_the_glossarys_word_and_no_variant(lang):
    found = [(word, msgid) for msgid, text in strings(lang)
             for kept, rejected in CHOSEN[lang].items() for word in rejected
             if word in text.replace(kept, "").replace(f"{DECLARER_WORD[lang]}方", "")
             and not (word == DECLARER_WORD[lang] and DECLARER.search(msgid))]
    assert found == []
    for kept in CHOSEN[lang]:  # the word chosen is the glossary's, and the catalog uses it
        assert kept in GLOSSARY, kept
        assert any(kept in text for _, text in strings(lang)), kept


def test_simplified_says_jiaojiang_for_euchres_call_and_jiaopai_for_a_bid():
    wrong = [msgid for msgid, text in strings("zh_Hans")
             if "叫牌" in text and EUCHRE_CALL.search(msgid) and not A_BID.search(msgid)
             and "Five Hundred" not in msgid]
    assert wrong == []


@pytest.mark.parametrize("lang", sorted(DECLARER_WORD))
def test_the_declarer_is_zhuangjia_and_the_dealer_never_is(lang):
    """Bridge's declarer is 莊家 / 庄家; the same word for the dealer (發牌者) is refused above."""
    about = [(msgid, text) for msgid, text in strings(lang) if DECLARER_NOUN.search(msgid)]
    assert about, "no message speaks of the declarer"
    assert [m for m, text in about if DECLARER_WORD[lang] not in text] == []
