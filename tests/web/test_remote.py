"""The remote table (tablero.web.remote): whole games between devices that pass links, the
fairness of the deal, and hostile messages refused with nothing changed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tablero.core import CorruptDataError, IllegalMoveError, Rng
from tablero.web.remote import RemoteTable, deal_index, deal_key


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


def same_table(a: Any, b: Any) -> bool:
    """Two seats' views of one table agree on all but whose view they are (nothing is
    private in these games)."""
    da, db = json.loads(a.to_json()), json.loads(b.to_json())
    da.pop("viewer"), db.pop("viewer")
    return bool(da == db)


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
    ("diadeplaya", 3, {"mode": "cooperative"}),
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


# --- fairness --------------------------------------------------------------------------------


def chi_square(counts: list[int], weights: list[int]) -> tuple[float, float]:
    n, total = sum(counts), sum(weights)
    expected = [n * w / total for w in weights]
    stat = sum((c - e) ** 2 / e for c, e in zip(counts, expected, strict=True))
    k = len(counts) - 1
    return stat, k * (1 - 2 / (9 * k) + 3.09 * (2 / (9 * k)) ** 0.5) ** 3  # p = 0.001


@pytest.mark.parametrize("weights", [[1] * 40, [5, 7, 8, 9, 7, 5, 3, 2], [1, 2], [3, 1, 1, 1]])
def test_a_key_deals_each_outcome_as_often_as_its_weight(weights):
    """The dealing (documented): fixed keys, counted outcomes, a chi-square at p = 0.001."""
    counts = [0] * len(weights)
    for i in range(6000):
        counts[deal_index(i.to_bytes(4, "big") + b"key", weights)] += 1
    stat, critical = chi_square(counts, weights)
    assert stat < critical, (counts, stat, critical)


def test_the_mover_cannot_predict_a_deal_of_its_turn():
    """Everything the mover holds fixed (the session, the step's number, the value its
    message reveals): the next mover's next value, unknown to the mover, spreads the deal
    over every outcome as the weights say."""
    session, mine = bytes(16), b"\x01" * 16
    weights = [2, 1, 3, 1, 1]
    counts = [0] * len(weights)
    for i in range(4000):
        theirs = i.to_bytes(16, "big")
        counts[deal_index(deal_key(b"turn", session, 7, mine, theirs), weights)] += 1
    stat, critical = chi_square(counts, weights)
    assert stat < critical, counts


def test_with_one_seat_fixed_the_next_seats_entropy_moves_the_deals():
    """The creator's entropy fixed, the joiner's varied: the cards dealt at the set-up and
    after the first turn differ from one joiner entropy to the next; the same entropies
    deal the same cards again (the deal is the commitments', nobody's choice)."""
    dealt = set()
    for k in range(6):
        creator = RemoteTable.create("diadeplaya", players=2, options={"mode": "competitive"},
                                     seat=0, names=["Ana"], entropy=entropy("fixed"))  # fmt: skip
        devices = [creator]
        joiner = RemoteTable.join(creator.outbox[0], seat=1, name="Ben", entropy=entropy(f"v{k}"))
        devices = [creator.receive(joiner.outbox[0]), joiner]
        devices[1] = devices[1].receive(devices[0].outbox[-1])
        q = next(i for i, d in enumerate(devices) if not d.waiting_for)
        while not devices[q].outbox or devices[q].outbox[0] in devices[1 - q].log:
            devices[q] = devices[q].play(str(devices[q].state.legal_moves()[0]))
            if devices[q].outbox:
                break
        devices = broadcast(devices, q)
        state = json.loads(devices[1 - q].state.to_json())
        dealt.add(json.dumps([state["market"], state["beaches"], state["history"]]))
    assert len(dealt) == 6


def test_the_last_joiner_cannot_choose_the_set_up():
    """A joiner's link commits it before it knows the creator's first value (revealed
    only in the start): it holds no position to try entropies on, and the deal changes
    with the creator's value, which it never saw."""
    invites = [
        RemoteTable.create(
            "arraial", players=2, options={}, seat=0, names=["Ana"], entropy=entropy(f"creator {k}")
        )  # fmt: skip
        for k in range(6)
    ]
    deals = set()
    for creator in invites:
        joiner = RemoteTable.join(creator.outbox[0], seat=1, name="Ben", entropy=entropy("ben"))
        assert joiner.state is None and joiner.waiting_for == (0,)
        creator = creator.receive(joiner.outbox[0])
        joiner = joiner.receive(creator.outbox[-1])
        assert same_table(joiner.state, creator.state)
        deals.add(json.dumps(json.loads(joiner.state.to_json())["octagon"]))
    assert len(deals) == 6


# --- the protocol's rules ----------------------------------------------------------------------


def test_a_seat_plays_only_its_turn_and_a_link_read_twice_changes_nothing():
    devices = seat_table("arraial", 2, {})
    mover = next(d for d in devices if not d.waiting_for)
    other = next(d for d in devices if d.waiting_for)
    with pytest.raises(IllegalMoveError, match="not your turn"):
        other.play(str(other.state.legal_moves()[0] if other.state.legal_moves() else "rotate"))
    start = devices[0].log[-1]
    assert devices[1].receive(start).state.to_json() == devices[1].state.to_json()
    assert mover.receive(mover.log[0]).log == mover.log


def test_two_joiners_asking_for_one_seat_are_both_seated():
    creator = RemoteTable.create("diadeplaya", players=3, options={"mode": "competitive"},
                                 seat=0, names=["Ana"], entropy=entropy("c"))  # fmt: skip
    joiners = [
        RemoteTable.join(creator.outbox[0], seat=2, name=name, entropy=entropy(name))
        for name in ("Ben", "Cai")
    ]
    for j in joiners:
        creator = creator.receive(j.outbox[0])
    start = creator.outbox[-1]
    seated = [j.receive(start) for j in joiners]
    assert sorted(t.seat for t in seated) == [1, 2]
    assert all(same_table(t.state, creator.state) for t in seated)


def test_a_link_of_a_newer_tablero_asks_for_an_update_and_todays_links_say_so_too():
    from tablero.web.links import decode_link, pack, unpack

    creator = RemoteTable.create("arraial", players=2, options={}, seat=0, names=["Ana"],
                                 entropy=entropy("n"))  # fmt: skip
    invite = creator.outbox[0]
    with pytest.raises(CorruptDataError, match="newer") as caught:
        decode_link(invite)  # an app that knows only share links: "update Tablero"
    assert caught.value.code == "link.newer"
    newer = pack(unpack(invite, "tb", 2), "tb3.")
    with pytest.raises(CorruptDataError, match="update Tablero"):
        RemoteTable.join(newer, seat=1, name="Ben", entropy=entropy("b"))
