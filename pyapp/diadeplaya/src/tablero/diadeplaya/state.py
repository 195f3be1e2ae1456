"""The Día de Playa game state and its rules.

The decisions (``decision``; :attr:`DiaDePlayaState.DECISIONS`):

``side``    a player's first card, dealt at setup: which face it shows (first cards are
            laid in turn order from the starting player; in cooperative and solitaire
            play the starting player lays the one first card);
``rotate``  the card in hand: how it is turned (a first card is then laid on ``0,0``);
``take``    which card of the market to take: the other cards flip to their other face
            and slide away from the deck, and the deck deals a new card next to it
            (once the deck is empty the market shrinks);
``place``   where the card goes on the player's beach (the shared beach in cooperative
            and solitaire play);
``over``    every card has been taken and laid: the beaches are scored.

Chance steps (:mod:`tablero.core.chance`), each outcome seen by everyone:

``first_card``   the first card of a beach, dealt at setup (beach by beach): a card,
                 written by its number (``7``), since its player chooses its face;
``deal``         a card dealt into the market, face up (a face, written ``7a``): the
                 market's 3 slots at setup, then after each take (deferrable: the taker
                 turns and places the card taken first; it is dealt before the next turn);
``first_player`` the starting player, drawn at setup unless chosen.

With the seeded dealer the whole deal is stacked at setup as the game always drew it
(the deck shuffled, each card's face drawn, a solitaire game's 14 cards kept, the rest
``out``), and each step deals the deck's top, so nothing a player does changes what the
deck holds.  A table without a dealer keeps no deck: the cards not yet dealt are
``unseen`` (a solitaire game's 4 left-out cards among them, never named: the deck's
count says when the 14 have been dealt), and each deal is any face of an unseen card.
Each rule is one method tagged for the core's :class:`~tablero.core.PhasedState` (see
:mod:`tablero.core.decisions`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablero.core import Formats, Game, PhasedState, Rng, Source, Step, dealer_state
from tablero.core.decisions import Decision, checks, deals, moves_of, plays, sources
from tablero.core.options import OptionSpec, first_player_option

from . import notation, scoring, serial
from .beach import covered, lay, legal_spots, placement_reason
from .data import (
    BEACHES,
    CARDS,
    CRITERIA,
    DOWN,
    MARKET_SIZE,
    MODE_PLAYERS,
    MODES,
    PLAYERS,
    RULINGS,
    SOLITAIRE_CARDS,
    SURFER,
)
from .moves import DiaDePlayaMove, Place, Rotate, Side, Take, parse_move
from .scoring import GRID
from .shapes import ROTATIONS, card_name, card_of, face_name, face_of

__all__ = ["GAME", "DiaDePlayaState", "beach_reached"]


def _players_for(options: Mapping[str, Any]) -> tuple[int, ...]:
    return MODE_PLAYERS[options["mode"]]


#: Día de Playa in the game registry: what ``get_game("diadeplaya")`` returns.
GAME = Game(
    "diadeplaya",
    "Día de Playa",
    1,
    4,
    version=1,
    options=(
        OptionSpec(
            "mode",
            "competitive",
            MODES,
            "competitive (2-3), teams (4: seats 0+2 against 1+3), cooperative (2-4, one "
            "shared beach) or solitaire (1 player, 14 cards)",
        ),
        OptionSpec(
            "criteria",
            CRITERIA,
            CRITERIA,
            "the scoring criteria in play (any of the seven; all by default)",
            kind="set",
            min_size=1,
        ),
        first_player_option(4),
    ),
    players_for=_players_for,
    configurations=(
        (3, {"mode": "cooperative"}),
        (4, {"mode": "cooperative", "first_player": 3}),
        (3, {"mode": "competitive", "criteria": ["trios", "sand", "umbrellas"]}),
        (1, {"mode": "solitaire", "criteria": ["tourists", "stalls"]}),
    ),
    rulings=RULINGS,
)

_FIELDS = (
    "n", "mode", "criteria", "setup", "grids", "laid", "firsts", "market", "deck",
    "deck_count", "out", "unseen", "holding", "rotation", "points", "score", "player",
    "decision", "rng", "viewer_", "history_",
)  # fmt: skip


def beach_reached(score: int) -> str | None:
    """The solitaire (and cooperative) challenge a score reaches, or ``None`` below 10.

    >>> [beach_reached(x) for x in (9, 10, 20, 21)]
    [None, 'Mar Chiquita', 'Mar Chiquita', 'Mar de Ajó']
    >>> [beach_reached(x) for x in (40, 41, 50, 51)]
    ['Mar de Ajó', 'San Clemente', 'San Clemente', 'Mar del Plata']
    """
    for name, least in BEACHES:
        if score >= least:
            return name
    return None


class DiaDePlayaState(PhasedState, game=GAME):
    """A Día de Playa position.  Build one with ``tablero.core.make("diadeplaya", ...)``.

    Attributes are read-only by convention: every method returns a new state, and
    copies share the inner lists and dicts that a move does not change.

    * ``grids[b]``: beach ``b``'s visible blocks, ``{cell: block}`` (one beach per seat
      in competitive and teams play, one shared beach otherwise; see :meth:`beach_of`);
      ``laid[b]``: the faces laid on it, in order.
    * ``firsts[b]``: the card dealt to start beach ``b``, until its face is chosen.
    * ``market``: 3 slots, slot 1 (index 0) next to the deck; a face or ``None`` (empty,
      once the deck has run out).
    * ``deck``: the faces in the deck, top first (``None`` in a view: its order and its
      faces are hidden; ``unseen`` then lists the cards it may hold).  ``out``: the cards
      a solitaire game leaves out (hidden too).
    * ``holding`` / ``rotation``: the face in hand and how it is turned.
    * ``points[b]``: beach ``b``'s points by criterion now; ``score``: each seat's.
    """

    __slots__ = _FIELDS
    #: The decisions that open a turn: the deal after a take waits for the next one (in
    #: solitaire play the same seat takes again).
    TURN_STARTS = frozenset({"take"})
    #: What a move edits in place, copied a level deep by ``_copy`` (the core writes it
    #: from the slots: the other fields a move replaces, never edits).
    COPIED_FIELDS = ("grids", "laid", "firsts", "market")
    #: Its JSON data (serial.py) and its notation (notation.py).
    FORMATS = Formats.of(serial, notation)

    mode: str
    criteria: tuple[str, ...]
    grids: list[dict[int, int]]
    laid: list[list[int]]
    firsts: list[int | None]
    market: list[int | None]
    deck: list[int] | None
    deck_count: int
    out: list[int] | None
    unseen: list[int] | None
    holding: int | None
    rotation: int | None
    points: list[dict[str, int]]

    DECISIONS = {
        "side": Decision((Side,), "side a or side b: the face your first card shows"),
        "rotate": Decision((Rotate,), "rotate 0, 90, 180 or 270"),
        "take": Decision((Take,), lambda s: "take " + " or ".join(map(str, s.market_slots()))),
        "place": Decision((Place,), "place <x,y>: the top-left block of the card"),
    }

    # --- construction ---------------------------------------------------------------

    @classmethod
    def new_game(
        cls,
        players: int,
        seed: int | str = 0,
        *,
        mode: str = "competitive",
        criteria: tuple[str, ...] = CRITERIA,
        first_player: int | None = None,
    ) -> DiaDePlayaState:
        """The position after setup (options checked by ``tablero.core.make``): the
        deck shuffled and each card's face drawn, a solitaire game's 14 cards drawn, the
        first card of each beach dealt, the market of 3 dealt, the starting player
        chosen or drawn.  At a table without a dealer (``seed`` ``None``) those deals
        (``first_card``, ``deal``, ``first_player``) wait for ``deal``."""
        s = cls.__new__(cls)
        s.n = players
        s.mode = mode
        s.criteria = tuple(criteria)
        s.setup = GAME.setup_record(
            players, seed, {"mode": mode, "criteria": criteria, "first_player": first_player}
        )
        s.rng, s.viewer_, s.history_ = dealer_state(seed), None, []
        order = s._shuffled(list(range(CARDS)))
        sides = s._sides(CARDS, 2)
        kept = SOLITAIRE_CARDS if mode == "solitaire" else CARDS
        s.deck_count = kept
        if sides is None:  # no dealer: each card is dealt by ``deal`` from the unseen ones
            s.deck, s.out, s.unseen = None, None, order
        else:  # the seeded dealer's stack, top first
            faces = [face_of(c, side) for c, side in zip(order, sides, strict=True)]
            s.out = sorted(card_of(f) for f in faces[kept:]) if mode == "solitaire" else None
            s.deck, s.unseen = faces[:kept], None
        beaches = s.beach_count
        s.firsts = [None] * beaches
        s.market = [None] * MARKET_SIZE
        s.grids = [{} for _ in range(beaches)]
        s.laid = [[] for _ in range(beaches)]
        s.holding = None
        s.rotation = None
        s.player = 0 if first_player is None else first_player
        s.decision = "side"
        s._rescore()
        s._pend("first_card", 0)  # then the market's 3 cards, then the first player
        return s._started()

    # --- chance: the cards dealt, the first player -----------------------------------------

    def _outcome_text(self, kind: str, value: Any) -> str:
        if kind == "deal":
            return face_name(value)
        if kind == "first_card":
            return card_name(value)
        return super()._outcome_text(kind, value)

    @sources("first_card")
    def _first_card_source(self, step: Step) -> Source:
        """A beach's first card: the deck's top (the seeded dealer's stack; a card, whose
        face its player chooses), or without a deck any unseen card."""
        if self.deck is not None:
            return Source([card_of(f) for f in self.deck], None, None, "top")
        assert self.unseen is not None
        return Source(self.unseen)

    @sources("deal")
    def _deal_source(self, step: Step) -> Source:
        """A card dealt into the market face up: the deck's top face, or without a deck
        either face of any unseen card."""
        if self.deck is not None:
            return Source(self.deck, None, None, "top")
        assert self.unseen is not None
        return Source([f for c in self.unseen for f in (c << 1, c << 1 | 1)])

    @deals("first_card")
    def _deal_first_card(self, step: Step, card: int, events: list[dict[str, Any]]) -> None:
        b = step.arg
        if self.deck is not None:
            # the seeded dealer deals its top (the first of the deck with that card)
            self._from_deck([card_of(f) for f in self.deck].index(card))
        else:
            self._from_unseen(card)
        self.firsts[b] = card
        if b + 1 < self.beach_count:
            self._pend("first_card", b + 1)
        else:
            self._pend("deal", 0)

    @deals("deal")
    def _deal_card(self, step: Step, face: int, events: list[dict[str, Any]]) -> None:
        """The face dealt into market slot ``step.arg``: after a take (recorded in the
        take's entry), or at setup, slot by slot, then the first player."""
        if self.deck is not None:
            self._from_deck(self.deck.index(face))
        else:
            self._from_unseen(card_of(face))
        slot = step.arg
        self.market[slot] = face
        if step.entry >= 0:
            events.append({"type": "deal", "face": face_name(face), "left": self.deck_count})
        elif slot + 1 < MARKET_SIZE:
            self._pend("deal", slot + 1)
        elif self.setup["options"]["first_player"] is None:
            self._pend("first_player")

    @deals("first_player")
    def _deal_first_player(self, step: Step, seat: int, events: list[dict[str, Any]]) -> None:
        self.player = seat

    def _from_deck(self, i: int) -> None:
        """The deck's ``i``-th card dealt (its top, from the seeded dealer's stack)."""
        assert self.deck is not None
        self.deck = self.deck[1:] if i == 0 else self.deck[:i] + self.deck[i + 1 :]
        self.deck_count -= 1

    def _from_unseen(self, card: int) -> None:
        """An unseen card dealt (a table without a dealer, a view)."""
        assert self.unseen is not None
        self.unseen = [c for c in self.unseen if c != card]
        self.deck_count -= 1

    # --- the table's shape ------------------------------------------------------------

    @property
    def shared(self) -> bool:
        """One beach for everyone (cooperative and solitaire play)."""
        return self.mode in ("cooperative", "solitaire")

    @property
    def beach_count(self) -> int:
        return 1 if self.shared else self.n

    def beach_of(self, seat: int) -> int:
        """The beach a seat lays its cards on."""
        return 0 if self.shared else seat

    def team_of(self, seat: int) -> int:
        """Teams play: seats 0 and 2 are team 0, seats 1 and 3 team 1."""
        return seat % 2

    def market_slots(self) -> list[int]:
        """The market's slots holding a card (1 = next to the deck)."""
        return [i + 1 for i, f in enumerate(self.market) if f is not None]

    @property
    def cards_left(self) -> int:
        """Cards not yet laid: the first cards to lay, the one in hand, the market's and
        the deck's."""
        return (
            sum(1 for c in self.firsts if c is not None)
            + (self.holding is not None)
            + len(self.market_slots())
            + self.deck_count
        )

    # --- the protocol: moves ------------------------------------------------------------

    def read_move(self, text: str) -> DiaDePlayaMove:
        """The move written as ``text`` (see :mod:`.moves`), not yet checked here."""
        return parse_move(text)

    def move_candidates(self) -> list[str]:
        """Move texts worth trying here, near misses included: both sides, every slot
        (and 0 and 4), every rotation (and 45), and places on every cell of the beach's
        bounding box widened by 4."""
        texts = ["side a", "side b", "side c"]
        texts += [f"take {k}" for k in range(MARKET_SIZE + 2)]
        texts += [f"rotate {d}" for d in (*ROTATIONS, 45, 360)]
        grid = self.grids[self.beach_of(self.player)] if self.decision != "over" else {}
        if grid:
            xs, ys = GRID.bounds(grid)
            texts += [
                f"place {x},{y}"
                for y in range(ys.start - 4, ys.stop + 4)
                for x in range(xs.start - 4, xs.stop + 4)
            ]
        else:
            texts += ["place 0,0", "place 1,0"]
        return texts

    # --- the first card -------------------------------------------------------------------

    @moves_of("side")
    def _side_moves(self) -> list[DiaDePlayaMove]:
        return [_SIDES[0], _SIDES[1]]

    @plays(Side)
    def _play_side(self, move: Side, events: list[dict[str, Any]]) -> None:
        b = self.beach_of(self.player)
        card = self.firsts[b]
        assert card is not None  # the side decision is only ever about a first card
        self.firsts[b] = None
        self.holding = face_of(card, move.side)
        events.append({"type": "side", "player": self.player, "face": face_name(self.holding)})
        self.decision = "rotate"

    # --- turning the card in hand -----------------------------------------------------------

    @moves_of("rotate")
    def _rotate_moves(self) -> list[DiaDePlayaMove]:
        return list(_ROTATES)

    @plays(Rotate)
    def _play_rotate(self, move: Rotate, events: list[dict[str, Any]]) -> None:
        """Turn the card; a first card is laid on ``0,0`` at once."""
        p = self.player
        events.append({"type": "rotate", "player": p, "degrees": move.degrees})
        self.rotation = move.degrees
        if self.grids[self.beach_of(p)]:
            self.decision = "place"
            return
        self._lay(0, 0, events)
        if self.shared:
            self.decision = "take"
            return
        self.player = (p + 1) % self.n
        self.decision = "side" if self.firsts[self.player] is not None else "take"

    # --- the market -----------------------------------------------------------------------

    @moves_of("take")
    def _take_moves(self) -> list[DiaDePlayaMove]:
        return [_TAKES[k] for k in self.market_slots()]

    @checks(Take)
    def _check_take(self, move: Take) -> str | None:
        if not 1 <= move.slot <= MARKET_SIZE:
            return f"{move}: the market's slots are 1 to {MARKET_SIZE}"
        if self.market[move.slot - 1] is None:
            return f"{move}: slot {move.slot} of the market is empty (the deck has run out)"
        return None

    @plays(Take)
    def _play_take(self, move: Take, events: list[dict[str, Any]]) -> None:
        """Take the card; the others flip and slide away from the deck; the deck deals a
        new card next to it (a ``deal`` step the taker need not wait for: it is dealt
        before the next turn, its event recorded after the take's)."""
        p = self.player
        taken = self.market[move.slot - 1]
        assert taken is not None
        self.holding = taken
        rest = [f ^ 1 for i, f in enumerate(self.market) if f is not None and i != move.slot - 1]
        events.append(
            {
                "type": "take",
                "player": p,
                "slot": move.slot,
                "face": face_name(taken),
                "flipped": [face_name(f) for f in rest],
            }
        )
        self.market = [None] * (MARKET_SIZE - len(rest)) + rest
        self.decision = "rotate"
        if self.deck_count:  # dealt next to the deck before the next turn's first decision
            self._pend("deal", MARKET_SIZE - len(rest) - 1, deferrable=True)

    # --- laying the card --------------------------------------------------------------------

    @moves_of("place")
    def _place_moves(self) -> list[DiaDePlayaMove]:
        assert self.holding is not None and self.rotation is not None
        grid = self.grids[self.beach_of(self.player)]
        return [Place(x, y) for x, y in legal_spots(grid, self.holding, self.rotation)]

    @checks(Place)
    def _check_place(self, move: Place) -> str | None:
        assert self.holding is not None and self.rotation is not None
        grid = self.grids[self.beach_of(self.player)]
        reason = placement_reason(grid, self.holding, self.rotation, move.x, move.y)
        if reason is not None:
            turned = f"{face_name(self.holding)} turned {self.rotation}"
            return f"{move}: {turned} cannot go there: {reason}"
        return None

    @plays(Place)
    def _play_place(self, move: Place, events: list[dict[str, Any]]) -> None:
        p = self.player
        self._lay(move.x, move.y, events)
        if self.cards_left == 0:
            self._end_game(events)
            return
        self.player = (p + 1) % self.n
        self.decision = "take"

    def _lay(self, x: int, y: int, events: list[dict[str, Any]]) -> None:
        """The card in hand goes on the player's beach; everyone's points are updated."""
        face, rotation = self.holding, self.rotation
        assert face is not None and rotation is not None
        b = self.beach_of(self.player)
        grid = self.grids[b]
        hidden = covered(grid, face, rotation, x, y)
        self.grids[b] = lay(grid, face, rotation, x, y)
        self.laid[b] = [*self.laid[b], face]
        self.holding = None
        self.rotation = None
        before = self.score
        self._rescore()
        events.append(
            {
                "type": "lay",
                "player": self.player,
                "beach": b,
                "face": face_name(face),
                "rotation": rotation,
                "cell": f"{x},{y}",
                "covered": [GRID.cell_name(c) for c in sorted(hidden)],
                "points": dict(self.points[b]),
                "change": [after - was for after, was in zip(self.score, before, strict=True)],
            }
        )

    def preview(self, move: Any) -> dict[str, Any]:
        """What a placement would give, before it is committed.

        ``{"face", "rotation", "cell", "covered", "criteria": [{"criterion", "before",
        "after"}...], "total": {"before", "after"}, "scores": {"before", "after"}}``: the
        points of the player's beach by criterion now and with the card laid (umbrellas
        compared with the other beaches as they stand), and every seat's score.  Other
        moves give ``{}`` (a take's new card is hidden until it is dealt)."""
        move = self.checked(move)
        if not isinstance(move, Place):
            return {}
        face, rotation = self.holding, self.rotation
        assert face is not None and rotation is not None
        b = self.beach_of(self.player)
        grids = self.grids[:]
        grids[b] = lay(grids[b], face, rotation, move.x, move.y)
        points, after = self.scoring(grids)
        rows = [
            {"criterion": name, "before": self.points[b][name], "after": points[b][name]}
            for name in self.points[b]
        ]
        return {
            "face": face_name(face),
            "rotation": rotation,
            "cell": f"{move.x},{move.y}",
            "covered": [
                GRID.cell_name(c)
                for c in sorted(covered(self.grids[b], face, rotation, move.x, move.y))
            ],
            "criteria": rows,
            "total": {"before": sum(self.points[b].values()), "after": sum(points[b].values())},
            "scores": {"before": self.score[:], "after": after},
        }

    # --- scoring -----------------------------------------------------------------------------

    def scoring(self, grids: list[dict[int, int]]) -> tuple[list[dict[str, int]], list[int]]:
        """Each beach's points by criterion (in the order of ``CRITERIA``) and each
        seat's score, for these beaches (as the game's mode and criteria score them)."""
        points = [scoring.beach_points(g, self.criteria) for g in grids]
        if "umbrellas" in self.criteria:
            umbrellas = scoring.umbrella_points(
                [scoring.largest_umbrella(g) for g in grids], self.shared
            )
            for b, x in enumerate(umbrellas):
                points[b] = _ordered({**points[b], "umbrellas": x})
        totals = [sum(p.values()) for p in points]
        if self.shared:
            seats = [totals[0]] * self.n
        elif self.mode == "teams":
            team = [totals[0] + totals[2], totals[1] + totals[3]]
            seats = [team[self.team_of(p)] for p in range(self.n)]
        else:
            seats = totals
        return points, seats

    def _rescore(self) -> None:
        self.points, self.score = self.scoring(self.grids)

    def winners(self) -> list[int]:
        """The seats with the best score: in teams play both seats of the best team
        (both teams on a tie); in cooperative and solitaire play every seat shares the
        one result (whether it reached a beach: :meth:`beach_reached`)."""
        best = max(self.score)
        return [p for p, x in enumerate(self.score) if x == best]

    def beach_reached(self) -> str | None:
        """Cooperative and solitaire play: the challenge the shared score reaches
        (Mar del Plata 51+, San Clemente 41-50, Mar de Ajó 21-40, Mar Chiquita 10-20),
        ``None`` below 10 or in the other modes."""
        return beach_reached(self.score[0]) if self.shared else None

    def won(self) -> bool | None:
        """Cooperative and solitaire play: whether the beach reached one of the four
        challenges (10 points or more); ``None`` in the other modes."""
        return self.beach_reached() is not None if self.shared else None

    def _end_game(self, events: list[dict[str, Any]]) -> None:
        self.decision = "over"
        for b in range(self.beach_count):
            events.append(
                {
                    "type": "beach",
                    "beach": b,
                    "points": dict(self.points[b]),
                    "total": sum(self.points[b].values()),
                    "detail": self.detail(b),
                }
            )
        final: dict[str, Any] = {
            "type": "final",
            "scores": self.score[:],
            "winners": self.winners(),
        }
        if self.shared:
            final["beach_reached"] = self.beach_reached()
            final["won"] = self.won()
        events.append(final)

    def detail(self, b: int) -> dict[str, Any]:
        """Which blocks score on beach ``b`` (cell names), for the end screen: surfers
        facing the sea, lonely tourists (with their view bonus), the trios, the largest
        umbrella group, the sand squares (top-left cells), the served stalls."""
        grid = self.grids[b]
        sea = [c for c, bl in grid.items() if bl == SURFER << 2 | DOWN]
        groups = scoring.umbrella_groups(grid)
        names = GRID.cell_name
        return {
            "surfers": [names(c) for c in sorted(sea)],
            "tourists": [[names(c), seen] for c, seen in sorted(scoring.lonely_tourists(grid))],
            "trios": [[names(c) for c in t] for t in scoring.trios(grid)[1]],
            "umbrellas": [names(c) for c in groups[0]] if groups else [],
            "sand": [names(c) for c in scoring.sand_squares(grid)[1]],
            "stalls": [names(c) for c in sorted(scoring.served_stalls(grid))],
        }

    # --- hidden information ---------------------------------------------------------------

    def _hide(self, player: int) -> None:
        """Only the deck is hidden: its order and its cards' faces (and, in solitaire
        play, which cards were left out).  ``unseen`` lists the cards the deck and the
        left-out pile hold, which follows from the public facts."""
        if self.deck is not None:  # a table without a dealer keeps only ``unseen``
            self.unseen = sorted([card_of(f) for f in self.deck] + list(self.out or ()))
        self.deck = None
        self.out = None

    def _deal(self, rng: Rng) -> None:
        """The unseen cards dealt back at random: the deck's order, each card's face and
        (solitaire) which cards are left out."""
        assert self.unseen is not None
        pool = self.unseen[:]
        rng.shuffle(pool)
        deck = []
        for c in pool[: self.deck_count]:  # a loop: the PRNG must be drawn by ``_deal`` itself
            deck.append(face_of(c, rng.randbelow(2)))
        self.deck = deck
        self.out = sorted(pool[self.deck_count :]) if self.mode == "solitaire" else None
        self.unseen = None

    # --- serialisation ------------------------------------------------------------------

    def __repr__(self) -> str:
        who = (
            "over"
            if self.decision == "over"
            else f"player {PLAYERS[self.player]} to {self.decision}"
        )
        return (
            f"<DiaDePlayaState {self.n}p {self.mode}, {who}, deck {self.deck_count}, "
            f"scores {self.score}>"
        )


def _ordered(points: dict[str, int]) -> dict[str, int]:
    return {name: points[name] for name in CRITERIA if name in points}


# Moves are values, so the generators hand out shared instances.
_SIDES = (Side(0), Side(1))
_TAKES = {k: Take(k) for k in range(1, MARKET_SIZE + 1)}
_ROTATES = tuple(Rotate(d) for d in ROTATIONS)
