"""Arboretum's final scoring: the required cases, one test each, through the engine.

Each test writes a position in the notation where player A is about to make the
game's last discard (the deck is empty), applies it, and reads the final scoring
events from the history.  Seven hand cards per player; the unused cards lie in B's
discard pile."""

from __future__ import annotations

from support.arboretum_positions import final_events
from tablero.arboretum import card
from tablero.arboretum.grid import cell
from tablero.arboretum.scoring import best_path

# Hands that hold no Jak (Ja) at all unless a test says otherwise.
HAND_A = "Ca2 Ca3 Ca4 BS2 BS3 BS4 CB2"
HAND_B = "Ca5 Ca6 Ca7 BS5 BS6 BS7 CB5"


class TestPathRules:
    """A path: same species at both ends, values rising, other species between."""

    def test_mixed_species_path_scores_one_per_card(self) -> None:
        # Ma1 - CB4 - Do6 - Ma8 turning a corner: 4 cards, not all Maple, so 1 point each
        # (never 2), + 1 (starts with a 1) + 2 (ends with an 8) = 7.
        rows = ["Ma1 CB4", ". Do6 Ma8"]
        _, species, _ = final_events({"A": rows}, {"A": HAND_A + " Do1", "B": HAND_B}, last="Do1")
        path = species["Ma"]["paths"][0]
        assert path["cards"] == ["Ma1", "CB4", "Do6", "Ma8"]
        assert path["cells"] == ["0,0", "1,0", "1,1", "2,1"]
        assert path["points"] == 4 + 1 + 2 == 7
        # a path is scored only for the species it starts and ends with
        assert species["CB"]["paths"][0]["points"] == 0
        # the engine's scorer agrees on the same arboretum built by hand
        arb = {cell(0, 0): card(5, 1), cell(1, 0): card(2, 4), cell(1, 1): card(3, 6),
               cell(2, 1): card(5, 8)}  # fmt: skip
        assert best_path(arb, 5) == (7, (cell(0, 0), cell(1, 0), cell(1, 1), cell(2, 1)))


class TestDeterminingRightsToScore:
    """The highest hand sum of a species scores it; an opponent's 1 zeroes an 8."""

    def test_the_1_of_an_opponent_zeroes_the_8_and_decides_the_right(self) -> None:
        # A holds Ja8 (8, but B holds Ja1: counts 0); B holds Ja1 + Ja2 = 3: B scores Jak.
        arbs = {"A": ["Ja3 Ja4"], "B": ["Ja5 Ja6"]}
        _, species, _ = final_events(
            arbs, {"A": HAND_A + " Ja8", "B": "Ca5 Ca6 Ca7 BS5 BS6 Ja1 Ja2"}, last="CB2"
        )
        ev = species["Ja"]
        assert ev["sums"] == [0, 3] and ev["zeroed_8"] == [0] and ev["right"] == [1]
        assert [p["scored"] for p in ev["paths"]] == [0, 2]
        # The twin: the same 8 with nobody else holding the 1 keeps its 8 and wins the right.
        _, species, _ = final_events(
            arbs, {"A": HAND_A + " Ja8", "B": "Ca5 Ca6 Ca7 BS5 BS6 Ja7 Ja2"}, last="CB2"
        )
        ev = species["Ja"]
        assert ev["sums"] == [8, 9] and ev["zeroed_8"] == [] and ev["right"] == [1]
        _, species, _ = final_events(
            arbs, {"A": "Ca2 Ca3 Ca4 BS2 BS3 BS4 Ja1 Ja8", "B": HAND_B}, last="BS4"
        )
        ev = species["Ja"]  # holding both the 1 and the 8 yourself: the 8 counts
        assert ev["sums"] == [9, 0] and ev["zeroed_8"] == [] and ev["right"] == [0]

    def test_tied_hand_sums_both_score(self) -> None:
        arbs = {"A": ["Ja1 Ja2"], "B": ["Ja5 Ja6"]}
        _, species, _ = final_events(
            arbs, {"A": HAND_A + " Ja7", "B": "Ca5 Ca6 Ca7 BS5 BS6 Ja3 Ja4"}, last="CB2"
        )
        ev = species["Ja"]
        assert ev["sums"] == [7, 7] and ev["right"] == [0, 1]
        assert [p["scored"] for p in ev["paths"]] == [3, 2]

    def test_nobody_holding_a_species_everyone_scores_it(self) -> None:
        arbs = {"A": ["Ja1 Ja2"], "B": ["Ja5 Ja8"]}
        _, species, _ = final_events(arbs, {"A": HAND_A + " Do1", "B": HAND_B}, last="Do1")
        ev = species["Ja"]
        assert ev["sums"] == [0, 0] and ev["right"] == [0, 1]
        assert [p["scored"] for p in ev["paths"]] == [3, 4]

    def test_the_right_without_a_path_scores_0(self) -> None:
        arbs = {"A": ["Ja1 Ca8"], "B": ["Ja5 Ja6"]}  # A's Jak has no second Jak card
        s, species, _ = final_events(arbs, {"A": HAND_A + " Ja7", "B": HAND_B}, last="CB2")
        ev = species["Ja"]
        assert ev["right"] == [0]
        assert ev["paths"][0] == {"cells": [], "cards": [], "points": 0, "scored": 0}
        assert ev["paths"][1]["points"] == 2 and ev["paths"][1]["scored"] == 0


class TestCalculatingPoints:
    """A point a card, +1 for a starting 1, +2 for an ending 8, double for 4+ of one species."""

    def test_four_card_single_species_path_4_5_6_7_scores_8(self) -> None:
        s, species, _ = final_events(
            {"A": ["Ma4 Ma5 Ma6 Ma7"]}, {"A": HAND_A + " Ma1", "B": HAND_B}, last="CB2"
        )
        ev = species["Ma"]
        assert ev["sums"] == [1, 0] and ev["right"] == [0]
        assert ev["paths"][0] == {
            "cells": ["0,0", "1,0", "2,0", "3,0"],
            "cards": ["Ma4", "Ma5", "Ma6", "Ma7"],
            "points": 8,
            "scored": 8,
        }
        assert s.scores()[0] == 8 + sum(species[c]["paths"][0]["scored"] for c in ("Ca", "BS"))

    def test_one_species_path_1_to_8_with_both_bonuses_scores_19(self) -> None:
        rows = ["Ma1 Ma2 Ma3 Ma4", "Ma8 Ma7 Ma6 Ma5"]  # a U-turn: 1-2-3-4, down, 5-6-7-8
        s, species, _ = final_events({"A": rows}, {"A": HAND_A + " Do1", "B": HAND_B}, last="Do1")
        path = species["Ma"]["paths"][0]
        assert path["cards"] == ["Ma1", "Ma2", "Ma3", "Ma4", "Ma5", "Ma6", "Ma7", "Ma8"]
        assert path["points"] == 8 * 2 + 1 + 2 == 19
        assert species["Ma"]["right"] == [0, 1]  # nobody holds Maple: both may score it
        assert path["scored"] == 19


class TestWinning:
    """The highest total wins; a tie goes to the most species in the arboretum."""

    def test_a_tie_on_points_goes_to_the_most_species_in_the_arboretum(self) -> None:
        # Both score nothing at all; A's arboretum shows 3 species, B's 2: A wins alone.
        arbs = {"A": ["Ja5 Ma7 Do3"], "B": ["Ja6 Ma2"]}
        s, _, final = final_events(arbs, {"A": HAND_A + " Do1", "B": HAND_B}, last="Do1")
        assert final["scores"] == [0, 0] == s.scores()
        assert final["species_present"] == [3, 2]
        assert final["winners"] == [0] == s.winners()
        # With as many species on both sides the victory is shared.
        arbs = {"A": ["Ja5 Ma7"], "B": ["Ja6 Ma2"]}
        s, _, final = final_events(arbs, {"A": HAND_A + " Do1", "B": HAND_B}, last="Do1")
        assert final["winners"] == [0, 1] == s.winners()
