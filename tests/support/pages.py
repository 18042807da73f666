"""The table pages through the test client: the start form's fields, reading a page's forms
and text, and a phone at the table (``Table``) posting forms with the page's own tokens."""

from __future__ import annotations

import re
from html.parser import HTMLParser

START = {
    "game": "euchre", "N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee",
    "team_NS": "Home", "team_EW": "Visitors", "first_dealer": "N",
    "preset_euchre": "standard", "preset_whist": "american",
}


class Forms(HTMLParser):
    """Collects each form's action and its pre-set values (hidden, text, checked)."""

    def __init__(self, html: str):
        super().__init__()
        self.forms: list[dict] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.forms.append({"action": a.get("action"), "id": a.get("id"), "values": {}})
        elif tag == "input" and self.forms and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("radio", "checkbox") and "checked" not in a:
                return
            self.forms[-1]["values"][a["name"]] = a.get("value", "y")


def form_of(html: str, action_part: str) -> dict:
    for form in Forms(html).forms:
        if form["action"] and action_part in form["action"]:
            return form
    raise AssertionError(f"no form posting to {action_part}")


def checked(html: str, name: str, value: str) -> bool:
    """Whether the radio or checkbox ``name`` with ``value`` is checked in the page."""
    for tag in re.findall(rf'<input[^>]*name="{name}"[^>]*>', html):
        if f'value="{value}"' in tag and " checked" in tag:
            return True
    return False


def text(html: str) -> str:
    """The page's visible-ish text, tags removed, entities for quotes decoded."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


class Table:
    """A phone at the table: start matches, post hand forms with the page's own tokens."""

    def __init__(self, client):
        self.client = client

    def page(self, url: str) -> str:
        r = self.client.get(url)
        assert r.status_code == 200, r.status_code
        return r.get_data(as_text=True)

    def start(self, **fields) -> str:
        html = self.page("/")
        token = form_of(html, "/start")["values"]["csrf_token"]
        r = self.client.post("/start", data={**START, **fields, "csrf_token": token})
        assert r.status_code == 303, r.get_data(as_text=True)[:2000]
        return r.headers["Location"]

    def hand_form(self, url: str) -> dict:
        return dict(form_of(self.page(url), "/hands")["values"])

    def post_hand(self, url: str, form: dict | None = None, **fields):
        values = form if form is not None else self.hand_form(url)
        return self.client.post(url + "/hands", data={**values, **fields})

    def action(self, url: str, what: str):
        values = form_of(self.page(url), f"/{what}")["values"]
        return self.client.post(f"{url}/{what}", data=values)
