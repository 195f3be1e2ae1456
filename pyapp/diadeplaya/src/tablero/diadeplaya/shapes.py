"""Cards, faces and their four rotations on the block grid.

A card is a number ``0 .. 17`` (named 1-18); a face of it is ``card * 2 + side``
(``side`` 0 = a, 1 = b), named ``7a``, ``12b``.  A face lies on the beach in one of four
rotations, clockwise: 0 (2 rows of 3, as printed), 90, 180 and 270 degrees (90 and 270
stand 3 rows of 2).  :func:`footprint` gives the blocks it puts on the grid, with each
figure's facing turned with the card.

>>> face_name(face_of(6, 0)), parse_face("12B") == face_of(11, 1)
('7a', True)
>>> turned = footprint(face_of(0, 0), 90)  # 1a: Sv S^ xx / xx ss ss
>>> size(90), [(dx, dy, TOKEN_OF_BLOCK[b]) for dx, dy, b in turned if dx == 1]
((2, 3), [(1, 0, 'S<'), (1, 1, 'S>'), (1, 2, 'xx')])
"""

from __future__ import annotations

from tablero.core import InvalidMoveError

from .data import (
    BLOCK_OF_TOKEN,
    CARDS,
    DECK,
    FACE_COLS,
    FACE_LETTERS,
    FACE_ROWS,
    SURFER,
    TOKEN_OF_BLOCK,
    TOURIST,
)

__all__ = [
    "FACES", "ROTATIONS", "TOKEN_OF_BLOCK", "face_of", "card_of", "face_name",
    "card_name", "parse_face", "parse_card", "size", "footprint", "turn_block", "face_blocks",
]  # fmt: skip

#: Every face, ``0 .. 35``.
FACES = range(2 * CARDS)
#: The rotations, in degrees clockwise.
ROTATIONS = (0, 90, 180, 270)


def face_of(card: int, side: int) -> int:
    return card * 2 + side


def card_of(face: int) -> int:
    return face >> 1


def face_name(face: int) -> str:
    return f"{(face >> 1) + 1}{FACE_LETTERS[face & 1]}"


def card_name(card: int) -> str:
    return str(card + 1)


def parse_card(text: str) -> int:
    """A card from its number 1-18; :class:`InvalidMoveError` naming the problem."""
    t = text.strip()
    if not (t.isascii() and t.isdigit() and 1 <= int(t) <= CARDS):
        raise InvalidMoveError(f"{text!r} is not a card: cards are numbered 1 to {CARDS}")
    return int(t) - 1


def parse_face(text: str) -> int:
    """A face from its name (``7a``, ``12B``); :class:`InvalidMoveError` naming the problem."""
    t = text.strip().lower()
    if len(t) < 2 or t[-1] not in FACE_LETTERS:
        raise InvalidMoveError(
            f"{text!r} is not a card face: write the card's number and a or b, like 7a"
        )
    return face_of(parse_card(t[:-1]), FACE_LETTERS.index(t[-1]))


def face_blocks(face: int) -> tuple[int, ...]:
    """The six blocks of a face in rotation 0, row by row."""
    return _BLOCKS[face]


def turn_block(block: int, quarters: int) -> int:
    """A block on a card turned ``quarters`` quarter turns clockwise (figures turn)."""
    kind = block >> 2
    if kind == SURFER or kind == TOURIST:
        return kind << 2 | ((block & 3) + quarters) & 3
    return block


def size(rotation: int) -> tuple[int, int]:
    """``(width, height)`` of a card in a rotation."""
    return (FACE_COLS, FACE_ROWS) if rotation in (0, 180) else (FACE_ROWS, FACE_COLS)


def footprint(face: int, rotation: int) -> tuple[tuple[int, int, int], ...]:
    """The blocks a face puts on the grid in a rotation: ``(dx, dy, block)`` from the
    card's top-left cell, row by row."""
    return _FOOTPRINTS[face][rotation // 90]


def _place(face: int, quarters: int) -> tuple[tuple[int, int, int], ...]:
    cells = []
    for i, block in enumerate(_BLOCKS[face]):
        r, c = divmod(i, FACE_COLS)
        if quarters == 0:
            x, y = c, r
        elif quarters == 1:
            x, y = FACE_ROWS - 1 - r, c
        elif quarters == 2:
            x, y = FACE_COLS - 1 - c, FACE_ROWS - 1 - r
        else:
            x, y = r, FACE_COLS - 1 - c
        cells.append((x, y, turn_block(block, quarters)))
    return tuple(sorted(cells, key=lambda t: (t[1], t[0])))


_BLOCKS = tuple(tuple(BLOCK_OF_TOKEN[t] for t in DECK[f >> 1][f & 1]) for f in FACES)
_FOOTPRINTS = tuple(tuple(_place(f, q) for q in range(4)) for f in FACES)
assert all(TOKEN_OF_BLOCK[b] for blocks in _BLOCKS for b in blocks)
