"""The render digest: the sha256 of every screen the app renders along seeded random
games, so that a refactor which must not change the markup can be checked to change
none of it (docs/testing.md, "The render digest").  A tool, not a test.

    python3 -m uv run --frozen python tests/support/render_digest.py write OUT.json [--games N]
    python3 -m uv run --frozen python tests/support/render_digest.py compare A.json B.json

``write`` drives the web app's Python layer in CPython as the page does, through the
tests' own page (``web.test_app.Page``: ``views.render`` of the model, the clicked
element's ``data-act`` and ``data-*`` dispatched to ``App.dispatch``).  For every game of
the registry with a UI and each of its configurations (``Game.setups()``, the player
counts and each option's choices, without the first-player ones) it plays N seeded games:
the new-game dialog filled in and started, then at each step one of the clickable
elements the screen offers (the plugin's, ``app.reveal``, ``app.undo``) picked by a
seeded RNG, a bot's move answered as the worker would; after the end, the end screen in
every language, the share panel, the replay (first, middle and last step).  Per
configuration: the rules over the table, the saves list, the start screen with the game
to continue.  Besides: the start screen in every language and each tutorial's steps.
Each render is keyed ``game/config/seed/step/screen``; the same arguments give the same
keys and, if the markup is unchanged, the same digests.

``compare`` prints the renders compared, how many are identical, the first that differ
(or are missing from either side); exit 1 if any differ.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

import conftest  # noqa: E402 - the suite's set-up: the message catalogs compiled
from tablero.core import Rng, game_ids, get_game, make  # noqa: E402
from tablero.web.app import pass_to  # noqa: E402
from tablero.web.games import get_ui  # noqa: E402
from tablero.web.i18n import LANGUAGES  # noqa: E402
from tablero.web.tutorials import get_tutorial, has_tutorial  # noqa: E402
from web.test_app import EVIL, Page, clickables, make_app  # noqa: E402
from web.test_tutorials import targets  # noqa: E402

#: The shell's acts a player makes on the table besides the plugin's (the others leave
#: the game, or are taken once per game below).
TABLE_ACTS = ("app.reveal", "app.undo")
#: A game longer than this many clicks is cut short (a random walk of clicks ends a game
#: in a few hundred; the cut keeps ``write`` bounded if a UI offers a loop).
MAX_STEPS = 3000


def digest(html: str) -> str:
    return hashlib.sha256(html.encode("utf-8")).hexdigest()


class Recorder:
    """The digests by key, in the order rendered."""

    def __init__(self) -> None:
        self.renders: dict[str, str] = {}

    def add(self, key: str, page: Page | str) -> None:
        """``page``'s render (or the HTML rendered) under ``key``."""
        assert key not in self.renders, f"the key {key!r} twice"
        self.renders[key] = digest(page if isinstance(page, str) else page.html)


def configurations(game_id: str) -> list[tuple[int, dict[str, Any]]]:
    """The game's configurations worth playing (``Game.setups()``) but those that only
    name the first player."""
    return [(n, opts) for n, opts in get_game(game_id).setups() if "first_player" not in opts]


def config_id(players: int, options: dict[str, Any]) -> str:
    parts = [f"{players}p"]
    for name, value in sorted(options.items()):
        shown = "+".join(map(str, value)) if isinstance(value, list) else str(value)
        parts.append(f"{name}={shown}")
    return ",".join(parts)


def option_fields(game_id: str, players: int, options: dict[str, Any]) -> dict[str, str]:
    """The new-game form's fields choosing ``options`` (screens/new.py: a ``one`` option's
    select sends the index of its choice among those allowed; a ``set`` a checkbox per
    choice and its hidden field)."""
    fields = {}
    for spec in get_game(game_id).options:
        if spec.name not in options:
            continue
        value = options[spec.name]
        key = f"opt-{spec.name}"
        if spec.kind == "set":
            fields[key] = "1"
            for k, choice in enumerate(spec.choices or ()):
                if choice in value:
                    fields[f"{key}-{k}"] = "on"
        else:
            fields[key] = str(list(spec.allowed(players) or ()).index(value))
    return fields


def start(
    rec: Recorder, page: Page, where: str, game_id: str, players: int,
    options: dict[str, Any], seed: int,
) -> Page:  # fmt: skip
    """The new-game dialog filled in as a player would, and the game started: every seat
    a person, but the last a bot in every other game (when there are two seats or more);
    a name that must be escaped."""
    page.click("app.home")
    page.click("app.new", game=game_id)
    rec.add(f"{where}/new", page)
    page.send("app.form", players=str(players))
    page.send("app.form", **option_fields(game_id, players, options))
    rec.add(f"{where}/new-filled", page)
    fields = {"players": str(players), "seed": str(seed)}
    for i in range(players):
        bot = seed % 2 == 1 and i == players - 1 and players > 1
        fields |= {
            f"name-{i}": EVIL if i == 1 else f"P{i + 1}",
            f"colour-{i}": str(i),
            f"kind-{i}": "bot:random" if bot else "human",
        }
    page.send("app.start", **fields)
    game = page.model.game
    assert page.model.screen == "game" and game is not None, (where, page.model.form)
    want = make(game_id, players=players, seed=seed, **options)
    assert game.state.setup == want.setup, (where, game.state.setup, want.setup)
    return page


def screen_of(page: Page) -> str:
    model = page.model
    if model.screen != "game" or model.game is None:
        return model.screen
    if model.game.state.is_terminal():
        return "end"
    if model.thinking is not None:
        return "bot"
    return "pass" if pass_to(model) is not None else "table"


def play(rec: Recorder, page: Page, where: str, rng: Rng) -> Page:
    """Click through the game to its end (or :data:`MAX_STEPS`): one render per step.

    A click is picked among the elements the screen offers, three times in four among
    those the last click brought (a flow's next element: the cells after a piece, the
    confirm after a cell), so that a game moves on instead of wandering."""
    before: list[tuple[str, dict[str, str]]] = []
    for step in range(MAX_STEPS):
        screen = screen_of(page)
        html = page.html
        rec.add(f"{where}/{step:04d}/{screen}", html)
        if screen == "end":
            return page
        thinking = page.model.thinking
        if thinking is not None:  # the worker's answer: a random legal move
            moves = page.state.legal_moves()
            move = str(moves[rng.randbelow(len(moves))])
            page.send("app.bot-move", id=str(thinking.id), move=move)
            continue
        offered = [
            (act, data)
            for _, act, data, off in clickables(html)
            if not off and (not act.startswith("app.") or act in TABLE_ACTS)
        ]
        assert offered, f"{where}/{step}: nothing to click"
        new = [choice for choice in offered if choice not in before]
        pool = new if new and rng.randbelow(4) else offered
        act, data = pool[rng.randbelow(len(pool))]
        before = offered
        page.model = page.app.dispatch(page.model, act, data)
    return page


def after_the_end(rec: Recorder, page: Page, where: str) -> None:
    """The end in every language, the share panel, the replay's first, middle and last
    steps."""
    for lang in LANGUAGES:
        page.send("app.lang", value=lang)
        rec.add(f"{where}/end-{lang}", page)
    page.send("app.lang", value="en")
    if not page.state.is_terminal():
        return
    page.click("app.share")
    rec.add(f"{where}/share", page)
    page.click("app.share-close")
    page.click("app.replay")
    last = len(page.model.replay_states) - 1
    for step in sorted({0, last // 2, last}):
        page.send("app.replay-step", value=str(step))
        rec.add(f"{where}/replay-{step}", page)
    page.click("app.replay-close")


def games_with_a_ui() -> Iterator[str]:
    for game_id in game_ids():
        try:
            get_ui(game_id)
            players, options = get_game(game_id).setups()[0]
            make(game_id, players=players, seed=1, **options)
        except Exception:  # noqa: BLE001 - a registered game not installed here
            continue
        yield game_id


def write(games: int) -> dict[str, str]:
    rec = Recorder()
    app = make_app()
    for lang in LANGUAGES:
        page = Page(app, app.boot(lang))
        rec.add(f"home/{lang}", page)
    for game_id in games_with_a_ui():
        for players, options in configurations(game_id):
            config = f"{game_id}/{config_id(players, options)}"
            app = make_app()
            page = Page(app, app.boot("en"))
            for seed in range(1, games + 1):
                where = f"{config}/{seed}"
                page = start(rec, page, where, game_id, players, options, seed)
                if seed == 1:  # the rules over the table
                    page.reveal_if_asked().click("app.rules")
                    rec.add(f"{config}/rules", page)
                    page.click("app.back")
                page = play(rec, page, where, Rng(seed))
                after_the_end(rec, page, where)
            page.click("app.saves")
            rec.add(f"{config}/saves", page)
            page.click("app.home")
            rec.add(f"{config}/home", page)
        if has_tutorial(game_id):
            tutorial(rec, game_id)
    return rec.renders


def tutorial(rec: Recorder, game_id: str) -> None:
    """The tutorial's steps, each highlighted element clicked or "Next" pressed
    (tests/web/test_tutorials.py, ``play_tutorial``)."""
    script = get_tutorial(game_id)
    assert script is not None
    app = make_app()
    page = Page(app, app.boot("en"))
    page.click("app.tutorial", game=game_id)
    for click in range(200):
        run = page.model.tutorial
        assert run is not None
        rec.add(f"{game_id}/tutorial/{click:03d}/step-{run.step + 1}", page)
        if run.step == len(script.steps) - 1:
            return
        found = targets(page.html)
        if script.steps[run.step].clicks:
            act, data = found[0]
            page.model = page.app.dispatch(page.model, act, data)
        else:
            page.click("app.tutorial-next")
    raise AssertionError(f"{game_id}: the tutorial never ends")


def compare(a: dict[str, str], b: dict[str, str], show: int = 20) -> int:
    keys = list(a) + [k for k in b if k not in a]
    same = [k for k in keys if k in a and k in b and a[k] == b[k]]
    differ = [k for k in keys if a.get(k) != b.get(k)]
    print(f"{len(keys)} renders compared, {len(same)} identical, {len(differ)} different")
    for key in differ[:show]:
        side = "only in A" if key not in b else "only in B" if key not in a else "differs"
        print(f"  {key}: {side}")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    w = sub.add_parser("write", help="render and write the digests")
    w.add_argument("out", type=Path)
    w.add_argument("--games", type=int, default=3, help="seeded games per configuration")
    c = sub.add_parser("compare", help="compare two digests")
    c.add_argument("a", type=Path)
    c.add_argument("b", type=Path)
    args = parser.parse_args(argv)
    if args.command == "compare":
        a, b = (json.loads(p.read_text(encoding="utf-8"))["renders"] for p in (args.a, args.b))
        return compare(a, b)
    conftest.pytest_configure(types.SimpleNamespace())
    began = time.perf_counter()
    renders = write(args.games)
    took = time.perf_counter() - began
    args.out.write_text(
        json.dumps({"games": args.games, "renders": renders}, indent=0) + "\n", encoding="utf-8"
    )
    print(f"{len(renders)} renders ({len(set(renders.values()))} distinct) in {took:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
