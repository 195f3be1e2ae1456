"""Tablero's rulings for Día de Playa (docs/rulings/diadeplaya.md), each shown by play.

Most positions are written in the game's notation (docs/notation-diadeplaya.md) by
:func:`position`: each beach as rows of block tokens from ``0,0`` (``ss`` sand, ``Sv`` a
surfer facing the sea, ``T>`` a tourist looking right, ``LG``, ``UM``, ``Fe``, ``xx``,
``..`` no block), the cards it was laid from filled in, then the market, the deck and the
card in hand.  The move that shows the ruling is then played, as a player would.
"""

from __future__ import annotations

import pytest
from support.playouts import play_out
from support.rulings import check_every_ruling_is_shown, shows
from tablero.core import IllegalMoveError, from_text, make
from tablero.diadeplaya.shapes import card_of, face_name, parse_face

SEATS = "ABCD"
CARDS = 18

# --- building positions ------------------------------------------------------------------


def beach_rows(text: str) -> list[str]:
    """The notation's rows of a beach written as token rows from ``0,0``."""
    lines = [line.split() for line in text.strip().splitlines()]
    width = max(map(len, lines))
    out = ["    " + " ".join(f"{x:>3}" for x in range(width))]
    for y, tokens in enumerate(lines):
        tokens += [".."] * (width - len(tokens))
        out.append(f"{y:>3} " + " ".join(f"{t:>3}" for t in tokens))
    return out


def position(
    *beaches: str,
    mode: str = "competitive",
    players: int | None = None,
    criteria: str = "all",
    market: str | None = None,
    deck: str | None = None,
    holding: str | None = None,
    rotation: int | None = None,
    turn: str = "A place",
) -> str:
    """A position in the notation.  Every beach is laid from as few cards as its blocks
    need; ``market`` defaults to the next three cards, ``deck`` to all the rest (``-``:
    empty, the rest of the cards then laid on the first beach); a solitaire game leaves
    4 cards out."""
    shared = mode in ("cooperative", "solitaire")
    if players is None:
        players = 1 if mode == "solitaire" else 2 if shared else len(beaches)
    named = [holding or "", *(market or "").split(), *(deck or "").split()]
    free = [c for c in range(1, CARDS + 1) if c not in {int(f[:-1]) for f in named if f[:-1]}]
    laid = []
    for text in beaches:
        blocks = sum(token != ".." for token in text.split())
        laid.append([f"{free.pop(0)}a" for _ in range(max(1, -(-blocks // 6)))])
    if market is None:
        market = " ".join(f"{free.pop(0)}a" for _ in range(3))
    out = [str(free.pop()) for _ in range(4)] if mode == "solitaire" else []
    if deck is None:
        deck = " ".join(f"{c}a" for c in free)
        free = []
    laid[0] += [f"{c}a" for c in free]
    lines = [f"diadeplaya {players}p {mode}", f"criteria: {criteria}"]
    for seat, (text, faces) in enumerate(zip(beaches, laid, strict=True)):
        tag = "" if shared else f" {SEATS[seat]}"
        lines += [f"beach{tag}:", *beach_rows(text), f"laid{tag}: {' '.join(faces)}"]
    lines += [f"market: {market}", f"deck: {deck or '-'}"]
    if out:
        lines.append(f"out: {' '.join(sorted(out, key=int))}")
    if holding:
        lines.append(f"holding: {holding}")
    if rotation is not None:
        lines.append(f"rotation: {rotation}")
    lines.append(f"turn: {turn}")
    return "\n".join(lines) + "\n"


def pos(*beaches: str, **fields):
    return from_text("diadeplaya", position(*beaches, **fields))


def last_card(*beaches: str, **fields):
    """The last card of the game in hand, the market and the deck empty."""
    return pos(*beaches, market="- - -", deck="-", **fields)


def past_first_cards(state):
    """Every first card laid (side a, rotation 0): the state at the first take."""
    while state.phase in ("side", "rotate"):
        state = state.apply("side a" if state.phase == "side" else "rotate 0")
    return state


SAND = "ss ss ss\nss ss ss"

# --- the deck ------------------------------------------------------------------------------


@shows("deck")
@pytest.mark.parametrize(
    "mode,players", [("competitive", 2), ("competitive", 3), ("teams", 4), ("cooperative", 3)]
)
def test_a_game_is_dealt_from_eighteen_double_sided_cards_of_six_blocks(mode, players):
    state = make("diadeplaya", players=players, seed=5, mode=mode, first_player=0)
    dealt = [*state.firsts, *(card_of(f) for f in [*state.market, *state.deck])]
    assert sorted(dealt) == list(range(CARDS))  # every card once
    a, b = (state.apply(f"side {side}").apply("rotate 0").grids[0] for side in "ab")
    assert len(a) == len(b) == 6 and a != b  # two different faces of 2 by 3 blocks
    final = play_out(state)
    laid = [card_of(f) for faces in final.laid for f in faces]
    assert sorted(laid) == list(range(CARDS))  # the game ends with every card laid


# --- the sea ------------------------------------------------------------------------------


@shows("sea")
@pytest.mark.parametrize("seat", ["A", "B"])
@pytest.mark.parametrize("rotation,points", [(0, 2), (90, 2), (180, 0), (270, 0)])
def test_the_sea_is_the_bottom_edge_of_every_beach_and_figures_turn_with_the_card(
    seat, rotation, points
):
    # 13a: LG xx Sv / ss S> ss: one surfer looks down the screen, one to the right
    state = pos(
        SAND, SAND, criteria="surfers", holding="13a", rotation=rotation, turn=f"{seat} place"
    )
    after = state.apply("place 0,2")
    beach = SEATS.index(seat)
    assert after.points[beach] == {"surfers": points}
    assert after.points[1 - beach] == {"surfers": 0}


# --- modes ------------------------------------------------------------------------------------


@shows("teams")
@pytest.mark.parametrize(
    "rotation,scores,winners", [(0, [8, 6, 8, 6], [0, 2]), (180, [6, 6, 6, 6], [0, 1, 2, 3])]
)
def test_teams_are_the_first_and_third_seats_against_the_others(rotation, scores, winners):
    one, two = "Sv ss ss\nss ss ss", "Sv Sv ss\nss ss ss"
    state = last_card(
        one, two, two, one, mode="teams", criteria="surfers", holding="13a", rotation=rotation
    )
    assert state.scores() == [6, 6, 6, 6]  # A 2 + C 4 against B 4 + D 2
    final = state.apply("place 0,2")
    assert final.is_terminal()
    assert final.scores() == scores and final.winners() == winners


@shows("shared")
@pytest.mark.parametrize("rotation,score,reached", [(0, 10, "Mar Chiquita"), (180, 8, None)])
def test_a_shared_beach_gives_every_seat_its_score_and_ten_points_win(rotation, score, reached):
    state = last_card(
        "Sv Sv Sv\nSv ss ss",
        mode="cooperative",
        players=3,
        criteria="surfers",
        holding="13a",
        rotation=rotation,
    )
    final = state.apply("place 0,2")
    assert final.is_terminal()
    assert final.scores() == [score] * 3 and final.winners() == [0, 1, 2]
    assert final.beach_reached() == reached and final.won() == (reached is not None)


@shows("solitaire")
def test_a_solitaire_game_lays_fourteen_cards_and_never_shows_the_four_left_out():
    state = make("diadeplaya", players=1, seed=4, mode="solitaire")
    assert state.cards_left == 14 and len(state.out) == 4
    view = state.view(0)
    assert view.out is None and view.cards_left == 14
    # the left-out cards are mixed in with the deck's: nothing tells them apart
    assert view.unseen == sorted([*state.out, *(card_of(f) for f in state.deck)])
    final = play_out(state)
    laid = {card_of(f) for f in final.laid[0]}
    assert len(laid) == 14 and not laid & set(state.out)


@shows("hidden")
def test_a_players_view_hides_the_deck_and_nothing_else():
    state = past_first_cards(make("diadeplaya", players=2, seed=3, first_player=0))
    state = state.apply("take 2")
    view = state.view(1)  # what B sees while A holds the card taken
    assert view.deck is None and view.deck_count == state.deck_count
    assert view.unseen == sorted(card_of(f) for f in state.deck)
    # the market, both beaches and the card in A's hand are open to B
    assert view.market == state.market and view.holding == state.holding
    assert view.grids == state.grids and view.laid == state.laid
    assert view.legal_moves() == state.legal_moves()
    # A's own view, too, hides the deck and nothing else: every placement of A's card
    # scores there as it does in the full state
    mine, seen = state.apply("rotate 0"), state.view(0).apply("rotate 0")
    assert seen.deck is None
    for move in mine.legal_moves()[:8]:
        assert seen.preview(move) == mine.preview(move)
    # only the deck's top card, and the face it shows, stay unknown until dealt: B's
    # view takes, and the deal waits for any face of any card the view has not seen
    placed = mine.apply(mine.legal_moves()[0]).view(1)
    taken = placed.apply("take 1")
    assert taken.deck is None and taken.chance.kind == "deal"
    assert taken.chance.outcomes == tuple(
        face_name(c << 1 | side) for c in placed.unseen for side in (0, 1)
    )


# --- setup ----------------------------------------------------------------------------------


@shows("first")
def test_each_player_chooses_the_face_and_turn_of_their_first_card_in_turn_order():
    state = make("diadeplaya", players=3, seed=7, first_player=1)
    firsts = state.firsts[:]
    assert state.current_player == 1
    assert [str(m) for m in state.legal_moves()] == ["side a", "side b"]
    state = state.apply("side b")
    assert [str(m) for m in state.legal_moves()] == [f"rotate {d}" for d in (0, 90, 180, 270)]
    state = state.apply("rotate 90")
    assert state.laid[1] == [firsts[1] * 2 + 1]  # face b, as chosen
    assert state.history[-1]["events"][-1]["rotation"] == 90
    assert (state.current_player, state.phase) == (2, "side")
    state = state.apply("side a").apply("rotate 0").apply("side a").apply("rotate 180")
    assert (state.current_player, state.phase) == (1, "take")
    # cooperative play: the starting player lays the only first card, then takes
    coop = make("diadeplaya", players=3, seed=2, mode="cooperative", first_player=2)
    coop = coop.apply("side a").apply("rotate 0")
    assert (coop.current_player, coop.phase) == (2, "take") and coop.firsts == [None]


@shows("start")
def test_the_starting_player_is_drawn_unless_one_is_named():
    named = make("diadeplaya", players=3, seed=1, first_player=2)
    assert (named.current_player, named.phase) == (2, "side")
    assert named.apply("side a").apply("rotate 0").current_player == 0  # then seat order
    drawn = {make("diadeplaya", players=3, seed=s).current_player for s in range(30)}
    assert drawn == {0, 1, 2}
    assert (
        make("diadeplaya", players=3, seed=8).current_player
        == make("diadeplaya", players=3, seed=8).current_player
    )


# --- the turn --------------------------------------------------------------------------------


@shows("deal")
@pytest.mark.parametrize("top", ["13a", "13b"])
def test_a_card_dealt_into_the_market_shows_the_face_it_had_in_the_deck(top):
    state = pos(SAND, SAND, market="7b 5b 14b", deck=f"{top} 9b 2a", turn="A take")
    after = state.apply("take 2")
    assert [face_name(f) for f in after.market] == [top, "7a", "14a"]
    assert after.holding == parse_face("5b")
    # a card from the market keeps its face: only its turn is chosen
    assert [str(m) for m in after.legal_moves()] == [f"rotate {d}" for d in (0, 90, 180, 270)]


@shows("shrink")
def test_once_the_deck_is_empty_the_market_still_flips_and_slides_and_shrinks():
    state = pos(SAND, SAND, market="7b 5b 14b", deck="-", turn="A take")
    state = state.apply("take 1")
    assert [face_name(f) if f else None for f in state.market] == [None, "5a", "14a"]
    state = state.apply("rotate 0")
    state = state.apply(state.legal_moves()[0])
    assert [str(m) for m in state.legal_moves()] == ["take 2", "take 3"]
    with pytest.raises(IllegalMoveError, match="empty"):
        state.apply("take 1")
    state = state.apply("take 3")
    assert [face_name(f) if f else None for f in state.market] == [None, None, "5b"]
    state = state.apply("rotate 0")
    state = state.apply(state.legal_moves()[0])
    state = state.apply("take 3").apply("rotate 0")
    assert not state.is_terminal()
    state = state.apply(state.legal_moves()[0])
    assert state.is_terminal()  # every card has been taken and laid


@shows("cover")
def test_covered_cells_count_once_in_total_over_every_card_and_only_visible_blocks_score():
    # two cards: the first on 0,0 .. 2,1, the second on 3,1 .. 5,2; litter on 2,1 and 3,1
    beach = "ss ss ss .. .. ..\nss ss xx xx ss ss\n.. .. .. ss ss ss"
    state = pos(
        beach, mode="solitaire", criteria="litter", holding="4b", rotation=0, market="6a 8a 9a"
    )
    assert state.score == [-6]
    # 4 cells of the first card and 1 of the second: 5 in all, too many
    with pytest.raises(IllegalMoveError, match="cover 5 blocks"):
        state.apply("place 1,0")
    # 2 cells of each card: 4 in all; the litter under it no longer counts
    state = state.apply("place 2,0")
    assert state.history[-1]["events"][-1]["covered"] == ["2,0", "2,1", "3,1", "4,1"]
    assert state.score == [0]
    # standing over 2,0 .. 3,1, where two or three cards now lie: still 4 cells
    state = state.apply("take 1").apply("rotate 90").apply("place 2,-1")
    assert state.history[-1]["events"][-1]["covered"] == ["2,0", "3,0", "2,1", "3,1"]


# --- scoring ----------------------------------------------------------------------------------


@shows("tourists")
def test_nothing_blocks_a_tourists_view_of_a_surfer():
    # the tourist on 0,0 looks right along row 0: two empty cells, a lifeguard and a
    # litter block lie between it and the surfer 13a brings to 5,0
    state = pos(
        "T> .. ..\nss ss ss", mode="solitaire", criteria="tourists", holding="13a", rotation=0
    )
    assert state.points[0] == {"tourists": 2}
    after = state.apply("place 3,0")
    assert after.points[0] == {"tourists": 3}


@shows("trios")
def test_a_trio_may_bend_and_a_figure_counts_in_one_trio_only():
    # 17a (S< LG S> / xx ss xx) over row 1: its lifeguard links the two surfers of row 0
    bent = pos("Sv ss S^\nss ss ss", mode="solitaire", criteria="trios", holding="17a", rotation=0)
    assert bent.points[0] == {"trios": 0}
    assert bent.apply("place 0,1").points[0] == {"trios": 3}
    # four lifeguards in a diagonal line hold one trio, not two that share figures
    line = "\n".join(" ".join("LG" if x == y else "ss" for x in range(4)) for y in range(4))
    state = pos(line, mode="solitaire", criteria="trios", holding="5b", rotation=0)
    assert state.points[0] == {"trios": 3}
    # 5b (xx Sv ss / S< xx S>) below 3,3 makes the line six figures long: two trios
    assert state.apply("place 3,4").points[0] == {"trios": 6}


@shows("umbrellas")
@pytest.mark.parametrize("face,points", [("1b", [0, 0]), ("14a", [4, 0])])
def test_only_a_strictly_largest_umbrella_group_scores(face, points):
    # B's group is 3; 1b brings a group of 3 to A's beach (a tie), 14a one of 4
    state = pos(SAND, "UM UM UM\nss ss ss", criteria="umbrellas", holding=face, rotation=0)
    assert state.scores() == [0, 3]
    assert state.apply("place 0,2").scores() == points


@shows("umbrellas")
@pytest.mark.parametrize("at,scores", [("0,2", [0, 0, 0, 0]), ("0,-2", [5, 0, 5, 0])])
def test_teams_compare_the_umbrellas_of_all_four_beaches(at, scores):
    # C (A's partner) has a group of 4, B one of 3; 14a is a group of 4, or of 5 above 0,0
    beaches = ("UM ss ss\nss ss ss", "UM UM UM\nss ss ss", "UM UM UM\nUM ss ss", SAND)
    state = pos(*beaches, mode="teams", criteria="umbrellas", holding="14a", rotation=0)
    assert state.scores() == [4, 0, 4, 0]
    assert state.apply(f"place {at}").scores() == scores  # a tie, even with a partner


@shows("umbrellas")
def test_a_shared_beach_scores_two_for_every_full_three_umbrellas():
    state = pos(
        "UM UM UM\nUM UM ss", mode="solitaire", criteria="umbrellas", holding="1b", rotation=0
    )
    assert state.score == [2]  # 5 blocks: one full 3
    assert state.apply("place 3,0").score == [4]  # 8 blocks: two full 3s


@shows("sand")
def test_sand_squares_are_disjoint_and_count_sand_but_never_litter_around_them():
    # 2 by 4 sand holds two separate squares (not three overlapping ones), each the
    # other's sand neighbour
    state = pos(
        "ss ss ss ss\nss ss ss ss", mode="solitaire", criteria="sand", holding="1a", rotation=0
    )
    assert state.points[0] == {"sand": 2}
    # 1a (Sv S^ xx / xx ss ss) on the right: a surfer and a litter block touch the
    # right square; the surfer adds a kind, the litter does not
    assert state.apply("place 4,0").points[0] == {"sand": 3}


@shows("stalls")
def test_one_lifeguard_may_serve_two_stalls():
    # the lifeguard on 2,1 stands between the two empanada stalls
    beach = "ss LG .. LG ..\nLG Fe LG Fe LG\n.. LG .. .. .."
    state = pos(beach, mode="solitaire", criteria="stalls", holding="17a", rotation=0)
    assert state.points[0] == {"stalls": 7}  # one stall served, and a pair of a type
    # 17a (S< LG S> / xx ss xx) puts a lifeguard on 3,2: the second stall is served too
    assert state.apply("place 2,2").points[0] == {"stalls": 13}


@shows("criteria")
@pytest.mark.parametrize(
    "criteria,score,won", [("surfers", 10, True), ("surfers litter", 1, False)]
)
def test_any_criteria_may_be_chosen_and_the_solitaire_targets_stay(criteria, score, won):
    state = last_card(
        "Sv Sv Sv\nSv xx xx", mode="solitaire", criteria=criteria, holding="13a", rotation=0
    )
    final = state.apply("place 0,2")
    assert final.is_terminal()
    assert final.score == [score] and final.won() is won
    with pytest.raises(ValueError, match="at least 1"):
        make("diadeplaya", players=1, seed=1, mode="solitaire", criteria=[])


@shows("ties")
@pytest.mark.parametrize("rotation,winners", [(0, [0, 1]), (180, [1])])
def test_equal_best_totals_share_the_win(rotation, winners):
    beaches = ("Sv ss ss\nss ss ss", "Sv Sv ss\nss ss ss")
    state = last_card(*beaches, criteria="surfers", holding="13a", rotation=rotation)
    final = state.apply("place 0,2")
    assert final.is_terminal() and final.winners() == winners


def test_every_ruling_of_play_is_shown_by_a_test():
    check_every_ruling_is_shown("diadeplaya", globals())
