#!/usr/bin/env python3
"""A game with friends in the page on a phone-sized profile, timed: every link opened.

    uv run python bench/bench_remote_browser.py [--games arboretum arribada] [--rate 4]
                                                [--whole] [--site DIR] [--json out.json]

Two browser profiles (two devices), each a phone's viewport (390x844) with the CPU
slowed ``--rate`` times (Chrome's CPU throttling: 4 is a mid-range phone), play a
2-player game of private hands by the links their share panels show, as
tests/browser/test_remote_play.py plays it (Arboretum: its whole game; Arribada: its
set-up and six turns, or its whole game with ``--whole``).  For every link opened it
takes the page's own measure of the act (``tablero:dispatch``: from the link's act to
the DOM updated, reading the link included) and sorts it: a set-up link (a shuffle of
the deck: the start, a pass), a turn's link (its draws' keys), the last links (the seeds
and the audit of the whole deck).  A reading the page did in time slices (about 0.1 s
each, ``tablero.web.timeslice``, the screen saying it is still reading) counts its
longest act: the time the page did not answer.  Bound (issue 40): each at most 1 s; the
exit code is 1 when one is over.  Figures: docs/remote-play.md ("In the app").
"""

from __future__ import annotations

import argparse
import statistics
import sys

from browser_site import browser_on_site, write_json
from conftest import wait_ready

BOUND_S = 1.0
PHONE = {"width": 390, "height": 844}
PANEL = ".shell-remote-share"
LINK = f"{PANEL} input.shell-link"


def take_link(page) -> str:
    page.wait_for_selector(LINK)
    url = page.input_value(LINK)
    page.locator(f'{PANEL} [data-act="app.share-close"]').click()
    page.wait_for_selector(PANEL, state="detached")
    return url


#: The reading of a link: how many acts (the first, then its time slices), the longest
#: one and their sum, in seconds (the page's own ``tablero:dispatch`` measures).
READING = """n => { const e = performance.getEntriesByName('tablero:dispatch').slice(n);
  const d = e.map((x) => x.duration / 1000);
  return [d.length, Math.max(...d), d.reduce((a, b) => a + b, 0),
          e.length ? (e[e.length - 1].startTime + e[e.length - 1].duration - e[0].startTime)
                     / 1000 : 0]; }"""
SLICES: list[tuple[int, float, float, float]] = []  # every reading in slices: its figures


def opened(page, url: str) -> float:
    """Open ``url`` on ``page``, its reading to the end (in time slices on a slow
    device: ``body[data-later]`` 0 again); the longest act of it, in seconds (the time
    the page did not answer), every reading in more than one act noted in
    :data:`SLICES`."""
    before = page.evaluate("() => performance.getEntriesByName('tablero:dispatch').length")
    page.goto(url)
    page.wait_for_function(
        "n => performance.getEntriesByName('tablero:dispatch').length > n", arg=before
    )
    page.wait_for_function(
        "() => document.body.dataset.ready === '1' && document.body.dataset.later !== '1'",
        timeout=120_000,
    )
    count, longest, total, wall = page.evaluate(READING, before)
    if count > 1:
        SLICES.append((count, longest, total, wall))
    return float(longest)


def kind_of(page) -> str:
    line = page.evaluate("() => document.querySelector('.shell-remote-line')?.textContent ?? ''")
    if "Shuffling" in line or "Mixing" in line:
        return "set-up"
    if page.locator(".shell-end").count():
        return "end"
    return "turn"


def state(page) -> str:
    return page.evaluate("() => document.querySelector('[data-remote]')?.dataset.remote ?? ''")


def deliver(pages, sender, url: str, times: dict[str, list[float]]) -> None:
    queue = [(sender, url)]
    while queue:
        source, link = queue.pop(0)
        for page in pages:
            if page is source:
                continue
            seconds = opened(page, link)
            times.setdefault(kind_of(page), []).append(seconds)
            if page.locator(PANEL).count():
                queue.append((page, take_link(page)))


def seat_up(browser, url: str, game: str, rate: float) -> list:
    pages = []
    for _ in range(2):
        context = browser.new_context(viewport=PHONE, reduced_motion="reduce", is_mobile=True)
        page = context.new_page()
        page.goto(url)
        wait_ready(page)
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        pages.append(page)
    ana, ben = pages
    ana.locator('[data-act="app.remote-new"]').click()
    ana.select_option('select[name="game"]', game)
    ana.wait_for_selector('select[name="dealing"]')
    ana.fill('input[name="name"]', "Ana")
    ana.locator('form[data-act="app.remote-create"] button[type="submit"]').click()
    invite = take_link(ana)
    ben.goto(invite)
    ben.wait_for_selector(".shell-remote-join")
    ben.fill('input[name="name"]', "Ben")
    ben.locator('form[data-act="app.remote-join"] button[type="submit"]').click()
    join = take_link(ben)
    return [ana, ben, join]


def play(page, game: str) -> None:
    """Clicks of the viewer's turn until its share panel opens."""
    import arboretum_ui

    for _ in range(40):
        if page.locator(PANEL).count():
            return
        if game == "arboretum":
            status = arboretum_ui.status(page).lower()
            if "draw" in status:
                page.locator('[data-act="move"][data-move="draw deck"]').first.click()
            elif "discard" in status:
                page.locator('[data-act="pick-card"]').first.click()
                page.locator('[data-act="confirm-move"]').first.click()
            else:
                page.locator('[data-act="pick-card"]').first.click()
                page.locator('[data-act="cell"]').first.click()
                page.locator('[data-act="confirm-move"]').first.click()
        else:
            from ui import NEXT_CLICK

            selector = page.evaluate(NEXT_CLICK)
            page.locator(selector).first.click()
        page.wait_for_timeout(50)
    raise AssertionError("no link to send")


def run(browser, url: str, game: str, rate: float, whole: bool = False) -> dict:
    ana, ben, join = seat_up(browser, url, game, rate)
    times: dict[str, list[float]] = {}
    times.setdefault("set-up", []).append(opened(ana, join))
    deliver([ana, ben], ana, take_link(ana), times)
    turns = 0
    limit = 400 if game == "arboretum" or whole else 6
    while turns < limit and not (
        ana.locator(".shell-end").count() and ben.locator(".shell-end").count()
    ):
        mover = ana if state(ana) == "your-turn" else ben
        play(mover, game)
        deliver([ana, ben], mover, take_link(mover), times)
        turns += 1
    for page in (ana, ben):
        page.context.close()
    return {"turns": turns, "times": times}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", nargs="+", default=["arboretum"], choices=["arboretum", "arribada"]
    )
    parser.add_argument(
        "--rate", type=float, default=4.0, help="CPU slowdown (Chrome's throttling)"
    )
    parser.add_argument(
        "--whole", action="store_true", help="Arribada's whole game too (else six turns)"
    )
    parser.add_argument("--site", help="a built site to use (default: build one)")
    parser.add_argument("--json", help="write the results here")
    args = parser.parse_args(argv)
    ok = True
    results: dict[str, dict] = {}
    with browser_on_site(args.site) as (browser, url):
        for game in args.games:
            SLICES.clear()
            result = results[game] = run(browser, url, game, args.rate, args.whole)
            result["slices"] = list(SLICES)
            if SLICES:
                print(
                    f"{game}: {len(SLICES)} readings went on in time slices: "
                    f"{max(c for c, *_ in SLICES)} acts at most, the longest act "
                    f"{max(x for _, x, _, _ in SLICES):.2f} s, the longest reading "
                    f"{max(w for *_, w in SLICES):.2f} s from its first act to its last",
                    flush=True,
                )
            for kind, times in sorted(result["times"].items()):
                over = max(times) > BOUND_S
                ok = ok and not over
                print(
                    f"{game} ({result['turns']} turns, CPU / {args.rate:g}): {kind}: "
                    f"{len(times)} links, median {statistics.median(times):.2f} s, "
                    f"max {max(times):.2f} s (bound {BOUND_S:g} s)" + (" OVER" if over else ""),
                    flush=True,
                )
    write_json(args.json, results)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
