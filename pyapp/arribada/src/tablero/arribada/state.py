"""The Arribada game state and its rules.

A turn, as decisions (``phase``):

``action``   the turn's action: place, claim or capture; or spend the refresh
             seashell first; or pass when no action is possible.
``extra``    a placed or claimed 2 gave one more action: take it or ``decline``.
``draw``     draw back to 5 tiles, one at a time, from the bag or a display value.
``end``      after drawing, spend the refresh seashell or ``end`` the turn.
``refresh``  choosing the refresh's tiles one at a time, then ``confirm``.
``over``     the game has ended.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tablero.core import IllegalMoveError, InvalidMoveError, PhasedState, Rng

from . import scoring
from .board import NIDO, PLAYA, Board, get_board
from .data import (
    BOARD_FOR_PLAYERS,
    DISPLAY_SIZE,
    EMPTY,
    EXTRA_ACTION_VALUE,
    QUADRANTS,
    RACK_SIZE,
    SHELLS,
    STRENGTH,
    TILE_SUPPLY,
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

PHASES = ("action", "extra", "draw", "end", "refresh", "over")
VARIANTS = ("standard", "beginner")

_FIELDS = (
    "board", "n", "variant", "setup", "values", "owners", "racks", "display", "bag",
    "bag_count", "unseen", "shells", "refresh", "score", "removed", "player", "phase",
    "first", "final_round", "passes", "picks_rack", "picks_display", "refresh_from",
    "rng", "viewer_", "history_",
)  # fmt: skip


class ArribadaState(PhasedState):
    """An Arribada position.  Build one with ``tablero.core.make("arribada", ...)``.

    Attributes are read-only by convention: every method returns a new state.
    Racks are sorted tuples of values; in a view, a tile hidden from the viewer is 0.
    """

    __slots__ = _FIELDS

    board: Board
    n: int
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
    score: list[int]
    removed: list[list[int]]
    player: int
    phase: str
    first: int
    final_round: bool
    passes: int
    picks_rack: list[int]
    picks_display: list[int]
    refresh_from: str
    rng: int
    viewer_: int | None
    history_: list[dict[str, Any]]

    # --- construction ---------------------------------------------------------------

    @classmethod
    def new_game(
        cls,
        players: int,
        seed: int | str = 0,
        variant: str = "standard",
        first_player: int | None = None,
    ) -> ArribadaState:
        if variant not in VARIANTS:
            raise ValueError(f"variant must be 'standard' or 'beginner', not {variant!r}")
        if players not in SHELLS:
            raise ValueError(f"Arribada is played by 2 to 4 players, not {players}")
        if first_player is not None and (
            isinstance(first_player, bool)
            or not isinstance(first_player, int)
            or not 0 <= first_player < players
        ):
            raise ValueError(f"first_player must be a seat from 0 to {players - 1}")
        board = get_board(BOARD_FOR_PLAYERS[players])
        rng = Rng(seed)
        s = cls.__new__(cls)
        s.board = board
        s.n = players
        s.variant = variant
        s.setup = {
            "players": players,
            "seed": seed,
            "options": {"variant": variant, "first_player": first_player},
        }
        s.values = [EMPTY] * (board.size * board.size)
        s.owners = [-1] * (board.size * board.size)
        s.bag = [TILE_SUPPLY[v] for v in range(1, 9)]
        s.bag_count = sum(s.bag)
        s.unseen = None
        s.rng = rng.state
        s.first = first_player if first_player is not None else s._randbelow(players)
        for cell in board.prefilled[players]:
            s.values[cell] = s._draw_from_bag()
        s.display = [s._draw_from_bag() for _ in range(DISPLAY_SIZE)]
        s.racks = [sorted(s._draw_from_bag() for _ in range(RACK_SIZE)) for _ in range(players)]
        s.shells = [SHELLS[players]] * players
        s.refresh = [True] * players
        s.score = [0] * players
        s.removed = [[] for _ in range(players)]
        s.player = s.first
        s.phase = "action"
        s.final_round = False
        s.passes = 0
        s.picks_rack = []
        s.picks_display = []
        s.refresh_from = ""
        s.viewer_ = None
        s.history_ = []
        return s

    def _copy(self) -> ArribadaState:
        """A copy whose mutable parts may be changed without touching ``self``."""
        s = ArribadaState.__new__(ArribadaState)
        s.board = self.board
        s.n = self.n
        s.variant = self.variant
        s.setup = self.setup
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
        s.player = self.player
        s.phase = self.phase
        s.first = self.first
        s.final_round = self.final_round
        s.passes = self.passes
        s.picks_rack = self.picks_rack[:]
        s.picks_display = self.picks_display[:]
        s.refresh_from = self.refresh_from
        s.rng = self.rng
        s.viewer_ = self.viewer_
        s.history_ = self.history_[:]
        return s

    # --- randomness ------------------------------------------------------------------

    def _draw_from_bag(self) -> int:
        """A uniformly random tile out of the bag (the caller checks it is not empty)."""
        if self.bag is None:
            raise IllegalMoveError(
                "this is a player's view: the bag is hidden, so nothing can be drawn "
                "(determinize the view first)"
            )
        k = self._randbelow(self.bag_count)
        for i, count in enumerate(self.bag):
            if k < count:
                self.bag[i] -= 1
                self.bag_count -= 1
                return i + 1
            k -= count
        raise AssertionError("bag counts out of step with bag_count")

    # --- the protocol: whose turn, what can be done -----------------------------------

    def scores(self) -> list[int]:
        return self.score[:]

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

    def _can_claim(self, player: int, cell: int) -> bool:
        if self.values[cell] == EMPTY or self.owners[cell] != -1:
            return False
        st = self.strengths(cell)
        mine = st[player]
        return mine > 0 and all(mine > s for q, s in enumerate(st) if q != player)

    def _can_capture(self, player: int, cell: int) -> bool:
        owner = self.owners[cell]
        v = self.values[cell]
        if owner < 0 or owner == player or v == WILD or self.variant == "beginner":
            return False
        st = self.strengths(cell)
        return st[player] > STRENGTH[v] + st[owner]

    def _action_moves(self) -> list[ArribadaMove]:
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

    def _can_refresh(self) -> bool:
        return self.refresh[self.player] and self.bag_count > 0

    def legal_moves(self) -> list[ArribadaMove]:
        """Every legal move once, in a fixed order (see :mod:`tablero.arribada.moves`)."""
        phase = self.phase
        if phase == "action":
            moves = self._action_moves()
            if self._can_refresh():
                moves.append(Refresh())
            if not any(isinstance(m, (Place, Claim, Capture)) for m in moves):
                moves.append(Pass())
            return moves
        if phase == "extra":
            return [*self._action_moves(), Decline()]
        if phase == "draw":
            moves = [DrawBag()] if self.bag_count > 0 else []
            moves.extend(DrawDisplay(v) for v in sorted(set(self.display)) if v != EMPTY)
            return moves
        if phase == "end":
            return [Refresh(), EndTurn()]
        if phase == "refresh":
            moves = []
            if len(self.picks_rack) + len(self.picks_display) < self.bag_count:
                moves.extend(Pick("rack", v) for v in self._pickable_rack())
                moves.extend(Pick("display", v) for v in self._pickable_display())
            moves.append(Confirm())
            return moves
        return []

    def _pickable_rack(self) -> list[int]:
        left = list(self.racks[self.player])
        for v in self.picks_rack:
            left.remove(v)
        return sorted(set(v for v in left if v != EMPTY))

    def _pickable_display(self) -> list[int]:
        return sorted(
            set(v for i, v in enumerate(self.display) if v != EMPTY and i not in self.picks_display)
        )

    # --- checking moves ----------------------------------------------------------------

    def parse_move(self, text: str) -> ArribadaMove:
        """The move written as ``text``, checked against this position."""
        move = parse_move(text, self.board.size)
        reason = self.illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        return move

    def illegal_reason(self, move: Any) -> str | None:  # noqa: C901 - one branch per rule
        """``None`` if ``move`` is legal now, else a sentence saying why it is not."""
        phase = self.phase
        if phase == "over":
            return "the game is over: no more moves"
        if self.viewer_ is not None and self.viewer_ != self.player:
            return "this is another player's view: only the player to move can act"
        b = self.board
        p = self.player
        expected = {
            "action": "place, claim, capture, refresh or pass",
            "extra": "a second action (place, claim, capture) or decline",
            "draw": "draw bag or draw <value> from the display",
            "end": "refresh or end",
            "refresh": "pick rack <value>, pick display <value> or confirm",
        }[phase]
        wrong = f"{move} is not possible now: the decision is {phase!r} ({expected})"
        if isinstance(move, (Place, Claim, Capture)):
            if phase not in ("action", "extra"):
                return wrong
            if not (0 <= move.row < b.size and 0 <= move.col < b.size):
                return f"{move} is off the board"
            cell = b.index(move.row, move.col)
            name = b.cell_name(cell)
            if self.shells[p] <= 0:
                return f"{move}: you have no turtle shells left"
            if isinstance(move, Place):
                if move.value not in self.racks[p]:
                    return f"{move}: there is no {move.value} on your rack"
                if b.kinds[cell] != PLAYA:
                    what = "a nido" if b.kinds[cell] == NIDO else "the roca grande"
                    return f"{move}: {name} is {what}; tiles are placed only on empty playa"
                if self.values[cell] != EMPTY:
                    return f"{move}: {name} already holds a tile"
                return None
            if isinstance(move, Claim):
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
        if isinstance(move, Pass):
            if phase != "action":
                return wrong
            if any(isinstance(m, (Place, Claim, Capture)) for m in self._action_moves()):
                return "pass: you can still place, claim or capture, so you cannot pass"
            return None
        if isinstance(move, Decline):
            return None if phase == "extra" else wrong
        if isinstance(move, DrawBag):
            if phase != "draw":
                return wrong
            return None if self.bag_count > 0 else "draw bag: the bag is empty"
        if isinstance(move, DrawDisplay):
            if phase != "draw":
                return wrong
            if move.value not in self.display:
                return f"{move}: there is no {move.value} in the display"
            return None
        if isinstance(move, Refresh):
            if phase not in ("action", "end"):
                return wrong
            if not self.refresh[p]:
                return "refresh: you have already spent your refresh seashell"
            if self.bag_count == 0:
                return "refresh: the bag is empty, so no tile could be replaced"
            return None
        if isinstance(move, EndTurn):
            return None if phase == "end" else wrong
        if isinstance(move, Pick):
            if phase != "refresh":
                return wrong
            if len(self.picks_rack) + len(self.picks_display) >= self.bag_count:
                return (
                    f"{move}: the bag holds {self.bag_count} tiles, so no more than that "
                    "many can be refreshed"
                )
            pickable = self._pickable_rack() if move.source == "rack" else self._pickable_display()
            if move.value not in pickable:
                return f"{move}: there is no unpicked {move.value} in the {move.source}"
            return None
        if isinstance(move, Confirm):
            return None if phase == "refresh" else wrong
        return f"{move!r} is not an Arribada move"

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
            extra_action=self.phase == "action" and values[cell] == EXTRA_ACTION_VALUE,
            spawns=spawns,
        )
        return out

    # --- applying moves ---------------------------------------------------------------

    def apply_unchecked(self, move: Any) -> ArribadaState:
        """The next state, trusting ``move`` to be legal (fast path for search)."""
        s = self._copy()
        entry: dict[str, Any] = {"player": s.player, "move": str(move), "events": []}
        s.history_.append(entry)
        ev = entry["events"]
        size = s.board.size
        if isinstance(move, (Place, Claim, Capture)):
            first_action = s.phase == "action"
            cell = move.row * size + move.col
            if isinstance(move, Place):
                s._place(move.value, cell, ev)
            elif isinstance(move, Claim):
                s._claim(cell, ev)
            else:
                s._capture(cell, ev)
            s.passes = 0
            if s.shells[s.player] == 0 and not s.final_round:
                s.final_round = True
                ev.append({"type": "last_shell", "player": s.player})
            grants = (
                first_action
                and not isinstance(move, Capture)
                and s.values[cell] == EXTRA_ACTION_VALUE
            )
            if grants:
                ev.append({"type": "extra_action", "player": s.player})
                s.phase = "extra"
            else:
                s._after_actions(ev)
        elif isinstance(move, Decline):
            s._after_actions(ev)
        elif isinstance(move, Pass):
            s.passes += 1
            ev.append({"type": "pass", "player": s.player})
            if s.passes >= s.n:
                s._end_game("passes", ev)
            else:
                s._after_actions(ev)
        elif isinstance(move, DrawBag):
            v = s._draw_from_bag()
            s._add_to_rack(v)
            ev.append({"type": "draw", "player": s.player, "source": "bag", "value": v})
            s._continue_drawing(ev)
        elif isinstance(move, DrawDisplay):
            slot = s.display.index(move.value)
            s.display[slot] = EMPTY
            s._add_to_rack(move.value)
            ev.append(
                {"type": "draw", "player": s.player, "source": "display", "value": move.value}
            )
            s._continue_drawing(ev)
        elif isinstance(move, Refresh):
            s.refresh_from = "start" if s.phase == "action" else "end"
            s.phase = "refresh"
        elif isinstance(move, Pick):
            if move.source == "rack":
                s.picks_rack.append(move.value)
                s.picks_rack.sort()
            else:
                slot = next(
                    i
                    for i, v in enumerate(s.display)
                    if v == move.value and i not in s.picks_display
                )
                s.picks_display.append(slot)
                s.picks_display.sort()
        elif isinstance(move, Confirm):
            s._do_refresh(ev)
            if s.refresh_from == "start":
                s.phase = "action"
            else:
                s._next_turn()
            s.refresh_from = ""
        elif isinstance(move, EndTurn):
            s._next_turn()
        else:
            raise InvalidMoveError(f"{move!r} is not an Arribada move")
        return s

    def _add_to_rack(self, v: int) -> None:
        rack = self.racks[self.player]
        rack.append(v)
        rack.sort()

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

    def _place(self, value: int, cell: int, ev: list[dict[str, Any]]) -> None:
        p = self.player
        self.racks[p].remove(value)
        self.values[cell] = value
        self._take_shell(p, cell)
        b = self.board
        for x in b.neighbours[cell]:
            if b.kinds[x] == NIDO and self.values[x] == EMPTY and self.bag_count > 0:
                v = self._draw_from_bag()
                self.values[x] = v
                ev.append({"type": "spawn", "cell": b.cell_name(x), "value": v})
        self._score_tile(cell, ev)

    def _claim(self, cell: int, ev: list[dict[str, Any]]) -> None:
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

    def _capture(self, cell: int, ev: list[dict[str, Any]]) -> None:
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

    def _is_last_turn(self) -> bool:
        return self.final_round and self.player == (self.first - 1) % self.n

    def _after_actions(self, ev: list[dict[str, Any]]) -> None:
        """The turn's actions are done: draw back (unless this was the game's last turn)."""
        if self._is_last_turn():
            self._end_game("shells", ev)
            return
        self.phase = "draw"
        self._continue_drawing(ev)

    def _continue_drawing(self, ev: list[dict[str, Any]]) -> None:
        if len(self.racks[self.player]) < RACK_SIZE and (
            self.bag_count > 0 or any(v != EMPTY for v in self.display)
        ):
            self.phase = "draw"
            return
        for i, v in enumerate(self.display):
            if v == EMPTY and self.bag_count > 0:
                self.display[i] = w = self._draw_from_bag()
                ev.append({"type": "refill", "slot": i, "value": w})
        if self._can_refresh():
            self.phase = "end"
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self.player = (self.player + 1) % self.n
        self.phase = "action"

    def _do_refresh(self, ev: list[dict[str, Any]]) -> None:
        p = self.player
        rack = self.racks[p]
        set_aside = list(self.picks_rack)
        for v in set_aside:
            rack.remove(v)
        slots = sorted(self.picks_display)
        display_aside = [self.display[i] for i in slots]
        new_rack = [self._draw_from_bag() for _ in set_aside]
        rack.extend(new_rack)
        rack.sort()
        new_display = []
        for i in slots:
            self.display[i] = w = self._draw_from_bag()
            new_display.append(w)
        assert self.bag is not None
        for v in set_aside + display_aside:
            self.bag[v - 1] += 1
            self.bag_count += 1
        self.refresh[p] = False
        self.picks_rack = []
        self.picks_display = []
        ev.append(
            {
                "type": "refresh",
                "player": p,
                "rack_out": set_aside,
                "rack_in": sorted(new_rack),
                "display_slots": slots,
                "display_out": display_aside,
                "display_in": new_display,
            }
        )

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
        self.phase = "over"
        self.picks_rack = []
        self.picks_display = []

    # --- hidden information -----------------------------------------------------------

    def view(self, player: int) -> ArribadaState:
        """What ``player`` may know.  Other racks keep only their size, the bag only its
        count; ``unseen`` holds the values of all hidden tiles (others' racks + bag),
        which follows from the public facts.  The PRNG state and the seed are dropped.
        """
        if not 0 <= player < self.n:
            raise ValueError(f"no player {player} in a {self.n}-player game")
        if self.viewer_ is not None:
            if self.viewer_ == player:
                return self
            raise ValueError("a view cannot be turned into another player's view")
        s = self._copy()
        unseen = list(self.bag) if self.bag is not None else [0] * 8
        for q in range(self.n):
            if q != player:
                for v in self.racks[q]:
                    unseen[v - 1] += 1
                s.racks[q] = [EMPTY] * len(self.racks[q])
        if self.phase == "refresh" and self.player != player:
            s.picks_rack = [EMPTY] * len(self.picks_rack)
        s.bag = None
        s.unseen = unseen
        s.rng = 0
        s.setup = {**self.setup, "seed": None}
        s.viewer_ = player
        s.history_ = [_mask_entry(e, player) for e in self.history_]
        return s

    def determinize(self, rng: Rng | int) -> ArribadaState:
        """A full state consistent with this view: the hidden tiles (others' racks and
        the bag) are dealt at random from ``unseen``.  A full state is returned as is.
        """
        if self.viewer_ is None:
            return self
        if not isinstance(rng, Rng):
            rng = Rng(rng)
        assert self.unseen is not None
        pool = [v + 1 for v, count in enumerate(self.unseen) for _ in range(count)]
        rng.shuffle(pool)
        s = self._copy()
        for q in range(self.n):
            if q != self.viewer_:
                k = len(s.racks[q])
                s.racks[q] = sorted(pool[:k])
                del pool[:k]
        if self.phase == "refresh" and self.player != self.viewer_:
            s.picks_rack = sorted(s.racks[self.player][: len(self.picks_rack)])
        bag = [0] * 8
        for v in pool:
            bag[v - 1] += 1
        s.bag = bag
        s.unseen = None
        s.rng = rng.next64()
        s.viewer_ = None
        return s

    # --- serialisation ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        from .serial import state_to_dict

        return state_to_dict(self)

    def to_text(self) -> str:
        from .notation import state_to_text

        return state_to_text(self)

    def __repr__(self) -> str:
        who = "over" if self.phase == "over" else f"player {self.player} to {self.phase}"
        return f"<ArribadaState {self.n}p {self.variant}, {who}, scores {self.score}>"


@cache
def _place_moves(size: int) -> tuple[tuple[Place, ...], ...]:
    """Every ``Place`` move of a board size, by value then cell (moves are values, so
    the move generator can hand out shared instances)."""
    return tuple(tuple(Place(v, c // size, c % size) for c in range(size * size)) for v in range(9))


def _mask_entry(entry: dict[str, Any], viewer: int) -> dict[str, Any]:
    """A history entry as ``viewer`` saw it: others' bag draws and rack picks hidden."""
    if entry["player"] == viewer:
        return entry
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
