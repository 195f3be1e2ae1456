"""The Arboretum game state and its rules.

A turn, as decisions (``phase``):

``draw``     draw a card from the deck or the top of any discard pile; twice, one card
             at a time (``draws`` counts the cards drawn so far this turn: 0 or 1);
``play``     play a card from your hand to your arboretum;
``discard``  discard a card to your own discard pile; the hand is back to 7 cards;
``over``     the deck ran out and the player who drew its last card finished the turn:
             the game is scored and over.
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from tablero.core import IllegalMoveError, InvalidMoveError, PhasedState, Rng

from . import scoring
from .cards import CARD_NAMES
from .data import CODES, DRAWS_PER_TURN, HAND_SIZE, SPECIES, SPECIES_IN_PLAY
from .grid import ORIGIN, STEPS, cell, cell_name, in_range, xy
from .moves import PLAYERS, ArboretumMove, Discard, DrawDeck, DrawPile, Play, parse_move

PHASES = ("draw", "play", "discard", "over")

#: A card hidden from the viewer, in a view's hand.
HIDDEN = -1

_FIELDS = (
    "n", "species", "setup", "arbs", "fronts", "hands", "known", "discards", "deck",
    "deck_count", "unseen", "score", "player", "phase", "draws", "rng", "viewer_",
    "history_",
)  # fmt: skip


class ArboretumState(PhasedState):
    """An Arboretum position.  Build one with ``tablero.core.make("arboretum", ...)``.

    Attributes are read-only by convention: every method returns a new state, and
    copies share the inner lists and dicts that a move does not change.

    * ``arbs[p]``: player ``p``'s arboretum, ``{cell: card}`` (see :mod:`.grid`);
      ``fronts[p]``: its empty cells where a card may go (sorted).
    * ``hands[p]``: sorted cards; in a view, a card hidden from the viewer is ``HIDDEN``.
    * ``known[p]``: the cards of ``p``'s hand that everyone knows (taken from a discard
      pile and still in the hand), sorted.
    * ``discards[p]``: ``p``'s discard pile, bottom to top.
    * ``deck``: the cards in the deck, sorted (its order is hidden: a deck draw takes a
      uniformly random card with the state's PRNG); ``None`` in a view, where
      ``unseen`` lists the cards hidden from the viewer.
    """

    __slots__ = _FIELDS

    n: int
    species: int
    setup: dict[str, Any]
    arbs: list[dict[int, int]]
    fronts: list[tuple[int, ...]]
    hands: list[list[int]]
    known: list[list[int]]
    discards: list[list[int]]
    deck: list[int] | None
    deck_count: int
    unseen: list[int] | None
    score: list[int]
    player: int
    phase: str
    draws: int
    rng: int
    viewer_: int | None
    history_: list[dict[str, Any]]

    # --- construction ---------------------------------------------------------------

    @classmethod
    def new_game(
        cls, players: int, seed: int | str = 0, first_player: int | None = None
    ) -> ArboretumState:
        if players not in SPECIES_IN_PLAY:
            raise ValueError(f"Arboretum is played by 2 to 4 players, not {players}")
        if first_player is not None and (
            isinstance(first_player, bool)
            or not isinstance(first_player, int)
            or not 0 <= first_player < players
        ):
            raise ValueError(f"first_player must be a seat from 0 to {players - 1}")
        s = cls.__new__(cls)
        s.n = players
        s.species = SPECIES_IN_PLAY[players]
        s.setup = {"players": players, "seed": seed, "options": {"first_player": first_player}}
        s.arbs = [{} for _ in range(players)]
        s.fronts = [(ORIGIN,)] * players
        s.deck = list(range(8 * s.species))
        s.deck_count = len(s.deck)
        s.unseen = None
        s.rng = Rng(seed).state
        s.player = first_player if first_player is not None else s._randbelow(players)
        s.hands = [sorted(s._draw_from_deck() for _ in range(HAND_SIZE)) for _ in range(players)]
        s.known = [[] for _ in range(players)]
        s.discards = [[] for _ in range(players)]
        s.score = [0] * players
        s.phase = "draw"
        s.draws = 0
        s.viewer_ = None
        s.history_ = []
        return s

    def _copy(self) -> ArboretumState:
        """A copy with its own outer lists; inner lists and dicts are shared, and a
        move replaces (never edits) the ones it changes."""
        s = ArboretumState.__new__(ArboretumState)
        s.n = self.n
        s.species = self.species
        s.setup = self.setup
        s.arbs = self.arbs[:]
        s.fronts = self.fronts[:]
        s.hands = self.hands[:]
        s.known = self.known[:]
        s.discards = self.discards[:]
        s.deck = self.deck
        s.deck_count = self.deck_count
        s.unseen = self.unseen
        s.score = self.score
        s.player = self.player
        s.phase = self.phase
        s.draws = self.draws
        s.rng = self.rng
        s.viewer_ = self.viewer_
        s.history_ = self.history_[:]
        return s

    # --- randomness -----------------------------------------------------------------

    def _draw_from_deck(self) -> int:
        """A uniformly random card of the deck (the caller checks it is not empty)."""
        if self.deck is None:
            raise IllegalMoveError(
                "this is a player's view: the deck is hidden, so nothing can be drawn "
                "(determinize the view first)"
            )
        deck = self.deck[:]
        c = deck.pop(self._randbelow(len(deck)))
        self.deck = deck
        self.deck_count -= 1
        return c

    # --- the protocol: whose turn, what can be done -----------------------------------

    def scores(self) -> list[int]:
        """0 for everyone until the game is over (Arboretum scores only at the end),
        then the final totals."""
        return self.score[:]

    def winners(self) -> list[int]:
        """The most points; on a tie, the most different species in the arboretum;
        then the victory is shared."""
        best = max(self.score)
        tied = [p for p, x in enumerate(self.score) if x == best]
        present = {p: scoring.species_present(self.arbs[p]) for p in tied}
        most = max(present.values())
        return [p for p in tied if present[p] == most]

    def legal_moves(self) -> list[ArboretumMove]:
        """Every legal move once, in a fixed order: ``draw deck``, then the discard
        piles by seat; plays by card, then cell; discards by card."""
        phase = self.phase
        if phase == "draw":
            moves: list[ArboretumMove] = [_DRAW_DECK] if self.deck_count > 0 else []
            moves.extend(_DRAW_PILE[q] for q in range(self.n) if self.discards[q])
            return moves
        if phase == "play":
            front = self.fronts[self.player]
            out: list[ArboretumMove] = []
            for c in self.hands[self.player]:
                if c != HIDDEN:
                    out.extend(_play_moves(c, front))
            return out
        if phase == "discard":
            return [_DISCARDS[c] for c in self.hands[self.player] if c != HIDDEN]
        return []

    # --- checking moves ----------------------------------------------------------------

    def parse_move(self, text: str) -> ArboretumMove:
        """The move written as ``text``, checked against this position."""
        move = parse_move(text)
        reason = self.illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        return move

    def _card_reason(self, move: Play | Discard) -> str | None:
        c = move.card
        if c >> 3 >= self.species:
            codes = " ".join(CODES[: self.species])
            return (
                f"{move}: {SPECIES[c >> 3]} is not in a {self.n}-player game (its species: {codes})"
            )
        if c not in self.hands[self.player]:
            return f"{move}: {CARD_NAMES[c]} is not in your hand"
        return None

    def illegal_reason(self, move: Any) -> str | None:
        """``None`` if ``move`` is legal now, else a sentence saying why it is not."""
        phase = self.phase
        if phase == "over":
            return "the game is over: no more moves"
        if self.viewer_ is not None and self.viewer_ != self.player:
            return "this is another player's view: only the player to move can act"
        expected = {
            "draw": f"draw card {self.draws + 1} of 2: draw deck or draw <player>",
            "play": "play <card> <x,y>",
            "discard": "discard <card>",
        }[phase]
        wrong = f"{move} is not possible now: the decision is {phase!r} ({expected})"
        if isinstance(move, DrawDeck):
            if phase != "draw":
                return wrong
            return None if self.deck_count > 0 else "draw deck: the deck is empty"
        if isinstance(move, DrawPile):
            if phase != "draw":
                return wrong
            q = move.seat
            if not 0 <= q < self.n:
                return f"{move}: there is no player {PLAYERS[q]} in a {self.n}-player game"
            if not self.discards[q]:
                return f"{move}: player {PLAYERS[q]}'s discard pile is empty"
            return None
        if isinstance(move, Play):
            if phase != "play":
                return wrong
            reason = self._card_reason(move)
            if reason is not None:
                return reason
            where = f"{move.x},{move.y}"
            arb = self.arbs[self.player]
            target = cell(move.x, move.y) if in_range(move.x, move.y) else None
            if target is not None and target in arb:
                return f"{move}: {where} already holds {CARD_NAMES[arb[target]]}"
            if not arb:
                if target != ORIGIN:
                    return (
                        f"{move}: your first card goes to 0,0 (cells are counted from the "
                        "first card)"
                    )
                return None
            if target is None or target not in self.fronts[self.player]:
                return (
                    f"{move}: {where} is not next to a card of your arboretum (a card goes "
                    "orthogonally next to one of yours)"
                )
            return None
        if isinstance(move, Discard):
            if phase != "discard":
                return wrong
            return self._card_reason(move)
        return f"{move!r} is not an Arboretum move"

    def preview(self, move: Any) -> dict[str, Any]:
        """What a play would give, before it is committed.

        ``{"card", "cell", "species": [{"species", "before", "after", "cells"}...]}``:
        for every species in play, the points of the player's best path of it now
        (``before``) and with the card played (``after``, along ``cells``), as if the
        player had the right to score it.  Other moves give ``{}``.
        """
        move = self.checked(move)
        if not isinstance(move, Play):
            return {}
        arb = self.arbs[self.player]
        after = {**arb, cell(move.x, move.y): move.card}
        rows = []
        for s in range(self.species):
            points, path = scoring.best_path(after, s)
            rows.append(
                {
                    "species": CODES[s],
                    "before": scoring.best_path(arb, s)[0],
                    "after": points,
                    "cells": [cell_name(c) for c in path],
                }
            )
        return {"card": CARD_NAMES[move.card], "cell": f"{move.x},{move.y}", "species": rows}

    # --- applying moves ---------------------------------------------------------------

    def apply_unchecked(self, move: Any) -> ArboretumState:
        """The next state, trusting ``move`` to be legal (fast path for search)."""
        s = self._copy()
        p = s.player
        ev: list[dict[str, Any]] = []
        s.history_.append({"player": p, "move": str(move), "events": ev})
        if isinstance(move, DrawDeck):
            c = s._draw_from_deck()
            s._take(c)
            ev.append({"type": "draw", "player": p, "source": "deck", "card": CARD_NAMES[c]})
            if s.deck_count == 0:
                ev.append({"type": "deck_empty", "player": p})
            s._after_draw()
        elif isinstance(move, DrawPile):
            pile = s.discards[move.seat]
            c = pile[-1]
            s.discards[move.seat] = pile[:-1]
            s._take(c)
            known = s.known[p][:]
            insort(known, c)
            s.known[p] = known
            ev.append(
                {
                    "type": "draw",
                    "player": p,
                    "source": "pile",
                    "pile": move.seat,
                    "card": CARD_NAMES[c],
                }
            )
            s._after_draw()
        elif isinstance(move, Play):
            c = move.card
            s._give_up(c)
            at = cell(move.x, move.y)
            s.arbs[p] = arb = {**s.arbs[p], at: c}
            front = set(s.fronts[p])
            front.discard(at)
            for step in STEPS:
                if at + step not in arb:
                    front.add(at + step)
            s.fronts[p] = tuple(sorted(front))
            ev.append({"type": "play", "player": p, "card": CARD_NAMES[c], "cell": cell_name(at)})
            s.phase = "discard"
        elif isinstance(move, Discard):
            c = move.card
            s._give_up(c)
            s.discards[p] = [*s.discards[p], c]
            ev.append({"type": "discard", "player": p, "card": CARD_NAMES[c]})
            if s.deck_count == 0:
                s._end_game(ev)
            else:
                s.player = (p + 1) % s.n
                s.phase = "draw"
        else:
            raise InvalidMoveError(f"{move!r} is not an Arboretum move")
        return s

    def _take(self, c: int) -> None:
        hand = self.hands[self.player][:]
        insort(hand, c)
        self.hands[self.player] = hand

    def _give_up(self, c: int) -> None:
        """``c`` leaves the hand; once it is gone, nobody knows it is there any more."""
        p = self.player
        hand = self.hands[p][:]
        hand.remove(c)
        self.hands[p] = hand
        if c in self.known[p]:
            self.known[p] = [k for k in self.known[p] if k != c]

    def _after_draw(self) -> None:
        self.draws += 1
        if self.draws == DRAWS_PER_TURN:
            self.draws = 0
            self.phase = "play"

    def _end_game(self, ev: list[dict[str, Any]]) -> None:
        """Final scoring, every step recorded: hands, rights, paths, totals."""
        ev.append(
            {
                "type": "game_end",
                "player": self.player,
                "hands": [[CARD_NAMES[c] for c in hand] for hand in self.hands],
            }
        )
        totals = [0] * self.n
        for s in range(self.species):
            sums, zeroed = scoring.hand_sums(self.hands, s)
            right = scoring.right_to_score(sums)
            paths = []
            for p in range(self.n):
                points, path = scoring.best_path(self.arbs[p], s)
                scored = points if p in right else 0
                totals[p] += scored
                paths.append(
                    {
                        "cells": [cell_name(c) for c in path],
                        "cards": [CARD_NAMES[self.arbs[p][c]] for c in path],
                        "points": points,
                        "scored": scored,
                    }
                )
            ev.append(
                {
                    "type": "species",
                    "species": CODES[s],
                    "sums": sums,
                    "zeroed_8": zeroed,
                    "right": right,
                    "paths": paths,
                }
            )
        self.score = totals
        self.phase = "over"
        ev.append(
            {
                "type": "final",
                "scores": totals[:],
                "species_present": [scoring.species_present(a) for a in self.arbs],
                "winners": self.winners(),
            }
        )

    def final_scores(self) -> list[int]:
        """The totals the final scoring gives for this position's hands and arboretums
        (the check used when reading a finished game)."""
        totals = [0] * self.n
        for s in range(self.species):
            right = scoring.right_to_score(scoring.hand_sums(self.hands, s)[0])
            for p in right:
                totals[p] += scoring.best_path(self.arbs[p], s)[0]
        return totals

    # --- hidden information -----------------------------------------------------------

    def view(self, player: int) -> ArboretumState:
        """What ``player`` may know.  Other hands keep their size and their publicly
        known cards (taken from a discard pile); the deck keeps only its count;
        ``unseen`` lists every card hidden from ``player`` (the deck and the unknown
        cards of other hands), which follows from public facts.  The PRNG state and
        the seed are dropped; other players' deck draws are masked in the history.
        Once the game is over, the hands are revealed and nothing is hidden.
        """
        if not 0 <= player < self.n:
            raise ValueError(f"no player {player} in a {self.n}-player game")
        if self.viewer_ is not None:
            if self.viewer_ == player:
                return self
            raise ValueError("a view cannot be turned into another player's view")
        s = self._copy()
        unseen = list(self.deck or ())
        if self.phase != "over":
            for q in range(self.n):
                if q != player:
                    known = self.known[q]
                    hidden = [c for c in self.hands[q] if c not in known]
                    unseen.extend(hidden)
                    s.hands[q] = [HIDDEN] * len(hidden) + known
        s.deck = None
        s.unseen = sorted(unseen)
        s.rng = 0
        s.setup = {**self.setup, "seed": None}
        s.viewer_ = player
        s.history_ = [_mask_entry(e, player) for e in self.history_]
        return s

    def determinize(self, rng: Rng | int) -> ArboretumState:
        """A full state consistent with this view: the unseen cards are dealt at
        random to the hidden hand slots and the deck.  A full state is returned as is."""
        if self.viewer_ is None:
            return self
        if not isinstance(rng, Rng):
            rng = Rng(rng)
        assert self.unseen is not None
        pool = self.unseen[:]
        rng.shuffle(pool)
        s = self._copy()
        for q in range(self.n):
            hand = self.hands[q]
            k = hand.count(HIDDEN)
            if k:
                s.hands[q] = sorted([c for c in hand if c != HIDDEN] + pool[:k])
                del pool[:k]
        s.deck = sorted(pool)
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
        if self.phase == "over":
            who = "over"
        elif self.phase == "draw":
            who = f"player {PLAYERS[self.player]} to draw card {self.draws + 1}"
        else:
            who = f"player {PLAYERS[self.player]} to {self.phase}"
        return f"<ArboretumState {self.n}p, {who}, deck {self.deck_count}, scores {self.score}>"


def frontier(arb: dict[int, int]) -> tuple[int, ...]:
    """The empty cells where the next card of ``arb`` may go (sorted)."""
    if not arb:
        return (ORIGIN,)
    return tuple(sorted({c + d for c in arb for d in STEPS if c + d not in arb}))


# Moves are values, so the move generator hands out shared instances.
_DRAW_DECK = DrawDeck()
_DRAW_PILE = tuple(DrawPile(q) for q in range(4))
_DISCARDS = tuple(Discard(c) for c in range(80))


class _PlayCache(dict[int, Play]):
    """``Play`` moves by ``card << 16 | cell``, made on first use."""

    def __missing__(self, key: int) -> Play:
        move = self[key] = Play(key >> 16, *xy(key & 0xFFFF))
        return move


_PLAYS = _PlayCache()


def _play_moves(c: int, front: tuple[int, ...]) -> list[Play]:
    plays, base = _PLAYS, c << 16
    return [plays[base | at] for at in front]


def _mask_entry(entry: dict[str, Any], viewer: int) -> dict[str, Any]:
    """A history entry as ``viewer`` saw it: others' deck draws hidden."""
    if entry["player"] == viewer:
        return entry
    events = []
    for e in entry["events"]:
        if e["type"] == "draw" and e["source"] == "deck":
            e = {**e, "card": None}
        events.append(e)
    return {**entry, "events": events}


__all__ = ["ArboretumState", "HIDDEN", "PHASES", "frontier"]
