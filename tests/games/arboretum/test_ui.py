"""The Arboretum UI plugin (tablero.web.games.arboretum), in CPython: rendering, clicks,
the move log, the end screen, the rules help and the message catalogs."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from support import ui_helpers
from support.arboretum_positions import MIDDLE
from support.ui_helpers import (
    EVIL,
    GAMES,
    LANGS,
    SEATS,
    acts,
    check_catalogs_agree,
    find,
    parse,
    play_until,
    strict_translator,
)
from tablero.arboretum import CARD_NAMES, Discard, DrawDeck, DrawPile, Play
from tablero.arboretum.grid import cell_name
from tablero.arboretum.state import HIDDEN
from tablero.core import from_text, get_game, make
from tablero.web.games import get_ui
from tablero.web.games.arboretum.end import score_series
from tablero.web.games.arboretum.rules import ruling_keys
from tablero.web.games.arboretum.table import ZOOMS, card_words
from tablero.web.plugin import Seat, Selection

UI = get_ui("arboretum")


def catalog(lang: str) -> dict[str, str]:
    return ui_helpers.catalog("arboretum", lang)


def make_t(lang: str = "en"):
    return strict_translator("arboretum", lang)


T = make_t("en")


def having(root: ET.Element, attr: str) -> list[ET.Element]:
    return [el for el in root.iter() if el.get(attr) is not None]


def random_states(players: int, seed: int, every: int = 17) -> list:
    """States along a random game, every ``every`` moves, and the final one."""
    return ui_helpers.random_states("arboretum", players, seed, every)


def finished(players: int, seed: int):
    return random_states(players, seed, every=10_000)[-1]


def click(view, sel, **target):
    return UI.on_click(view, sel, {f"data-{k}": str(v) for k, v in target.items()})


def render(view, sel=None, seats=None, t=T) -> ET.Element:
    sel = sel or Selection()
    return parse(UI.render_table(view, (seats or SEATS)[: view.num_players], sel, t))


def garden_svg_of(root: ET.Element, p: int) -> ET.Element:
    (panel,) = find(root, data_garden=str(p))
    return next(
        e for e in panel.iter() if e.tag.endswith("svg") and "arb-garden" in e.get("class", "")
    )


# A finished game: A and B both score 3, A has more species (Ca, Do) and wins; A's Ma8
# counts 0 against B's Ma1.
TIE = """arboretum 2p
arboretum A:
   0   1
0 Ca1 Ca2
1 Do5 .
arboretum B:
   0   1
0 BS1 BS2
hand A: Ca3 Ca4 CB2 CB3 Ja2 Ma2 Ma8
hand B: BS3 BS4 CB4 Ja4 Ma1 Ma3 Ma4
discard A: {rest}
discard B: -
deck: -
turn: A over
"""


def mid():
    return from_text("arboretum", MIDDLE)


def tie_game():
    used = set(re.findall(r"\b[A-Z][a-zA-Z]\d\b", TIE))
    rest = " ".join(c for c in CARD_NAMES[:48] if c not in used)
    return from_text("arboretum", TIE.format(rest=rest))


# --- the catalogs --------------------------------------------------------------------


def test_all_languages_have_the_same_keys_and_placeholders():
    check_catalogs_agree("arboretum", may_be_blank=("arboretum.sep.sentence",))


def test_every_catalog_key_is_used_somewhere():
    src = "".join(p.read_text() for p in (GAMES / "arboretum").glob("*.py"))
    prefixes = (
        "arboretum.status.you.",
        "arboretum.status.other.",
        "arboretum.species.",
        "arboretum.rules.",
        "arboretum.option.",
        "arboretum.title",  # the title and blurb: the shell asks for them (GameEntry.of)
        "arboretum.blurb",
    )
    declared = ui_helpers.declared_keys("arboretum")  # asked for through the shared declarations
    for key in catalog("en"):
        # a log line's second person ("You placed ...") is asked for as its key + ".you"
        key = key.removesuffix(".you") if ".log." in key else key
        if not key.startswith(prefixes) and key not in declared:
            assert f'"{key}"' in src or f"'{key}'" in src, key


def test_the_app_offers_arboretum():
    from tablero.web.app import GAMES

    assert "arboretum" in [g.id for g in GAMES]
    assert get_ui("arboretum").game_id == "arboretum"


def test_option_hints_name_only_the_cores_options():
    # The options are the core's (the new-game form derives its fields from them); the
    # UI only names the key of "drawn at random" (tests/web/test_app.py tests the form).
    (hint,) = UI.options()
    (spec,) = get_game("arboretum").options
    assert hint.name == spec.name == "first_player" and spec.kind == "seat"
    for value, key in hint.choice_keys:
        assert value in spec.allowed(2)
        T(key)
    s = make("arboretum", players=2, seed=1, first_player=1)
    assert s.current_player == 1


# --- the table ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_table_is_well_formed_and_shows_only_the_viewers_hand(players):
    seats = SEATS[:players]
    for s in random_states(players, seed=players * 7):
        for viewer in range(players):
            view = s.view(viewer)
            html = UI.render_table(view, seats, Selection(), T)
            root = parse(html)
            assert len(find(root, data_seat="0")) >= 1
            hand = sorted(el.get("data-hand-card") for el in having(root, "data-hand-card"))
            assert hand == sorted(CARD_NAMES[c] for c in s.hands[viewer])
            owners = {el.get("data-hand-owner") for el in having(root, "data-hand-owner")}
            assert owners == {str(viewer)}
            # every planted card is drawn once, in its garden, where it stands
            for p in range(players):
                (panel,) = find(root, data_garden=str(p))
                cells = {el.get("data-card-cell"): el.get("data-card")
                         for el in having(panel, "data-card-cell")}  # fmt: skip
                assert cells == {cell_name(c): CARD_NAMES[x] for c, x in s.arbs[p].items()}
            # another player's hidden cards appear nowhere on the table
            if s.is_terminal():
                continue
            shown = {el.get("data-card") for el in having(root, "data-card")}
            for q in range(players):
                if q == viewer:
                    continue
                secret = {CARD_NAMES[c] for c in s.hands[q] if c not in s.known[q]}
                assert not secret & shown, (q, secret & shown)
                for name in secret:
                    assert f'"{name}"' not in html
                backs = find(root, data_seat=str(q))[0]
                (count,) = having(backs, "data-hand-count")
                assert count.get("data-hand-count") == str(len(s.hands[q]))
                known = {el.get("data-known-card") for el in having(backs, "data-known-card")}
                assert known == {CARD_NAMES[c] for c in s.known[q]}
            if viewer != s.current_player:
                for act in ("move", "pick-card", "cell", "confirm-move", "zoom"):
                    assert not acts(root, act), act


def test_the_gardens_show_every_card_where_it_stands():
    s = mid()
    root = render(s.view(1))
    (a,) = find(root, data_garden="0")
    cells = {el.get("data-card-cell"): el.get("data-card") for el in having(a, "data-card-cell")}
    assert cells == {"0,0": "Ma1", "1,0": "Ma2", "1,1": "Ma3"}
    (b,) = find(root, data_garden="1")
    cells = {el.get("data-card-cell"): el.get("data-card") for el in having(b, "data-card-cell")}
    assert cells == {"-1,0": "Do6", "0,0": "CB4"}
    # the viewer's own garden comes first; B sees A's known Do4 and A's pile top
    gardens = [el.get("data-garden") for el in having(root, "data-garden")]
    assert gardens == ["1", "0"]
    assert [el.get("data-known-card") for el in having(root, "data-known-card")][:1] == ["Do4"]
    assert find(root, data_pile="0")[0].get("data-pile-top") == "Ma6"
    assert find(root, data_pile="1")[0].get("data-pile-top") == "Ca1"
    deck = having(root, "data-deck-count")[0]
    assert deck.get("data-deck-count") == str(s.deck_count)


def test_a_full_state_by_mistake_draws_no_hand():
    s = mid()
    root = render(s)
    assert not having(root, "data-hand-card")
    assert not acts(root, "pick-card") and not acts(root, "move")


def test_a_view_never_holds_a_hidden_value():
    s = mid().view(1)
    assert HIDDEN in s.hands[0]
    html = UI.render_table(s, SEATS[:2], Selection(), T)
    for c in mid().hands[0]:
        if CARD_NAMES[c] != "Do4":
            assert f'data-card="{CARD_NAMES[c]}"' not in html


def test_seat_names_are_escaped():
    s = make("arboretum", players=3, seed=2, first_player=1)
    html = UI.render_table(s.view(1), SEATS[:3], Selection(), T)
    assert EVIL not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "Cy &amp; Co" in html
    end = UI.render_end(finished(3, 2), SEATS[:3], T)
    assert EVIL not in end and "&lt;img" in end
    said = UI.describe(finished(2, 3).history[-1], [Seat(EVIL, 0), Seat("B", 1)], T)
    assert EVIL in said  # plain text: the shell escapes it


def _targets(view, sel):
    return {el.get("data-cell") for el in acts(render(view, sel), "cell")}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_highlights_exactly_the_legal_cells_of_the_picked_card(players):
    seen = 0
    for s in random_states(players, seed=players + 10, every=7):
        if s.phase != "play":
            continue
        view = s.view(s.current_player)
        legal = [str(m) for m in view.legal_moves()]
        assert _targets(view, Selection()) == set()
        for c in view.hands[view.viewer]:
            name = CARD_NAMES[c]
            cells = {m.split()[2] for m in legal if m.startswith(f"play {name} ")}
            assert _targets(view, Selection({"card": name})) == cells
            seen += 1
    assert seen > 10


def test_the_first_card_goes_to_the_origin():
    s = make("arboretum", players=2, seed=5, first_player=0)
    s = s.apply("draw deck").apply("draw deck")
    view = s.view(0)
    name = CARD_NAMES[view.hands[0][0]]
    assert _targets(view, Selection({"card": name})) == {"0,0"}


def clickable_moves(view) -> set[str]:
    """Every move the table offers by clicking, found by clicking through it."""
    out: set[str] = set()
    root = render(view)
    for el in acts(root, "move"):
        sel, move = click(view, Selection(), act="move", move=el.get("data-move"))
        assert move is not None and sel.data == {}
        out.add(str(move))
    for el in acts(root, "pick-card"):
        sel, move = click(view, Selection(), act="pick-card", card=el.get("data-card"))
        assert move is None and sel.data == {"card": el.get("data-card")}
        root2 = render(view, sel)
        pressed = [e for e in acts(root2, "pick-card") if e.get("aria-pressed") == "true"]
        assert [e.get("data-card") for e in pressed] == [el.get("data-card")]
        if view.phase == "discard":
            (confirm,) = acts(root2, "confirm-move")
            assert confirm.get("data-move") == f"discard {el.get('data-card')}"
            _, move = click(view, sel, act="confirm-move")
            assert isinstance(move, Discard)
            out.add(str(move))
            continue
        for cell in acts(root2, "cell"):
            sel2, move = click(view, sel, act="cell", cell=cell.get("data-cell"))
            assert move is None and sel2.data["cell"] == cell.get("data-cell")
            root3 = render(view, sel2)
            (panel,) = [e for e in root3.iter() if e.get("data-preview")]
            _, move = click(view, sel2, act="confirm-move")
            assert isinstance(move, Play) and panel.get("data-preview") == str(move)
            out.add(str(move))
    return out


@pytest.mark.parametrize("players", [2, 3])
def test_click_flows_offer_exactly_the_legal_moves(players):
    phases = set()
    for s in random_states(players, seed=players * 3, every=5)[:-1]:
        view = s.view(s.current_player)
        phases.add(s.phase)
        assert clickable_moves(view) == {str(m) for m in view.legal_moves()}, s.phase
    assert phases == {"draw", "play", "discard"}


def test_draw_flow_deck_and_piles():
    s = mid().apply("play Ma8 1,2").apply("discard Ca7")
    view = s.view(1)
    root = render(view)
    moves = {el.get("data-move") for el in acts(root, "move")}
    assert moves == {"draw deck", "draw A", "draw B"}
    _, move = click(view, Selection(), act="move", move="draw A")
    assert move == DrawPile(0)
    _, move = click(view, Selection(), act="move", move="draw deck")
    assert move == DrawDeck()
    # the whole pile can be opened (a <details>, no click handling needed)
    (pile,) = [el for el in root.iter() if el.get("data-pile-all") == "0"]
    assert pile.tag == "details"
    assert [el.get("data-known-card") for el in having(pile, "data-known-card")] == ["Ma6", "Ca7"]
    # an illegal or foreign click changes nothing
    sel, move = click(view, Selection(), act="move", move="draw C")
    assert move is None and sel == Selection()
    sel, move = click(view, Selection(), act="pick-card", card="Zz9")
    assert move is None


def test_play_flow_previews_the_path_it_extends():
    view = mid().view(0)
    sel, move = click(view, Selection(), act="pick-card", card="Ma8")
    assert move is None
    root = render(view, sel)
    assert len(acts(root, "cell")) == 7
    sel, move = click(view, sel, act="cell", cell="1,2")
    assert move is None and sel.data == {"card": "Ma8", "cell": "1,2"}
    html = UI.render_table(view, SEATS[:2], sel, T)
    root = parse(html)
    (gain,) = find(root, data_gain_species="Ma")
    assert gain.get("data-gain") == "7"
    assert "Maple path: 4 → 11 points" in html
    (path,) = having(root, "data-path")
    assert path.get("data-path") == "0,0 1,0 1,1 1,2"
    # cancel keeps the card, a second click on it drops it
    sel2, _ = click(view, sel, act="cancel-move")
    assert sel2.data == {"card": "Ma8"}
    sel3, _ = click(view, sel2, act="pick-card", card="Ma8")
    assert sel3.data == {}
    _, move = click(view, sel, act="confirm-move")
    assert move == Play(CARD_NAMES.index("Ma8"), 1, 2)
    # a play that improves nothing says so
    sel, _ = click(view, Selection({"card": "Ca2"}), act="cell", cell="-1,0")
    assert "does not improve any path" in UI.render_table(view, SEATS[:2], sel, T)


def test_discard_flow_pick_then_confirm():
    view = mid().apply("play Ma8 1,2").view(0)
    assert not acts(render(view), "confirm-move")
    sel, move = click(view, Selection(), act="pick-card", card="Do4")
    assert move is None
    (confirm,) = acts(render(view, sel), "confirm-move")
    assert confirm.get("data-move") == "discard Do4"
    _, move = click(view, sel, act="confirm-move")
    assert move == Discard(CARD_NAMES.index("Do4"))
    # the known card is marked in its owner's hand
    root = render(view)
    (do4,) = find(root, data_hand_card="Do4")
    assert "everyone saw you take it" in do4.get("aria-label")


def test_clicks_do_nothing_for_another_players_view():
    view = mid().view(1)
    for target in (
        {"act": "move", "move": "draw deck"},
        {"act": "pick-card", "card": "Ca4"},
        {"act": "confirm-move"},
    ):
        sel, move = click(view, Selection(), **target)
        assert move is None and sel == Selection()


def test_zoom_buttons_change_the_garden_scale():
    view = mid().view(0)
    root = render(view)
    assert {el.get("data-zoom") for el in acts(root, "zoom")} == {"in", "out", "fit"}
    svg = garden_svg_of(root, 0)
    assert "is-fit" in svg.get("class")
    sel, move = click(view, Selection({"card": "Ma8"}), act="zoom", zoom="in")
    assert move is None and sel.data == {"card": "Ma8", "zoom": 2}
    root = render(view, sel)
    svg = garden_svg_of(root, 0)
    assert "is-fit" not in svg.get("class") and "width:" in svg.get("style")
    for _ in range(10):
        sel, _ = click(view, sel, act="zoom", zoom="in")
    assert sel.data["zoom"] == len(ZOOMS) - 1
    sel, _ = click(view, sel, act="zoom", zoom="fit")
    assert sel.data == {"card": "Ma8"}
    # the zoom survives picking and committing a move's selection
    sel, _ = click(view, Selection({"zoom": 1}), act="pick-card", card="Ca2")
    assert sel.data == {"zoom": 1, "card": "Ca2"}


def test_every_control_and_card_is_big_enough():
    view = mid().view(0)
    html = UI.render_table(view, SEATS[:2], Selection({"card": "Ma8"}), T)
    assert ".arb-btn{min-height:44px;min-width:44px" in html
    root = parse(html)
    for el in acts(root, "pick-card"):
        svg = next(e for e in el.iter() if e.tag == "svg")
        assert int(svg.get("width")) >= 32


# --- the log ----------------------------------------------------------------------------


def test_describe_covers_every_event_and_masks_hidden_draws():
    s = finished(2, 11)
    types = {e["type"] for entry in s.history for e in entry["events"]}
    assert types == {"draw", "deck_empty", "play", "discard", "game_end", "species", "final"}
    seats = SEATS[:2]
    for viewer in (0, 1):
        view = s.view(viewer)  # over: nothing hidden any more, but the history stays masked
        for entry, full in zip(view.history, s.history, strict=True):
            said = UI.describe(entry, seats, T)
            assert said and "{" not in said
            for e in entry["events"]:
                if e["type"] == "draw" and e["source"] == "deck" and entry["player"] != viewer:
                    assert e["card"] is None
                    assert "drew a card from the deck" in said
                    (card,) = [x["card"] for x in full["events"] if x["type"] == "draw"]
                    assert card_words(card, T) not in said
                    assert card_words(card, T) in UI.describe(full, seats, T)


def test_describe_in_words():
    s = mid()
    played = s.apply("play Ma8 1,2")
    seats = [Seat("Ana", 0), Seat("Ben", 1)]
    assert UI.describe(played.history[-1], seats, T) == (
        "Ana planted Maple 8 at 1 right, 2 down from the first card."
    )
    done = played.apply("discard Ca7")
    assert UI.describe(done.history[-1], seats, T) == "Ana discarded Cassia 7."
    took = done.apply("draw A")
    assert UI.describe(took.history[-1], seats, T) == "Ben took Cassia 7 from Ana's discard pile."
    own = done.apply("draw B")
    assert UI.describe(own.history[-1], seats, T) == (
        "Ben took Cassia 1 back from their own discard pile."
    )
    deck = done.apply("draw deck")
    mine = UI.describe(deck.view(1).history[-1], seats, T)
    theirs = UI.describe(deck.view(0).history[-1], seats, T)
    assert mine.startswith("Ben drew ") and "a card" not in mine
    assert theirs == "Ben drew a card from the deck."


def test_describe_the_final_scoring_with_a_zeroed_8_and_the_tie_break():
    from tablero.web.games.arboretum.end import final_events

    species, final, _ = final_events(tie_game())
    seats = [Seat("Ana", 0), Seat("Ben", 1)]
    entry = {"player": 0, "move": "discard Ca5", "events": [*species, final]}
    said = UI.describe(entry, seats, T)
    assert "Maple: hand sums Ana 2 (the 8 counted 0 against an opponent's 1), Ben 8" in said
    assert "right to score: Ben" in said
    assert "Final scores: Ana 3, Ben 3." in said
    assert "Ana wins with 3 points." in said
    assert "most different species in the arboretum decided: Ana 2 species, Ben 1 species" in said


# --- the end -----------------------------------------------------------------------------


def test_render_end_explains_rights_sums_zeroed_8_paths_and_tie_break():
    s = tie_game()
    html = UI.render_end(s, SEATS[:2], T)
    root = parse(html)
    rows = [el.get("data-species-row") for el in having(root, "data-species-row")]
    assert rows == ["Ca", "BS", "CB", "Do", "Ja", "Ma"]
    ma_a = [el for el in find(root, data_species="Ma") if el.get("data-seat") == "0"][0]
    assert ma_a.get("data-right") == "0"
    assert having(ma_a, "data-zeroed")
    assert "Hand: 2" in "".join(ma_a.itertext())
    ca_a = [el for el in find(root, data_species="Ca") if el.get("data-seat") == "0"][0]
    assert ca_a.get("data-right") == "1" and ca_a.get("data-scored") == "3"
    # Dogwood: nobody holds any, so everyone has the right
    assert [el.get("data-right") for el in find(root, data_species="Do")] == ["1", "1"]
    assert "Nobody held any" in html
    # the scoring paths, drawn on each arboretum
    paths = {el.get("data-path") for el in having(root, "data-path")}
    assert paths == {"0,0 1,0"}  # A's Ca1-Ca2 and B's BS1-BS2: both from 0,0 to 1,0
    assert len(having(root, "data-path")) == 2
    assert [el.get("data-path-item") for el in having(root, "data-path-item")] == ["Ca", "BS"]
    assert having(root, "data-tiebreak")
    assert "Ana wins with 3 points!" in html
    assert [el.text for el in having(root, "data-total")] == ["3", "3"]
    assert [el.text for el in having(root, "data-present")] == ["2", "1"]
    hands = [el.get("data-final-card") for el in having(root, "data-final-card")]
    assert len(hands) == 14 and "Ma8" in hands


@pytest.mark.parametrize("players", [2, 3, 4])
def test_render_end_of_random_games_matches_the_engine(players):
    s = finished(players, seed=40 + players)
    root = parse(UI.render_end(s, SEATS[:players], T))
    assert [el.text for el in having(root, "data-total")] == [str(x) for x in s.scores()]
    events = [e for e in s.history[-1]["events"] if e["type"] == "species"]
    assert len(having(root, "data-species-row")) == len(events)
    for e in events:
        for p in range(players):
            (cell,) = [el for el in find(root, data_species=e["species"])
                       if el.get("data-seat") == str(p)]  # fmt: skip
            assert cell.get("data-right") == ("1" if p in e["right"] else "0")
            assert cell.get("data-scored") == str(e["paths"][p]["scored"])
            assert bool(having(cell, "data-zeroed")) == (p in e["zeroed_8"])
    drawn = [el.get("data-path") for el in having(root, "data-path")]
    scored = [
        " ".join(e["paths"][p]["cells"])
        for p in range(players)
        for e in events
        if e["paths"][p]["scored"]
    ]
    assert drawn == scored
    # the table at the end is still well formed, from any seat
    for viewer in range(players):
        render(s.view(viewer))


@pytest.mark.parametrize("players", [2, 4])
def test_the_end_charts_the_scores_had_the_game_ended_after_each_turn(players):
    """Arboretum scores only at the end: its chart shows, after each turn, the final
    scoring of that moment's hands and arboretums, from 0 to the final scores."""
    s = finished(players, seed=50 + players)
    series = score_series(s)
    turns = 1 + sum(
        1 for a, b in zip(s.history, s.history[1:], strict=False) if a["player"] != b["player"]
    )
    assert len(series) == turns + 1
    assert series[0] == [0] * players and series[-1] == s.scores()
    # each point is the engine's final scoring of the position after that turn
    at = make("arboretum", players=players, seed=s.setup["seed"], **s.setup["options"])
    k = 0
    for i, entry in enumerate(s.history):
        at = at.apply(entry["move"])
        if i + 1 == len(s.history) or s.history[i + 1]["player"] != entry["player"]:
            k += 1
            assert series[k] == at.final_scores(), k
    assert any(0 < sum(row) for row in series[1:-1])  # the gardens grew during the game
    root = parse(UI.render_end(s, SEATS[:players], T))
    lines = [e for e in root.iter() if "arb-chart-line" in (e.get("class") or "")]
    assert len([x for x in lines if x.tag.endswith("polyline")]) == players
    assert "Points if the game had ended after each turn" in "".join(root.itertext())
    # a view (no seed to replay from): the chart goes from 0 to the final scores
    assert score_series(s.view(0)) == [[0] * players, s.scores()]


def test_a_zeroed_8_in_a_random_game_is_shown():
    for seed in range(60):
        s = finished(2, seed)
        zeroed = [e for e in s.history[-1]["events"] if e.get("zeroed_8")]
        if zeroed:
            break
    else:
        pytest.skip("no zeroed 8 in these games")
    html = UI.render_end(s, SEATS[:2], T)
    assert "8 counted 0: an opponent held the 1" in html


def test_render_end_before_the_end_says_so():
    assert "not over" in UI.render_end(mid(), SEATS[:2], T)


# --- the rules and the languages ------------------------------------------------------


def test_rules_mark_the_rulings():
    html = UI.rules_html(T)
    root = parse(html)
    tagged = [el.get("data-ruling") for el in having(root, "data-ruling")]
    assert len(tagged) == len(ruling_keys()) >= 8
    assert html.count("Tablero ruling") == len(tagged)
    assert len(having(root, "data-legend")) == 10


@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_renders_in_every_language(lang):
    t = make_t(lang)
    s = mid()
    view = s.view(0)
    sel, _ = click(view, Selection({"card": "Ma8"}), act="cell", cell="1,2")
    render(view, sel, t=t)
    render(s.view(1), t=t)
    parse(UI.render_end(tie_game(), SEATS[:2], t))
    parse(UI.rules_html(t))
    for entry in finished(3, 4).history[-3:]:
        assert UI.describe(entry, SEATS[:3], t)


# --- the recent moves in motion, and the end as a sequence --------------------------------


def anims(root: ET.Element) -> dict[str, ET.Element]:
    """The elements the page animates, by their key (each key once)."""
    found = having(root, "data-anim")
    keys = [el.get("data-anim-key") for el in found]
    assert len(keys) == len(set(keys)), keys
    return {el.get("data-anim-key"): el for el in found}


def motion_of(el: ET.Element) -> tuple[str | None, str | None]:
    return el.get("data-anim"), el.get("data-anim-from")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_recent_moves_cards_are_animated_once_each(players):
    from tablero.web.widgets import recent_entries

    states = random_states(players, seed=70 + players, every=5)
    for s in states[3:12]:
        for viewer in range(players):
            view = s.view(viewer)
            root = render(view)
            found = anims(root)
            window = recent_entries(view.history, viewer)
            assert window and window[-1][0] == len(view.history)
            # what moved, by piece: the newest move of a card drawn again or of a pile
            moved = {}
            for moves, entry in window:
                for e in entry["events"]:
                    p = e.get("player")
                    if e["type"] == "play":
                        moved[e["cell"], p] = (f"{moves}:play:{p}:{e['cell']}", "drop", "0,68")
                    elif e["type"] == "draw" and p == viewer:
                        if parse_card_name(e["card"]) in view.hands[viewer]:
                            moved[e["card"]] = (f"{moves}:draw:{e['card']}", "drop", "0,-80")
                    elif e["type"] == "discard":
                        pile = view.discards[p]
                        if pile and CARD_NAMES[pile[-1]] == e["card"]:
                            moved[p] = (f"{moves}:discard:{p}", "appear", None)
            want = {key: (kind, start) for key, kind, start in moved.values()}
            assert {k: motion_of(el) for k, el in found.items()} == want
            for key, el in found.items():
                kind = key.split(":")[1]
                if kind == "play":  # the card planted, in its garden, where it lies
                    _, _, p, cell = key.split(":")
                    assert el.get("data-card-cell") == cell
                    assert el in list(garden_svg_of(root, int(p)).iter())
                elif kind == "draw":  # a card of the viewer's own hand (never another's)
                    assert el.get("data-hand-card") == key.split(":")[2]
                    assert parse_card_name(key.split(":")[2]) in s.hands[viewer]
                else:  # the top of the pile it went to
                    (pile,) = find(root, data_pile=key.split(":")[2])
                    assert el in list(pile.iter())
            # the others' deck draws stay hidden: no card of another hand is animated
            drawn = [k for k in found if ":draw:" in k]
            assert all(parse_card_name(k.split(":")[2]) in s.hands[viewer] for k in drawn)


def parse_card_name(name: str) -> int:
    return CARD_NAMES.index(name)


def test_a_selection_keeps_the_animations_keys():
    s = play_until(make("arboretum", players=3, seed=5), lambda s: len(s.history) > 12
                   and s.decision in ("play", "discard"))  # fmt: skip
    view = s.view(s.current_player)
    before = {k: motion_of(el) for k, el in anims(render(view)).items()}
    assert before
    legal = view.legal_moves()
    card = next(m.card for m in legal if isinstance(m, Play | Discard))
    sel, move = click(view, Selection(), act="pick-card", card=CARD_NAMES[card])
    assert move is None and sel.data.get("card")
    after = {k: motion_of(el) for k, el in anims(render(view, sel)).items()}
    assert after == before


def steps_of(s, players: int, t=T):
    return UI.end_steps(s, SEATS[:players], t)


def board_root(step) -> ET.Element:
    root = parse(step.board)
    assert root[0].get("data-game") == "arboretum"
    return root[0]


def lit(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter() if "tb-step-on" in (el.get("class") or "").split()]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_end_steps_score_species_by_species_then_name_the_winner(players):
    from tablero.web.games.arboretum.end import final_events

    s = finished(players, seed=40 + players)
    steps = steps_of(s, players)
    species, final, hands = final_events(s)
    want = []
    for e in species:
        want.append(f"right:{e['species']}")
        want += [f"path:{e['species']}:{p}" for p in e["right"] if e["paths"][p]["scored"]]
    want.append("winner")
    assert [board_root(step).get("data-end-step") for step in steps] == want
    for step in steps[:-1]:
        root = board_root(step)
        name = root.get("data-end-step")
        code = name.split(":")[1]
        (e,) = [e for e in species if e["species"] == code]
        if name.startswith("right:"):
            # the species' cards in every hand lit (an 8 zeroed by another's 1: dimmed)
            shown = sorted(el.get("data-final-card") for el in lit(root))
            held = sorted(
                x
                for p, hand in enumerate(hands)
                for x in hand
                if x.startswith(code) and not (p in e["zeroed_8"] and x.endswith("8"))
            )
            assert shown == held
            assert step.points == ()
            right = [el.get("data-right") for el in having(root, "data-final-hand")]
            assert right == ["1" if p in e["right"] else "0" for p in range(players)]
            assert T(f"arboretum.species.{code}") in step.caption
            if not any(e["paths"][p]["scored"] for p in e["right"]):
                assert "nobody scores" in step.caption
        else:
            # the path traced in that player's arboretum, its cards lit, its points
            p = int(name.split(":")[2])
            path = e["paths"][p]
            assert [el.get("data-step-cell") for el in lit(root)] == sorted(
                path["cells"], key=lambda c: tuple(int(v) for v in c.split(","))[::-1]
            )
            assert {el.get("data-path") for el in having(root, "data-path")} == {
                " ".join(path["cells"])
            }
            assert step.points == tuple(path["scored"] if q == p else 0 for q in range(players))
            assert f"scores {path['scored']} point" in step.caption
    # the points add up to the final scores: the running totals start at 0
    totals = [sum(step.points[p] for step in steps if step.points) for p in range(players)]
    start = [a - b for a, b in zip(s.scores(), totals, strict=True)]
    assert start == [0] * players
    last = steps[-1]
    assert last.points == ()
    winners = s.winners()
    assert SEATS[winners[0]].name in last.caption
    lit_gardens = [int(el.get("data-end-garden")) for el in lit(board_root(last))]
    assert lit_gardens == winners


def test_the_end_steps_say_the_8_and_the_1_nobody_holding_and_the_tie_break():
    steps = steps_of(tie_game(), 2)
    said = [step.caption for step in steps]
    assert said[0] == f"Cassia: hand sums Ana 7, {EVIL} 0. Ana has the right to score it."
    assert said[1] == "Ana scores 3 points for Cassia: Cassia 1 → Cassia 2."
    dogwood = next(x for x in said if x.startswith("Dogwood"))
    assert "nobody holds any at the end, so everyone has the right" in dogwood
    assert "so nobody scores Dogwood" in dogwood
    maple = next(x for x in said if x.startswith("Maple"))
    assert "Ana 2 (the 8 counted 0 against an opponent's 1)" in maple
    assert "most different species in the arboretum decided" in said[-1]
    assert said[-1].startswith("Ana wins with 3 points.")


def test_no_end_steps_before_the_end():
    assert UI.end_steps(mid(), SEATS[:2], T) == []


@pytest.mark.parametrize("lang", LANGS[1:])
def test_the_end_steps_are_said_in_every_language(lang):
    t = make_t(lang)
    for players in (2, 4):
        s = finished(players, seed=40 + players)
        english = [step.caption for step in steps_of(s, players)]
        for step, en in zip(steps_of(s, players, t), english, strict=True):
            assert "arboretum." not in step.caption and "{" not in step.caption
            assert step.caption != en
            parse(step.board)
