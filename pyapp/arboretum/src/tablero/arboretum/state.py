"""The Arboretum game state and its rules.

A turn, as decisions (``decision``; :attr:`ArboretumState.DECISIONS`):

``draw``     draw a card from the deck or the top of any discard pile; twice, one card
             at a time (``draws`` counts the cards drawn so far this turn: 0 or 1);
``play``     play a card from your hand to your arboretum;
``discard``  discard a card to your own discard pile; the hand is back to 7 cards;
``over``     the deck ran out and the player who drew its last card finished the turn:
             the game is scored and over.

Each rule is written once, as a method tagged for the core's
:class:`~tablero.core.PhasedState` (see :mod:`tablero.core.decisions`): ``@moves_of``
lists a decision's legal moves, ``@checks`` says why a move of a kind is illegal now,
``@plays`` applies it.  The core dispatches ``legal_moves``, ``illegal_reason`` and
``apply_unchecked`` to them, and builds ``view``/``determinize`` around :meth:`_hide`
and :meth:`_deal`.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from typing import Any

from tablero.core import (
    UNSEEN,
    Formats,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    PhasedState,
    Rng,
    Source,
    Step,
)
from tablero.core.chance import dealer_state
from tablero.core.decisions import Decision, checks, deals, moves_of, plays, sources
from tablero.core.options import first_player_option

from . import notation, scoring, serial
from .cards import CARD_NAMES, parse_card
from .data import (
    CODES,
    DECISION_NAMES,
    DRAWS_PER_TURN,
    HAND_SIZE,
    HIDDEN,
    RULINGS,
    SPECIES,
    SPECIES_IN_PLAY,
)
from .grid import ORIGIN, STEPS, cell, cell_name, frontier, in_range, xy
from .moves import PLAYERS, ArboretumMove, Discard, DrawDeck, DrawPile, Play, parse_move

__all__ = ["GAME", "ArboretumState", "DECISION_NAMES", "HIDDEN", "PHASES", "frontier"]

#: The old name of ``DECISION_NAMES``, kept as its alias (this module exported it).
PHASES = DECISION_NAMES

#: Arboretum in the game registry: what ``get_game("arboretum")`` returns.
GAME = Game(
    "arboretum",
    "Arboretum",
    2,
    4,
    version=1,
    options=(first_player_option(4),),
    rulings=RULINGS,
)

_FIELDS = (
    "n", "species", "setup", "arbs", "fronts", "hands", "known", "discards", "deck",
    "deck_count", "unseen", "score", "player", "decision", "draws", "rng", "viewer_",
    "history_",
)  # fmt: skip


class ArboretumState(PhasedState, game=GAME):
    """An Arboretum position.  Build one with ``tablero.core.make("arboretum", ...)``.

    Attributes are read-only by convention: every method returns a new state, and
    copies share the inner lists and dicts that a move does not change.

    * ``arbs[p]``: player ``p``'s arboretum, ``{cell: card}`` (see :mod:`.grid`);
      ``fronts[p]``: its empty cells where a card may go (sorted).
    * ``hands[p]``: sorted cards; in a view, a card hidden from the viewer is ``HIDDEN``.
    * ``known[p]``: the cards of ``p``'s hand that everyone knows (taken from a discard
      pile and still in the hand), sorted.
    * ``discards[p]``: ``p``'s discard pile, bottom to top.
    * ``deck``: the cards in the deck, sorted (its order is hidden: a deck draw is a
      chance step, any card of the deck); ``None`` in a view, where ``unseen`` lists the
      cards hidden from the viewer.

    Chance steps (:mod:`tablero.core.chance`): at set-up the first player (unless
    chosen), then ``deal`` (the 7 cards of each hand, one at a time, seen by their
    owner); in play ``draw`` (a deck draw, seen by the drawer); at the end ``reveal``
    (every hand shown for the scoring, no draw).
    """

    __slots__ = _FIELDS
    #: What a move edits in place, copied a level deep by ``_copy`` (the core writes it
    #: from the slots: the other fields a move replaces, never edits).
    COPIED_FIELDS = ("arbs", "fronts", "hands", "known", "discards")
    #: Its JSON data (serial.py) and its notation (notation.py).
    FORMATS = Formats.of(serial, notation)

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
    draws: int

    #: The decisions of a turn and the move kinds each allows.
    DECISIONS = {
        "draw": Decision(
            (DrawDeck, DrawPile),
            lambda s: f"draw card {s.draws + 1} of 2: draw deck or draw <player>",
        ),
        "play": Decision((Play,), "play <card> <x,y>"),
        "discard": Decision((Discard,), "discard <card>"),
    }

    # --- construction ---------------------------------------------------------------

    @classmethod
    def new_game(
        cls, players: int, seed: int | str = 0, *, first_player: int | None = None
    ) -> ArboretumState:
        """The position after setup (options checked by ``tablero.core.make``): the
        species of the player count shuffled into the deck, 7 cards dealt to each
        player, the first player chosen or drawn at random."""
        s = cls.__new__(cls)
        s.n = players
        s.species = SPECIES_IN_PLAY[players]
        s.setup = GAME.setup_record(players, seed, {"first_player": first_player})
        s.arbs = [{} for _ in range(players)]
        s.fronts = [(ORIGIN,)] * players
        s.deck = list(range(8 * s.species))
        s.deck_count = len(s.deck)
        s.unseen = None
        s.rng = dealer_state(seed)
        s.player = 0 if first_player is None else first_player
        s.hands = [[] for _ in range(players)]
        s.known = [[] for _ in range(players)]
        s.discards = [[] for _ in range(players)]
        s.score = [0] * players
        s.decision = "draw"
        s.draws = 0
        s.viewer_ = None
        s.history_ = []
        if first_player is None:
            s._pend("first_player")
        else:
            s._pend("deal", 0)
        return s._started()

    # --- chance: the deal, deck draws, the hands revealed at the end --------------------

    @deals("first_player")
    def _deal_first_player(self, step: Step, seat: int, events: list[dict[str, Any]]) -> None:
        self.player = seat
        self._pend("deal", 0)

    @sources("deal")
    def _deal_source(self, step: Step) -> Source:
        """A card of the deck (a view: of the cards it has not seen), seen by the seat it
        goes to (the argument counts the cards dealt: seat by seat, 7 each)."""
        return self._deck_source(step.arg // HAND_SIZE)

    @sources("draw")
    def _draw_source(self, step: Step) -> Source:
        """A card of the deck (a view: of the cards it has not seen), seen by the drawer."""
        return self._deck_source(step.arg)

    def _deck_source(self, seat: int) -> Source:
        cards = self.deck if self.deck is not None else self.unseen
        assert cards is not None
        # (tuple.__new__: half the cost of the named tuple's constructor, once a draw)
        return _new_source(Source, (cards, None, _SEEN_BY[seat], "draw"))

    def _outcome_text(self, kind: str, value: Any) -> str:
        if kind == "reveal":
            return " / ".join(" ".join(CARD_NAMES[c] for c in hand) for hand in value)
        if kind in ("deal", "draw"):
            return str(CARD_NAMES[value])
        return super()._outcome_text(kind, value)

    def _from_deck(self, seat: int, c: Any) -> None:
        """Card ``c`` out of the deck into ``seat``'s hand (``UNSEEN``: a card this view
        does not see, a hidden card of another hand)."""
        self.deck_count -= 1
        hand = self.hands[seat][:]
        if c is UNSEEN:
            hand.insert(0, HIDDEN)
        else:
            cards = self.deck if self.deck is not None else self.unseen
            assert cards is not None
            cards = cards[:]
            del cards[bisect_left(cards, c)]  # sorted, every card once
            if self.deck is not None:
                self.deck = cards
            else:
                self.unseen = cards
            insort(hand, c)
        self.hands[seat] = hand

    @deals("deal")
    def _deal_card(self, step: Step, c: Any, events: list[dict[str, Any]]) -> None:
        self._from_deck(step.arg // HAND_SIZE, c)
        if step.arg + 1 < HAND_SIZE * self.n:
            self._pend("deal", step.arg + 1)

    @deals("draw")
    def _deal_draw(self, step: Step, c: Any, events: list[dict[str, Any]]) -> None:
        p = step.arg
        self._from_deck(p, c)
        card = None if c is UNSEEN else CARD_NAMES[c]
        events.append({"type": "draw", "player": p, "source": "deck", "card": card})
        if self.deck_count == 0:
            events.append({"type": "deck_empty", "player": p})
        self._after_draw()

    @sources("reveal")
    def _reveal_source(self, step: Step) -> Source:
        """Every hand shown for the scoring (a view that has not seen them all lists
        nothing: it reads what is shown, :meth:`_read_reveal`)."""
        hands = tuple(tuple(hand) for hand in self.hands)
        hidden = any(HIDDEN in hand for hand in hands)
        return Source([] if hidden else [hands], None, None, "reveal")

    def _read_reveal(self, step: Step, text: str) -> tuple[tuple[int, ...], ...]:
        """The hands a reveal shows (``c1 c2 / c3 ...``, seat by seat), checked against
        this view: each hand's size and its known cards, the rest from the unseen cards."""
        parts = text.split("/")
        if len(parts) != self.n:
            raise IllegalMoveError(f"{text!r}: the reveal shows {self.n} hands, split by /")
        unseen = list(self.unseen or [])
        hands = []
        for q, part in enumerate(parts):
            names = part.split()
            if len(names) != len(self.hands[q]):
                raise IllegalMoveError(
                    f"{text!r}: player {PLAYERS[q]} holds {len(self.hands[q])} cards"
                )
            try:
                cards = sorted(parse_card(name) for name in names)
            except InvalidMoveError as exc:
                raise IllegalMoveError(f"{text!r}: {exc}") from exc
            shown = [c for c in self.hands[q] if c != HIDDEN]
            rest = cards[:]
            for c in shown:
                if c not in rest:
                    raise IllegalMoveError(f"{text!r}: player {PLAYERS[q]} holds {CARD_NAMES[c]}")
                rest.remove(c)
            for c in rest:
                if c not in unseen:
                    raise IllegalMoveError(f"{text!r}: {CARD_NAMES[c]} cannot be in a hand")
                unseen.remove(c)
            hands.append(tuple(cards))
        return tuple(hands)

    @deals("reveal")
    def _deal_reveal(self, step: Step, hands: Any, events: list[dict[str, Any]]) -> None:
        if self.unseen is not None:
            shown = {c for hand in hands for c in hand}
            self.unseen = [c for c in self.unseen if c not in shown]
        self.hands = [list(hand) for hand in hands]
        self._end_game(events)

    # --- the protocol: moves, the end -------------------------------------------------

    def read_move(self, text: str) -> ArboretumMove:
        """The move written as ``text`` (see :mod:`.moves`), not yet checked here."""
        return parse_move(text)

    def winners(self) -> list[int]:
        """The most points; on a tie, the most different species in the arboretum;
        then the victory is shared."""
        best = max(self.score)
        tied = [p for p, x in enumerate(self.score) if x == best]
        present = {p: scoring.species_present(self.arbs[p]) for p in tied}
        most = max(present.values())
        return [p for p in tied if present[p] == most]

    def move_candidates(self) -> list[str]:
        """Move texts worth trying here, near misses included: every draw, plays of the
        hand's cards (and of a few cards not in it) on every cell of the player's
        arboretum's bounding box widened by 2 (around ``0,0`` while it is empty), and
        discards of the same cards."""
        p = self.player
        hand = [c for c in self.hands[p] if c != HIDDEN]
        others = [c for c in range(80) if c not in hand]
        in_play = [c for c in others if c < 8 * self.species]
        extra = {others[0], others[-1], *in_play[:1], *in_play[-1:]}
        cards = hand + sorted(extra - set(hand))
        arb = self.arbs[p]
        coords = [xy(c) for c in arb] or [(0, 0)]
        xs = range(min(x for x, _ in coords) - 2, max(x for x, _ in coords) + 3)
        ys = range(min(y for _, y in coords) - 2, max(y for _, y in coords) + 3)
        texts = ["draw deck", *(f"draw {q}" for q in PLAYERS)]
        texts += [f"play {CARD_NAMES[c]} {x},{y}" for c in cards for y in ys for x in xs]
        texts += [f"discard {CARD_NAMES[c]}" for c in cards]
        return texts

    # --- the draw decision ------------------------------------------------------------

    @moves_of("draw")
    def _draw_moves(self) -> list[ArboretumMove]:
        """``draw deck`` while the deck holds a card, then the discard piles by seat."""
        piles = self.discards
        moves: list[ArboretumMove] = [_DRAW_PILE[q] for q in range(self.n) if piles[q]]
        if self.deck_count > 0:
            moves.insert(0, _DRAW_DECK)
        return moves

    @checks(DrawDeck)
    def _check_draw_deck(self, move: DrawDeck) -> str | None:
        return None if self.deck_count > 0 else "draw deck: the deck is empty"

    @checks(DrawPile)
    def _check_draw_pile(self, move: DrawPile) -> str | None:
        q = move.seat
        if not 0 <= q < self.n:
            return f"{move}: there is no player {PLAYERS[q]} in a {self.n}-player game"
        if not self.discards[q]:
            return f"{move}: player {PLAYERS[q]}'s discard pile is empty"
        return None

    @plays(DrawDeck)
    def _draw_deck(self, move: DrawDeck, events: list[dict[str, Any]]) -> None:
        self._pend("draw", self.player)  # the card drawn, then the draw's events

    @plays(DrawPile)
    def _draw_pile(self, move: DrawPile, events: list[dict[str, Any]]) -> None:
        """The top card of a discard pile; everyone knows it is in the hand now."""
        p = self.player
        pile = self.discards[move.seat]
        c = pile[-1]
        self.discards[move.seat] = pile[:-1]
        self._take(c)
        known = self.known[p][:]
        insort(known, c)
        self.known[p] = known
        events.append(
            {
                "type": "draw",
                "player": p,
                "source": "pile",
                "pile": move.seat,
                "card": CARD_NAMES[c],
            }
        )
        self._after_draw()

    def _take(self, c: int) -> None:
        hand = self.hands[self.player][:]
        insort(hand, c)
        self.hands[self.player] = hand

    def _after_draw(self) -> None:
        self.draws += 1
        if self.draws == DRAWS_PER_TURN:
            self.draws = 0
            self.decision = "play"

    # --- the play decision ------------------------------------------------------------

    @moves_of("play")
    def _play_moves(self) -> list[ArboretumMove]:
        """Plays by card (the hand's order), then by cell (the frontier's order)."""
        front = self.fronts[self.player]
        cache = _PLAY_CACHE
        return [cache[c << 16 | at] for c in self.hands[self.player] if c != HIDDEN for at in front]

    @checks(Play)
    def _check_play(self, move: Play) -> str | None:
        """The card from the hand; the first card on ``0,0``, every later one on an
        empty cell orthogonally next to a card of the player's arboretum."""
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
                    f"{move}: your first card goes to 0,0 (cells are counted from the first card)"
                )
            return None
        if target is None or target not in self.fronts[self.player]:
            return (
                f"{move}: {where} is not next to a card of your arboretum (a card goes "
                "orthogonally next to one of yours)"
            )
        return None

    @plays(Play)
    def _play(self, move: Play, events: list[dict[str, Any]]) -> None:
        p = self.player
        c = move.card
        self._give_up(c)
        at = cell(move.x, move.y)
        self.arbs[p] = arb = {**self.arbs[p], at: c}
        front = set(self.fronts[p])
        front.discard(at)
        for step in STEPS:
            if at + step not in arb:
                front.add(at + step)
        self.fronts[p] = tuple(sorted(front))
        events.append({"type": "play", "player": p, "card": CARD_NAMES[c], "cell": cell_name(at)})
        self.decision = "discard"

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

    # --- the discard decision ---------------------------------------------------------

    @moves_of("discard")
    def _discard_moves(self) -> list[ArboretumMove]:
        """Discards by card (the hand's order)."""
        return [_DISCARDS[c] for c in self.hands[self.player] if c != HIDDEN]

    @checks(Discard)
    def _check_discard(self, move: Discard) -> str | None:
        return self._card_reason(move)

    @plays(Discard)
    def _discard(self, move: Discard, events: list[dict[str, Any]]) -> None:
        """The card goes on the player's own pile; the turn passes, or the game ends
        when the deck is empty."""
        p = self.player
        c = move.card
        self._give_up(c)
        self.discards[p] = [*self.discards[p], c]
        events.append({"type": "discard", "player": p, "card": CARD_NAMES[c]})
        if self.deck_count == 0:
            self._pend("reveal")  # every hand shown, then the scoring
        else:
            self.player = (p + 1) % self.n
            self.decision = "draw"

    def _card_reason(self, move: Play | Discard) -> str | None:
        """Why the card of a play or a discard cannot leave the hand (or ``None``)."""
        c = move.card
        if c >> 3 >= self.species:
            codes = " ".join(CODES[: self.species])
            return (
                f"{move}: {SPECIES[c >> 3]} is not in a {self.n}-player game (its species: {codes})"
            )
        hand = self.hands[self.player]
        if c not in hand and not (HIDDEN in hand and c in (self.unseen or ())):
            return f"{move}: {CARD_NAMES[c]} is not in your hand"
        return None

    def _give_up(self, c: int) -> None:
        """``c`` leaves the hand; once it is gone, nobody knows it is there any more (a
        view following another seat: a hidden card of its hand was ``c``)."""
        p = self.player
        hand = self.hands[p][:]
        if c in hand:
            hand.remove(c)
        else:
            assert self.unseen is not None
            hand.remove(HIDDEN)
            self.unseen = [x for x in self.unseen if x != c]
        self.hands[p] = hand
        if c in self.known[p]:
            self.known[p] = [k for k in self.known[p] if k != c]

    # --- the end ----------------------------------------------------------------------

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
        self.decision = "over"
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

    def _hide(self, player: int) -> None:
        """What ``player`` may not know, replaced (on the core's fresh copy for
        ``view``).  Other hands keep their size and their publicly known cards (taken
        from a discard pile); the deck keeps only its count; ``unseen`` lists every card
        hidden from ``player`` (the deck and the unknown cards of other hands), which
        follows from public facts.  Once the game is over, the hands are revealed and
        only the (empty) deck is hidden.  The core drops the PRNG state and the seed and
        masks others' deck draws in the history (:meth:`_mask_entry`)."""
        unseen = list(self.deck or ())
        if self.decision != "over":
            for q in range(self.n):
                if q != player:
                    known = self.known[q]
                    hidden = [c for c in self.hands[q] if c not in known]
                    unseen.extend(hidden)
                    self.hands[q] = [HIDDEN] * len(hidden) + known
        self.deck = None
        self.unseen = sorted(unseen)

    def _deal(self, rng: Rng) -> None:
        """The unseen cards dealt at random to the hidden hand slots and the deck (on
        the core's fresh copy of a view, for ``determinize``)."""
        assert self.unseen is not None
        pool = self.unseen[:]
        rng.shuffle(pool)
        for q in range(self.n):
            hand = self.hands[q]
            k = hand.count(HIDDEN)
            if k:
                self.hands[q] = sorted([c for c in hand if c != HIDDEN] + pool[:k])
                del pool[:k]
        self.deck = sorted(pool)
        self.unseen = None

    def _mask_entry(self, entry: dict[str, Any], viewer: int) -> dict[str, Any]:
        """Another player's history entry as ``viewer`` saw it: their deck draws hidden."""
        events = []
        for e in entry["events"]:
            if e["type"] == "draw" and e["source"] == "deck":
                e = {**e, "card": None}
            events.append(e)
        return {**entry, "events": events}

    # --- serialisation ------------------------------------------------------------------

    def __repr__(self) -> str:
        if self.decision == "over":
            who = "over"
        elif self.decision == "draw":
            who = f"player {PLAYERS[self.player]} to draw card {self.draws + 1}"
        else:
            who = f"player {PLAYERS[self.player]} to {self.decision}"
        return f"<ArboretumState {self.n}p, {who}, deck {self.deck_count}, scores {self.score}>"


_new_source = tuple.__new__
#: Who sees a card dealt or drawn to a seat: that seat alone (made once).
_SEEN_BY = tuple(frozenset((q,)) for q in range(4))

# Moves are values, so the move generators hand out shared instances.
_DRAW_DECK = DrawDeck()
_DRAW_PILE = tuple(DrawPile(q) for q in range(4))
_DISCARDS = tuple(Discard(c) for c in range(80))


class _PlayCache(dict[int, Play]):
    """``Play`` moves by ``card << 16 | cell``, made on first use."""

    def __missing__(self, key: int) -> Play:
        move = self[key] = Play(key >> 16, *xy(key & 0xFFFF))
        return move


#: Every ``Play`` move the generator hands out, by ``card << 16 | cell``.
_PLAY_CACHE = _PlayCache()
