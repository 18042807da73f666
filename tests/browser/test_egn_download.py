"""Issue 13: the match page's "EGN file" link downloads the match as EGN, at 390x844."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import jsonschema
from support.egn_text import load_egn_text
from support.helpers import SHARED

from scorekeeper.games.euchre.egn.read import egn_to_match

EGN_DIR = SHARED / "data" / "egn"


def test_the_egn_link_downloads_the_match(phone, base_url):
    text = (EGN_DIR / "Me and Bears.egn").read_bytes()
    request = urllib.request.Request(f"{base_url}/api/matches", data=text,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as r:
        match_id = json.load(r)["id"]
    page = phone.goto(f"/m/{match_id}")
    page.get_by_text("Share and print", exact=True).click()  # the share and print panel
    link = page.get_by_role("link", name="EGN file")
    link.scroll_into_view_if_needed()
    box = link.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    phone.shot("egn-link")
    with page.expect_download() as info:
        link.click()
    download = info.value
    assert download.suggested_filename == f"euchre-{match_id}.egn"
    egn = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    schema = json.loads((EGN_DIR / "egn-schema-v1.json").read_text(encoding="utf-8"))
    jsonschema.validate(egn, schema)
    assert egn_to_match(egn)[0]["hands"] == load_egn_text(text.decode())[0]["hands"]
