"""Scores below zero (issue 35): one formatter (engine/numbers.py) on every surface. A score
takes a true minus (U+2212), never a hyphen; a pair whose second score is below zero sets the
en dash apart with narrow no-break spaces ("80 – −270"); Spades' bag penalty is marked in the
history and on the sheet."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.helpers import SEATS
from support.prints import pdf_text

from scorekeeper.engine.limits import MATCH_FORMAT
from scorekeeper.engine.numbers import pair_sides, points_text, score_pair, score_text

GAP = "\u202f"
HYPHEN_NUMBER = re.compile(r"(?<![\w\-])-\d")  # "-60"; not a date's "2026-12-06"


@pytest.mark.parametrize(("n", "score", "points"), [
    (0, "0", "0"), (7, "7", "+7"), (-7, "\u22127", "\u22127"), (-320, "\u2212320", "\u2212320"),
    (521, "521", "+521")])
def test_a_score_and_a_hands_points(n, score, points):
    assert (score_text(n), points_text(n)) == (score, points)


@pytest.mark.parametrize(("a", "b", "pair"), [
    (7, 5, "7–5"), (0, 0, "0–0"), (-60, 521, "\u221260–521"),
    (521, -60, f"521{GAP}–{GAP}\u221260"), (-5, -5, f"\u22125{GAP}–{GAP}\u22125")])
def test_a_pair(a, b, pair):
    assert score_pair(a, b) == pair
    left, right = pair_sides(a, b)
    assert f"{left}–{right}" == pair


@given(st.integers(-10**6, 10**6), st.integers(-10**6, 10**6), st.booleans())
def test_a_pair_reads_back_and_never_holds_a_hyphen(a, b, wrap):
    text = score_pair(a, b, wrap)
    assert "-" not in text
    assert text.replace("\u200b", "") == score_pair(a, b)  # wrapping adds only the break
    left, right = (s.strip(GAP + "\u200b").replace("\u2212", "-") for s in text.split("–"))
    assert (int(left), int(right)) == (a, b)
    assert "–\u2212" not in text  # the dash never touches a minus


def visible_text(html: str) -> str:
    """What a reader sees of a page: its text, without scripts, styles and attributes."""
    parts: list[str] = []

    class Text(HTMLParser):
        skip = 0

        def handle_starttag(self, tag, attrs):
            self.skip += tag in ("script", "style")

        def handle_endtag(self, tag):
            self.skip -= tag in ("script", "style") and self.skip > 0

        def handle_data(self, data):
            if not self.skip:
                parts.append(data)

    Text().feed(html)
    return " ".join(parts)


def new_match(client, game, start=None, rules=None, hands=()):
    match = {"format": MATCH_FORMAT, "game": game, "seats": dict(SEATS), "hands": list(hands)}
    if start:
        match["start_score"] = start
    if rules:
        match["rules"] = rules
    r = client.post("/api/matches", json=match)
    assert r.status_code == 201, r.get_json()
    return r.get_json()


@pytest.fixture
def below_zero(client):
    """Five Hundred continued from paper at 120 to −320; North's 6♠ goes down one: −40 to
    North–South, +50 to East–West (five tricks at 10): 80 to −270."""
    made = new_match(client, "five_hundred", {"NS": 120, "EW": -320},
                     hands=[{"caller": "N", "bid": "6S", "makers_tricks": 5}])
    assert made["state"]["score"] == {"NS": 80, "EW": -270}
    return made


PAIR = f"80{GAP}–{GAP}\u2212270"


def test_the_match_page(client, below_zero):
    html = client.get(below_zero["edit_url"], follow_redirects=True).get_data(as_text=True)
    text = visible_text(html)
    assert HYPHEN_NUMBER.search(text) is None, HYPHEN_NUMBER.findall(text)
    assert '<p class="pts" data-score="-270">\u2212270</p>' in html  # the board
    assert f"<title>{PAIR} · " in html  # the tab
    assert f"Hand 2, after {PAIR}" in text  # above the form: what the hand is based on
    # the history's running score, free to break after its dash in the narrow column
    assert f"<td>80{GAP}–{GAP}\u200b\u2212270" in html
    assert "<b>\u221240 Ann &amp; Cai</b>" in html  # the history's points
    assert "<b>+50 Bo &amp; Dee</b>" in html


def test_the_live_part_the_page_polls(client, below_zero):
    r = client.get(f"/m/{below_zero['id']}/live")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert HYPHEN_NUMBER.search(visible_text(html)) is None
    assert f'data-title="{PAIR} · ' in html  # the tab's title as the script sets it
    assert '<p class="pts" data-score="-270">\u2212270</p>' in html


def test_the_sheet(client, below_zero):
    html = client.get(f"/m/{below_zero['id']}/sheet").get_data(as_text=True)
    text = visible_text(html)
    assert HYPHEN_NUMBER.search(text) is None, HYPHEN_NUMBER.findall(text)
    assert '<p class="big">\u2212270</p>' in html
    assert '<td class="num run t-EW">\u2212270</td>' in html
    assert '<td class="num pts">\u221240</td>' in html


def test_the_pdf(client, below_zero):
    r = client.get(f"/m/{below_zero['id']}/sheet.pdf")
    assert r.status_code == 200
    text = pdf_text(r.data, layout=False)
    assert HYPHEN_NUMBER.search(text) is None, HYPHEN_NUMBER.findall(text)
    assert "\u2212270" in text and "\u221240" in text


def test_the_players_page_and_the_home_page(client, below_zero):
    player = below_zero["players"]["E"]["id"]
    html = client.get(f"/players/{player}").get_data(as_text=True)
    assert HYPHEN_NUMBER.search(visible_text(html)) is None
    assert f"\u2212270{GAP}–{GAP}80" not in html  # East's side first: −270 then 80
    assert "\u2212270–80" in html
    # the home page's recent matches: this phone holds the match's key once it visited it
    client.get(below_zero["edit_url"], follow_redirects=True)
    home = client.get("/").get_data(as_text=True)
    assert PAIR in home


def test_a_finished_game_below_zero_says_so_with_a_minus(client):
    """North–South go out the back door at −500 and lose: the board's and sheet's last line."""
    made = new_match(client, "five_hundred", {"NS": -460, "EW": 0},
                     hands=[{"caller": "N", "bid": "6S", "makers_tricks": 5}])
    assert made["state"]["over"] and made["state"]["winner"] == "EW"
    page = visible_text(client.get(made["view_url"]).get_data(as_text=True))
    assert f"won 50{GAP}–{GAP}\u2212500" in page
    sheet = visible_text(client.get(f"/m/{made['id']}/sheet").get_data(as_text=True))
    assert f"win 50{GAP}–{GAP}\u2212500" in sheet


@pytest.fixture
def bag_penalty(client):
    """Spades with a bag limit of 2: North–South bid 6 and take 9, 3 bags: the penalty."""
    made = new_match(client, "spades", rules={"bag_limit": 2},
                     hands=[{"bids": {"N": 3, "E": 3, "S": 3, "W": 1}, "tricks_NS": 9}])
    assert made["state"]["hands"][0]["points"]["NS"] == 60 + 3 - 100
    return made


def test_a_bag_penalty_is_marked_in_the_history(client, bag_penalty):
    html = client.get(bag_penalty["view_url"]).get_data(as_text=True)
    assert '<em class="tag">Ann &amp; Cai bag penalty \u2212100</em>' in html
    assert "<b>\u221237 Ann &amp; Cai</b>" in html
    assert "Bo &amp; Dee bag penalty" not in html


def test_a_bag_penalty_is_marked_on_the_sheet_and_pdf(client, bag_penalty):
    html = client.get(f"/m/{bag_penalty['id']}/sheet").get_data(as_text=True)
    assert '<span class="pen">NS bag penalty \u2212100</span>' in html
    assert "EW bag penalty" not in html
    text = pdf_text(client.get(f"/m/{bag_penalty['id']}/sheet.pdf").data, layout=False)
    assert "bag penalty \u2212100" in " ".join(text.split())


def test_no_bag_penalty_no_mark(client):
    made = new_match(client, "spades",
                     hands=[{"bids": {"N": 3, "E": 3, "S": 3, "W": 1}, "tricks_NS": 9}])
    assert "bag penalty" not in client.get(made["view_url"]).get_data(as_text=True)
    assert 'class="pen"' not in client.get(f"/m/{made['id']}/sheet").get_data(as_text=True)


def test_a_club_night_below_zero(client):
    """Five Hundred at a club night: a set contract's −40 in the standings, the booby prize,
    the table's line, the wall screen and the standings print."""
    names = ["Ann", "Bo", "Cai", "Dee", "Eve", "Finn", "Gus", "Hal"]
    event = client.post("/api/events", json={
        "name": "Club", "game": "five_hundred", "players": names, "rounds": 1,
        "hands_per_round": 2, "movement": "schedule", "seed": 2}).get_json()
    table = event["rounds"][0]["tables"][0]
    r = client.post(f"/api/matches/{table['match']}/hands", json={
        "no": 1, "caller": "N", "bid": "6S", "makers_tricks": 5},
        headers={"Authorization": f"Bearer {table['edit_key']}"})
    assert r.status_code == 201
    body = client.get(f"/api/events/{event['id']}").get_json()
    assert min(s["points"] for s in body["standings"]) == -40
    for path in ("", "/wall"):
        html = client.get(f"/events/{event['id']}{path}").get_data(as_text=True)
        text = visible_text(html)
        assert HYPHEN_NUMBER.search(text) is None, (path, HYPHEN_NUMBER.findall(text))
        assert "\u221240" in text
    r = client.get(f"/events/{event['id']}/standings.pdf")
    assert r.status_code == 200
    text = pdf_text(r.data, layout=False)
    assert HYPHEN_NUMBER.search(text) is None, HYPHEN_NUMBER.findall(text)
    assert "\u221240" in text


def test_a_tally_card_filled_in_below_zero(client):
    names = ["Ann", "Bo", "Cai", "Dee", "Eve", "Finn", "Gus", "Hal"]
    event = client.post("/api/events", json={
        "name": "Club", "game": "five_hundred", "players": names, "rounds": 2,
        "hands_per_round": 1, "movement": "schedule", "seed": 2}).get_json()
    for table in event["rounds"][0]["tables"]:
        r = client.post(f"/api/matches/{table['match']}/hands", json={
            "no": 1, "caller": "N", "bid": "6S", "makers_tricks": 5},
            headers={"Authorization": f"Bearer {table['edit_key']}"})
        assert r.status_code == 201
    r = client.get(f"/events/{event['id']}/tally.pdf")
    assert r.status_code == 200
    text = pdf_text(r.data, layout=False)
    assert HYPHEN_NUMBER.search(text) is None, HYPHEN_NUMBER.findall(text)
    assert text.count("\u221240") >= 4  # each set player's hand and round total


@pytest.mark.parametrize(("points", "target", "ticks"), [
    ([(0, 0, 0), (1, -40, 50), (2, -97, -115)], 500, (-200, 600)),  # Spades: bags, a set
    ([(0, 120, -320), (1, 80, -270)], 500, (-400, 600)),  # continued from paper
    ([(0, 0, 0), (1, 2, 0)], 10, (0, 10)),  # never below zero: the axis starts at 0
])
def test_the_sheets_chart_reaches_below_zero(points, target, ticks):
    """Every line stays inside the plot; the axis runs down past the lowest score, its labels
    with a true minus, and a 0 line marks where the scores go below zero."""
    from xml.etree import ElementTree as ET

    from scorekeeper.printing.chart import PLOT_H, TOP, chart_geometry, render_svg

    chart = chart_geometry([points], target)
    assert (chart.y_ticks[0][1], chart.y_ticks[-1][1]) == ticks
    for line in (*chart.ns_lines, *chart.ew_lines):
        ys = [float(xy.split(",")[1]) for xy in line.split(" ")]
        assert all(TOP <= y <= TOP + PLOT_H for y in ys), ys
    svg = render_svg(chart)
    assert ET.fromstring(svg) is not None
    assert "-" not in "".join(t.text or "" for t in ET.fromstring(svg).iter()
                              if t.tag.endswith("text"))
    assert (chart.zero_y is not None) == (ticks[0] < 0)
    if ticks[0] < 0:
        assert f">{score_text(ticks[0])}</text>" in svg


def test_players_charts_below_zero():
    """A month or a match below zero (a player's page): every bar has a height of zero or more
    and every point stays in the chart's box; the lowest value is labelled with a true minus."""
    from xml.etree import ElementTree as ET

    from scorekeeper.printing.statcharts import month_bars, progression

    svg = ET.fromstring(month_bars([("2026-11", 120, 40), ("2026-12", -40, 50)], "months"))
    ns = "{http://www.w3.org/2000/svg}"
    rects = svg.findall(f"{ns}rect")
    assert len(rects) == 4
    assert all(float(r.get("height")) >= 0 for r in rects)
    assert all(0 <= float(r.get("y")) <= 150 for r in rects)
    texts = [t.text for t in svg.findall(f"{ns}text")]
    assert "\u221240" in texts and not any((t or "").startswith("-") for t in texts)
    line = ET.fromstring(progression([(-40, 50), (-97, -115)], "match"))
    for polyline in line.findall(f"{ns}polyline"):
        ys = [float(xy.split(",")[1]) for xy in polyline.get("points").split(" ")]
        assert all(6 <= y <= 64 for y in ys), ys
