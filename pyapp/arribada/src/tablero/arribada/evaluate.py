"""Arribada's evaluation function for bots: each player's expected final score.

``evaluate(state)`` returns one number per seat, in points, meant to read as "what this
player will end with": the points already scored, plus what the position promises or
threatens, as a strong player would count it:

==================  ===================================================================
points now          ``state.score``
stranded risk       each own tile in no group, at its face value (the penalty), times a
                    risk that grows as the end nears; certain for a tile with no empty
                    neighbour left, lower for a tile already paired with a fitting one
quadrants           the majority points the current tile counts would give, weighted
                    more as the end nears
nidos               a neutral nido tile counts for the seat whose strength around it is
                    strictly the highest (a claim: the points it would score + 1); an
                    empty nido with owned tiles around it, a little for the leader there
captures            each of a seat's tiles an opponent's strength could capture now costs
                    it (and is worth to the attacker), the best target per attacker only
rack (good draws)   the points each rack tile would score now on the best empty cell next
                    to its owner's tiles, best tiles first, discounted
refresh kept        an unspent refresh seashell, worth less as the end nears
tempo               the seat whose action comes next gets the value of an average action
==================  ===================================================================

Only public parts and the evaluated seat's own rack matter for a seat; a hidden rack
(a view) simply counts nothing.  The function is pure and does not change ``state``.

>>> from tablero.core import make
>>> state = make("arribada", players=2, seed=1, first_player=0)
>>> values = evaluate(state)
>>> len(values), values[0] > values[1]   # the first player has the tempo
(2, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from tablero.core import Strategy

from .data import EMPTY, SHELLS, STRENGTH, WILD
from .moves import ArribadaMove, Capture, Claim
from .scoring import majority_points, on_sequence, set_size, tile_points
from .state import ArribadaState

Cells = Sequence[int]
Neighbours = Sequence[Sequence[int]]

__all__ = ["STRATEGY", "ArribadaStrategy", "evaluate", "sharp_replies", "WEIGHTS", "RACK_WEIGHTS"]

#: The weights, in points.  ``medium`` is frozen on these values (docs/bots.md).
WEIGHTS: dict[str, float] = {
    "stranded_early": 0.3,  # risk of a hopeful ungrouped tile at the start of the game
    "paired": 0.6,  # risk factor when the tile already has a fitting own neighbour
    "majority_early": 0.4,  # weight of the current quadrant standing at the start
    "claim_next": 0.8,  # a claim for the seat acting next
    "claim_later": 0.45,  # a claim for any other seat (others may reinforce first)
    "nido_lead": 1.0,  # leading the strength around an empty nido
    "capture_next": 0.7,  # a capture threat by the seat acting next
    "capture_later": 0.3,
    "capture_loss": 4.0,  # losing a tile: majority, group support (+0.3 x its value)
    "capture_gain": 3.0,  # gaining a wild
    "refresh": 4.0,  # an unspent refresh at the start of the game
    "tempo": 3.0,
}
#: The weights of the rack's tiles, best first.
RACK_WEIGHTS = (0.7, 0.4, 0.2, 0.1, 0.05)


def evaluate(state: ArribadaState) -> list[float]:
    """Each seat's expected final score (see the module doc)."""
    n = state.n
    if state.decision == "over":
        return [float(x) for x in state.score]
    w = WEIGHTS
    b = state.board
    nb = b.neighbours
    values = state.values
    owners = state.owners
    total = SHELLS[n]
    progress = 1.0 - min(state.shells) / total
    late = progress * progress
    out = [float(x) for x in state.score]

    acting = _acting_seat(state)
    out[acting] += w["tempo"]

    # stranded risk, and the tile counts per quadrant
    hopeful_risk = w["stranded_early"] + (1.0 - w["stranded_early"]) * late
    counts = [[0] * n for _ in range(4)]
    quadrant = b.quadrant
    sizes: dict[int, int] = {}  # each tile's set size, once found (see fit_table)
    for cell, q in enumerate(owners):
        if q < 0:
            continue
        counts[quadrant[cell]][q] += 1
        v = values[cell]
        if v == WILD:
            continue
        # in_group(values, owners, nb, cell), for a tile that is not a wild
        if on_sequence(values, owners, nb, cell):
            continue
        size = sizes.get(cell)
        if size is None:
            size = sizes[cell] = set_size(values, owners, nb, cell, v)
        if size >= 3:
            continue
        hope = False
        paired = False
        for x in nb[cell]:
            vx = values[x]
            if vx == EMPTY:
                hope = True
            elif owners[x] == q and (vx == v or vx == WILD or abs(vx - v) == 1):
                paired = True
        if not hope:
            out[q] -= v
        else:
            out[q] -= v * hopeful_risk * (w["paired"] if paired else 1.0)

    # quadrant majorities as they stand
    mw = w["majority_early"] + (1.0 - w["majority_early"]) * progress
    for q4 in range(4):
        pts = majority_points(counts[q4])
        for p in range(n):
            out[p] += mw * pts[p]

    # nidos: who can claim the neutral tiles, who leads around the empty ones
    owners_tmp = None
    for cell in b.nidos:
        st = [0] * n
        for x in nb[cell]:
            o = owners[x]
            if o >= 0:
                st[o] += STRENGTH[values[x]]
        best = max(st)
        if best <= 0 or st.count(best) > 1:
            continue
        p = st.index(best)
        v = values[cell]
        if v == EMPTY:
            out[p] += w["nido_lead"]
            continue
        if owners[cell] != -1:
            continue
        if owners_tmp is None:
            owners_tmp = list(owners)
        owners_tmp[cell] = p
        gain = 1.0 + _points(values, owners_tmp, nb, cell)
        owners_tmp[cell] = -1
        out[p] += gain * (w["claim_next"] if p == acting else w["claim_later"])

    # captures possible now: the best target of each attacker
    if state.variant != "beginner":
        best_target = [0.0] * n
        victim_of = [-1] * n
        for cell, q in enumerate(owners):
            if q < 0:
                continue
            v = values[cell]
            if v == WILD:
                continue
            st = [0] * n
            for x in nb[cell]:
                o = owners[x]
                if o >= 0:
                    st[o] += STRENGTH[values[x]]
            defence = STRENGTH[v] + st[q]
            for a in range(n):
                if a != q and st[a] > defence:
                    loss = w["capture_loss"] + 0.3 * v
                    if loss > best_target[a]:
                        best_target[a] = loss
                        victim_of[a] = q
        for a in range(n):
            if victim_of[a] >= 0:
                k = w["capture_next"] if a == acting else w["capture_later"]
                out[victim_of[a]] -= k * best_target[a]
                out[a] += k * w["capture_gain"]

    # racks: how well each tile fits its owner's groups
    weights = RACK_WEIGHTS
    refreshing = state.decision == "refresh"
    for p in range(n):
        rack = state.racks[p]
        if not rack or rack[0] == EMPTY and rack[-1] == EMPTY:
            continue
        fit = fit_table(state, p, sizes)
        if refreshing and p == state.player:
            fits = _refresh_fits(state, fit)
        else:
            fits = [fit[v] for v in rack if v != EMPTY]
        fits.sort(reverse=True)
        out[p] += sum(f * k for f, k in zip(fits, weights, strict=False))

    # an unspent refresh
    keep = w["refresh"] * (1.0 - progress)
    for p in range(n):
        if state.refresh[p] and not (refreshing and p == state.player):
            out[p] += keep
    return out


def sharp_replies(state: ArribadaState) -> list[ArribadaMove]:
    """The claims and captures open to the player to act (none outside an action).

    They depend on the public board only, and the evaluation prices them as threats;
    ``hard`` plays the best of them for the next player before scoring a position.
    """
    if state.decision not in ("action", "extra"):
        return []
    return [m for m in state.legal_moves() if isinstance(m, (Claim, Capture))]


def fit_table(
    state: ArribadaState, player: int, sizes: dict[int, int] | None = None
) -> list[float]:
    """For each value 0..8, the points a tile of that value would score if ``player``
    placed it now on the best empty playa cell next to their tiles (index 0 unused).
    ``sizes``: the set size of each tile (its own value) found so far in this position,
    kept and added to."""
    b = state.board
    nb = b.neighbours
    values = state.values
    owners = state.owners
    kinds = b.kinds
    best = [0.0] * 9
    seen: set[int] = set()
    if sizes is None:
        sizes = {}  # a tile lies next to several cells: its set is measured once
    for cell, q in enumerate(owners):
        if q != player:
            continue
        for c in nb[cell]:
            if c in seen or values[c] != EMPTY or kinds[c] != "playa":
                continue
            seen.add(c)
            for v, pts in _cell_wants(values, owners, nb, c, player, sizes).items():
                if pts > best[v]:
                    best[v] = pts
    return best


def _cell_wants(
    values: Cells, owners: Cells, nb: Neighbours, c: int, p: int, sizes: dict[int, int]
) -> dict[int, float]:
    """Values that would score on the empty cell ``c`` for ``p``, with their points
    (a lower bound when ``c`` would join two sets).  ``sizes`` keeps the size of each
    tile's set (of its own value) as it is found, for the rest of the same position."""
    sets: dict[int, int] = {}
    seqs: set[int] = set()
    mine = [x for x in nb[c] if owners[x] == p]
    for x in mine:
        vx = values[x]
        if vx == WILD:
            continue
        size = sizes.get(x)
        if size is None:
            size = sizes[x] = set_size(values, owners, nb, x, vx)
        size += 1
        if size >= 3 and size > sets.get(vx, 0):
            sets[vx] = size
        for y in nb[x]:  # a sequence y - x - c, with c at the end
            if y == c or owners[y] != p:
                continue
            vy = values[y]
            if vy == WILD:
                for t in (vx - 1, vx + 1):
                    if 1 <= t <= 8 and 1 <= 2 * vx - t <= 8:
                        seqs.add(t)
            elif abs(vx - vy) == 1 and 1 <= 2 * vx - vy <= 8:
                seqs.add(2 * vx - vy)
    for i, x in enumerate(mine):  # a sequence x - c - y, with c in the middle
        vx = values[x]
        for y in mine[i + 1 :]:
            vy = values[y]
            if vx != WILD and vy != WILD and abs(vx - vy) == 2:
                seqs.add((vx + vy) // 2)
    wants: dict[int, float] = {v: float(s) for v, s in sets.items()}
    for t in seqs:
        wants[t] = wants.get(t, 0.0) + t
    return wants


def _refresh_fits(state: ArribadaState, fit: list[float]) -> list[float]:
    """The current player's rack while choosing a refresh: picked tiles count as an
    average draw; an unpicked tile worse than that counts a shade under it (picking it
    is the better choice, so the refresh is worth what its best choice would give)."""
    unseen = state.unseen if state.unseen is not None else state.bag
    assert unseen is not None
    total = sum(unseen) or 1
    avg = sum(unseen[v - 1] * fit[v] for v in range(1, 9)) / total
    rack = list(state.racks[state.player])
    for v in state.picks_rack:
        rack.remove(v)
    out = [avg] * len(state.picks_rack)
    out.extend(max(fit[v], avg - 0.01) for v in rack if v != EMPTY)
    return out


def _points(values: Cells, owners: Cells, nb: Neighbours, cell: int) -> int:
    seq, st = tile_points(values, owners, nb, cell)
    return seq + st


def _acting_seat(state: ArribadaState) -> int:
    """The seat whose place/claim/capture comes next."""
    if state.decision in ("action", "extra"):
        return state.player
    if state.decision == "refresh" and state.refresh_from == "start":
        return state.player
    return (state.player + 1) % state.n


class ArribadaStrategy(Strategy[ArribadaState, ArribadaMove]):
    """Arribada's hooks for the bots: :func:`evaluate` and :func:`sharp_replies`."""

    def evaluate(self, state: ArribadaState) -> list[float]:
        return evaluate(state)

    def sharp_replies(self, state: ArribadaState) -> list[ArribadaMove]:
        return sharp_replies(state)


#: What ``tablero.bots`` uses.
STRATEGY = ArribadaStrategy()
