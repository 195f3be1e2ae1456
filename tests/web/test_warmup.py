"""tablero.web.warmup: the clicks run before the memory snapshot is taken (build.py)."""

from tablero.web import warmup
from tablero.web.app import App
from tablero.web.games import get_ui
from tablero.web.i18n import translator
from tablero.web.saves import MemoryStorage, SaveStore


def test_warm_up_clicks_through_every_game(monkeypatch):
    acts: list[tuple[str, str]] = []
    dispatch = App.dispatch

    def spy(self, model, act, data=None):
        after = dispatch(self, model, act, data)
        acts.append((model.game.game_id if model.game else "", act))
        assert after.notice is None or after.notice[0] != "app.error.unexpected", act
        return after

    monkeypatch.setattr(App, "dispatch", spy)
    renders = warmup.warm_up()
    # every game the picker offers (engine and UI installed), and only those
    app = App(SaveStore(MemoryStorage()), get_ui, translator=translator)
    offered = {entry.id for entry in app.available_games()}
    assert {"arribada", "arboretum", "arraial"} <= offered
    assert renders >= 2 * len(offered)
    kinds = {kind for kind, _ in acts}
    assert kinds == offered
    # Arribada's first position is a placement: a rack tile, a cell, the confirmation.
    arribada = [act for kind, act in acts if kind == "arribada"]
    assert arribada[:4] == ["app.reveal", "pick-value", "cell", "confirm-move"]
    assert ("arboretum", "pick-card") in acts


def test_table_acts_skip_the_app_menus():
    html = (
        '<button data-act="app.home">x</button>'
        '<button data-act="pick-value" data-value="4" data-x="">4</button>'
        '<g data-act="cell" data-cell="b2"></g>'
    )
    assert warmup._table_acts(html) == [
        ("pick-value", {"value": "4", "x": ""}),
        ("cell", {"cell": "b2"}),
    ]


def test_warm_up_reads_every_catalog_the_tutorials_included(monkeypatch):
    """A page restored from the snapshot has no files until its wheels are unpacked after
    interactive: every catalog must be in memory already, a tutorial's too (a tutorial
    opened in the first second after such a boot showed its message keys)."""
    from tablero.web import i18n

    monkeypatch.setattr(i18n, "_LOADED", {})
    warmup.warm_up(positions=(0,), clicks=0)
    loaded = set(i18n._LOADED)
    for game in ("arribada", "arboretum", "arraial", "diadeplaya"):
        for lang in i18n.LANGUAGES:
            assert (lang, f"{game}.tutorial") in loaded, (lang, game)
            assert (lang, game) in loaded, (lang, game)
    # and a tutorial's text is then read from memory, without its files
    monkeypatch.setattr(i18n, "_GAMES", i18n._GAMES / "gone")
    assert i18n.Catalog.load("ja").t("arribada.tutorial.welcome") != "arribada.tutorial.welcome"
