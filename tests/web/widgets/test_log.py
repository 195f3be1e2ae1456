"""The move log's shared sentences (tablero.web.widgets.log): names, final scores, who
won and the tie-break, an entry's sentences; and that the games' logs say through them
what they said before (their own keys, their own tie-break counts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from support.ui_helpers import keys_and_params
from tablero.web.i18n import translator
from tablero.web.plugin import Seat, Translate
from tablero.web.widgets.log import (
    LogKeys,
    entry_sentences,
    final_sentence,
    names_list,
    scores_text,
    winners_sentence,
)

KEYS = LogKeys(
    "g.seat",
    "g.sep.list",
    "g.sep.sentence",
    "g.log.points_part",
    "g.log.final",
    "g.log.winner",
    "g.log.shared",
    "g.log.tiebreak",
    "g.log.tiebreak_shared",
    "g.log.move",
)
SEATS = [Seat("Ana", 0), Seat("Ben", 1), Seat("", 2), Seat("Di", 3, you=True)]


def t(key: str, **params: object) -> str:
    """Separators as a language has them, every other message as its key and params."""
    if key == "g.sep.list":
        return ", "
    if key == "g.sep.sentence":
        return f"{params['a']} | {params['b']}"
    return keys_and_params(key, **params)


def test_the_keys_a_game_writes_itself_may_be_left_out() -> None:
    keys = LogKeys("g.seat", "g.sep.list", "g.sep.sentence", "g.log.points_part", "g.log.final")
    assert keys.winner == keys.move == keys.tiebreak_shared == ""
    assert scores_text([1], SEATS, t, keys) == scores_text([1], SEATS, t, KEYS)


def test_names_list_and_scores_name_a_nameless_seat_by_its_letter() -> None:
    assert names_list(SEATS, [2, 0], t, KEYS) == "g.seat letter=C, Ana"
    assert names_list(SEATS, [], t, KEYS) == ""
    assert scores_text([5, 7, 0], SEATS, t, KEYS) == (
        "g.log.final scores=g.log.points_part name=Ana points=5, "
        "g.log.points_part name=Ben points=7, g.log.points_part name=g.seat letter=C points=0"
    )


def test_final_sentence_leaves_out_an_empty_part() -> None:
    assert final_sentence("S", "W", t, KEYS) == "S | W"
    assert final_sentence("S", "", t, KEYS) == "S"


def test_winners_sentence_one_winner_no_tie() -> None:
    assert winners_sentence([1], [3, 9, 2], [1, 1, 1], SEATS, t, keys=KEYS, count_key="g.c") == (
        "g.log.winner count=9 name=Ben"
    )
    # the viewer is spoken to, without a name
    assert winners_sentence([3], [3, 1, 2, 8], [], SEATS, t, keys=KEYS, count_key="g.c") == (
        "g.log.winner.you count=8"
    )


def test_winners_sentence_says_how_a_tie_on_points_was_broken() -> None:
    said = winners_sentence([1], [9, 9, 2], [4, 6, 0], SEATS, t, keys=KEYS, count_key="g.c")
    assert said == (
        "g.log.winner count=9 name=Ben | g.log.tiebreak counts=g.c count=4 name=Ana, "
        "g.c count=6 name=Ben names=Ana, Ben"
    )
    shared = winners_sentence([0, 1], [9, 9, 2], [6, 6, 0], SEATS, t, keys=KEYS, count_key="g.c")
    assert shared.startswith("g.log.shared count=9 names=Ana, Ben | g.log.tiebreak_shared ")
    # no counts: no tie-break sentence; no winners or no scores: nothing
    assert winners_sentence([0, 1], [9, 9], [], SEATS, t, keys=KEYS, count_key="g.c") == (
        "g.log.shared count=9 names=Ana, Ben"
    )
    assert winners_sentence([], [9, 9], [1, 2], SEATS, t, keys=KEYS, count_key="g.c") == ""
    assert winners_sentence([0], [], [1, 2], SEATS, t, keys=KEYS, count_key="g.c") == ""


def _events(e: Mapping[str, Any], seats: Sequence[Seat], t: Translate) -> str | None:
    return str(e["say"]) if e.get("say") else None


def test_entry_sentences_first_then_the_events_else_the_move() -> None:
    entry = {"player": 1, "move": "go 3", "events": [{"say": "A"}, {}, {"say": "B"}]}
    assert entry_sentences(entry, SEATS, t, KEYS, _events) == "A | B"
    assert entry_sentences(entry, SEATS, t, KEYS, _events, "M") == "M | A | B"
    silent = {"player": 1, "move": "go 3", "events": [{}]}
    assert entry_sentences(silent, SEATS, t, KEYS, _events) == "g.log.move move=go 3 name=Ben"
    assert entry_sentences(silent, SEATS, t, KEYS, _events, "M") == "M"
    mine = {"player": 3, "move": "x"}
    assert entry_sentences(mine, SEATS, t, KEYS, _events) == "g.log.move.you move=x"


def test_the_games_logs_say_their_final_and_tiebreak_in_their_own_words() -> None:
    from tablero.web.games.arboretum import log as arboretum
    from tablero.web.games.arraial import log as arraial

    en = translator("en")
    seats = [Seat("Ana", 0), Seat("Ben", 1)]
    final = {"type": "final", "scores": [9, 9], "winners": [1], "species_present": [3, 4]}
    text = arboretum.describe({"player": 0, "move": "x", "events": [final]}, seats, en)
    assert "Ana" in text and "Ben" in text and "9" in text and "4" in text
    assert text == arboretum.describe({"player": 0, "events": [final]}, seats, en)
    pairs = {"type": "final", "scores": [5, 5], "winners": [0], "pairs": {"red": 0, "blue": 0}}
    said = arraial.describe({"player": 0, "move": "end", "events": [pairs]}, seats, en)
    assert said == arraial._event_sentence(pairs, seats, en)
    assert "Ana" in said and "2" in said
