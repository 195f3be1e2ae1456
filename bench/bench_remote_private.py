#!/usr/bin/env python3
"""Private hands at a remote table (mental poker): links a turn, link sizes, and the
set-up's and the audit's times, over whole games between ``medium`` bots.

    uv run python bench/bench_remote_private.py [--games 3] [--game arboretum arribada]
                                                [--players 2 3 4] [--json FILE]

Each configuration (game, players, mode) plays ``--games`` whole games in one process,
every device its own ``RemoteTable``, every link sent to every other device as it comes
(``tests/web/test_remote_private.py`` drives the same way); each seat's moves are chosen
by a ``medium`` bot from that seat's view.  Figures:

* turns (a turn: a seat's moves until another seat moves) and turn links (``t`` links
  after the set-up's), their ratio; the set-up's links (2N-1) and a refresh's mix (3N-2)
  counted apart;
* link sizes in characters: the set-up's largest (a deck), a turn's mean and largest
  among the links that carry no deck;
* the places dealt from another seat's lane (the one case a tampered app could have
  seen another's card: ``docs/remote-play.md``);
* CPU seconds: one device's set-up (its passes, from the start to its first turn) and
  one device's audit at the end (every pass recomputed), measured on a fresh process
  state (the pass cache emptied) so that no device reuses another's work.
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
        "taken": len(deck.taken_from),
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--game", nargs="+", default=["arboretum", "arribada"])
    parser.add_argument("--players", nargs="+", type=int, default=[2, 3, 4])
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rows = []
    print(
        "game       p mode           turns t-links /turn set-up mixes(links) "
        "setup-max mix-max turn-mean turn-max taken draws setup-cpu audit-cpu"
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
                    f"{row['turn_max']:8.0f} {row['taken']:5.1f} {row['draws']:5.0f} "
                    f"{row['setup_cpu']:9.2f} {row['audit_cpu']:9.2f}",
                    flush=True,
                )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
