"""Helpers for chance steps (tablero.core.chance) in tests: the test's own dealer."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from tablero.core import Rng


def pick_outcome(chance: Any, rng: Rng) -> str:
    """An outcome of ``chance`` drawn by its weights with the test's ``rng``."""
    k = rng.randbelow(sum(chance.weights))
    for outcome, weight in zip(chance.outcomes, chance.weights, strict=True):
        if k < weight:
            return str(outcome)
        k -= weight
    raise AssertionError("the weights do not add up")


def sees(chance: Any, seat: int) -> bool:
    """Whether ``seat`` sees the outcome of ``chance``."""
    return chance.seen_by is None or seat in chance.seen_by


def follow(
    referee: Any,
    rng: Rng,
    *,
    check: Callable[[Any], None] | None = None,
    same_chance: bool = False,
    limit: int = 20_000,
) -> Iterator[Any]:
    """A random game at ``referee``, a table without a dealer: each seat's client starts
    from the table's view and is fed the moves as its seat sees them and the outcomes it
    may see; after every step it must be the table's view of that seat (``same_chance``:
    its chance step too, for a game where nothing is private).  Yields the table at every
    step; ``check(table)`` at each chance step dealt.  Outcomes by weight, random legal
    moves; a deferrable step dealt at a random moment while its mover plays on."""
    clients = [referee.view(q) for q in range(referee.num_players)]
    for _ in range(limit):
        for q, client in enumerate(clients):
            assert client.to_json() == referee.view(q).to_json(), f"seat {q}'s client"
            if same_chance:
                assert client.chance == referee.chance, f"seat {q}'s chance step"
        yield referee
        if referee.is_terminal():
            return
        chance = referee.chance
        moves = referee.legal_moves()
        if chance is not None and (not chance.deferrable or not moves or rng.randbelow(2)):
            if check is not None:
                check(referee)
            outcome = pick_outcome(chance, rng)
            referee = referee.deal(outcome)
            clients = [c.deal(outcome if sees(chance, q) else None) for q, c in enumerate(clients)]
        else:
            move = moves[rng.randbelow(len(moves))]
            clients = [c.apply(referee.move_as_seen(move, q)) for q, c in enumerate(clients)]
            referee = referee.apply(move)
    raise AssertionError("the game did not end")
