"""A pair's personal score card, from a session's check answer: each board it played, from
its own side (its direction, its opponents, the deal, its score and its matchpoints or IMPs),
and its total line. Pure: the pages and prints of a session read it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

DEAL_KEYS = ("contract", "declarer", "tricks", "passed", "adjusted")


def score_card(answer: Mapping[str, Any], pair: str) -> dict[str, Any] | None:
    """``pair``'s score card from an ``ok`` answer (``check_session``), or None for a pair the
    session does not have."""
    total = next((p for p in answer["pairs"] if p["pair"] == pair), None)
    if total is None:
        return None
    imps = answer["scoring"] == "imps"
    rows = []
    for board in answer["boards"]:
        for result in board["results"]:
            if pair not in (result["ns"], result["ew"]):
                continue
            side = "ns" if result["ns"] == pair else "ew"
            row: dict[str, Any] = {
                "board": board["board"], "vulnerable": board["vulnerable"],
                "direction": side.upper(),
                "opponents": result["ew"] if side == "ns" else result["ns"]}
            row.update((k, result[k]) for k in DEAL_KEYS if k in result)
            if "score" in result:  # NS's score, turned to this pair's side
                row["score"] = result["score"] if side == "ns" else -result["score"]
            if imps:
                row["imps"] = result[f"{side}_imps"]
            else:
                row["mp"], row["top"] = result[f"{side}_mp"], board["top"]
            rows.append(row)
    return {"pair": pair, "names": total["names"], "boards": rows,
            "total": {k: v for k, v in total.items() if k not in ("pair", "names")}}
