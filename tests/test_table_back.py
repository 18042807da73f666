"""Back after Save (issue 35): a correction form saved as it came stores nothing and says so;
the home page is asked for again on Back (its recent matches' scores move on)."""

from __future__ import annotations

import pytest
from support.pages import Table, form_of, text


@pytest.fixture
def table(client) -> Table:
    return Table(client)


@pytest.mark.parametrize(("change", "said", "versions"), [
    ({}, "Nothing changed: hand 1 is as it was.", [1]),
    ({"makers_tricks": "3"}, "Nothing changed: hand 1 is as it was.", [1]),  # the same answer
    ({"makers_tricks": "5"}, "Hand 1 corrected.", [2]),
])
def test_a_correction_that_changes_nothing_says_so_and_stores_nothing(
        table, matches, change, said, versions):
    url = table.start()
    table.post_hand(url, caller="E", makers_tricks="3")
    mid = url.rsplit("/", 1)[1]
    before = matches.load(mid).version
    values = form_of(table.page(url + "/hands/1/edit"), "/edit")["values"]
    r = table.client.post(url + "/hands/1/edit", data={**values, **change})
    assert r.status_code == 303 and r.headers["Location"] == url
    html = text(table.page(url))
    assert said in html
    loaded = matches.load(mid)
    assert loaded.hand_versions == versions
    assert (loaded.version == before) == (versions == [1])
    assert ("hand 1 corrected (was" in html) == (versions == [2])  # the corrections' list


@pytest.mark.parametrize("lang", ["zh_Hant", "zh_Hans"])
def test_the_nothing_changed_words_are_translated(table, lang):
    url = table.start()
    table.post_hand(url, caller="E", makers_tricks="3")
    table.client.get(f"/lang/{lang}?next=/")
    values = form_of(table.page(url + "/hands/1/edit"), "/edit")["values"]
    table.client.post(url + "/hands/1/edit", data=values)
    assert "第1副" in text(table.page(url))


def test_the_home_page_is_asked_for_again_on_back(client):
    r = client.get("/")
    assert r.status_code == 200
    assert r.headers["Cache-Control"] == "no-store"
