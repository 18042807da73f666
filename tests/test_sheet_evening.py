"""The evening's line on the score sheet, as the match page has it (issue 24): the page and the
PDF of each game say "Tonight: Ann & Cai 1 – 0 Bo & Dee" with each game's score, and a PDF
printed before a later game's hand is made again after it."""

from __future__ import annotations

from support.helpers import euchre_hand
from support.prints import fetch_pdf, pdf_text

from scorekeeper import service
from scorekeeper.store.db import get_db


def an_evening(app, matches) -> tuple[str, str]:
    """Ann & Cai win 10–0 in five marches; the rematch has one hand (Bo & Dee +1)."""
    first, _key = matches.create()
    for _ in range(5):
        matches.record(first, euchre_hand("N", 5))
    with app.app_context():
        made = service.rematch(get_db(), first, "secret")
    second = made.match_id
    matches.record(second, euchre_hand("E", 3))
    return first, second


def test_the_sheet_of_each_game_has_the_evenings_line(app, client, matches):
    first, second = an_evening(app, matches)
    for one in (first, second):
        page = client.get(f"/m/{one}/sheet").get_data(as_text=True).replace("\xa0", " ")
        assert '<p class="evening">Tonight: Ann &amp; Cai 1 – 0 Bo &amp; Dee' in page
        assert "(10–0, 0–1 …)" in page
    alone, _key = matches.create()
    assert 'class="evening"' not in client.get(f"/m/{alone}/sheet").get_data(as_text=True)


def test_the_match_pdf_prints_the_evening_and_follows_the_later_games(app, client, matches):
    first, second = an_evening(app, matches)
    url = f"/m/{first}/sheet.pdf"
    before = client.get(url)
    text = pdf_text(fetch_pdf(client, url), page=1, layout=False)
    assert "Tonight: Ann & Cai 1 – 0 Bo & Dee (10–0, 0–1 …)" in " ".join(text.split())
    matches.record(second, euchre_hand("E", 3))  # the rematch goes on: game 1's PDF is new
    again = client.get(url, headers={"If-None-Match": before.headers["ETag"]})
    assert again.status_code == 200
    assert "(10–0, 0–2 …)" in " ".join(pdf_text(again.data, page=1, layout=False).split())
    same = client.get(url, headers={"If-None-Match": again.headers["ETag"]})
    assert same.status_code == 304
