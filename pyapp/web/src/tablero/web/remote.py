"""A remote table: friends play from their own devices by passing a link each turn, with
no server.  Arraial and Día de Playa (whose only hidden fact is the order of the deck)
deal from commitments (dealing 1, below); Arboretum and Arribada (private hands) deal
from a masked deck by mental poker (dealing 2: :mod:`.privatedeck`, :mod:`.maskdeck`,
``docs/remote-play.md``, "Private hands").

Every device holds its own seat's view and the whole transcript of the game's messages,
and every message is a link sent to everyone.  The protocol (``docs/remote-play.md``):

* **Commitments.**  Each device draws a secret and builds a hash chain of 16-byte values
  (``c[k] = H(c[k + 1])``, SHA-256 cut to 16 bytes).  Its end ``c[0]`` is the player's
  commitment, published when it joins; its message number ``s`` reveals ``c[s]``, checked
  with one hash against the value revealed before.
* **Content bound to its sender** (delayed authentication, as TESLA does): a message
  carries an HMAC of its content keyed by the sender's *next* chain value, still secret;
  the sender's next message reveals that value and every device then checks the MAC.  Two
  different messages with the same seat and number stop the game.
* **Set-up without grinding.**  The invite carries the creator's commitment; each join
  carries the joiner's commitment and its first value; the start (the creator's, once
  every seat has joined) settles the seating and reveals the creator's first value.  The
  set-up's deal uses every seat's first value, the creator's last.
* **Fair dealing.**  Each chance step that comes during seat P's turn is dealt from a key
  made of the session, the step's number, the value P's message reveals and the *next*
  value of the seat that moves after P: P cannot predict it, and that next seat learns it
  when it opens P's message, when it would see the card at a table.

A message is a link ``tb2.<frame>`` in the frame every Tablero link shares
(:func:`tablero.web.links.pack`); today's share links are ``tb1.``, so an app that knows
only those says "update Tablero" for a remote message.

Pure Python (standard library only): runs in CPython tests and in Pyodide.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tablero.core import CorruptDataError, IllegalMoveError, InvalidMoveError, State, get_game, make
from tablero.core.jsonutil import load_json
from tablero.core.notation import PLAYERS

from . import remote_private as _private
from .links import clean_name, fragment_text
from .maskdeck import Keys
from .privatedeck import MODES, PRIVATE_GAMES, PrivateDeck
from .remote_wire import (
    CHAIN_LENGTH,
    DEALING_VERSION,
    MSG_DAMAGED,
    MSG_FOREIGN,
    MSG_FORGED,
    MSG_TAKEN,
    PRIVATE_DEALING,
    PROTOCOL_VERSION,
    REMOTE_PREFIX,
    REMOTE_VERSION,
    _chain,
    _check_rules,
    _content,
    _h,
    _hex,
    _keys_of,
    _link,
    _mac,
    _read,
    _secret,
    _unhex,
)

__all__ = [
    "CHAIN_LENGTH",
    "DEALING_VERSION",
    "GAMES",
    "PROTOCOL_VERSION",
    "REMOTE_PREFIX",
    "REMOTE_VERSION",
    "RemoteTable",
    "deal_index",
    "deal_key",
]

#: The games a remote table plays, and their game modes (Día de Playa's); the private
#: hands' games also take a table mode (``create(..., mode=...)``).
GAMES: Mapping[str, Mapping[str, Any]] = {
    "arraial": {},
    "diadeplaya": {"mode": ("competitive", "teams", "cooperative")},
    **{game_id: {} for game_id in PRIVATE_GAMES},
}


def deal_key(what: bytes, session: bytes, index: int, *values: bytes) -> bytes:
    """The key of the session's chance step number ``index``: ``b"setup"`` with every
    seat's first value (seat order), or ``b"turn"`` with the value the mover's message
    revealed and the next mover's next value."""
    return _h(b"tablero-deal", what, session, index.to_bytes(8, "big"), *values)


def deal_index(key: bytes, weights: Sequence[int]) -> int:
    """The outcome a key deals, uniformly by ``weights``: 64-bit blocks of the key's
    hash with a counter, rejected above the last whole multiple of the total (so every
    unit of weight is equally likely), then walked over the weights."""
    total = sum(weights)
    limit = ((1 << 64) // total) * total
    counter = 0
    while True:
        x = int.from_bytes(hashlib.sha256(key + counter.to_bytes(4, "big")).digest()[:8], "big")
        if x < limit:
            break
        counter += 1
    k = x % total
    for i, w in enumerate(weights):
        if k < w:
            return i
        k -= w
    raise AssertionError("the weights do not add up")


@dataclass(frozen=True)
class _Seat:
    name: str
    commitment: bytes
    revealed: bytes  # the last value revealed (the commitment before any)
    seq: int  # the number of the last message read (0: the invite, or none yet)
    #: (content, its MACs) waiting for the next value: a copy of a message with another
    #: MAC (anyone can make one) adds its MAC; the next value tells which is genuine.
    unchecked: tuple[bytes, tuple[bytes, ...]] | None = None


@dataclass(frozen=True)
class RemoteTable:
    """One device's side of a remote game: its seat's view, the transcript, its secret.

    Values: every method returns a new table and leaves this one as it was.  ``outbox``
    holds the links the last call produced (to be sent to every other player)."""

    game_id: str
    players: int
    options: Mapping[str, Any]
    session: bytes
    seat: int
    creator: int
    secret: bytes
    seats: tuple[_Seat | None, ...]
    state: State | None  # this seat's view (None before the start)
    transcript: tuple[str, ...]  # every link read or sent, in the order they count
    head: bytes  # the transcript's hash
    my_seq: int
    outbox: tuple[str, ...] = ()
    held: tuple[str, ...] = ()
    notice: str = ""
    stopped: str = ""
    dealt: int = 0  # chance steps dealt so far (each step's number in its key)
    turn_moves: tuple[str, ...] = ()  # this seat's moves of the turn not yet sent
    deal_from: tuple[int, bytes] | None = None  # (P, the value P's message revealed)
    joins: tuple[tuple[Any, ...], ...] = ()  # the creator's: joins read before the start
    seen: Mapping[tuple[int, int], bytes] = field(default_factory=dict)  # (seat, seq) -> content
    #: Every link this device made or accepted, in order (what ``to_json`` keeps).
    log: tuple[str, ...] = ()
    #: The chain value each (seat, message number) revealed.
    values: Mapping[tuple[int, int], bytes] = field(default_factory=dict)
    dealing: int = DEALING_VERSION
    #: A table with private hands: ``correspondence`` (keys sent ahead) or ``strict``.
    mode: str = ""
    private: PrivateDeck | None = None
    #: This device's lock pass, riding on its first turn's link (the first mover's).
    setup_payload: Mapping[str, Any] | None = None
    #: This seat's hidden cards its moves of the turn showed: [place, seat, key] each.
    shown: tuple[tuple[int, int, int], ...] = ()
    #: The places this device opened for its own seat, and their cards.
    mine: Mapping[int, str] = field(default_factory=dict)
    #: The end's audit: "N draws, every shuffle matches", or what failed.
    audit: str = ""
    #: The places of this seat's hand its turn gave back to the bag (its link names them).
    back: tuple[int, ...] = ()
    #: This seat's moves as it played them (its links carry them as the others see them).
    played: tuple[str, ...] = ()

    # --- the protocol's surface -----------------------------------------------------

    @classmethod
    def create(
        cls,
        game_id: str,
        *,
        players: int,
        options: Mapping[str, Any],
        seat: int,
        names: Sequence[str],
        entropy: bytes,
        mode: str | None = None,
    ) -> RemoteTable:
        """A new remote table, this device the creator at ``seat``: ``outbox`` holds the
        invite.  ``names[seat]`` is the creator's name; ``entropy`` at least 16 random
        bytes (``secrets.token_bytes(32)``).  A game with private hands (Arboretum)
        plays in ``mode`` ``"correspondence"`` (the default: one link a turn, a player's
        own next cards sent ahead) or ``"strict"`` (every draw waits for the others'
        keys: more links); ``docs/remote-play.md``, "Private hands"."""
        if mode is not None and (game_id not in PRIVATE_GAMES or mode not in MODES):
            raise ValueError(f"{mode!r} is not a mode of a {game_id} table")
        if game_id in PRIVATE_GAMES and mode is None:
            mode = "correspondence"
        if game_id not in GAMES:
            raise ValueError(f"{game_id!r} is not played at a remote table")
        modes = GAMES[game_id].get("mode")
        if modes is not None and options.get("mode", "competitive") not in modes:
            raise ValueError(f"{options.get('mode')!r} is not played at a remote table")
        make(game_id, players=players, dealer=None, **options)  # the set-up is valid
        if not 0 <= seat < players:
            raise ValueError(f"no seat {seat} at a {players}-player table")
        secret = _secret(entropy)
        return cls._create(game_id, players, options, seat, names[seat], secret, mode or "")

    @classmethod
    def _create(
        cls,
        game_id: str,
        players: int,
        options: Mapping[str, Any],
        seat: int,
        name: str,
        secret: bytes,
        mode: str = "",
    ) -> RemoteTable:
        session = _h(b"tablero-session", secret)
        dealing = PRIVATE_DEALING if mode else DEALING_VERSION
        chain = _chain(secret)
        name = clean_name(name) or PLAYERS[seat]
        version = get_game(game_id).version
        fields = [
            "i",
            PROTOCOL_VERSION,
            dealing,
            _hex(session),
            game_id,
            version,
            players,
            dict(options),
            seat,
            name,
            _hex(chain[0]),
            *([mode] if mode else []),
        ]
        content = _content(fields)
        link = _link(fields, _mac(chain[1], content))
        seats: list[_Seat | None] = [None] * players
        seats[seat] = _Seat(name, chain[0], chain[0], 0, (content, (_mac(chain[1], content),)))
        return cls(
            game_id,
            players,
            dict(options),
            session,
            seat,
            seat,
            secret,
            tuple(seats),
            None,
            (link,),
            _h(content),
            0,
            outbox=(link,),
            seen={(seat, 0): content},
            log=(link,),
            dealing=dealing,
            mode=mode,
        )

    @classmethod
    def join(cls, link: str, *, seat: int, name: str, entropy: bytes) -> RemoteTable:
        """This device joins the game of the invite ``link`` at ``seat`` (the creator may
        seat it elsewhere if another joiner took it): ``outbox`` holds the join."""
        secret = _secret(entropy)
        fields, _ = _read(link)
        if fields[0] == "i" and type(fields[8]) is int and fields[8] == seat:
            raise ValueError(f"seat {seat} is the creator's")
        try:
            return cls._join(link, seat, name, secret)
        except (CorruptDataError, ValueError):
            raise
        except Exception as exc:  # noqa: BLE001 - an invitation is untrusted input
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged") from exc

    @classmethod
    def _join(cls, link: str, seat: int, name: str, secret: bytes) -> RemoteTable:
        fields, mac = _read(link)
        if fields[0] != "i":
            raise CorruptDataError("This is not an invitation.", code="remote.not_invite")
        game_id, version, players, options, creator, creator_name, commitment = fields[4:11]
        session = _unhex(fields[3], "session")
        dealing = fields[2]
        mode = fields[11] if dealing == PRIVATE_DEALING else ""
        if not isinstance(game_id, str) or game_id not in GAMES or type(version) is not int:
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
        if (dealing == PRIVATE_DEALING) != (game_id in PRIVATE_GAMES) or (
            dealing == PRIVATE_DEALING and mode not in MODES
        ):
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
        if type(players) is not int or not 1 < players <= 4 or type(creator) is not int:
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
        _check_rules(version, get_game(game_id).version)
        if not isinstance(options, dict) or not isinstance(creator, int):
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
        try:
            make(game_id, players=players, dealer=None, **options)
        except (TypeError, ValueError) as exc:
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged") from exc
        if not 0 <= creator < players or not isinstance(creator_name, str):
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
        if not 0 <= seat < players or seat == creator:
            raise ValueError(f"seat {seat} is not free at this table")
        chain = _chain(secret)
        invite = _content(fields)
        mine = clean_name(name) or PLAYERS[seat]
        join_fields = [
            "j",
            PROTOCOL_VERSION,
            dealing,
            fields[3],
            _hex(_h(invite)),
            seat,
            mine,
            _hex(chain[0]),
            _hex(chain[1]),
            version,
        ]
        join_content = _content(join_fields)
        join_link = _link(join_fields, _mac(chain[2], join_content))
        seats: list[_Seat | None] = [None] * players
        creator_commitment = _unhex(commitment, "commitment")
        seats[creator] = _Seat(clean_name(creator_name), creator_commitment, creator_commitment, 0,
                               (invite, (mac,)))  # fmt: skip
        return cls(
            game_id,
            players,
            options,
            session,
            seat,
            creator,
            secret,
            tuple(seats),
            None,
            (link,),
            _h(invite),
            1,
            outbox=(join_link,),
            seen={(creator, 0): invite},
            log=(link, join_link),
            dealing=dealing,
            mode=mode,
        )

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """The seats whose message is awaited (none once the game is over)."""
        if self.stopped:
            return ()
        if self.state is None:
            if self.seat != self.creator:
                return (self.creator,)  # its start
            taken = {self.creator, *(j[2] for j in self.joins)}
            return tuple(q for q in range(self.players) if q not in taken)
        if self.dealing == PRIVATE_DEALING:
            sender = self._next_sender()
            return () if sender is None or sender == self.seat else (sender,)
        if self.state.is_terminal():
            return ()
        mover = self._mover()
        return () if mover == self.seat else (mover,)

    def receive(self, link: str) -> RemoteTable:
        """The table after reading another player's ``link`` (an invite's join, the
        start, a turn).  A link already read changes nothing; one that comes before an
        earlier one it follows is held (``notice`` says whose to open first) and read
        once that one is; a damaged, foreign, tampered or forged link raises
        :class:`~tablero.core.CorruptDataError` (a move the rules refuse:
        :class:`~tablero.core.IllegalMoveError`) and changes nothing.  Two different
        messages from one seat with the same number stop the game (``stopped``)."""
        self._check_running()
        text = fragment_text(link) if isinstance(link, str) else link
        if text in self.log:
            return replace(self, outbox=(), notice="")  # read or sent already
        table = replace(self, outbox=(), notice="")
        try:
            table = table._accept(text)
            # Read what was held, as long as one of them now follows; one that is now
            # refused (it was damage, only in place at last) leaves the queue.
            progress = True
            while progress and table.held:
                progress = False
                for held in table.held:
                    rest = replace(table, held=tuple(h for h in table.held if h != held))
                    try:
                        after = rest._accept(held)
                    except _Equivocation:
                        raise
                    except (CorruptDataError, IllegalMoveError):
                        table, progress = rest, True  # refused now that it is in place
                        break
                    if held not in after.held:
                        table, progress = after, True
                        break
        except _Equivocation as stop:
            return replace(self, outbox=(), notice=str(stop), stopped=str(stop))
        return table

    def play(self, move: str) -> RemoteTable:
        """This seat's ``move`` (its text) played on its view; at the end of its turn
        ``outbox`` holds the turn's link."""
        self._check_running()
        state = self.state
        if state is None:
            raise IllegalMoveError("the game has not started yet")
        mover = self._next_sender() if self.dealing == PRIVATE_DEALING else self._mover()
        if (
            state.is_terminal()
            or mover != self.seat
            or state.current_player != self.seat
            or state.chance is not None
            and (not state.legal_moves())
        ):
            raise IllegalMoveError("it is not your turn: wait for the other players' links")
        table = self
        shown: tuple[tuple[int, int, int], ...] = ()
        if self.dealing == PRIVATE_DEALING:
            text = str(state.read_move(move)) if isinstance(move, str) else str(move)
            shown = self._shown(state, text)
            table = self._moved(state, text, self.seat, None)
        after = state.apply(move)
        table = replace(
            table,
            state=after,
            # as the others see it (a private game's rack pick: "pick rack ?")
            turn_moves=(*self.turn_moves, state.move_as_seen(move, self._other())),
            played=(
                *self.played,
                str(state.read_move(move)) if isinstance(move, str) else str(move),
            ),
            outbox=(),
            notice="",
            shown=(*self.shown, *shown),
        )
        if self.dealing == PRIVATE_DEALING:
            table = table._settle()
        if table._turn_over():
            table = table._send_turn()
            if table.dealing == PRIVATE_DEALING:
                table = table._autosend()
            table = replace(table, log=(*table.log, *table.outbox))
        return table

    def deck_as_dealt(self) -> tuple[tuple[int, str, int], ...]:
        """A private table's deck as it was dealt, once its audit has passed (every seed
        in: every place can be opened): ``(place, card, seat)`` for each place drawn, in
        the order of the draws, ``seat`` the one it was drawn for (-1: drawn face up).
        Empty before the audit, for a fair-deck table, and for a stopped one."""
        deck = self.private
        if deck is None or not self.audit or self.stopped:
            return ()
        keys = self._keys()
        out = []
        for place in deck.drawn:
            label = deck.open(place, self.seat, keys)
            card = deck.value(label) if label is not None else "?"
            out.append((place, card, -1 if place in deck.public else deck.drawer.get(place, -1)))
        return tuple(out)

    def to_json(self) -> str:
        """What this device keeps to go on later: its secret, its seat and every link it
        read or sent, in order (reading it back replays and checks them all)."""
        data = {
            "remote": PROTOCOL_VERSION,
            "secret": _hex(self.secret),
            "log": list(self.log),
            "held": list(self.held),
            "stopped": self.stopped,
            **({"played": list(self.played)} if self.dealing == PRIVATE_DEALING else {}),
        }
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> RemoteTable:
        """A table from :meth:`to_json`: its links read again and checked."""
        try:
            data = json.loads(text)
            secret = _unhex(data["secret"], "secret")
            log, held, stopped = data["log"], data["held"], data.get("stopped", "")
            played = data.get("played", [])
            if not isinstance(played, list) or not all(isinstance(m, str) for m in played):
                raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
            if not isinstance(stopped, str):
                raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
            if data["remote"] != PROTOCOL_VERSION or not isinstance(log, list) or not log:
                raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
            if not isinstance(held, list) or not all(isinstance(x, str) for x in log + held):
                raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
        except (ValueError, KeyError, TypeError) as exc:
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged") from exc
        try:
            table = cls._rebuild(secret, log, held, played)
            return replace(table, stopped=stopped, notice=stopped) if stopped else table
        except (CorruptDataError, IllegalMoveError):
            raise
        except Exception as exc:  # noqa: BLE001 - stored data is untrusted input too
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged") from exc

    # --- reading a link ---------------------------------------------------------------

    def _accept(self, link: str) -> RemoteTable:
        """Read ``link``; log it when it counted (not read already, not held), with the
        links reading it made.  Anything but a refusal the protocol names is damage:
        untrusted input never crashes a device."""
        try:
            after = self._receive(link)
        except (CorruptDataError, IllegalMoveError):
            raise
        except InvalidMoveError as exc:
            raise IllegalMoveError(f"this link holds a move that is not a move: {exc}") from exc
        except Exception as exc:  # noqa: BLE001 - untrusted input
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged") from exc
        if after is self or link in after.held:
            return after
        return replace(after, log=(*after.log, link, *after.outbox))

    def _receive(self, link: str) -> RemoteTable:
        fields, mac = _read(link)
        if _unhex(fields[3], "session") != self.session:
            raise CorruptDataError(MSG_FOREIGN, code="remote.foreign")
        kind = fields[0]
        content = _content(fields)
        if fields[2] != self.dealing:
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
        if kind != "i":  # every later message names the rules it was played by
            _check_rules(fields[-1], self._rules())
        if kind == "i":
            if self.seen.get((self._creator(), 0)) == content:
                return self
            raise CorruptDataError(MSG_FOREIGN, code="remote.foreign")
        if kind == "j":
            return self._receive_join(fields, content, mac, link)
        if kind == "s":
            return self._receive_start(fields, content, mac, link)
        if kind == "t":
            return self._receive_turn(fields, content, mac, link)
        raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")

    def _receive_join(
        self, fields: list[Any], content: bytes, mac: bytes, link: str
    ) -> RemoteTable:
        if self.state is not None:
            if content in self.seen.values():
                return self  # a join the start seated
            raise CorruptDataError(MSG_TAKEN, code="remote.taken")
        if self.seat != self._creator():
            raise CorruptDataError(
                "Only the player who made the invitation reads the joins.",
                code="remote.not_creator",
            )
        if fields[4] != _hex(self.head):
            raise CorruptDataError(MSG_FOREIGN, code="remote.foreign")
        seat, name = fields[5], fields[6]
        commitment, first = _unhex(fields[7], "commitment"), _unhex(fields[8], "value")
        if not isinstance(seat, int) or not 0 <= seat < self.players or not isinstance(name, str):
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
        if _h(first) != commitment:
            raise CorruptDataError(MSG_FORGED, code="remote.forged")
        if any(j[0] == content for j in self.joins):
            return self
        joins = (*self.joins, (content, mac, seat, clean_name(name), commitment, first))
        table = replace(self, joins=joins)
        if len(joins) == self.players - 1:
            table = table._send_start()
        return table

    def _send_start(self) -> RemoteTable:
        """Every seat has joined: seat them (a joiner whose seat was taken gets the first
        free one, in the order they came), reveal this device's first value, deal."""
        chain = _chain(self.secret)
        taken = {self.seat}
        placed: dict[int, tuple[Any, ...]] = {}
        for join in self.joins:
            wanted = join[2]
            seat = wanted if wanted not in taken else min(set(range(self.players)) - taken)
            taken.add(seat)
            placed[seat] = join
        seating = [
            None
            if q == self.seat
            else [
                placed[q][3],
                _hex(placed[q][4]),
                _hex(placed[q][5]),
                _hex(placed[q][1]),
                placed[q][0].decode("ascii"),
            ]  # fmt: skip
            for q in range(self.players)
        ]
        fields = [
            "s",
            PROTOCOL_VERSION,
            self.dealing,
            _hex(self.session),
            _hex(self.head),
            seating,
            _hex(chain[1]),
            self._rules(),
        ]
        content = _content(fields)
        link = _link(fields, _mac(chain[2], content))
        table = replace(self, joins=())._start(fields, content, _mac(chain[2], content), link)
        return replace(table, outbox=(*table.outbox, link))._autosend()

    def _receive_start(
        self, fields: list[Any], content: bytes, mac: bytes, link: str
    ) -> RemoteTable:
        if self.state is not None:
            if self.seen.get((self._creator(), 1)) == content:
                return self._another_mac(self._creator(), 1, mac)
            raise self._differing(self._creator(), 1, fields[6], content, mac)
        if fields[4] != _hex(self.head):
            raise CorruptDataError(MSG_FOREIGN, code="remote.foreign")
        return self._start(fields, content, mac, link)._autosend()

    def _start(self, fields: list[Any], content: bytes, mac: bytes, link: str) -> RemoteTable:
        """Read the start: the seating checked, every seat's first value, the deal."""
        creator = self._creator()
        seating = fields[5]
        if not isinstance(seating, list) or len(seating) != self.players:
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
        first_c = _unhex(fields[6], "value")
        c_seat = self.seats[creator]
        assert c_seat is not None
        if _h(first_c) != c_seat.commitment or not _authentic(c_seat, first_c):
            raise CorruptDataError(MSG_FORGED, code="remote.forged")
        seats: list[_Seat | None] = list(self.seats)
        seats[creator] = _Seat(c_seat.name, c_seat.commitment, first_c, 1, (content, (mac,)))
        mine = _chain(self.secret)[0]
        my_seat = creator if self.seat == creator else -1
        joined: dict[tuple[int, int], bytes] = {}
        revealed: dict[tuple[int, int], bytes] = {}
        for q, entry in enumerate(seating):
            if q == creator:
                if entry is not None:
                    raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
                continue
            seated = _seated(entry)
            seats[q] = seated
            joined[(q, 1)] = seated.unchecked[0] if seated.unchecked else b""
            revealed[(q, 1)] = seated.revealed
            if seated.commitment == mine:
                my_seat = q
        if my_seat < 0:
            raise CorruptDataError(MSG_FOREIGN, code="remote.foreign")
        state: State = make(self.game_id, players=self.players, dealer=None, **self.options)
        state = state.view(my_seat)
        firsts = [s.revealed for s in seats if s is not None]
        table = replace(
            self,
            seat=my_seat,
            seats=tuple(seats),
            state=state,
            transcript=(*self.transcript, link),
            head=_h(self.head, content),
            my_seq=1,
            seen={**self.seen, **joined, (creator, 1): content},
            values={**self.values, **revealed, (creator, 1): first_c},
        )
        if self.dealing == PRIVATE_DEALING:
            table = table._deal_all(b"setup", *firsts, stop=PRIVATE_GAMES[self.game_id].kinds)
            assert table.state is not None
            first = table.state.current_player
            assert first is not None
            deck = PrivateDeck.begin(
                self.game_id, self.mode, self.players, self.options, self.session, first
            )
            return replace(table, private=deck)
        return table._deal_all(b"setup", *firsts)

    def _receive_turn(
        self, fields: list[Any], content: bytes, mac: bytes, link: str
    ) -> RemoteTable:
        if self.state is None:
            return replace(self, held=(*self.held, link), notice=_notice_start(self))
        seat, seq, after = fields[4], fields[5], fields[6]
        if type(seat) is not int or not 0 <= seat < self.players or type(seq) is not int:
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
        if seat == self.seat:
            if self.seen.get((seat, seq)) == content:
                return self  # this device's own link
            raise CorruptDataError(MSG_FORGED, code="remote.forged")
        known = self.seats[seat]
        assert known is not None
        if seq <= known.seq:
            if self.seen.get((seat, seq)) == content:
                return self._another_mac(seat, seq, mac)  # read already
            raise self._differing(seat, seq, fields[8], content, mac)
        if seq > known.seq + 1:
            return self._hold(link)
        reveal = _unhex(fields[8], "value")
        if _h(reveal) != known.revealed:
            raise CorruptDataError(MSG_FORGED, code="remote.forged")
        if not _authentic(known, reveal):
            # Only the sender could reveal this value: the message of theirs read before
            # was a changed copy, read first.  This device's game has gone astray.
            raise _Equivocation(
                f"A changed copy of {self._name(seat)}'s earlier link was read before the "
                "real one: this game cannot go on.",
                code="remote.tampered",
            )
        if self._next_sender() != seat:
            return self._hold(link)
        if after != _hex(self.head):
            # The sender's own (its chain value, and its last message's MAC, say so),
            # in its place, yet it follows another transcript: a link one of the two
            # devices read was changed on its way.
            raise _Equivocation(
                f"{self._name(seat)}'s link follows another game than this device's (a "
                "link was changed on its way): this game cannot go on.",
                code="remote.diverged",
            )
        moves = fields[7]
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
        if self.dealing == PRIVATE_DEALING:
            table = self._private_turn(seat, moves, fields[9])
            seats = list(table.seats)
            seats[seat] = replace(known, revealed=reveal, seq=seq, unchecked=(content, (mac,)))
            table = replace(
                table,
                seats=tuple(seats),
                transcript=(*table.transcript, link),
                head=_h(table.head, content),
                seen={**table.seen, (seat, seq): content},
                values={**table.values, (seat, seq): reveal},
            )
            return table._settle()._mix_if_due(seat)._autosend()
        table = self
        if table.deal_from is not None:
            table = table._deal_pending(reveal)
        state = table.state
        assert state is not None
        for move in moves:
            if state.is_terminal() or state.current_player != seat:
                raise IllegalMoveError(f"player {PLAYERS[seat]} plays out of turn in this link")
            state = state.apply(move)
        seats = list(table.seats)
        seats[seat] = replace(known, revealed=reveal, seq=seq, unchecked=(content, (mac,)))
        table = replace(
            table,
            state=state,
            seats=tuple(seats),
            transcript=(*table.transcript, link),
            head=_h(table.head, content),
            seen={**table.seen, (seat, seq): content},
            values={**table.values, (seat, seq): reveal},
            deal_from=(seat, reveal),
        )
        return table._after_turn()

    # --- dealing ---------------------------------------------------------------------------

    def _next_mover(self) -> int:
        """The seat that moves after the turn that just ended (it deals that turn's
        chance steps)."""
        state = self.state
        assert state is not None and self.deal_from is not None
        mover = self.deal_from[0]
        player = state.current_player
        return player if player is not None and player != mover else (mover + 1) % self.players

    def _after_turn(self) -> RemoteTable:
        """After a turn's link: deal its chance steps now if this seat moves next (it
        knows its own next value), else wait for the next mover's link."""
        state = self.state
        assert state is not None
        if state.chance is None or state.is_terminal():
            return replace(self, deal_from=None) if state.chance is None else self
        if self._next_mover() == self.seat:
            return self._deal_pending(_chain(self.secret)[self.my_seq + 1])
        return self

    def _deal_pending(self, next_value: bytes) -> RemoteTable:
        assert self.deal_from is not None
        table = self._deal_all(b"turn", self.deal_from[1], next_value)
        return replace(table, deal_from=None)

    def _deal_all(
        self, what: bytes, *values: bytes, stop: frozenset[str] = frozenset()
    ) -> RemoteTable:
        """Deal every chance step the state waits for, each from its own key (up to a
        step of a kind in ``stop``: a private deck's)."""
        state, dealt = self.state, self.dealt
        assert state is not None
        while (chance := state.chance) is not None and chance.kind not in stop:
            key = deal_key(what, self.session, dealt, *values)
            outcome = chance.outcomes[deal_index(key, chance.weights)]
            state = state.deal(outcome)
            dealt += 1
        return replace(self, state=state, dealt=dealt)

    # --- private hands (dealing 2: a masked deck, docs/remote-play.md) ---------------------

    def _next_sender(self) -> int | None:
        """The seat whose link comes next (``None``: nobody's, the game is over)."""
        state, deck = self.state, self.private
        assert state is not None
        if deck is None:
            return None if state.is_terminal() else self._mover()
        sender = deck.setup_sender()
        if sender is not None:
            return sender
        mover = state.current_player if state.current_player is not None else 0
        if self._ending():
            start = next(iter(deck.seeds), mover)
            missing = [q for q in range(self.players) if q not in deck.seeds]
            return min(missing, key=lambda q: (q - start) % self.players)
        if state.is_terminal():
            return None
        reply = deck.next_reply()
        return mover if reply is None else reply[0]

    # --- private hands (dealing 2): tablero.web.remote_private ---------------------------

    def _keys(self) -> Keys:
        return _keys_of(self.secret)

    def _other(self) -> int:
        """Another seat (every other seat sees a move of this one's the same way)."""
        return (self.seat + 1) % self.players

    def _ending(self) -> bool:
        return _private.ending(self)

    def _label(self, place: int) -> str:
        return _private.label(self, place)

    def _mine_of(self, value: str, used: set[int], *, public_first: bool) -> int | None:
        return _private.mine_of(self, value, used, public_first=public_first)

    def _shown(self, state: State, move: str) -> tuple[tuple[int, int, int], ...]:
        return _private.shown(self, state, move)

    def _moved(self, state: State, move: str, seat: int, back: Any) -> RemoteTable:
        return _private.moved(self, state, move, seat, back)

    def _settle(self) -> RemoteTable:
        return _private.settle(self)

    def _mix_if_due(self, sender: int) -> RemoteTable:
        return _private.mix_if_due(self, sender)

    def _autosend(self) -> RemoteTable:
        return _private.autosend(self)

    def _private_turn(self, seat: int, moves: list[str], payload: Any) -> RemoteTable:
        return _private.private_turn(self, seat, moves, payload)

    def _send_private(
        self, moves: Sequence[str], extra: Mapping[str, Any] | None = None
    ) -> RemoteTable:
        return _private.send_private(self, moves, extra)

    def _turn_over(self) -> bool:
        state = self.state
        assert state is not None
        if state.is_terminal():
            return True
        if self.private is not None:
            deck = self.private
            if self._ending() or any(q != self.seat for q in deck.blocked()):
                return True
            if deck.given_back and state.chance is None:
                return True  # the bag is mixed before anything else is drawn
        return state.current_player != self.seat or not state.legal_moves()

    def _send_turn(self) -> RemoteTable:
        if self.dealing == PRIVATE_DEALING:
            return replace(self._send_private(self.turn_moves), turn_moves=())
        chain = _chain(self.secret)
        seq = self.my_seq + 1
        fields = [
            "t",
            PROTOCOL_VERSION,
            DEALING_VERSION,
            _hex(self.session),
            self.seat,
            seq,
            _hex(self.head),
            list(self.turn_moves),
            _hex(chain[seq]),
            self._rules(),
        ]
        content = _content(fields)
        link = _link(fields, _mac(chain[seq + 1], content))
        table = replace(
            self,
            transcript=(*self.transcript, link),
            head=_h(self.head, content),
            my_seq=seq,
            turn_moves=(),
            seen={**self.seen, (self.seat, seq): content},
            values={**self.values, (self.seat, seq): chain[seq]},
            deal_from=(self.seat, chain[seq]),
            outbox=(link,),
        )
        state = table.state
        assert state is not None
        if state.chance is None:
            table = replace(table, deal_from=None)
        return table

    # --- helpers -----------------------------------------------------------------------

    def _creator(self) -> int:
        return self.creator

    def _mover(self) -> int:
        state = self.state
        assert state is not None
        player = state.current_player
        return self.seat if player is None else player

    def _check_running(self) -> None:
        if self.stopped:
            raise IllegalMoveError(self.stopped)

    def _differing(
        self, seat: int, seq: int, reveal: Any, content: bytes, mac: bytes
    ) -> CorruptDataError:
        """A second, different message numbered as one already read: a forgery when its
        chain value is not the one revealed, or when the next value is known and its MAC
        fails; else the sender sent two messages for one turn (equivocation), and the
        game stops (a copy of the first with another content cannot be told apart from
        it until the sender's next message: the risk is a game stopped, never a game
        changed)."""
        if _unhex(reveal, "value") != self.values.get((seat, seq)):
            return CorruptDataError(MSG_FORGED, code="remote.forged")
        first = json.loads(self.seen[(seat, seq)])
        if json.loads(content)[4 if first[0] == "s" else 6] != first[4 if first[0] == "s" else 6]:
            # a sender's two messages for one turn would follow the same transcript
            return CorruptDataError(MSG_FORGED, code="remote.forged")
        following = self.values.get((seat, seq + 1))
        if following is not None and not hmac.compare_digest(_mac(following, content), mac):
            return CorruptDataError(MSG_FORGED, code="remote.forged")
        return _Equivocation(
            f"Player {self._name(seat)} sent two different links for the same turn: "
            "this game cannot go on.",
            code="remote.equivocation",
        )

    def _rules(self) -> int:
        """The version of the game's rules this device plays (its format version)."""
        return get_game(self.game_id).version

    def _hold(self, link: str) -> RemoteTable:
        """``link`` kept until the links it follows come (``notice`` says whose)."""
        if link in self.held:
            return self
        return replace(self, held=(*self.held, link), notice=_notice_order(self))

    def _another_mac(self, seat: int, seq: int, mac: bytes) -> RemoteTable:
        """The content already read, with another MAC: kept beside the first until the
        seat's next value tells which is genuine (a changed MAC alone is no forgery
        anyone could be fooled by, and must not make the genuine one lost)."""
        entry = self.seats[seat]
        if entry is None or entry.seq != seq or entry.unchecked is None:
            return self  # already checked
        content, macs = entry.unchecked
        if mac in macs or len(macs) >= 8:
            return self
        seats = list(self.seats)
        seats[seat] = replace(entry, unchecked=(content, (*macs, mac)))
        return replace(self, seats=tuple(seats))

    def _name(self, seat: int) -> str:
        entry = self.seats[seat]
        return entry.name if entry is not None else PLAYERS[seat]

    @classmethod
    def _rebuild(
        cls, secret: bytes, log: list[str], held: list[str], played: list[str]
    ) -> RemoteTable:
        """Every link of ``log`` made again (this device's own, from its secret: each must
        come out the same) or read again, in order."""
        first, _ = _read(log[0])
        if first[0] != "i":
            raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
        game_id, _version, players, options, seat, name = first[4:10]
        mode = first[11] if len(first) > 11 and first[2] == PRIVATE_DEALING else ""
        table = cls._create(game_id, players, options, seat, name, secret, mode)
        if table.log[0] != log[0]:  # not this device's invitation: it joined with log[1]
            if len(log) < 2:
                raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
            own, _ = _read(log[1])
            table = cls._join(log[0], own[5], own[6], secret)
        if table.log != tuple(log[: len(table.log)]):
            raise CorruptDataError(MSG_FORGED, code="remote.forged")
        i = len(table.log)
        while i < len(log):
            fields, _ = _read(log[i])
            if fields[0] == "t" and fields[4] == table.seat:
                for move in fields[7]:
                    table = table.play(played[len(table.played)] if played else move)
            else:
                table = table.receive(log[i])
            if table.log != tuple(log[: len(table.log)]):
                raise CorruptDataError(MSG_FORGED, code="remote.forged")
            i = len(table.log)
        for link in held:
            table = table.receive(link)
        return replace(table, outbox=(), notice="")


def _authentic(seat: _Seat, value: bytes) -> bool:
    """Whether the seat's last message is its own: one of its MACs made with ``value``,
    the seat's next chain value, just revealed."""
    if seat.unchecked is None:
        return True
    content, macs = seat.unchecked
    expected = _mac(value, content)
    return any(hmac.compare_digest(expected, mac) for mac in macs)


class _Equivocation(CorruptDataError):
    """Two different messages from one seat with one number: the game stops."""


def _seated(entry: Any) -> _Seat:
    """A joiner's place in the start's seating: its name, commitment, first value, and
    its join (content and MAC, checked once its next value is revealed), all agreeing."""
    if not isinstance(entry, list) or len(entry) != 5 or not isinstance(entry[0], str):
        raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
    commitment, first = _unhex(entry[1], "commitment"), _unhex(entry[2], "value")
    join_mac = _unhex(entry[3], "mac")
    if not isinstance(entry[4], str) or not entry[4].isascii():
        raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
    try:
        join = load_json(entry[4], max_chars=4096)
    except ValueError as exc:
        raise CorruptDataError(MSG_DAMAGED, code="remote.damaged") from exc
    if (
        not isinstance(join, list)
        or len(join) != 10
        or join[0] != "j"
        or join[6] != entry[0]
        or join[7] != entry[1]
        or join[8] != entry[2]
        or _h(first) != commitment
    ):
        raise CorruptDataError(MSG_FORGED, code="remote.forged")
    return _Seat(
        clean_name(entry[0]), commitment, first, 1, (entry[4].encode("ascii"), (join_mac,))
    )


def _notice_order(table: RemoteTable) -> str:
    names = ", ".join(table._name(q) for q in table.waiting_for) or "the earlier player"
    return f"Open {names}'s earlier link first."


def _notice_start(table: RemoteTable) -> str:
    return "Open the start link first."
