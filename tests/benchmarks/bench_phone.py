"""What the phone sees (issue 41): the match page on a slow phone, cold and warm, and Save.

Run: ``.venv/bin/python tests/benchmarks/bench_phone.py [--runs N] [--hands H]``

Starts ``scorekeeper serve`` (gunicorn, the production mode) on a temporary instance folder,
creates a Euchre match of H hands (default 30) through the API, then drives Chromium at
390x844 with a phone's handicaps set through the DevTools protocol: the CPU 4x slower
(``Emulation.setCPUThrottlingRate``) and Chrome's "Slow 4G" network (562.5 ms latency,
180 kB/s down, 84 kB/s up: ``Network.emulateNetworkConditions``). Each run measures:

- **cold**: a new browser context (no cache, no service worker) opens the match page (the
  view link, as the table's other phones do); the page is interactive when its deferred
  scripts have run (``domContentLoadedEventEnd``);
- **link**: another new context opens the scorer's link, which answers with a redirect to
  the match page once it has taken the key (keys stay out of the address bar and history):
  one more round trip than **cold**;
- **warm**: the same context opens the match page again (cache and service worker warm);
- **board**: a hand tapped in, then Save; from the tap on Save to the board showing the new
  score (drawn at once from the page's own outcomes while the hand is on its way), and
  **stored**: to the board of the server's new version (both in the page's own clock).

It prints the median and the worst of each in milliseconds, and the targets: interactive
≤ 1.5 s cold and ≤ 0.5 s warm, Save to the updated board ≤ 150 ms. Exit status 0 when the
medians meet them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import HAND_CYCLE, SEATS, Client, ServeProcess
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"  # Debian's, as the browser tests use
SLOW_4G = {"offline": False, "latency": 562.5, "downloadThroughput": 180_000,
           "uploadThroughput": 84_375}
TARGETS = {"cold": 1500.0, "link": 0.0, "warm": 500.0, "board": 150.0, "stored": 0.0}
INTERACTIVE = "() => performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"
# Resolves with the milliseconds from the tap on Save to the board showing the hand (the
# score it will have, drawn at once from the page's own outcomes: queue.js) and to the
# board of the server's new version (a MutationObserver on ``#live``'s ``data-version``).
SAVE = """() => new Promise((done) => {
  const live = document.getElementById("live"), before = live.dataset.version;
  const score = () => [...document.querySelectorAll("#board .pts")].map((p) => p.textContent);
  const was = score().join("|");
  let tapped = 0, shown = null;
  new MutationObserver(() => {
    if (shown === null && score().join("|") !== was) shown = performance.now() - tapped;
    if (live.dataset.version !== before) {
      const stored = performance.now() - tapped;
      done({ board: shown === null ? stored : shown, stored: stored });
    }
  }).observe(document.getElementById("main") || document.body,
             { attributes: true, childList: true, subtree: true, characterData: true });
  tapped = performance.now();
  document.getElementById("save").click();
})"""


def match_with_hands(base: str, hands: int) -> str:
    """A long Euchre match of ``hands`` hands; the scorer's link."""
    client = Client(base)
    match = {"format": "scorekeeper-match/1", "game": "euchre", "seats": SEATS,
             "first_dealer": "N", "rules": {"target": 200}}
    status, body, _h, _t = client.request("POST", "/api/matches", match)
    assert status == 201, body
    match_id, key, edit = body["id"], body["edit_key"], body["edit_url"]
    assert edit.startswith(f"/m/{match_id}?"), edit  # the view link is the path alone
    for no in range(1, hands + 1):
        hand = {**HAND_CYCLE[no % len(HAND_CYCLE)], "no": no}
        status, body, _h, _t = client.request(
            "POST", f"/api/matches/{match_id}/hands", hand,
            {"Authorization": f"Bearer {key}", "Idempotency-Key": f"h{no}"})
        assert status == 201, body
    return str(edit)


def slow_phone(browser):
    """A new context (no cache, no service worker) and its page, with a phone's handicaps."""
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    return context, page


def one_run(browser, base: str, edit: str) -> dict[str, float]:
    context, page = slow_phone(browser)
    try:
        page.goto(base + edit.split("?", 1)[0], wait_until="load")  # the view link
        cold = float(page.evaluate(INTERACTIVE))
    finally:
        context.close()
    context, page = slow_phone(browser)
    try:
        page.goto(base + edit, wait_until="load")  # the key is taken, the match page shown
        link = float(page.evaluate(INTERACTIVE))
        page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                               timeout=60_000)
        page.goto(page.url, wait_until="load")
        warm = float(page.evaluate(INTERACTIVE))
        page.locator("#caller label").first.click()
        page.locator("#makers_tricks input[value='3']").click(force=True)
        page.wait_for_function(
            "() => document.getElementById('save').textContent.includes(':')", timeout=60_000)
        saved = page.evaluate(SAVE)
        return {"cold": cold, "link": link, "warm": warm, "board": float(saved["board"]),
                "stored": float(saved["stored"])}
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="cold, warm and save each (5)")
    parser.add_argument("--hands", type=int, default=30, help="hands in the match (30)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp, ServeProcess(Path(tmp) / "instance") as server:
        runs = []
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=CHROMIUM if Path(CHROMIUM).exists() else None,
                args=["--no-sandbox", "--disable-gpu"])
            try:
                for _n in range(args.runs):
                    runs.append(one_run(browser, server.base,
                                        match_with_hands(server.base, args.hands)))
            finally:
                browser.close()
    ok = True
    print(f"{args.runs} runs, a {args.hands}-hand match, 390x844, CPU 4x slower, Slow 4G")
    for what, target in TARGETS.items():
        values = sorted(r[what] for r in runs)
        median = statistics.median(values)
        said = {"link": "(no target: cold plus the key's redirect)"}.get(
            what, "(no target: the server's answer)")
        if target:
            ok = ok and median <= target
            said = f"target ≤ {target:.0f} ms  {'met' if median <= target else 'NOT met'}"
        print(f"{what:6}  median {median:7.1f} ms  worst {values[-1]:7.1f} ms  {said}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
