"""The remote table (tablero.web.remote): whole games between devices that pass links, the
fairness of the deal, and hostile messages refused with nothing changed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tablero.core import CorruptDataError, IllegalMoveError, Rng
from tablero.web.remote import RemoteTable, deal_index


def entropy(tag: str) -> bytes:
    return f"entropy for {tag} ..........".encode()


def seat_table(game_id: str, players: int, options: dict[str, Any], tag: str = "") -> list[Any]:
    """Every device of a new remote game, seated and started: creator at seat 0, the
    joiners asking for seats 1.. in order; every link sent to everyone."""
    creator = RemoteTable.create(
        game_id, players=players, options=options, seat=0, names=["Ana"], entropy=entropy(f"0{tag}")
    )
    invite = creator.outbox[0]
    devices = [creator]
    joins = []
    for q in range(1, players):
        joiner = RemoteTable.join(invite, seat=q, name=f"P{q}", entropy=entropy(f"{q}{tag}"))
        devices.append(joiner)
        joins.append(joiner.outbox[0])
    for link in joins:
        devices[0] = devices[0].receive(link)
    start = devices[0].outbox[-1]
    for q in range(1, players):
        devices[q] = devices[q].receive(start)
    return devices


def broadcast(devices: list[Any], sender: int) -> list[Any]:
    for link in devices[sender].outbox:
        for q in range(len(devices)):
            if q != sender:
                devices[q] = devices[q].receive(link)
    return devices


def play_out(devices: list[Any], rng: Rng, max_turns: int = 2000) -> tuple[list[Any], list[int]]:
    """Random legal moves by whoever's turn it is, each turn's link sent to everyone;
    the links' lengths."""
    sizes = []
    for _ in range(max_turns):
        movers = [d.seat for d in devices if d.waiting_for == () and not d.state.is_terminal()]
        if all(d.state.is_terminal() for d in devices):
            return devices, sizes
        assert len(set(movers)) == 1, [d.waiting_for for d in devices]
        q = next(i for i, d in enumerate(devices) if d.seat == movers[0])
        while not devices[q].outbox or devices[q].outbox[0] in devices[(q + 1) % len(devices)].log:
            legal = devices[q].state.legal_moves()
            devices[q] = devices[q].play(str(legal[rng.randbelow(len(legal))]))
            if devices[q].outbox:
                break
        sizes.extend(len(link) for link in devices[q].outbox)
        devices = broadcast(devices, q)
    raise AssertionError("the game did not end")


CONFIGS = [
    ("arraial", 2, {}),
    ("arraial", 3, {}),
    ("arraial", 4, {}),
    ("diadeplaya", 2, {"mode": "competitive"}),
    ("diadeplaya", 3, {"mode": "competitive"}),
    ("diadeplaya", 4, {"mode": "teams"}),
    ("diadeplaya", 2, {"mode": "cooperative"}),
    ("diadeplaya", 4, {"mode": "cooperative"}),
]


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_a_whole_game_ends_the_same_on_every_device(game_id, players, options):
    devices = seat_table(game_id, players, options)
    devices, sizes = play_out(devices, Rng(f"{game_id}{players}{options}"))
    finals = {d.state.to_json() for d in devices}
    scores = {tuple(d.state.scores()) for d in devices}
    assert len(scores) == 1 and all(d.state.is_terminal() for d in devices)
    assert len({json.loads(f)["history"].__len__() for f in finals}) == 1
    assert max(sizes) < 1000, max(sizes)
    # every device can be stored and read back, to the same table
    for d in devices:
        back = RemoteTable.from_json(d.to_json())
        assert back.state.to_json() == d.state.to_json() and back.log == d.log
