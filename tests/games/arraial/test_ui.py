"""The Arraial UI plugin (tablero.web.games.arraial), in CPython: rendering, clicks (take,
the drop columns with their ghosts, slides, confirm, rotate, refill), the preview, the
move log, the end screen, the rules help and the message catalogs."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from support import ui_helpers
from support.ui_helpers import (
    EVIL,
    GAMES,
    LANGS,
    SEATS,
    acts,
    check_catalogs_agree,
    find,
    parse,
    recent_window,
)
from tablero.arraial import CARD_CODES, CARDS, Fill, Land, Rotate, Take, drops, slides
from tablero.arraial.data import COLOURS
from tablero.arraial.shapes import cells as shape_cells
from tablero.core import Rng, from_text, game_ids, get_game, make, register, unregister
from tablero.web.games import get_ui
from tablero.web.games.arraial.end import score_series
from tablero.web.plugin import Selection
from tablero.web.widgets import MOTION_KINDS


@pytest.fixture(scope="module", autouse=True)
def arraial_registered() -> Iterator[None]:
    """Arraial in the registry (it is, once its engine is registered; until then the
    test registers it for this module only)."""
    if "arraial" in game_ids():
        yield
        return
    register("arraial", "tablero.arraial")
    try:
        yield
    finally:
        unregister("arraial")


UI = get_ui("arraial")


def make_t(lang: str = "en"):
    return ui_helpers.strict_translator("arraial", lang)


T = make_t("en")


def catalog(lang: str) -> dict[str, str]:
    return ui_helpers.catalog("arraial", lang)


def render(view, sel=None, seats=None, t=T) -> ET.Element:
    sel = sel or Selection()
    return parse(UI.render_table(view, (seats or SEATS)[: view.num_players], sel, t))


def click(view, sel, **target):
    return UI.on_click(view, sel, {f"data-{k}": str(v) for k, v in target.items()})


def having(root: ET.Element, attr: str) -> list[ET.Element]:
    return [el for el in root.iter() if el.get(attr) is not None]


def random_states(players: int, seed: int, every: int = 23) -> list:
    return ui_helpers.random_states("arraial", players, seed, every)


def new_game(players: int = 2, seed: int = 3):
    return make("arraial", players=players, seed=seed, first_player=0)


def cell_names(cells) -> str:
    return " ".join(f"{'abcdef'[x]}{y + 1}" for x, y in sorted(cells, key=lambda c: (c[1], c[0])))


def play_until(state, want, rng_seed: int = 1, limit: int = 3000):
    """Random moves (landings preferred to a turn's end) until ``want(state)``."""
    rng = Rng(rng_seed)
    for _ in range(limit):
        if want(state):
            return state
        moves = state.legal_moves()
        takes = [m for m in moves if isinstance(m, (Take, Land, Fill))]
        pool = takes if takes and rng.randbelow(4) else moves
        state = state.apply(pool[rng.randbelow(len(pool))])
    raise AssertionError("never reached")


# --- the catalogs --------------------------------------------------------------------


def test_all_languages_have_the_same_keys_and_placeholders():
    check_catalogs_agree("arraial", may_be_blank=("arraial.sep.sentence",))


def test_every_catalog_key_is_used_somewhere():
    src = "".join(p.read_text() for p in (GAMES / "arraial").glob("*.py"))
    prefixes = (
        "arraial.status.you.",
        "arraial.status.other.",
        "arraial.colour.",
        "arraial.rules.",
        "arraial.option.",
        "arraial.log.phase_end.",
        "arraial.title",  # the title and blurb: the shell asks for them (GameEntry.of)
        "arraial.blurb",
    )
    declared = ui_helpers.declared_keys("arraial")  # asked for through the shared declarations
    for key in catalog("en"):
        # a log line's second person ("You placed ...") is asked for as its key + ".you"
        key = key.removesuffix(".you") if ".log." in key else key
        if not key.startswith(prefixes) and key not in declared:
            assert f'"{key}"' in src or f"'{key}'" in src, key


def test_the_app_offers_arraial_and_its_options_are_the_cores():
    assert get_ui("arraial").game_id == "arraial"
    (hint,) = UI.options()
    (spec,) = get_game("arraial").options
    assert hint.name == spec.name == "first_player"
    for value, key in hint.choice_keys:
        assert value in spec.allowed(2)
        T(key)


# --- the table ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_street_piece_visitor_and_card_is_drawn_as_the_viewer_sees_it(players):
    seats = SEATS[:players]
    for s in random_states(players, seed=players * 5):
        for viewer in range(players):
            view = s.view(viewer)
            html = UI.render_table(view, seats, Selection(), T)
            assert "<img" not in html  # the hostile name is text
            root = parse(html)
            (board,) = [e for e in root.iter() if "arl-board" in (e.get("class") or "")]
            # the viewer's street on the board, each other street in its panel
            for p in range(players):
                if p == viewer:
                    where = board
                else:
                    (where,) = find(root, data_street=str(p))
                pieces = {el.get("data-piece"): el.get("data-cells")
                          for el in having(where, "data-piece")}  # fmt: skip
                want = {str(k + 1): cell_names(piece.cells) for k, piece in enumerate(s.pieces[p])}
                assert pieces == want
                shown = sorted((el.get("data-visitor"), el.get("data-on"))
                               for el in having(where, "data-visitor"))  # fmt: skip
                assert shown == sorted((c, str(k)) for c, k in s.visitors[p])
                bars = having(where, "data-bar")
                if s.bar[p] is None:
                    assert not bars
                else:
                    assert [b.get("data-bar") for b in bars] == [str(s.bar[p])]
                    assert bars[0].get("data-bar-whites") == str(s.bar_whites[p])
                (crowd,) = having(where, "data-street-whites")
                assert crowd.get("data-street-whites") == str(s.street_whites[p])
                pairs = sorted(el.get("data-pair") for el in having(where, "data-pair"))
                assert pairs == sorted(c for c, q in s.pairs.items() if q == p)
            # the octagon as this seat sees it, the face-up cards and the deck
            for slot in range(3):
                (g,) = find(board, data_slot=str(slot + 1))
                card = s.slots[slot]
                if card is None:
                    assert g.get("data-slot-card") == ""
                    continue
                assert g.get("data-slot-card") == CARD_CODES[card]
                seen = shape_cells(*s.seen(slot, viewer))
                assert g.get("data-seen") == " ".join(f"{x},{y}" for x, y in seen)
            faces = [el.get("data-face-card") for el in having(board, "data-face-card")]
            assert faces == [CARD_CODES[c] for c in s.face_up]
            (deck,) = having(board, "data-deck-count")
            assert deck.get("data-deck-count") == str(s.deck_count)
            # nothing to click when it is not the viewer's turn
            if viewer != s.current_player:
                for act in ("move", "column", "landing", "confirm-move"):
                    assert not acts(root, act), act


def test_the_two_seats_see_each_card_turned_by_the_octagons_rotation():
    s = new_game(2, seed=4)
    rotations = set()
    while len(rotations) < 4:
        rotations.add(s.rotation)
        for viewer in (0, 1):
            root = render(s.view(viewer))
            for slot in range(3):
                (g,) = find(root, data_slot=str(slot + 1))
                # seat 0 sits on side 0, seat 1 on side 2: (rotation - side) quarter turns
                shape, turns = CARDS[s.slots[slot]]
                seen = (turns + s.rotation - (0, 2)[viewer]) % 4
                want = " ".join(f"{x},{y}" for x, y in shape_cells(shape, seen))
                assert g.get("data-seen") == want
        s = play_until(s, lambda x: x.phase == "act" and Rotate() in x.legal_moves())
        s = s.apply(Rotate())


def test_taking_a_card_shows_every_drop_column_with_its_ghost_and_confirming_plays_it():
    s = new_game(2, seed=3)
    me = s.current_player
    root = render(s.view(me))
    takes = [el.get("data-move") for el in acts(root, "move") if el.get("data-slot")]
    assert takes == [str(m) for m in s.legal_moves() if isinstance(m, Take)]
    sel, move = click(s.view(me), Selection(), act="move", move=takes[0])
    assert move == Take(0)
    s = s.apply(move)
    view = s.view(me)
    root = render(view)
    seen = shape_cells(*s.seen(s.chosen, me))
    want = drops(s.streets[me], seen)
    handles = [
        el
        for el in having(root, "data-column")
        if el.get("role") == "button" or "is-blocked" in (el.get("class") or "")
    ]
    columns = {int(el.get("data-column")): el for el in handles}
    # under each handle, a zone the pointer may use too (the same act, not a tab stop)
    zones = [el for el in having(root, "data-column") if el.get("class") == "arl-col-zone"]
    assert sorted(int(z.get("data-column")) for z in zones) == sorted(columns)
    assert all(z.get("tabindex") is None and z.get("aria-hidden") == "true" for z in zones)
    assert set(columns) == {c for c, cells in want.items() if cells is not None}
    for c, el in columns.items():
        assert el.get("data-cells") == cell_names(want[c])
    # the focus is on the first column whose drop is legal
    (focused,) = [el for el in columns.values() if el.get("data-focus")]
    assert focused.get("data-landing") == str(s.legal_moves()[0])
    # choose a column: its drop is the chosen landing, the preview says what it gives
    c = int(focused.get("data-column"))
    sel, move = click(view, Selection(), act="column", column=c)
    assert move is None and sel.data == {"column": c, "landing": focused.get("data-landing")}
    root = render(view, sel)
    (preview,) = having(root, "data-preview")
    assert preview.get("data-preview") == focused.get("data-landing")
    (confirm,) = acts(root, "confirm-move")
    assert confirm.get("data-focus") == "1"
    sel2, move = click(view, sel, act="confirm-move")
    assert isinstance(move, Land) and str(move) == focused.get("data-landing")
    assert sel2 == Selection()
    # cancel forgets the column; Escape then puts the card back
    sel3, move = click(view, sel, act="cancel-move")
    assert move is None and sel3 == Selection()
    (back,) = [el for el in acts(render(view, sel3), "move") if el.get("data-move") == "back"]
    assert back.get("data-esc") == "1"


def test_a_column_shows_its_slides_and_a_slide_can_be_chosen():
    # a state in "land" where some drop column has legal slides
    def has_slides(x):
        if x.phase != "land":
            return False
        seen = shape_cells(*x.seen(x.chosen, x.current_player))
        legal = {frozenset(m.cells) for m in x.legal_moves() if isinstance(m, Land)}
        return any(
            frozenset(cells) in legal
            for c in range(6)
            for _, _, cells in slides(x.streets[x.current_player], seen, c)
        )

    s = play_until(new_game(2, seed=8), has_slides, rng_seed=2)
    me = s.current_player
    view = s.view(me)
    seen = shape_cells(*s.seen(s.chosen, me))
    legal = {frozenset(m.cells): str(m) for m in s.legal_moves() if isinstance(m, Land)}
    for c in range(6):
        wanted = [legal[frozenset(cells)] for _, _, cells in slides(s.streets[me], seen, c)
                  if frozenset(cells) in legal]  # fmt: skip
        if wanted:
            break
    sel, _ = click(view, Selection(), act="column", column=c)
    root = render(view, sel)
    shown = [el.get("data-move") for el in acts(root, "landing")]
    assert shown == list(dict.fromkeys(wanted))
    sel, move = click(view, sel, act="landing", move=shown[-1])
    assert move is None and sel.data["landing"] == shown[-1]
    root = render(view, sel)
    (chosen,) = having(root, "data-chosen")
    assert chosen.get("data-chosen") == shown[-1]
    _, move = click(view, sel, act="confirm-move")
    assert str(move) == shown[-1]
    # a made-up landing is refused
    assert click(view, sel, act="landing", move="land a14 b14 c14 d14") == (sel, None)


def test_a_blocked_column_cannot_be_chosen_and_a_wrong_player_clicks_nothing():
    s = new_game(2, seed=3)
    me = s.current_player
    other = 1 - me
    assert click(s.view(other), Selection(), act="move", move="take 1") == (Selection(), None)
    s = s.apply(Take(0))
    view = s.view(me)
    assert click(view, Selection(), act="column", column=9) == (Selection(), None)
    assert click(view, Selection(), act="column", column="x") == (Selection(), None)
    assert click(view, Selection(), act="confirm-move") == (Selection(), None)
    root = render(view)
    for el in having(root, "data-column"):
        if el.get("data-act") is None:  # a drop no rule allows: its ghost only
            c = int(el.get("data-column"))
            assert click(view, Selection(), act="column", column=c) == (Selection(), None)


def test_rotate_costs_an_action_point_and_is_disabled_when_it_is_not_allowed():
    s = new_game(2, seed=3)
    me = s.current_player
    root = render(s.view(me))
    (rotate,) = [el for el in acts(root, "move") if el.get("data-move") == "rotate"]
    assert rotate.get("disabled") is None and "1" in "".join(rotate.itertext())
    (ap,) = having(root, "data-ap")
    assert ap.get("data-ap") == "3"
    _, move = click(s.view(me), Selection(), act="move", move="rotate")
    assert move == Rotate()
    s = s.apply(move)
    root = render(s.view(me))
    assert having(root, "data-ap")[0].get("data-ap") == "2"
    # phase 3 asks for two placements: with 2 points left and none placed, no rotation
    text = new_game(2, seed=3).to_text().replace("phase 1 of 3", "phase 3 of 3")
    x = from_text("arraial", text.replace("AP 3, placed 0", "AP 2, placed 0"))
    assert Rotate() not in x.legal_moves()
    root = render(x.view(x.current_player))
    (rotate,) = [el for el in acts(root, "move") if el.get("data-move") == "rotate"]
    assert rotate.get("disabled") == "disabled"
    assert "Placed 0 of 2" in "".join(root.itertext())


def test_the_refill_offers_each_face_up_card_for_the_lowest_empty_slot():
    s = play_until(new_game(2, seed=6), lambda x: x.phase == "refill")
    me = s.current_player
    root = render(s.view(me))
    offered = sorted(el.get("data-move") for el in acts(root, "move") if el.get("data-face-up"))
    assert offered == sorted(str(m) for m in s.legal_moves())
    _, move = click(s.view(me), Selection(), act="move", move=offered[0])
    assert isinstance(move, Fill) and str(move) == offered[0]


def test_the_preview_says_what_a_landing_scores():
    kinds = {"visitors": "visitor comes", "pair": "pair", "rows": "Rows completed",
             "bar_lost": "above your level bar"}  # fmt: skip
    found: dict[str, str] = {}
    for seed in range(1, 9):
        s = new_game(2, seed=seed)
        rng = Rng(seed)
        while not s.is_terminal() and len(found) < len(kinds):
            if s.phase == "land":
                for m in s.legal_moves():
                    if not isinstance(m, Land):
                        continue
                    pv = s.preview(m)
                    for k in kinds:
                        if pv[k] and k not in found:
                            view = s.view(s.current_player)
                            sel = Selection({"column": m.column, "landing": str(m)})
                            (panel,) = having(render(view, sel), "data-preview")
                            text = "".join(panel.itertext())
                            found[k] = text
            moves = s.legal_moves()
            s = s.apply(moves[rng.randbelow(len(moves))])
        if len(found) == len(kinds):
            break
    assert set(found) == set(kinds)
    for k, words in kinds.items():
        assert words in found[k], (k, found[k])


# --- the log --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_history_entry_is_said_in_words_in_every_language(lang):
    t = make_t(lang)
    s = random_states(3, seed=11, every=10_000)[-1]
    kinds = set()
    for entry in s.history:
        text = UI.describe(entry, SEATS[:3], t)
        assert text.strip()
        assert "{" not in text
        kinds |= {e["type"] for e in entry.get("events") or ()}
    assert {"place", "turn_end", "fill", "phase_end", "reshuffle", "final"} <= kinds


def test_the_log_says_placements_phase_ends_and_the_winner():
    s = random_states(2, seed=7, every=10_000)[-1]
    said = [UI.describe(e, SEATS[:2], T) for e in s.history]
    text = " ".join(said)
    assert "Ana placed the " in text
    assert "Phase 1 ends" in text and "Phase 2 begins" in text
    assert "shuffled into a new deck" in text
    assert "Final scores: Ana " in text
    assert said[-1].endswith("points.")
    for entry, words in zip(s.history, said, strict=True):
        for e in entry.get("events") or ():
            if e["type"] == "place":
                assert " ".join(e["cells"]) in words
            if e["type"] == "bar_drop":
                assert f"drops to over row {e['bar']}" in words


# --- the end --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_the_end_explains_the_points(players):
    s = random_states(players, seed=players + 20, every=10_000)[-1]
    html = UI.render_end(s, SEATS[:players], T)
    assert "<img" not in html
    root = parse(html)
    scores = s.scores()
    for p in range(players):
        (total,) = find(root, data_total=str(p))
        assert total.text == str(scores[p])
        (colour,) = find(root, data_colour_visitors=str(p))
        (white,) = find(root, data_white_visitors=str(p))
        held = sum(1 for q in s.pairs.values() if q == p)
        assert int(colour.text) + int(white.text) + 2 * held == scores[p]
    assert len(having(root, "data-end-pair")) == 4
    assert len(having(root, "data-end-bar")) == players
    (winner,) = [e for e in root.iter() if e.get("class") == "arl-winner"]
    said = "".join(winner.itertext())
    assert ("wins" if len(s.winners()) == 1 else "share the victory") in said
    # the chart: one line per player, ending on the final score
    lines = [e for e in root.iter() if "arl-chart-line" in (e.get("class") or "")]
    assert len([x for x in lines if x.tag.endswith("polyline")]) == players
    assert score_series(s.history, players)[-1] == scores


def test_the_end_says_the_pairs_tie_break():
    # a finished game with two players level on points: the tie-break line says pairs
    for seed in range(1, 60):
        s = random_states(2, seed=seed, every=10_000)[-1]
        if len(set(s.scores())) == 1:
            break
    else:
        pytest.skip("no tie among the seeds tried")
    root = parse(UI.render_end(s, SEATS[:2], T))
    (line,) = having(root, "data-tiebreak")
    text = "".join(line.itertext())
    assert "tied on points" in text


def test_the_end_of_an_unfinished_game_says_so():
    root = parse(UI.render_end(new_game(), SEATS[:2], T))
    assert "not over" in "".join(root.itertext())


# --- the rules help -------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_help_marks_every_ruling(lang):
    from tablero.web.games.arraial.rules import ruling_keys

    t = make_t(lang)
    html = UI.rules_html(t)
    root = parse(html)
    marked = [el.get("data-ruling") for el in having(root, "data-ruling")]
    assert [f"arraial.rules.{k}" for k in marked] == ruling_keys()
    tag = t("arraial.rules.ruling_tag")
    for el in having(root, "data-ruling"):
        assert "".join(el.itertext()).startswith(tag)
    # the reconstructed facts are rulings: the street, the shapes, the sides, the bar
    for key in ("ruling.street", "ruling.shapes", "ruling.sides", "ruling.bar_start",
                "ruling.tie", "ruling.no_fit", "ruling.slide", "ruling.pieces",
                "ruling.rotate", "ruling.backs", "ruling.idle"):  # fmt: skip
        assert key in marked
    assert len([e for e in root.iter() if e.get("role") == "img"]) == 8  # the shapes
    assert EVIL not in html


def _rulings(html: str) -> dict[str, str]:
    """The help's ruling paragraphs by name (``street`` for ``ruling.street``), as text."""
    root = parse(html)
    return {el.get("data-ruling").removeprefix("ruling."): "".join(el.itertext())
            for el in having(root, "data-ruling")}  # fmt: skip


def test_every_ruling_the_data_names_is_a_marked_paragraph_of_the_help():
    from tablero.arraial import data
    from tablero.web.games.arraial.rules import ruling_keys

    assert [k.removeprefix("arraial.rules.ruling.") for k in ruling_keys()] == [
        k for k in _rulings(UI.rules_html(T))
    ]
    assert set(_rulings(UI.rules_html(T))) == {r.name for r in data.RULINGS}
    for ruling in data.RULINGS:
        for name in ruling.about:
            assert hasattr(data, name), name
    # the three rulings first written only in data.py and the notation's page
    assert {"backs", "rotate", "pieces"} <= {r.name for r in data.RULINGS}


def test_every_reconstructed_value_of_the_data_belongs_to_a_ruling():
    """Each constant data.py marks as a reconstruction or a Tablero ruling (in the
    comment just above it) is named by one of ``data.RULINGS``."""
    import ast
    import inspect

    from tablero.arraial import data

    source = inspect.getsource(data)
    lines = source.splitlines()
    named = {name for ruling in data.RULINGS for name in ruling.about}
    marked = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign):
            targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            targets = [node.target.id]
        else:
            continue
        above, i = [], node.lineno - 2
        while i >= 0 and lines[i].startswith("#"):
            above.append(lines[i])
            i -= 1
        comment = " ".join(above)
        if "reconstruct" in comment or "Tablero ruling" in comment:
            marked += [t for t in targets if t != "RULINGS"]  # the list itself
    assert {"WIDTH", "BAR_START", "SHAPES", "SIDES", "MAX_BACKS", "REMOVED_2P"} <= set(marked)
    assert set(marked) <= named, set(marked) - named


def test_the_pieces_ruling_holds_for_the_datas_counts():
    """The help says a shape's pieces never run out: its cards, placed once a phase at
    most, place no more pieces than the shape has."""
    from tablero.arraial import data

    assert data.CARDS_PER_SHAPE * data.PHASES <= data.PIECES_PER_SHAPE


def test_the_help_writes_the_datas_numbers():
    from tablero.arraial import data

    rulings = _rulings(UI.rules_html(T))
    first, last = data.COLUMNS[0], data.COLUMNS[data.WIDTH - 1]
    assert f"{data.WIDTH} columns ({first}-{last}) by {data.HEIGHT} rows" in rulings["street"]
    bars = data.BAR_START
    want = f"row {bars[2]} with 2 players, row {bars[3]} with 3 and row {bars[4]} with 4"
    assert want in rulings["bar_start"]
    assert f"{data.PIECES_PER_SHAPE} pieces per shape" in rulings["shapes"]
    assert f"{data.MAX_BACKS} times a turn" in rulings["backs"]
    want = f"{data.COLOUR_VISITORS} visitors of each colour and {data.WHITE_VISITORS} white"
    assert want in rulings["run_out"]
    assert "0, 1 and 2 quarter turns" in rulings["cards"]
    assert "(0 and 2)" in rulings["sides"] and "(0, 1, 2 and 3)" in rulings["sides"]
    assert rulings["two_players"].endswith(": I3, O3, T3, L3, S3, J3, Z3 and V3.")
    text = "".join(parse(UI.rules_html(T)).itertext())
    assert f"You have {data.ACTION_POINTS} action points" in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_change_of_data_changes_the_help(lang, monkeypatch):
    """The help reads its numbers from tablero.arraial.data when drawn: other values
    there show in every language, in the ruling that names them."""
    from tablero.arraial import data

    before = _rulings(UI.rules_html(make_t(lang)))
    changes = {
        "WIDTH": 7, "HEIGHT": 15, "COLUMNS": "abcdefg",
        "BAR_START": {2: 11, 3: 10, 4: 5},
        "PIECES_PER_SHAPE": 12, "MAX_BACKS": 6, "COLOUR_VISITORS": 13, "WHITE_VISITORS": 25,
        "CARD_TURNS": (0, 3, 1), "REMOVED_2P": (0, 4),
        "SIDES": {2: (1, 3), 3: (0, 1, 3), 4: (0, 1, 2, 3)},
        "ACTION_POINTS": 4,
    }  # fmt: skip
    for name, value in changes.items():
        monkeypatch.setattr(data, name, value)
    html = UI.rules_html(make_t(lang))
    rulings = _rulings(html)
    want = {
        "street": ["7", "15", "a", "g"],
        "bar_start": ["11", "10", "5"],
        "shapes": ["12"],
        "pieces": ["12"],
        "backs": ["6"],
        "run_out": ["13", "25"],
        "cards": ["3", "1"],
        "two_players": ["I1", "O2"],
        "sides": ["1", "3"],
    }
    for name, texts in want.items():
        assert rulings[name] != before[name], (lang, name)
        for text in texts:
            assert text in rulings[name], (lang, name, text)
    assert "I3" not in rulings["two_players"] and "14" not in rulings["street"]
    assert "20" not in rulings["run_out"]
    assert "4" in "".join(parse(html).itertext())


def test_the_english_help_writes_no_number_of_the_data_itself():
    """Digits in the help's English texts, placeholders aside, are only labels: row 1,
    the phases 1-3, the player counts, side and rotation 0."""
    import re

    labels = {
        "ruling.street": ["1"],
        "ruling.sides": ["0", "2", "3", "4", "0"],
        "ruling.bar_start": ["2", "3", "4"],
        "ruling.two_players": ["2"],
        "minimum": ["1", "2", "3", "3"],
        "ruling.phase3": ["3"],
        "next_phase": ["3"],
    }
    for key, text in catalog("en").items():
        if not key.startswith("arraial.rules."):
            continue
        for form in text if isinstance(text, tuple) else (text,):  # a plural: each form
            digits = re.findall(r"\d+", re.sub(r"\{\w*\}", "", form))
            want = labels.get(key.removeprefix("arraial.rules."), [])
            assert sorted(digits) == sorted(want), key


# --- the table in motion (widgets.motion) ---------------------------------------------------


def _animated(root) -> dict[str, ET.Element]:
    """Every animated element by its key (a key is on one element only)."""
    found = having(root, "data-anim")
    keys = [el.get("data-anim-key") for el in found]
    assert len(keys) == len(set(keys)), keys
    assert all(el.get("data-anim") in MOTION_KINDS for el in found)
    return {el.get("data-anim-key"): el for el in found}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_recent_landings_drop_and_their_visitors_appear_once(players):
    kinds = set()
    for s in random_states(players, seed=players * 3, every=5):
        for viewer in range(players):
            view = s.view(viewer)
            root = render(view)
            anims = _animated(root)
            kinds |= {el.get("data-anim") for el in anims.values()}
            (board,) = [e for e in root.iter() if "arl-board" in (e.get("class") or "")]
            for n, entry in recent_window(view):
                for e in entry["events"]:
                    p = e.get("player")
                    where = board if p == viewer else (find(root, data_street=str(p)) or [None])[0]
                    if e["type"] == "place":
                        (piece,) = find(where, data_anim_key=f"{n}:{p}:piece")
                        assert piece.get("data-anim") == "drop"
                        assert piece.get("data-cells") == " ".join(e["cells"])
                        dx, dy = (float(x) for x in piece.get("data-anim-from").split(","))
                        lowest = min(int(c[1:]) for c in e["cells"])
                        assert dy == -(14 - lowest + 1) * 40 and dx % 40 == 0
                    if e["type"] == "visitor":
                        (who,) = find(where, data_anim_key=f"{n}:{p}:visitor")
                        assert who.get("data-anim") == "appear"
                        assert (who.get("data-visitor"), who.get("data-on")) == (
                            e["colour"],
                            str(e["piece"]),
                        )
            # a selection (a drop column chosen) does not play them again: the same keys
            if viewer == s.current_player and s.phase == "land":
                column = next(int(el.get("data-column")) for el in acts(root, "column"))
                sel, _ = click(view, Selection(), act="column", column=column)
                assert set(_animated(render(view, sel))) == set(anims)
    assert {"drop", "appear", "count"} <= kinds


def test_a_slid_piece_drops_in_its_column_then_slides_into_place():
    def has_slides(x):
        if x.phase != "land":
            return False
        return any(m.slide for m in x.legal_moves() if isinstance(m, Land))

    s = play_until(new_game(2, seed=8), has_slides, rng_seed=2)
    me = s.current_player
    land = next(m for m in s.legal_moves() if isinstance(m, Land) and m.slide)
    after = s.apply(land)
    root = render(after.view(1 - me))
    (street,) = find(root, data_street=str(me))
    (piece,) = find(street, data_cells=cell_names(land.cells))
    dx, dy = (float(x) for x in piece.get("data-anim-from").split(","))
    assert dx == -land.slide * 40 and dy < 0


def test_a_score_counts_from_its_old_number():
    s = play_until(new_game(2, seed=4), lambda x: x.score[x.current_player or 0] > 0 and any(
        e["type"] == "visitor" for e in x.history[-1]["events"]))  # fmt: skip
    p = s.history[-1]["player"]
    root = render(s.view(p))
    (count,) = [el for el in having(root, "data-anim") if el.get("data-anim") == "count"]
    assert count.text == str(s.scores()[p])
    old = int(count.get("data-anim-from", "0,0").split(",")[0])
    assert old == s.scores()[p] - 1 - 2 * any(e["type"] == "pair" for e in s.history[-1]["events"])
    assert "data-anim" not in UI.render_table(new_game().view(0), SEATS[:2], Selection(), T)


# --- the end as a sequence ------------------------------------------------------------------


def _lit_cells(board) -> dict[int, set[tuple[int, int]]]:
    """Each street's cells a step lights."""
    out = {}
    for street in having(parse(board), "data-step-street"):
        cells = {el.get("data-step-cell") for el in having(street, "data-step-cell")}
        out[int(street.get("data-step-street"))] = {
            ("abcdef".index(c[0]), int(c[1:]) - 1) for c in cells
        }
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_end_steps_count_the_zones_the_whites_the_pairs_then_the_winner(players):
    s = random_states(players, seed=players + 20, every=10_000)[-1]
    seats = SEATS[:players]
    steps = UI.end_steps(s, seats, T)
    colours = [c for c in COLOURS if any(c == v for p in range(players) for v, _ in s.visitors[p])]
    held = [c for c in COLOURS if s.pairs[c] is not None]
    whites = 1 if any(s.street_whites) else 0
    assert len(steps) == len(colours) + whites + len(held) + 1
    for step, colour in zip(steps, colours, strict=False):
        assert T(f"arraial.colour.{colour}") in step.caption
        assert step.points == tuple(
            sum(1 for v, _ in s.visitors[p] if v == colour) for p in range(players)
        )
        lit = _lit_cells(step.board)
        for p in range(players):
            want = {c for z, cs, seen in s.zones(p) if z == colour and seen for c in cs}
            assert lit[p] == want
    if whites:
        assert steps[len(colours)].points == tuple(s.street_whites)
    for step, colour in zip(steps[len(colours) + whites :], held, strict=False):
        q = s.pairs[colour]
        lit = _lit_cells(step.board)
        assert len(lit[q]) == s.largest_zone(q, colour) and not any(lit[p] for p in lit if p != q)
        root = parse(step.board)
        (pair,) = [el for el in find(root, data_pair=colour) if "tb-step-on" in el.get("class")]
        assert step.points == tuple(2 if p == q else 0 for p in range(players))
    # the steps explain every point: the sequence starts from nothing
    added = [sum(step.points[p] for step in steps if step.points) for p in range(players)]
    assert added == s.scores()
    assert steps[-1].points == ()
    assert all(seats[w].name in steps[-1].caption for w in s.winners())
    for step in steps:  # the final streets, read only, names escaped
        root = parse(step.board)
        assert "<img" not in step.board and find(root, data_game="arraial")
        assert not having(root, "data-act")
        assert len(having(root, "data-step-street")) == players


def test_no_end_steps_before_the_end():
    assert UI.end_steps(new_game(), SEATS[:2], T) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_steps_are_said_in_every_language(lang):
    t = make_t(lang)
    for players in (2, 3, 4):
        s = random_states(players, seed=players + 20, every=10_000)[-1]
        for step in UI.end_steps(s, SEATS[:players], t):
            assert step.caption.strip() and "{" not in step.caption
            assert "arraial." not in step.caption
