"""Arraial positions for the tests, written in the game's notation.

``position(...)`` writes a notation text from a few arguments (streets as rows of cell
tokens, bottom row first) and reads it with ``tablero.core.from_text``, so a test sets up
exactly the street it talks about; ``play`` applies move texts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tablero.arraial import ArraialState
from tablero.arraial.data import BAR_START, CARD_CODES, cards_in_play
from tablero.core import PLAYERS, from_text


def street_rows(rows: Sequence[str]) -> list[str]:
    """14 notation rows (top first) from rows given bottom first (the rest empty)."""
    full = [r.split() for r in rows] + [["."] * 6] * (14 - len(rows))
    return [f"  {y + 1:>2} " + " ".join(f"{t:>3}" for t in full[y]) for y in range(13, -1, -1)]


def position(
    *,
    players: int = 2,
    player: int = 0,
    stage: int = 1,
    phase: str = "act",
    chosen: int | None = None,
    ap: int = 3,
    placed: int = 0,
    idle: int = 0,
    rotation: int = 0,
    slots: Sequence[str | None] = ("I1", "O1", "T1"),
    face_up: Sequence[str] | None = None,
    discards: Sequence[str] = (),
    streets: Mapping[int, Sequence[str]] | None = None,
    bars: Mapping[int, int | None] | None = None,
    bar_whites: Mapping[int, int] | None = None,
    street_whites: Mapping[int, int] | None = None,
    visitors: Mapping[int, str] | None = None,
    pairs: str = "yellow -, blue -, green -, red -",
    whites_lost: int = 0,
    deck: Sequence[str] | None = None,
) -> ArraialState:
    if face_up is None:  # S1 J1 Z1 unless the octagon holds one of them
        taken = {*slots, *discards}
        face_up = [c for c in ("S1", "J1", "Z1", "L1", "V1", "T2") if c not in taken][:3]
    used = {*(c for c in slots if c), *face_up, *discards}
    if deck is None:
        deck = [CARD_CODES[c] for c in cards_in_play(players) if CARD_CODES[c] not in used]
    turn = phase + (f" {chosen + 1}" if chosen is not None else "")
    lines = [
        f"arraial {players}p, phase {stage} of 3",
        f"turn: {PLAYERS[player]} {turn}, AP {ap}, placed {placed}, idle {idle}, backs 0",
        f"octagon: rotation {rotation}, slots " + " ".join(c or "-" for c in slots),
        "face-up: " + (" ".join(face_up) or "-"),
        "deck: " + (" ".join(deck) or "-"),
        "discards: " + (" ".join(discards) or "-"),
        f"pairs: {pairs}",
        f"whites lost: {whites_lost}",
    ]
    for p in range(players):
        bar = (bars or {}).get(p, BAR_START[players])
        lines.append(
            f"street {PLAYERS[p]}: bar {'-' if bar is None else bar}, bar whites "
            f"{(bar_whites or {}).get(p, 0)}, street whites {(street_whites or {}).get(p, 0)}, "
            f"visitors {(visitors or {}).get(p, '-')}"
        )
        lines.extend(street_rows((streets or {}).get(p, ())))
    lines.append("rng: 0123456789abcdef")
    state = from_text("arraial", "\n".join(lines) + "\n")
    assert isinstance(state, ArraialState)
    return state


def play(state: ArraialState, *moves: str) -> ArraialState:
    for text in moves:
        after = state.apply(text)
        assert isinstance(after, ArraialState)
        state = after
    return state


def texts(state: ArraialState) -> list[str]:
    return [str(m) for m in state.legal_moves()]
