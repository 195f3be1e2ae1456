"""The registry of games: ``make``, ``from_json``, ``from_text`` with lazy imports.

A game's module is imported the first time the game is asked for, so the browser
only loads the engine of the game being played.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, Literal

from .envelope import ParsedJson
from .errors import CorruptDataError
from .jsonutil import load_json
from .options import resolve_options
from .protocol import Game, State

__all__ = [
    "make",
    "from_json",
    "from_dict",
    "from_text",
    "get_game",
    "game_ids",
    "register",
    "unregister",
    "replay",
]

# The list of games: game id -> the module that defines ``GAME``.  This is the only
# place that names them: the CLI, the bots, the web layer, the build and the tests take
# their lists from ``game_ids()``.  A new game adds one line here (tests and tools may
# also ``register`` one).
_MODULES: dict[str, str] = {
    "arribada": "tablero.arribada",
    "arboretum": "tablero.arboretum",
    "arraial": "tablero.arraial",
    "diadeplaya": "tablero.diadeplaya",
}
_LOADED: dict[str, Game] = {}


def register(game_id: str, module: str) -> None:
    """Make a game available under ``game_id``; its module is imported on first use."""
    _MODULES[game_id] = module
    _LOADED.pop(game_id, None)


def unregister(game_id: str) -> None:
    """Forget a game :func:`register` added (tests register test-only games this way)."""
    _MODULES.pop(game_id, None)
    _LOADED.pop(game_id, None)


def game_ids() -> list[str]:
    """The ids of all registered games (installed or not), in the registry's order (the
    order the app offers them in)."""
    return list(_MODULES)


def get_game(game_id: str) -> Game:
    """The :class:`Game` for ``game_id``; imports its package if needed."""
    game = _LOADED.get(game_id)
    if game is not None:
        return game
    module_name = _MODULES.get(game_id)
    if module_name is None:
        known = ", ".join(game_ids())
        raise ValueError(f"unknown game {game_id!r}; known games: {known}")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        raise ValueError(f"the game {game_id!r} is not installed ({exc.name} is missing)") from exc
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        raise ValueError(f"the game {game_id!r} is not installed ({module_name}.GAME is missing)")
    _LOADED[game_id] = game
    return game


def make(
    game_id: str,
    *,
    players: int,
    seed: int | str = 0,
    dealer: Literal["seeded"] | None = "seeded",
    **options: Any,
) -> State:
    """The state of a new game after setup.

    ``dealer`` (read before the options): ``"seeded"``, the seeded dealer deals every
    chance step from the PRNG as it comes (the set-up's too), so a seed and the moves
    give the same game everywhere; ``None``, a table without a dealer and without a
    seed, whose chance steps wait for ``deal`` (it cannot be replayed or shared as a
    link).

    >>> state = make("arribada", players=2, seed=7)
    >>> state.current_player in (0, 1)
    True
    >>> make("arboretum", players=2, dealer=None).chance.kind
    'first_player'
    """
    if dealer is None:
        if seed != 0:
            raise ValueError("a table without a dealer has no seed")
    elif dealer != "seeded":
        raise ValueError(f"dealer is 'seeded' or None, not {dealer!r}")
    game = get_game(game_id)
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be a whole number, not {players!r}")
    if not game.min_players <= players <= game.max_players:
        raise ValueError(
            f"{game.title} is played by {_counts(range(game.min_players, game.max_players + 1))} "
            f"players, not {players}"
        )
    resolved = resolve_options(game.options, options, players, game.title)
    allowed = game.allowed_players(resolved)
    if players not in allowed:
        given = ", ".join(f"{k}={v!r}" for k, v in options.items())
        raise ValueError(
            f"{game.title} with {given or 'its default options'} is played by "
            f"{_counts(allowed)} players, not {players}"
        )
    return game.new_state(players, None if dealer is None else seed, **resolved)


def _counts(counts: Sequence[int]) -> str:
    """``2 to 4``, ``1`` or ``2 or 4``: player counts as a sentence says them."""
    values = sorted(counts)
    if not values:
        return "no number of"
    if len(values) == 1:
        return str(values[0])
    if values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]} to {values[-1]}"
    return ", ".join(map(str, values[:-1])) + f" or {values[-1]}"


def from_dict(data: Any) -> State:
    """A state from already-decoded JSON data (see :func:`from_json`)."""
    if not isinstance(data, dict):
        raise CorruptDataError("saved game data must be a JSON object")
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise CorruptDataError("saved game data does not say which game it is (no 'game' key)")
    try:
        game = get_game(game_id)
    except ValueError as exc:
        raise CorruptDataError(str(exc)) from exc
    try:
        return game.from_dict(data)
    except CorruptDataError:
        raise
    except Exception as exc:  # noqa: BLE001 - untrusted data: any other failure is damage
        raise CorruptDataError(
            f"this {game.title} game's data cannot be read ({type(exc).__name__})",
            code="state.unreadable",
        ) from exc


def from_json(text: str | bytes) -> State:
    """A state from :meth:`State.to_json` text; the game id is read from the data.

    Raises :class:`CorruptDataError` for anything that is not a valid saved game.
    """
    try:
        data = load_json(text)  # size and nesting bounded before parsing
    except CorruptDataError as exc:
        raise CorruptDataError(f"saved game is not valid JSON ({exc})") from exc
    # The parsed data is handed over whole (nothing else holds it): the reader need not
    # copy its history.
    return from_dict(ParsedJson(data) if type(data) is dict else data)


def from_text(game_id: str, text: str) -> State:
    """A state from the game's position notation (see ``docs/notation-<game>.md``)."""
    try:
        game = get_game(game_id)
    except ValueError as exc:
        raise CorruptDataError(str(exc)) from exc
    if isinstance(text, str) and not text.isascii():
        for number, line in enumerate(text.split("\n"), 1):
            other = next((ch for ch in line if ch.isdigit() and not ch.isascii()), None)
            if other is not None:  # ``int`` and ``\d`` would read it: the notation is 0-9
                raise CorruptDataError(
                    f"line {number} ({line.strip()[:40]!r}): the position notation writes "
                    f"numbers with the digits 0-9, not {other!r}"
                )
    try:
        return game.from_text(text)
    except CorruptDataError:
        raise
    except Exception as exc:  # noqa: BLE001 - untrusted text: any other failure is damage
        raise CorruptDataError(
            f"this {game.title} position cannot be read ({type(exc).__name__})",
            code="state.unreadable",
        ) from exc


def replay(game_id: str, setup: dict[str, Any], moves: list[str]) -> State:
    """The game set up as ``setup`` (a state's :attr:`State.setup`) after ``moves``.

    Raises :class:`CorruptDataError` naming the first move that cannot be replayed.

    >>> s = make("arribada", players=2, seed=9)
    >>> s = s.apply(s.legal_moves()[0])
    >>> replay("arribada", s.setup, [e["move"] for e in s.history]) == s
    True
    """
    if not isinstance(setup, dict) or setup.get("seed") is None:
        raise CorruptDataError("this game has no recorded seed, so it cannot be replayed")
    options = setup.get("options")
    if not isinstance(options, dict):
        raise CorruptDataError("the game's setup has no options record")
    players = setup.get("players")
    if isinstance(players, bool) or not isinstance(players, int):
        raise CorruptDataError(
            f"the game's setup is not valid: players must be a whole number, not {players!r}"
        )
    try:
        state = make(game_id, players=players, seed=setup["seed"], **options)
    except (TypeError, ValueError) as exc:
        raise CorruptDataError(f"the game's setup is not valid: {exc}") from exc
    for i, text in enumerate(moves, 1):
        if not isinstance(text, str):
            raise CorruptDataError(f"move {i} is not a text")
        try:
            state = state.apply(text)
        except ValueError as exc:
            raise CorruptDataError(f"move {i} ({text!r}) cannot be replayed: {exc}") from exc
    return state
