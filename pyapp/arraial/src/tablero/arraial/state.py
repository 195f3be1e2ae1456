"""The Arraial game state and its rules.

A game has three phases (``phase_number`` 1-3, the rulebook's "fases").  A turn, as
decisions (``decision``; :attr:`ArraialState.DECISIONS`):

``act``     spend the turn's 3 action points: ``rotate`` the octagon (1), ``take`` a card
            to place its piece (placing costs 1), or ``end`` the turn once the minimum
            placements are made (1 in phases 1-2, 2 in phase 3) or nothing fits; the turn
            ends by itself when the last point is spent;
``land``    where the chosen card's piece goes (``land <cells>``), or ``back``;
``refill``  at the end of a turn, the player who just played fills each empty octagon
            slot, lowest first, with a face-up card of their choice;
``over``    phase 3 has ended: the game is scored.

What is random is dealt as chance steps (:mod:`tablero.core.chance`): the first player
(``first_player``, unless chosen), the cards dealt from the deck into the octagon and
face up at set-up and at a phase's start (``deal``) and the face-up cards topped up at
the end of a turn (``face_up``: the turn has passed, and the next player's first
decision waits for it).  The deck is shuffled whole (at set-up, and at a phase's start
with the face-up cards and the discards): the seeded dealer stacks it then
(``_shuffled``) and deals its top card; a table without a dealer keeps it sorted and
each card dealt is an outcome.  Every card dealt is public.

Each rule is written once, as a method tagged for the core's
:class:`~tablero.core.PhasedState` (see :mod:`tablero.core.decisions`).  The only hidden
fact is the deck's order: a view lists the deck sorted, and ``determinize`` shuffles it.
"""

from __future__ import annotations

from typing import Any

from tablero.core import Formats, Game, PhasedState, Rng, Source, Step, dealer_state
from tablero.core.decisions import Decision, checks, deals, moves_of, plays, sources
from tablero.core.options import first_player_option

from . import notation, serial
from .data import (
    ACTION_POINTS,
    BAR_DROP,
    BAR_START,
    CARD_CODES,
    CARDS,
    COLOUR_VISITORS,
    COLOURS,
    FACE_UP,
    HEIGHT,
    IDLE_ROUND_ENDS_PHASE,
    MAX_BACKS,
    MIN_PLACEMENTS,
    PAIR_POINTS,
    PHASE_COUNT,
    PIECES_PER_SHAPE,
    PLAYERS,
    RULINGS,
    SHAPE_COLOUR,
    SHAPES,
    SIDES,
    SLOTS,
    VISITOR_POINTS,
    WHITE_VISITORS,
    WIDTH,
    cards_in_play,
)
from .moves import ArraialMove, Back, End, Fill, Land, Rotate, Take, parse_move
from .shapes import Cells, cells, normalise
from .street import (
    EMPTY_STREET,
    Landing,
    Piece,
    Street,
    cell_name,
    landings,
    rows_completed,
    shape_mask,
    with_piece,
    zones,
)

__all__ = ["GAME", "ArraialState"]

#: Arraial in the game registry: what ``get_game("arraial")`` returns.
GAME = Game(
    "arraial", "Arraial", 2, 4, version=1, options=(first_player_option(4),), rulings=RULINGS
)

_FIELDS = (
    "n", "setup", "player", "decision", "phase_number", "ap", "placed", "chosen", "idle",
    "backs",
    "rotation",
    "slots", "face_up", "deck", "discards", "streets", "occ", "pieces", "bar", "bar_whites",
    "street_whites", "whites_lost", "visitors", "pairs", "score", "rng", "viewer_",
    "history_",
)  # fmt: skip

_ROTATE = Rotate()
_END = End()
_BACK = Back()
_TAKES = tuple(Take(i) for i in range(SLOTS))


class ArraialState(PhasedState, game=GAME):
    """An Arraial position.  Build one with ``tablero.core.make("arraial", ...)``.

    Attributes are read-only by convention (every move returns a new state):

    * ``phase_number``: the game's phase, 1-3 (``"stage"`` in the JSON; ``stage`` is its
      old name, kept as an alias); ``decision``: the pending decision (``phase`` is the
      core's alias of it); ``ap``: action points left; ``placed``: placements this
      turn; ``chosen``: the octagon slot (0-2) chosen in ``land``;
      ``idle``: consecutive turns that ended without a placement (at most the player
      count); ``backs``: cards put back this turn (at most ``data.MAX_BACKS``).
    * ``rotation``: the octagon's quarter turns clockwise (0-3); ``slots``: the card in
      each of its 3 slots (``None``: empty), in the octagon's own frame; ``face_up``:
      the face-up cards beside the board; ``deck``: the deck's cards, the top one
      last (sorted in a view: the order is the only hidden fact); ``discards``:
      discarded cards, in order.
    * ``streets[p]``: 14 rows bottom first, 6 ints each: 0 empty, ``k`` the k-th piece
      of ``pieces[p]`` (1-based); ``occ[p]``: the same as a bit mask (see
      :mod:`.street`); ``pieces[p]``: the placed :class:`~.street.Piece` values.
    * ``bar[p]``: the rows below the level bar, ``None`` once lost; ``bar_whites[p]``:
      white visitors on it; ``street_whites[p]``: whites that joined the street;
      ``whites_lost``: whites that left the game with a bar.
    * ``visitors[p]``: colour visitors in the street, ``(colour, k)`` with ``k`` the
      1-based piece it stands on; ``pairs``: colour -> holding seat or ``None``.
    """

    __slots__ = _FIELDS
    #: What a move edits in place, copied a level deep by ``_copy`` (the core writes it
    #: from the slots: the other fields a move replaces, never edits).
    COPIED_FIELDS = (
        "slots",
        "face_up",
        "deck",
        "discards",
        "streets",
        "occ",
        "pieces",
        "bar",
        "bar_whites",
        "street_whites",
        "visitors",
        "pairs",
        "score",
    )
    #: Its JSON data (serial.py) and its notation (notation.py).
    FORMATS = Formats.of(serial, notation)

    setup: dict[str, Any]
    phase_number: int
    ap: int
    placed: int
    chosen: int | None
    idle: int
    backs: int
    rotation: int
    slots: list[int | None]
    face_up: list[int]
    deck: list[int]
    discards: list[int]
    streets: list[Street]
    occ: list[int]
    pieces: list[list[Piece]]
    bar: list[int | None]
    bar_whites: list[int]
    street_whites: list[int]
    whites_lost: int
    visitors: list[list[tuple[str, int]]]
    pairs: dict[str, int | None]

    DECISIONS = {
        "act": Decision(
            (Rotate, Take, End),
            lambda s: f"{s.ap} action points: rotate, take <slot 1-3> or end",
        ),
        "land": Decision((Land, Back), "land <cells> (where the piece goes) or back"),
        "refill": Decision(
            (Fill,), lambda s: f"fill {s._refill_slot() + 1} <face-up card> (refill the octagon)"
        ),
    }

    # --- construction ---------------------------------------------------------------

    @classmethod
    def new_game(
        cls, players: int, seed: int | str | None = 0, *, first_player: int | None = None
    ) -> ArraialState:
        """The position after setup: the first player chosen or drawn at random, then
        the cards of the player count shuffled into the deck, 3 dealt into the octagon
        (rotation 0) and 3 face up, the bars at their rows (``seed`` ``None``: a table
        without a dealer, its set-up waiting for ``deal``)."""
        s = cls.__new__(cls)
        s.n = players
        s.setup = GAME.setup_record(players, seed, {"first_player": first_player})
        s.rng = dealer_state(seed)
        s.viewer_ = None
        s.history_ = []
        s.player = 0 if first_player is None else first_player
        s.decision = "act"
        s.phase_number = 1
        s.ap = ACTION_POINTS
        s.placed = 0
        s.chosen = None
        s.idle = 0
        s.backs = 0
        s.rotation = 0
        s.deck = list(cards_in_play(players))
        s.discards = []
        s.slots = [None] * SLOTS
        s.face_up = []
        s.streets = [EMPTY_STREET] * players
        s.occ = [0] * players
        s.pieces = [[] for _ in range(players)]
        s.bar = [BAR_START[players]] * players
        s.bar_whites = [0] * players
        s.street_whites = [0] * players
        s.whites_lost = 0
        s.visitors = [[] for _ in range(players)]
        s.pairs = dict.fromkeys(COLOURS)
        s.score = [0] * players
        if first_player is None:
            s._pend("first_player")  # then the deck shuffled and dealt
        else:
            s._deal_set_up()
        return s._started()

    # --- chance: the first player, the deck's cards dealt -------------------------------

    @deals("first_player")
    def _deal_first_player(self, step: Step, value: int, events: list[dict[str, Any]]) -> None:
        self.player = value
        self._deal_set_up()

    def _deal_set_up(self) -> None:
        """The set-up's deck shuffled (the first player is drawn before it), then dealt:
        3 cards into the octagon, 3 face up."""
        self._new_deck(self.deck)
        self._pend("deal", "set-up")

    def _new_deck(self, cards: list[int]) -> None:
        """``cards`` shuffled into the deck: sorted, then stacked by the seeded dealer
        (sorted without a dealer, and in a view, where the deck's order is hidden)."""
        self.deck = self._shuffled(sorted(cards))

    def _deals_more(self) -> bool:
        """Whether a deal goes on: an octagon slot is empty or fewer than 3 cards lie
        face up, and the deck has a card."""
        return bool(self.deck) and (None in self.slots or len(self.face_up) < FACE_UP)

    @sources("deal", "face_up")
    def _deck_source(self, step: Step) -> Source:
        """The deck's cards, its top card (the last of ``deck``) first: the card the
        seeded dealer stacked to come next; every card dealt lies face up."""
        return Source(self.deck[::-1], order="top")

    def _from_deck(self, card: int) -> None:
        """``card`` taken out of the deck: its top card under the seeded dealer, any card
        of it without one (the cards are all different)."""
        deck = self.deck
        if deck[-1] == card:
            deck.pop()
        else:
            deck.remove(card)

    @deals("deal")
    def _deal_card(self, step: Step, value: int, events: list[dict[str, Any]]) -> None:
        """A card of the deal at set-up (``arg`` ``"set-up"``) or at a phase's start
        (``"phase"``): into the octagon's lowest empty slot, else face up, until the
        octagon is full and 3 cards lie face up (or the deck runs out); then a phase's
        start is told."""
        self._from_deck(value)
        if None in self.slots:
            self.slots[self.slots.index(None)] = value
        else:
            self.face_up.append(value)
        if self._deals_more():
            self.chance_ = step  # the deal's next card
        elif step.arg == "phase":
            events.append(self._phase_start_event())

    @deals("face_up")
    def _deal_face_up(self, step: Step, value: int, events: list[dict[str, Any]]) -> None:
        """A card topped up face up at the end of a turn (``arg``: how many this top-up
        drew before), told in the turn's one ``face_up`` event."""
        self._from_deck(value)
        self.face_up.append(value)
        code = CARD_CODES[value]
        if step.arg == 0:
            events.append({"type": "face_up", "cards": [code]})
        else:  # a new event in place of the last (the previous state shares that one)
            last = events[-1]
            events[-1] = {**last, "cards": [*last["cards"], code]}
        if self.deck and len(self.face_up) < FACE_UP:
            self.chance_ = step._replace(arg=step.arg + 1)  # the same mover, the same entry

    def _outcome_text(self, kind: str, value: Any) -> str:
        """A card dealt is written by its code (``T2``), the first player by its letter."""
        if kind == "first_player":
            return super()._outcome_text(kind, value)
        code: str = CARD_CODES[value]
        return code

    # --- public questions -------------------------------------------------------------

    @property
    def stage(self) -> int:
        """The old name of :attr:`phase_number` (the game's phase, 1-3), kept as its
        alias: reading and writing it reads and writes ``phase_number``."""
        return self.phase_number

    @stage.setter
    def stage(self, value: int) -> None:
        self.phase_number = value

    @property
    def deck_count(self) -> int:
        """The number of cards in the deck."""
        return len(self.deck)

    def side(self, seat: int) -> int:
        """The side of the central board ``seat`` sits at (0-3, clockwise from the bottom)."""
        return SIDES[self.n][seat]

    def seen(self, slot: int, seat: int) -> tuple[str, int]:
        """How ``seat`` sees the card in octagon ``slot`` now: ``(shape, quarter turns)``
        clockwise from the shape's cells (:mod:`.shapes`)."""
        card = self.slots[slot]
        if card is None:
            raise ValueError(f"octagon slot {slot + 1} is empty")
        shape, base = CARDS[card]
        return shape, (base + self.rotation - self.side(seat)) % 4

    def seen_cells(self, slot: int, seat: int | None = None, rotation: int | None = None) -> Cells:
        """The cells of the piece in ``slot`` as ``seat`` (default: the player to move)
        sees it at ``rotation`` (default: the octagon's now)."""
        card = self.slots[slot]
        if card is None:
            raise ValueError(f"octagon slot {slot + 1} is empty")
        shape, base = CARDS[card]
        r = self.rotation if rotation is None else rotation
        who = self.player if seat is None else seat
        return cells(shape, (base + r - self.side(who)) % 4)

    @property
    def supply(self) -> dict[str, int]:
        """What is left in the common supply: pieces by shape (``"I"``...), colour
        visitors by colour (``"yellow"``...) and ``"white"``."""
        out = {shape: PIECES_PER_SHAPE for shape in SHAPES}
        for pieces in self.pieces:
            for piece in pieces:
                out[piece.shape] -= 1
        for colour in COLOURS:
            out[colour] = COLOUR_VISITORS - sum(
                1 for vs in self.visitors for c, _ in vs if c == colour
            )
        out["white"] = (
            WHITE_VISITORS - sum(self.bar_whites) - sum(self.street_whites) - self.whites_lost
        )
        return out

    def zones(self, p: int) -> list[tuple[str, frozenset[tuple[int, int]], bool]]:
        """Player ``p``'s zones: connected same-colour groups of 2 or more pieces
        (4-adjacency), as ``(colour, cells, has a visitor)``."""
        on = {k for _, k in self.visitors[p]}
        return [
            (colour, cs, bool(on & ks))
            for colour, cs, ks in self._groups(p)
            if len(ks) >= 2  # a single piece is not a zone
        ]

    def largest_zone(self, p: int, colour: str) -> int:
        """The size in squares of player ``p``'s largest zone of ``colour`` (0: none)."""
        return max(
            (len(cs) for c, cs, ks in self._groups(p) if c == colour and len(ks) >= 2),
            default=0,
        )

    @property
    def pair_size(self) -> dict[str, int]:
        """Colour -> the size in squares of the pair holder's largest zone of it (0 when
        nobody holds the pair)."""
        return {c: 0 if q is None else self.largest_zone(q, c) for c, q in self.pairs.items()}

    def _groups(self, p: int) -> list[tuple[str, frozenset[tuple[int, int]], frozenset[int]]]:
        return zones(self.streets[p], [piece.colour for piece in self.pieces[p]])

    def minimum(self) -> int:
        """The minimum placements of a turn in this phase."""
        return MIN_PLACEMENTS[self.phase_number - 1]

    def needed(self) -> int:
        """Placements still needed this turn to reach the minimum."""
        return max(0, self.minimum() - self.placed)

    def all_landings(self, slot: int, rotation: int | None = None) -> tuple[Landing, ...]:
        """Every landing of the piece in ``slot`` as the player to move sees it (bar or
        not), ``()`` when the slot is empty or the shape's pieces are all placed."""
        card = self.slots[slot]
        if card is None:
            return ()
        shape = CARDS[card][0]
        if self._pieces_left(shape) <= 0:
            return ()
        return landings(self.occ[self.player], self.seen_cells(slot, rotation=rotation))

    def _pieces_left(self, shape: str) -> int:
        return PIECES_PER_SHAPE - sum(1 for ps in self.pieces for x in ps if x.shape == shape)

    def _above(self, cs: Cells) -> bool:
        bar = self.bar[self.player]
        return bar is not None and any(y >= bar for _, y in cs)

    def landing_moves(self, slot: int) -> list[Land]:
        """The legal landings of the piece in ``slot``: those wholly below the bar, or
        (only when there are none) those above it."""
        out = [Land(cs, col, slide, self._above(cs)) for col, slide, cs in self.all_landings(slot)]
        below = [m for m in out if not m.above_bar]
        return below if below else out

    def landings(self) -> list[Land]:
        """In ``land``: the legal landings of the chosen card (the legal moves minus
        ``back``)."""
        if self.decision != "land" or self.chosen is None:
            return []
        return self.landing_moves(self.chosen)

    def fits(self, rotation: int | None = None) -> bool:
        """Whether some octagon card has a landing at ``rotation`` (default: now)."""
        return any(self.all_landings(i, rotation) for i in range(SLOTS))

    def _can_rotate(self) -> bool:
        """Rotating leaves enough points for the minimum; or nothing fits as it is."""
        if self.ap < 1:
            return False
        return self.ap - 1 >= self.needed() or not self.fits()

    def _can_end(self) -> bool:
        """The minimum is met, or no card fits in any orientation the action points
        left can reach (the no-fit ruling)."""
        if self.needed() == 0:
            return True
        return not any(self.fits((self.rotation + k) % 4) for k in range(self.ap))

    # --- the protocol: moves, the end -------------------------------------------------

    def read_move(self, text: str) -> ArraialMove:
        """The move written as ``text`` (see :mod:`.moves`), not yet checked here; a
        landing of the chosen card carries its drop column, slide and bar flag."""
        move = parse_move(text)
        if isinstance(move, Land) and self.decision == "land" and self.chosen is not None:
            for col, slide, cs in self.all_landings(self.chosen):
                if cs == move.cells:
                    return Land(cs, col, slide, self._above(cs))
        return move

    def winners(self) -> list[int]:
        """The most points; on a tie, the most pairs; then the victory is shared."""
        best = max(self.score)
        tied = [p for p, x in enumerate(self.score) if x == best]
        held = {p: sum(1 for q in self.pairs.values() if q == p) for p in tied}
        most = max(held.values())
        return [p for p in tied if held[p] == most]

    def move_candidates(self) -> list[str]:
        """Move texts worth trying here: the words, every slot, every fill, the legal
        landings of every card and near misses (each shifted a cell, the same cells in
        the other orientations)."""
        out = ["rotate", "end", "back", *(f"take {i}" for i in range(5))]
        out += [f"fill {i + 1} {code}" for i in range(SLOTS) for code in CARD_CODES]
        near: set[Cells] = set()
        for i in range(SLOTS):
            for _, _, cs in self.all_landings(i):
                near.add(cs)
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    moved = [(x + dx, y + dy) for x, y in cs]
                    if all(0 <= x < WIDTH and 0 <= y < HEIGHT for x, y in moved):
                        near.add(normalise(moved) and tuple(sorted(moved, key=_row_col)))
        out += ["land " + " ".join(cell_name(x, y) for x, y in cs) for cs in sorted(near)]
        return out

    def _rescore(self) -> None:
        """Points now: 1 per visitor in the street (colour and white), 2 per pair."""
        for p in range(self.n):
            pairs = sum(1 for q in self.pairs.values() if q == p)
            visitors = len(self.visitors[p]) + self.street_whites[p]
            self.score[p] = VISITOR_POINTS * visitors + PAIR_POINTS * pairs

    # --- act ------------------------------------------------------------------------

    @moves_of("act")
    def _act_moves(self) -> list[ArraialMove]:
        """``rotate``, then ``take`` by slot, then ``end``, each when legal."""
        moves: list[ArraialMove] = []
        if self._can_rotate():
            moves.append(_ROTATE)
        moves.extend(_TAKES[i] for i in range(SLOTS) if self.ap >= 1 and self.landing_moves(i))
        if self._can_end():
            moves.append(_END)
        return moves

    @checks(Rotate)
    def _check_rotate(self, move: Rotate) -> str | None:
        if self.ap < 1:
            return "rotate: no action points left"
        if not self._can_rotate():
            return (
                f"rotate: you still need {self.needed()} placement(s) this turn and have "
                f"{self.ap} action point(s)"
            )
        return None

    @plays(Rotate)
    def _rotate(self, move: Rotate, events: list[dict[str, Any]]) -> None:
        self.rotation = (self.rotation + 1) % 4
        self.ap -= 1
        events.append({"type": "rotate", "player": self.player, "rotation": self.rotation})
        if self.ap == 0:
            self._end_turn(events)

    @checks(Take)
    def _check_take(self, move: Take) -> str | None:
        if not 0 <= move.slot < SLOTS:
            return f"{move}: the octagon's slots are 1 to {SLOTS}"
        card = self.slots[move.slot]
        if card is None:
            return f"{move}: octagon slot {move.slot + 1} is empty"
        if self.ap < 1:
            return f"{move}: no action points left"
        if not self.landing_moves(move.slot):
            return (
                f"{move}: the piece of {CARD_CODES[card]} fits nowhere in your street as you see it"
            )
        return None

    @plays(Take)
    def _take(self, move: Take, events: list[dict[str, Any]]) -> None:
        self.chosen = move.slot
        self.decision = "land"

    @checks(End)
    def _check_end(self, move: End) -> str | None:
        if self._can_end():
            return None
        return (
            f"end: place {self.needed()} more piece(s) first ({self.minimum()} per turn in "
            f"phase {self.phase_number}); a turn ends early only when nothing fits"
        )

    @plays(End)
    def _end(self, move: End, events: list[dict[str, Any]]) -> None:
        self._end_turn(events)

    # --- land -----------------------------------------------------------------------

    @moves_of("land")
    def _land_moves(self) -> list[ArraialMove]:
        """The chosen card's legal landings, then ``back`` (while allowed)."""
        moves: list[ArraialMove] = [*self.landings()]
        if self.backs < MAX_BACKS:
            moves.append(_BACK)
        return moves

    @checks(Back)
    def _check_back(self, move: Back) -> str | None:
        if self.backs >= MAX_BACKS:
            return f"back: a chosen card can be put back {MAX_BACKS} times a turn, no more"
        return None

    @plays(Back)
    def _back(self, move: Back, events: list[dict[str, Any]]) -> None:
        self.backs += 1
        self.chosen = None
        self.decision = "act"

    @checks(Land)
    def _check_land(self, move: Land) -> str | None:
        assert self.chosen is not None
        card = self.slots[self.chosen]
        assert card is not None
        shown = self.seen_cells(self.chosen)
        if normalise(move.cells) != shown:
            return (
                f"{move}: that is not the piece of {CARD_CODES[card]} as you see it (a piece "
                "is placed exactly as the card shows it, never turned)"
            )
        occ = self.occ[self.player]
        if occ & shape_mask(move.cells):
            return f"{move}: the piece would overlap a piece already in your street"
        legal = self.landing_moves(self.chosen)
        if move in legal:
            return None
        if any(cs == move.cells for _, _, cs in self.all_landings(self.chosen)):
            return (
                f"{move}: the piece may end above your level bar only when it has no "
                "landing below it"
            )
        return (
            f"{move}: the piece cannot get there (it drops from the top until it rests, "
            "then may slide sideways through free cells)"
        )

    @plays(Land)
    def _land(self, move: Land, events: list[dict[str, Any]]) -> None:
        p = self.player
        slot = self.chosen
        assert slot is not None
        card = self.slots[slot]
        assert card is not None
        shape = CARDS[card][0]
        colour = SHAPE_COLOUR[shape]
        events.append(
            {
                "type": "place",
                "player": p,
                "card": CARD_CODES[card],
                "shape": shape,
                "cells": [cell_name(x, y) for x, y in move.cells],
            }
        )
        if self._above(move.cells):
            self._lose_bar(p, "above", events)
        added = shape_mask(move.cells)
        rows = rows_completed(self.occ[p], added)
        self.pieces[p] = [*self.pieces[p], Piece(shape, colour, move.cells)]
        k = len(self.pieces[p])
        self.streets[p] = with_piece(self.streets[p], move.cells, k)
        self.occ[p] |= added
        if rows:
            self._raise_bar(p, rows, events)
        zone = self._group_of(p, k, colour)
        if len(zone) >= 2:  # the new piece is part of a zone (a lone piece is none)
            self._visit_zone(p, k, colour, zone, events)
            self._award_pair(p, colour, events)
        self.discards = [*self.discards, card]
        self.slots[slot] = None
        self.chosen = None
        self.ap -= 1
        self.placed += 1
        self._rescore()
        if self.ap == 0:
            self._end_turn(events)
        else:
            self.decision = "act"

    # --- the level bar -----------------------------------------------------------------

    def _raise_bar(self, p: int, rows: list[int], events: list[dict[str, Any]]) -> None:
        """The rows (y) player ``p``'s placement completed raise the level bar a row
        each, up to the street's top, and bring a white visitor each onto the bar while
        the whites last; a lost bar stays lost (the rows are recorded all the same)."""
        bar = self.bar[p]
        if bar is None:
            events.append(
                {
                    "type": "rows",
                    "player": p,
                    "rows": [y + 1 for y in rows],
                    "bar": None,
                    "whites": 0,
                }
            )
            return
        whites = min(len(rows), self.supply["white"])
        self.bar[p] = min(HEIGHT, bar + len(rows))
        self.bar_whites[p] += whites
        events.append(
            {
                "type": "rows",
                "player": p,
                "rows": [y + 1 for y in rows],
                "bar": self.bar[p],
                "whites": whites,
            }
        )

    def _drop_bar(self, q: int, events: list[dict[str, Any]]) -> None:
        """At a phase end, player ``q``'s level bar (if not lost) drops ``BAR_DROP``
        rows and the white visitors on it join the street; a bar that would then overlap
        a piece or leave the street is lost instead (:meth:`_bar_blocked`)."""
        bar = self.bar[q]
        if bar is None:
            return
        new = bar - BAR_DROP
        if self._bar_blocked(q, new):
            self._lose_bar(q, "overlap", events)
            return
        joined = self.bar_whites[q]
        self.bar[q] = new
        self.street_whites[q] += joined
        self.bar_whites[q] = 0
        events.append({"type": "bar_drop", "player": q, "bar": new, "whites": joined})

    def _bar_blocked(self, q: int, bar: int) -> bool:
        """Whether a level bar with ``bar`` rows below it would leave player ``q``'s
        street (below its first row) or overlap a piece there (one in a row at or above
        the bar)."""
        return bar < 0 or bool(self.occ[q] >> (bar * WIDTH))

    def _lose_bar(self, p: int, why: str, events: list[dict[str, Any]]) -> None:
        """Player ``p``'s level bar is lost (``why``: ``"above"``, a piece placed above
        it; ``"overlap"``, it could not drop at a phase end): the whites on it leave the
        game."""
        lost = self.bar_whites[p]
        self.whites_lost += lost
        self.bar_whites[p] = 0
        self.bar[p] = None
        events.append({"type": "bar_lost", "player": p, "why": why, "whites": lost})

    # --- visitors and pairs -----------------------------------------------------------

    def _group_of(self, p: int, k: int, colour: str) -> frozenset[int]:
        """The pieces (1-based) of the same-colour group of player ``p``'s piece ``k``
        (a zone when it has 2 or more)."""
        return next(ks for c, _, ks in self._groups(p) if c == colour and k in ks)

    def _visit_zone(
        self, p: int, k: int, colour: str, zone: frozenset[int], events: list[dict[str, Any]]
    ) -> None:
        """A zone of player ``p`` that the new piece ``k`` made or grew gets a visitor of
        its colour, on that piece, when it has none (while the colour's visitors last)."""
        on = {j for c, j in self.visitors[p] if c == colour}
        if on & zone:
            return
        if self.supply[colour] > 0:
            self.visitors[p] = [*self.visitors[p], (colour, k)]
            events.append({"type": "visitor", "player": p, "colour": colour, "piece": k})
        else:
            events.append({"type": "no_visitor", "player": p, "colour": colour})

    def _award_pair(self, p: int, colour: str, events: list[dict[str, Any]]) -> None:
        """The pair of ``colour`` goes to player ``p``'s zone when it is the first zone
        of the colour, or strictly larger than the holder's largest."""
        holder = self.pairs[colour]
        mine = self.largest_zone(p, colour)
        if holder == p:
            return
        if holder is None or mine > self.largest_zone(holder, colour):
            self.pairs[colour] = p
            events.append(
                {"type": "pair", "player": p, "colour": colour, "from": holder, "size": mine}
            )

    # --- the end of a turn, refill ------------------------------------------------------

    def _end_turn(self, events: list[dict[str, Any]]) -> None:
        p = self.player
        events.append({"type": "turn_end", "player": p, "placed": self.placed})
        self.idle = 0 if self.placed else min(self.idle + 1, self.n)
        self.chosen = None
        if None in self.slots and self.face_up:
            self.decision = "refill"
        else:
            self._after_refill(events)

    def _refill_slot(self) -> int:
        return self.slots.index(None) if None in self.slots else 0

    @moves_of("refill")
    def _refill_moves(self) -> list[ArraialMove]:
        """The lowest empty slot filled with each face-up card, in their order."""
        slot = self._refill_slot()
        return [Fill(slot, c) for c in self.face_up]

    @checks(Fill)
    def _check_fill(self, move: Fill) -> str | None:
        slot = self._refill_slot()
        if move.slot != slot:
            return f"{move}: fill the empty slots lowest first: slot {slot + 1} now"
        if move.card not in self.face_up:
            return f"{move}: {CARD_CODES[move.card]} is not a face-up card"
        return None

    @plays(Fill)
    def _fill(self, move: Fill, events: list[dict[str, Any]]) -> None:
        self.slots[move.slot] = move.card
        self.face_up.remove(move.card)
        events.append(
            {
                "type": "fill",
                "player": self.player,
                "slot": move.slot,
                "card": CARD_CODES[move.card],
            }
        )
        if None not in self.slots or not self.face_up:
            self._after_refill(events)

    def _after_refill(self, events: list[dict[str, Any]]) -> None:
        """The phase ends when the octagon could not be filled (or after a round where
        nobody placed, by ``data.IDLE_ROUND_ENDS_PHASE``); otherwise the face-up cards are
        topped up from the deck and the next player starts."""
        if None in self.slots:
            self._end_phase("octagon", events)
            return
        if IDLE_ROUND_ENDS_PHASE and self.idle >= self.n:
            self._end_phase("idle", events)
            return
        if self.deck and len(self.face_up) < FACE_UP:
            # Deferrable: it bears on nothing the player who just played still decides;
            # it is dealt before the next player's first decision (between devices, the
            # next player's message deals it).
            self._pend("face_up", 0, deferrable=True)
        self._start_turn((self.player + 1) % self.n)

    def _start_turn(self, p: int) -> None:
        self.player = p
        self.decision = "act"
        self.ap = ACTION_POINTS
        self.placed = 0
        self.backs = 0
        self.chosen = None

    # --- the end of a phase, of the game --------------------------------------------------

    def _end_phase(self, why: str, events: list[dict[str, Any]]) -> None:
        """The phase ends (``why``: ``"octagon"`` or ``"idle"``): every level bar drops;
        after the last phase the game ends, otherwise the next phase starts."""
        ender = self.player
        events.append(
            {"type": "phase_end", "stage": self.phase_number, "player": ender, "why": why}
        )
        for q in range(self.n):
            self._drop_bar(q, events)
        self._rescore()
        if self.phase_number == PHASE_COUNT:
            self._end_game(events)
            return
        self._start_phase(ender, events)

    def _start_phase(self, ender: int, events: list[dict[str, Any]]) -> None:
        """The next phase: the face-up cards, the deck and the discards shuffled into a
        new deck, the octagon and the face-up cards dealt again, and the turn to the
        player after ``ender`` (who ended the last phase)."""
        back = len(self.deck) + len(self.face_up) + len(self.discards)
        self._new_deck(self.deck + self.face_up + self.discards)
        self.face_up = []
        self.discards = []
        events.append({"type": "reshuffle", "cards": back})
        dealing = self._deals_more()
        if dealing:
            self._pend("deal", "phase")  # caused by ``ender``'s move; told once dealt
        self.phase_number += 1
        self.idle = 0
        self._start_turn((ender + 1) % self.n)
        if not dealing:
            events.append(self._phase_start_event())

    def _phase_start_event(self) -> dict[str, Any]:
        return {
            "type": "phase_start",
            "stage": self.phase_number,
            "player": self.player,
            "slots": [None if c is None else CARD_CODES[c] for c in self.slots],
            "face_up": [CARD_CODES[c] for c in self.face_up],
        }

    def _end_game(self, events: list[dict[str, Any]]) -> None:
        self.decision = "over"
        self.ap = 0
        self.chosen = None
        events.append(
            {
                "type": "final",
                "scores": self.score[:],
                "visitors": [len(v) for v in self.visitors],
                "whites": self.street_whites[:],
                "pairs": {c: q for c, q in self.pairs.items()},
                "winners": self.winners(),
            }
        )

    def final_scores(self) -> list[int]:
        """The points of this position's visitors and pairs (the score, recomputed)."""
        return [
            VISITOR_POINTS * (len(self.visitors[p]) + self.street_whites[p])
            + PAIR_POINTS * sum(1 for q in self.pairs.values() if q == p)
            for p in range(self.n)
        ]

    # --- preview ---------------------------------------------------------------------

    def preview(self, move: Any) -> dict[str, Any]:
        """What a landing would give, before it is committed (other moves give ``{}``).

        ``{"cells", "visitors": [colour...], "pair": {"colour", "from"} | None,
        "rows": k, "whites": w, "bar_lost": bool, "whites_lost": w}``.
        """
        move = self.checked(move)
        if not isinstance(move, Land):
            return {}
        after = self.apply_unchecked(move)
        events = after.history_[-1]["events"]
        out: dict[str, Any] = {
            "cells": [cell_name(x, y) for x, y in move.cells],
            "visitors": [e["colour"] for e in events if e["type"] == "visitor"],
            "pair": None,
            "rows": 0,
            "whites": 0,
            "bar_lost": False,
            "whites_lost": 0,
        }
        for e in events:
            if e["type"] == "pair":
                out["pair"] = {"colour": e["colour"], "from": e["from"]}
            elif e["type"] == "rows":
                out["rows"] = len(e["rows"])
                out["whites"] = e["whites"]
            elif e["type"] == "bar_lost" and e["player"] == self.player and e["why"] == "above":
                out["bar_lost"] = True
                out["whites_lost"] = e["whites"]
        return out

    # --- hidden information -------------------------------------------------------------

    def _hide(self, player: int) -> None:
        """Only the deck's order is hidden: a view lists the deck's cards sorted (which
        cards they are follows from the cards in sight)."""
        self.deck = sorted(self.deck)

    def _deal(self, rng: Rng) -> None:
        """The deck shuffled again (on the core's fresh copy of a view)."""
        rng.shuffle(self.deck)

    # --- serialisation ------------------------------------------------------------------

    def __repr__(self) -> str:
        if self.decision == "over":
            who = "over"
        else:
            who = f"player {PLAYERS[self.player]} to {self.decision}, {self.ap} AP"
        return f"<ArraialState {self.n}p, phase {self.phase_number}, {who}, scores {self.score}>"


def _row_col(c: tuple[int, int]) -> tuple[int, int]:
    return c[1], c[0]
