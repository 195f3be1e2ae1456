"""A sample of the fuzzing cases opened in the real page: hostile links pasted into the
address bar of an open app and hostile files imported through its menu, with a game
already saved, spread evenly over every game with a table in the app (``build.ui_games()``:
the games with a UI package), each game's valid link and file opened once first.

Each case's expected end is computed first by the same Python code in CPython (the page
runs it in Pyodide): the documented error, shown in the page as the catalog's sentence
for its code, or a game opened (or imported) as a new save.  Throughout: no uncaught
error in the page, and every save stored before is still there byte for byte (0 saves
overwritten).  The inputs come from ``tests/web/test_fuzz_links_saves.py``'s mutators.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from support.catalog_files import folder_messages
from tablero.core import CorruptDataError
from tablero.web.links import decode_link, encode_link
from tablero.web.plugin import Seat
from tablero.web.remotegames import is_remote_link, link_session, read_part
from tablero.web.saves import MemoryStorage, SavedGame, SaveStore, export_json, import_json
from tablero.web.screens.remote import _invite_fields as invite_fields
from ui import open_app, renders, wait_rendered

import build

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CATALOG = folder_messages(ROOT / "pyapp/web/src/tablero/web/messages", "en")
LINK_CASES = 240
FILE_CASES = 80
# Every game with a table in the app: a UI package (a registered game without one yet is
# fuzzed in CPython only, by tests/web/test_fuzz_links_saves.py). The cases go round them.
GAMES = build.ui_games()

SAVES = """() => Object.fromEntries(Object.keys(localStorage)
  .filter((k) => k.startsWith('tablero.save.')).map((k) => [k, localStorage.getItem(k)]))"""


def fuzz_module() -> Any:
    spec = importlib.util.spec_from_file_location(
        "fuzz_links_saves", ROOT / "tests" / "web" / "test_fuzz_links_saves.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def human_samples(fz: Any) -> list[tuple[list[str], list[str]]]:
    """Links and save files of each game's sample games, every seat a human's (a bot's
    seat would have the page play on while the next case is checked)."""
    out = []
    for game_id in GAMES:
        sample = fz.sample_of(game_id)
        links, records = [], []
        for k, (state, seats) in enumerate(zip(sample.states, sample.seats, strict=True)):
            humans = [Seat(s.name, s.colour, "human") for s in seats]
            links.append(encode_link(state, humans))
            saved = SavedGame(f"base{k}", f"Game {k}", game_id, humans, state, 1.7e12, 1.7e12)
            records.append(export_json(saved))
        out.append((links, records))
    return out


def hostile_links(fz: Any, rng: random.Random) -> list[tuple[str, str]]:
    """``LINK_CASES`` (game, link) pairs, the games in turn: each game's sample links
    untouched first (they must open), then mutated ones."""
    samples = human_samples(fz)
    out = [(game_id, links[0]) for game_id, (links, _) in zip(GAMES, samples, strict=True)]
    links: list[str] = []
    while len(out) + len(links) < LINK_CASES:
        game_links = samples[len(links) % len(samples)][0]
        link = rng.choice(game_links)
        payload = fz.payload_of(link)
        kind = rng.randrange(10)
        if kind < 3:
            links.append(fz.mutate_text(link, rng))
        elif kind < 6:
            mutated = fz.mutate_json(payload, rng, rng.choice([1, 2]))
            links.append(fz.frame(json.dumps(mutated).encode()))
        elif kind == 6:
            deep = json.dumps(payload)[:-1] + "," + fz.nest(rng.choice([60, 3000]), rng) + "]"
            links.append(fz.frame(deep.encode()))
        elif kind == 7:
            links.append(fz.frame_body(fz.bomb_body(2, rng.choice([b" ", b"["]))))
        elif kind == 8:
            one = rng.choice(fz.UNICODE_ONES)
            links.append(rng.choice(["tb01.", f"tb{one}.", "tb2.", "tb0."]) + link[4:])
        else:
            links.append("tb1." + fz.random_text(rng)[:300])
    out += [(GAMES[i % len(GAMES)], link) for i, link in enumerate(links)]
    return out


def hostile_files(fz: Any, rng: random.Random) -> list[tuple[str, bytes]]:
    """``FILE_CASES`` (game, file) pairs, as :func:`hostile_links`: each game's sample
    file untouched first (it must import), then mutated ones."""
    samples = human_samples(fz)
    out = [
        (game_id, records[0].encode()) for game_id, (_, records) in zip(GAMES, samples, strict=True)
    ]
    files: list[bytes] = []
    while len(out) + len(files) < FILE_CASES:
        record_text = rng.choice(samples[len(files) % len(samples)][1])
        kind = rng.randrange(6)
        if kind < 2:
            mutated = fz.mutate_json(json.loads(record_text), rng, rng.choice([1, 2]))
            text = json.dumps(mutated, ensure_ascii=False)
        elif kind < 4:
            text = fz.mutate_text(record_text, rng)
        elif kind == 4:
            text = record_text.rstrip()[:-1] + ',"x":' + fz.nest(rng.choice([60, 5000]), rng) + "}"
        else:
            text = fz.random_text(rng)
        files.append(text.encode("utf-8", "surrogatepass"))
    out += [(GAMES[i % len(GAMES)], data) for i, data in enumerate(files)]
    return out


def expected_link(fragment: str) -> str:
    """What the page says of ``fragment``: a share link's outcome (``opened`` or its
    error's code), or for a link of a game with friends (``tb2.``, read by that flow)
    ``remote:`` and the code of its refusal, or ``remote:unknown`` (a game not here)."""
    if fragment.startswith("tbp."):  # a part of a long link: kept, or refused
        try:
            read_part(fragment)
        except CorruptDataError as exc:
            return f"remote:{exc.code}"
        return "remote:part"
    if is_remote_link(fragment):
        try:
            kind, _ = link_session(fragment)
            if kind == "i":
                invite_fields(fragment)
        except CorruptDataError as exc:
            return f"remote:{exc.code}"
        return "remote:invite" if kind == "i" else "remote:unknown"
    try:
        decode_link(fragment)
    except CorruptDataError as exc:
        return str(exc.code)
    return "opened"


def expected_file(data: bytes) -> str:
    text = data.decode("utf-8", "replace")  # what the page's File.text() gives
    try:
        import_json(text, SaveStore(MemoryStorage()), 1.0)
    except CorruptDataError as exc:
        return str(exc.code)
    return "imported"


def shown(page: Any) -> str:
    parts = page.evaluate(
        "() => [...document.querySelectorAll('.shell-notice, .shell-toast')]"
        ".map((e) => e.textContent).join(' | ')"
    )
    return str(parts)


def test_hostile_links_and_files_in_the_page(new_page, site_server):
    fz = fuzz_module()
    rng = random.Random(2201)
    page = open_app(new_page, site_server)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    from ui import new_game

    new_game(page, seed=4)
    kept = page.evaluate(SAVES)
    assert len(kept) == 1
    outcomes: dict[str, int] = {}
    per_game: dict[str, dict[str, int]] = {game_id: {} for game_id in GAMES}

    def count(game_id: str, want: str) -> None:
        outcomes[want] = outcomes.get(want, 0) + 1
        per_game[game_id][want] = per_game[game_id].get(want, 0) + 1

    def check_kept() -> None:
        now = page.evaluate(SAVES)
        for key, text in kept.items():
            assert now.get(key) == text, f"the save {key} was changed"

    started = time.perf_counter()
    for i, (game_id, link) in enumerate(hostile_links(fz, rng)):
        before = renders(page)
        # The address as the page reads it (the browser escapes some characters).
        fragment = page.evaluate("(f) => { location.hash = f; return location.hash; }", link)
        fragment = fragment.lstrip("#")
        if not fragment:
            continue
        want = expected_link(fragment)
        wait_rendered(page, before, 30_000)
        count(game_id, want)
        text = shown(page)
        if want == "opened":
            assert CATALOG["app.link.opened"] in text, (link, text)
        elif want == "remote:unknown":
            assert CATALOG["app.remote.unknown"] in text, (link, text)
        elif want == "remote:part":
            assert "Part " in text, (link, text)
        elif want == "remote:invite":
            assert page.locator(".shell-remote-join").count() == 1, (link, text)
        elif want.startswith("remote:"):
            sentence = CATALOG["app.remote.bad-link"].replace(
                "{reason}", CATALOG[f"app.problem.{want[7:]}"]
            )
            assert sentence in text, (link, want, text)
        else:
            sentence = CATALOG["app.error.bad-link"].replace(
                "{reason}", CATALOG[f"app.problem.{want}"]
            )
            assert sentence in text, (link, want, text)
        if i % 40 == 0:
            check_kept()

    links_seconds = time.perf_counter() - started
    menu_input = '.shell-menu-items input[type="file"]'
    for i, (game_id, data) in enumerate(hostile_files(fz, rng)):
        want = expected_file(data)
        count(game_id, "file " + want)
        before = renders(page)  # the first act after it clears the toast
        page.set_input_files(
            menu_input,
            files=[{"name": "game.json", "mimeType": "application/json", "buffer": data}],
        )
        if want == "imported":
            sentence = CATALOG["app.import.done"].split("“")[0]
        else:
            sentence = CATALOG["app.error.import-failed"].replace(
                "{reason}", CATALOG[f"app.problem.{want}"]
            )
        try:
            page.wait_for_function(
                "([b, s]) => document.getElementById('app').dataset.render !== b"
                " && [...document.querySelectorAll('.shell-toast')]"
                ".some((e) => e.textContent.includes(s))",
                arg=[before, sentence],
                timeout=30_000,
            )
        except Exception:  # noqa: BLE001 - reported with what the page shows
            pytest.fail(f"{want}: {sentence!r} not shown for {data[:120]!r}; shown: {shown(page)}")
        if i % 20 == 0:
            check_kept()

    check_kept()
    files_seconds = time.perf_counter() - started - links_seconds
    print("browser fuzz outcomes:", json.dumps(outcomes, sort_keys=True))
    for game_id in GAMES:
        print(f"  {game_id}: {sum(per_game[game_id].values())} cases,", per_game[game_id])
    print(f"links {links_seconds:.1f} s, files {files_seconds:.1f} s")
    assert errors == []
    assert sum(outcomes.values()) >= (LINK_CASES + FILE_CASES) * 0.9
    for game_id in GAMES:  # a link of every game opened in the page, a file imported
        got = per_game[game_id]
        assert got.get("opened", 0) >= 1 and got.get("file imported", 0) >= 1, (game_id, got)
        assert sum(got.values()) >= (LINK_CASES + FILE_CASES) / len(GAMES) * 0.9, (game_id, got)
