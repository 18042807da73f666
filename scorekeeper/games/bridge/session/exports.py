"""A checked session written out: a CSV of every result (its deal, its score, its matchpoints or
IMPs, from the check answer) and PBN with every result (``write_pbn``: a game per result, the
board's hand record as its deal). Pure; the app offers them beside the session file."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Mapping
from typing import Any

from ....engine.sessions import SessionExport
from ..pbn_export import ExportDeal, write_pbn

CSV_COLUMNS = ("board", "dealer", "vulnerable", "ns", "ns_names", "ew", "ew_names", "contract",
               "declarer", "tricks", "lead", "passed", "adjusted_ns", "adjusted_ew", "reason",
               "score", "ns_mp", "ew_mp", "top", "ns_imps", "ew_imps")


def scored_results(data: Mapping[str, Any], answer: Mapping[str, Any]
                   ) -> Iterator[tuple[Mapping[str, Any], Mapping[str, Any], Mapping[str, Any]]]:
    """Each result of the file in its order, with its board's line and its scored line from
    the answer (a board's results are answered in the file's order)."""
    boards = {b["board"]: (b, iter(b["results"])) for b in answer["boards"]}
    for raw in data["results"]:
        board, lines = boards[int(raw["board"])]
        yield raw, board, next(lines)


def write_csv(data: Mapping[str, Any], answer: Mapping[str, Any]) -> str:
    """Every result, one row each in the file's order, with a header row."""
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS, extrasaction="ignore", lineterminator="\r\n")
    writer.writeheader()
    pairs = data["pairs"]
    for raw, board, line in scored_results(data, answer):
        row: dict[str, Any] = {**line, "board": board["board"], "dealer": board["dealer"],
                               "vulnerable": board["vulnerable"], "top": board.get("top", ""),
                               "ns_names": " & ".join(pairs[line["ns"]]),
                               "ew_names": " & ".join(pairs[line["ew"]]),
                               "lead": raw.get("lead", ""), "reason": raw.get("reason", "")}
        if "adjusted" in line:
            row["adjusted_ns"], row["adjusted_ew"] = line["adjusted"]["ns"], line["adjusted"]["ew"]
        row["passed"] = "yes" if line.get("passed") else ""
        writer.writerow(row)
    return out.getvalue()


def write_session_pbn(data: Mapping[str, Any], answer: Mapping[str, Any]) -> str:
    """Every played or passed-out result as a PBN game, with its board's deal when the session
    has the hand record; the pairs' names in the seats. An adjusted score has no contract for
    PBN to carry and is left out."""
    records = data.get("boards", {})
    pairs = data["pairs"]
    scoring = "IMP" if answer["scoring"] == "imps" else "MP"
    deals = []
    for raw, board, _line in scored_results(data, answer):
        if "adjusted" in raw:
            continue
        record = {k: raw[k] for k in ("contract", "declarer", "tricks", "passed", "lead",
                                      "play", "claim", "note") if k in raw}
        hand = raw.get("deal") or records.get(str(board["board"]), {}).get("deal")
        if hand is not None:
            record["deal"] = hand
        ns, ew = pairs[raw["ns"]], pairs[raw["ew"]]
        deals.append(ExportDeal(
            record, board=board["board"], dealer=board["dealer"],
            vulnerable=board["vulnerable"],
            players={"N": ns[0], "S": ns[1], "E": ew[0], "W": ew[1]},
            event=str(data.get("name") or ""), date=str(data.get("date") or ""),
            scoring=scoring))
    text, _notes = write_pbn(deals)
    return text


EXPORTS = (SessionExport("csv", "text/csv", write_csv),
           SessionExport("pbn", "application/x-pbn", write_session_pbn))
