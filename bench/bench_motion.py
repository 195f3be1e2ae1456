"""The table in motion, measured: the intervals between animation frames while the moves
animate, over whole games against a bot, in the browser a player runs.

For each game, a page with motion allowed and playback on (the defaults) starts a game of
Ana (a person) against ``bot:random`` by keyboard (``tests/browser/keys.py``), then plays
Ana's every decision by Enter until the end; the bot's moves are played back at their
pace, every move animates (``static/boot/motion.js``).  A ``requestAnimationFrame`` loop in
the page records each frame's interval while an animation runs
(``html[data-animating]``); the report gives, per game, the moves animated, the frames
seen during animations and the median and 95th percentile of their intervals (issue
"The table in motion": at most 20 ms at the 95th percentile), and the same for the frames
that hold no render of the app (a render is a click's or a bot's move, whose cost
``bench_boot.py`` measures: the frame it lands in is the click's, not the animation's),
then the end sequence stepped through once.  Not a test: timings stay out of the suite.

    uv run python bench/bench_motion.py [--games arribada,arraial] [--site DIR] [--json F]
"""

from __future__ import annotations

import argparse
import statistics
import time

from browser_site import browser_on_site, write_json

GAMES = ("arribada", "arboretum", "arraial", "diadeplaya")
MAX_STEPS = 600

#: The frame sampler: every frame's interval while an animation runs.
SAMPLER = """() => {
  if (window.__frames) return;
  const out = window.__frames = [];
  let last = 0, render = '';
  const tick = (now) => {
    const r = document.getElementById('app')?.dataset.render || '';
    if (document.documentElement.dataset.animating === '1' && last)
      out.push([now - last, r !== render ? 1 : 0]);
    last = now;
    render = r;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""

#: Wait until Ana has a decision (or the game is over: its end sequence or summary).
MINE = """async () => {
  const app = document.getElementById('app');
  for (const start = performance.now(); performance.now() - start < 60000;
       await new Promise((r) => setTimeout(r, 20))) {
    if (app.querySelector('.shell-end-steps, .shell-end')) return 'end';
    if (app.querySelector('.shell-bot-problem')) return 'problem';
    if (app.querySelector('.shell-thinking')) continue;
    const d = app.querySelector('[data-decision]')?.getAttribute('data-decision') || '';
    if (d && !d.startsWith('wait:')) return app.dataset.render;
  }
  return 'timeout';
}"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def play_game(browser, url: str, game: str, seed: int) -> dict:
    from keys import new_bot_game

    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    page.evaluate(SAMPLER)
    new_bot_game(page, game, seed)
    started = time.perf_counter()
    decisions = 0
    for _ in range(MAX_STEPS):
        state = page.evaluate(MINE)
        if state in ("end", "problem", "timeout"):
            break
        page.keyboard.press("Enter")
        page.wait_for_function("b => document.getElementById('app').dataset.render !== b",
                               arg=state, timeout=10_000)  # fmt: skip
        decisions += 1
    seconds = time.perf_counter() - started
    # the end told step by step: Next through it (each step's lit parts fade in)
    steps = 0
    while page.locator('.shell-end-steps [data-act="app.end-step"].shell-primary').count():
        page.click('.shell-end-steps [data-act="app.end-step"].shell-primary')
        page.wait_for_timeout(400)
        steps += 1
    sampled = page.evaluate("() => window.__frames")
    frames = [ms for ms, _ in sampled]
    # the frames of the animations alone: none of them holds a render of the app (a
    # click's or a bot's move: its cost is the click's, bench_boot.py)
    calm = [ms for ms, rendered in sampled if not rendered]
    motion = page.evaluate("() => ({...window.tableroMotion, log: undefined})")
    context.close()
    return {
        "game": game, "end": state, "decisions": decisions, "seconds": round(seconds, 1),
        "animations": motion["started"], "finished": motion["finished"],
        "end_steps": steps, "frames": len(frames),
        "frame_median_ms": round(statistics.median(frames), 1) if frames else None,
        "frame_p95_ms": round(percentile(frames, 0.95), 1) if frames else None,
        "frame_max_ms": round(max(frames), 1) if frames else None,
        "calm_frames": len(calm),
        "calm_p95_ms": round(percentile(calm, 0.95), 1) if calm else None,
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--site", help="use this built site instead of building one")
    parser.add_argument("--json", help="write the figures to this file")
    args = parser.parse_args(argv)
    results = []
    with browser_on_site(args.site) as (browser, url):
        for game in args.games.split(","):
            row = play_game(browser, url, game, args.seed)
            results.append(row)
            print(
                f"{game:11s} {row['end']:8s} {row['decisions']:4d} decisions "
                f"{row['seconds']:6.1f} s  {row['animations']:4d} animations  "
                f"{row['frames']:5d} frames: median {row['frame_median_ms']} ms, "
                f"p95 {row['frame_p95_ms']} ms, max {row['frame_max_ms']} ms "
                f"(without a render: {row['calm_frames']} frames, p95 {row['calm_p95_ms']} ms); "
                f"{row['end_steps']} end steps"
            )
    write_json(args.json, {"games": results})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
