"""Helpers that write Arboretum positions in the notation, for the tests."""

from __future__ import annotations

from tablero.arboretum import CARD_NAMES
from tablero.core import from_text

SPECIES_IN_PLAY = {2: 6, 3: 8, 4: 10}

#: docs/notation-arboretum.md, "A position in the middle of a game": A plays, with 9
#: cards and 7 free cells (the notation, perft and UI tests read it).
MIDDLE = """\
arboretum 2p
arboretum A:
      0   1
  0 Ma1 Ma2
  1   . Ma3
arboretum B:
     -1   0
  0 Do6 CB4
hand A: Ca2 Ca7 BS8 CB2 Do1 Do4* Ja3 Ja6 Ma8
hand B: Ca4 BS1 BS3 CB5 Do8 Ja2 Ja7
discard A: Ma6
discard B: BS5 Ca1
deck: rest
turn: A play
"""


def block(player: str, rows: list[str]) -> list[str]:
    """An arboretum block whose first row's first token sits on 0,0."""
    if not rows:
        return [f"arboretum {player}: -"]
    toks = [r.split() for r in rows]
    width = max(len(t) for t in toks)
    lines = [f"arboretum {player}:", "   " + " ".join(str(x) for x in range(width))]
    for y, t in enumerate(toks):
        lines.append(f"{y} " + " ".join(t + ["."] * (width - len(t))))
    return lines


def position(
    arbs: dict[str, list[str]],
    hands: dict[str, str],
    *,
    players: int = 2,
    turn: str = "A draw 1",
    discards: dict[str, str] | None = None,
    deck: str | None = None,
    dump: str | None = None,
) -> str:
    """A position text.  Cards written nowhere go to the deck (``deck=None``), or, when
    ``dump`` names a player, on top of that player's discard pile (then the deck is
    empty unless ``deck`` lists cards)."""
    letters = "ABCD"[:players]
    discards = dict(discards or {})
    lines = [f"arboretum {players}p"]
    for p in letters:
        lines += block(p, arbs.get(p, []))
    written = " ".join([*(" ".join(r) for r in arbs.values()), *hands.values(), *discards.values()])
    if deck:
        written += " " + deck
    used = {t.rstrip("*").lower() for t in written.split() if t not in (".", "-", "?")}
    rest = [n for n in CARD_NAMES[: 8 * SPECIES_IN_PLAY[players]] if n.lower() not in used]
    if dump is not None:
        discards[dump] = " ".join([discards.get(dump, ""), *rest]).strip()
        deck_line = deck or "-"
    else:
        deck_line = deck or "rest"
    for p in letters:
        lines.append(f"hand {p}: {hands.get(p, '-')}")
    for p in letters:
        lines.append(f"discard {p}: {discards.get(p, '-') or '-'}")
    lines.append(f"deck: {deck_line}")
    lines.append(f"turn: {turn}")
    return "\n".join(lines) + "\n"


def state(*args, **kwargs):
    return from_text("arboretum", position(*args, **kwargs))


def final_events(arbs: dict[str, list[str]], hands: dict[str, str], last: str, **kw):
    """The game ended by A discarding ``last`` (the deck is empty); returns
    ``(final state, {species code: its species event}, the final event)``."""
    kw.setdefault("dump", "B")
    s = state(arbs, hands, turn="A discard", **kw).apply(f"discard {last}")
    assert s.is_terminal()
    events = s.history[-1]["events"]
    per_species = {e["species"]: e for e in events if e["type"] == "species"}
    final = next(e for e in events if e["type"] == "final")
    return s, per_species, final
