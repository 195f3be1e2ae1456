"""Día de Playa's rules, one class per section of the rulebook, played through the
protocol as a player would: the deck and the first cards, taking from the market and
placing, the end of the game, every mode.

The scoring criteria are in test_scoring.py; the readings the rulebook leaves open are
shown in test_rulings.py.  The deck's pictures (``docs/diadeplaya-deck.svg``) are the
renderer's output, kept current: ``python -m tablero.diadeplaya.drawing
docs/diadeplaya-deck.svg`` rewrites them."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from support.playouts import play_out
from tablero.core import IllegalMoveError, InvalidMoveError, Rng, make
from tablero.diadeplaya import beach_reached, drawing
from tablero.diadeplaya.beach import lay, legal_spots, placement_reason
from tablero.diadeplaya.data import BLOCK_OF_TOKEN, CRITERIA, DECK, KIND_NAMES
from tablero.diadeplaya.scoring import GRID
from tablero.diadeplaya.shapes import card_of, face_blocks, face_name, parse_face

ROOT = Path(__file__).resolve().parents[3]
SHEET = ROOT / "docs" / "diadeplaya-deck.svg"
DOC = ROOT / "docs" / "diadeplaya-deck.md"


def kinds() -> Counter[str]:
    return Counter(KIND_NAMES[b >> 2] for f in range(36) for b in face_blocks(f))


def cells(*xy: tuple[int, int]) -> dict[int, int]:
    return {GRID.cell(x, y): 0 for x, y in xy}


def block(x0: int, y0: int, w: int, h: int) -> dict[int, int]:
    return cells(*((x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w)))


def past_first_cards(state):
    """Lay every first card (side a, rotation 0) and return the state at the first take."""
    while state.phase in ("side", "rotate"):
        state = state.apply("side a" if state.phase == "side" else "rotate 0")
    return state


# --- placement ---------------------------------------------------------------------------

FACE = parse_face("4b")  # all sand


class TestSetup:
    """The deck of 18 double-sided cards; each player's first card, on the side and turn
    they choose."""

    def test_the_committed_pictures_are_the_renderers(self):
        assert SHEET.read_text(encoding="utf-8") == drawing.deck_sheet(), (
            "docs/diadeplaya-deck.svg is out of date: run "
            "python -m tablero.diadeplaya.drawing docs/diadeplaya-deck.svg"
        )
        assert SHEET.read_text(encoding="utf-8").count('class="dp-block') == 216

    def test_eighteen_double_sided_cards_of_six_blocks(self):
        assert len(DECK) == 18
        assert all(len(face) == 6 for card in DECK for face in card)
        assert len({face for card in DECK for face in card}) == 36  # no face printed twice

    def test_every_scoring_rule_is_reachable(self):
        tokens = Counter(t for card in DECK for face in card for t in face)
        assert all(tokens[f"S{m}"] for m in "^>v<")  # surfers facing every way
        assert all(tokens[f"T{m}"] for m in "^>v<")
        assert all(tokens[s] >= 2 for s in ("Fe", "Fc", "Fh"))  # a pair of each stall type
        assert tokens["LG"] >= 12 and tokens["UM"] >= 12 and tokens["xx"] >= 30
        # a face with a bent diagonal trio printed on it, and a face with a 2x2 of sand
        assert any(
            f[0] in ("Sv", "LG") and f[4] in ("LG", "Sv") and f[2][0] in "SL"
            for c in DECK
            for f in c
        )
        assert any(f.count("ss") == 6 for c in DECK for f in c)

    def test_litter_is_a_real_cost_strong_faces_carry_it(self):
        def figures(face: tuple[str, ...]) -> int:
            return sum(1 for t in face if t not in ("ss", "xx"))

        strong = [f for c in DECK for f in c if figures(f) >= 4]
        weak = [f for c in DECK for f in c if figures(f) <= 2]
        share_strong = sum(1 for f in strong if "xx" in f) / len(strong)
        assert share_strong >= 0.75
        assert sum(f.count("xx") for f in strong) / len(strong) > sum(
            f.count("xx") for f in weak
        ) / len(weak)

    def test_the_documented_distribution_is_the_decks(self):
        rows = dict(re.findall(r"^\| (\w+) \| (\d+) \|", DOC.read_text(encoding="utf-8"), re.M))
        counted = kinds()
        assert {k: int(v) for k, v in rows.items() if k in KIND_NAMES} == dict(counted)
        assert sum(counted.values()) == 216
        assert set(BLOCK_OF_TOKEN) >= {t for card in DECK for face in card for t in face}

    def test_first_cards_are_laid_in_turn_order_on_the_chosen_face_and_rotation(self):
        state = make("diadeplaya", players=3, seed=7, first_player=1)
        firsts = state.firsts[:]
        assert state.phase == "side" and state.current_player == 1
        state = state.apply("side b").apply("rotate 90")
        assert state.laid[1] == [firsts[1] * 2 + 1]
        assert state.current_player == 2 and state.phase == "side"
        state = state.apply("side a").apply("rotate 0")
        assert state.current_player == 0
        state = state.apply("side a").apply("rotate 180")
        assert state.current_player == 1 and state.phase == "take"
        assert all(GRID.origin in g for g in state.grids)
        lay_event = state.history[1]["events"][-1]
        assert lay_event["cell"] == "0,0" and lay_event["rotation"] == 90

    def test_the_deal_is_fixed_at_setup_whatever_is_played(self):
        def dealt(seed: int) -> list[str]:
            state = make("diadeplaya", players=2, seed=9)
            rng = Rng(seed)
            out = []
            while not state.is_terminal():
                state = state.apply(state.legal_moves()[rng.randbelow(len(state.legal_moves()))])
                out += [e["face"] for e in state.history[-1]["events"] if e["type"] == "deal"]
            return out

        assert dealt(1) == dealt(2)


class TestHowToPlay:
    """Take one of the market's three cards (the others flip and slide, the deck deals
    one), then place it."""

    @pytest.mark.parametrize("slot", [1, 2, 3])
    def test_taking_flips_the_others_slides_them_away_and_deals_next_to_the_deck(self, slot):
        state = past_first_cards(make("diadeplaya", players=2, seed=11, first_player=0))
        market, top = state.market[:], state.deck[0]
        after = state.apply(f"take {slot}")
        assert after.holding == market[slot - 1]
        rest = [f ^ 1 for i, f in enumerate(market) if i != slot - 1]
        assert after.market == [top, *rest]
        assert after.deck_count == state.deck_count - 1
        events = after.history[-1]["events"]
        assert events[0]["flipped"] == [face_name(f) for f in rest]
        assert events[1] == {"type": "deal", "face": face_name(top), "left": after.deck_count}

    def test_the_market_shrinks_when_the_deck_is_empty(self):
        state = past_first_cards(make("diadeplaya", players=2, seed=5, first_player=0))
        rng = Rng(3)
        while state.deck_count:
            state = state.apply(state.legal_moves()[rng.randbelow(len(state.legal_moves()))])
        while state.phase != "take":
            state = state.apply(state.legal_moves()[0])
        assert state.market_slots() == [1, 2, 3]
        m = state.market[:]
        state = state.apply("take 1")
        assert state.market == [None, m[1] ^ 1, m[2] ^ 1]  # flipped, no new card
        state = state.apply("rotate 0")
        state = state.apply(state.legal_moves()[0])
        assert [str(x) for x in state.legal_moves()] == ["take 2", "take 3"]
        with pytest.raises(IllegalMoveError, match="empty"):
            state.apply("take 1")
        state = state.apply("take 3")
        assert state.market == [None, None, m[1]]  # flipped twice: its first face again
        for _ in range(2):
            state = state.apply(state.legal_moves()[0])
        state = state.apply("take 3").apply("rotate 0")
        state = state.apply(state.legal_moves()[0])
        assert state.is_terminal()

    def test_a_card_goes_edge_to_edge_with_the_beach(self):
        beach = block(0, 0, 3, 2)
        assert placement_reason(beach, FACE, 0, 3, 0) is None  # right
        assert placement_reason(beach, FACE, 0, 0, 2) is None  # below
        assert placement_reason(beach, FACE, 90, -2, -1) is None  # left, standing
        assert placement_reason(beach, FACE, 0, 5, 0) is not None  # not touching

    @pytest.mark.parametrize(
        "x,y,rotation,cover",
        [(2, 1, 0, 1), (1, 1, 0, 2), (0, 1, 0, 3), (1, 0, 0, 4), (1, -1, 90, 4)],
    )
    def test_covering_one_to_four_blocks_is_allowed(self, x, y, rotation, cover):
        beach = block(0, 0, 3, 2)
        from tablero.diadeplaya.beach import covered

        assert len(covered(beach, FACE, rotation, x, y)) == cover
        assert placement_reason(beach, FACE, rotation, x, y) is None

    def test_covering_five_or_six_blocks_is_refused(self):
        beach = block(0, 0, 3, 2)
        del beach[GRID.cell(2, 1)]
        beach[GRID.cell(3, 0)] = 0
        assert "cover 5 blocks" in placement_reason(beach, FACE, 0, 0, 0)
        assert "cover 6 blocks" in placement_reason(block(0, 0, 3, 2), FACE, 0, 0, 0)

    def test_touching_only_at_a_corner_is_refused(self):
        beach = block(0, 0, 3, 2)
        assert placement_reason(beach, FACE, 0, 3, 2) == "it would touch the beach only at a corner"
        assert (
            placement_reason(beach, FACE, 0, -3, -2) == "it would touch the beach only at a corner"
        )
        assert (3, 2) not in legal_spots(beach, FACE, 0)

    def test_a_card_may_cover_cells_of_two_cards(self):
        beach = lay(lay({}, FACE, 0, 0, 0), parse_face("1a"), 0, 3, 0)
        # standing at 2,0 it covers 2,0 and 2,1 of the first card, 3,0 and 3,1 of the second
        assert placement_reason(beach, FACE, 90, 2, 0) is None
        after = lay(beach, parse_face("14a"), 90, 2, 0)
        assert len(after) == len(beach) + 2

    def test_a_cell_under_several_cards_counts_once(self):
        beach = lay({}, FACE, 0, 0, 0)
        beach = lay(beach, parse_face("1a"), 0, 2, 0)  # covers 2,0 and 2,1
        from tablero.diadeplaya.beach import covered

        # a third card over 2,0 .. 2,1 (two cards lie under them) covers 2 cells, not 4
        assert len(covered(beach, FACE, 90, 1, -1)) == 4  # 1,0 1,1 2,0 2,1
        assert placement_reason(beach, FACE, 90, 1, -1) is None

    def test_placements_through_the_state_and_their_messages(self):
        state = past_first_cards(make("diadeplaya", players=2, seed=4, first_player=0))
        state = state.apply("take 1").apply("rotate 0")
        legal = {str(m) for m in state.legal_moves()}
        assert "place 3,0" in legal and "place 3,2" not in legal
        with pytest.raises(IllegalMoveError, match="only at a corner"):
            state.apply("place 3,2")
        with pytest.raises(IllegalMoveError, match="cover 6 blocks"):
            state.apply("place 0,0")
        with pytest.raises(InvalidMoveError):
            state.parse_move("place 3;0")


class TestEndOfTheGame:
    """Once every card is placed, the chosen criteria score the visible blocks; the highest wins."""

    def test_competitive_scores_and_winners(self):
        final = play_out(make("diadeplaya", players=3, seed=21))
        totals = [sum(p.values()) for p in final.points]
        assert final.scores() == totals
        assert final.winners() == [p for p in range(3) if totals[p] == max(totals)]
        last = final.history[-1]["events"][-1]
        assert last["type"] == "final" and last["scores"] == totals and "won" not in last

    def test_a_subset_of_criteria(self):
        state = make("diadeplaya", players=2, seed=6, criteria=["surfers", "litter"])
        assert state.setup["options"]["criteria"] == ["surfers", "litter"]
        final = play_out(state)
        for grid, points in zip(final.grids, final.points, strict=True):
            assert list(points) == ["surfers", "litter"]
            sea = sum(1 for b in grid.values() if b == 1 << 2 | 2)
            litter = sum(1 for b in grid.values() if b >> 2 == 6)
            assert sum(points.values()) == 2 * sea - 3 * litter
        with pytest.raises(ValueError, match="at least 1"):
            make("diadeplaya", players=2, seed=1, criteria=[])
        with pytest.raises(ValueError):
            make("diadeplaya", players=2, seed=1, criteria=["waves"])
        assert make("diadeplaya", players=2, seed=1).criteria == CRITERIA


class TestGameModes:
    """Competitive, teams, cooperative and solitaire: their tables, beaches and goals."""

    @pytest.mark.parametrize(
        "mode,players,beaches,deck",
        [("competitive", 2, 2, 13), ("competitive", 3, 3, 12), ("teams", 4, 4, 11),
         ("cooperative", 2, 1, 14), ("cooperative", 4, 1, 14), ("solitaire", 1, 1, 10)],
    )  # fmt: skip
    def test_every_modes_setup(self, mode, players, beaches, deck):
        state = make("diadeplaya", players=players, seed=3, mode=mode)
        assert len(state.grids) == beaches and len(state.firsts) == beaches
        assert state.deck_count == deck and state.market_slots() == [1, 2, 3]
        assert state.cards_left == (14 if mode == "solitaire" else 18)
        if mode == "solitaire":
            assert len(state.out) == 4
            assert sorted([*state.out, *(card_of(f) for f in state.deck), *state.firsts,
                           *(card_of(f) for f in state.market)]) == list(range(18))  # fmt: skip

    @pytest.mark.parametrize(
        "mode,players", [("competitive", 1), ("competitive", 4), ("teams", 2), ("teams", 3),
                         ("cooperative", 1), ("solitaire", 2)],
    )  # fmt: skip
    def test_player_counts_each_mode_refuses(self, mode, players):
        with pytest.raises(ValueError, match="played by"):
            make("diadeplaya", players=players, seed=1, mode=mode)

    def test_cooperative_play_lays_one_first_card_in_the_centre(self):
        state = make("diadeplaya", players=3, seed=2, mode="cooperative", first_player=2)
        assert len(state.grids) == 1 and state.firsts[0] is not None
        state = state.apply("side a").apply("rotate 0")
        assert state.current_player == 2 and state.phase == "take"
        state = state.apply("take 1").apply("rotate 0")
        state = state.apply(state.legal_moves()[0])
        assert state.current_player == 0  # then in seat order around the table

    def test_teams_score_the_team_total_and_win_together(self):
        for seed in range(4):
            final = play_out(make("diadeplaya", players=4, seed=seed, mode="teams"), seed)
            t = [sum(p.values()) for p in final.points]
            a, b = t[0] + t[2], t[1] + t[3]
            assert final.scores() == [a, b, a, b]
            want = [0, 1, 2, 3] if a == b else ([0, 2] if a > b else [1, 3])
            assert final.winners() == want

    @pytest.mark.parametrize(
        "mode,players", [("cooperative", 2), ("cooperative", 4), ("solitaire", 1)]
    )
    def test_shared_beach_one_score_for_every_seat(self, mode, players):
        final = play_out(make("diadeplaya", players=players, seed=8, mode=mode))
        total = sum(final.points[0].values())
        assert final.scores() == [total] * players
        assert final.winners() == list(range(players))
        assert final.beach_reached() == beach_reached(total)
        assert final.won() == (total >= 10)
        last = final.history[-1]["events"][-1]
        assert last["beach_reached"] == beach_reached(total) and last["won"] == (total >= 10)
        assert len(final.laid[0]) == (14 if mode == "solitaire" else 18)

    @pytest.mark.parametrize(
        "score,reached",
        [(9, None), (10, "Mar Chiquita"), (20, "Mar Chiquita"), (21, "Mar de Ajó"),
         (40, "Mar de Ajó"), (41, "San Clemente"), (50, "San Clemente"), (51, "Mar del Plata"),
         (-5, None), (0, None)],
    )  # fmt: skip
    def test_solitaire_thresholds_at_their_boundaries(self, score, reached):
        assert beach_reached(score) == reached
        state = make("diadeplaya", players=1, seed=1, mode="solitaire")
        state.score = [score]  # a scored position, as the end would leave it
        assert state.beach_reached() == reached and state.won() == (reached is not None)
