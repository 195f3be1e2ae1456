"""Arraial's evaluation function for bots: each seat's expected final score.

``evaluate(state)`` returns one number per seat, in points:

* **points now**: visitors in the street (colour and white) and 2 per pair held;
* **whites on the bar**: they join the street at the phase end if the bar survives its
  drop; worth ``SAFE_WHITE`` each while no piece lies in the two rows under the bar,
  ``RISKY_WHITE`` otherwise;
* **the bar itself**: a seat that still has a bar may gain whites later, worth
  ``BAR_ALIVE`` per phase left (the current one counted by its share of cards left);
* **holes**: an empty cell under a piece of its column blocks that row, ``HOLE`` each;
* **the player to move's next placement** (in ``act`` and ``land`` with an action point
  left; see :func:`lookahead`): the best gain, by the same terms, of one landing of the
  cards they can take (in ``act`` after turning the octagon as far as the action points
  allow, ``ROTATION`` a turn; the chosen card as it lies in ``land``), each landing judged directly
  on the street's bit mask (rows completed, a new visitor, the pair, holes, the bar
  lost or put at risk).  Without this, a one-move-ahead bot could not tell the cards
  apart before it chooses one;
* **rotations** this turn: ``ROTATION`` each, a tie-break so that turning the octagon for
  nothing is not chosen over placing.

About 0.5 ms per call in CPython (the lookahead tries up to 3 cards in up to 3
orientations).

>>> from tablero.core import make
>>> values = evaluate(make("arraial", players=2, seed=1))
>>> len(values)
2
"""

from __future__ import annotations

from tablero.core import SearchSettings, Strategy

from .data import (
    ACTION_POINTS,
    BAR_DROP,
    CARDS,
    COLOUR_VISITORS,
    COLOURS,
    HEIGHT,
    PHASE_COUNT,
    SHAPE_COLOUR,
    SLOTS,
    WIDTH,
    cards_in_play,
)
from .moves import ArraialMove
from .shapes import Cells
from .state import ArraialState
from .street import FULL_ROW, shape_mask

#: The street's first and last columns as bit masks (a shift sideways must not wrap).
_COLUMN_0 = sum(1 << (y * WIDTH) for y in range(HEIGHT))
_COLUMN_LAST = _COLUMN_0 << (WIDTH - 1)

#: The weights of the terms above (points).
SAFE_WHITE = 0.9
RISKY_WHITE = 0.35
BAR_ALIVE = 1.6
HOLE = 0.3
NEAR_BAR = 0.8  # a piece in the two rows under the bar: the bar may be lost at phase end
LOOKAHEAD = 1.0  # the next placement's gain (1: a take is worth its best landing)
ROTATION = 0.05  # a rotation this turn, so that turning the octagon for nothing loses a tie

#: ``hard``'s share of its time budget (see :func:`budget_share`): a turn's first
#: decision, the rest of the turn's takes, landings and ends, each refill.
FIRST_SHARE = 1.0
LATER_SHARE = 0.3
REFILL_SHARE = 0.2


def budget_share(state: ArraialState) -> float:
    """The share of ``hard``'s time budget a decision may use
    (``Strategy.budget_share``): the whole budget for the turn's first
    decision, whose tree covers the whole turn (every take, landing, the end and the
    refill), ``LATER_SHARE`` for each later take, landing or end of the turn (a smaller
    tree: what is left of the turn) and ``REFILL_SHARE`` for each refill (3 moves at
    most, whose tree is the rest of the refill).  A turn asks for 4-9 decisions; with the
    whole budget each, a turn took 5-9 budgets (issue 43: 11-14 s in the browser), now
    at most about 2.9 budgets (1 + 5 x 0.3 + 2 x 0.2; a forced decision searches
    nothing), which leaves room in 4 s for the worker's round trips."""
    if state.decision == "refill":
        return REFILL_SHARE
    if state.decision == "act" and state.ap == ACTION_POINTS and state.backs == 0:
        return FIRST_SHARE
    return LATER_SHARE


def bot_moves(state: ArraialState) -> list[ArraialMove]:
    """The moves a bot considers (``Strategy.bot_moves``): every legal
    move but ``back``.  A bot chooses its card when it takes one (the evaluation makes
    ``take`` worth exactly the card's best landing), so putting it back would only undo
    that choice; and since a taken card always has a landing, the rules never force
    ``back``.  Without this, a search saw ``take``, ``back``, ``take`` another as good as
    taking the other card at once, and played such pairs for nothing (issue 43)."""
    if state.decision == "land":
        return list(state.landings())
    return state.legal_moves()


def holes(occ: int) -> int:
    """Empty cells with a taken cell somewhere above them in the same column."""
    below = occ >> WIDTH  # every cell under a taken cell, smeared down the columns
    below |= below >> WIDTH
    below |= below >> (2 * WIDTH)
    below |= below >> (4 * WIDTH)
    below |= below >> (8 * WIDTH)
    return (below & ~occ).bit_count()


def _phase_left(s: ArraialState) -> float:
    """Phases left, the current one counted by the share of its cards still to come."""
    total = len(cards_in_play(s.n)) - SLOTS
    share = (len(s.deck) + len(s.face_up)) / total
    return (PHASE_COUNT - s.phase_number) + share


def _near_bar(occ: int, bar: int) -> bool:
    low = max(0, bar - BAR_DROP)
    return bool(occ >> (low * WIDTH))


def _static(s: ArraialState, p: int, occ: int, left: float) -> float:
    value = float(s.score[p])
    bar = s.bar[p]
    if bar is not None:
        risky = _near_bar(occ, bar)
        value += s.bar_whites[p] * (RISKY_WHITE if risky else SAFE_WHITE)
        value += BAR_ALIVE * left
        if risky:
            value -= NEAR_BAR
    value -= HOLE * holes(occ)
    return value


def _gain(s: ArraialState, p: int, cs: Cells, colour: str, info: _Info) -> tuple[float, float]:
    """A landing's gain for ``p`` and the loss it causes the pair's holder."""
    occ = s.occ[p]
    added = shape_mask(cs)
    after = occ | added
    gain = 0.0
    bar = s.bar[p]
    above = bar is not None and bool(added >> (bar * WIDTH))  # a cell at or over the bar
    if above:
        assert bar is not None
        gain -= s.bar_whites[p] * (RISKY_WHITE if _near_bar(occ, bar) else SAFE_WHITE)
        gain -= BAR_ALIVE * info.left
        if _near_bar(occ, bar):
            gain += NEAR_BAR
        bar = None
    rows = 0
    for y in {cy for _, cy in cs}:
        if (after >> (y * WIDTH)) & FULL_ROW == FULL_ROW:
            rows += 1
    if bar is not None:
        new_bar = min(HEIGHT, bar + rows)
        white = SAFE_WHITE if not _near_bar(after, new_bar) else RISKY_WHITE
        gain += rows * white
        if _near_bar(after, new_bar) and not _near_bar(occ, bar):
            gain -= NEAR_BAR + s.bar_whites[p] * (SAFE_WHITE - RISKY_WHITE)
    gain -= HOLE * (holes(after) - info.holes)
    # visitors and the pair: the groups of the piece's colour that the landing touches
    # (4-adjacency, as bit masks: a group's cells against the landing's neighbours)
    near = ((added << 1) & ~_COLUMN_0) | ((added >> 1) & ~_COLUMN_LAST)
    near |= (added << WIDTH) | (added >> WIDTH)
    zones = [z for mask, z in info.groups_of[colour] if mask & near]
    loss = 0.0
    if not zones:
        return gain, loss
    if not any(info.zone_visited[z] for z in zones) and info.colour_left[colour] > 0:
        gain += 1.0
    size = len(cs) + sum(info.zone_size[z] for z in zones)
    holder = s.pairs[colour]
    if holder != p and (holder is None or size > info.holder_size[colour]):
        gain += 2.0
        if holder is not None:
            loss = 2.0
    return gain, loss


class _Info:
    """What the landing judge needs of the mover's street, computed once."""

    def __init__(self, s: ArraialState, p: int, left: float) -> None:
        self.left = left
        self.holes = holes(s.occ[p])
        self.zone_size: list[int] = []
        self.zone_visited: list[bool] = []
        # colour -> its groups (single pieces too) as (cells' bit mask, index)
        self.groups_of: dict[str, list[tuple[int, int]]] = {c: [] for c in COLOURS}
        on = {k for _, k in s.visitors[p]}
        for i, (colour, cells, pieces) in enumerate(s._groups(p)):
            self.groups_of[colour].append((shape_mask(cells), i))
            self.zone_size.append(len(cells))
            self.zone_visited.append(bool(on & pieces))
        self.holder_size = {c: 0 if q is None else s.largest_zone(q, c) for c, q in s.pairs.items()}
        self.colour_left = dict.fromkeys(COLOURS, COLOUR_VISITORS)
        for vs in s.visitors:
            for c, _ in vs:
                self.colour_left[c] -= 1


def _landings_at(s: ArraialState, slot: int, rotation: int) -> list[Cells]:
    """The legal landings' cells of the card in ``slot`` if the octagon stood at
    ``rotation`` (below the bar when there are any)."""
    found = [cs for _, _, cs in s.all_landings(slot, rotation)]
    bar = s.bar[s.player]
    if bar is None:
        return found
    below = [cs for cs in found if all(y < bar for _, y in cs)]
    return below or found


def best_landing(s: ArraialState) -> tuple[float, float, int | None]:
    """The player to move's best landing: ``(gain, loss to the pair's holder, holder)``;
    ``None`` as the holder when no pair moves; ``(0, 0, None)`` when no placement is
    open.  In ``act`` the octagon may first be turned as far as the action points allow
    (``ROTATION`` a turn); in ``land`` the chosen card counts as it lies."""
    if s.decision not in ("act", "land") or s.ap < 1:
        return 0.0, 0.0, None
    p = s.player
    if s.decision == "land" and s.chosen is not None:
        options = [(s.chosen, s.rotation, 0)]
    else:
        turns = range(max(1, s.ap - max(1, s.needed()) + 1))
        options = [(i, (s.rotation + k) % 4, k) for k in turns for i in range(SLOTS)]
    info: _Info | None = None
    best: tuple[float, float, int | None] | None = None
    for i, rotation, k in options:
        card = s.slots[i]
        if card is None:
            continue
        colour = SHAPE_COLOUR[CARDS[card][0]]
        for cs in _landings_at(s, i, rotation):
            if info is None:
                info = _Info(s, p, _phase_left(s))
            gain, loss = _gain(s, p, cs, colour, info)
            gain -= ROTATION * k
            if best is None or gain > best[0]:
                best = (gain, loss, s.pairs[colour] if loss else None)
    return best if best is not None else (0.0, 0.0, None)


def lookahead(s: ArraialState) -> tuple[float, float, int | None]:
    """What the player to move's coming placements are worth: the best landing's gain,
    counted once more (if it is a loss) for each further placement the turn's minimum
    forces; an optional placement counts only if it gains (in ``act``), while a chosen
    card (``land``) counts as it is."""
    gain, loss, holder = best_landing(s)
    needed = s.needed()
    if needed > 0:
        gain += (needed - 1) * min(0.0, gain)
    elif s.decision == "act" and gain < 0:
        return 0.0, 0.0, None
    return gain, loss, holder


def evaluate(state: ArraialState) -> list[float]:
    if state.is_terminal():
        return [float(x) for x in state.scores()]
    left = _phase_left(state)
    values = [_static(state, p, state.occ[p], left) for p in range(state.n)]
    gain, loss, holder = lookahead(state)
    values[state.player] += LOOKAHEAD * gain
    if state.decision in ("act", "land"):
        values[state.player] -= ROTATION * (ACTION_POINTS - state.ap - state.placed)
    if holder is not None:
        values[holder] -= LOOKAHEAD * loss
    # rounded, so that two ways to the same value compare equal (no float noise)
    return [round(v, 6) for v in values]


class ArraialStrategy(Strategy[ArraialState, ArraialMove]):
    """Arraial's hooks for the bots: :func:`evaluate`, :func:`bot_moves` and
    :func:`budget_share`."""

    #: ``hard``'s search settings here: a bot's own turn has no chance in it (the deck is
    #: drawn only once the turn has passed), so a decision after the turn's first
    #: continues from the part of the first one's tree under the moves played
    #: (``keep_tree``); the shares of :func:`budget_share` then add to hundreds of visits.
    search = SearchSettings(keep_tree=True)

    def evaluate(self, state: ArraialState) -> list[float]:
        return evaluate(state)

    def bot_moves(self, state: ArraialState) -> list[ArraialMove]:
        return bot_moves(state)

    def budget_share(self, state: ArraialState) -> float:
        return budget_share(state)


#: What ``tablero.bots`` uses.
STRATEGY = ArraialStrategy()
