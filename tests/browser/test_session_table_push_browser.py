"""A session's table phone follows the director's Next round by push (issue 40), against the
real ``scorekeeper serve`` (its ASGI streams, topic ``s=<session>``): nothing is asked while
nothing changes, and the round's change is on the table's phone without a reload."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

HOLDING = "() => !!(window.SKStream && SKStream.holding())"


@pytest.fixture
def base_url(served_app) -> str:
    """The real server (gunicorn with its ASGI worker), not the Werkzeug one."""
    return served_app


def started(phone):
    """A 3-table Mitchell started from the form: the director's console."""
    page = phone.goto("/sessions/new")
    page.fill("#pairs", "\n".join(f"Ann{i} & Bo{i}" for i in range(1, 7)))
    page.fill("#boards", "9")
    page.click("button[name=check]")
    page.check("#movement-mitchell")
    page.click("button.primary")
    page.wait_for_url("**/director")
    return page


def test_a_table_follows_the_round_by_push(phone, make_phone) -> None:
    page = started(phone)
    expect(page.locator("#play-h")).to_have_text("Round 1 is being played")
    page.locator("summary", has_text="Table links").click()
    link = page.locator("a", has_text="Table 1").first.get_attribute("href")
    assert link is not None and "?k=" in link
    table_phone = make_phone(viewport={"width": 360, "height": 640})
    table = table_phone.page
    table.goto(phone.base_url + re.sub(r"^https?://[^/]+", "", link))
    expect(table.locator(".flash")).to_contain_text("This phone scores table 1 now.")
    table.wait_for_function(HOLDING)
    table.evaluate("window.stillHere = true")
    seen: list[str] = []
    table.on("request", lambda r: seen.append(r.url))
    table.evaluate("new Promise(r => setTimeout(r, 3500))")  # a poll would be due by now
    assert seen == []  # the stream holds: nothing is asked while nothing changes
    page.locator("button", has_text="Next round").click()
    expect(page.locator("#play-h")).to_have_text("Round 2 is being played")
    expect(table.locator("h1")).to_contain_text("Round 2 of 3")  # how soon: session_live.py
    expect(table.locator(".st-moved")).to_contain_text("Pair E1 to table 2, EW.")
    assert table.evaluate("window.stillHere") is True


def test_a_table_is_told_of_its_own_changes_not_every_table_s(phone, make_phone) -> None:
    """At 1,000 tables the session changes 2.4 times a second: a table's phone follows its
    own stamp (topic ``t=<session>.<table>``), so another table's board asks nothing of it,
    and the round's change asks its page once."""
    page = started(phone)
    page.locator("summary", has_text="Table links").click()
    links = [page.locator("a", has_text=f"Table {n}").first.get_attribute("href")
             for n in (1, 2)]
    tables = []
    for link in links:
        assert link is not None
        table = make_phone(viewport={"width": 360, "height": 640}).page
        table.goto(phone.base_url + re.sub(r"^https?://[^/]+", "", link))
        table.wait_for_function(HOLDING)
        tables.append(table)
    first, second = tables
    path = first.evaluate("location.pathname")
    asked: list[str] = []
    first.on("request", lambda r: asked.append(r.url) if r.url.endswith(path) else None)
    board = second.locator("#entry input[name=board]").first
    number = board.get_attribute("value")
    board.check()
    second.locator("#contract input[value='3NT']").check()
    second.locator("#declarer label").first.click()
    second.locator("#result input[value='0']").check()
    expect(second.locator("#save")).to_contain_text("3NT")
    second.locator("#save").click()
    expect(page.locator("#cell-2-1")).to_contain_text("1/")  # the stream told the console
    page.locator("button", has_text="Next round").click()
    expect(first.locator("h1")).to_contain_text("Round 2 of 3")
    assert len(asked) == 1, asked  # the round's change; table 2's board asked nothing
    assert number is not None
