"""The share panel's QR codes are made once: the view link's (no secret in it) is kept as a
file in the instance folder for every server process, the scorer link's (it holds the key)
only in memory, never on disk."""

from __future__ import annotations

from pathlib import Path

from support.helpers import euchre_match


def test_the_view_qr_is_kept_on_disk_and_the_scorer_qr_never(app, client):
    made = client.post("/api/matches", json=euchre_match()).get_json()
    match_id, key = made["id"], made["edit_key"]
    folder = Path(app.instance_path) / "qr"
    viewer = client.application.test_client()
    page = viewer.get(f"/m/{match_id}").get_data(as_text=True)
    kept = list(folder.glob("*.svg"))
    assert len(kept) == 1
    svg = kept[0].read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "View link QR code" in svg
    assert svg in page  # the page shows the kept one
    assert not list(folder.glob("*.tmp"))
    # The scorer's phone: both QR codes on its page, still one file, and no file holds
    # anything of the key or the scorer link.
    assert client.get(f"/m/{match_id}?key={key}").status_code == 303
    page = client.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Scorer link QR code" in page
    assert [p.name for p in folder.glob("*.svg")] == [kept[0].name]
    for path in folder.iterdir():
        assert key not in path.read_text(encoding="utf-8")
        assert "Scorer link" not in path.read_text(encoding="utf-8")


def test_a_damaged_or_unwritable_qr_folder_still_shows_the_qr(app, client):
    made = client.post("/api/matches", json=euchre_match()).get_json()
    (Path(app.instance_path) / "qr").write_text("not a folder")  # the folder can't be made
    page = client.get(f"/m/{made['id']}")
    assert page.status_code == 200
    assert "View link QR code" in page.get_data(as_text=True)
