"""The Arribada game state and its rules.

A turn, as decisions (``decision``):

``action``   the turn's action: place, claim or capture; or spend the refresh
             seashell first; or pass when no action is possible.
``extra``    a placed or claimed 2 gave one more action: take it or ``decline``.
``draw``     draw back to 5 tiles, one at a time, from the bag or a display value.
``end``      after drawing, spend the refresh seashell or ``end`` the turn.
``refresh``  choosing the refresh's tiles one at a time, then ``confirm``.
``over``     the game has ended.

Every tile out of the bag is a chance step (:mod:`tablero.core.chance`), dealt in the
order the game always drew them:

``first_player``  at set-up, when not chosen (before any tile);
``spawn``         a prefilled nido at set-up; in play, each empty nido next to a
                  placed tile (the tile is scored once its nidos have spawned);
``refill``        a display slot: at set-up, after drawing back, and during a refresh;
``deal``          a rack tile at set-up (seen only by the rack's owner);
``draw``          a tile from the bag to the mover's rack: ``draw bag``, and a refresh's
                  new tiles (seen only by the mover).
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from tablero.core import UNSEEN, Formats, Game, PhasedState, Rng, Source, Step, dealer_state
from tablero.core.decisions import Decision, checks, deals, moves_of, plays, sources
from tablero.core.options import OptionSpec, first_player_option

from . import notation, scoring, serial
from .board import NIDO, PLAYA, Board, get_board
from .data import (
    BOARD_FOR_PLAYERS,
    DECISION_NAMES,
    DISPLAY_SIZE,
    EMPTY,
    EXTRA_ACTION_VALUE,
    QUADRANTS,
    RACK_SIZE,
    RULINGS,
    SHELLS,
    STRENGTH,
    TILE_SUPPLY,
    VALUES,
    VARIANTS,
    WILD,
)
from .moves import (
    ArribadaMove,
    Capture,
    Claim,
    Confirm,
    Decline,
    DrawBag,
    DrawDisplay,
    EndTurn,
    Pass,
    Pick,
    Place,
    Refresh,
    parse_move,
)

__all__ = ["GAME", "DECISION_NAMES", "PHASES", "VARIANTS", "ArribadaState"]

#: The old name of ``DECISION_NAMES``, kept as its alias (this module exported it).
PHASES = DECISION_NAMES

#: Arribada's options: the beginner variant plays without capture.
OPTIONS = (
    OptionSpec("variant", "standard", VARIANTS, "beginner: no capture"),
    first_player_option(4),
)
GAME = Game("arribada", "Arribada", 2, 4, version=1, options=OPTIONS, rulings=RULINGS)

_FIELDS = (
    "board", "n", "variant", "setup", "values", "owners", "racks", "display", "bag",
    "bag_count", "unseen", "shells", "refresh", "score", "removed", "player", "decision",
    "first", "final_round", "passes", "picks_rack", "picks_display", "refresh_from",
    "rng", "viewer_", "history_",
)  # fmt: skip

# Moves are values, so the move generators hand out shared instances.
_REFRESH, _PASS, _DECLINE, _DRAW_BAG = Refresh(), Pass(), Decline(), DrawBag()
_CONFIRM, _END = Confirm(), EndTurn()

#: The seats that see a private draw, by seat (one set each, made once).
_SEEN_BY = tuple(frozenset({q}) for q in range(4))
_new_source = tuple.__new__


class ArribadaState(PhasedState, game=GAME):
    """An Arribada position.  Build one with ``tablero.core.make("arribada", ...)``.

    Attributes are read-only by convention: every method returns a new state.
    Racks are sorted tuples of values; in a view, a tile hidden from the viewer is 0.
    """

    __slots__ = _FIELDS
    #: Its JSON data (serial.py) and its notation (notation.py).
    FORMATS = Formats.of(serial, notation)

    board: Board
    variant: str
    setup: dict[str, Any]
    values: list[int]
    owners: list[int]
    racks: list[list[int]]
    display: list[int]
    bag: list[int] | None  # counts of values 1..8 (index v-1); None in a view
    bag_count: int
    unseen: list[int] | None  # in a view: counts of the values hidden from the viewer
    shells: list[int]
    refresh: list[bool]
    removed: list[list[int]]
    first: int
    final_round: bool
    passes: int
    picks_rack: list[int]
    picks_display: list[int]
    refresh_from: str

    DECISIONS = {
        "action": Decision(
            (Place, Claim, Capture, Refresh, Pass), "place, claim, capture, refresh or pass"
        ),
        "extra": Decision(
            (Place, Claim, Capture, Decline), "a second action (place, claim, capture) or decline"
        ),
        "draw": Decision((DrawBag, DrawDisplay), "draw bag or draw <value> from the display"),
        "end": Decision((Refresh, EndTurn), "refresh or end"),
        "refresh": Decision((Pick, Confirm), "pick rack <value>, pick display <value> or confirm"),
    }

    # --- construction ---------------------------------------------------------------

    @classmethod
    def new_game(
        cls,
        players: int,
        seed: int | str | None = 0,
        *,
        variant: Literal["standard", "beginner"] = "standard",
        first_player: int | None = None,
    ) -> ArribadaState:
        """The position after setup (options checked by ``tablero.core.make``): the
        first player (unless chosen), the board's prefilled nidos, the display and every
        rack drawn from the bag, as chance steps (dealt at once from ``seed``'s PRNG;
        waiting for ``deal`` when ``seed`` is ``None``: a table without a dealer)."""
        board = get_board(BOARD_FOR_PLAYERS[players])
        s = cls.__new__(cls)
        s.board = board
        s.n = players
        s.variant = variant
        s.setup = GAME.setup_record(
            players, seed, {"variant": variant, "first_player": first_player}
        )
        s.values = [EMPTY] * (board.size * board.size)
        s.owners = [-1] * (board.size * board.size)
        s.bag = [TILE_SUPPLY[v] for v in range(1, 9)]
        s.bag_count = sum(s.bag)
        s.unseen = None
        s.rng = dealer_state(seed)
        s.first = 0 if first_player is None else first_player
        s.display = [EMPTY] * DISPLAY_SIZE
        s.racks = [[] for _ in range(players)]
        s.shells = [SHELLS[players]] * players
        s.refresh = [True] * players
        s.score = [0] * players
        s.removed = [[] for _ in range(players)]
        s.player = s.first
        s.decision = "action"
        s.final_round = False
        s.passes = 0
        s.picks_rack = []
        s.picks_display = []
        s.refresh_from = ""
        s.viewer_ = None
        s.history_ = []
        if first_player is None:
            s._pend("first_player")
        else:
            s._setup_next()
        return s._started()

    def _copy(self) -> ArribadaState:
        """A copy whose mutable parts may be changed without touching ``self``."""
        s = self._blank_copy()
        s.board = self.board
        s.variant = self.variant
        s.values = self.values[:]
        s.owners = self.owners[:]
        s.racks = [r[:] for r in self.racks]
        s.display = self.display[:]
        s.bag = None if self.bag is None else self.bag[:]
        s.bag_count = self.bag_count
        s.unseen = None if self.unseen is None else self.unseen[:]
        s.shells = self.shells[:]
        s.refresh = self.refresh[:]
        s.score = self.score[:]
        s.removed = [r[:] for r in self.removed]
        s.first = self.first
        s.final_round = self.final_round
        s.passes = self.passes
        s.picks_rack = self.picks_rack[:]
        s.picks_display = self.picks_display[:]
        s.refresh_from = self.refresh_from
        return s

    def read_move(self, text: str) -> ArribadaMove:
        return parse_move(text, self.board.size)

    # --- the bag: every tile out of it is a chance step ----------------------------------

    def _hidden(self, seat: int) -> bool:
        """Whether ``seat``'s rack is hidden here (another seat's, in a view)."""
        return self.viewer_ is not None and self.viewer_ != seat

    def _take(self, v: Any) -> None:
        """A tile of value ``v`` out of the bag (``UNSEEN``: one this view does not see)."""
        self.bag_count -= 1
        if v is UNSEEN:
            return  # into a rack this view hides: still among its unseen tiles
        counts = self.bag if self.bag is not None else self.unseen
        assert counts is not None
        counts[v - 1] -= 1

    def _give_back(self, v: int | None) -> None:
        """A tile of value ``v`` back into the bag (``None``: a tile this view hides)."""
        self.bag_count += 1
        if v is None:
            return  # from a rack this view hides: it was unseen, it stays unseen
        counts = self.bag if self.bag is not None else self.unseen
        assert counts is not None
        counts[v - 1] += 1

    def _add_to_rack(self, v: int, seat: int | None = None) -> None:
        """``v`` onto ``seat``'s rack (the mover's by default); onto a rack this view
        hides, an unseen tile (its value, if known, joins the view's unseen tiles)."""
        p = self.player if seat is None else seat
        rack = self.racks[p]
        if self._hidden(p):
            if v != EMPTY:
                assert self.unseen is not None
                self.unseen[v - 1] += 1
            v = EMPTY
        rack.append(v)
        rack.sort()

    def _rack_out(self, p: int, v: int) -> None:
        """``v`` off ``p``'s rack (off a rack this view hides: one unseen tile shown)."""
        if self._hidden(p):
            assert self.unseen is not None
            self.unseen[v - 1] -= 1
            v = EMPTY
        self.racks[p].remove(v)

    def _pool(self) -> list[int]:
        """The counts of values 1..8 a tile from the bag may have: the bag's (in a
        view, every tile the view does not see)."""
        counts = self.bag if self.bag is not None else self.unseen
        assert counts is not None
        return counts

    # (The sources build their Source with tuple.__new__: half the cost of the named
    # tuple's constructor, and a search deals a tile every few moves.)

    @sources("spawn", "refill")
    def _public_source(self, step: Step) -> Source:
        """A tile from the bag onto the board or the display: everyone sees it."""
        return _new_source(Source, (VALUES, self._pool(), None, "draw"))

    @sources("deal")
    def _deal_source(self, step: Step) -> Source:
        """A tile from the bag onto a rack at set-up: seen only by that rack's owner."""
        return _new_source(Source, (VALUES, self._pool(), _SEEN_BY[step.arg], "draw"))

    @sources("draw")
    def _draw_source(self, step: Step) -> Source:
        """A tile from the bag onto the mover's rack: seen only by the mover."""
        return _new_source(Source, (VALUES, self._pool(), _SEEN_BY[step.mover], "draw"))

    def _setup_next(self) -> None:
        """The set-up's next tile: the prefilled nidos, the display, then each rack."""
        for cell in self.board.prefilled[self.n]:
            if self.values[cell] == EMPTY:
                self._pend("spawn", [cell, -1, False])
                return
        for i, v in enumerate(self.display):
            if v == EMPTY:
                self._pend("refill", [i, "setup"])
                return
        for q, rack in enumerate(self.racks):
            if len(rack) < RACK_SIZE:
                self._pend("deal", q)
                return

    @deals("first_player")
    def _deal_first(self, step: Step, value: int, ev: list[dict[str, Any]]) -> None:
        self.first = self.player = value
        self._setup_next()

    @deals("deal")
    def _deal_rack(self, step: Step, value: Any, ev: list[dict[str, Any]]) -> None:
        self._take(value)
        self._add_to_rack(EMPTY if value is UNSEEN else value, step.arg)
        self._setup_next()

    @deals("spawn")
    def _deal_spawn(self, step: Step, value: int, ev: list[dict[str, Any]]) -> None:
        """A nido's tile: at set-up (``placed`` -1), or next to the placed tile."""
        nido, placed, extra = step.arg
        self._take(value)
        self.values[nido] = value
        if placed < 0:
            self._setup_next()
            return
        ev.append({"type": "spawn", "cell": self.board.cell_name(nido), "value": value})
        self._spawn_next(placed, extra, ev)

    @deals("refill")
    def _deal_refill(self, step: Step, value: int, ev: list[dict[str, Any]]) -> None:
        """A display slot's tile: at set-up, after drawing back, or in a refresh."""
        slot, when = step.arg
        self._take(value)
        self.display[slot] = value
        if when == "setup":
            self._setup_next()
        elif when == "turn":
            ev.append({"type": "refill", "slot": slot, "value": value})
            self._refill_next(ev)
        else:
            e = ev[-1]
            ev[-1] = {**e, "display_in": [*e["display_in"], value]}
            self._refresh_next(ev)

    @deals("draw")
    def _deal_draw(self, step: Step, value: Any, ev: list[dict[str, Any]]) -> None:
        """A tile from the bag to the mover's rack: ``draw bag``, or a refresh's."""
        p = step.mover
        self._take(value)
        seen = None if value is UNSEEN else value
        self._add_to_rack(EMPTY if seen is None else seen, p)
        if step.arg == "bag":
            ev.append({"type": "draw", "player": p, "source": "bag", "value": seen})
            self._continue_drawing(ev)
        else:
            e = ev[-1]
            ev[-1] = {**e, "rack_in": [*e["rack_in"], seen]}
            self._refresh_next(ev)

    # --- strength around a cell --------------------------------------------------------

    def strength(self, player: int, cell: int) -> int:
        """``player``'s strength around ``cell``: their adjacent tiles' strengths."""
        owners, values = self.owners, self.values
        return sum(STRENGTH[values[x]] for x in self.board.neighbours[cell] if owners[x] == player)

    def strengths(self, cell: int) -> list[int]:
        """Every player's strength around ``cell``."""
        out = [0] * self.n
        for x in self.board.neighbours[cell]:
            o = self.owners[x]
            if o >= 0:
                out[o] += STRENGTH[self.values[x]]
        return out

    # --- the action: place, claim or capture -----------------------------------------

    @moves_of("action")
    def _action_decision(self) -> list[ArribadaMove]:
        """Place, claim, capture; the refresh seashell; ``pass`` when no action is left."""
        moves = self._actions()
        can_act = bool(moves)
        if self._can_refresh():
            moves.append(_REFRESH)
        if not can_act:
            moves.append(_PASS)
        return moves

    @moves_of("extra")
    def _extra_decision(self) -> list[ArribadaMove]:
        """The extra action a 2 gave, or ``decline``."""
        return [*self._actions(), _DECLINE]

    def _actions(self) -> list[ArribadaMove]:
        """Every place, claim and capture open to the player (none without a shell)."""
        p = self.player
        if self.shells[p] <= 0:
            return []
        b = self.board
        size = b.size
        moves: list[ArribadaMove] = []
        values = self.values
        empty_playa = [c for c in b.playa if values[c] == EMPTY]
        places = _place_moves(size)
        for v in sorted(set(self.racks[p])):
            if v == EMPTY:
                continue
            row = places[v]
            moves.extend([row[c] for c in empty_playa])
        for c in b.nidos:
            if self._can_claim(p, c):
                moves.append(Claim(c // size, c % size))
        if self.variant != "beginner":
            for c in range(size * size):
                if self._can_capture(p, c):
                    moves.append(Capture(c // size, c % size))
        return moves

    def _target(self, move: Place | Claim | Capture) -> tuple[int, str] | str:
        """What every action needs: a cell on the board and a shell to mark it.  The
        cell and its name, or why the action is impossible (a sentence)."""
        b = self.board
        if not (0 <= move.row < b.size and 0 <= move.col < b.size):
            return f"{move} is off the board"
        if self.shells[self.player] <= 0:
            return f"{move}: you have no turtle shells left"
        cell = b.index(move.row, move.col)
        return cell, b.cell_name(cell)

    def _action_done(self, grants_extra: bool, ev: list[dict[str, Any]]) -> None:
        """After a place, claim or capture: the last shell starts the final round; a
        placed or claimed 2 as the turn's first action gives one more action."""
        self.passes = 0
        if self.shells[self.player] == 0 and not self.final_round:
            self.final_round = True
            ev.append({"type": "last_shell", "player": self.player})
        if grants_extra:
            ev.append({"type": "extra_action", "player": self.player})
            self.decision = "extra"
        else:
            self._after_actions(ev)

    def _take_shell(self, player: int, cell: int) -> None:
        self.owners[cell] = player
        self.shells[player] -= 1

    def _score_tile(self, cell: int, ev: list[dict[str, Any]]) -> None:
        seq, st = scoring.tile_points(self.values, self.owners, self.board.neighbours, cell)
        if seq or st:
            p = self.owners[cell]
            self.score[p] += seq + st
            ev.append(
                {
                    "type": "score",
                    "player": p,
                    "cell": self.board.cell_name(cell),
                    "value": self.values[cell],
                    "sequence": seq,
                    "set": st,
                }
            )

    # place: a tile from the rack on empty playa; empty nidos next to it spawn a tile

    @checks(Place)
    def _check_place(self, move: Place) -> str | None:
        return self._place_reason(move, self.racks[self.player])

    def _place_reason(self, move: Place, rack: list[int] | None) -> str | None:
        """Why ``move`` is not a legal placement, or ``None`` (``rack`` ``None``: a rack
        this view hides, where any tile it has not seen may lie)."""
        target = self._target(move)
        if isinstance(target, str):
            return target
        cell, name = target
        b = self.board
        if rack is None:
            assert self.unseen is not None
            if not self.unseen[move.value - 1]:
                return f"{move}: every {move.value} is in sight, so none is on that rack"
        elif move.value not in rack:
            return f"{move}: there is no {move.value} on your rack"
        if b.kinds[cell] != PLAYA:
            what = "a nido" if b.kinds[cell] == NIDO else "the roca grande"
            return f"{move}: {name} is {what}; tiles are placed only on empty playa"
        if self.values[cell] != EMPTY:
            return f"{move}: {name} already holds a tile"
        return None

    @plays(Place)
    def _play_place(self, move: Place, ev: list[dict[str, Any]]) -> None:
        first_action = self.decision == "action"
        p = self.player
        b = self.board
        cell = b.index(move.row, move.col)
        self._rack_out(p, move.value)
        self.values[cell] = move.value
        self._take_shell(p, cell)
        self._spawn_next(cell, first_action and move.value == EXTRA_ACTION_VALUE, ev)

    def _spawn_next(self, placed: int, extra: bool, ev: list[dict[str, Any]]) -> None:
        """The next empty nido next to the placed tile spawns a tile (while the bag
        holds one); once none is left, the placed tile scores and the action is done."""
        if self.bag_count > 0:
            b = self.board
            for x in b.neighbours[placed]:
                if b.kinds[x] == NIDO and self.values[x] == EMPTY:
                    self._pend("spawn", [x, placed, extra])
                    return
        self._score_tile(placed, ev)
        self._action_done(extra, ev)

    # claim: a neutral tile, with more strength around it than 0 and than anyone else

    def _can_claim(self, player: int, cell: int) -> bool:
        """The claim rule: a neutral tile, and the player's strength around it above 0
        and above every other player's."""
        if self.values[cell] == EMPTY or self.owners[cell] != -1:
            return False
        st = self.strengths(cell)
        mine = st[player]
        return mine > 0 and all(mine > s for q, s in enumerate(st) if q != player)

    @checks(Claim)
    def _check_claim(self, move: Claim) -> str | None:
        target = self._target(move)
        if isinstance(target, str):
            return target
        cell, name = target
        p = self.player
        if self.values[cell] == EMPTY:
            return f"{move}: there is no tile on {name}"
        if self.owners[cell] != -1:
            return f"{move}: the tile on {name} is not neutral"
        if not self._can_claim(p, cell):
            st = self.strengths(cell)
            others = max(s for q, s in enumerate(st) if q != p)
            return (
                f"{move}: your strength around {name} is {st[p]}; a claim needs more "
                f"than 0 and more than every other player (best other: {others})"
            )
        return None

    @plays(Claim)
    def _play_claim(self, move: Claim, ev: list[dict[str, Any]]) -> None:
        first_action = self.decision == "action"
        cell = self.board.index(move.row, move.col)
        ev.append(
            {
                "type": "claim",
                "player": self.player,
                "cell": self.board.cell_name(cell),
                "value": self.values[cell],
            }
        )
        self._take_shell(self.player, cell)
        self._score_tile(cell, ev)
        self._action_done(first_action and self.values[cell] == EXTRA_ACTION_VALUE, ev)

    # capture: an opponent's tile (not a wild), with more strength than its defence

    def _can_capture(self, player: int, cell: int) -> bool:
        """The capture rule: another player's tile, not a wild, not in the beginner
        variant, and the player's strength around it above the tile's strength plus its
        owner's adjacent tiles (its defence)."""
        owner = self.owners[cell]
        v = self.values[cell]
        if owner < 0 or owner == player or v == WILD or self.variant == "beginner":
            return False
        st = self.strengths(cell)
        return st[player] > STRENGTH[v] + st[owner]

    @checks(Capture)
    def _check_capture(self, move: Capture) -> str | None:
        target = self._target(move)
        if isinstance(target, str):
            return target
        cell, name = target
        p = self.player
        if self.variant == "beginner":
            return f"{move}: there is no capture in the beginner variant"
        owner = self.owners[cell]
        if self.values[cell] == EMPTY:
            return f"{move}: there is no tile on {name}"
        if owner == -1:
            return f"{move}: the tile on {name} is neutral; claim it instead"
        if owner == p:
            return f"{move}: the tile on {name} is already yours"
        if self.values[cell] == WILD:
            return f"{move}: the tile on {name} is a wild, and wilds cannot be captured"
        if not self._can_capture(p, cell):
            st = self.strengths(cell)
            defence = STRENGTH[self.values[cell]] + st[owner]
            return (
                f"{move}: your strength around {name} is {st[p]}; a capture needs more than "
                f"the tile's strength plus its owner's adjacent tiles ({defence})"
            )
        return None

    @plays(Capture)
    def _play_capture(self, move: Capture, ev: list[dict[str, Any]]) -> None:
        cell = self.board.index(move.row, move.col)
        victim = self.owners[cell]
        ev.append(
            {
                "type": "capture",
                "player": self.player,
                "cell": self.board.cell_name(cell),
                "value": self.values[cell],
                "from": victim,
            }
        )
        self.shells[victim] += 1
        self.values[cell] = WILD
        self._take_shell(self.player, cell)
        self._action_done(False, ev)

    # pass: only when no place, claim or capture is possible

    @checks(Pass)
    def _check_pass(self, move: Pass) -> str | None:
        if self._actions():
            return "pass: you can still place, claim or capture, so you cannot pass"
        return None

    @plays(Pass)
    def _play_pass(self, move: Pass, ev: list[dict[str, Any]]) -> None:
        self.passes += 1
        ev.append({"type": "pass", "player": self.player})
        if self.passes >= self.n:
            self._end_game("passes", ev)
        else:
            self._after_actions(ev)

    # decline: the extra action a 2 gave is not taken

    @plays(Decline)
    def _play_decline(self, move: Decline, ev: list[dict[str, Any]]) -> None:
        self._after_actions(ev)

    # --- drawing back ------------------------------------------------------------------

    @moves_of("draw")
    def _draw_decision(self) -> list[ArribadaMove]:
        moves: list[ArribadaMove] = [_DRAW_BAG] if self.bag_count > 0 else []
        moves.extend(_DRAW_DISPLAY[v] for v in sorted(set(self.display)) if v != EMPTY)
        return moves

    @checks(DrawBag)
    def _check_draw_bag(self, move: DrawBag) -> str | None:
        return None if self.bag_count > 0 else "draw bag: the bag is empty"

    @plays(DrawBag)
    def _play_draw_bag(self, move: DrawBag, ev: list[dict[str, Any]]) -> None:
        self._pend("draw", "bag")

    @checks(DrawDisplay)
    def _check_draw_display(self, move: DrawDisplay) -> str | None:
        if move.value not in self.display:
            return f"{move}: there is no {move.value} in the display"
        return None

    @plays(DrawDisplay)
    def _play_draw_display(self, move: DrawDisplay, ev: list[dict[str, Any]]) -> None:
        slot = self.display.index(move.value)
        self.display[slot] = EMPTY
        self._add_to_rack(move.value)
        ev.append({"type": "draw", "player": self.player, "source": "display", "value": move.value})
        self._continue_drawing(ev)

    def _after_actions(self, ev: list[dict[str, Any]]) -> None:
        """The turn's actions are done: draw back (unless this was the game's last turn)."""
        if self._is_last_turn():
            self._end_game("shells", ev)
            return
        self.decision = "draw"
        self._continue_drawing(ev)

    def _continue_drawing(self, ev: list[dict[str, Any]]) -> None:
        """Draw on while the rack is short and there is something to draw; then refill
        the display from the bag and offer the refresh or end the turn."""
        if len(self.racks[self.player]) < RACK_SIZE and (
            self.bag_count > 0 or any(v != EMPTY for v in self.display)
        ):
            self.decision = "draw"
            return
        self._refill_next(ev)

    def _refill_next(self, ev: list[dict[str, Any]]) -> None:
        """The next empty display slot is refilled (while the bag holds a tile); then
        the refresh is offered, or the turn ends."""
        if self.bag_count > 0:
            for i, v in enumerate(self.display):
                if v == EMPTY:
                    self._pend("refill", [i, "turn"])
                    return
        if self._can_refresh():
            self.decision = "end"
        else:
            self._next_turn()

    # --- the end of a turn -------------------------------------------------------------

    @moves_of("end")
    def _end_decision(self) -> list[ArribadaMove]:
        return [_REFRESH, _END]

    @plays(EndTurn)
    def _play_end(self, move: EndTurn, ev: list[dict[str, Any]]) -> None:
        self._next_turn()

    def _is_last_turn(self) -> bool:
        return self.final_round and self.player == (self.first - 1) % self.n

    def _next_turn(self) -> None:
        self.player = (self.player + 1) % self.n
        self.decision = "action"

    # --- the refresh seashell: pick tiles one at a time, then confirm ------------------

    def _can_refresh(self) -> bool:
        return self.refresh[self.player] and self.bag_count > 0

    @checks(Refresh)
    def _check_refresh(self, move: Refresh) -> str | None:
        if not self.refresh[self.player]:
            return "refresh: you have already spent your refresh seashell"
        if self.bag_count == 0:
            return "refresh: the bag is empty, so no tile could be replaced"
        return None

    @plays(Refresh)
    def _play_refresh(self, move: Refresh, ev: list[dict[str, Any]]) -> None:
        self.refresh_from = "start" if self.decision == "action" else "end"
        self.decision = "refresh"

    @moves_of("refresh")
    def _refresh_decision(self) -> list[ArribadaMove]:
        moves: list[ArribadaMove] = []
        if len(self.picks_rack) + len(self.picks_display) < self.bag_count:
            moves.extend(_PICKS["rack"][v] for v in self._pickable_rack())
            moves.extend(_PICKS["display"][v] for v in self._pickable_display())
        moves.append(_CONFIRM)
        return moves

    def _pickable_rack(self) -> list[int]:
        left = list(self.racks[self.player])
        for v in self.picks_rack:
            left.remove(v)
        return sorted(set(v for v in left if v != EMPTY))

    def _pickable_display(self) -> list[int]:
        return sorted(
            set(v for i, v in enumerate(self.display) if v != EMPTY and i not in self.picks_display)
        )

    @checks(Pick)
    def _check_pick(self, move: Pick) -> str | None:
        if move.value == EMPTY:
            return (
                f"{move}: name the rack tile to set aside ('pick rack ?' is how the "
                "other players see it)"
            )
        if len(self.picks_rack) + len(self.picks_display) >= self.bag_count:
            return (
                f"{move}: the bag holds {self.bag_count} tiles, so no more than that "
                "many can be refreshed"
            )
        pickable = self._pickable_rack() if move.source == "rack" else self._pickable_display()
        if move.value not in pickable:
            return f"{move}: there is no unpicked {move.value} in the {move.source}"
        return None

    @plays(Pick)
    def _play_pick(self, move: Pick, ev: list[dict[str, Any]]) -> None:
        if move.source == "rack":
            self.picks_rack.append(move.value)
            self.picks_rack.sort()
        else:
            slot = next(
                i
                for i, v in enumerate(self.display)
                if v == move.value and i not in self.picks_display
            )
            self.picks_display.append(slot)
            self.picks_display.sort()

    @plays(Confirm)
    def _play_confirm(self, move: Confirm, ev: list[dict[str, Any]]) -> None:
        """The picked tiles go back to the bag after as many new ones are drawn: a new
        rack tile for each picked one (``draw``), then each picked display slot
        refilled (``refill``).  The refresh event records them as they come; the picked
        rack tiles stay on the rack (``picks_rack``) until the last one is drawn."""
        p = self.player
        slots = sorted(self.picks_display)
        display_aside = [self.display[i] for i in slots]
        for i in slots:
            self.display[i] = EMPTY
        self.picks_display = []
        hidden = self._hidden(p)
        ev.append(
            {
                "type": "refresh",
                "player": p,
                "rack_out": [None] * len(self.picks_rack) if hidden else list(self.picks_rack),
                "rack_in": [],
                "display_slots": slots,
                "display_out": display_aside,
                "display_in": [],
            }
        )
        self._refresh_next(ev)

    def _refresh_next(self, ev: list[dict[str, Any]]) -> None:
        """The refresh's next draw; once all are drawn, the picked tiles go back to
        the bag and the refresh ends."""
        e = ev[-1]
        if len(e["rack_in"]) < len(e["rack_out"]):
            self._pend("draw", "refresh")
            return
        slots, done = e["display_slots"], len(e["display_in"])
        if done < len(slots):
            self._pend("refill", [slots[done], "refresh"])
            return
        p = self.player
        rack = self.racks[p]
        for v in self.picks_rack:
            rack.remove(v)
        for v in e["rack_out"]:
            self._give_back(v)
        for v in e["display_out"]:
            self._give_back(v)
        if not self._hidden(p):
            ev[-1] = {**e, "rack_in": sorted(e["rack_in"])}
        self.refresh[p] = False
        self.picks_rack = []
        if self.refresh_from == "start":
            self.decision = "action"
        else:
            self._next_turn()
        self.refresh_from = ""

    # --- another player's move, as a view sees it ---------------------------------------

    def _seen_text(self, move: Any, seat: int) -> str:
        """A rack pick is ``pick rack ?`` to every seat but the mover's."""
        if isinstance(move, Pick) and move.source == "rack" and seat != self.player:
            return "pick rack ?"
        return str(move)

    def _seen_check(self, move: Any) -> str | None:
        """The checks a view can make of another seat's move: a placement from a
        hidden rack needs an unseen tile of its value; a rack pick is ``pick rack ?``
        and needs an unpicked tile left on the rack."""
        p = self.player
        if not self._hidden(p):
            return super()._seen_check(move)
        if isinstance(move, Place):
            return self._place_reason(move, None)
        if isinstance(move, Pick) and move.source == "rack":
            if move.value != EMPTY:
                return f"{move}: another player's rack pick is seen as 'pick rack ?'"
            if len(self.picks_rack) + len(self.picks_display) >= self.bag_count:
                return f"{move}: the bag holds {self.bag_count} tiles, no more can be picked"
            if len(self.picks_rack) >= len(self.racks[p]):
                return f"{move}: every tile of the rack is already picked"
            return None
        return super()._seen_check(move)

    # --- the end of the game -----------------------------------------------------------

    def _end_game(self, reason: str, ev: list[dict[str, Any]]) -> None:
        """Final scoring: stranded tiles first (all found, then removed), then majorities."""
        ev.append({"type": "game_end", "reason": reason})
        b = self.board
        stranded = scoring.stranded_cells(self.values, self.owners, b.neighbours)
        for cell in stranded:
            owner, v = self.owners[cell], self.values[cell]
            penalty = scoring.stranded_penalty(v)
            self.score[owner] -= penalty
            self.removed[owner].append(v)
            ev.append(
                {
                    "type": "stranded",
                    "player": owner,
                    "cell": b.cell_name(cell),
                    "value": v,
                    "points": -penalty,
                }
            )
        for cell in stranded:  # the tile goes in front of its owner, the shell back to supply
            self.shells[self.owners[cell]] += 1
            self.values[cell] = EMPTY
            self.owners[cell] = -1
        for p in range(self.n):
            self.removed[p].sort()
        for q, qname in enumerate(QUADRANTS):
            counts = [0] * self.n
            for cell, owner in enumerate(self.owners):
                if owner >= 0 and b.quadrant[cell] == q:
                    counts[owner] += 1
            points = scoring.majority_points(counts)
            for p in range(self.n):
                self.score[p] += points[p]
            ev.append({"type": "majority", "quadrant": qname, "counts": counts, "points": points})
        self.decision = "over"
        self.picks_rack = []
        self.picks_display = []

    # --- before committing a move ------------------------------------------------------

    def preview(self, move: Any) -> dict[str, Any]:
        """What a place, claim or capture would give, before it is committed.

        ``strengths``: every player's strength around the target cell now;
        ``sequence`` / ``set``: the points the placed or claimed tile would score;
        ``extra_action``: whether it would give the extra action;
        ``spawns``: the empty nidos next to a placement (their tiles are drawn later);
        ``defence`` (capture): the tile's strength plus its owner's adjacent tiles.
        Other moves give ``{}``.
        """
        move = self.checked(move)
        if not isinstance(move, (Place, Claim, Capture)):
            return {}
        b = self.board
        cell = b.index(move.row, move.col)
        out: dict[str, Any] = {"cell": b.cell_name(cell), "strengths": self.strengths(cell)}
        if isinstance(move, Capture):
            owner = self.owners[cell]
            out["defence"] = STRENGTH[self.values[cell]] + out["strengths"][owner]
            out.update(sequence=0, set=0, extra_action=False, spawns=[])
            return out
        values, owners = self.values[:], self.owners[:]
        if isinstance(move, Place):
            values[cell] = move.value
        owners[cell] = self.player
        seq, st = scoring.tile_points(values, owners, b.neighbours, cell)
        spawns = []
        if isinstance(move, Place) and self.bag_count > 0:
            spawns = [
                b.cell_name(x)
                for x in b.neighbours[cell]
                if b.kinds[x] == NIDO and self.values[x] == EMPTY
            ][: self.bag_count]
        out.update(
            sequence=seq,
            set=st,
            extra_action=self.decision == "action" and values[cell] == EXTRA_ACTION_VALUE,
            spawns=spawns,
        )
        return out

    def move_candidates(self) -> list[str]:
        """Every move text of the notation on this board: each value on each cell, each
        cell to claim and capture, every draw and pick value, the words alone."""
        b = self.board
        names = [b.cell_name(c) for c in range(b.size * b.size)]
        out = [f"place {v} {name}" for v in range(1, 9) for name in names]
        out += [f"{word} {name}" for word in ("claim", "capture") for name in names]
        out += ["draw bag", *(f"draw {v}" for v in range(1, 9))]
        out += [f"pick {src} {v}" for src in ("rack", "display") for v in range(1, 9)]
        out += ["decline", "pass", "refresh", "confirm", "end"]
        return out

    # --- hidden information -----------------------------------------------------------

    def _hide(self, player: int) -> None:
        """Other racks keep only their size, the bag only its count; ``unseen`` holds the
        values of all hidden tiles (others' racks + bag), which follows from the public
        facts; another player's refresh picks from the rack are hidden."""
        unseen = list(self.bag) if self.bag is not None else [0] * 8
        for q in range(self.n):
            if q != player:
                for v in self.racks[q]:
                    unseen[v - 1] += 1
                self.racks[q] = [EMPTY] * len(self.racks[q])
        if self.decision == "refresh" and self.player != player:
            self.picks_rack = [EMPTY] * len(self.picks_rack)
        self.bag = None
        self.unseen = unseen

    def _deal(self, rng: Rng) -> None:
        """The hidden tiles (others' racks and the bag) dealt at random from ``unseen``."""
        assert self.unseen is not None
        pool = [v + 1 for v, count in enumerate(self.unseen) for _ in range(count)]
        rng.shuffle(pool)
        for q in range(self.n):
            if q != self.viewer_:
                k = len(self.racks[q])
                self.racks[q] = sorted(pool[:k])
                del pool[:k]
        if self.decision == "refresh" and self.player != self.viewer_:
            self.picks_rack = sorted(self.racks[self.player][: len(self.picks_rack)])
        bag = [0] * 8
        for v in pool:
            bag[v - 1] += 1
        self.bag = bag
        self.unseen = None

    def _mask_entry(self, entry: dict[str, Any], viewer: int) -> dict[str, Any]:
        """Another player's history entry as ``viewer`` saw it: bag draws and rack picks
        hidden."""
        move = entry["move"]
        if move.startswith("pick rack"):
            move = "pick rack ?"
        events = []
        for e in entry["events"]:
            if e["type"] == "draw" and e["source"] == "bag" and e["player"] != viewer:
                e = {**e, "value": None}
            elif e["type"] == "refresh" and e["player"] != viewer:
                e = {
                    **e,
                    "rack_out": [None] * len(e["rack_out"]),
                    "rack_in": [None] * len(e["rack_in"]),
                }
            events.append(e)
        return {**entry, "move": move, "events": events}

    # --- serialisation ------------------------------------------------------------------

    def __repr__(self) -> str:
        who = "over" if self.decision == "over" else f"player {self.player} to {self.decision}"
        return f"<ArribadaState {self.n}p {self.variant}, {who}, scores {self.score}>"


@cache
def _place_moves(size: int) -> tuple[tuple[Place, ...], ...]:
    """Every ``Place`` move of a board size, by value then cell (moves are values, so
    the move generator can hand out shared instances)."""
    return tuple(tuple(Place(v, c // size, c % size) for c in range(size * size)) for v in range(9))


_DRAW_DISPLAY = tuple(DrawDisplay(v) for v in range(9))
_PICKS = {
    "rack": tuple(Pick("rack", v) for v in range(9)),
    "display": tuple(Pick("display", v) for v in range(9)),
}
