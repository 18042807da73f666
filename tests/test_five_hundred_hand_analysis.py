"""Five Hundred's double-dummy analysis on the hand page, in words, through the test client:
a hand played in a suit gets the makers' best, each play that cost a trick and the best count
trick by trick, the same numbers as the API's analysis; a hand at no trumps or in misère,
which is not analysed, says why; a hand without a card record says nothing about it.

(Shown because the solver stays under 50 ms a hand: the worst of 500 random suit hands took
26.1 ms on a quiet machine, tests/benchmarks/bench_five_hundred_analysis.py.)"""

from __future__ import annotations

import re

from support import fiveplay
from support.five_hundred_analysis import SEATS, played, section, start
from support.pages import text


def test_a_suit_hand_is_analysed_in_words_as_the_api_counts_it(client):
    hand = played(11, "8H", "N")
    match_id = start(client, hand)
    api = client.get(f"/api/matches/{match_id}/hands/1/analysis").get_json()
    page = client.get(f"/m/{match_id}/hands/1")
    assert page.status_code == 200
    words = text(section(page.get_data(as_text=True)))
    makers = "Ann & Cai" if hand["caller"] in "NS" else "Bo & Dee"
    assert api["makers"] == fiveplay.TEAM[hand["caller"]]
    assert (f"With the best play on both sides, the makers ({makers}) could have taken "
            f"{api['par']} trick") in words.replace("&amp;", "&")
    assert f"They took {api['after'][-1]} trick" in words
    costly = re.findall(r"<li>(.*?)</li>", section(page.get_data(as_text=True)), re.S)
    assert len(costly) == len(api["costly"]) > 0
    for sentence, play in zip(costly, api["costly"], strict=True):
        assert sentence.startswith(f"Trick {play['trick']}: {SEATS[play['seat']]} ")
    best = re.findall(r"<td>(\d+)</td>", section(page.get_data(as_text=True)))
    assert [int(n) for n in best] == [api["after"][4 * t] for t in range(11)]


def test_no_trumps_and_misere_say_why_they_are_not_analysed(client):
    match_id = start(client, played(12, "7NT", "N"), played(13, "misere", "E"),
                     {"caller": "S", "bid": "6S", "makers_tricks": 6})
    reason = ("Only hands played in a suit are analysed: at no trumps and in misère the Joker "
              "belongs to no suit")
    for no in (1, 2):
        html = client.get(f"/m/{match_id}/hands/{no}").get_data(as_text=True)
        assert reason in section(html)
        assert "best-count" not in section(html) and "could have taken" not in html
    html = client.get(f"/m/{match_id}/hands/3").get_data(as_text=True)
    assert 'class="card analysis"' not in html  # no card record: nothing to say


def test_the_analysis_in_chinese(client):
    match_id = start(client, played(11, "8H", "N"), played(12, "7NT", "E"))
    client.get("/lang/zh_Hant")
    words = text(section(client.get(f"/m/{match_id}/hands/1").get_data(as_text=True)))
    assert "攤開所有牌來看" in words and "makers" not in words and "Trick" not in words
    why = text(section(client.get(f"/m/{match_id}/hands/2").get_data(as_text=True)))
    assert "Only hands" not in why and "鬼牌" in why
