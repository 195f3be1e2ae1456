"""The Arribada UI plugin (tablero.web.games.arribada), in CPython: rendering, clicks,
the move log, the end screen, the rules help and the message catalogs."""

from __future__ import annotations

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
    strict_translator,
)
from tablero.arribada import (
    Capture,
    Claim,
    Confirm,
    Decline,
    DrawBag,
    DrawDisplay,
    EndTurn,
    Pass,
    Pick,
    Place,
    Refresh,
)
from tablero.core import from_text, get_game, make
from tablero.web.games import get_ui
from tablero.web.games.arribada.end import score_series
from tablero.web.games.arribada.rules import ruling_keys
from tablero.web.plugin import Selection
from tablero.web.widgets import MOTION_KINDS

UI = get_ui("arribada")


def catalog(lang: str) -> dict[str, str]:
    return ui_helpers.catalog("arribada", lang)


def make_t(lang: str = "en"):
    return strict_translator("arribada", lang)


T = make_t("en")


def random_states(players: int, seed: int, every: int = 23) -> list:
    """States along a random game, every ``every`` moves, and the final one."""
    return ui_helpers.random_states("arribada", players, seed, every)


def finished(players: int, seed: int):
    return random_states(players, seed, every=10_000)[-1]


def click(view, sel, **target):
    return UI.on_click(view, sel, {f"data-{k}": str(v) for k, v in target.items()})


# Rulebook-like position (docs/notation-arribada.md, P2): A may claim c2 and capture d3.
P2 = """arribada 2p {variant}
 .  .  .  .  .  o  .  .
 . 3B  6  .  .  .  .  .
 o  . 1A 2B  .  .  4  .
 .  .  .  #  #  .  .  .
 .  .  .  #  #  .  .  .
 .  5  .  .  .  .  .  o
 .  .  .  .  .  8  .  .
 .  .  o  .  .  .  .  .
rack A: 2 2 4 4 7
rack B: 4 5 6 7 8
display: 1 2 5 4 3
bag: rest
turn: A action
"""


def p2(variant: str = "standard"):
    return from_text("arribada", P2.format(variant=variant))


# --- the catalogs --------------------------------------------------------------------


def test_all_languages_have_the_same_keys_and_placeholders():
    check_catalogs_agree("arribada", may_be_blank=("arribada.log.sep",))


def test_every_catalog_key_is_used_somewhere():
    src = "".join(p.read_text() for p in (GAMES / "arribada").glob("*.py"))
    prefixes = {
        "arribada.status.you.",
        "arribada.status.other.",
        "arribada.tile.",
        "arribada.quadrant.",
        "arribada.log.game_end.",
        "arribada.rules.",
        "arribada.title",  # the title and blurb: the shell asks for them (GameEntry.of)
        "arribada.blurb",
    }
    declared = ui_helpers.declared_keys("arribada")  # asked for through the shared declarations
    for key in catalog("en"):
        # a log line's second person ("You placed ...") is asked for as its key + ".you"
        key = key.removesuffix(".you") if ".log." in key else key
        if not any(key.startswith(p) for p in prefixes) and key not in declared:
            assert f'"{key}"' in src, key


# --- options and the registry --------------------------------------------------------


def test_option_hints_name_only_the_cores_options():
    # The options are the core's (the new-game form derives its fields from them); the
    # UI only names the keys of the variant (tests/web/test_app.py tests the form).
    (hint,) = UI.options()
    specs = {spec.name: spec for spec in get_game("arribada").options}
    assert set(specs) == {"variant", "first_player"} and hint.name == "variant"
    assert [v for v, _ in hint.choice_keys] == list(specs["variant"].choices)
    assert hint.label_key is not None
    for _, key in (*hint.choice_keys, (None, hint.label_key)):
        T(key)


def test_get_ui_refuses_unknown_games():
    with pytest.raises(ValueError, match="no user interface"):
        get_ui("chess")
    with pytest.raises(ValueError):
        get_ui("../x")


# --- the table ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_table_is_well_formed_and_shows_only_the_viewers_rack(players):
    seats = SEATS[:players]
    for s in random_states(players, seed=players * 7):
        for viewer in range(players):
            view = s.view(viewer)
            root = parse(UI.render_table(view, seats, Selection(), T))
            assert len(find(root, data_seat="0")) >= 1
            rack_tiles = [el for el in root.iter() if el.get("data-rack-value")]
            assert sorted(int(el.get("data-rack-value")) for el in rack_tiles) == sorted(
                s.racks[viewer]
            )
            owners = {el.get("data-rack-owner") for el in root.iter() if el.get("data-rack-owner")}
            assert owners <= {str(viewer)}
            tiles = [el for el in root.iter() if el.get("data-tile-cell")]
            assert len(tiles) == sum(1 for v in s.values if v)
            if viewer != s.current_player:
                assert not acts(root, "cell") and not acts(root, "move")


def test_another_players_rack_is_never_drawn():
    s = from_text(
        "arribada",
        P2.format(variant="standard")
        .replace("rack B: 4 5 6 7 8", "rack B: 6 6 6 6 6")
        .replace("rack A: 2 2 4 4 7", "rack A: 1 1 1 1 2"),
    )
    html = UI.render_table(s.view(0), SEATS[:2], Selection(), T)
    root = parse(html)
    values = [el.get("data-rack-value") for el in root.iter() if el.get("data-rack-value")]
    assert sorted(values) == ["1", "1", "1", "1", "2"]
    html_b = UI.render_table(s.view(1), SEATS[:2], Selection(), T)
    values_b = [
        el.get("data-rack-value") for el in parse(html_b).iter() if el.get("data-rack-value")
    ]
    assert values_b == ["6"] * 5
    # a full state by mistake: nobody's rack is drawn
    full = parse(UI.render_table(s, SEATS[:2], Selection(), T))
    assert not [el for el in full.iter() if el.get("data-rack-value")]


def test_seat_names_are_escaped():
    s = make("arribada", players=3, seed=2, first_player=1)
    html = UI.render_table(s.view(1), SEATS[:3], Selection(), T)
    assert EVIL not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "Cy &amp; Co" in html
    end = UI.render_end(finished(3, 2), SEATS[:3], T)
    assert EVIL not in end and "&lt;img" in end


def _targets(view, sel):
    root = parse(UI.render_table(view, SEATS[: view.num_players], sel, T))
    return {el.get("data-cell") for el in acts(root, "cell")}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_highlights_exactly_the_legal_targets(players):
    for s in random_states(players, seed=players, every=31):
        if s.phase not in ("action", "extra"):
            continue
        view = s.view(s.current_player)
        legal = [str(m) for m in view.legal_moves()]
        grabs = {m.split()[1] for m in legal if m.startswith(("claim", "capture"))}
        assert _targets(view, Selection()) == grabs
        for v in set(view.racks[view.viewer]):
            places = {m.split()[2] for m in legal if m.startswith(f"place {v} ")}
            assert _targets(view, Selection({"value": v})) == places | grabs


def test_place_flow_select_value_click_cell_preview_confirm():
    s = p2()
    view = s.view(0)
    sel, move = click(view, Selection(), act="pick-value", value=4)
    assert move is None and sel.data == {"value": 4}
    root = parse(UI.render_table(view, SEATS[:2], sel, T))
    pressed = [el for el in acts(root, "pick-value") if el.get("aria-pressed") == "true"]
    assert [el.get("data-value") for el in pressed] == ["4"]
    sel, move = click(view, sel, act="cell", cell="b3")
    assert move is None and sel.data["move"] == "place 4 b3"
    html = UI.render_table(view, SEATS[:2], sel, T)
    root = parse(html)
    (preview,) = [el for el in root.iter() if el.get("data-preview")]
    assert preview.get("data-preview") == "place 4 b3"
    assert acts(root, "confirm-move") and acts(root, "cancel-move")
    strengths = {el.get("data-strength-seat") for el in root.iter() if el.get("data-strength-seat")}
    assert strengths == {"0", "1"}
    assert [el.get("data-spawn-cell") for el in root.iter() if el.get("data-spawn-cell")] == ["a3"]
    text = "".join(preview.itertext())
    assert "Nidos that get a tile from the bag: a3." in text
    sel2, move = click(view, sel, act="confirm-move")
    assert move == Place(4, 2, 1) and move in view.legal_moves() and sel2.data == {}
    # cancel keeps the value, forgets the target
    sel3, move = click(view, sel, act="cancel-move")
    assert move is None and sel3.data == {"value": 4}
    # the same value again deselects it
    assert click(view, Selection({"value": 4}), act="pick-value", value=4)[0].data == {}


#: Player B to act in a 3-player game, B's 5 and 6 at the foot of the board.
B_TO_PLAY = """arribada 3p standard
 .  .  .  .  .  .  .  .  .  .
 .  .  o  .  .  .  o  .  .  .
 .  .  .  .  o  .  .  .  o  .
 .  o  .  .  .  .  .  .  .  .
 .  .  .  .  #  #  .  o  .  .
 .  .  o  .  #  #  .  .  .  .
 .  .  .  .  .  .  .  .  o  .
 .  o  .  .  .  o  .  .  .  .
 .  .  .  o  .  .  .  o  .  .
 . 5B 6B  .  .  .  .  .  .  .
rack A: 1 2 3 5 8
rack B: 4 4 7 7 8
rack C: 1 1 2 3 6
display: 1 2 3 4 5
bag: rest
turn: B action
"""


def test_preview_shows_points_split_into_sequence_and_set():
    s = from_text("arribada", B_TO_PLAY)
    view = s.view(1)
    sel = Selection({"value": 4, "move": "place 4 a10"})
    root = parse(UI.render_table(view, SEATS[:3], sel, T))
    (preview,) = [el for el in root.iter() if el.get("data-preview")]
    assert "Scores 4 for the sequence." in "".join(preview.itertext())


def test_claim_and_capture_flows():
    view = p2().view(0)
    assert _targets(view, Selection()) == {"c2", "d3"}
    sel, move = click(view, Selection(), act="cell", cell="c2")
    assert move is None and sel.data == {"move": "claim c2"}
    root = parse(UI.render_table(view, SEATS[:2], sel, T))
    assert [el.get("data-preview") for el in root.iter() if el.get("data-preview")] == ["claim c2"]
    assert click(view, sel, act="confirm-move")[1] == Claim(1, 2)
    sel, move = click(view, Selection({"value": 2}), act="cell", cell="d3")
    assert sel.data == {"value": 2, "move": "capture d3"}
    html = UI.render_table(view, SEATS[:2], sel, T)
    assert "Your strength 10 beats 2" in html
    assert click(view, sel, act="confirm-move")[1] == Capture(2, 3)


def test_no_capture_in_the_beginner_variant():
    view = p2("beginner").view(0)
    assert _targets(view, Selection()) == {"c2"}
    sel, move = click(view, Selection(), act="cell", cell="d3")
    assert move is None and "move" not in sel.data
    html = UI.render_table(view, SEATS[:2], Selection({"value": 4, "move": "place 4 b3"}), T)
    assert "defence against capture" not in html


def test_clicks_that_are_not_legal_do_nothing():
    view = p2().view(0)
    sel = Selection({"value": 4})
    assert click(view, sel, act="cell", cell="d4") == (sel, None)  # the rock
    assert click(view, sel, act="cell", cell="b2") == (sel, None)  # B's 3: too strong
    assert click(view, sel, act="pick-value", value=6) == (sel, None)  # not on the rack
    assert click(view, sel, act="move", move="draw bag") == (sel, None)
    assert click(view, sel, act="nonsense") == (sel, None)
    assert click(view, Selection(), act="confirm-move") == (Selection(), None)
    stale = Selection({"move": "place 3 b3"})
    assert click(view, stale, act="confirm-move")[1] is None
    # not the viewer's turn: nothing at all
    other = p2().view(1)
    assert click(other, Selection(), act="move", move="pass") == (Selection(), None)


def test_extra_action_and_decline():
    s = p2().apply("place 2 b3")
    assert s.phase == "extra"
    view = s.view(0)
    root = parse(UI.render_table(view, SEATS[:2], Selection(), T))
    assert "a3" in _targets(view, Selection())  # the spawned nido tile may be claimed
    (decline,) = [el for el in acts(root, "move") if el.get("data-move") == "decline"]
    assert decline.tag == "button"
    assert click(view, Selection(), act="move", move="decline")[1] == Decline()


def test_draw_flow():
    s = p2().apply("place 4 b3")
    assert s.phase == "draw"
    view = s.view(0)
    root = parse(UI.render_table(view, SEATS[:2], Selection(), T))
    moves = {el.get("data-move") for el in acts(root, "move")}
    assert moves == {"draw bag", "draw 1", "draw 2", "draw 3", "draw 4", "draw 5"}
    assert not acts(root, "cell") and not acts(root, "pick-value")
    assert click(view, Selection(), act="move", move="draw bag")[1] == DrawBag()
    assert click(view, Selection(), act="move", move="draw 5")[1] == DrawDisplay(5)


def test_the_tile_drawn_from_the_bag_turns_face_up_as_it_comes():
    """The tile the player to move drew from the bag this turn is marked as it comes onto
    the rack (``is-newest``: a brief fade, none under reduced motion): one tile of its
    value, for the drawer's rack only, and only until the turn passes.  A tile taken
    from the display (seen by all) is not."""
    s = p2().apply("place 4 b3")
    drawn = s.apply("draw bag")
    value = drawn.history[-1]["events"][0]["value"]

    def newest(state, viewer: int) -> list[str]:
        root = parse(UI.render_table(state.view(viewer), SEATS[:2], Selection(), T))
        return [
            str(el.get("data-rack-value"))
            for el in root.iter()
            if "is-newest" in (el.get("class") or "").split()
        ]

    assert newest(s, 0) == []  # nothing drawn yet this turn
    assert newest(drawn, 0) == [str(value)]
    assert newest(drawn, 1) == []  # not the other's rack
    assert newest(s.apply("draw 5"), 0) == []  # from the display: no motion
    ended = drawn.apply("end")
    assert ended.current_player == 1
    assert newest(ended, 0) == [] and newest(ended, 1) == []  # the turn passed


def test_refresh_flow_picks_one_at_a_time_with_highlights():
    s = p2()
    view = s.view(0)
    root = parse(UI.render_table(view, SEATS[:2], Selection(), T))
    assert "refresh" in {el.get("data-move") for el in acts(root, "move")}
    assert click(view, Selection(), act="move", move="refresh")[1] == Refresh()
    s = s.apply("refresh")
    view = s.view(0)
    _, move = click(view, Selection(), act="move", move="pick rack 4")
    assert move == Pick("rack", 4)
    s = s.apply(move)
    _, move = click(s.view(0), Selection(), act="move", move="pick display 5")
    assert move == Pick("display", 5)
    s = s.apply(move)
    root = parse(UI.render_table(s.view(0), SEATS[:2], Selection(), T))
    picked = [el for el in root.iter() if "is-picked" in (el.get("class") or "")]
    assert [el.get("data-rack-value") for el in picked] == ["4"]
    rings = [el for el in root.iter() if el.get("class") == "arr-picked-ring"]
    assert len(rings) == 1
    display_moves = {el.get("data-move") for el in acts(root, "move")}
    assert "pick display 5" not in display_moves and "pick display 1" in display_moves
    assert "confirm" in display_moves
    assert click(s.view(0), Selection(), act="move", move="confirm")[1] == Confirm()
    # another player's view of the refresh hides the picked rack value
    other = parse(UI.render_table(s.view(1), SEATS[:2], Selection(), T))
    assert not [el for el in other.iter() if "is-picked" in (el.get("class") or "")]


def test_end_phase_offers_refresh_or_end():
    s = p2().apply("place 4 b3").apply("draw 5")
    assert s.phase == "end"
    view = s.view(0)
    moves = {
        el.get("data-move")
        for el in acts(parse(UI.render_table(view, SEATS[:2], Selection(), T)), "move")
    }
    assert moves == {"refresh", "end"}
    assert click(view, Selection(), act="move", move="end")[1] == EndTurn()


PASS_POSITION = P2.format(variant="standard") + "shells: A=0 B=0\nrefresh: A=no B=no\n"


def test_pass_flow():
    s = from_text("arribada", PASS_POSITION)
    view = s.view(0)
    root = parse(UI.render_table(view, SEATS[:2], Selection(), T))
    assert {el.get("data-move") for el in acts(root, "move")} == {"pass"}
    assert not acts(root, "pick-value")
    assert click(view, Selection(), act="move", move="pass")[1] == Pass()


def test_table_without_a_turn_after_the_game_ends():
    s = finished(2, 3)
    root = parse(UI.render_table(s.view(0), SEATS[:2], Selection(), T))
    assert not acts(root, "cell") and not acts(root, "move")
    assert "The game is over." in "".join(root.itertext())


# --- the move log ----------------------------------------------------------------------

ALL_EVENTS = {
    "spawn",
    "claim",
    "score",
    "capture",
    "extra_action",
    "last_shell",
    "pass",
    "draw",
    "refill",
    "refresh",
    "game_end",
    "stranded",
    "majority",
}


def _games_for_the_log():
    games = [finished(2 + seed % 3, seed) for seed in range(6)]
    games.append(from_text("arribada", PASS_POSITION).apply("pass").apply("pass"))
    games.append(p2().apply("place 2 b3").apply("decline"))
    return games


def test_describe_covers_every_event_and_move():
    seen = set()
    moves = set()
    for s in _games_for_the_log():
        seats = SEATS[: s.num_players]
        for entry in s.history:
            text = UI.describe(entry, seats, T)
            assert isinstance(text, str) and text.strip()
            assert "{" not in text
            seen |= {e["type"] for e in entry["events"]}
            moves.add(entry["move"].split()[0])
        for p in range(s.num_players):
            for entry in s.view(p).history:
                assert UI.describe(entry, seats, T).strip()
    assert seen == ALL_EVENTS
    assert moves == {
        "place",
        "claim",
        "capture",
        "decline",
        "pass",
        "draw",
        "refresh",
        "pick",
        "confirm",
        "end",
    }


def test_describe_examples():
    seats = SEATS[:2]
    entry = {
        "player": 0,
        "move": "place 4 c5",
        "events": [
            {"type": "score", "player": 0, "cell": "c5", "value": 4, "sequence": 4, "set": 0}
        ],
    }
    assert UI.describe(entry, seats, T) == "Ana placed a 4 on c5. Ana scored 4 (sequence)."
    entry = {
        "player": 1,
        "move": "draw bag",
        "events": [{"type": "draw", "player": 1, "source": "bag", "value": None}],
    }
    assert UI.describe(entry, seats, T) == f"{EVIL} drew a tile from the bag."
    entry = {
        "player": 0,
        "move": "draw 8",
        "events": [
            {"type": "draw", "player": 0, "source": "display", "value": 8},
            {"type": "refill", "slot": 0, "value": 3},
        ],
    }
    assert UI.describe(entry, seats, T) == (
        "Ana took an 8 from the display. The display was refilled: 3."
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_describe_never_reveals_masked_values(players):
    s = finished(players, seed=40 + players)
    seats = SEATS[:players]
    for viewer in range(players):
        view = s.view(viewer)
        for full, masked in zip(s.history, view.history, strict=True):
            text = UI.describe(masked, seats, T)
            for e, f in zip(masked["events"], full["events"], strict=True):
                if e["type"] == "draw" and e["value"] is None:
                    name = seats[e["player"]].name
                    assert T("arribada.log.draw_bag_hidden", name=name) in text
                    revealed = T(
                        "arribada.log.draw_bag", name=name, tile=T(f"arribada.tile.{f['value']}")
                    )
                    assert revealed not in text
                if e["type"] == "refresh" and e["player"] != viewer:
                    assert "Rack:" not in text
            if masked["move"] == "pick rack ?":
                assert text.endswith("set aside a tile from the rack.")


# --- the end of the game ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_render_end(players):
    s = finished(players, seed=players + 1)
    assert s.is_terminal()
    html = UI.render_end(s, SEATS[:players], T)
    root = parse(html)
    stranded = [e["cell"] for e in s.history[-1]["events"] if e["type"] == "stranded"]
    assert stranded
    ghosts = [el.get("data-stranded-cell") for el in root.iter() if el.get("data-stranded-cell")]
    assert sorted(ghosts) == sorted(stranded)
    chips = [el.get("data-stranded") for el in root.iter() if el.get("data-stranded")]
    assert sorted(chips) == sorted(stranded)
    quadrants = [el.get("data-quadrant") for el in root.iter() if el.get("data-quadrant")]
    assert quadrants == ["nw", "ne", "sw", "se"]
    lines = [el for el in root.iter() if el.tag.endswith("polyline")]
    assert sorted(el.get("data-seat") for el in lines) == [str(p) for p in range(players)]
    assert len({el.get("stroke-dasharray") for el in lines}) == players
    text = "".join(root.itertext())
    assert "Turn" in text and "Points" in text
    winners = s.winners()
    assert SEATS[winners[0]].name.replace("<", "") in text.replace("<", "")


def test_score_series_ends_at_the_final_scores():
    for seed in range(5):
        s = finished(2 + seed % 3, seed)
        series, final_start = score_series(s.history, s.num_players)
        assert series[0] == [0] * s.num_players
        assert series[-1] == s.scores()
        assert final_start is not None and final_start < len(series) - 1


def test_render_end_after_everyone_passed():
    s = from_text("arribada", PASS_POSITION).apply("pass").apply("pass")
    root = parse(UI.render_end(s, SEATS[:2], T))
    assert "every player passed" in "".join(root.itertext())
    assert len([el for el in root.iter() if el.tag.endswith("polyline")]) == 2


# --- the rules help -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_rules_mark_every_ruling(lang):
    t = make_t(lang)
    root = parse(UI.rules_html(t))
    rulings = [el for el in root.iter() if el.get("data-ruling")]
    assert len(rulings) == len(ruling_keys()) >= 15
    tag = t("arribada.rules.ruling_tag")
    assert all(tag in "".join(el.itertext()) for el in rulings)
    text = "".join(root.itertext())
    for term in ("nido", "roca grande", "playa", "display"):
        if lang != "ja":
            assert term in text.lower(), (lang, term)


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_renders_every_screen(lang):
    t = make_t(lang)
    for players in (2, 3, 4):
        for s in random_states(players, seed=11 + players, every=17):
            if s.is_terminal():
                UI.render_end(s, SEATS[:players], t)
                for entry in s.history:
                    UI.describe(entry, SEATS[:players], t)
                continue
            view = s.view(s.current_player)
            parse(UI.render_table(view, SEATS[:players], Selection(), t))
            for m in view.legal_moves():
                if isinstance(m, (Place, Claim, Capture)):
                    value = m.value if isinstance(m, Place) else None
                    sel = Selection({"value": value, "move": str(m)})
                    parse(UI.render_table(view, SEATS[:players], sel, t))
                    break


# --- the table in motion (widgets.motion) ---------------------------------------------------


def _animated(root) -> dict[str, str]:
    """Every animated element's key -> its kind (a key is on one element only)."""
    found = [el for el in root.iter() if el.get("data-anim")]
    keys = [el.get("data-anim-key") for el in found]
    assert len(keys) == len(set(keys)), keys
    assert all(el.get("data-anim") in MOTION_KINDS for el in found)
    return {el.get("data-anim-key"): el.get("data-anim") for el in found}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_recent_moves_pieces_carry_their_animation_once(players):
    seen = set()
    for s in random_states(players, seed=60 + players, every=7):
        if s.is_terminal():
            continue
        for viewer in range(players):
            view = s.view(viewer)
            root = parse(UI.render_table(view, SEATS[:players], Selection(), T))
            anims = _animated(root)
            window = recent_window(view)
            later: dict[str, int] = {}  # cell -> the last move in the window that turned it
            for n, entry in window:
                if entry["move"].startswith("capture"):
                    later[entry["move"].split()[-1]] = n
            for n, entry in window:
                words = entry["move"].split()
                cell = words[-1]
                (tile,) = find(root, data_tile_cell=cell) or [None]
                if words[0] == "place" and tile is not None and cell not in later:
                    assert tile.get("data-anim") == "appear"
                    assert tile.get("data-anim-key") == f"{n}:{cell}"
                if words[0] == "capture" and later[cell] == n:
                    assert tile.get("data-anim") == "flip"
                    assert tile.get("data-anim-key") == f"{n}:{cell}"
                if words[0] == "claim" and cell not in later:
                    (mark,) = find(tile, data_anim_key=f"{n}:{cell}:shell")
                    assert mark.get("data-anim") == "appear" and mark.tag.endswith("g")
                for e in entry["events"]:
                    if e["type"] == "spawn" and e["cell"] not in later:
                        (nido,) = find(root, data_tile_cell=e["cell"])
                        assert nido.get("data-anim-key", "").startswith(f"{n}:")
                seen |= {words[0]}
            # only the window's moves, one key a move and piece
            first = window[0][0] if window else len(view.history) + 1
            assert all(int(key.split(":")[0]) >= first for key in anims)
            seen |= set(anims.values())
            # a selection does not play them again: the same keys
            if viewer == s.current_player and s.phase in ("action", "extra") and view.racks[viewer]:
                sel = Selection({"value": view.racks[viewer][0]})
                again = parse(UI.render_table(view, SEATS[:players], sel, T))
                assert _animated(again) == anims
    assert "appear" in seen and "place" in seen


#: The same with B's 12 points already scored.
SCORING = B_TO_PLAY.replace("turn: B action", "score: A=0 B=12 C=0\nturn: B action")


def test_a_score_counts_from_before_the_move_that_changed_it():
    s = from_text("arribada", SCORING).apply("place 4 a10")  # B scores 4 (sequence)
    for viewer in (0, 1, 2):
        root = parse(UI.render_table(s.view(viewer), SEATS[:3], Selection(), T))
        (count,) = [el for el in root.iter() if el.get("data-anim") == "count"]
        assert count.get("data-anim-key") == "1:score1"
        assert count.get("data-anim-from") == "12,0" and count.text == "16"
        assert int(count.get("data-anim-delay")) > 0  # the tile lands, then the score ticks
        (tile,) = find(root, data_tile_cell="a10")
        assert (tile.get("data-anim"), tile.get("data-anim-key")) == ("appear", "1:a10")


def test_a_capture_flips_the_tile_and_a_claim_puts_a_shell():
    s = p2().apply("capture d3")
    root = parse(UI.render_table(s.view(1), SEATS[:2], Selection(), T))
    (tile,) = find(root, data_tile_cell="d3")
    assert (tile.get("data-anim"), tile.get("data-anim-key")) == ("flip", "1:d3")
    s = p2().apply("claim c2")
    root = parse(UI.render_table(s.view(1), SEATS[:2], Selection(), T))
    (tile,) = find(root, data_tile_cell="c2")
    assert tile.get("data-anim") is None
    (mark,) = find(tile, data_anim="appear")
    assert mark.get("data-anim-key") == "1:c2:shell"
    # a table without recent moves animates nothing, and is drawn as before
    plain = UI.render_table(p2().view(0), SEATS[:2], Selection(), T)
    assert "data-anim" not in plain


# --- the end as a sequence ------------------------------------------------------------------


def _lit(board) -> tuple[set[str], list[str]]:
    """The cells a step lights, and the quadrants it outlines."""
    root = parse(board)
    on = [el for el in root.iter() if "tb-step-on" in (el.get("class") or "").split()]
    cells = {el.get("data-step-cell") for el in on if el.get("data-step-cell")}
    quadrants = [el.get("data-step-quadrant") for el in on if el.get("data-step-quadrant")]
    return cells, quadrants


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_end_steps_strand_then_count_each_quadrant_then_name_the_winner(players):
    s = finished(players, seed=players + 1)
    seats = SEATS[:players]
    steps = UI.end_steps(s, seats, T)
    events = [e for e in s.history[-1]["events"]]
    stranded = [e for e in events if e["type"] == "stranded"]
    majorities = [e for e in events if e["type"] == "majority"]
    assert len(steps) == 1 + 4 + 1
    # the stranded tiles, lit where they stood, each costing its number
    cells, _ = _lit(steps[0].board)
    assert cells == {e["cell"] for e in stranded}
    assert steps[0].points == tuple(
        sum(e["points"] for e in stranded if e["player"] == p) for p in range(players)
    )
    assert str(len(stranded)) in steps[0].caption
    # each quadrant: its tiles lit, its points
    board = s.board
    for step, e, name in zip(steps[1:5], majorities, ("nw", "ne", "sw", "se"), strict=True):
        cells, quadrants = _lit(step.board)
        q = ("nw", "ne", "sw", "se").index(name)
        mine = {
            board.cell_name(c) for c, o in enumerate(s.owners) if o >= 0 and board.quadrant[c] == q
        }
        assert quadrants == [name] and cells == mine
        assert step.points == tuple(e["points"])
        assert T(f"arribada.quadrant.{name}") in step.caption
    # the steps add up to final scoring: before it, the scores of the last turn
    series, final_start = score_series(s.history, players)
    added = [sum(step.points[p] for step in steps if step.points) for p in range(players)]
    assert [f - a for f, a in zip(s.scores(), added, strict=True)] == series[final_start]
    # the winner last, adding nothing
    assert steps[-1].points == ()
    assert all(seats[w].name in steps[-1].caption for w in s.winners())
    cells, _ = _lit(steps[-1].board)
    assert cells == {board.cell_name(c) for c, o in enumerate(s.owners) if o in s.winners()}
    for step in steps:  # the final board, read only, nothing hidden, names escaped
        root = parse(step.board)
        assert not acts(root, "cell") and not acts(root, "move")
        assert not [el for el in root.iter() if el.get("data-rack-value")]
        assert "<img" not in step.board
        assert find(root, data_game="arribada")


def test_no_end_steps_before_the_end():
    assert UI.end_steps(p2(), SEATS[:2], T) == []
    s = from_text("arribada", PASS_POSITION).apply("pass").apply("pass")
    steps = UI.end_steps(s, SEATS[:2], T)
    assert len(steps) == 6 and steps[-1].points == ()


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_steps_are_said_in_every_language(lang):
    t = make_t(lang)
    for players in (2, 3, 4):
        for step in UI.end_steps(finished(players, seed=players + 1), SEATS[:players], t):
            assert step.caption.strip() and "{" not in step.caption
            assert "arribada." not in step.caption
    for key in catalog(lang):
        if key.startswith("arribada.endstep."):
            assert key in catalog("en")
