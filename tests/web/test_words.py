"""Issue 43, item 8 ("Words"): what a new player read wrong, each with the test that
would have caught it (the log's person, Arraial's placements, the solitaire beach, the
daily deal's name on the table, the rules' "below", the share warning's pieces, the
saves list's turns, save titles in the language on screen, Japanese Undo and Cancel)."""

from __future__ import annotations

import re
from html import unescape
from itertools import pairwise

import pytest
from support.ui_helpers import LANGS, play_until, strict_translator
from tablero.core import Rng, make
from tablero.web.games import get_ui
from tablero.web.plugin import Seat
from tablero.web.saves import SavedGame

from web.test_app import Page, make_app
from web.test_tutorials import play_tutorial

# --- the log speaks to the person at the device -------------------------------------------

#: Each game in a setting with one person at the device (seat 0) and another seat.
LOG_GAMES = (
    ("arribada", 2, {}),
    ("arboretum", 2, {}),
    ("arraial", 2, {}),
    ("diadeplaya", 1, {"mode": "solitaire"}),
    ("diadeplaya", 2, {}),
)


def played(game: str, players: int, options: dict, seed: int = 3):
    """A whole random game: its final state (every kind of entry, the end's included)."""
    s = make(game, players=players, seed=seed, **options)
    rng = Rng(seed)
    while not s.is_terminal():
        moves = s.legal_moves()
        s = s.apply_unchecked(moves[rng.randbelow(len(moves))])
    return s


def _log_lines(html: str) -> dict[int, str]:
    """The shell's move log: entry number -> its text."""
    log = html.split('class="shell-log-list"', 1)[1].split("</ol>", 1)[0]
    return {int(n): unescape(x) for n, x in re.findall(r'<li value="(\d+)">(.*?)</li>', log)}


@pytest.mark.parametrize(("game", "players", "options"), LOG_GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_viewers_own_moves_are_told_in_the_second_person(game, players, options, lang):
    """No log line about the viewer's own move starts with the viewer's name (third
    person: "Ana takes"); it is the second-person message ("You take")."""
    t = strict_translator(game, lang)
    ui = get_ui(game)
    final = played(game, players, options)
    names = ["Ana", "Ben", "Cy", "Di"][:players]
    you = [Seat(n, i, you=i == 0) for i, n in enumerate(names)]
    them = [Seat(n, i) for i, n in enumerate(names)]
    mine = [e for e in final.history if e.get("player") == 0]
    assert mine
    for entry in mine:
        said, before = ui.describe(entry, you, t), ui.describe(entry, them, t)
        assert not said.startswith("Ana"), (lang, said)
        if before.startswith("Ana"):  # a sentence about the viewer: now in the second person
            assert said != before, (lang, said)
        if lang == "en" and before.startswith("Ana"):
            assert said.startswith(("You ", "Your ")), said


@pytest.mark.parametrize(("game", "players", "options"), LOG_GAMES)
def test_a_seat_named_you_never_reads_in_the_third_person(game, players, options):
    """The tutorial's player is named "You": never "You's turn ends", "You takes"."""
    t = strict_translator(game, "en")
    ui = get_ui(game)
    final = played(game, players, options)
    seats = [Seat("You", 0, you=True)] + [Seat(n, i) for i, n in enumerate("BCD", 1)][: players - 1]
    for entry in final.history:
        said = ui.describe(entry, seats, t)
        assert "You's" not in said and "You is" not in said, said
        assert not re.search(r"\bYou (?!pass\b)[a-z]+s\b", said), said


def _open(app, game: str, state, seats) -> Page:
    saved = SavedGame(app.store.new_id(), "Test", game, seats, state, 1.0, 1.0)
    app.store.save(saved)
    return Page(app, app.boot("en")).send("app.resume", id=saved.id)


@pytest.mark.parametrize(("game", "players", "options"), LOG_GAMES)
def test_the_shells_log_speaks_to_the_one_person_and_names_people_passing_the_device(
    game, players, options
):
    final = played(game, players, options)
    bots = [Seat("Ana", 0)] + [Seat(f"Bot {i}", i, "bot:easy") for i in range(1, players)]
    lines = _log_lines(_open(make_app(), game, final, bots).html)
    mine = [lines[n] for n, e in enumerate(final.history, 1) if e.get("player") == 0]
    assert mine and not any(x.startswith("Ana") for x in mine)
    assert any(x.startswith(("You ", "Your ")) for x in mine)
    if players > 1:  # two people at one device: each is named
        people = [Seat("Ana", 0)] + [Seat(f"P{i}", i) for i in range(1, players)]
        page = _open(make_app(), game, final, people).reveal_if_asked()
        lines = _log_lines(page.html)
        assert not any(x.startswith(("You ", "Your ")) for x in lines.values())


@pytest.mark.parametrize("game", ["arribada", "arboretum", "arraial", "diadeplaya"])
def test_the_tutorials_log_says_you_in_the_second_person(game):
    app = make_app()
    page = Page(app, app.boot("en"))
    page.click("app.tutorial", game=game)
    play_tutorial(page)
    lines = _log_lines(page.html)
    assert any(x.startswith(("You ", "Your ")) for x in lines.values()), lines
    for x in lines.values():
        assert "You's" not in x and not re.search(r"\bYou (?!pass\b)[a-z]+s\b", x), x


# --- Arraial: the placements made, never "Placed 2 of 1" ---------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_arraials_placements_never_read_more_of_fewer(lang):
    """Phase 1 asks for one placement a turn; two made read "Placed 2 (at least 1
    needed)", not "Placed 2 of 1", in the turn panel and in the status line."""
    from tablero.web.plugin import Selection

    t = strict_translator("arraial", lang)
    s = play_until(
        make("arraial", players=2, seed=3),
        lambda s: s.stage == 1 and s.placed == 2 and s.phase == "act",
        limit=3000,
    )
    seats = [Seat("Ana", 0), Seat("Ben", 1)]
    html = unescape(get_ui("arraial").render_table(s.view(s.current_player), seats, Selection(), t))
    panel = t("arraial.turn.placed", placed=2, need=1)
    status = t("arraial.status.placements", placed=2, count=1)
    assert panel not in html and status not in html
    assert t("arraial.turn.placed.met", placed=2, need=1) in html
    assert t("arraial.status.placements.met", count=2, need=1) in html
    if lang == "en":
        assert "Placed 2 (at least 1 needed)" in html and "2 of 1" not in html


# --- Día de Playa: solitaire's beach is the player's own ----------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_solitaire_beach_is_yours_and_only_cooperative_play_shares_one(lang):
    from tablero.web.plugin import Selection

    t = strict_translator("diadeplaya", lang)
    ui = get_ui("diadeplaya")
    shared, yours = t("diadeplaya.beach.shared"), t("diadeplaya.board.yours")
    solo = played("diadeplaya", 1, {"mode": "solitaire"})
    seats = [Seat("Ana", 0, you=True)]
    for html in (
        ui.render_table(solo.view(0), seats, Selection(), t),
        ui.render_end(solo, seats, t),
        " ".join(ui.describe(e, seats, t) for e in solo.history),
    ):
        assert shared not in unescape(html) and yours in unescape(html)
    coop = played("diadeplaya", 2, {"mode": "cooperative"})
    two = [Seat("Ana", 0), Seat("Ben", 1)]
    assert shared in unescape(ui.render_table(coop.view(0), two, Selection(), t))
    assert shared in unescape(ui.render_end(coop, two, t))


# --- the daily deal's table says it is the daily deal --------------------------------------


def _daily_app():
    import time

    from web.test_challenge import make_app as challenge_app

    return challenge_app(now_ms=time.mktime((2026, 7, 15, 12, 0, 0, 0, 0, -1)) * 1000)


@pytest.mark.parametrize("lang", LANGS)
def test_the_daily_deals_table_names_the_daily_deal_and_its_day(lang):
    from tablero.web.i18n import translator

    app = _daily_app()
    page = Page(app, app.boot(lang)).click("app.daily")
    assert page.model.screen == "game" and not page.state.is_terminal()
    t = translator(lang)
    import datetime

    from tablero.web.challenge import day_text

    label = t("app.challenge.daily.result", day=day_text(datetime.date(2026, 7, 15), t))
    bar = page.html.split("</header>", 1)[0]
    assert "data-daily" in bar and label in unescape(bar)
    if lang == "en":
        assert "Daily deal of 15 July 2026" in unescape(bar)
    # another solitaire game says nothing of a daily deal
    solo = played("diadeplaya", 1, {"mode": "solitaire"}, seed=9)
    other = _open(app, "diadeplaya", make("diadeplaya", players=1, seed=9, mode="solitaire"),
                  [Seat("Ana", 0)])  # fmt: skip
    assert solo is not None and "data-daily" not in other.html


# --- Arboretum's rules: the species list is above its ruling -------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_arboretums_rules_point_up_at_the_species_list_above(lang):
    t = strict_translator("arboretum", lang)
    html = get_ui("arboretum").rules_html(t)
    ruling = t("arboretum.rules.ruling.species")
    legend = html.index('class="arb-legend"')
    assert legend < html.index(ruling.split("（")[0].split("(")[0])
    for below in ("below", "下の", "abajo", "hieronder"):
        assert below not in ruling, (lang, ruling)
    if lang == "en":
        assert "the list above" in ruling


# --- the share warning names what each game's link gives away ------------------------------


SHARED_AWAY = {
    "arribada": ("tiles",),
    "arboretum": ("cards", "hand"),
    "arraial": ("deck",),
    "diadeplaya": ("deck",),
}


@pytest.mark.parametrize("game", sorted(SHARED_AWAY))
def test_the_share_warning_says_what_the_games_link_gives_away(game):
    app = make_app()
    state = make(game, players=2, seed=4)
    page = _open(app, game, state, [Seat("Ana", 0), Seat("Ben", 1)]).reveal_if_asked()
    page.click("app.share")
    html = unescape(page.html)
    warning = html.split('class="shell-warning">', 1)[1].split("</p>", 1)[0]
    assert all(word in warning for word in SHARED_AWAY[game]), warning
    if game != "arribada":
        assert "tiles" not in warning, warning
    for lang in LANGS[1:]:  # each language has the game's own words
        page.send("app.lang", value=lang)
        assert strict_translator(game, lang)(f"{game}.share.warning") in unescape(page.html)


def test_a_challenges_explanation_is_information_not_a_warning():
    from web.test_challenge import finish_on_page

    app = _daily_app()
    page = Page(app, app.boot("en", "", "https://example.org/")).click("app.daily")
    finish_on_page(page, seed=7)
    page.click("app.challenge-share")
    html = page.html
    explanation = "Whoever opens this link is dealt the same cards"
    assert f'<p class="shell-info">{explanation}' in html
    assert 'class="shell-warning"' not in html.split('class="shell-panel shell-share"', 1)[1]


# --- the saves list counts a solitaire's turns ---------------------------------------------


def test_a_finished_solitaire_of_14_cards_counts_14_turns():
    app = make_app()
    final = played("diadeplaya", 1, {"mode": "solitaire"})
    assert sum(1 for e in final.history for x in e["events"] if x["type"] == "lay") == 14
    page = _open(app, "diadeplaya", final, [Seat("Ana", 0)])
    page.click("app.saves")
    assert "turns: 14" in page.html and "turns: 1 " not in page.html
    (summary,) = app.store.list()[0]
    assert summary.turns == 14
    # several players: a turn is still each run of one player's moves
    two = played("arboretum", 2, {})
    runs = 1 + sum(1 for a, b in pairwise(two.history) if a["player"] != b["player"])
    _open(app, "arboretum", two, [Seat("Ana", 0), Seat("Ben", 1)])
    assert sorted(s.turns for s in app.store.list()[0]) == sorted([14, runs])


# --- save titles follow the language on screen ---------------------------------------------


def test_a_titles_the_app_made_follow_the_language_and_a_typed_title_stays():
    from tablero.web.i18n import translator

    app = make_app()
    page = Page(app, app.boot("ja"))
    page.click("app.new", **({"game": "arribada"} if page.model.screen == "home" else {}))
    form = page.model.form
    fields = {"players": "2", "seed": "1", "opt-variant": "0"}
    for i in range(2):
        fields |= {f"name-{i}": form.names[i], f"colour-{i}": str(i), f"kind-{i}": "human"}
    page.send("app.start", **fields)
    saved = page.model.game.name
    assert "プレイヤー1" in saved  # made in Japanese, and kept so in the save
    page.send("app.lang", value="en")
    page.click("app.saves")
    html = unescape(page.html)
    assert "Arribada: Player 1, Player 2" in html and saved not in html
    assert app.store.load(page.model.game.id).name == saved  # the save is unchanged
    page.send("app.lang", value="es")
    es = translator("es")
    names = ", ".join(es("app.new.default-name", n=n) for n in (1, 2))
    title = es("app.save.default-name", game=es(app.entry("arribada").title_key), names=names)
    assert title in unescape(page.html) and saved not in unescape(page.html)
    # renamed: kept as typed, in every language
    game_id = page.model.game.id
    page.click("app.rename", id=game_id)
    page.send("app.rename-save", id=game_id, name="Sunday game")
    for lang in LANGS:
        page.send("app.lang", value=lang)
        assert "Sunday game" in page.html


def test_the_daily_deals_title_follows_the_language():
    app = _daily_app()
    page = Page(app, app.boot("nl")).click("app.daily")
    made = page.model.game.name
    page.send("app.lang", value="en")
    page.click("app.saves")
    html = unescape(page.html)
    assert "daily deal of 15 July 2026" in html and made not in html


# --- Japanese: Undo and Cancel are told apart -----------------------------------------------


def test_japanese_undo_and_cancel_are_different_words():
    from tablero.web.i18n import translator

    t = translator("ja")
    undo = t("app.menu.undo")
    cancels = {t("app.new.cancel"), t("app.saves.cancel")}
    for game in ("arribada", "arboretum", "arraial", "diadeplaya"):
        cancels.add(strict_translator(game, "ja")(f"{game}.button.cancel"))
    for cancel in cancels:
        # not the same word in two forms (取り消す / 取り消し): no common beginning
        assert undo[:2] != cancel[:2], (undo, cancel)
