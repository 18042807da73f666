"""Chinese typography in the catalogs and on the pages (issue 35).

One convention for both scripts: no space between a Han character and a number, whether the
number is written in the message (打到10分, 第2副) or filled in (第{no}副, %(n)s人並列). Chinese
type sets its own gap between Han and Western characters, and a typed space shows as an uneven
gap that also lets a line break inside "10 分". Names, values a person typed and Latin words
(JSON keys, card codes) keep their spaces: they are not numbers. After full-width punctuation
there is never a space, and a colon after Han text is the full-width ：.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po
from flask_babel import force_locale
from support.catalogs import all_catalog_files, label, strings
from support.helpers import become_organiser

from scorekeeper import ROOT
from scorekeeper.i18n import sentences

GOLDEN = ROOT / "tests" / "data" / "golden" / "matches"
HAN = r"[\u3400-\u4dbf\u4e00-\u9fff]"
FULL_WIDTH_PUNCTUATION = "。，、；：！？）」』"
# Placeholders that always hold a number (counts, hand and round numbers, scores a–b, limits,
# a bid of so many tricks).
NUMERIC = ("a b bid s n num no max count trick low high total t u page pages goal target round "
           "got size most next current r m d made called tricks played derived expected table "
           "tables")
NUMBER = (r"(?:%\((?:{0})\)[sd]|\{{(?:{0})\}}|(?<![A-Za-z0-9_.:/+\-−])\d+(?![A-Za-z0-9_.:/\-]))"
          .format("|".join(NUMERIC.split())))
SPACED_NUMBER = re.compile(rf"{HAN} {NUMBER}|{NUMBER} {HAN}")
SPACE_AFTER_PUNCTUATION = re.compile(f"[{FULL_WIDTH_PUNCTUATION}] ")
HALF_WIDTH_COLON = re.compile(rf"{HAN}:")


@pytest.mark.parametrize("path", all_catalog_files(), ids=label)
def test_every_catalog_reads_without_a_problem(path):
    # A msgid without its msgstr line made `pybabel compile` warn at every set-up
    # ("missing msgstr for msgid 'default (%(value)s)'"). Every catalog: the core's and each
    # game's.
    with path.open("rb") as f:
        read_po(f, abort_invalid=True)


@pytest.mark.parametrize(("rule", "pattern"), [
    ("no space between Han and a number", SPACED_NUMBER),
    ("no space after full-width punctuation", SPACE_AFTER_PUNCTUATION),
    ("a full-width colon after Han", HALF_WIDTH_COLON),
])
@pytest.mark.parametrize("lang", ["zh_Hant", "zh_Hans"])
def test_the_chinese_catalogs_keep_one_convention(lang, rule, pattern):
    bad = [(msgid, text) for msgid, text in strings(lang) if pattern.search(text)]
    assert bad == [], f"{lang}: {rule}: {bad[:10]}"


@pytest.mark.parametrize(("text", "found"), [
    ("打到 10 分", True), ("第 {no} 副", True), ("%(n)s 人並列", True), ("打到10分", False),
    ("以 %(a)s–%(b)s 获胜", True),
    ("日期須寫成 2026-05-29 這樣的日子", False),  # a date is not a bare number
    ("{value} 不是一張牌", False),  # a value someone typed keeps its space
    ("翻牌 {card} 不符", False), ("先寫點數再寫花色，例如 10H", False),
])
def test_what_counts_as_a_spaced_number(text, found):
    assert bool(SPACED_NUMBER.search(text)) is found


@pytest.mark.parametrize(("parts", "joined"), [
    (("Bid 0 for nil.", "Each time…"), "Bid 0 for nil. Each time…"),
    (("叫0墩即叫零墩。", "每當袋數達到10，扣100分。"), "叫0墩即叫零墩。每當袋數達到10，扣100分。"),
    (("One.", "", "Two."), "One. Two."),
    (("<b>",), "&lt;b&gt;"),
])
def test_sentences_are_joined_as_each_language_writes_them(parts, joined):
    assert str(sentences(*parts)) == joined


@pytest.fixture
def golden_ids(client) -> list[str]:
    """A match of each game (the golden files), made by the organiser."""
    client.environ_base["HTTP_AUTHORIZATION"] = become_organiser(client)["Authorization"]
    ids = []
    for name in ("euchre-full-game", "whist-rubber", "five-hundred-full-game", "spades-to-500"):
        body = (GOLDEN / f"{name}.json").read_text()
        ids.append(client.post("/api/matches", data=body,
                               content_type="application/json").get_json()["id"])
    return ids


@pytest.mark.parametrize("lang", ["zh_Hant", "zh_Hans"])
def test_no_stray_space_or_half_width_colon_on_printed_pages(client, app, golden_ids, lang):
    # Sentences joined in templates ("。 每當"), the keys under the sheets' tables
    # ("<b>叫墩</b>: 每位…。 <b>定約</b>: …") were written with " " and ": ".
    client.set_cookie("lang", lang)
    # and the match pages (Spades' bags line "超墩: …") and the hand pages' trick tables
    pages = ["/sheets/spades", "/sheets/whist", "/",
             *(f"/m/{i}{page}" for i in golden_ids for page in ("/sheet", "", "/hands/1"))]
    for url in pages:
        html = client.get(url).get_data(as_text=True)
        text = re.sub(r"<[^>]+>", "", re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S))
        spaced = SPACE_AFTER_PUNCTUATION.findall(text)
        assert spaced == [], (url, spaced)
        assert not HALF_WIDTH_COLON.search(text), (url, re.findall(rf".{{8}}{HAN}:.{{8}}", text))
    with app.test_request_context(), force_locale(lang):
        from flask import render_template_string
        shown = render_template_string("{{ _('%(label)s: %(value)s', label='北', value='Ann') }}")
    assert shown == "北：Ann"
