"""The Día de Playa UI package (tablero.web.games.diadeplaya), in CPython: the table's
decisions (the first card's face and rotation, a card of the market, a place on the
beach with its ghost, the preview, Confirm), the running scores, the other beaches, the
hot-seat pass screen through the app's model, the end screen with each criterion's
scoring marked, the move log, the rules help and the catalogs.

Whether every language holds the same keys with the same placeholders is checked for
every package at once by tests/web/test_app.py (the merged catalogs); here: every key
the package can ask for exists in all four languages, and every key is asked for.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from support import ui_helpers
from support.ui_helpers import EVIL, GAMES, LANGS, SEATS, acts, find, parse, play_until
from tablero.core import Rng, make
from tablero.diadeplaya import Place, Rotate, Side, Take
from tablero.diadeplaya.beach import covered, legal_spots
from tablero.diadeplaya.data import BEACHES, CRITERIA
from tablero.diadeplaya.scoring import GRID
from tablero.diadeplaya.shapes import face_name, face_of
from tablero.web.games import get_ui
from tablero.web.games.diadeplaya.end import score_series, scoring_marks
from tablero.web.games.diadeplaya.look import MARKED
from tablero.web.games.diadeplaya.rules import ruling_keys
from tablero.web.games.diadeplaya.words import face_words
from tablero.web.model import pass_to
from tablero.web.plugin import Seat, Selection
from tablero.web.saves import SavedGame
from web.test_app import Page, make_app

UI = get_ui("diadeplaya")
GAME = "diadeplaya"
#: every mode with each player count it allows
MODES = (
    ("solitaire", 1),
    ("competitive", 2),
    ("competitive", 3),
    ("teams", 4),
    ("cooperative", 2),
    ("cooperative", 4),
)


def make_t(lang: str = "en"):
    return ui_helpers.strict_translator(GAME, lang)


T = make_t("en")


def new_game(mode: str = "competitive", players: int = 2, seed: int = 3, **options: Any):
    return make(GAME, players=players, seed=seed, mode=mode, first_player=0, **options)


def render(view, sel=None, seats=None, t=T) -> ET.Element:
    html = UI.render_table(view, (seats or SEATS)[: view.num_players], sel or Selection(), t)
    assert "<img" not in html  # the hostile name is text
    return parse(html)


def click(view, sel, **target):
    return UI.on_click(view, sel, {f"data-{k}": str(v) for k, v in target.items()})


def having(root: ET.Element, attr: str) -> list[ET.Element]:
    return [el for el in root.iter() if el.get(attr) is not None]


def text_of(el: ET.Element) -> str:
    return "".join(el.itertext())


def classed(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in (el.get("class") or "").split()]


def finished(mode: str, players: int, seed: int = 5):
    return play_until(new_game(mode, players, seed), lambda s: s.is_terminal(), seed)


def states_along(mode: str, players: int, seed: int, every: int = 5) -> list:
    s = new_game(mode, players, seed)
    rng = Rng(seed)
    out = []
    i = 0
    while not s.is_terminal():
        if i % every == 0:
            out.append(s)
        moves = s.legal_moves()
        s = s.apply(moves[rng.randbelow(len(moves))])
        i += 1
    return [*out, s]


def board_of(root: ET.Element) -> ET.Element:
    (panel,) = classed(root, "dp-beach-panel")
    return panel


def name_of(el: ET.Element) -> str:
    """An element's accessible name: its aria-label, else the text a screen reader reads
    in it (the parts marked ``aria-hidden`` are not read)."""
    if el.get("aria-label"):
        return el.get("aria-label")

    def said(e: ET.Element) -> str:
        if e.get("aria-hidden") == "true":
            return ""
        return (e.text or "") + "".join(said(c) + (c.tail or "") for c in e)

    return said(el).strip()


def spots(root: ET.Element) -> list[str]:
    return [el.get("data-move") for el in acts(root, "spot")]


# --- the catalogs ----------------------------------------------------------------------

SOURCES = "".join(p.read_text(encoding="utf-8") for p in (GAMES / GAME).glob("*.py"))


def test_every_key_the_package_names_exists_in_every_language():
    literal = set(re.findall(r'"(diadeplaya\.[a-z_]+(?:\.[a-z_]+)*)"', SOURCES))
    assert len(literal) > 60
    # the families the package builds with f-strings
    built = {f"diadeplaya.criterion.{c}" for c in CRITERIA}
    built |= {f"diadeplaya.status.you.{p}" for p in ("side", "first", "take", "rotate", "place")}
    built |= {f"diadeplaya.status.other.{p}" for p in ("side", "rotate", "take", "place")}
    built |= {f"diadeplaya.hint.{p}" for p in ("side", "first", "take", "rotate")}
    built |= {"diadeplaya.kind." + k for k in ("sand", "surfer", "tourist", "lifeguard",
                                               "umbrella", "stall", "litter")}  # fmt: skip
    built |= {f"diadeplaya.option.mode.{m}" for m in ("competitive", "teams", "cooperative",
                                                      "solitaire")}  # fmt: skip
    built |= {f"diadeplaya.option.criteria.{c}" for c in CRITERIA}
    built |= {"diadeplaya.option.mode", "diadeplaya.option.criteria",
              "diadeplaya.option.first_player"}  # fmt: skip
    built |= ui_helpers.declared_keys(GAME)  # asked for through the shared declarations
    for lang in LANGS:
        cat = ui_helpers.catalog(GAME, lang)
        missing = sorted(k for k in literal | built if k not in cat)
        assert not missing, (lang, missing)
        texts = [
            form
            for key, text in cat.items()
            if key != "diadeplaya.sep.sentence"
            for form in (text if isinstance(text, tuple) else (text,))
        ]
        assert all(form.strip() for form in texts)


def test_every_catalog_key_is_asked_for():
    # keys asked for by family, and its title and blurb (by the shell: GameEntry.of)
    families = ("diadeplaya.status.you.", "diadeplaya.status.other.", "diadeplaya.hint.",
                "diadeplaya.criterion.", "diadeplaya.kind.", "diadeplaya.option.",
                "diadeplaya.rules.",
                "diadeplaya.title", "diadeplaya.blurb")  # fmt: skip
    declared = ui_helpers.declared_keys(GAME)  # asked for through the shared declarations
    for key in ui_helpers.catalog(GAME, "en"):
        # a log line's second person ("You lay ...") is asked for as its key + ".you"
        base = key.removesuffix(".you") if ".log." in key else key
        if not key.startswith(families) and base not in declared:
            assert f'"{base}"' in SOURCES, key


def test_the_new_game_form_offers_the_cores_options():
    hints = {f.name for f in UI.options()}
    assert hints == {"mode", "criteria", "first_player"}
    for hint in UI.options():
        for _value, key in hint.choice_keys:
            T(key)


@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_renders_in_every_language(lang):
    t = make_t(lang)
    for mode, players in MODES:
        for s in states_along(mode, players, seed=players + 40, every=7):
            for viewer in range(players):
                html = UI.render_table(s.view(viewer), SEATS[:players], Selection(), t)
                assert "{" not in re.sub(r"<style>.*?</style>", "", html, flags=re.S)
        end = s
        parse(UI.render_end(end, SEATS[:players], t))
        for entry in end.history:
            assert UI.describe(entry, SEATS[:players], t).strip()
    parse(UI.rules_html(t))


# --- the table: what every beach shows -----------------------------------------------


@pytest.mark.parametrize(("mode", "players"), MODES)
def test_every_beach_and_its_running_points_are_shown(mode, players):
    for s in states_along(mode, players, seed=players * 7 + len(mode)):
        for viewer in range(players):
            view = s.view(viewer)
            root = render(view)
            own = view.beach_of(viewer)
            board = board_of(root)
            assert board.get("data-beach") == str(own)
            (blocks,) = having(board, "data-blocks")
            assert blocks.get("data-blocks") == str(len(s.grids[own]))
            # the sea along the bottom of the beach
            assert find(board, data_sea="bottom")
            (total,) = having(board, "data-beach-points")
            assert total.get("data-beach-points") == str(sum(s.points[own].values()))
            # each criterion's running points on each beach, and the totals
            for b in range(s.beach_count):
                for c in s.criteria:
                    (cell,) = find(root, data_points=f"{b}:{c}")
                    assert cell.text == str(s.points[b][c])
                (tot,) = find(root, data_beach_total=str(b))
                assert tot.text == str(sum(s.points[b].values()))
            # the other beaches, smaller, beside it (none when the beach is shared)
            others = classed(root, "dp-other")
            assert sorted(int(o.get("data-beach")) for o in others) == [
                b for b in range(s.beach_count) if b != own
            ]
            for o in others:
                b = int(o.get("data-beach"))
                (svg,) = classed(o, "dp-beach")
                assert "is-small" in svg.get("class")
                (blocks,) = having(o, "data-blocks")
                assert blocks.get("data-blocks") == str(len(s.grids[b]))
            # the seats' scores (each seat's, the team's, or the shared beach's)
            scores = [int(el.get("data-score")) for el in having(root, "data-score")]
            assert scores == list(s.score)
            if mode == "teams":
                teams = [text_of(el) for el in classed(root, "dp-stat")]
                assert teams == ["Team A", "Team B", "Team A", "Team B"]
            # the market: every slot's face and its other face's name, the deck's count
            for slot, face in enumerate(s.market):
                (li,) = find(root, data_slot=str(slot + 1))
                if face is None:
                    assert "is-empty" in li.get("class")
                else:
                    assert li.get("data-face") == face_name(face)
                    (card,) = classed(li, "dp-take")
                    assert name_of(card) == (
                        f"Slot {slot + 1}: card {face_name(face)}, {face_words(face, T)}. "
                        f"Other side, {face_name(face ^ 1)}: {face_words(face ^ 1, T)}."
                    )
            (deck,) = having(root, "data-deck-count")
            assert deck.get("data-deck-count") == str(s.deck_count)
            # nothing to click on another seat's turn (the zoom only)
            if viewer != s.current_player:
                for act in ("move", "spot", "turn", "confirm-move"):
                    assert not acts(root, act), act
                assert not click(view, Selection(), act="move", move="side a")[1]


def test_the_others_cards_since_my_last_turn_are_marked():
    s = play_until(new_game("competitive", 3, seed=4), lambda x: len(x.laid[2]) >= 2)
    s = play_until(s, lambda x: x.current_player == 0 and x.phase == "take")
    root = render(s.view(0))
    for b in (1, 2):
        (panel,) = find(root, data_beach=str(b))
        marked = [el.get("data-recent-cell") for el in having(panel, "data-recent-cell")]
        lays = [e for h in s.history for e in h["events"]
                if e["type"] == "lay" and e["beach"] == b]  # fmt: skip
        assert marked == [lays[-1]["cell"]]
    assert not having(board_of(root), "data-recent-cell")


# --- the table: each decision -----------------------------------------------------------


def test_the_first_card_is_a_choice_of_face_then_of_rotation_laid_in_the_middle():
    s = new_game("competitive", 2, seed=3)
    view = s.view(0)
    root = render(view)
    faces = [el.get("data-move") for el in acts(root, "move")]
    assert faces == ["side a", "side b"]
    (first,) = having(root, "data-focus")
    assert first.get("data-move") == "side a"
    card = s.firsts[0]
    labels = [name_of(el) for el in acts(root, "move")]
    names = [face_name(face_of(card, side)) for side in (0, 1)]
    assert labels == [f"Start with face {n}" for n in names] and names[0][-1] == "a"
    sel, move = click(view, Selection(), act="move", move="side b")
    assert move == Side(1) and sel == Selection()
    s = s.apply(move)
    view = s.view(0)
    root = render(view)
    assert "Your first card: turn it as you like and lay it." in text_of(root)
    # the card's ghost where it will lie, turned as the selection says
    (lay,) = [el for el in acts(root, "move") if el.get("data-move", "").startswith("rotate")]
    assert lay.get("data-move") == "rotate 0"
    (hand,) = having(root, "data-hand")
    assert hand.get("data-rotation") == "0"
    assert classed(root, "dp-chosen")
    sel, move = click(view, Selection(), act="turn")
    assert move is None and sel.data == {"rot": 90}
    root = render(view, sel)
    (lay,) = [el for el in acts(root, "move") if el.get("data-move", "").startswith("rotate")]
    assert lay.get("data-move") == "rotate 90"
    assert having(root, "data-hand")[0].get("data-rotation") == "90"
    (turn,) = acts(root, "turn")
    assert turn.get("data-key") == "r"
    _, move = click(view, sel, act="move", move="rotate 90")
    assert move == Rotate(90)
    s = s.apply(move)
    assert s.grids[0] and s.phase in ("side", "take")


def taking_state(seed: int = 3):
    """Seat A to take a card, both first cards laid."""

    def ready(x) -> bool:
        return x.phase == "take" and x.current_player == 0 and bool(x.grids[1])

    return play_until(new_game("competitive", 2, seed=seed), ready)


def test_the_market_offers_exactly_the_legal_takes():
    s = taking_state()
    view = s.view(0)
    root = render(view)
    takes = [el.get("data-move") for el in acts(root, "move")]
    assert takes == [str(m) for m in s.legal_moves()]
    assert root.iter() and "Your turn: take a card from the market." in text_of(root)
    sel, move = click(view, Selection(), act="move", move=takes[-1])
    assert isinstance(move, Take) and str(move) == takes[-1]
    assert click(view, Selection(), act="move", move="take 9") == (Selection(), None)
    # the other seat's market cannot be clicked
    assert not acts(render(s.view(1)), "move")


def test_the_ghost_shows_every_legal_place_for_each_rotation_and_choosing_one_turns_the_card():
    s = taking_state().apply(Take(1))
    view = s.view(0)
    face = s.holding
    grid = s.grids[0]
    sel = Selection()
    for rot in (0, 90, 180, 270):
        root = render(view, sel)
        shown = spots(root)
        want = [f"place {x},{y}" for x, y in legal_spots(grid, face, rot)]
        assert sorted(shown) == sorted(want) and shown
        # each handle has its ghost beside it, with the cells it would cover marked
        handles = {el.get("data-move"): el for el in acts(root, "spot")}
        ghosts = classed(root, "dp-ghost")
        assert len(ghosts) == len(handles)
        for move, el in handles.items():
            x, y = GRID.parse_xy(move.removeprefix("place "))
            n = len(covered(grid, face, rot, x, y))
            blocks = "1 block" if n == 1 else f"{n} blocks"
            assert el.get("aria-label") == f"Place the card at {x},{y}, covering {blocks}"
            assert el.get("role") == "button"
        # one handle is the keyboard's focus, the others reachable by the arrow keys
        assert [el.get("tabindex") for el in handles.values()].count("0") == 1
        (svg,) = [el for el in having(root, "data-rove") if el.get("data-rove") == "grid"]
        assert svg.get("role") == "group"
        assert having(root, "data-hand")[0].get("data-rotation") == str(rot)
        sel, move = click(view, sel, act="turn")
        assert move is None
    assert sel.data == {"rot": 0}
    # a place: the card is turned for good, the place remembered
    sel = Selection({"rot": 90})
    target = sorted(legal_spots(grid, face, 90))[0]
    sel, move = click(view, sel, act="spot", move=f"place {target[0]},{target[1]}")
    # (and its turn, which Cancel gives back: issue 43)
    assert move == Rotate(90) and sel.data == {"at": f"place {target[0]},{target[1]}", "rot": 90}
    # a place no rule allows is refused
    bad = next((x, y) for x in range(-9, 9) for y in range(-9, 9)
               if (x, y) not in legal_spots(grid, face, 90))  # fmt: skip
    assert click(view, Selection({"rot": 90}), act="spot", move=f"place {bad[0]},{bad[1]}") == (
        Selection({"rot": 90}), None)  # fmt: skip
    assert click(view, Selection(), act="spot", move="place x") == (Selection(), None)


def placing(seed: int = 3):
    """Seat A holding a card turned for good, with its legal places."""
    s = taking_state(seed).apply(Take(1))
    return s.apply(Rotate(90))


def test_only_legal_places_can_be_chosen_and_confirmed():
    s = placing()
    view = s.view(0)
    legal = sorted(str(m) for m in s.legal_moves())
    root = render(view)
    assert sorted(spots(root)) == legal
    assert not acts(root, "confirm-move")  # nothing chosen yet: no Confirm
    assert "Choose one of the marked places." in text_of(root)
    (cancel,) = acts(root, "app.undo")
    assert cancel.get("data-esc") == "1"
    assert click(view, Selection(), act="confirm-move") == (Selection(), None)
    # a made-up place, chosen or kept in the selection, is never confirmed
    assert click(view, Selection(), act="spot", move="place 40,40") == (Selection(), None)
    forged = Selection({"at": "place 40,40"})
    assert click(view, forged, act="confirm-move") == (forged, None)
    assert not acts(render(view, forged), "confirm-move")
    for text in legal:
        sel, move = click(view, Selection(), act="spot", move=text)
        assert move is None and sel.data == {"at": text, "rot": 90}  # the turn kept for Cancel
        root = render(view, sel)
        (confirm,) = acts(root, "confirm-move")
        assert confirm.get("data-move") == text
        assert having(root, "data-focus") == [confirm]  # the focus goes to Confirm
        (chosen,) = [el for el in acts(root, "spot") if el.get("aria-pressed") == "true"]
        assert chosen.get("data-move") == text
        assert classed(root, "dp-chosen")
        sel2, move = click(view, sel, act="confirm-move")
        assert isinstance(move, Place) and str(move) == text and sel2 == Selection()


def test_the_preview_says_each_criterions_change_and_the_beachs_total():
    seen_gain = seen_loss = 0
    for seed in range(3, 12):
        s = play_until(new_game("competitive", 2, seed=seed),
                       lambda x: x.phase == "place" and len(x.laid[x.current_player]) >= 3,
                       seed=seed)  # fmt: skip
        me = s.current_player
        view = s.view(me)
        for m in s.legal_moves():
            pv = s.preview(m)
            root = render(view, Selection({"at": str(m)}))
            (panel,) = having(root, "data-preview")
            assert panel.get("data-preview") == str(m)
            assert panel.get("aria-live") == "polite"
            rows = {
                el.get("data-gain"): int(el.get("data-change")) for el in having(panel, "data-gain")
            }
            want = {r["criterion"]: r["after"] - r["before"] for r in pv["criteria"]
                    if r["after"] != r["before"]}  # fmt: skip
            assert rows == want
            for el in having(panel, "data-gain"):
                c = el.get("data-gain")
                r = next(r for r in pv["criteria"] if r["criterion"] == c)
                words = text_of(el)
                assert words.startswith(T(f"diadeplaya.criterion.{c}") + ": ")
                assert f"{r['before']} → {r['after']}" in words
            (tot,) = having(panel, "data-total-change")
            change = pv["total"]["after"] - pv["total"]["before"]
            assert int(tot.get("data-total-change")) == change
            assert f"Beach: {pv['total']['before']} → {pv['total']['after']} points" in text_of(tot)
            if not want:
                assert "No criterion changes." in text_of(panel)
            seen_gain += any(v > 0 for v in want.values())
            seen_loss += any(v < 0 for v in want.values())
        if seen_gain and seen_loss:
            break
    assert seen_gain and seen_loss


def test_the_zoom_steps_and_is_kept_across_a_move():
    s = placing()
    view = s.view(0)
    sel, move = click(view, Selection(), act="zoom", zoom="in")
    assert move is None and sel.data == {"zoom": 3}
    root = render(view, sel)
    (wrap,) = classed(root, "dp-beach-wrap")
    assert "is-zoomed" in wrap.get("class")
    sel, _ = click(view, sel, act="zoom", zoom="out")
    sel, _ = click(view, sel, act="zoom", zoom="fit")
    assert "zoom" not in sel.data
    # the zoom stays while a place is chosen and confirmed
    sel = Selection({"zoom": 4})
    sel, _ = click(view, sel, act="spot", move=str(s.legal_moves()[0]))
    assert sel.data["zoom"] == 4
    sel, _ = click(view, sel, act="confirm-move")
    assert sel == Selection({"zoom": 4})
    # another seat may zoom while waiting
    assert click(s.view(1), Selection(), act="zoom", zoom="in")[0].data == {"zoom": 3}


# --- through the app: the new-game form, hot seat -------------------------------------

MODE_INDEX = {"competitive": 0, "teams": 1, "cooperative": 2, "solitaire": 3}


def start_on_page(mode: str, kinds: tuple[str, ...], seed: str = "5") -> Page:
    app = make_app()
    page = Page(app, app.boot("en")).click("app.new", game=GAME)
    page.send("app.form", **{"opt-mode": str(MODE_INDEX[mode])})
    fields = {"players": str(len(kinds)), "seed": seed, "opt-first_player": "1"}
    for i, kind in enumerate(kinds):
        fields |= {f"name-{i}": ["Ana", "Ben", "Cy", "Di"][i], f"colour-{i}": str(i),
                   f"kind-{i}": kind}  # fmt: skip
    return page.send("app.start", **fields)


def test_the_form_starts_every_mode():
    for mode, players in MODES:
        page = start_on_page(mode, ("human",) + ("bot:random",) * (players - 1))
        assert page.model.screen == "game", mode
        s = page.state
        assert (s.mode, s.num_players, s.current_player) == (mode, players, 0)
        assert 'data-game="diadeplaya"' in page.html


def test_hot_seat_passes_the_device_and_the_pass_screen_shows_no_beach():
    page = start_on_page("competitive", ("human", "human"))
    html = page.html
    assert "Pass the device to Ana" in html and "I am Ana: show my beach" in html
    assert "dp-beach" not in html and "dp-market" not in html
    seen = set()
    while len(page.state.history) < 12:
        seat = pass_to(page.model)
        if seat is not None:
            html = page.html
            assert f"Pass the device to {['Ana', 'Ben'][seat]}" in html
            assert "dp-beach" not in html and 'data-act="spot"' not in html
            seen.add(seat)
            page.click("app.reveal")
        me = page.state.current_player
        board = re.search(r'class="dp-beach-panel" data-beach="(\d)"', page.html)
        assert board and board.group(1) == str(me)  # the player's own beach is the board
        if page.find("move"):
            page.click("move")
        elif page.find("confirm-move"):
            page.click("confirm-move")
        else:
            page.click("spot")
    assert seen == {0, 1}


def test_a_cooperative_game_passes_the_shared_beach_between_the_seats():
    page = start_on_page("cooperative", ("human", "human", "human"))
    order = []
    while len(order) < 5:
        seat = pass_to(page.model)
        if seat is not None:
            order.append(seat)
            page.click("app.reveal")
        assert "The shared beach" in page.html
        assert 'class="dp-panel dp-other"' not in page.html
        if page.find("move"):
            page.click("move")
        elif page.find("confirm-move"):
            page.click("confirm-move")
        else:
            page.click("spot")
    assert order == [0, 1, 2, 0, 1]
    assert page.state.grids[0] and len(page.state.laid) == 1


# --- the end ---------------------------------------------------------------------------


@pytest.mark.parametrize(("mode", "players"), MODES)
def test_the_end_marks_each_criterions_scoring_and_shows_breakdown_and_chart(mode, players):
    s = finished(mode, players, seed=players + 11)
    html = UI.render_end(s, SEATS[:players], T)
    assert "<img" not in html
    root = parse(html)
    for b in range(s.beach_count):
        (beach,) = find(root, data_end_beach=str(b))
        marks = scoring_marks(s, b)
        shown = {el.get("data-marks"): int(el.get("data-mark-count"))
                 for el in having(beach, "data-marks")}  # fmt: skip
        assert shown == {c: len(g) for c, g in marks.items() if g}
        detail = s.detail(b)
        if "surfers" in shown:
            assert shown["surfers"] == len(detail["surfers"])
        if "sand" in shown:
            assert shown["sand"] == len(detail["sand"])
        for c in s.criteria:
            (cell,) = find(root, data_end_points=f"{b}:{c}")
            assert cell.text == str(s.points[b][c])
        (tot,) = find(root, data_end_total=str(b))
        assert tot.text == str(sum(s.points[b].values()))
    # the result's figures lead: the breakdown comes before the beaches drawn
    order = [
        "beach" if el.get("data-end-beach") is not None else "total"
        for el in root.iter()
        if el.get("data-end-total") is not None or el.get("data-end-beach") is not None
    ]
    assert order == ["total"] * s.beach_count + ["beach"] * s.beach_count
    # the legend names each criterion's outline
    legend = [text_of(li) for li in classed(root, "dp-legend-marks")[0]]
    assert legend == [T(f"diadeplaya.criterion.{c}") for c in MARKED if c in s.criteria]
    assert set(MARKED) == set(CRITERIA)
    # the chart: a line per seat (one for the shared beach), ending on the final score
    lines = [e for e in root.iter() if e.tag.endswith("polyline") and "dp-chart" in
             (e.get("class") or "")]  # fmt: skip
    assert len(lines) == (1 if s.shared else players)
    assert score_series(s.history, players)[-1] == list(s.score)
    said = text_of(root)
    if s.shared:
        (line,) = having(root, "data-result")
        reached = s.beach_reached()
        assert line.get("data-beach-reached") == (reached or "")
        assert (f"{reached} reached with {s.score[0]} points" if reached
                else f"No beach reached: {s.score[0]} points") in said  # fmt: skip
        ladder = [el.get("data-ladder") for el in having(root, "data-ladder")]
        assert ladder == [name for name, _ in BEACHES]
        current = [el.get("data-ladder") for el in root.iter() if el.get("aria-current")]
        assert current == ([reached] if reached else [])
    elif mode == "teams":
        totals = {
            int(el.get("data-team-total")): text_of(el) for el in having(root, "data-team-total")
        }
        assert totals == {0: f"Ana and Cy & Co: {s.score[0]} points",
                          1: f"{EVIL} and Di: {s.score[1]} points"}  # fmt: skip
    else:
        assert ("wins with" if len(s.winners()) == 1 else "share the win") in said


def greedy(state):
    """``state`` played to its end laying each card where its preview scores best."""
    while not state.is_terminal():
        moves = state.legal_moves()
        if state.phase == "place":
            moves = sorted(moves, key=lambda m: -state.preview(m)["total"]["after"])
        state = state.apply(moves[0])
    return state


def test_a_solitaire_beach_reached_is_named_and_marked_on_the_ladder():
    for seed in range(1, 20):
        s = greedy(new_game("solitaire", 1, seed=seed))
        if s.beach_reached():
            break
    else:
        raise AssertionError("no solitaire game among the seeds reached a beach")
    root = parse(UI.render_end(s, SEATS[:1], T))
    (line,) = having(root, "data-result")
    assert line.get("data-result") == "won"
    assert text_of(line) == f"{s.beach_reached()} reached with {s.score[0]} points"
    (here,) = [el for el in having(root, "data-ladder") if el.get("aria-current") == "true"]
    assert here.get("data-ladder") == s.beach_reached()


def test_the_end_of_an_unfinished_game_says_so():
    root = parse(UI.render_end(new_game(), SEATS[:2], T))
    assert "not over" in text_of(root)


# --- the log ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_history_entry_is_said_in_words(lang):
    t = make_t(lang)
    kinds = set()
    for mode, players in MODES:
        s = finished(mode, players, seed=9)
        for entry in s.history:
            text = UI.describe(entry, SEATS[:players], t)
            assert text.strip() and "{" not in text
            kinds |= {e["type"] for e in entry.get("events") or ()}
    assert {"side", "take", "deal", "lay", "beach", "final"} <= kinds


def test_the_log_says_each_card_where_it_lies_and_the_result():
    s = finished("competitive", 2, seed=6)
    said = [UI.describe(e, SEATS[:2], T) for e in s.history]
    for entry, words in zip(s.history, said, strict=True):
        for e in entry["events"]:
            if e["type"] == "lay":
                assert f"card {e['face']} turned {e['rotation']}° at {e['cell']}" in words
                n = len(e["covered"])
                assert f"covering {n} {'block' if n == 1 else 'blocks'} (" in words
            if e["type"] == "take":
                assert f"takes card {e['face']} from slot {e['slot']}" in words
    assert said[-1].endswith(("wins.", "share the win."))
    assert f"Final scores: Ana {s.score[0]}, {EVIL} {s.score[1]}." in said[-1]
    solo = finished("solitaire", 1, seed=6)
    last = UI.describe(solo.history[-1], SEATS[:1], T)
    reached = solo.beach_reached()
    assert (f"{reached} reached." if reached else "no beach reached.") in last


# --- the rules help --------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_help_marks_every_ruling_as_a_tablero_ruling(lang):
    t = make_t(lang)
    html = UI.rules_html(t)
    root = parse(html)
    marked = [el.get("data-ruling") for el in having(root, "data-ruling")]
    assert [f"diadeplaya.rules.{k}" for k in marked] == ruling_keys()
    assert len(marked) >= 10
    tag = t("diadeplaya.rules.ruling_tag")
    for el in having(root, "data-ruling"):
        assert text_of(el).startswith(tag)
    # every reading RULINGS.md fixes has its paragraph, the starting player and the
    # figure serving several stalls included
    for key in (
        "ruling.deck", "ruling.sea", "ruling.teams", "ruling.shared", "ruling.solitaire",
        "ruling.first", "ruling.start", "ruling.shrink", "ruling.cover", "ruling.tourists",
        "ruling.trios", "ruling.umbrellas", "ruling.sand", "ruling.stalls",
        "ruling.criteria", "ruling.ties",
    ):  # fmt: skip
        assert key in marked
    # the kinds of block, drawn
    assert len(classed(root, "dp-kinds")[0]) == 7


def resumed_with_a_card_in_hand() -> Page:
    """Ana's saved game against a bot, resumed with the card she took in hand."""
    app = make_app()
    state = taking_state().apply(Take(1))
    seats = [Seat("Ana", 0), Seat("Ben", 1, "bot:random")]
    game = SavedGame(app.store.new_id(), "Beach", GAME, seats, state, 1.0, 1.0)
    app.store.save(game)
    return Page(app, app.boot("en")).send("app.resume", id=game.id)


def test_cancel_takes_the_chosen_place_back_to_the_card_in_hand():
    page = resumed_with_a_card_in_hand()
    state = page.state  # as saved: the card taken, in hand
    assert page.state.phase == "rotate" and page.find("turn")
    page.click("turn")
    spot = page.find("spot")[-1]["move"]
    page.click("spot", move=spot)
    assert (page.state.phase, page.state.rotation) == ("place", 90)
    assert f'data-preview="{spot}"' in page.html
    page.click("app.undo")
    assert page.state.phase == "rotate" and page.state.holding == state.holding
    assert page.find("spot") and 'data-preview="' not in page.html


def test_the_shared_beach_carries_no_seats_mark_and_a_seats_beach_carries_its_own():
    for mode, players in MODES:
        s = new_game(mode, players)
        (head,) = [el for el in board_of(render(s.view(0))).iter() if el.tag == "h2"]
        marks = classed(head, "arr-mark")
        assert len(marks) == (0 if s.shared else 1), mode
        # solitaire's beach is the player's own; only cooperative play shares one
        shared = "Your beach" if mode == "solitaire" else "The shared beach"
        assert text_of(head).strip() == (shared if s.shared else "AYour beach")


# --- issue 43: the fit, Cancel's turn, the market's words --------------------------------


def test_the_fit_is_sized_both_ways_and_from_it_the_zoom_steps_to_the_next_level():
    """The fitted beach carries its drawing's size and the fit's range (the stylesheet
    fits it to its frame both ways, within the zoom levels); "+" and "-" from fit carry
    the page's measure of the fitted scale (``data-fit-of``) and go to the level next to
    it, never further than one level's step."""
    from tablero.web.games.diadeplaya.look import BLOCK, MIN_BLOCK_PX
    from tablero.web.games.diadeplaya.table import FIT_VIEW, ZOOMS

    s = placing()
    view = s.view(0)
    root = render(view)
    (svg,) = classed(board_of(root), "dp-beach")
    assert "is-fit" in svg.get("class") and FIT_VIEW.endswith("svg.dp-beach.is-fit")
    style = dict(part.split(":") for part in svg.get("style").split(";"))
    _, _, w, h = (float(x) for x in svg.get("viewBox").split())
    assert (float(style["--dp-w"]), float(style["--dp-h"])) == (w, h)
    # with places to choose, never below a finger's size; else within the zoom levels
    assert float(style["--dp-lo"]) == MIN_BLOCK_PX / BLOCK and float(style["--dp-hi"]) == ZOOMS[-1]
    assert ZOOMS[0] <= MIN_BLOCK_PX / BLOCK
    (taking,) = classed(board_of(render(taking_state().view(0))), "dp-beach")
    style = dict(part.split(":") for part in taking.get("style").split(";"))
    assert (float(style["--dp-lo"]), float(style["--dp-hi"])) == (ZOOMS[0], ZOOMS[-1])
    buttons = {el.get("data-zoom"): el for el in acts(root, "zoom")}
    assert buttons["in"].get("data-fit-of") == buttons["out"].get("data-fit-of") == FIT_VIEW
    steps = [b / a for a, b in zip(ZOOMS, ZOOMS[1:], strict=False)]
    for fitted in (0.8, 0.9, 1.0, 1.1, 1.3, 1.6):
        up, _ = click(view, Selection(), act="zoom", zoom="in", fit=f"{fitted:.4f}")
        down, _ = click(view, Selection(), act="zoom", zoom="out", fit=f"{fitted:.4f}")
        bigger, smaller = ZOOMS[up.data["zoom"]], ZOOMS[down.data["zoom"]]
        if fitted < ZOOMS[-1]:
            assert fitted < bigger <= fitted * max(steps) * 1.05, (fitted, bigger)
        assert smaller < fitted and fitted / smaller <= max(steps) * 1.05, (fitted, smaller)
        # the levels next to each other: no level lies between the fit and its step
        assert not [z for z in ZOOMS if fitted * 1.05 < z < bigger]
        assert not [z for z in ZOOMS if smaller < z < fitted / 1.05]
    # zoomed in, the buttons carry no measure; nothing measured: the old defaults
    zoomed = render(view, Selection({"zoom": 2}))
    assert not [el for el in acts(zoomed, "zoom") if el.get("data-fit-of")]
    assert click(view, Selection(), act="zoom", zoom="in", fit="")[0].data == {"zoom": 3}


def test_cancel_gives_the_card_back_turned_as_it_was_and_keeps_the_zoom():
    """Issue 43: Cancel after choosing a place turned the card back to 0°."""
    page = resumed_with_a_card_in_hand()
    state = page.state  # as saved: the card taken, in hand
    page.click("turn").click("turn")
    page.send("zoom", zoom="in")
    turned = sorted(f"place {x},{y}" for x, y in legal_spots(state.grids[0], state.holding, 180))
    assert sorted(m["move"] for m in page.find("spot")) == turned
    spot = page.find("spot")[len(turned) // 2]["move"]
    page.click("spot", move=spot)
    assert (page.state.phase, page.state.rotation) == ("place", 180)
    other = next(m["move"] for m in page.find("spot") if m["move"] != spot)
    page.click("spot", move=other)  # another place, the same turn
    page.click("app.undo")
    assert page.state.phase == "rotate" and page.state.holding == state.holding
    root = render(page.state.view(0), page.model.selection)
    (hand,) = classed(root, "dp-hand-card")
    assert hand.get("data-rotation") == "180"
    assert sorted(m["move"] for m in page.find("spot")) == turned
    (table,) = having(root, "data-decision")
    assert table.get("data-decision").split(":")[2] == "180"
    assert page.model.selection.data.get("zoom") == 3  # the zoom stays too
    # the keyboard's focus is back on the place that was chosen
    (focus,) = [el for el in acts(root, "spot") if el.get("tabindex") == "0"]
    assert focus.get("data-move") == other
    # turned again and laid: the next card starts unturned
    page.click("turn")
    page.click("spot", move=page.find("spot")[0]["move"])
    assert page.state.rotation == 270
    page.click("confirm-move")
    assert "rot" not in page.model.selection.data


@pytest.mark.parametrize("lang", LANGS)
def test_the_market_says_what_each_card_shows(lang):
    """Issue 43: a screen reader heard "Slot 1: card 12a": now each block of both faces,
    row by row, in the catalog's words; the cards drawn large enough to read."""
    from tablero.diadeplaya.shapes import face_blocks
    from tablero.web.games.diadeplaya.table import MARKET_BLOCK_PX, MARKET_OTHER_PX
    from tablero.web.games.diadeplaya.words import block_words

    t = make_t(lang)
    s = taking_state()
    root = render(s.view(0), t=t)
    for slot, face in enumerate(s.market):
        (li,) = find(root, data_slot=str(slot + 1))
        (card,) = classed(li, "dp-take")
        name = name_of(card)
        for f in (face, face ^ 1):
            words = face_words(f, t)
            assert words in name and face_name(f) in name
            at = 0
            for b in face_blocks(f):  # each block, in order, row by row
                said = block_words(b, t)
                at = words.index(said, at) + len(said)
        (big,) = [el for el in card.iter() if el.get("class") == "dp-face"][:1]
        (other,) = [el for el in classed(card, "dp-slot-other")[0].iter()
                    if el.get("class") == "dp-face"]  # fmt: skip
        assert int(big.get("width")) == 3 * MARKET_BLOCK_PX >= 3 * 28
        assert int(other.get("width")) == 3 * MARKET_OTHER_PX >= 3 * 16
    # every kind and facing has its own words, different from the others
    every = {block_words(b, t) for f in range(36) for b in face_blocks(f)}
    assert len(every) == len({b for f in range(36) for b in face_blocks(f)})


# --- the recent moves in motion, and the end as a sequence --------------------------------


def anims(root: ET.Element) -> dict[str, ET.Element]:
    """The elements the page animates, by their key (each key once)."""
    found = having(root, "data-anim")
    keys = [el.get("data-anim-key") for el in found]
    assert len(keys) == len(set(keys)), keys
    return {el.get("data-anim-key"): el for el in found}


@pytest.mark.parametrize(("mode", "players"), MODES)
def test_the_recent_moves_blocks_market_and_points_are_animated_once_each(mode, players):
    from tablero.diadeplaya.shapes import footprint, parse_face
    from tablero.web.widgets import recent_entries

    for s in states_along(mode, players, seed=players + 60, every=4)[2:9]:
        for viewer in range(players):
            view = s.view(viewer)
            root = render(view)
            found = anims(root)
            window = recent_entries(
                view.history, viewer, turn_starts=("take", "side"), players=players
            )
            assert window and window[-1][0] == len(view.history)
            # every block of the cards laid in the window appears where it still lies
            blocks = {}
            for moves, entry in window:
                for e in entry["events"]:
                    if e["type"] == "lay":
                        x, y = GRID.parse_xy(e["cell"])
                        for dx, dy, _ in footprint(parse_face(e["face"]), e["rotation"]):
                            cell = (e["beach"], x + dx, y + dy)
                            blocks[cell] = f"{moves}:lay:{e['beach']}:{x + dx},{y + dy}"
            laid = {k: el for k, el in found.items() if ":lay:" in k}
            assert set(laid) == set(blocks.values())
            assert all(el.get("data-anim") == "appear" for el in laid.values())
            assert all("dp-block" in el.get("class") for el in laid.values())
            # the points counted from what they were at the beach's lay before, after
            # the blocks have appeared
            recent = dict(window)
            counts, was = {}, {}
            for moves, entry in enumerate(view.history, 1):
                for e in entry["events"]:
                    if e["type"] != "lay":
                        continue
                    b, old = e["beach"], was.get(e["beach"], {})
                    if moves in recent:
                        for c, x in e["points"].items():
                            if old.get(c, 0) != x:
                                counts[b, c] = (f"{moves}:points:{b}:{c}", old.get(c, 0))
                        if sum(old.values()) != sum(e["points"].values()):
                            counts[b] = (f"{moves}:total:{b}", sum(old.values()))
                    was[b] = e["points"]
            shown = {
                k: int((el.get("data-anim-from") or "0,0").split(",")[0])
                for k, el in found.items()
                if el.get("data-anim") == "count"
            }
            assert shown == dict(counts.values())
            for key in shown:
                el = found[key]
                assert el.tag == "td" and el.get("data-anim-delay") == "250"
                b = key.split(":")[2]
                assert (
                    el.get("data-points", "").startswith(f"{b}:") or el.get("data-beach-total") == b
                )
            # the market: only after a take in the window
            market = {k: el for k, el in found.items() if ":market:" in k}
            takes = [m for m, entry in window if entry["move"].startswith("take")]
            if market:
                assert takes and all(k.startswith(f"{takes[-1]}:") for k in market)
            # a selection (the card turned in hand) keeps every key and motion
            if view.current_player == viewer and view.decision == "rotate":
                sel, move = click(view, Selection(), act="turn")
                assert move is None
                again = anims(render(view, sel))
                assert {
                    k: (e.get("data-anim"), e.get("data-anim-from")) for k, e in again.items()
                } == {k: (e.get("data-anim"), e.get("data-anim-from")) for k, e in found.items()}


def test_the_market_slides_its_cards_along_and_turns_the_new_one_face_up():
    from tablero.web.games.diadeplaya.table import MARKET_SLOT_PX

    s = new_game("competitive", 2, seed=3)
    s = play_until(s, lambda s: s.decision == "take" and len(s.history) > 4)
    before = [face_name(f) for f in s.market]
    s = s.apply(Take(3))  # the card the farthest from the deck: the two others slide
    m = len(s.history)
    root = render(s.view(s.current_player))
    found = anims(root)
    slots = {k: el for k, el in found.items() if ":market:" in k}
    assert set(slots) == {f"{m}:market:1", f"{m}:market:2", f"{m}:market:3"}
    assert slots[f"{m}:market:1"].get("data-anim") == "flip"  # dealt next to the deck
    for k in (2, 3):
        el = slots[f"{m}:market:{k}"]
        assert (el.get("data-anim"), el.get("data-anim-from")) == ("drop", f"{-MARKET_SLOT_PX},0")
        # from its old slot (the one before it), as the page lays the market out
        assert el.get("data-anim-origin") == f'.dp-market [data-slot="{k - 1}"]'
    shown = [li.get("data-face") for li in having(root, "data-slot")]
    assert [f[:-1] for f in shown[1:]] == [f[:-1] for f in before[:2]]  # turned over
    # a take of the first slot leaves the others where they were: they only turn over
    s = play_until(s, lambda s: s.decision == "take")
    s = s.apply(Take(1))
    m = len(s.history)
    found = anims(render(s.view(0)))
    assert {k: e.get("data-anim") for k, e in found.items() if ":market:" in k} == {
        f"{m}:market:1": "flip",
        f"{m}:market:2": "flip",
        f"{m}:market:3": "flip",
    }


def steps_of(s, players: int, t=T):
    return UI.end_steps(s, SEATS[:players], t)


def board_root(step) -> ET.Element:
    root = parse(step.board)
    assert root[0].get("data-game") == GAME
    return root[0]


@pytest.mark.parametrize(("mode", "players"), MODES)
def test_the_end_steps_score_criterion_by_criterion_then_give_the_result(mode, players):
    from tablero.web.games.diadeplaya.end import seat_points, step_marks

    s = finished(mode, players, seed=players + 11)
    steps = steps_of(s, players)
    names = [board_root(step).get("data-end-step") for step in steps]
    assert names == [*s.criteria, "result"]
    for c, step in zip(s.criteria, steps, strict=False):
        root = board_root(step)
        for b in range(s.beach_count):
            (beach,) = find(root, data_end_beach=str(b))
            groups = step_marks(s, b, c).get(c, [])
            on = classed(beach, "tb-step-on")
            assert len(on) == sum(1 if c == "sand" else len(g) for g in groups)
            assert all(f"dp-m-{c}" in el.get("class") for el in on)
            cells = {cell for g in groups for cell in g}
            blocks = classed(beach, "dp-block")
            assert len(classed(beach, "tb-step-off")) == len(blocks) - len(cells)
            assert {el.get("data-marks") for el in having(beach, "data-marks")} <= {c}
        assert step.points == seat_points(s, c)
        assert T(f"diadeplaya.criterion.{c}") in step.caption
    # the points add up to the final scores: the running totals start at 0
    totals = [sum(step.points[p] for step in steps if step.points) for p in range(players)]
    assert [a - b for a, b in zip(s.score, totals, strict=True)] == [0] * players
    last = steps[-1]
    assert last.points == ()
    lit = [int(el.get("data-end-beach")) for el in classed(board_root(last), "tb-step-on")]
    if s.shared:
        assert lit == ([0] if s.won() else [])
        reached = s.beach_reached()
        said = f"{reached} reached with" if reached else "No beach reached:"
        assert last.caption.startswith(f"{said} {s.score[0]} point")
    elif mode == "teams":
        assert lit == s.winners()
        assert f"Ana and Cy & Co: {s.score[0]} points" in last.caption
        assert f"{EVIL} and Di: {s.score[1]} points" in last.caption
    else:
        assert lit == s.winners()
        assert SEATS[s.winners()[0]].name in last.caption


def test_no_end_steps_before_the_end():
    assert UI.end_steps(new_game(), SEATS[:2], T) == []


@pytest.mark.parametrize("lang", LANGS[1:])
def test_the_end_steps_are_said_in_every_language(lang):
    t = make_t(lang)
    for mode, players in MODES:
        s = finished(mode, players, seed=players + 11)
        english = [step.caption for step in steps_of(s, players)]
        for step, en in zip(steps_of(s, players, t), english, strict=True):
            assert "diadeplaya." not in step.caption and "{" not in step.caption
            assert step.caption != en
            parse(step.board)
