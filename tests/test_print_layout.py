"""The printouts finished (issue 11): every word inside the page, sums that add up, the hand
key, card records by seat, Whist points split into tricks and honours, emoji that print.

PDFs are rendered by the app (WeasyPrint) and read back with poppler's pdftotext."""

from __future__ import annotations

import io
import json
import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from support.helpers import euchre_match, whist_match
from support.prints import (
    GOLDEN,
    LONG,
    LONG_TEAMS,
    cycle_hands,
    fetch_pdf,
    pdf_fonts,
    pdf_text,
    tool,
)

MM = 72 / 25.4
SHARED_EGN = Path(__file__).resolve().parents[2] / "shared" / "data" / "egn"  # as test_egn.py


class _Words(HTMLParser):
    """The pages and words of ``pdftotext -bbox``: (page width, height, [(x0, x1, word)])."""

    def __init__(self) -> None:
        super().__init__()
        self.pages: list[tuple[float, float, list[tuple[float, float, str]]]] = []
        self.tops: list[list[float]] = []
        self._word: dict[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "page":
            self.pages.append((float(a["width"]), float(a["height"]), []))
            self.tops.append([])
        elif tag == "word":
            self._word = a

    def handle_data(self, data: str) -> None:
        if self._word is not None and data.strip():
            w = self._word
            self.pages[-1][2].append((float(w["xmin"]), float(w["xmax"]), data.strip()))
            self.tops[-1].append(float(w["ymin"]))
            self._word = None


def parsed(data: bytes) -> _Words:
    done = subprocess.run([tool("pdftotext"), "-bbox", "-enc", "UTF-8", "-", "-"],
                          input=data, capture_output=True, check=True)
    parser = _Words()
    parser.feed(done.stdout.decode("utf-8", "replace"))  # the <head> may be Latin-1
    return parser


def words(data: bytes) -> list[tuple[float, float, list[tuple[float, float, str]]]]:
    return parsed(data).pages


def assert_inside_the_margins(data: bytes) -> None:
    """Every word starts and ends inside the page's side margins (13 mm, a little slack)."""
    pages = words(data)
    assert pages
    for number, (width, _height, found) in enumerate(pages, 1):
        assert found, f"page {number} is empty"
        outside = [(round(x0), round(x1), w) for x0, x1, w in found
                   if x0 < 12 * MM or x1 > width - 12 * MM]
        assert outside == [], (number, outside[:10])


def long_euchre(matches: Any) -> str:
    hands = cycle_hands(26)
    hands.insert(12, {"caller": "E", "renege": "N"})
    match_id, _key = matches.create(euchre_match(seats=dict(LONG), teams=dict(LONG_TEAMS),
                                                 hands=hands, rules={"target": 40}))
    return match_id


def card_record(matches: Any, app: Any) -> str:
    from scorekeeper import service
    from scorekeeper.store.db import get_db

    match = json.loads((GOLDEN / "seed-euchre-000.json").read_text())
    match.update(seats=dict(LONG), teams=dict(LONG_TEAMS))
    match_id, _key = matches.create(match)
    matches.record(match_id, {"caller": "N", "makers_tricks": 3})
    with app.app_context():
        service.correct_hand(get_db(), match_id, 2,
                             {"caller": "N", "makers_tricks": 4, "alone": True, "trump": "C"})
    return match_id


def whist_rubber(matches: Any, seats: dict[str, str] | None = None) -> str:
    seed = json.loads((GOLDEN / "seed-whist-004.json").read_text())["hands"][0]
    tricks = [5, 8, 6, 7, 6, 6, 7, 6, 7, 7]
    held = [2, 1, 2, 3, 2, 2, 0, 2, 4, 2]
    hands = [seed] + [{"trump": "SHDC"[i % 4], "tricks_NS": t, "honours_NS": h}
                      for i, (t, h) in enumerate(zip(tricks, held, strict=True))]
    match_id, _key = matches.create(whist_match(
        seats=dict(seats or LONG), rules={"rubber": True, "honours": True}, hands=hands))
    return match_id


@pytest.mark.parametrize("lang", ["en", "zh_Hant"])
def test_long_names_stay_inside_every_page(client: Any, matches: Any, app: Any,
                                           lang: str) -> None:
    client.set_cookie("lang", lang)
    for match_id in (long_euchre(matches), card_record(matches, app), whist_rubber(matches)):
        data = fetch_pdf(client, f"/m/{match_id}/sheet.pdf")
        assert_inside_the_margins(data)
    for url in ("/sheets/euchre.pdf", "/sheets/whist.pdf", f"/m/{match_id}/blank.pdf"):
        assert_inside_the_margins(fetch_pdf(client, url))


def test_the_summary_adds_up(client: Any, matches: Any) -> None:
    match_id = long_euchre(matches)
    text = pdf_text(fetch_pdf(client, f"/m/{match_id}/sheet.pdf"))
    summary = text.split("Summary", 1)[1]

    def row(label: str) -> tuple[int, int]:
        found = re.search(rf"^\s*{label}\s+(\d+)\s+(\d+)\s*$", summary, re.M)
        assert found, (label, summary[:1500])
        return int(found.group(1)), int(found.group(2))

    called, made, euchred = row("Hands called"), row("Made"), row("Euchred")
    reneged = row("Ended by a renege")
    assert sum(called) == 27  # every hand of the match was called by someone
    for i in (0, 1):
        assert called[i] == made[i] + euchred[i] + reneged[i]
        points = row("Points from calls")[i] + row("Points from euchres")[i] \
            + row("Points from reneges")[i]
        assert points == row("Score")[i]


def test_card_records_by_seat_with_the_deal_and_what_happened(
    client: Any, matches: Any, app: Any
) -> None:
    match_id = card_record(matches, app)
    text = pdf_text(fetch_pdf(client, f"/m/{match_id}/sheet.pdf"))
    cards = text.split("Hands recorded card by card", 1)[1]
    assert "turn-up 9♥" in cards and "round 1: ordered up" in cards
    assert "the dealer discarded 9♣" in cards and "tricks NS 4–1 EW" in cards
    assert "▸" in cards  # the leader of each trick is marked
    flat = " ".join(pdf_text(fetch_pdf(client, f"/m/{match_id}/sheet.pdf"), layout=False)
                    .split("card by card", 1)[1].split())
    assert "♥A♠A♦A♣AK" in flat.replace(" ", ""), flat  # North's hand in the deal diagram
    # the tricks in fixed columns: North's cards in the first column, every trick
    html = client.get(f"/m/{match_id}/sheet").get_data(as_text=True)
    first_column = re.findall(r'<tr>\s*<th scope="row">\d</th>\s*<td class="play[^"]*">'
                              r'(?:<span class="led"[^>]*>▸</span>)?<span class="card[^"]*">'
                              r'([^<]+)</span>', html)
    assert first_column == ["A♥", "A♠", "A♦", "A♣", "K♣"], first_column
    assert "Corrections and undos" in text
    changes = " ".join(text.split("Corrections and undos", 1)[1].split())
    assert "False" not in changes and "True" not in changes
    assert "alone no → yes" in changes and "trump – → ♣" in changes


def test_the_hand_table_has_a_key(client: Any, matches: Any) -> None:
    match_id, _key = matches.create(euchre_match(hands=cycle_hands(4)))
    text = " ".join(pdf_text(fetch_pdf(client, f"/m/{match_id}/sheet.pdf")).split())
    assert "Tricks: the makers' tricks" in text and "Euchred: the makers took fewer" in text
    assert "March: the makers took all 5 tricks" in text and "Alone: the caller" in text


def test_whist_points_split_into_tricks_and_honours(client: Any, matches: Any) -> None:
    from scorekeeper.printing.sheet import build_sheet

    match_id = whist_rubber(matches, {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"})
    loaded = matches.load(match_id)
    sheet = build_sheet(loaded.match.as_file(), loaded.state)
    first = sheet.rows[0]
    assert first.own["honours_ns"] == 4  # from the card record: N and S held A K Q J of spades
    assert (first.own["trick_points"], first.own["honour_points"]) == (
        {"NS": 3, "EW": 0}, {"NS": 4, "EW": 0})
    for row in sheet.rows:
        tricks, honours = row.own["trick_points"], row.own["honour_points"]
        assert tricks and honours
        for t in ("NS", "EW"):
            assert tricks[t] + honours[t] == row.points[t]
    data = fetch_pdf(client, f"/m/{match_id}/sheet.pdf")
    text = " ".join(pdf_text(data, layout=False).split())
    assert "Points for tricks" in text and "Points for honours" in text
    assert "11 deals" in text and "hands" not in text.split("Summary")[0]
    assert len(PdfReader(io.BytesIO(data)).pages) <= 2


def test_emoji_print_in_a_font_without_colour(client: Any, matches: Any,
                                              tmp_path: Path) -> None:
    match_id, _key = matches.create(euchre_match(
        seats={"N": "🃏 Joker Smith", "E": "Bo 😀", "S": "Cai", "W": "Dee"},
        hands=cycle_hands(2)))
    data = fetch_pdf(client, f"/m/{match_id}/sheet.pdf")
    text = pdf_text(data, layout=False)
    assert "🃏 Joker Smith" in text and "Bo 😀" in text
    fonts = pdf_fonts(data, tmp_path)
    assert re.search(r"Symbola|Noto ?Emoji", fonts.replace("-", " ")), fonts


def test_blank_euchre_sheet_is_a_whole_form_on_one_page(client: Any) -> None:
    data = fetch_pdf(client, "/sheets/euchre.pdf")
    assert len(PdfReader(io.BytesIO(data)).pages) == 1
    text = " ".join(pdf_text(data, layout=False).split())
    assert "Page 1" not in text  # a one-page form
    for words_wanted in ("Event", "Round", "Table", "Date", "Final score", "Winner",
                         "Signatures", "Points, team NS", "Points, team EW"):
        assert words_wanted in text, words_wanted
    # the circle-a-number choices: 0 to 5 on each row, at least 6 mm apart
    found = parsed(data)
    rows: dict[int, list[float]] = {}
    for (x0, x1, word), top in zip(found.pages[0][2], found.tops[0], strict=True):
        if word in "012345" and len(word) == 1:
            rows.setdefault(round(top), []).append((x0 + x1) / 2)
    numbered = [sorted(xs) for xs in rows.values() if len(xs) >= 6]
    assert len(numbered) >= 20, rows
    for xs in numbered:
        gaps = [b - a for a, b in zip(xs[-6:], xs[-5:], strict=False)]
        assert min(gaps) >= 6 * MM - 0.2, gaps
    assert text.count("10") >= 2  # one game's tick boxes, 1 to 10, per team (not three games)
    assert text.count("Game 2") == 0


def test_blank_whist_sheets_fit_their_rules(client: Any, matches: Any) -> None:
    plain = " ".join(pdf_text(fetch_pdf(client, "/sheets/whist.pdf"), layout=False).split())
    assert "Honours" not in plain and "Rubber" not in plain  # the rules count none
    assert re.search(r"\b18\b", plain)  # room for a long game
    match_id, _key = matches.create(whist_match(rules={"rubber": True, "honours": True}))
    data = fetch_pdf(client, f"/m/{match_id}/blank.pdf")
    assert len(PdfReader(io.BytesIO(data)).pages) == 1
    text = " ".join(pdf_text(data, layout=False).split())
    assert "Game 3" in text and "Honours" in text and "Rubber points" in text
    assert "Final score" in text and "Page 1" not in text
    letter = fetch_pdf(client, f"/m/{match_id}/blank.pdf?size=letter")
    assert len(PdfReader(io.BytesIO(letter)).pages) == 1


def test_a_long_title_is_cut_in_the_running_head(client: Any, matches: Any) -> None:
    match_id = long_euchre(matches)
    data = fetch_pdf(client, f"/m/{match_id}/sheet.pdf")
    second = pdf_text(data, 2, layout=False).splitlines()
    head = next(line for line in second if line.strip())
    assert head.endswith("…") and len(head) <= 71, head


def test_the_chart_names_its_axes_numbers_game_breaks_and_shows_the_lead(
    client: Any, matches: Any
) -> None:
    from scorekeeper.printing.chart import render_svg
    from scorekeeper.printing.sheet import build_sheet

    match_id = whist_rubber(matches, {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"})
    loaded = matches.load(match_id)
    sheet = build_sheet(loaded.match.as_file(), loaded.state)
    assert sheet.chart is not None
    assert [n for _x, n in sheet.chart.breaks] == [1, 2]  # three games: two breaks
    assert sheet.margin_chart is None
    svg = render_svg(sheet.chart)
    assert svg.count("<circle") == 2 + 2  # two numbered breaks, two line ends
    text = " ".join(pdf_text(fetch_pdf(client, f"/m/{match_id}/sheet.pdf"),
                             layout=False).split())
    assert "Points" in text and "Deal →" in text and "the end of game 1, 2" in text
    long_id, _key = matches.create(euchre_match(rules={"deals": 60}, hands=cycle_hands(60)))
    loaded = matches.load(long_id)
    sheet = build_sheet(loaded.match.as_file(), loaded.state)
    assert sheet.margin_chart is not None and sheet.margin_chart.zero_y is not None
    text = " ".join(pdf_text(fetch_pdf(client, f"/m/{long_id}/sheet.pdf"), layout=False).split())
    assert "Lead in points" in text and "Ann & Cai ahead above the line" in text


def test_an_imported_egn_game_keeps_its_title_date_and_annotations(
    client: Any, matches: Any
) -> None:
    egn = json.loads((SHARED_EGN / "VWEC Finals Annotated.egn").read_text(encoding="utf-8"))
    match_id, _key = matches.create(egn)
    loaded = matches.load(match_id)
    assert loaded.match.title == "VWEC Finals" and loaded.match.played == "2026-05-29T16:30"
    assert "Pretty ambitious next call" in loaded.match.hand_objects[1]["note"]
    assert "Even if dealer trumps here" in loaded.match.hand_objects[1]["note"]
    assert "note" not in loaded.match.hand_objects[0]
    text = " ".join(pdf_text(fetch_pdf(client, f"/m/{match_id}/sheet.pdf"),
                             layout=False).split())
    assert "VWEC Finals" in text and "May 29, 2026 4:30 PM" in text
    assert "Pretty ambitious next call" in text
    exported = client.get(f"/m/{match_id}.json").get_json()
    assert exported["title"] == "VWEC Finals" and exported["played"] == "2026-05-29T16:30"


def test_a_match_file_title_and_date_are_checked(matches: Any) -> None:
    from scorekeeper.engine.matchfile import check_match

    ok = check_match(euchre_match(title="Club night", played="2026-11-30"))
    assert ok.ok and ok.match["title"] == "Club night"
    bad = check_match(euchre_match(title="", played="30/11/2026"))
    assert {p.code for p in bad.problems} == {"match.bad_title", "match.bad_played"}
    assert "2026-05-29" in bad.problems[1].message


@pytest.mark.app_config(TIMEZONE="Asia/Taipei")
def test_times_are_shown_in_the_event_time_zone(client: Any, matches: Any,
                                                 app: Any) -> None:
    from scorekeeper.i18n import event_timezone

    match_id, _key = matches.create(euchre_match(hands=cycle_hands(2)))
    text = " ".join(pdf_text(fetch_pdf(client, f"/m/{match_id}/sheet.pdf"),
                             layout=False).split())
    assert re.search(r"Printed \w{3} \d+, \d{4} \d+:\d\d [AP]M CST by", text), text[-200:]
    with pytest.raises(ValueError, match="is not a time zone"):
        event_timezone("Mars/Olympus")
    assert event_timezone("Europe/London") == "Europe/London"
    assert event_timezone(None)  # the server's own zone, whatever it is


def test_a_page_never_ends_with_the_table_head_and_a_row_or_two(client: Any,
                                                                matches: Any) -> None:
    for count in (14, 17, 20, 23):  # the hand table starts low on page 1 or 2
        match_id, _key = matches.create(euchre_match(
            seats=dict(LONG), teams=dict(LONG_TEAMS), rules={"deals": count},
            hands=cycle_hands(count)))
        data = fetch_pdf(client, f"/m/{match_id}/sheet.pdf")
        pages = len(PdfReader(io.BytesIO(data)).pages)
        for number in range(1, pages + 1):
            page = pdf_text(data, number)
            if "Hand by hand" not in page:
                continue
            after = page.split("Hand by hand", 1)[1]
            rows = re.findall(r"^\s{0,6}(\d+)\s+\S", after, re.M)
            assert len(rows) >= min(4, count), (count, number, rows)
