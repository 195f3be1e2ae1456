"""The end of an Arboretum game: the winner (and the species-count tie-break when it
decided), who had the right to score each species (hand sums, an 8 zeroed by an
opponent's 1), the points of every path, the final hands, each player's arboretum
with the scoring paths drawn on it, one after another, and a chart of what each player
would have scored had the game ended after each turn.

The end as a sequence (:func:`end_steps`): species by species, who had the right to
score it (the final hands, its cards lit; or that nobody scores it, without a path),
then each scoring path traced in its arboretum (its cards lit); then the winner."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from tablero.arboretum import ArboretumState, scoring
from tablero.arboretum.cards import CARD_NAMES, parse_card
from tablero.arboretum.data import CODES
from tablero.arboretum.grid import cell_name
from tablero.core import State, make

from ...gameend import Ending, EndScreen
from ...plugin import EndStep, Seat, Translate
from ...svg import esc, raw_tag, read_only, tag
from .log import LOG, sums_words
from .look import GardenPicture, card_icon, mark_icon, seat_letter, species_icon
from .style import style_tag
from .table import arboretum_state, garden_panel
from .words import SEAT_KEYS, card_labels, card_words, cards_words, species_name


def final_events(state: State) -> tuple[list[dict[str, Any]], dict[str, Any], list[list[str]]]:
    """The ``species`` events, the ``final`` event and the final hands: from the last
    history entry, or (a finished position read from notation, without history)
    computed from the state with the engine's scoring."""
    history = state.history
    events = list(history[-1].get("events") or []) if history else []
    species_ev = [e for e in events if e.get("type") == "species"]
    final = next((e for e in events if e.get("type") == "final"), None)
    end = next((e for e in events if e.get("type") == "game_end"), None)
    if species_ev and final is not None and end is not None:
        return species_ev, final, end.get("hands") or []
    arb_state = arboretum_state(state)
    n = arb_state.num_players
    hands = arb_state.hands
    arbs = arb_state.arbs
    species_ev = []
    for s in range(arb_state.species):
        sums, zeroed = scoring.hand_sums(hands, s)
        right = scoring.right_to_score(sums)
        paths = []
        for p in range(n):
            points, path = scoring.best_path(arbs[p], s)
            paths.append(
                {
                    "cells": [cell_name(c) for c in path],
                    "cards": [CARD_NAMES[arbs[p][c]] for c in path],
                    "points": points,
                    "scored": points if p in right else 0,
                }
            )
        species_ev.append(
            {"type": "species", "species": CODES[s], "sums": sums, "zeroed_8": zeroed,
             "right": right, "paths": paths}
        )  # fmt: skip
    final = {
        "type": "final",
        "scores": state.scores(),
        "species_present": [scoring.species_present(a) for a in arbs],
        "winners": state.winners(),
    }
    return species_ev, final, [[CARD_NAMES[c] for c in hand] for hand in hands]


def _cell(e: dict[str, Any], p: int, t: Translate) -> str:
    """One player's line for one species: hand sum, right, path points."""
    sums = e.get("sums") or []
    zeroed = p in (e.get("zeroed_8") or ())
    right = p in (e.get("right") or ())
    path = (e.get("paths") or [{}] * (p + 1))[p]
    lines = [tag("span", t("arboretum.end.hand_sum", sum=sums[p] if p < len(sums) else 0))]
    if zeroed:
        lines.append(tag("span", t("arboretum.end.zeroed"), class_="arb-zero", data_zeroed="1"))
    if right:
        lines.append(tag("span", "✓ " + t("arboretum.end.right"), class_="arb-right"))
    else:
        lines.append(tag("span", t("arboretum.end.no_right"), class_="arb-noright"))
    points = path.get("points", 0)
    if points:
        if right:
            lines.append(
                tag("span", t("arboretum.end.path_scored", points=points), class_="arb-scored")
            )
        else:
            lines.append(
                tag(
                    "span",
                    t("arboretum.end.path_unscored", points=points),
                    class_="arb-unscored",
                )
            )
    else:
        lines.append(tag("span", t("arboretum.end.no_path"), class_="arb-note"))
    return raw_tag(
        "td",
        raw_tag("div", "".join(lines), class_="arb-cellbox"),
        data_species=e.get("species"),
        data_seat=p,
        data_right="1" if right else "0",
        data_scored=path.get("scored", 0),
    )


def score_series(state: State) -> list[list[int]]:
    """What each player would have scored had the game ended after each turn, from the
    start (Arboretum scores only at the end: the final scoring of that moment's hands
    and arboretums, :meth:`ArboretumState.final_scores`), the game replayed from its
    setup; only the final totals for a game that cannot be replayed (a view or a
    position without its seed, a history that does not replay).

    >>> s = make("arboretum", players=2, seed=3)
    >>> for _ in range(8):
    ...     s = s.apply(s.legal_moves()[0])
    >>> series = score_series(s)
    >>> len(series), series[0]
    (3, [0, 0])
    """
    n = state.num_players
    totals = list(state.scores()) if state.is_terminal() else arboretum_state(state).final_scores()
    setup, history = state.setup, state.history
    if not isinstance(setup, dict) or setup.get("seed") is None or not history:
        return [[0] * n, totals]
    turns = tuple((str(e["move"]), e.get("player")) for e in history)
    options = json.dumps(setup.get("options") or {}, sort_keys=True)
    series = _replayed_series(state.game.id, n, setup["seed"], options, turns)
    return [list(row) for row in series] if series else [[0] * n, totals]


@lru_cache(maxsize=4)
def _replayed_series(
    game_id: str, n: int, seed: Any, options: str, turns: tuple[tuple[str, Any], ...]
) -> tuple[tuple[int, ...], ...]:
    """:func:`score_series` of a game replayed (kept for the end screen's next renders:
    about 20 ms in the page); ``()`` for a history that does not replay."""
    try:
        at = make(game_id, players=n, seed=seed, **json.loads(options))
        series = [(0,) * n]
        for i, (move, player) in enumerate(turns):
            at = at.apply(move)
            if i + 1 == len(turns) or turns[i + 1][1] != player:
                series.append(tuple(arboretum_state(at).final_scores()))
    except (ValueError, TypeError, KeyError):
        return ()
    return tuple(series)


#: The end screen (its messages ``arboretum.end.*``).
END = EndScreen("arb", "arboretum", style_tag, SEAT_KEYS.default, list_sep="arboretum.sep.list")


def render_end(state: ArboretumState, seats: list[Seat], t: Translate) -> str:
    """HTML of the end of the game (see :class:`tablero.web.plugin.GameUI`)."""
    return END.render(state, seats, t, _breakdown)


def _breakdown(state: ArboretumState, end: Ending) -> list[str]:
    """The result (and the tie-break when it was needed), the rights to score, the final
    hands, the gardens with their scoring paths and the chart of the scores had the game
    ended after each turn."""
    t, n, names, colours = end.t, end.n, end.names, end.colours
    species_ev, final, hands = final_events(state)
    scores = list(final.get("scores") or state.scores())
    winners = list(final.get("winners") or state.winners())
    present = list(final.get("species_present") or [])
    seats = end.seats
    out = [end.winner_line(winners, scores, end.headline(winners, max(scores)))]
    out += end.tiebreak(scores, lambda: LOG.winners(winners, scores, present, seats, t))

    # who had the right to score each species, and what each path was worth
    head = "".join(raw_tag("th", end.seat(p), data_seat=p) for p in range(n))
    rows = []
    for e in species_ev:
        code = e.get("species", "")
        s = CODES.index(code) if code in CODES else 0
        label = species_icon(s, 22) + esc(species_name(code, t))
        sums = e.get("sums") or []
        note = ""
        if sums and not any(sums):
            note = tag("span", t("arboretum.end.nobody"), class_="arb-note")
        elif len(e.get("right") or ()) > 1:
            note = tag("span", t("arboretum.end.tied"), class_="arb-note")
        rows.append(
            raw_tag(
                "tr",
                raw_tag("th", raw_tag("span", label, class_="arb-sp-name") + note)
                + "".join(_cell(e, p, t) for p in range(n)),
                data_species_row=code,
            )
        )
    foot = raw_tag(
        "tr",
        tag("th", t("arboretum.end.total"))
        + "".join(tag("td", scores[p], data_total=p) for p in range(n)),
        class_="arb-total-row",
    )
    if present:
        foot += raw_tag(
            "tr",
            tag("th", t("arboretum.end.species_present"))
            + "".join(tag("td", present[p], data_present=p) for p in range(n)),
        )
    out.append(tag("h3", t("arboretum.end.rights_title")))
    out.append(tag("p", t("arboretum.end.rights_intro"), class_="arb-note"))
    out.append(end.table("rights", tag("th", t("arboretum.end.col_species")) + head, rows, foot))

    # the hands at the end (they decide the rights)
    items = []
    for p in range(n):
        hand = hands[p] if p < len(hands) else []
        chips = "".join(
            raw_tag("span", card_icon(parse_card(x), 32), role="img",
                    aria_label=card_words(x, t), title=card_words(x, t), data_final_card=x)
            for x in hand
        )  # fmt: skip
        items.append(
            raw_tag(
                "li",
                mark_icon(colours[p], seat_letter(p), 18)
                + tag("strong", names[p])
                + (chips or esc(t("arboretum.end.hand_empty"))),
                data_final_hand=p,
            )
        )
    out.append(tag("h3", t("arboretum.end.hands_title")))
    out.append(raw_tag("ul", "".join(items), class_="arb-final-hands"))

    # each arboretum with its scoring paths drawn, one after another
    labels = card_labels(t)
    gardens = []
    for p in range(n):
        paths = []
        lines = []
        for e in species_ev:
            path = (e.get("paths") or [{}] * n)[p]
            if not path.get("scored"):
                continue
            code = e.get("species", "")
            s = CODES.index(code) if code in CODES else 0
            paths.append((s, list(path.get("cells") or [])))
            lines.append(
                raw_tag(
                    "li",
                    species_icon(s, 20)
                    + esc(
                        t(
                            "arboretum.end.path_item",
                            species=species_name(code, t),
                            cards=cards_words(path.get("cards") or [], t),
                            count=path["scored"],
                        )
                    ),
                    data_path_item=code,
                )
            )
        pic = GardenPicture(paths=paths, dim_others=True)
        panel = garden_panel(state, p, seats, t, pic, own=False, labels=labels)
        listing = (
            raw_tag("ul", "".join(lines), class_="arb-path-list")
            if lines
            else tag("p", t("arboretum.end.no_paths"), class_="arb-note")
        )
        gardens.append(raw_tag("div", panel + listing, data_end_garden=p))
    out.append(tag("h3", t("arboretum.end.gardens_title")))
    out.append(raw_tag("div", "".join(gardens), class_="arb-end-gardens"))
    # had the game ended after each turn: how the gardens and hands grew
    out += end.chart(score_series(state), scores)
    return out


# --- the end as a sequence -------------------------------------------------------------


def end_steps(state: ArboretumState, seats: list[Seat], t: Translate) -> list[EndStep]:
    """The end of the game step by step on its final board (see
    :class:`tablero.web.plugin.EndStep`): for each species in the end screen's order,
    who had the right to score it (:func:`_right_step`), then the path each of them
    scores (:func:`_path_steps`); then the winner, with the tie-break when it decided.
    The paths' points add up to the final scores (Arboretum scores only at the end);
    ``[]`` before the end."""
    if not state.is_terminal():
        return []
    end = END.ending(state, seats, t)
    species_ev, final, hands = final_events(state)
    steps: list[EndStep] = []
    for e in species_ev:
        steps.append(_right_step(e, hands, end))
        steps += _path_steps(state, e, end)
    steps.append(_winner_step(state, final, end))
    return steps


def _species_of(e: dict[str, Any]) -> tuple[str, int]:
    """A ``species`` event's species: its code and its index."""
    code = str(e.get("species", ""))
    return code, CODES.index(code) if code in CODES else 0


def _step_board(name: str, inner: str) -> str:
    """A step's board: the game's root (its stylesheet, ``data-game``) around ``inner``,
    drawn read only."""
    return raw_tag(
        "div", style_tag() + inner, class_="arb-end arb-end-step", data_game="arboretum",
        data_end_step=name,
    )  # fmt: skip


def _right_step(e: dict[str, Any], hands: list[list[str]], end: Ending) -> EndStep:
    """Who had the right to score the species of ``e``: every hand at the end, the
    species' cards lit (an 8 zeroed by an opponent's 1 dimmed with the rest), the
    caption the hand sums and who has the right (everyone when nobody held any), and
    that nobody scores it when none of them has a path of it."""
    t, n = end.t, end.n
    code, s = _species_of(e)
    zeroed = set(e.get("zeroed_8") or ())
    right = list(e.get("right") or ())
    items = []
    for p in range(n):
        chips = []
        for x in hands[p] if p < len(hands) else []:
            card = parse_card(x)
            lit = card >> 3 == s and not (p in zeroed and card & 7 == 7)
            chips.append(
                raw_tag("span", card_icon(card, 32), role="img", aria_label=card_words(x, t),
                        title=card_words(x, t), data_final_card=x,
                        class_="tb-step-on" if lit else "tb-step-off")
            )  # fmt: skip
        items.append(
            raw_tag("li", end.seat(p) + ("".join(chips) or esc(t("arboretum.end.hand_empty"))),
                    data_final_hand=p, data_right="1" if p in right else "0")
        )  # fmt: skip
    board = raw_tag("ul", "".join(items), class_="arb-final-hands")
    name = species_name(code, t)
    sums = e.get("sums") or []
    if not any(sums):
        caption = t("arboretum.endstep.right_nobody", species=name)
    else:
        sums_said = sums_words(e, end.seats, t)
        if len(right) > 1:
            caption = t("arboretum.endstep.right_tied", species=name, sums=sums_said,
                        names=LOG.names(end.seats, right, t))  # fmt: skip
        else:
            caption = t("arboretum.endstep.right", species=name, sums=sums_said,
                        name=end.names[right[0]])  # fmt: skip
    paths = e.get("paths") or []
    if not any(path.get("scored") for path in paths):
        caption = t("arboretum.sep.sentence", a=caption,
                    b=t("arboretum.endstep.nobody", species=name))  # fmt: skip
    return EndStep(caption, _step_board(f"right:{code}", board))


def _path_steps(state: ArboretumState, e: dict[str, Any], end: Ending) -> list[EndStep]:
    """The paths scored for the species of ``e``: one step a player with the right and a
    path, the path traced in that player's arboretum (its cards lit, the others dimmed)
    with its points (none when none of them has a path: :func:`_right_step` says so)."""
    t, n = end.t, end.n
    code, s = _species_of(e)
    name = species_name(code, t)
    right = list(e.get("right") or ())
    paths = e.get("paths") or [{}] * n
    labels = card_labels(t)
    steps = []
    for p in right:
        path = paths[p] if p < len(paths) else {}
        scored = int(path.get("scored") or 0)
        if not scored:
            continue
        cells = [str(c) for c in path.get("cells") or []]
        pic = GardenPicture(paths=[(s, cells)], lit=cells)
        with read_only():
            panel = garden_panel(state, p, end.seats, t, pic, own=False, labels=labels)
        caption = t("arboretum.endstep.path", name=end.names[p], species=name,
                    cards=cards_words(path.get("cards") or [], t), count=scored)  # fmt: skip
        points = tuple(scored if q == p else 0 for q in range(n))
        steps.append(EndStep(caption, _step_board(f"path:{code}:{p}", panel), points))
    return steps


def _winner_step(state: ArboretumState, final: dict[str, Any], end: Ending) -> EndStep:
    """The winner: every arboretum with its scoring paths, the winners' lit and the
    others dimmed; the caption the result and, after a tie on points, the tie-break."""
    t, n = end.t, end.n
    species_ev, _, _ = final_events(state)
    scores = list(final.get("scores") or state.scores())
    winners = list(final.get("winners") or state.winners())
    present = list(final.get("species_present") or [])
    labels = card_labels(t)
    panels = []
    for p in range(n):
        paths = []
        for e in species_ev:
            path = (e.get("paths") or [{}] * n)[p]
            if path.get("scored"):
                paths.append((_species_of(e)[1], [str(c) for c in path.get("cells") or []]))
        pic = GardenPicture(paths=paths, dim_others=True)
        with read_only():
            panel = garden_panel(state, p, end.seats, t, pic, own=False, labels=labels)
        cls = "tb-step-on" if p in winners else "tb-step-off"
        panels.append(raw_tag("div", panel, class_=cls, data_end_garden=p))
    caption = end.headline(winners, max(scores))
    if sum(1 for x in scores if x == max(scores)) > 1:
        # a tie on points: who won and how the count of species broke the tie
        caption = LOG.winners(winners, scores, present, end.seats, t)
    board = raw_tag("div", "".join(panels), class_="arb-end-gardens")
    return EndStep(caption, _step_board("winner", board))
