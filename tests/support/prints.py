"""Reading the PDFs the app makes (poppler's tools: a missing tool fails, never skips), and
matches and hands to print."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden"


def tool(name: str) -> str:
    """A poppler tool; missing it is a failure, never a skip (.ci/setup --test installs it)."""
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is missing (Debian package poppler-utils; run .ci/setup --test)")
    return path


def pdf_text(data: bytes, page: int | None = None, layout: bool = True) -> str:
    args = [tool("pdftotext"), "-enc", "UTF-8"]
    if layout:
        args.append("-layout")
    if page is not None:
        args += ["-f", str(page), "-l", str(page)]
    done = subprocess.run([*args, "-", "-"], input=data, capture_output=True, check=True)
    return done.stdout.decode("utf-8")


def pdf_fonts(data: bytes, tmp_path: Path) -> str:
    path = tmp_path / "fonts.pdf"
    path.write_bytes(data)
    done = subprocess.run([tool("pdffonts"), str(path)], capture_output=True, check=True)
    return done.stdout.decode()


def fetch_pdf(client: Any, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200, response.data[:500]
    assert response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF")
    assert response.headers["Content-Disposition"].startswith("attachment; filename=")
    return response.data


def cycle_hands(count: int) -> list[dict[str, Any]]:
    """Legal Euchre hands by outcome: callers in turn; made, march, euchred, alone."""
    tricks = [3, 4, 5, 1, 3, 0, 4]
    return [
        {"caller": "NESW"[i % 4], "makers_tricks": tricks[i % 7], "alone": i % 11 == 10,
         "trump": "SHDC"[i % 4]}
        for i in range(count)
    ]


LONG = {
    "N": "Maximilian Featherstonehaugh-Wolfeschleg",  # 40 characters
    "E": "🃏 Joker Smith",
    "S": "Bartholomew-Maximilian-Featherstonehaug",
    "W": "W" * 40,  # 40 characters, no break anywhere
}


LONG_TEAMS = {"NS": "The Old Crown Tuesday Night Card Club", "EW": "E" * 40}


# South alone in round 2 (hearts, the spade jack turned down); North sits out, East leads.
LONE_HAND: dict[str, Any] = {
    "dealer": "N", "caller": "S", "alone": True, "round": 2, "turn_up": "JS", "trump": "H",
    "deal": {
        "S": ["JH", "JD", "AH", "KH", "QH"],
        "E": ["9S", "10S", "QS", "KS", "AS"],
        "W": ["9C", "10C", "QC", "KC", "AC"],
        "N": ["9D", "10D", "QD", "KD", "AD"],
    },
    "play": [
        ["AS", "JH", "9C"], ["JD", "10C", "9S"], ["AH", "QC", "10S"],
        ["KH", "KC", "QS"], ["QH", "AC", "KS"],
    ],
}
