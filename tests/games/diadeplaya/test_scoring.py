"""Día de Playa: one test per scoring rule with its edge cases (RULINGS.md's readings).

Beaches are written as rows of block tokens (the notation's: ``ss`` sand, ``Sv`` a surfer
facing the sea, ``T>`` a tourist facing right, ``LG``, ``UM``, ``Fe``/``Fc``/``Fh``,
``xx`` litter, ``..`` no block), the top-left token on ``0,0``.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from tablero.core import make
from tablero.diadeplaya import scoring
from tablero.diadeplaya.beach import lay
from tablero.diadeplaya.data import BLOCK_OF_TOKEN
from tablero.diadeplaya.scoring import GRID
from tablero.diadeplaya.shapes import face_of, footprint, parse_face

TOKENS = {t.upper(): b for t, b in BLOCK_OF_TOKEN.items()}


def beach(text: str) -> dict[int, int]:
    grid = {}
    for y, row in enumerate(text.strip().splitlines()):
        for x, tok in enumerate(row.split()):
            if tok != "..":
                grid[GRID.cell(x, y)] = TOKENS[tok.upper()]
    return grid


# --- surfers ---------------------------------------------------------------------------


def test_only_a_surfer_facing_the_sea_scores():
    assert scoring.surfers(beach("S^ S> Sv S<")) == 2
    assert scoring.surfers(beach("Sv Sv\nSv S^")) == 6
    assert scoring.surfers(beach("S^ S> S<")) == 0


@pytest.mark.parametrize(
    "rotation,facing,points", [(0, "Sv", 2), (90, "S<", 0), (180, "S^", 2), (270, "S>", 0)]
)
def test_a_surfer_turns_with_its_card(rotation, facing, points):
    # card 1, face a: Sv S^ xx / xx ss ss: its first surfer faces the sea as printed, the
    # second away from it; turned 180 degrees the second one faces the sea
    grid = lay({}, parse_face("1a"), rotation, 0, 0)
    tokens = {t for t, b in BLOCK_OF_TOKEN.items() if b in grid.values()}
    assert facing in tokens
    assert scoring.surfers(grid) == points


def test_a_first_card_turned_puts_its_surfers_towards_the_sea_or_away():
    # 13a: LG xx Sv / ss S> ss: one surfer facing the sea, one facing right
    face = parse_face("13a")
    seen = {}
    for rotation in (0, 90, 180, 270):
        seen[rotation] = scoring.surfers(lay({}, face, rotation, 0, 0))
    assert seen == {0: 2, 90: 2, 180: 0, 270: 0}


# --- tourists ---------------------------------------------------------------------------


def test_a_lonely_tourist_scores_two():
    assert scoring.tourists(beach("Tv ss\nss ss")) == 2


def test_tourists_touching_orthogonally_or_diagonally_score_nothing():
    assert scoring.tourists(beach("Tv T^")) == 0
    assert scoring.tourists(beach("Tv ..\n.. T^")) == 0  # diagonal
    assert scoring.tourists(beach("Tv .. T^")) == 4  # a gap: both lonely


def test_the_surfer_bonus_at_any_distance_and_only_ahead():
    assert scoring.tourists(beach("T> ss ss ss S^")) == 3
    assert scoring.tourists(beach("T> .. .. .. S^")) == 3  # empty cells do not block it
    assert scoring.tourists(beach("T> ss LG ss S^")) == 3  # nor do other blocks
    assert scoring.tourists(beach("S^ T> ss ss")) == 2  # the surfer is behind it
    assert scoring.tourists(beach("Tv ss\nss ss\nss S^")) == 2  # not on its line
    assert scoring.tourists(beach("Tv ss\nss ss\nS^ ss")) == 3  # straight down, 2 rows away
    for facing, where in (("T^", "S^ ..\n.. ..\nT^ .."), ("T<", "S^ .. T<")):
        assert scoring.tourists(beach(where)) == 3, facing


def test_tourists_touching_get_no_bonus_either():
    assert scoring.tourists(beach("T> T> S^")) == 0


# --- litter -----------------------------------------------------------------------------


def test_visible_litter_costs_three_and_covered_litter_nothing():
    grid = beach("xx xx ss\nss ss ss")
    assert scoring.litter(grid) == -6
    covered = lay(grid, parse_face("4b"), 0, -1, 0)  # all sand, over 0,0 and 1,0 ... and 0,1
    assert scoring.litter(covered) == 0
    half = lay(grid, parse_face("4b"), 90, -1, -2)  # covers 0,0 only
    assert scoring.litter(half) == -3


# --- diagonal trios ----------------------------------------------------------------------


def test_a_trio_chains_diagonally_and_may_bend():
    assert scoring.trios(beach("Sv .. ..\n.. LG ..\n.. .. S^"))[0] == 3  # straight
    assert scoring.trios(beach("Sv .. S^\n.. LG .."))[0] == 3  # bent
    assert scoring.trios(beach("Sv LG S^"))[0] == 0  # orthogonal is no chain
    assert scoring.trios(beach("Tv .. S^\n.. LG .."))[0] == 0  # a tourist is no figure


def test_a_figure_counts_in_one_trio_only():
    # a centre with four diagonal neighbours: every trio needs the centre
    assert scoring.trios(beach("Sv .. Sv\n.. LG ..\nSv .. Sv"))[0] == 3
    chain = "\n".join(" ".join("LG" if x == y else ".." for x in range(6)) for y in range(6))
    assert scoring.trios(beach(chain))[0] == 6  # 6 in a line: 2 trios
    chain5 = "\n".join(" ".join("LG" if x == y else ".." for x in range(5)) for y in range(5))
    assert scoring.trios(beach(chain5))[0] == 3


def _greedy_trios(grid: dict[int, int]) -> int:
    """A plausible greedy: take the trio around the figure with the most free diagonal
    neighbours (its two first neighbours), again and again."""
    free = {c for c, b in grid.items() if b >> 2 in (scoring.SURFER, scoring.LIFEGUARD)}
    count = 0
    while True:
        best = None
        for c in sorted(free):
            near = sorted(c + d for d in scoring.DIAGONAL if c + d in free)
            if len(near) >= 2 and (best is None or len(near) > best[0]):
                best = (len(near), c, near[:2])
        if best is None:
            return count
        free -= {best[1], *best[2]}
        count += 1


def test_the_best_packing_of_trios_beats_a_greedy_one():
    grid = {}
    for x, y in ((0, 0), (1, 1), (2, 2), (3, 1), (4, 0), (5, 1), (1, 3)):
        grid[GRID.cell(x, y)] = TOKENS["LG"]
    assert _greedy_trios(grid) == 1
    points, chosen = scoring.trios(grid)
    assert points == 6 and len(chosen) == 2
    assert len({c for t in chosen for c in t}) == 6  # disjoint


def _brute_trios(grid: dict[int, int]) -> int:
    figs = [c for c, b in grid.items() if b >> 2 in (scoring.SURFER, scoring.LIFEGUARD)]
    trios = []
    for a, m, b in combinations(figs, 3):
        for mid, ends in ((a, (m, b)), (m, (a, b)), (b, (a, m))):
            if all(e - mid in scoring.DIAGONAL for e in ends):
                trios.append({a, m, b})
            elif (m - a in scoring.DIAGONAL and b - m in scoring.DIAGONAL) and mid == m:
                trios.append({a, m, b})
    chains = []
    for t in trios:
        cells = sorted(t)
        for mid in cells:
            ends = [c for c in cells if c != mid]
            if all(e - mid in scoring.DIAGONAL for e in ends):
                chains.append(frozenset(t))
    chains = list(set(chains))
    best = 0

    def search(i: int, used: frozenset[int], count: int) -> None:
        nonlocal best
        best = max(best, count)
        for j in range(i, len(chains)):
            if not chains[j] & used:
                search(j + 1, used | chains[j], count + 1)

    search(0, frozenset(), 0)
    return 3 * best


def test_trios_agree_with_a_brute_force_search():
    from tablero.core import Rng

    rng = Rng("trios")
    for _ in range(60):
        grid = {}
        for _ in range(10):
            grid[GRID.cell(rng.randbelow(5), rng.randbelow(5))] = TOKENS[
                ("SV", "LG", "SS")[rng.randbelow(3)]
            ]
        assert scoring.trios(grid)[0] == _brute_trios(grid)


# --- umbrellas ---------------------------------------------------------------------------


def test_an_umbrella_group_is_orthogonally_connected():
    assert scoring.largest_umbrella(beach("UM UM\nss UM")) == 3
    assert scoring.largest_umbrella(beach("UM ..\n.. UM")) == 1  # diagonal: two groups


def test_competitive_umbrellas_strict_largest_or_nobody():
    assert scoring.umbrella_points([4, 3], shared=False) == [4, 0]
    assert scoring.umbrella_points([4, 4], shared=False) == [0, 0]
    assert scoring.umbrella_points([4, 4, 5], shared=False) == [0, 0, 5]
    assert scoring.umbrella_points([0, 0], shared=False) == [0, 0]


def test_teams_umbrellas_compare_all_four_beaches(tmp_path):
    # a tie between teammates scores nobody either
    assert scoring.umbrella_points([5, 2, 5, 1], shared=False) == [0, 0, 0, 0]
    assert scoring.umbrella_points([3, 5, 2, 4], shared=False) == [0, 5, 0, 0]
    state = make("diadeplaya", players=4, seed=1, mode="teams")
    grids = [beach("UM UM UM"), beach("UM UM"), beach("ss"), beach("UM ss UM")]
    points, seats = state.scoring(grids)
    assert [p["umbrellas"] for p in points] == [3, 0, 0, 0]
    team0 = sum(points[0].values()) + sum(points[2].values())
    team1 = sum(points[1].values()) + sum(points[3].values())
    assert seats == [team0, team1, team0, team1]


@pytest.mark.parametrize("size,points", [(0, 0), (2, 0), (3, 2), (5, 2), (6, 4), (9, 6)])
def test_shared_beach_umbrellas_two_per_full_three(size, points):
    assert scoring.umbrella_points([size], shared=True) == [points]
    state = make("diadeplaya", players=1, seed=1, mode="solitaire")
    row = " ".join(["UM"] * size) or "ss"
    assert state.scoring([beach(row)])[0][0]["umbrellas"] == points


# --- sand squares ------------------------------------------------------------------------


def test_a_square_scores_each_kind_around_it_litter_excluded():
    grid = beach("""
        .. Sv xx ..
        T^ ss ss LG
        xx ss ss xx
        .. ss UM ..
    """)
    # around the square at 1,1: Sv, xx (no), T^, LG, xx (no), xx (no), sand, UM
    assert scoring.square_value(grid, GRID.cell(1, 1)) == 5
    assert scoring.sand_squares(grid) == (5, [GRID.cell(1, 1)])


def test_a_sand_cell_is_used_by_one_square_only():
    grid = beach("""
        Sv ss ss ss T^
        .. ss ss ss ..
    """)
    # squares at 1,0 and 2,0 share two cells: one of them only
    points, chosen = scoring.sand_squares(grid)
    assert len(chosen) == 1 and points == 2


def test_the_best_choice_of_squares_and_sand_of_another_square_counts():
    grid = beach("""
        .. LG UM Fe .. ..
        .. ss ss ss ss ..
        .. ss ss ss ss ..
        .. .. T^ Sv .. ..
    """)
    # three candidate squares (1,1), (2,1), (3,1); the middle one is worth the most
    # alone, yet the two outer ones together are worth more
    middle = scoring.square_value(grid, GRID.cell(2, 1))
    left = scoring.square_value(grid, GRID.cell(1, 1))
    right = scoring.square_value(grid, GRID.cell(3, 1))
    assert (left, middle, right) == (4, 5, 3)
    assert scoring.sand_squares(grid) == (7, [GRID.cell(1, 1), GRID.cell(3, 1)])
    # the left square counts the right one's sand as "sand" (LG, UM, T^ and sand)
    without = {c: b for c, b in grid.items() if GRID.xy(c) not in ((3, 1), (3, 2))}
    assert scoring.square_value(without, GRID.cell(1, 1)) == 3


# --- stalls -------------------------------------------------------------------------------


def test_a_stall_surrounded_by_figures_scores_six():
    assert scoring.stalls(beach(".. Sv ..\nLG Fe S^\n.. LG ..")) == 6
    assert scoring.stalls(beach(".. Sv ..\nLG Fe T^\n.. LG ..")) == 0  # a tourist
    assert scoring.stalls(beach(".. Sv ..\nLG Fe ..\n.. LG ..")) == 0  # an open side


def test_one_figure_serves_two_stalls():
    grid = beach(".. LG .. LG ..\nLG Fe LG Fc LG\n.. Sv .. Sv ..")
    assert scoring.stalls(grid) == 12


def test_same_type_bonus_per_two_visible_stalls():
    assert scoring.stalls(beach("Fe ss Fe")) == 1
    assert scoring.stalls(beach("Fe Fe Fe")) == 1
    assert scoring.stalls(beach("Fe Fe Fe Fe")) == 2
    assert scoring.stalls(beach("Fe Fc Fh")) == 0
    assert scoring.stalls(beach("Fe Fc Fe Fc")) == 2


# --- covered blocks ----------------------------------------------------------------------


def test_covered_blocks_never_count():
    grid = lay({}, face_of(16, 0), 0, 0, 0)  # 17a: S< LG S> / xx ss xx
    before = scoring.beach_points(grid, ("surfers", "litter", "trios", "sand"))
    assert before["litter"] == -6
    covered = lay(grid, parse_face("4b"), 0, 0, 1)  # all sand over the bottom row
    after = scoring.beach_points(covered, ("surfers", "litter", "trios", "sand"))
    assert after["litter"] == 0
    assert all(b >> 2 != scoring.LITTER for b in covered.values())
    # a surfer facing the sea, covered: 2 points gone
    surf = beach("Sv ss ss\nss ss ss")
    assert scoring.surfers(surf) == 2
    assert scoring.surfers(lay(surf, parse_face("4b"), 90, -1, 0)) == 0


def test_footprints_keep_six_blocks_in_every_rotation():
    for face in range(36):
        for rotation in (0, 90, 180, 270):
            cells = footprint(face, rotation)
            assert len({(x, y) for x, y, _ in cells}) == 6
