"""Día de Playa's deck: the data table's shape, what it makes reachable, and its pictures
(``docs/diadeplaya-deck.svg`` is the renderer's output, kept current:
``python -m tablero.diadeplaya.drawing docs/diadeplaya-deck.svg`` rewrites it)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from tablero.diadeplaya import drawing
from tablero.diadeplaya.data import BLOCK_OF_TOKEN, DECK, KIND_NAMES
from tablero.diadeplaya.shapes import face_blocks

ROOT = Path(__file__).resolve().parents[3]
SHEET = ROOT / "docs" / "diadeplaya-deck.svg"
DOC = ROOT / "docs" / "diadeplaya-deck.md"


def kinds() -> Counter[str]:
    return Counter(KIND_NAMES[b >> 2] for f in range(36) for b in face_blocks(f))


def test_the_committed_pictures_are_the_renderers():
    assert SHEET.read_text(encoding="utf-8") == drawing.deck_sheet(), (
        "docs/diadeplaya-deck.svg is out of date: run "
        "python -m tablero.diadeplaya.drawing docs/diadeplaya-deck.svg"
    )
    assert SHEET.read_text(encoding="utf-8").count('class="dp-block') == 216


def test_eighteen_double_sided_cards_of_six_blocks():
    assert len(DECK) == 18
    assert all(len(face) == 6 for card in DECK for face in card)
    assert len({face for card in DECK for face in card}) == 36  # no face printed twice


def test_every_scoring_rule_is_reachable():
    tokens = Counter(t for card in DECK for face in card for t in face)
    assert all(tokens[f"S{m}"] for m in "^>v<")  # surfers facing every way
    assert all(tokens[f"T{m}"] for m in "^>v<")
    assert all(tokens[s] >= 2 for s in ("Fe", "Fc", "Fh"))  # a pair of each stall type
    assert tokens["LG"] >= 12 and tokens["UM"] >= 12 and tokens["xx"] >= 30
    # a face with a bent diagonal trio printed on it, and a face with a 2x2 of sand
    assert any(
        f[0] in ("Sv", "LG") and f[4] in ("LG", "Sv") and f[2][0] in "SL" for c in DECK for f in c
    )
    assert any(f.count("ss") == 6 for c in DECK for f in c)


def test_litter_is_a_real_cost_strong_faces_carry_it():
    def figures(face: tuple[str, ...]) -> int:
        return sum(1 for t in face if t not in ("ss", "xx"))

    strong = [f for c in DECK for f in c if figures(f) >= 4]
    weak = [f for c in DECK for f in c if figures(f) <= 2]
    share_strong = sum(1 for f in strong if "xx" in f) / len(strong)
    assert share_strong >= 0.75
    assert sum(f.count("xx") for f in strong) / len(strong) > sum(
        f.count("xx") for f in weak
    ) / len(weak)


def test_the_documented_distribution_is_the_decks():
    rows = dict(re.findall(r"^\| (\w+) \| (\d+) \|", DOC.read_text(encoding="utf-8"), re.M))
    counted = kinds()
    assert {k: int(v) for k, v in rows.items() if k in KIND_NAMES} == dict(counted)
    assert sum(counted.values()) == 216
    assert set(BLOCK_OF_TOKEN) >= {t for card in DECK for face in card for t in face}
