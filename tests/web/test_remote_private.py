"""Private hands at a remote table (tablero.web.remote, dealing 2; tablero.web.privatedeck):
whole games between devices that pass links in both modes, what each device can open at
every step, a table stored and read back, and cheats caught by the move or by the audit.

Every link goes to every other device, in the order sent; links a device makes with no
decision of its player (its set-up pass, its keys for another's draw, its seed) are sent
as they come.  Cost (about 60 CPU-seconds in all): an Arboretum game 1-4 s, an Arribada
game 2-8 s (2 to 4 players), most of it scalar multiplications (the passes, computed
once for all the devices of the process; each device's audit compares them); each
configuration is played once for every test that reads it (:func:`played`).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from tablero.core import CorruptDataError, IllegalMoveError, Rng
from tablero.core.ristretto255 import BASE, ORDER, hash_to_element, scalar_inverse
from tablero.web import remote
from tablero.web.maskdeck import Keys, apply_pass, pass_factors, pass_matches
from tablero.web.remote import RemoteTable


def entropy(tag: str) -> bytes:
    return f"private entropy {tag} ..........".encode()


@dataclass
class Delivery:
    sender: int
    link: str
    receiver: int
    before: Any  # the receiver's table before it read the link


@dataclass
class Game:
    devices: list[Any]
    links: list[tuple[int, str]] = field(default_factory=list)
    deliveries: list[Delivery] = field(default_factory=list)
    turns: int = 0


def seat(game_id: str, players: int, mode: str, tag: str) -> Game:
    """A new table, creator at seat 0, each joiner asking for the next seat; the joins
    read by the creator, whose start (and what follows it) is queued for everyone."""
    creator = RemoteTable.create(
        game_id,
        players=players,
        options={},
        seat=0,
        names=["Ana"],
        entropy=entropy(f"0{tag}"),
        mode=mode,
    )
    devices = [creator]
    for q in range(1, players):
        devices.append(
            RemoteTable.join(creator.outbox[0], seat=q, name=f"P{q}", entropy=entropy(f"{q}{tag}"))
        )
    for q in range(1, players):
        devices[0] = devices[0].receive(devices[q].outbox[0])
    return Game(devices, links=[(0, link) for link in devices[0].outbox])


def deliver(game: Game, check: Any = None) -> None:
    """Every queued link read by every other device (what reading makes is queued)."""
    while game.links:
        sender, link = game.links.pop(0)
        for q, device in enumerate(game.devices):
            if q == sender:
                continue
            game.deliveries.append(Delivery(sender, link, q, device))
            game.devices[q] = device.receive(link)
            game.links.extend((q, out) for out in game.devices[q].outbox)
            if check is not None:
                check(game.devices[q])


def play(game_id: str, players: int, mode: str, tag: str = "", check: Any = None) -> Game:
    """A whole game of random legal moves, each made by the device whose player it is
    (at most two of Arribada's refreshes a game: each one's reshuffle of the bag is
    3N-2 links of scalar multiplications, and one or two show it as well as ten)."""
    game = seat(game_id, players, mode, tag)
    rng = Rng(sum(map(ord, f"{game_id}{players}{mode}{tag}")))
    last, refreshes = -1, 0
    for _ in range(5000):
        deliver(game, check)
        if all(d.state.is_terminal() or d.stopped for d in game.devices):
            return game
        movers = [
            i
            for i, d in enumerate(game.devices)
            if not d.waiting_for and not d.stopped and not d.state.is_terminal()
        ]
        assert len(movers) == 1, [(d.waiting_for, d.stopped) for d in game.devices]
        i = movers[0]
        legal = game.devices[i].state.legal_moves()
        if refreshes >= 2 and len(legal) > 1:
            legal = [m for m in legal if str(m) != "refresh"]
        if i != last:
            game.turns += 1
        last = i
        move = str(legal[rng.randbelow(len(legal))])
        refreshes += move == "refresh"
        game.devices[i] = game.devices[i].play(move)
        game.links.extend((i, link) for link in game.devices[i].outbox)
        if check is not None:
            check(game.devices[i])
    raise AssertionError("the game did not end")


def openable(table: Any) -> set[int]:
    """The deck's places this device holds every key of (without opening them)."""
    deck, keys = table.private, Keys.from_secret(table.secret)
    if deck is None or not deck.ready:
        return set()
    return {
        j
        for j in range(len(deck.deck))
        if all(deck.key_for(j, q, table.seat, keys) is not None for q in range(deck.players))
    }


def private_check(table: Any) -> None:
    """What this device could open is its own cards and the public ones (every card once
    the seeds are out at the end); and no name of a card it has not seen is in what it
    keeps or has read, decoded or not."""
    deck = table.private
    if deck is None or not deck.ready:
        return
    # a seat's own cards (its hand, its lane, and the lane places mixed back into the bag
    # when the lanes closed: places no one draws again), the public ones, and those of a
    # seat whose seed is out (its hand shown at the end): nothing else
    allowed = {j for j, q in deck.claims.items() if q == table.seat or q in deck.seeds}
    allowed |= {j for j, q in deck.closed_lanes.items() if q == table.seat or q in deck.seeds}
    if len(deck.seeds) < deck.players:  # (every seed out: every card is open)
        assert openable(table) <= allowed | deck.public, "a device can open another's card"
    state = json.loads(table.state.to_json())
    state.pop("unseen")  # the cards this seat has not seen, all of them: no one's in particular
    labels = set(deck.labels)
    shown = {w for w in _words(json.dumps(state)) if w in labels}
    unseen = labels - set(table.mine.values()) - shown
    kept = _words(table.to_json()).union(*(_link_words(link) for link in table.log))
    assert not kept & unseen, sorted(kept & unseen)


@functools.lru_cache(maxsize=4096)
def _link_words(link: str) -> frozenset[str]:
    """The words of what a link says, decoded (a link is read again at every later step
    of the check; what it says is the same each time)."""
    return frozenset(_words(json.dumps(remote._read(link)[0])))


def _words(text: str) -> set[str]:
    for sign in '"[],{}:/':
        text = text.replace(sign, " ")
    return set(text.split())


CONFIGS = [(p, mode) for mode in ("correspondence", "strict") for p in (2, 3, 4)]
#: The games whose every step is checked by :func:`private_check` (each device, after
#: every link it read or made).
CHECKED = {("arboretum", 2, "correspondence"), ("arboretum", 3, "correspondence"),
           ("arribada", 2, "correspondence"), ("arribada", 3, "strict")}  # fmt: skip


@functools.cache
def played(game_id: str, players: int, mode: str) -> Game:
    """A whole game of each configuration, played once for every test that reads it."""
    checked = (game_id, players, mode) in CHECKED
    return play(game_id, players, mode, check=private_check if checked else None)


@pytest.mark.parametrize(("players", "mode"), CONFIGS, ids=[f"{p}p-{m}" for p, m in CONFIGS])
def test_a_whole_arboretum_game_agrees_on_every_device_and_passes_its_audit(
    players: int, mode: str
) -> None:
    """2N-1 set-up links, then the game; every device ends with the same scores and the
    audit "N draws, every shuffle matches" (48, 64, 80 cards).  Correspondence mode
    sends one link a turn but where a draw waits for keys; strict mode more."""
    game = played("arboretum", players, mode)
    scores = {(tuple(d.state.scores()), tuple(d.state.winners())) for d in game.devices}
    assert len(scores) == 1
    cards = {2: 48, 3: 64, 4: 80}[players]
    assert {d.audit for d in game.devices} == {f"{cards} draws, every shuffle matches"}
    deck = game.devices[0].private
    assert len(deck.order) == 2 * players - 1
    kinds = [remote._read(link)[0][0] for link in game.devices[0].log]
    assert kinds[: players + 1] == ["i", *["j"] * (players - 1), "s"]
    turn_links = kinds.count("t") - (2 * players - 2)  # the last set-up link is a turn's
    deck = game.devices[0].private
    mixed = sum(len(r.order) for r in deck.rounds if r.kind == "mix")
    if mode == "correspondence":  # one link a turn until the lanes close near the end
        assert deck.lanes_closed and mixed == 3 * players - 2
        assert game.turns <= turn_links - mixed <= game.turns * 2, (turn_links, game.turns)
    else:
        assert turn_links > game.turns * players, (turn_links, game.turns)


@pytest.mark.parametrize(("players", "mode"), CONFIGS, ids=[f"{p}p-{m}" for p, m in CONFIGS])
def test_a_whole_arribada_game_agrees_on_every_device_and_passes_its_audit(
    players: int, mode: str
) -> None:
    """110 tiles, each copy of a value its own identity; a refresh's tiles go back to
    the bag through a reshuffle of the whole bag (3N-2 links, every seat's keys taken
    off and put on again); every device ends with the same scores and a passing audit
    of every round of passes.  Each device's racks match its places in hand."""
    game = played("arribada", players, mode)
    scores = {(tuple(d.state.scores()), tuple(d.state.winners())) for d in game.devices}
    assert len(scores) == 1
    audits = {d.audit for d in game.devices}
    assert len(audits) == 1 and audits.pop().endswith(" draws, every shuffle matches")
    for device in game.devices:
        deck, racks = device.private, json.loads(device.state.to_json())["racks"]
        held = [sorted(j for j, q in deck.held.items() if q == seat) for seat in range(players)]
        assert [len(h) for h in held] == [len(r) for r in racks]
        mine = sorted(deck.value(device._label(j)) for j in held[device.seat])
        assert mine == sorted(str(v) for v in racks[device.seat])
    mixes = [r for r in game.devices[0].private.rounds if r.kind == "mix"]
    assert all(len(r.order) == 3 * players - 2 for r in mixes)


@pytest.fixture(scope="module")
def honest() -> Game:
    """One 2-player correspondence game, every delivery kept (the cheats' ground)."""
    return played("arboretum", 2, "correspondence")


def test_every_device_sees_only_its_own_cards_in_a_two_player_game(honest: Game) -> None:
    """Checked after every link each device read or made (the fixture's ``check``);
    at the end every card is open to everyone."""
    assert all(openable(d) == set(range(len(d.private.deck))) for d in honest.devices)


@pytest.mark.parametrize("game_id", ["arboretum", "arribada"])
def test_a_stored_private_table_is_read_back_at_every_step(game_id: str) -> None:
    """``to_json`` then ``from_json``: the same view, the same deck bookkeeping (a seat's
    own moves kept as played: its links carry Arribada's rack picks as ``pick rack ?``)."""
    honest = played(game_id, 2, "correspondence")
    for delivery in honest.deliveries[:: max(1, len(honest.deliveries) // 10)]:
        table = delivery.before
        again = RemoteTable.from_json(table.to_json())
        assert again.log == table.log
        if table.state is not None:
            assert again.state.to_json() == table.state.to_json()
            assert again.private == table.private


# --- cheats --------------------------------------------------------------------------


def resign(link: str, secret: bytes, change: Any) -> str:
    """``link`` changed by ``change(fields)`` and signed again by its sender (whose
    device, tampered with, has the secret): only the content lies."""
    fields, _ = remote._read(link)
    fields = json.loads(json.dumps(fields))
    change(fields)
    chain = remote._chain(secret)
    content = remote._content(fields)
    return remote._link(fields, remote._mac(chain[fields[5] + 1], content))


def refused(table: Any, link: str, codes: tuple[str, ...]) -> str:
    try:
        after = table.receive(link)
    except (CorruptDataError, IllegalMoveError) as exc:
        code = getattr(exc, "code", "illegal")
        assert code in codes, (code, str(exc))
        return code
    assert after.stopped, "a cheat was read as if honest"
    return "stopped"


def turn_deliveries(game: Game, key: str) -> list[Delivery]:
    return [
        d
        for d in game.deliveries
        if remote._read(d.link)[0][0] == "t" and key in remote._read(d.link)[0][9]
    ]


def test_a_false_played_card_is_refused(honest: Game) -> None:
    """A hidden card played with another place's key, or with a made-up key: the card
    its keys open is not the card played (or no card): refused."""
    caught = 0
    for d in turn_deliveries(honest, "r"):
        secret = honest.devices[d.sender].secret
        fields = remote._read(d.link)[0]
        place = fields[9]["r"][0][0]
        other = next(j for j, q in d.before.private.claims.items() if q == d.sender and j != place)

        key = Keys.from_secret(secret).place_key(other).to_bytes(32, "little").hex()

        def another_place(f: list[Any], key: str = key) -> None:
            f[9]["r"][0][2] = key

        def made_up(f: list[Any]) -> None:
            f[9]["r"][0][2] = (12345 + f[5]).to_bytes(32, "little").hex()

        for change in (another_place, made_up):
            refused(d.before, resign(d.link, secret, change), ("remote.false_card",))
            caught += 1
    assert caught >= 40


def test_a_link_without_the_keys_its_sender_owes_is_refused(honest: Game) -> None:
    """A key the sender owed before its link left out (a draw it could stall), a key
    given twice, a key for a place the deck does not have: refused."""
    caught = 0
    for d in turn_deliveries(honest, "k"):
        secret = honest.devices[d.sender].secret
        owed = set(d.before.private.owed(d.sender))
        given = [e[0] for e in remote._read(d.link)[0][9]["k"]]
        held_back = next((j for j in given if j in owed), None)

        def left_out(f: list[Any], held_back: int | None = held_back) -> None:
            f[9]["k"] = [e for e in f[9]["k"] if e[0] != held_back]

        def twice(f: list[Any]) -> None:
            f[9]["k"].append(list(f[9]["k"][0]))

        def no_such_place(f: list[Any]) -> None:
            f[9]["k"].append([1000, f[9]["k"][0][1]])

        for change in (left_out, twice, no_such_place):
            if change is left_out and held_back is None:
                continue
            refused(d.before, resign(d.link, secret, change), ("remote.keys",))
            caught += 1
    assert caught >= 40


def test_a_wrong_key_at_the_set_up_stops_the_game_when_its_card_is_opened(honest: Game) -> None:
    """Each key the second seat's lock link gives the first mover, changed: the first
    mover's device opens its hand at once and stops (remote.wrong_key)."""
    deck = honest.devices[0].private
    lock = next(
        d
        for d in honest.deliveries
        if d.receiver == deck.first
        and remote._read(d.link)[0][0] == "t"
        and "k" in remote._read(d.link)[0][9]
    )
    secret = honest.devices[lock.sender].secret
    hand = [j for j, q in deck.claims.items() if q == deck.first and j < deck.setup_len]
    caught = 0
    for place in hand:

        def wrong(f: list[Any], place: int = place) -> None:
            for entry in f[9]["k"]:
                if entry[0] == place:
                    entry[1] = (7 + place).to_bytes(32, "little").hex()

        after = lock.before.receive(resign(lock.link, secret, wrong))
        assert after.stopped and "opened to no card" in after.stopped
        caught += 1
    assert caught == 7


def test_the_audit_names_a_changed_pass_a_wrong_key_or_a_false_seed(honest: Game) -> None:
    """The end's records changed as a cheater's links would have made them: a set-up
    pass with two cards swapped (another shuffle) or one card replaced, a key that is
    not the seed's, a seed that is not the one committed to: the audit fails, naming
    the seat and the step."""
    table = honest.devices[0]
    deck = table.private
    ok, text = deck.audit(table._name)
    assert ok and text == "48 draws, every shuffle matches"
    name = table._name
    caught = 0
    from tablero.web.maskdeck import decode_points, encode_points

    setup = deck.rounds[0]

    def with_pass(i: int, points: list[Any]) -> Any:
        passes = (*setup.passes[:i], encode_points(points), *setup.passes[i + 1 :])
        return replace(deck, rounds=(replace(setup, passes=passes), *deck.rounds[1:]))

    for i, q in enumerate(deck.order):
        points = decode_points(setup.passes[i], setup.size)
        for a, b in ((0, 1), (5, 30), (47, 2)):
            swapped = list(points)
            swapped[a], swapped[b] = swapped[b], swapped[a]
            ok, text = with_pass(i, swapped).audit(name)
            assert not ok and text.startswith(f"{name(q)}'s set-up pass (link {i + 1} of 3)")
            caught += 1
        replaced = list(points)
        replaced[3] = points[4]
        ok, text = with_pass(i, replaced).audit(name)
        assert not ok and f"link {i + 1} of 3" in text
        caught += 1
    for (place, q), key in sorted(deck.keys.items())[::5]:
        keys = {**deck.keys, (place, q): (key + 1) % ORDER}
        ok, text = replace(deck, keys=keys).audit(name)
        assert not ok and text.startswith(f"{name(q)}'s key for card place {place}")
        caught += 1
    for q in range(deck.players):
        seeds = {**deck.seeds, q: bytes(32)}
        ok, text = replace(deck, seeds=seeds).audit(name)
        assert not ok and text.startswith(f"{name(q)}'s seed is not the one")
        caught += 1
    assert caught >= 30


def test_a_cheating_shuffle_is_named_by_every_honest_device_at_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A tampered app shuffles by another permutation than its seed's: the game plays on
    (nobody can tell a shuffle from another) and every device's audit names the
    cheater's set-up pass."""
    real = Keys.permutation
    cheater = Keys.from_secret(remote._secret(entropy("1cheat")))
    calls = []

    def permutation(self: Keys, n: int, index: int = 0) -> list[int]:
        perm = real(self, n, index)
        if self.seed != cheater.seed:
            return perm
        calls.append(n)  # the first call is the cheater's own pass; later ones, audits
        return perm[1:] + perm[:1] if len(calls) == 1 else perm

    monkeypatch.setattr(Keys, "permutation", permutation)
    game = play("arboretum", 2, "correspondence", tag="cheat")
    assert game.devices[1].audit == "48 draws, every shuffle matches"  # its own, unchecked
    assert game.devices[0].stopped.startswith("P1's set-up pass (link "), game.devices[0].stopped
    assert "not verified" in game.devices[0].stopped


def test_arribada_cheats_a_false_tile_or_a_false_refresh_are_refused_a_changed_mix_named() -> None:
    """Arribada: a tile placed with the key of another of its player's places (another
    tile), a refresh that gives back a place its player does not hold: refused; a mix's
    pass changed (two tiles of the bag swapped): the audit names its sender and link."""
    game = played("arribada", 2, "correspondence")
    caught = 0
    for d in turn_deliveries(game, "r")[:15]:
        secret = game.devices[d.sender].secret
        fields = remote._read(d.link)[0]
        place = fields[9]["r"][0][0]
        deck = d.before.private
        value = deck.value(game.devices[d.sender]._label(place))
        others = [
            j for j, q in deck.held.items()
            if q == d.sender and j != place
            and deck.value(game.devices[d.sender]._label(j)) != value
        ]  # fmt: skip
        if not others:
            continue
        key = Keys.from_secret(secret).place_key(others[0]).to_bytes(32, "little").hex()

        def another_tile(f: list[Any], j: int = others[0], key: str = key) -> None:
            f[9]["r"][0][0], f[9]["r"][0][2] = j, key

        refused(d.before, resign(d.link, secret, another_tile), ("remote.false_card",))
        caught += 1
    for d in turn_deliveries(game, "b"):
        secret = game.devices[d.sender].secret
        deck = d.before.private
        if not deck.ready:
            continue  # the first mover's first turn, its set-up lock with it
        foreign = next(j for j in range(len(deck.deck)) if deck.held.get(j) != d.sender)

        def not_held(f: list[Any], j: int = foreign) -> None:
            f[9]["b"][0] = j

        refused(d.before, resign(d.link, secret, not_held), ("remote.damaged",))
        caught += 1
    table = game.devices[0]
    deck = table.private
    mixes = [(i, r) for i, r in enumerate(deck.rounds) if r.kind == "mix"]
    assert mixes, "no refresh in this game"
    from tablero.web.maskdeck import decode_points, encode_points

    for index, rnd in mixes:
        for i, q in enumerate(rnd.order):
            points = decode_points(rnd.passes[i], rnd.size)
            points[0], points[-1] = points[-1], points[0]
            passes = (*rnd.passes[:i], encode_points(points), *rnd.passes[i + 1 :])
            rounds = (*deck.rounds[:index], replace(rnd, passes=passes), *deck.rounds[index + 1 :])
            ok, text = replace(deck, rounds=rounds).audit(table._name)
            assert not ok and text.startswith(f"{table._name(q)}'s mix {index} pass (link {i + 1}")
            caught += 1
    assert caught >= 15


def test_hostile_private_links_are_refused_and_change_nothing() -> None:
    """400 links of private tables with a character changed, cut short, or read by a
    table of another game: each is refused with a named error (or held, or already
    read: only a change that decodes to the very same message), never another exception;
    the table that read it is a value, unchanged."""
    rng = Rng(39)
    deliveries = [
        *played("arboretum", 2, "correspondence").deliveries,
        *played("arribada", 2, "correspondence").deliveries,
    ]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    outcomes: dict[str, int] = {}
    for i in range(400):
        d = deliveries[rng.randbelow(len(deliveries))]
        text = d.link
        if i % 4 == 3:
            text = text[: rng.randbelow(len(text))]
        else:
            at = 4 + rng.randbelow(len(text) - 4)
            text = text[:at] + alphabet[rng.randbelow(len(alphabet))] + text[at + 1 :]
        before = d.before.to_json() if i % 50 == 0 else None
        try:
            after = d.before.receive(text)
            outcome = "held" if after.held != d.before.held else "read"
            # read: only a change that decodes to the same message (base64's spare bits)
            assert outcome == "held" or remote._read(text) == remote._read(d.link)
        except (CorruptDataError, IllegalMoveError) as exc:
            outcome = getattr(exc, "code", "illegal")
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        if before is not None:
            assert d.before.to_json() == before
    assert outcomes.get("remote.damaged", 0) > 200, outcomes


@pytest.mark.parametrize("kind", ["setup", "mix"])
def test_a_links_passes_taken_as_one_are_checked_at_once(kind):
    """What the end's audit checks a link with: every combination of a link's passes
    (a key taken off, a shuffle, a lock) written as one permutation and one factor a
    point (``pass_factors``) gives the points of the passes made one by one here (the
    protocol's definitions, each point multiplied), and
    ``apply_pass`` makes them with one multiplication a point, and ``pass_matches``
    accepts them and refuses any one point changed, two points swapped, a point
    missing."""
    size = 45  # two chunks of the check (40 and 5 equations)
    deck = [hash_to_element(b"audit", kind.encode(), bytes([i])) for i in range(size)]
    keys, index, places, base = Keys(entropy("audit-" + kind)), 2, list(range(60, 105)), 200
    multiply = kind == "setup"
    for unkey in (False, True):
        for shuffle in (False, True):
            for lock in (False, True):
                points = list(deck)  # the passes one by one, each point multiplied
                a = keys.round_key(index)
                if unkey:  # the old place keys off, the round's key on
                    points = [
                        p * (a * scalar_inverse(keys.place_key(j)))
                        for p, j in zip(points, places, strict=True)
                    ]
                if shuffle:  # permuted, times the round's key in the set-up
                    points = [points[j] for j in keys.permutation(size, index)]
                    points = [p * a for p in points] if multiply else points
                if lock:  # the round's key off, each new place's key on
                    points = [
                        p * (keys.place_key(base + j) * scalar_inverse(a))
                        for j, p in enumerate(points)
                    ]
                perm, factors = pass_factors(
                    keys,
                    index,
                    len(deck),
                    unkey=places if unkey else None,
                    shuffle=shuffle,
                    multiply=multiply,
                    lock=base if lock else None,
                )
                roles = (unkey, shuffle, lock)
                assert [deck[p] * f for p, f in zip(perm, factors, strict=True)] == points, roles
                # checked by the random combinations first (a pass checked or made is
                # then kept, and compared with what is kept)
                for k in (0, 5, 41, 44):
                    changed = [*points[:k], points[k] + BASE, *points[k + 1 :]]
                    assert not pass_matches(deck, changed, perm, factors), (roles, k)
                swapped = [*points[:40], points[41], points[40], *points[42:]]
                assert not pass_matches(deck, swapped, perm, factors), roles
                assert not pass_matches(deck, points[:-1], perm, factors), roles
                assert pass_matches(deck, points, perm, factors), roles
                assert apply_pass(deck, perm, factors) == points, roles
