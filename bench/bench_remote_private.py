#!/usr/bin/env python3
"""Private hands at a remote table (mental poker): links a turn, link sizes, and the
set-up's and the audit's times, over whole games between ``medium`` bots.

    uv run python bench/bench_remote_private.py [--games 3] [--game arboretum arribada]
                                                [--players 2 3 4] [--json FILE]
    uv run python bench/bench_remote_private.py --pyodide [--game arboretum] [--players 4]

Each configuration (game, players, mode) plays ``--games`` whole games in one process,
every device its own ``RemoteTable``, every link sent to every other device as it comes
(``tests/web/test_remote_private.py`` drives the same way); each seat's moves are chosen
by a ``medium`` bot from that seat's view.  Figures:

* turns (a turn: a seat's moves until another seat moves) and turn links (``t`` links
  after the set-up's), their ratio; the set-up's links (2N-1) and a refresh's mix (3N-2)
  counted apart;
* link sizes in characters: the set-up's largest (a deck), a turn's mean and largest
  among the links that carry no deck;
* the lane places mixed back into the bag when the lanes closed (correspondence mode:
  ``docs/remote-play.md``);
* CPU seconds: one device's set-up (its passes, from the start to its first turn) and
  one device's audit at the end (every pass recomputed), measured on a fresh process
  state (the pass cache emptied) so that no device reuses another's work.

``--pyodide``: one random game a configuration (correspondence mode), played with every
device in one interpreter, in CPython and in Pyodide under Node (``node_modules/pyodide``,
the wheels built by ``build.py``; the Node half is ``bench_ristretto255_pyodide.mjs``):
the creator's set-up passes and its audit, each timed with the pass cache emptied first.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from tablero.bots import make_bot
from tablero.web import maskdeck, remote
from tablero.web.remote import RemoteTable


def entropy(tag: str) -> bytes:
    return f"bench entropy {tag} ..........".encode()


def one_game(game_id: str, players: int, mode: str, seed: int) -> dict[str, Any]:
    creator = RemoteTable.create(
        game_id,
        players=players,
        options={},
        seat=0,
        names=["A"],
        entropy=entropy(f"0-{seed}"),
        mode=mode,
    )
    devices = [creator]
    for q in range(1, players):
        devices.append(
            RemoteTable.join(
                creator.outbox[0], seat=q, name=f"P{q}", entropy=entropy(f"{q}-{seed}")
            )
        )
    for q in range(1, players):
        devices[0] = devices[0].receive(devices[q].outbox[0])
    queue = [(0, link) for link in devices[0].outbox]
    bots = [make_bot("medium", seed=f"{seed}-{q}") for q in range(players)]
    sent: list[tuple[int, str]] = []
    turns, last = 0, -1
    setup_cpu = 0.0
    while True:
        while queue:
            sender, link = queue.pop(0)
            sent.append((sender, link))
            for q in range(players):
                if q == sender:
                    continue
                start = time.process_time()
                devices[q] = devices[q].receive(link)
                if q == 0 and devices[0].private is not None and not _playing(devices[0]):
                    setup_cpu += time.process_time() - start
                queue.extend((q, out) for out in devices[q].outbox)
        if all(d.state.is_terminal() or d.stopped for d in devices):
            break
        movers = [
            i
            for i, d in enumerate(devices)
            if not d.waiting_for and not d.stopped and not d.state.is_terminal()
        ]
        i = movers[0]
        if i != last:
            turns += 1
        last = i
        move = str(bots[i].choose(devices[i].state))
        devices[i] = devices[i].play(move)
        queue.extend((i, link) for link in devices[i].outbox)
    assert len({tuple(d.state.scores()) for d in devices}) == 1
    assert all(d.audit.endswith("every shuffle matches") for d in devices), [
        d.audit for d in devices
    ]
    # one device's audit, again, with nothing remembered
    maskdeck._PASSES.clear()
    deck = devices[0].private
    start = time.process_time()
    ok, _ = deck.audit(devices[0]._name, devices[0].seat)
    audit_cpu = time.process_time() - start
    assert ok
    kinds = [(remote._read(link)[0], link) for _, link in sent]
    turn_links = [link for fields, link in kinds if fields[0] == "t" and "d" not in fields[9]]
    pass_links = [link for fields, link in kinds if fields[0] == "t" and "d" in fields[9]]
    setup_links = len(deck.rounds[0].order)
    mixes = [r for r in deck.rounds if r.kind == "mix"]
    return {
        "turns": turns,
        "turn_links": len(turn_links) + 1,  # the first mover's first turn rides on its lock
        "setup_links": setup_links,
        "mixes": len(mixes),
        "mix_links": sum(len(r.order) for r in mixes),
        "setup_max": max(len(link) for link in pass_links[:setup_links]),
        "mix_max": max((len(link) for link in pass_links[setup_links:]), default=0),
        "turn_mean": statistics.fmean(len(link) for link in turn_links),
        "turn_max": max(len(link) for link in turn_links),
        "closed": len(deck.closed_lanes),
        "draws": len(deck.drawn),
        "setup_cpu": setup_cpu,
        "audit_cpu": audit_cpu,
    }


def _playing(device: Any) -> bool:
    deck = device.private
    return (
        deck.ready
        and len(deck.rounds) == 1
        and device.state.current_player is not None
        and (device.state.chance is None)
    )


def device_costs(params: dict[str, Any]) -> dict[str, Any]:
    """One game of random moves: the creator's set-up passes (seconds, summed) and its
    audit (seconds), the pass cache emptied before each (runs in Pyodide as is)."""
    import time as _time

    from tablero.core import Rng
    from tablero.web import maskdeck as _maskdeck
    from tablero.web.privatedeck import PrivateDeck
    from tablero.web.remote import RemoteTable as _Table

    game_id, players = params["game"], params["players"]
    spent = {"passes": 0.0}
    real = PrivateDeck.make_pass

    def timed(self: Any, keys: Any) -> Any:
        _maskdeck._PASSES.clear()
        start = _time.perf_counter()
        out = real(self, keys)
        spent["passes"] += _time.perf_counter() - start
        return out

    def ent(tag: str) -> bytes:
        return f"pyodide bench {tag} ..........".encode()

    tables = [_Table.create(game_id, players=players, options={}, seat=0, names=["A"],
                            entropy=ent("0"), mode="correspondence")]  # fmt: skip
    for q in range(1, players):
        tables.append(_Table.join(tables[0].outbox[0], seat=q, name=f"P{q}", entropy=ent(str(q))))
    for q in range(1, players):
        tables[0] = tables[0].receive(tables[q].outbox[0])
    queue = [(0, link) for link in tables[0].outbox]
    rng = Rng(7)
    creator_passes = 0.0
    while True:
        while queue:
            sender, link = queue.pop(0)
            for q in range(players):
                if q != sender:
                    if q == 0:
                        PrivateDeck.make_pass = timed  # type: ignore[method-assign]
                    tables[q] = tables[q].receive(link)
                    PrivateDeck.make_pass = real  # type: ignore[method-assign]
                    queue.extend((q, out) for out in tables[q].outbox)
        if all(t.state.is_terminal() or t.stopped for t in tables):
            break
        i = next(
            i for i, t in enumerate(tables)
            if not t.waiting_for and not t.stopped and not t.state.is_terminal()
        )  # fmt: skip
        legal = tables[i].state.legal_moves()
        if i == 0:
            PrivateDeck.make_pass = timed  # type: ignore[method-assign]
        tables[i] = tables[i].play(str(legal[rng.randbelow(len(legal))]))
        PrivateDeck.make_pass = real  # type: ignore[method-assign]
        queue.extend((i, link) for link in tables[i].outbox)
    creator_passes = spent["passes"]
    _maskdeck._PASSES.clear()
    deck = tables[0].private
    start = _time.perf_counter()
    ok, text = deck.audit(tables[0]._name, 0)
    audit = _time.perf_counter() - start
    mixes = sum(1 for r in deck.rounds if r.kind == "mix")
    return {"passes_s": creator_passes, "audit_s": audit, "ok": ok, "text": text, "mixes": mixes}


def run_pyodide(params: dict[str, Any]) -> dict[str, Any]:
    """:func:`device_costs` in Pyodide under Node."""
    import inspect
    import shutil
    import subprocess
    import tempfile

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root))
    import build

    node = shutil.which("node")
    if node is None:
        raise SystemExit("Node.js is needed (node_modules/pyodide runs under it)")
    with tempfile.TemporaryDirectory(prefix="tablero-bench-") as tmp:
        names = ("tablero-core", f"tablero-{params['game']}", "tablero-web")
        wheels = build.build_wheels(Path(tmp), names)
        code = "from typing import Any\n" + inspect.getsource(device_costs).replace(
            "def device_costs", "def measure"
        )
        job = {**params, "wheels": [str(w) for w in wheels], "code": code}
        job_path = Path(tmp) / "job.json"
        job_path.write_text(json.dumps(job))
        out = subprocess.run(
            [node, str(root / "bench" / "bench_ristretto255_pyodide.mjs"), str(job_path)],
            cwd=root, capture_output=True, text=True, check=False,
        )  # fmt: skip
    if out.returncode != 0:
        lines = [line for line in out.stderr.splitlines() if len(line) < 400]
        raise SystemExit("\n".join(lines[-30:]))
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def pyodide_main(games: list[str], players: list[int]) -> int:
    print("game       p  mixes  cpython: passes  audit   pyodide: passes  audit   ratio")
    for game_id in games:
        for n in players:
            params = {"game": game_id, "players": n}
            here = device_costs(params)
            there = run_pyodide(params)["result"]
            assert here["ok"] and there["ok"], (here, there)
            ratio = (there["passes_s"] + there["audit_s"]) / (here["passes_s"] + here["audit_s"])
            print(
                f"{game_id:10} {n}  {here['mixes']:5}  {here['passes_s']:15.2f} "
                f"{here['audit_s']:6.2f}  {there['passes_s']:15.2f} {there['audit_s']:6.2f}"
                f"  {ratio:5.2f}",
                flush=True,
            )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--game", nargs="+", default=["arboretum", "arribada"])
    parser.add_argument("--players", nargs="+", type=int, default=[2, 3, 4])
    parser.add_argument("--json", type=Path)
    parser.add_argument("--pyodide", action="store_true")
    args = parser.parse_args()
    if args.pyodide:
        return pyodide_main(args.game, args.players)
    rows = []
    print(
        "game       p mode           turns t-links /turn set-up mixes(links) "
        "setup-max mix-max turn-mean turn-max closed draws setup-cpu audit-cpu"
    )
    for game_id in args.game:
        for players in args.players:
            for mode in ("correspondence", "strict"):
                runs = [one_game(game_id, players, mode, seed) for seed in range(args.games)]
                row: dict[str, Any] = {"game": game_id, "players": players, "mode": mode}
                for key in runs[0]:
                    row[key] = statistics.fmean(r[key] for r in runs)
                row["turn_max"] = max(r["turn_max"] for r in runs)
                row["setup_max"] = max(r["setup_max"] for r in runs)
                row["mix_max"] = max(r["mix_max"] for r in runs)
                rows.append(row)
                print(
                    f"{game_id:10} {players} {mode:14} {row['turns']:5.0f} "
                    f"{row['turn_links']:7.0f} {row['turn_links'] / row['turns']:5.2f} "
                    f"{row['setup_links']:6.0f} {row['mixes']:4.1f}({row['mix_links']:4.0f}) "
                    f"{row['setup_max']:9.0f} {row['mix_max']:7.0f} {row['turn_mean']:9.0f} "
                    f"{row['turn_max']:8.0f} {row['closed']:6.1f} {row['draws']:5.0f} "
                    f"{row['setup_cpu']:9.2f} {row['audit_cpu']:9.2f}",
                    flush=True,
                )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
