"""English, Traditional and Simplified Chinese: complete catalogs, pages, problems and PDFs.

The catalog test extracts the messages from the current sources (as ``pybabel extract`` does,
with ``scorekeeper/babel.cfg``), splits them as ``python -m scorekeeper.i18n.extract`` does (a
game's own words in its folder's catalogs, the rest in the core's) and fails for any msgid
without a Chinese translation in its catalog: after marking a new string, run the steps in
``scorekeeper/translations/GLOSSARY.md``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from flask_babel import force_locale
from support.catalogs import catalog_files, label, messages, read

from scorekeeper import ROOT
from scorekeeper.engine.matchfile import check_match
from scorekeeper.engine.problems import Problem
from scorekeeper.games.euchre.egn.messages import EGN_MESSAGES
from scorekeeper.i18n import extract as catalog_tool
from scorekeeper.i18n.catalogs import (
    compile_catalog,
    ensure_compiled,
    translation_folders,
    wtforms_translations,
)
from scorekeeper.i18n.messages import problem_message

TRANSLATIONS = ROOT / "scorekeeper" / "translations"
CHINESE = ("zh_Hant", "zh_Hans")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\{|\}\}|\{\w*\}")
# Ways to ask for a language: (headers, cookie value, the locale expected).
ASKS = [
    pytest.param({"Accept-Language": "zh-TW,zh;q=0.9,en;q=0.5"}, None, "zh_Hant", id="zh-TW"),
    pytest.param({"Accept-Language": "zh-CN,zh;q=0.9"}, None, "zh_Hans", id="zh-CN"),
    pytest.param({"Accept-Language": "en-US,en;q=0.9"}, "zh_Hant", "zh_Hant", id="cookie-Hant"),
    pytest.param({"Accept-Language": "zh-HK"}, "zh_Hans", "zh_Hans", id="cookie-Hans"),
]
# Words of the UI in each language, and characters that belong to only one script.
BRAND = {"zh_Hant": "牌局記分", "zh_Hans": "牌局记分"}
ONLY_SIMPLIFIED = "记发这页计赛队将轮过乐点击张数录赢胜结"
ONLY_TRADITIONAL = "記發這頁計賽隊輪過點擊張數錄贏勝結"
NAMES = {"N": "蔡文姬", "E": "Zoë", "S": "李白", "W": "王維"}
# English in a Chinese page that is not UI text (names of formats, card codes ...).
ALLOWED_ENGLISH = {"Euchre", "Whist", "Scorekeeper", "PDF", "JSON", "Pass"}
PROPER_NAMES = ("Euchre Game Notation", "Euchre Match Notation")


def key(message: Any) -> tuple[str | None, str]:
    ident = message.id[0] if isinstance(message.id, tuple) else message.id
    return message.context, ident


def strings(message: Any) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


# --- catalogs ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def templates() -> dict[Path, Any]:
    """Each catalog folder's messages, as the catalog tool splits the current sources."""
    return catalog_tool.split(catalog_tool.extract(), catalog_tool.parts())


@pytest.fixture(scope="module")
def template(templates: dict[Path, Any]) -> list[Any]:
    return [m for found in templates.values() for m in found if m.id]


@pytest.mark.parametrize("locale", CHINESE)
def test_every_message_is_translated(templates: dict[Path, Any], locale: str) -> None:
    """In its own catalog: a game's words in its folder's, the others in the core's."""
    missing, fuzzy, empty = [], [], []
    for folder, found in templates.items():
        po = folder / locale / "LC_MESSAGES" / "messages.po"
        translated = {key(m): m for m in read(po, locale) if m.id} if po.is_file() else {}
        where = po.relative_to(ROOT).as_posix()
        for message in found:
            if not message.id:
                continue
            held = translated.get(key(message))
            if held is None:
                missing.append((where, key(message)))
            elif held.fuzzy:
                fuzzy.append((where, key(message)))
            elif not all(strings(held)):
                empty.append((where, key(message)))
    hint = "run python -m scorekeeper.i18n.extract (scorekeeper/translations/GLOSSARY.md)"
    assert not missing, f"{len(missing)} msgids not in their {locale} catalog ({hint}): {missing}"
    assert not fuzzy, f"fuzzy in {locale}: {fuzzy}"
    assert not empty, f"untranslated in {locale}: {empty}"


CHINESE_CATALOGS = [path for locale in CHINESE for path in catalog_files(locale)]


@pytest.mark.parametrize("path", CHINESE_CATALOGS, ids=label)
def test_translations_keep_their_placeholders(path: Path) -> None:
    cat = read(path, path.parent.parent.name)
    assert not list(cat.check()), "Babel's checks (python-format) failed"
    for message in cat:
        if not message.id:
            continue
        ident = message.id[0] if isinstance(message.id, tuple) else message.id
        want = sorted(set(PLACEHOLDER.findall(ident)))
        for text in strings(message):
            assert sorted(set(PLACEHOLDER.findall(text))) == want, (ident, text)
        assert "%%" not in ident or all("%%" in s for s in strings(message))


@pytest.mark.parametrize("path", CHINESE_CATALOGS, ids=label)
def test_the_catalogs_say_their_plural_rules(path: Path) -> None:
    locale = path.parent.parent.name
    cat = read(path, locale)
    assert cat.num_plurals == 1
    assert str(cat.locale) == locale


def test_egn_problems_word_themselves_and_leave_the_engine_table_alone() -> None:
    """The EGN importer's wording is its own (no registration at import): an egn.* problem reads
    the same whatever was imported first, and the engine's table holds no egn.* code."""
    from scorekeeper.engine.messages import MESSAGES
    from scorekeeper.games.euchre.egn.messages import EgnProblem

    assert not [code for code in MESSAGES if code.startswith("egn.")]
    problem = EgnProblem("egn.bad_players", field="metadata.players", params={"count": 3})
    assert problem.message == "a game needs exactly 4 players, but 3 are listed"
    assert problem.as_json() == {"hand": None, "field": "metadata.players",
                                 "message": "a game needs exactly 4 players, but 3 are listed"}


def test_ensure_compiled_writes_missing_and_stale_catalogs(tmp_path: Path) -> None:
    for locale in CHINESE:
        folder = tmp_path / locale / "LC_MESSAGES"
        folder.mkdir(parents=True)
        shutil.copy(TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po", folder)
    written = ensure_compiled(str(tmp_path))
    assert sorted(p.parent.parent.name for p in written) == sorted(CHINESE)
    assert ensure_compiled(tmp_path) == []  # up to date: nothing to do
    po = tmp_path / "zh_Hans" / "LC_MESSAGES" / "messages.po"
    mo = po.with_suffix(".mo")
    os.utime(mo, (1, 1))  # a .mo older than its .po is compiled again
    assert ensure_compiled([tmp_path]) == [mo]
    assert mo.read_bytes() == compile_catalog(po).read_bytes()
    assert not list(tmp_path.glob("*/LC_MESSAGES/.*.tmp"))


def test_ensure_compiled_survives_a_broken_folder(tmp_path: Path) -> None:
    assert ensure_compiled(tmp_path / "nowhere") == []


def test_the_repository_catalogs_are_compiled() -> None:
    """``.ci/setup`` (or ``ensure_compiled``) leaves a .mo beside each .po, the core's and
    every game's."""
    ensure_compiled()
    folders = translation_folders()
    assert len(folders) > 1, "no game's catalogs"
    for folder in folders:
        for locale in (*CHINESE, "en"):
            assert (folder / locale / "LC_MESSAGES" / "messages.mo").is_file()


# --- problems ---------------------------------------------------------------------------------


ROUND2 = Problem("hand.round2_trump", field="trump", params={"suit": "hearts"}, hand=3)
NOT_HELD = Problem("play.not_held", field="play", params={"seat": "N", "card": "9♥"}, trick=2)


@pytest.mark.parametrize(("locale", "expected"), [
    ("zh_Hant", "第二輪不能叫紅心：紅心已被拒絕"),
    ("zh_Hans", "第二轮不能叫红心：红心已被拒绝"),
    ("en", "round 2 can't name hearts: hearts was turned down"),
])
def test_problem_message_translates_an_engine_error(app: Any, locale: str, expected: str) -> None:
    with app.test_request_context("/"), force_locale(locale):
        assert problem_message(ROUND2) == expected


def test_problem_message_translates_seats_and_keeps_cards(app: Any) -> None:
    with app.test_request_context("/"):
        with force_locale("zh_Hant"):
            assert problem_message(NOT_HELD) == "北家打出9♥，但手上沒有這張"
        with force_locale("zh_Hans"):
            assert problem_message(NOT_HELD) == "北家打出 9♥，但手上没有这张"
        with force_locale("en"):
            assert problem_message(NOT_HELD) == NOT_HELD.message


def test_problem_message_of_a_real_illegal_hand(app: Any) -> None:
    match = {"format": "scorekeeper-match/1", "game": "euchre", "seats": NAMES,
             "hands": [{"caller": "E", "round": 2, "turn_up": "9H", "trump": "H",
                        "makers_tricks": 3}, {"caller": "Q", "makers_tricks": 9}]}
    result = check_match(match)
    assert not result.ok
    headers = {"Accept-Language": "zh-TW"}
    with app.test_request_context("/", headers=headers):
        texts = [problem_message(p) for p in result.problems]
    assert "第二輪不能叫紅心：紅心已被拒絕" in texts
    assert all(re.search(r"[\u4e00-\u9fff]", t) for t in texts), texts


def test_problem_message_words_egn_problems_in_every_language(app: Any) -> None:
    problem = Problem("egn.bad_players", field="metadata.players", params={"count": 3})
    with app.test_request_context("/"):
        with force_locale("en"):
            assert problem_message(problem) == "a game needs exactly 4 players, but 3 are listed"
        with force_locale("zh_Hant"):
            assert problem_message(problem) == "一局需要正好4位玩家，但列出了3位"


@pytest.mark.parametrize(("problem", "hant"), [
    (Problem("hand.bad_seat", params={"field": "caller", "value": '"Q"'}),
     '叫牌者必須是座位（N、E、S 或 W），而不是 "Q"'),
    (Problem("hand.wrong_dealer", params={"expected": "E", "value": "S", "field": "dealer"}),
     "這一副的發牌者是東家（發牌順時針輪替），不是南家"),
    (Problem("hand.revoke_mismatch", params={"side": "NS", "declared": "EW"}),
     "牌譜顯示違規不跟的是南北，不是東西"),
    (Problem("play.unavailable", params={"card": "9♥", "seat": "W", "why": "turned down"}),
     "9♥不能打出：它是被拒絕的翻牌"),
    (Problem("rules.bad_value", params={"name": "lone_lead", "value": '"x"',
                                        "expected": "dealer_left or loner_left"}),
     '規則 lone_lead 必須是dealer_left 或 loner_left，而不是 "x"'),
    (Problem("rules.bad_value", params={"name": "target", "value": "0",
                                        "expected": "a whole number of at least 1"}),
     "規則 target 必須是不小於1的整數，而不是 0"),
    (Problem("match.unknown_key", params={"key": "N"}), "不明的鍵「N」（請檢查拼寫）"),
    (Problem("hand.card_not_in_deck", params={"card": "2♣", "game": "euchre"}),
     "2♣不在尤克牌的牌組裡"),
    (Problem("egn.not_object", params={"kind": "a list"}),
     "EGN 檔應是一個 JSON 物件，但這個檔案是一個列表"),
])
def test_problem_params_that_are_words_are_translated(app: Any, problem: Problem,
                                                      hant: str) -> None:
    with app.test_request_context("/"), force_locale("zh_Hant"):
        assert problem_message(problem) == hant


def test_problem_message_never_fails(app: Any) -> None:
    broken = Problem("hand.round2_trump", params={})  # a param is missing
    unknown = Problem("no.such_code", params={"x": 1})
    with app.test_request_context("/"), force_locale("zh_Hant"):
        assert problem_message(broken) == broken.message
        assert problem_message(unknown) == unknown.message
    assert problem_message(ROUND2) == ROUND2.message  # no request: English


def test_every_engine_template_formats_in_chinese(app: Any) -> None:
    """Each translated template takes the same params as the English one."""
    from scorekeeper.engine.games import problem_messages
    from scorekeeper.i18n.messages import template_for

    for code in (*problem_messages(), *EGN_MESSAGES):
        names = re.findall(r"(?<!\{)\{(\w+)\}", template_for(code) or "")
        problem = Problem(code, params={n: "9♥" for n in names})
        with app.test_request_context("/"), force_locale("zh_Hans"):
            text = problem_message(problem)
        assert text != problem.message, code
        assert re.search(r"[\u4e00-\u9fff]", text), (code, text)


BAD_IMPORT = {"format": "scorekeeper-match/1", "game": "euchre", "seats": NAMES,
              "hands": [{"caller": "E", "round": 2, "turn_up": "9H", "trump": "H",
                         "makers_tricks": 3}]}


def test_the_api_answers_in_english_by_default(client: Any) -> None:
    """The API is a contract for scripts: without Accept-Language its messages are English."""
    r = client.post("/api/matches", json=BAD_IMPORT)
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["message"] == \
        "round 2 can't name hearts: hearts was turned down"


def test_the_api_answers_in_the_language_asked_for(client: Any) -> None:
    r = client.post("/api/matches", json=BAD_IMPORT, headers={"Accept-Language": "zh-TW"})
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["message"] == "第二輪不能叫紅心：紅心已被拒絕"


# --- pages ------------------------------------------------------------------------------------


def visible(html: str) -> str:
    """Text a person sees or hears: tag text plus title, aria-label and placeholder values."""
    attrs = re.findall(r'(?:title|aria-label|placeholder|data-fmt)="([^"]*)"', html)
    body = re.sub(r"<script.*?</script>|<style.*?</style>", " ", html, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", body)
    return re.sub(r"\s+", " ", " ".join([text, *attrs])).replace("&amp;", "&")


@pytest.fixture(scope="module")
def english_ui(template: Any) -> list[str]:
    """Pieces of English UI text: each msgid's words between its placeholders."""
    zh = {key(m): strings(m)[0] for m in messages("zh_Hant")}
    pieces = set()
    for message in template:
        if not message.id or zh.get(key(message)) == key(message)[1]:
            continue
        ident = message.id[0] if isinstance(message.id, tuple) else message.id
        for piece in PLACEHOLDER.split(ident):
            piece = piece.strip(" :.,;()–-+·")
            words = re.findall(r"[A-Za-z]{2,}", piece)
            if not words or (len(words) == 1 and piece in ALLOWED_ENGLISH):
                continue
            if len(words) >= 2 or (piece[:1].isupper() and len(piece) >= 4):
                pieces.add(piece)
    return sorted(pieces, key=len, reverse=True)


def english_left(text: str, english_ui: list[str]) -> list[str]:
    for name in PROPER_NAMES:
        text = text.replace(name, " ")
    return [p for p in english_ui if re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", text)]


def check_chinese(html: str, locale: str, english_ui: list[str], script: bool = True) -> str:
    text = visible(html)
    tag = locale.replace("_", "-")
    assert f'<html lang="{tag}"' in html
    assert re.search(r"[\u4e00-\u9fff]{2}", text)
    assert not english_left(text, english_ui), english_left(text, english_ui)
    if script:
        other = ONLY_SIMPLIFIED if locale == "zh_Hant" else ONLY_TRADITIONAL
        wrong = sorted({c for c in text if c in other})
        assert not wrong, f"{locale} page holds characters of the other script: {wrong}"
    return text


@pytest.fixture
def euchre_id(matches: Any) -> str:
    match_id, _key = matches.create({
        "format": "scorekeeper-match/1", "game": "euchre", "seats": dict(NAMES),
        "teams": {"NS": "詩人", "EW": "Rovers"},
    })
    for hand in ({"caller": "E", "makers_tricks": 1}, {"caller": "S", "alone": True,
                                                        "makers_tricks": 5}):
        assert matches.record(match_id, hand).ok
    return match_id


@pytest.fixture
def whist_id(matches: Any) -> str:
    match_id, _key = matches.create({
        "format": "scorekeeper-match/1", "game": "whist", "seats": dict(NAMES),
        "rules": {"honours": True, "rubber": True},
    })
    assert matches.record(match_id, {"trump": "S", "tricks_NS": 9, "honours_NS": 3}).ok
    return match_id


def ask(client: Any, headers: dict[str, str], cookie: str | None) -> dict[str, str]:
    if cookie:
        client.set_cookie("lang", cookie)
    return headers


@pytest.mark.parametrize(("headers", "cookie", "locale"), ASKS)
def test_pages_in_chinese(client: Any, euchre_id: str, whist_id: str, english_ui: list[str],
                          headers: dict[str, str], cookie: str | None, locale: str) -> None:
    headers = ask(client, headers, cookie)
    pages = ["/", f"/m/{euchre_id}", f"/m/{whist_id}", f"/m/{euchre_id}/sheet",
             f"/m/{whist_id}/sheet", f"/m/{euchre_id}/blank", "/sheets/euchre", "/sheets/whist",
             "/m/no-such-match", "/no/such/page"]
    for url in pages:
        r = client.get(url, headers=headers)
        assert r.status_code in (200, 404), url
        text = check_chinese(r.get_data(as_text=True), locale, english_ui)
        if url.startswith("/m/") and r.status_code == 200:
            assert "蔡文姬" in text, url
    home = visible(client.get("/", headers=headers).get_data(as_text=True))
    assert BRAND[locale] in home


GOLDEN = {"euchre": "euchre-full-game", "whist": "whist-rubber",
          "five_hundred": "five-hundred-full-game", "spades": "spades-to-500"}


@pytest.mark.parametrize("locale", CHINESE)
@pytest.mark.parametrize("game", sorted(GOLDEN))
def test_every_games_pages_in_chinese(client: Any, matches: Any, english_ui: list[str],
                                      game: str, locale: str) -> None:
    """A whole match of each game: its words, from its own catalogs, on every page it has."""
    path = ROOT / "tests" / "data" / "golden" / "matches" / f"{GOLDEN[game]}.json"
    match = json.loads(path.read_text(encoding="utf-8"))
    # names, the title and notes are the players' own text, not the pages' (a golden team is
    # "Home", a title "Five Hundred, club night", a note "three aces in the kitty")
    match.update(seats=dict(NAMES), teams={"NS": "詩人", "EW": "Rovers"})
    match.pop("title", None)
    for hand in match["hands"]:
        hand.pop("note", None)
    match_id, _key = matches.create(match)
    client.set_cookie("lang", locale)
    for url in (f"/m/{match_id}", f"/m/{match_id}/sheet", f"/m/{match_id}/hands/1",
                f"/m/{match_id}/blank", f"/sheets/{game}"):
        r = client.get(url)
        assert r.status_code == 200, url
        check_chinese(r.get_data(as_text=True), locale, english_ui)


@pytest.mark.parametrize(("headers", "cookie", "locale"), ASKS[:2])
def test_the_scorer_page_and_its_form_in_chinese(
    client: Any, headers: dict[str, str], cookie: str | None, locale: str,
    english_ui: list[str],
) -> None:
    """Start a match through the page, then see the hand form, an engine error and undo."""
    headers = ask(client, headers, cookie)
    home = client.get("/", headers=headers).get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', home)
    assert token, "no CSRF token on the start form"
    start = {"csrf_token": token.group(1), "game": "euchre", **NAMES, "first_dealer": "N",
             "preset_euchre": "standard", "preset_whist": "american"}
    r = client.post("/start", data=start, headers=headers)
    assert r.status_code == 303
    url = r.headers["Location"]
    page = client.get(url, headers=headers).get_data(as_text=True)
    text = check_chinese(page, locale, english_ui)
    assert "第1副" in text
    values = dict(re.findall(r'<input[^>]*name="(csrf_token|submission_id|expected_no)"'
                             r'[^>]*value="([^"]*)"', page))
    # Round 2 cannot name the turned-down suit: the engine's error, next to the field.
    bad = {**values, "caller": "E", "makers_tricks": "3", "round": "2", "turn_up": "9H",
           "trump": "H"}
    r = client.post(url + "/hands", data=bad, headers=headers)
    assert r.status_code == 422
    text = check_chinese(r.get_data(as_text=True), locale, english_ui)
    assert ("第二輪不能叫" if locale == "zh_Hant" else "第二轮不能叫") in text
    r = client.post(url + "/hands", data={**values, "caller": "E", "makers_tricks": "3"},
                    headers=headers)
    assert r.status_code == 303
    page = client.get(url, headers=headers).get_data(as_text=True)
    check_chinese(page, locale, english_ui)
    undo = "復原第1副" if locale == "zh_Hant" else "撤销第1副"
    assert undo in visible(page)
    # what the undo takes back, in the script's punctuation: （Bo，達成）
    assert re.search(r"（[^（）]+，[^（）]+）", visible(page).split(undo)[1][:30])


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_an_engine_error_on_the_page_names_the_suit_in_chinese(client: Any, matches: Any) -> None:
    match_id, key = matches.create()
    client.get(f"/m/{match_id}?key={key}")
    client.set_cookie("lang", "zh_Hant")
    r = client.post(f"/m/{match_id}/hands", data={
        "expected_no": "1", "caller": "E", "makers_tricks": "3", "round": "2", "turn_up": "9H",
        "trump": "H"})
    assert r.status_code == 422
    assert "第二輪不能叫紅心：紅心已被拒絕" in visible(r.get_data(as_text=True))


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
@pytest.mark.parametrize(("headers", "cookie", "locale"), ASKS)
def test_a_start_form_error_in_chinese(client: Any, english_ui: list[str],
                                       headers: dict[str, str], cookie: str | None,
                                       locale: str) -> None:
    headers = ask(client, headers, cookie)
    r = client.post("/start", data={"game": "euchre", **NAMES, "N": "", "first_dealer": "N",
                                    "preset_euchre": "standard", "euchre_target": "-3"},
                    headers=headers)
    assert r.status_code == 422
    # WTForms' own messages ("This field is required.") come from its catalogs, in the
    # page's script through catalogs.wtforms_translations.
    text = check_chinese(r.get_data(as_text=True), locale, english_ui)
    assert "This field is required" not in text
    assert 'aria-invalid="true"' in r.get_data(as_text=True)


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_a_start_form_error_in_traditional_chinese(client: Any) -> None:
    r = client.post("/start", data={"game": "euchre", **NAMES, "N": "", "first_dealer": "N",
                                    "preset_euchre": "standard"},
                    headers={"Accept-Language": "zh-TW"})
    assert r.status_code == 422
    assert "此欄位是必需的。" in visible(r.get_data(as_text=True))


def test_wtforms_messages_in_the_right_script(app: Any) -> None:
    with app.test_request_context("/"):
        with force_locale("zh_Hant"):
            assert wtforms_translations.gettext("This field is required.") == "此欄位是必需的。"
        with force_locale("zh_Hans"):
            assert wtforms_translations.gettext("This field is required.") == "该字段是必填字段。"
        with force_locale("en"):
            assert wtforms_translations.gettext("This field is required.") == \
                "This field is required."
        assert wtforms_translations.ngettext("a", "b", 2) == "b"


def test_english_stays_english(client: Any, euchre_id: str) -> None:
    for url in ("/", f"/m/{euchre_id}", f"/m/{euchre_id}/sheet", "/sheets/euchre"):
        r = client.get(url, headers={"Accept-Language": "en-GB"})
        html = r.get_data(as_text=True)
        assert '<html lang="en"' in html
        assert not re.search(r"[\u4e00-\u9fff]", visible(html).replace("蔡文姬", "")
                             .replace("李白", "").replace("王維", "").replace("詩人", "")
                             .replace("繁體中文", "").replace("简体中文", ""))


def test_unknown_languages_fall_back_to_english(client: Any) -> None:
    html = client.get("/", headers={"Accept-Language": "fr-FR,de;q=0.8"}).get_data(as_text=True)
    assert '<html lang="en"' in html and "New match" in html


def test_the_language_choice_is_offered_everywhere_and_remembered(client: Any,
                                                                  euchre_id: str) -> None:
    page = client.get(f"/m/{euchre_id}").get_data(as_text=True)
    for name in ("English", "繁體中文", "简体中文"):
        assert name in page
    r = client.get(f"/lang/zh_Hans?next=/m/{euchre_id}")
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/m/{euchre_id}")
    cookie = r.headers["Set-Cookie"]
    assert cookie.startswith("lang=zh_Hans") and "Max-Age" in cookie
    page = client.get(f"/m/{euchre_id}", headers={"Accept-Language": "en"})
    assert '<html lang="zh-Hans"' in page.get_data(as_text=True)
    r = client.get("/lang/zh_Hant?next=https://evil.example/")
    assert r.headers["Location"] in ("/", "http://localhost/")


def test_dates_are_formatted_for_the_language(client: Any, euchre_id: str) -> None:
    client.set_cookie("lang", "zh_Hant")
    hant = visible(client.get(f"/m/{euchre_id}/sheet").get_data(as_text=True))
    assert re.search(r"\d{4}年\d{1,2}月\d{1,2}日", hant)
    client.set_cookie("lang", "en")
    english = visible(client.get(f"/m/{euchre_id}/sheet").get_data(as_text=True))
    assert not re.search(r"\d{4}年", english)


# --- PDF --------------------------------------------------------------------------------------


def tool(name: str) -> str:
    """A poppler tool; missing it is a failure, never a skip (.ci/setup --test installs it)."""
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is missing (Debian package poppler-utils; run .ci/setup --test)")
    return path


@pytest.mark.parametrize(("lang", "words"), [
    ("zh_Hant", ("記分表", "王牌", "逐副記錄")),
    ("zh_Hans", ("记分表", "将牌", "逐副记录")),
])
def test_a_chinese_pdf_uses_a_cjk_font(client: Any, euchre_id: str, tmp_path: Path,
                                       lang: str, words: tuple[str, ...]) -> None:
    client.set_cookie("lang", lang)
    r = client.get(f"/m/{euchre_id}/sheet.pdf")
    assert r.status_code == 200 and r.mimetype == "application/pdf"
    path = tmp_path / "sheet.pdf"
    path.write_bytes(r.data)
    fonts = subprocess.run([tool("pdffonts"), str(path)], capture_output=True, check=True,
                           text=True).stdout
    assert "Noto" in fonts and "CJK" in fonts, fonts
    text = subprocess.run([tool("pdftotext"), "-enc", "UTF-8", str(path), "-"],
                          capture_output=True, check=True).stdout.decode("utf-8")
    for name in ("蔡文姬", "李白", "王維", "詩人"):
        assert name in text
    for word in words:
        assert word in text, word


def test_a_blank_sheet_pdf_in_chinese(client: Any) -> None:
    r = client.get("/sheets/whist.pdf", headers={"Accept-Language": "zh-CN"})
    assert r.status_code == 200
    text = subprocess.run([tool("pdftotext"), "-enc", "UTF-8", "-", "-"], input=r.data,
                          capture_output=True, check=True).stdout.decode("utf-8")
    assert "记分表" in text and "惠斯特" in text and "最终比分" in text  # no rubber: no 盘分
