#!/usr/bin/env python3
"""The hard bot's decisions in the browser, timed against their 2-second bound.

    uv run python bench/bench_bots_browser.py [--games arribada arraial diadeplaya]
                                              [--site DIR] [--json out.json]

Three scenarios, each a game against ``bot:hard`` played through the built site in
Chromium (the bot in its Web Worker), as the browser tests play it; each prints its
decisions' times, from a decision asked of the worker to its move applied on the page,
with the worker's start (the bot's first turn) left out:

* **arribada**: Ana against Ben (hard), seed 21, three of Ana's turns; every decision
  and the median at most 2 s; also the MCTS iterations a second and the worker's start;
* **arraial**: Ana against Ben (hard), seed 5, two of Ana's turns; every decision at most
  2 s, at least three decisions and one searched;
* **arraial-turn**: Ana against Ben (hard), seed 5, Ben's whole turns after Ana's next
  four: each turn (its takes, landings, the end and the refill: every decision asked of
  the worker) from its first decision asked to its last move applied, at most 4 s (issue
  43: the bot's turns took 11-14 s, with four take/put-back pairs); no ``back`` played;
  also the turn's decisions (asked/searched), the turn in budgets (the time a turn costs
  over hard's 1000 ms a decision) and the MCTS iterations a second;
* **diadeplaya**: competitive, Ana against Ben (hard, the look-ahead), seed 5, three
  turns; every decision at most 2 s, each of the three takes searched (at least one
  deal), nine decisions (take, turn, lay) and Ben's cards laid.
* **responsive**: Arribada, Ana against Ben (hard), seed 9: while Ben thinks, Ana opens
  the menu, the rules and goes back to the table; each input is answered within 300 ms
  (from the input event's time stamp, so time spent waiting for a busy main thread
  counts, to the DOM change it causes), all three while Ben still thinks.

These were timed tests of the suite until issue 31 (``test_a_hard_move_takes_at_most_two
_seconds``, ``test_a_hard_bots_decision_takes_at_most_two_seconds``, ``test_a_hard_bots
_turns_in_the_worker_take_at_most_two_seconds_a_decision``, and the 300 ms bound of
``test_page_stays_responsive_while_hard_thinks``): timings are measured here,
never in ``python3 build.py test``.  The exit code is 1 when a bound or a check fails,
and the line of each scenario says which.  Figures: docs/bots.md ("In the browser").
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable

from browser_site import browser_on_site, write_json
from conftest import wait_ready

BOUND_S = 2.0
TURN_BOUND_S = 4.0  # a whole Arraial turn of hard (issue 43)
ARRAIAL_TURNS = 4
LATENCY_BOUND_S = 0.3  # an input answered while hard thinks
#: Latency measured in the page: from the input event (its timeStamp: when the press
#: happened, so time spent waiting for a busy main thread counts) to the DOM change it
#: causes (the menu's "open", or the app's render counter).
LATENCY_PROBE = """() => {
  let pressed = null, changed = null;
  document.addEventListener('pointerdown', (e) => { pressed = e.timeStamp; changed = null; },
                            true);
  new MutationObserver(() => { if (changed === null) changed = performance.now(); })
    .observe(document.getElementById('app'),
             {attributes: true, subtree: true, attributeFilter: ['open', 'data-render']});
  window.__latency = () => changed - pressed;
}"""
VIEWPORT = {"width": 1280, "height": 800}


def decision_times(log: list[dict]) -> list[float]:
    """Seconds from each decision asked to its move applied."""
    asked = {e["id"]: e["at"] for e in log if e["event"] == "asked"}
    applied = {e["id"]: e["at"] for e in log if e["event"] == "applied"}
    return sorted((applied[i] - asked[i]) / 1000 for i in asked if i in applied)


def bots_log(page) -> list[dict]:
    return list(page.evaluate("[...window.tableroBots.log]"))


def arribada(page) -> dict:
    from test_bots_play import new_bot_game, play_human_turn, wait_bot_turn_over

    new_bot_game(page, "hard", seed="21")
    play_human_turn(page)  # the worker starts during the bot's first turn: not counted
    wait_bot_turn_over(page)
    counted = len(bots_log(page))
    for _ in range(3):
        play_human_turn(page)
        if page.locator(".shell-end").count():
            break
        wait_bot_turn_over(page)
    log = bots_log(page)[counted:]
    times = decision_times(log)
    asked = {e["id"] for e in log if e["event"] == "asked"}
    answers = [e for e in log if e["event"] == "answered" and e["id"] in asked]
    searched = [e for e in answers if e.get("stats_iterations", 0) > 0]
    rates = [e["stats_iterations"] / e["stats_seconds"] for e in searched if e["stats_seconds"]]
    checks = {
        "at least 3 decisions": len(times) >= 3,
        f"median at most {BOUND_S} s": bool(times) and statistics.median(times) <= BOUND_S,
    }
    return {
        "times": times,
        "checks": checks,
        "extra": f"{statistics.median(rates):,.0f} MCTS iterations/s (median of {len(rates)}); "
        f"worker start {page.evaluate('window.tableroBots.startMs') / 1000:.2f} s"
        if rates
        else "",
    }


def arraial(page) -> dict:
    from arraial_ui import play_turn
    from test_arraial_play import wait_decision_or_end
    from viewport_shots import start_game, wait_decision

    start_game(page, "arraial", kinds=("human", "bot:hard"), seed=5)
    wait_decision(page, "act:pick")
    play_turn(page)
    wait_decision_or_end(page)
    counted = len(bots_log(page))
    for _ in range(2):
        play_turn(page)
        wait_decision_or_end(page)
        if page.locator(".shell-end").count():
            break
    log = bots_log(page)[counted:]
    searched = [e for e in log if e["event"] == "answered" and e.get("stats_iterations", 0) > 0]
    times = decision_times(log)
    return {
        "times": times,
        "checks": {"at least 3 decisions": len(times) >= 3, "one searched": bool(searched)},
        "extra": f"{len(searched)} searched",
    }


def turns_of(log: list[dict], marks: list[int]) -> list[list[dict]]:
    """The log cut at ``marks`` (its length before each of the person's turns): each
    piece is the bot's turn that followed, every decision asked and applied in it."""
    return [log[a:b] for a, b in zip(marks, marks[1:], strict=False)]


def arraial_turn(page) -> dict:
    """Ben's whole turns (every decision of a turn: takes, landings, the end, the
    refill), each from its first decision asked to its last move applied."""
    from arraial_ui import play_turn
    from test_arraial_play import wait_decision_or_end
    from viewport_shots import start_game, wait_decision

    start_game(page, "arraial", kinds=("human", "bot:hard"), seed=5)
    wait_decision(page, "act:pick")
    play_turn(page)
    wait_decision_or_end(page)  # Ben's first turn, with the worker's start: not counted
    marks = [len(bots_log(page))]
    for _ in range(ARRAIAL_TURNS):
        play_turn(page)
        wait_decision_or_end(page)
        marks.append(len(bots_log(page)))
        if page.locator(".shell-end").count():
            break
    turns = [t for t in turns_of(bots_log(page), marks) if t]
    times = []
    decisions = []
    backs = 0
    rates = []
    for turn in turns:
        asked = [e["at"] for e in turn if e["event"] == "asked"]
        applied = [e["at"] for e in turn if e["event"] == "applied"]
        answers = [e for e in turn if e["event"] == "answered"]
        times.append((max(applied) - min(asked)) / 1000)
        decisions.append(f"{len(answers)}/{sum(e.get('stats_iterations', 0) > 0 for e in answers)}")
        backs += sum(e.get("move") == "back" for e in answers)
        rates += [e["stats_iterations"] / e["stats_seconds"] for e in answers
                  if e.get("stats_iterations", 0) > 0 and e["stats_seconds"]]  # fmt: skip
    from tablero.web.model import BOT_BUDGET_MS

    budget = BOT_BUDGET_MS["hard"] / 1000
    return {
        "times": times,
        "bound": TURN_BOUND_S,
        "checks": {f"{ARRAIAL_TURNS} turns": len(times) >= ARRAIAL_TURNS, "no back": not backs},
        "extra": "turns "
        + ", ".join(f"{t:.2f} s" for t in times)
        + f" ({statistics.mean(times) / budget:.2f} budgets a turn on average); "
        f"decisions/searched {decisions}; {backs} back(s); "
        + (f"{statistics.median(rates):,.0f} MCTS iterations/s (median)" if rates else ""),
    }


def diadeplaya(page) -> dict:
    import diadeplaya_ui as dp
    from viewport_shots import wait_decision

    dp.start(page, "competitive", kinds=("human", "bot:hard"), seed=5)
    wait_decision(page, "side:")
    dp.play_turn(page)  # Ana's first card; then Ben's, and the worker's start
    dp.wait_turn_or_end(page)
    counted = len(bots_log(page))
    for _ in range(3):
        dp.play_turn(page)
        dp.wait_turn_or_end(page)
    log = bots_log(page)[counted:]
    times = decision_times(log)
    takes = [e for e in log if e["event"] == "answered" and e["move"].startswith("take")]
    from test_diadeplaya_play import log_text

    return {
        "times": times,
        "checks": {
            "3 takes, 9 decisions": len(takes) == 3 and len(times) >= 9,
            "every take searched": all(e["stats_iterations"] >= 1 for e in takes),
            "Ben's cards laid": "Ben lays card " in log_text(page),
        },
        "extra": f"deals per take {[e['stats_iterations'] for e in takes]}",
    }


def responsive(page) -> dict:
    from test_bots_play import (
        new_bot_game,
        play_human_turn,
        thinking,
        wait_bot_turn_over,
    )
    from ui import click

    new_bot_game(page, "hard", seed="9")  # Ana first
    play_human_turn(page)
    times = []
    still = thinking(page)
    page.evaluate(LATENCY_PROBE)
    page.locator("details.shell-menu > summary").click()
    page.wait_for_selector(".shell-menu-items [data-act='app.rules']", state="visible")
    times.append(page.evaluate("window.__latency()") / 1000)
    click(page, ".shell-menu-items [data-act='app.rules']")
    times.append(page.evaluate("window.__latency()") / 1000)
    click(page, "[data-act='app.back']")
    times.append(page.evaluate("window.__latency()") / 1000)
    answered = [e for e in bots_log(page) if e["event"] == "answered"]
    still = still and (thinking(page) or bool(answered))
    wait_bot_turn_over(page)
    return {
        "times": times,
        "bound": LATENCY_BOUND_S,
        "checks": {"the bot thought meanwhile": still},
        "extra": "menu, rules, back: " + ", ".join(f"{t * 1000:.0f} ms" for t in times),
    }


SCENARIOS: dict[str, Callable] = {
    "arribada": arribada,
    "arraial": arraial,
    "arraial-turn": arraial_turn,
    "diadeplaya": diadeplaya,
    "responsive": responsive,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(SCENARIOS), choices=list(SCENARIOS))
    parser.add_argument("--site", help="a built site to use (default: build one)")
    parser.add_argument("--json", help="write the results here")
    args = parser.parse_args(argv)
    results: dict[str, dict] = {}
    with browser_on_site(args.site) as (browser, url):
        for game in args.games:
            context = browser.new_context(viewport=VIEWPORT, reduced_motion="reduce")
            page = context.new_page()
            page.goto(url)
            wait_ready(page)
            result = SCENARIOS[game](page)
            context.close()
            times = result["times"]
            bound = result.get("bound", BOUND_S)
            result["checks"][f"every one at most {bound} s"] = bool(times) and (max(times) <= bound)
            results[game] = result
            failed = [name for name, ok in result["checks"].items() if not ok]
            print(
                f"{game}, hard in the browser: {len(times)} timed, "
                f"median {statistics.median(times) if times else float('nan'):.2f} s, "
                f"max {max(times) if times else float('nan'):.2f} s (bound {bound} s); "
                f"{result['extra']}; "
                + ("all checks hold" if not failed else "FAILED: " + ", ".join(failed)),
                flush=True,
            )
    write_json(args.json, results)
    return 0 if all(all(r["checks"].values()) for r in results.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
