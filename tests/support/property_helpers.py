"""Shared by the property tests of every game (tests/games/*/test_properties.py): hypothesis
settings, the reproduction recipe, the random-game driver, and the checks that do not
depend on the game (views hide only hidden facts; saved data is a copy).

A game's test module defines its ``Spec`` (``new_state()``, ``move_rng()``, ``__str__``)
and its own ``choose(state, moves, rng)`` policy, which biases play towards the rules
worth testing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from tablero.core import Rng, from_dict

GAME_SETTINGS = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
)

Choose = Callable[[Any, list[Any], Rng], Any]
Visit = Callable[[int, Any, Any], None]


def where(spec: Any, step: int, move: Any, state: Any, detail: str = "") -> str:
    """The reproduction recipe printed with every failure."""
    return (
        f"\n  game: {spec}\n  step: {step}\n  move: {move}\n"
        + (f"  {detail}\n" if detail else "")
        + f"  position before the move:\n{state.to_text()}"
    )


def play(
    spec: Any, choose: Choose, max_steps: int, visit: Visit | None = None
) -> tuple[Any, list[str]]:
    """Play ``spec``'s game to the end with ``choose``; ``visit(step, state, move)`` sees
    each step.  Returns the final state and the move texts."""
    state = spec.new_state()
    rng = spec.move_rng()
    texts: list[str] = []
    for step in range(max_steps):
        if state.is_terminal():
            return state, texts
        moves = state.legal_moves()
        assert moves, f"[no legal move] not over, yet nothing to do{where(spec, step, None, state)}"
        move = choose(state, moves, rng)
        if visit is not None:
            visit(step, state, move)
        texts.append(str(move))
        state = state.apply(move)
    raise AssertionError(f"[game ends] {spec}: not over after {max_steps} steps")


def position_after(spec: Any, choose: Choose, stop: int) -> Any:
    """``spec``'s game after at most ``stop`` moves."""
    state = spec.new_state()
    rng = spec.move_rng()
    for _ in range(stop):
        if state.is_terminal():
            break
        state = state.apply(choose(state, state.legal_moves(), rng))
    return state


def check_view_ignores_hidden(state: Any, other: Any, p: int, why: str) -> None:
    """``other`` differs from ``state`` only in what player ``p`` cannot see: their
    views must be the same, as JSON and as text."""
    assert other.to_json() != state.to_json(), f"[views] the copy is no different{why}"
    assert other.view(p).to_json() == state.view(p).to_json(), (
        f"[views] the view of player {p} depends on hidden facts; copy:\n{other.to_text()}{why}"
    )
    assert other.view(p).to_text() == state.view(p).to_text(), f"[views] text{why}"


def scribble(data: Any) -> None:
    """Change every list and object inside ``data``, in place."""
    if isinstance(data, list):
        for x in data:
            scribble(x)
        data.append("scribbled")
    elif isinstance(data, dict):
        for x in data.values():
            scribble(x)
        data["scribbled"] = True


def check_saved_data_is_a_copy(state: Any, why: str) -> None:
    """States are values: editing what ``to_dict`` returned, or the data given to
    ``from_dict``, never changes a state."""
    saved = state.to_json()

    def changed(s: Any) -> list[str]:
        now, then = json.loads(s.to_json()), json.loads(saved)
        return sorted(k for k in then if now.get(k) != then[k])

    scribble(state.to_dict())
    assert state.to_json() == saved, (
        f"[to_dict aliases the state] editing its result changed {changed(state)}{why}"
    )
    data = json.loads(saved)
    loaded = from_dict(data)
    scribble(data)
    assert loaded.to_json() == saved, (
        f"[from_dict aliases its input] editing the data changed {changed(loaded)}{why}"
    )
