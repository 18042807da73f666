"""The hostile load (tests/benchmarks/hostile.py) in its short form: 8 scorers save a hand a
second while 16 clients hammer PDFs and 16 others create matches and send junk, for 10 s,
against the real server. Every save is stored, no answer is a 500, and hand saves never stall
(p99 under 2 s here; the benchmark itself holds them to 100 ms, see its docstring). The long
form: ``.venv/bin/python tests/benchmarks/hostile.py`` (60 s)."""

from __future__ import annotations

import pytest
from support.reliability import benchmark_script

pytestmark = pytest.mark.slow

# Seconds (or 4 x the scorers' own p99 on a machine busy with other work). Since issue 21 the
# server has no scheduler of its own (the lane is gone): under this flood a save waits for the
# GIL behind the strangers' requests (p99 of seconds on the shared machine); the stock answer
# is the nginx profile's per-address limits. This bound catches a stall (14-15 s before
# issue 10), not the 100 ms target (docs/performance.md).
STALL_LIMIT = 10.0


def test_scorers_stay_fast_while_strangers_hammer_the_server():
    hostile = benchmark_script("hostile")
    args = hostile.parse_args(["--short"])
    assert args.duration == hostile.SHORT_DURATION
    result = hostile.run(args)
    summary = result.summary()
    statuses = result.stats.statuses
    assert not any(status >= 500 and status not in (503, 507) for _kind, status in statuses), \
        summary
    assert not any(status == 500 for _kind, status in statuses), summary
    # A kept-alive connection the server closed meanwhile (a 429 or 413 without reading the
    # body, or idle past keepalive) breaks the client's next send: HTTP allows it, browsers
    # send again. Anything else is an error.
    reused = ("Broken pipe", "Connection reset", "RemoteDisconnected",
              "Remote end closed connection without response")  # RemoteDisconnected's words
    assert [e for e in result.errors if not any(r in e for r in reused)] == [], summary
    assert result.stats.saved >= 8 * 5, summary  # every scorer saved hands all along
    assert sum(n for (kind, _s), n in statuses.items() if kind == "pdf") > 16, summary
    assert sum(n for (kind, _s), n in statuses.items() if kind == "junk") > 16, summary
    assert statuses[("create", 429)] + statuses[("import", 429)] > 0, summary  # the budget
    assert result.baseline, summary
    # Saves never stall: they took 14-15 s (median) under a PDF flood before issue 10. The
    # 100 ms target (result.ok, the benchmark's exit status) needs a machine with its 2 cores
    # to itself; on a shared one this short run checks the order of magnitude.
    assert result.save_p99 < max(STALL_LIMIT, 4 * result.baseline_p99), summary
