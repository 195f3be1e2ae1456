"""A remote table's private hands (dealing 2): what :class:`.remote.RemoteTable` does with
its masked deck (:mod:`.privatedeck`): the places dealt as chance steps come, the hidden
cards a move shows, the tiles a refresh gives back, the links a device sends by itself,
another seat's link read, this seat's link made (``docs/remote-play.md``, "Private
hands").  Functions of a table, each returning a new one; ``RemoteTable`` calls them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tablero.core import CorruptDataError, IllegalMoveError, State
from tablero.core.notation import PLAYERS

from .privatedeck import PRIVATE_GAMES, WrongKey
from .remote_wire import (
    MSG_DAMAGED,
    MSG_FALSE_CARD,
    PROTOCOL_VERSION,
    _chain,
    _content,
    _h,
    _hex,
    _key_hex,
    _link,
    _mac,
)

if TYPE_CHECKING:
    from .remote import RemoteTable


def ending(table: RemoteTable) -> bool:
    """Whether the game waits for every seat's seed: the hands shown at its end (the
    reveal step), or, in a game that shows none, its end's audit."""
    state, deck = table.state, table.private
    if state is None or deck is None or len(deck.seeds) == table.players:
        return False
    spec = PRIVATE_GAMES[table.game_id]
    chance = state.chance
    if spec.reveal is None:
        return state.is_terminal()
    return chance is not None and chance.kind == spec.reveal


def label(table: RemoteTable, place: int) -> str:
    """The card at a place this device has opened (its own, or a public one)."""
    deck = table.private
    assert deck is not None
    return table.mine.get(place) or deck.cards[place]


def mine_of(table: RemoteTable, value: str, used: set[int], *, public_first: bool) -> int | None:
    """A place of this seat's hand holding ``value`` (not in ``used``)."""
    deck = table.private
    assert deck is not None
    places = [j for j, q in sorted(deck.held.items()) if q == table.seat and j not in used]
    places.sort(key=lambda j: (j in deck.public) != public_first)
    return next((j for j in places if deck.value(table._label(j)) == value), None)


def shown(table: RemoteTable, state: State, move: str) -> tuple[tuple[int, int, int], ...]:
    """The keys that show the hidden cards ``move`` plays: this seat's places whose
    cards they are, each with its key (a public place of its hand first)."""
    deck = table.private
    assert deck is not None
    spec = PRIVATE_GAMES[table.game_id]
    mine, used = table._keys(), {place for place, _, _ in table.shown} | set(table.back)
    out: list[tuple[int, int, int]] = []
    for value in spec.shown(state, move, table.seat):
        place = table._mine_of(value, used, public_first=True)
        if place is None:
            raise IllegalMoveError(f"{move}: that card is not in your hand")
        used.add(place)
        out.append((place, table.seat, mine.place_key(place)))
    return tuple(out)


def moved(table: RemoteTable, state: State, move: str, seat: int, back: Any) -> RemoteTable:
    """The deck's bookkeeping of ``seat``'s ``move`` (``state``: before it): cards
    taken from the display into the hand; cards given back to the bag (the hand's:
    the places its link names in ``back``, or this seat's choice)."""
    deck = table.private
    assert deck is not None
    spec = PRIVATE_GAMES[table.game_id]
    if spec.taken is not None and (values := spec.taken(state, move, seat)):
        deck = deck.take(seat, values)
    given = spec.gives_back(state, move, seat) if spec.gives_back is not None else None
    if given is None:
        return replace(table, private=deck)
    hand, from_display = given
    table = table
    if seat == table.seat:
        places: list[int] = []
        played = {j for j, _, _ in table.shown}  # played this turn: not on the rack
        for value in hand:
            assert value is not None
            place = table._mine_of(value, played | set(places), public_first=False)
            if place is None:
                raise IllegalMoveError(f"{move}: that tile is not on your rack")
            places.append(place)
        table = replace(table, back=tuple(places))
    else:
        back = [] if back is None and not hand else back
        if (
            not isinstance(back, list)
            or len(back) != len(hand)
            or len(set(back)) != len(back)
            or any(type(j) is not int or deck.held.get(j) != seat for j in back)
        ):
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
        places = list(back)
    deck = deck.give_back([*places, *deck.from_display(from_display)])
    return replace(table, private=deck)


def settle(table: RemoteTable) -> RemoteTable:
    """Deal every chance step this device can: a place of the deck drawn for each,
    opened when this seat sees it and holds every key, unseen when another seat
    does; the hands shown once every seed is in; the end's audit."""
    deck, state = table.private, table.state
    assert deck is not None and state is not None
    spec = PRIVATE_GAMES[table.game_id]
    keys, mine, audit = table._keys(), dict(table.mine), table.audit
    try:
        while (chance := state.chance) is not None:
            if chance.kind == spec.reveal:
                if len(deck.seeds) < table.players:
                    break
                passed, audit = deck.audit(table._name, table.seat)
                if not passed:
                    return replace(table, private=deck, state=state, audit=audit,
                                   stopped=audit, notice=audit)  # fmt: skip
                hidden = [
                    []
                    if q == table.seat
                    else [
                        deck.value(label)
                        for j, holder in sorted(deck.held.items())
                        if holder == q
                        and j not in deck.public
                        and (label := deck.open(j, table.seat, keys)) is not None
                    ]
                    for q in range(table.players)
                ]
                assert spec.reveal_text is not None
                state = state.deal(spec.reveal_text(state, hidden))
                continue
            if chance.kind not in spec.kinds or not deck.ready:
                break
            if deck.pending is None:
                seen = chance.seen_by
                seat = min(seen) if seen else state.current_player
                assert seat is not None
                if deck.stalled(table.seat):
                    break  # an earlier draw waits for keys: so does every device

                deck = deck.assign(seat, seen is None, spec.to[chance.kind])
            place = deck.pending
            assert place is not None
            owner = deck.claims[place]
            if 0 <= owner != table.seat:
                state = state.deal(None)
            else:
                label = deck.open(place, table.seat, keys)
                if label is None:
                    break
                if owner == table.seat:
                    mine[place] = label
                else:
                    deck = deck.opened(place, label)
                state = state.deal(deck.value(label))
            deck = replace(deck, pending=None)
    except WrongKey as stop:
        return replace(table, stopped=str(stop), notice=str(stop))
    if state.is_terminal() and not audit and len(deck.seeds) == table.players:
        passed, audit = deck.audit(table._name, table.seat)
        if not passed:
            return replace(table, private=deck, state=state, audit=audit, stopped=audit,
                           notice=audit)  # fmt: skip
    return replace(table, private=deck, state=state, mine=mine, audit=audit)


def mix_if_due(table: RemoteTable, sender: int) -> RemoteTable:
    """After a link (of ``sender``), every draw dealt: the bag's mix starts before
    anything else is drawn, when tiles were given back or the lanes close."""
    deck, state = table.private, table.state
    assert deck is not None and state is not None
    if not deck.ready or deck.blocked() or state.chance is not None:
        return table
    if deck.given_back:
        return replace(table, private=deck.start_mix(sender))
    if deck.lanes_due_to_close():
        return replace(table, private=deck.start_mix(sender, close_lanes=True))
    return table


def autosend(table: RemoteTable) -> RemoteTable:
    """The links this device sends with no decision of its player: its passes (the
    set-up's, a mix's), its keys for another's draw or for a card all see, a link
    that lets the bag's mix start, its seed at the end."""
    table = table
    while not table.stopped and table.private is not None and table.state is not None:
        deck, state = table.private, table.state
        if table._next_sender() != table.seat:
            break
        if not deck.ready:
            setup = deck.round.kind == "setup"
            deck, payload = deck.make_pass(table._keys())
            table = replace(table, private=deck)
            if setup and deck.ready:  # the first mover's lock rides on its first turn
                table = replace(table, setup_payload=payload)._settle()
                break
            table = table._send_private((), payload)
        elif (
            table._ending()
            or state.current_player != table.seat
            or (reply := deck.next_reply()) is not None
            and reply[1] != table.seat
            or not state.legal_moves()
            or deck.given_back
            and state.chance is None
        ):
            table = table._send_private((), {})
        else:
            break  # this seat's turn: its player decides
    return table


def private_turn(table: RemoteTable, seat: int, moves: list[str], payload: Any) -> RemoteTable:
    """Another seat's link read: its pass or keys, its moves (the chance steps they
    cause dealt as they come), the hidden cards it played checked against their
    keys, the keys it owed, its seed at the end."""
    deck = table.private
    assert deck is not None and table.state is not None
    if not isinstance(payload, dict) or not set(payload) <= set("dckrsb"):
        raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
    if not deck.ready:
        deck = deck.read_pass(seat, payload)
    elif set(payload) & set("dc"):
        raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
    deck.check_owed(seat, payload)
    deck = deck.read_keys(seat, payload)
    table = replace(table, private=deck)._settle()
    spec = PRIVATE_GAMES[table.game_id]
    shown: list[str] = []
    for move in moves:
        state = table.state
        assert state is not None
        if table.stopped or state.is_terminal() or state.current_player != seat:
            raise IllegalMoveError(f"player {PLAYERS[seat]} plays out of turn in this link")
        shown.extend(spec.shown(state, move, seat))
        table = table._moved(state, move, seat, payload.get("b"))
        table = replace(table, state=state.apply(move))._settle()
    if table.stopped:
        return table
    deck = table.private
    assert deck is not None
    try:
        deck = deck.read_shown(seat, payload.get("r", []))
        cards = []
        for j in {e[0] for e in payload.get("r", [])}:
            label = deck.open(j, table.seat, table._keys()) or ""
            cards.append(deck.value(label))
            deck = deck.opened(j, label)
        cards.sort()
    except (WrongKey, ValueError) as exc:
        raise CorruptDataError(MSG_FALSE_CARD, code="remote.false_card") from exc
    if cards != sorted(shown):
        raise CorruptDataError(MSG_FALSE_CARD, code="remote.false_card")
    if "s" in payload:
        if not table._ending() or not isinstance(payload["s"], str):
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
        try:
            seed = bytes.fromhex(payload["s"])
        except ValueError as exc:
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged") from exc
        deck = deck.read_seed(seat, seed)
    return replace(table, private=deck.after_link(seat))


# --- sending --------------------------------------------------------------------------


def send_private(
    table: RemoteTable, moves: Sequence[str], extra: Mapping[str, Any] | None = None
) -> RemoteTable:
    """This seat's link: its moves, its pass, the keys it owes, the keys of the hidden
    cards it played, and its seed at the end; ``outbox`` gains it."""
    deck = table.private
    assert deck is not None
    keys = table._keys()
    payload: dict[str, Any] = {**(table.setup_payload or {}), **(extra or {})}
    payload.update(deck.payload_keys(keys, table.seat))
    deck = deck.read_keys(table.seat, payload)
    if table.shown:
        payload["r"] = [[j, q, _key_hex(k)] for j, q, k in table.shown]
        deck = deck.read_shown(table.seat, payload["r"])
        for place in {j for j, _, _ in table.shown}:
            deck = deck.opened(place, table._label(place))
    if table.back:
        payload["b"] = list(table.back)
    if table._ending() and table.seat not in deck.seeds:
        payload["s"] = keys.seed.hex()
        deck = deck.read_seed(table.seat, keys.seed)
    chain = _chain(table.secret)
    seq = table.my_seq + 1
    fields = [
        "t",
        PROTOCOL_VERSION,
        table.dealing,
        _hex(table.session),
        table.seat,
        seq,
        _hex(table.head),
        list(moves),
        _hex(chain[seq]),
        payload,
        table._rules(),
    ]
    content = _content(fields)
    link = _link(fields, _mac(chain[seq + 1], content))
    table = replace(
        table,
        private=deck,
        setup_payload=None,
        shown=(),
        back=(),
        transcript=(*table.transcript, link),
        head=_h(table.head, content),
        my_seq=seq,
        seen={**table.seen, (table.seat, seq): content},
        values={**table.values, (table.seat, seq): chain[seq]},
        outbox=(*table.outbox, link),
    )
    # what every other device does after reading it: deal what its keys open, then
    # top the lanes up, then deal on (the same places given out everywhere)
    table = table._settle()
    after = table.private
    assert after is not None
    table = replace(table, private=after.after_link(table.seat))
    return table._settle()._mix_if_due(table.seat)
