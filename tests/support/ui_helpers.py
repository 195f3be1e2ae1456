"""Shared by the game UI tests (tests/games/*/test_ui.py) and the widgets' tests
(tests/web/widgets/): the catalogs, a strict translator and one that shows its keys,
hostile seat names, and reading the renderers' markup as XML."""

from __future__ import annotations

import importlib
import xml.etree.ElementTree as ET
from pathlib import Path

from support.catalog_files import Text, folder_messages, text_for
from tablero.web.plugin import Seat

#: The games' UI packages, ``<game>/`` each, with its catalogs in ``<game>/messages/``.
GAMES = Path(__file__).parents[2] / "pyapp/web/src/tablero/web/games"
SHELL_MESSAGES = GAMES.parent / "messages"
LANGS = ("en", "ja", "es", "nl")
EVIL = "<img src=x onerror=alert(1)>"
SEATS = [Seat("Ana", 0), Seat(EVIL, 1), Seat("Cy & Co", 2), Seat("Di", 3)]


def catalog(game: str, lang: str) -> dict[str, Text]:
    """The game's own catalog (``games/<game>/messages/``: its PO file in ``lang``), every
    text (a plural message's forms as a tuple)."""
    data = folder_messages(GAMES / game / "messages", lang)
    assert all(isinstance(v, str | tuple) for v in data.values())
    return data


def declared_keys(game: str) -> set[str]:
    """The catalog keys the game's UI package asks for through the shared declarations it
    makes, by the names every game gives them (written once, in the shared module), not by
    name in its own sources: its log's messages (``log.LOG``, a
    :class:`tablero.web.gamelog.GameLog`), its end screen's (``end.END``, a
    :class:`tablero.web.gameend.EndScreen`), and its UI's pass screen, share panel and
    option hints (``UI``, a :class:`tablero.web.plugin.GameParts`)."""
    package = importlib.import_module(f"tablero.web.games.{game}")
    log = importlib.import_module(f"tablero.web.games.{game}.log").LOG
    end = importlib.import_module(f"tablero.web.games.{game}.end").END
    ui = package.UI
    options = [(f.label_key, *(key for _, key in f.choice_keys)) for f in ui.options()]
    keys = (
        *log.keys,
        log.tiebreak_count,
        *vars(end.keys).values(),
        end.list_sep,
        ui.reveal_key,
        ui.share_key,
        *(key for hint in options for key in hint),
    )
    return {key for key in keys if key}


def strict_translator(game: str, lang: str = "en"):
    """A translate function over the game's catalog and the shell's ``app.*`` keys (the
    shared widgets' words: tablero.web.widgets): a missing key or placeholder fails
    loudly."""
    shell = folder_messages(SHELL_MESSAGES, lang)
    cat = {**{k: v for k, v in shell.items() if k.startswith("app.")}, **catalog(game, lang)}

    def t(key: str, **params) -> str:
        if key not in cat:
            raise KeyError(f"missing catalog key {key!r} ({lang})")
        text = cat[key]
        if isinstance(text, tuple):
            text = text_for(text, lang, params["count"])
        return text.format(**params)

    return t


def parse(html: str) -> ET.Element:
    """The HTML as XML (the renderers write well-formed markup)."""
    return ET.fromstring(f"<root>{html}</root>")


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    """The elements whose ``class`` is exactly ``cls``."""
    return [el for el in root.iter() if el.get("class") == cls]


def keys_and_params(key: str, **params: object) -> str:
    """A translator that shows the key and its parameters (sorted): what a widget asked
    the catalog for, checked without one."""
    return key + "".join(f" {k}={v}" for k, v in sorted(params.items()))


def find(root: ET.Element, **attrs: str) -> list[ET.Element]:
    """The elements whose attributes (``data_act=...`` for ``data-act``) all match."""
    return [
        el for el in root.iter() if all(el.get(k.replace("_", "-")) == v for k, v in attrs.items())
    ]


def acts(root: ET.Element, act: str) -> list[ET.Element]:
    """The elements a click acts on with ``act`` (``data-act``)."""
    return find(root, data_act=act)


def random_states(game: str, players: int, seed: int, every: int) -> list:
    """States along a random game of ``game``, every ``every`` moves, and the final one."""
    from tablero.core import Rng, make

    s = make(game, players=players, seed=seed)
    rng = Rng(seed)
    out = []
    i = 0
    while not s.is_terminal():
        if i % every == 0:
            out.append(s)
        moves = s.legal_moves()
        s = s.apply_unchecked(moves[rng.randbelow(len(moves))])
        i += 1
    out.append(s)
    return out


def check_catalogs_agree(game: str, may_be_blank: tuple[str, ...] = ()) -> None:
    """Every language of the game's catalog has English's keys (all under ``<game>.``)
    and, per key, the same placeholders; no text is blank unless allowed.  A plural
    message (its forms a tuple) is the same in each language as its general (last) form,
    and no other form has a placeholder the general one lacks."""
    import re

    def names(text: str) -> list[str]:
        return sorted(re.findall(r"\{(\w*)\}", text))

    en = catalog(game, "en")
    assert all(k.startswith(f"{game}.") for k in en)
    for lang in LANGS[1:]:
        other = catalog(game, lang)
        assert set(other) == set(en), (lang, set(other) ^ set(en))
        for key, text in en.items():
            forms = other[key]
            if isinstance(text, tuple):
                assert isinstance(forms, tuple), (lang, key)
                want = names(text[-1])
                assert names(forms[-1]) == want, (lang, key)
                assert all(set(names(form)) <= set(want) for form in forms), (lang, key)
                assert all(form.strip() for form in forms), (lang, key)
                continue
            assert isinstance(forms, str), (lang, key)
            assert names(forms) == names(text), (lang, key)
            assert forms.strip() or key in may_be_blank, (lang, key)


def play_until(state, want, seed: int = 1, limit: int = 500):
    """Random legal moves from ``state`` until ``want(state)``."""
    from tablero.core import Rng

    rng = Rng(seed)
    for _ in range(limit):
        if want(state):
            return state
        moves = state.legal_moves()
        state = state.apply(moves[rng.randbelow(len(moves))])
    raise AssertionError("never reached")


def recent_window(view) -> list[tuple[int, dict]]:
    """The entries the table animates: the viewer's last turn and every turn since, and
    when the viewer moved last the others' turns before it, back to the viewer's turn
    before (the latest turn's, without a viewer).  A turn: one player's entries in a
    row."""
    turns: list[tuple[int, list[int]]] = []
    for j, entry in enumerate(view.history):
        if turns and turns[-1][0] == entry["player"]:
            turns[-1][1].append(j)
        else:
            turns.append((entry["player"], [j]))
    if not turns:
        return []
    mine = [k for k, (p, _) in enumerate(turns) if p == view.viewer]
    if view.viewer is None:
        start = len(turns) - 1
    elif mine and mine[-1] == len(turns) - 1:
        start = mine[-2] if len(mine) > 1 else 0
    else:
        start = mine[-1] if mine else 0
    return [(j + 1, view.history[j]) for _, js in turns[start:] for j in js]
