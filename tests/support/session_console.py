"""A duplicate session for the director's console and wall screen tests: a Mitchell started
as the director's form starts one (its movement kept), its edit key, and results entered
through the API as a table's phone or the director would."""

from __future__ import annotations

from typing import Any

from scorekeeper.service import session_start
from scorekeeper.service.session_start import StartForm
from scorekeeper.store.db import get_db

NAMES = ["Ann & Bo", "Cai & Dee", "Eve & Fay", "Gus & Hal", "Ivy & Jo", "Kit & Lu"]


def start(app: Any, pairs: int = 6, boards: int = 6, scoring: str = "matchpoints",
          movement: str = "mitchell") -> tuple[str, str]:
    """A session of ``pairs`` pairs (a 3-table Mitchell by default: 3 rounds of 2 boards):
    its id and edit key."""
    names = "\n".join(NAMES[i] if i < len(NAMES) else f"P{i}a & P{i}b" for i in range(pairs))
    with app.app_context():
        outcome, problems, file_problems = session_start.start_session(
            get_db(), StartForm("bridge", "Tuesday pairs", "2026-12-08", names, boards,
                                movement, scoring))
    assert outcome is not None and outcome.session is not None, (problems, file_problems)
    assert outcome.edit_key is not None
    return outcome.session.stored.id, outcome.edit_key


def played(board: int, ns: str, ew: str, contract: str = "4H", declarer: str = "S",
           tricks: int = 10) -> dict[str, Any]:
    return {"board": board, "ns": ns, "ew": ew, "contract": contract, "declarer": declarer,
            "tricks": tricks}


def enter(client: Any, session_id: str, key: str, result: dict[str, Any]) -> Any:
    """A result through the API (201 or 200), as any phone with the key enters one."""
    response = client.post(f"/api/sessions/{session_id}/results", json=result,
                           headers={"Authorization": f"Bearer {key}"})
    assert response.status_code in (200, 201), response.get_json()
    return response
