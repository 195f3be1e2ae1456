"""A game's move log declared over the shared sentences (tablero.web.gamelog): the games'
names of the log's messages written once, the viewer spoken to, the final scores, who won
and the tie-break, an entry's sentences; and that every game's log names messages its
catalog has."""

from __future__ import annotations

import doctest
import importlib
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from support.ui_helpers import catalog, keys_and_params
from tablero.web import gamelog
from tablero.web.gamelog import GameLog, move_words
from tablero.web.plugin import Seat, Translate

LOG = GameLog.of("g", tiebreak="g.log.count")
SEATS = [Seat("Ana", 0), Seat("Ben", 1), Seat("", 2), Seat("Di", 3, you=True)]


def t(key: str, **params: object) -> str:
    """Separators as a language has them, every other message as its key and params."""
    if key == "g.sep.list":
        return ", "
    if key in ("g.sep.sentence", "g.log.sep"):
        return f"{params['a']} | {params['b']}"
    return keys_and_params(key, **params)


def test_module_doctests() -> None:
    assert doctest.testmod(gamelog).failed == 0


def test_the_games_names_of_the_logs_messages() -> None:
    assert LOG.keys._asdict() == {
        "default": "g.seat.default",
        "list_sep": "g.sep.list",
        "sentence_sep": "g.sep.sentence",
        "points_part": "g.log.points_part",
        "final": "g.log.final",
        "winner": "g.log.winner",
        "shared": "g.log.shared",
        "tiebreak": "g.log.tiebreak",
        "tiebreak_shared": "g.log.tiebreak_shared",
        "move": "g.log.move",
    }
    plain = GameLog.of("g", sentence_sep="g.log.sep")
    assert plain.keys.tiebreak == plain.keys.tiebreak_shared == plain.tiebreak_count == ""
    assert plain.keys.sentence_sep == "g.log.sep"


def test_say_speaks_to_the_viewer_and_names_the_others() -> None:
    assert LOG.say(t, "g.log.took", SEATS, 1, card="X") == "g.log.took card=X name=Ben"
    assert LOG.say(t, "g.log.took", SEATS, 3, card="X") == "g.log.took.you card=X"
    assert LOG.say(t, "g.log.took", SEATS, 2) == "g.log.took name=g.seat.default letter=C"
    assert LOG.say(t, "g.log.took", SEATS, None) == "g.log.took name=g.seat.default letter=A"


def test_names_final_and_winners_in_the_games_messages() -> None:
    assert LOG.names(SEATS, [1, 0], t) == "Ben, Ana"
    assert LOG.final([4, 2], "W", SEATS[:2], t) == (
        "g.log.final scores=g.log.points_part name=Ana points=4, "
        "g.log.points_part name=Ben points=2 | W"
    )
    assert LOG.final([4], "", SEATS[:1], t) == (
        "g.log.final scores=g.log.points_part name=Ana points=4"
    )
    assert LOG.winners([1], [3, 9], [0, 0], SEATS, t) == "g.log.winner count=9 name=Ben"
    tied = LOG.winners([0], [9, 9], [5, 2], SEATS, t)
    assert tied == (
        "g.log.winner count=9 name=Ana | g.log.tiebreak counts=g.log.count count=5 name=Ana, "
        "g.log.count count=2 name=Ben names=Ana, Ben"
    )


def _events(e: Mapping[str, Any], seats: Sequence[Seat], t: Translate) -> str | None:
    return str(e["say"]) if e.get("say") else None


def test_an_entry_in_words() -> None:
    assert move_words({"move": "take  2 "}) == ["take", "2"]
    entry = {"player": 1, "move": "go  3", "events": [{"say": "A"}, {}, {"say": "B"}]}
    assert LOG.describe(entry, SEATS, t, _events) == "A | B"
    assert LOG.describe(entry, SEATS, t, _events, "M") == "M | A | B"
    assert LOG.the_move(entry, SEATS, t) == "g.log.move move=go 3 name=Ben"
    assert LOG.the_move({"player": 3}, SEATS, t) == "g.log.move.you move="
    assert LOG.move_sentence(entry, SEATS, t, told=("go",)) is None
    assert LOG.move_sentence(entry, SEATS, t, told=("end",)) == "g.log.move move=go 3 name=Ben"
    assert LOG.move_sentence({"player": 0}, SEATS, t, told=("",)) == "g.log.move move= name=Ana"
    said = {"go": "g.log.went", "end": "g.log.ended"}
    assert LOG.move_sentence(entry, SEATS, t, told=("go",), said=said) == "g.log.went name=Ben"
    mine = {"player": 3, "move": "end"}
    assert LOG.move_sentence(mine, SEATS, t, told=(), said=said) == "g.log.ended.you"


GAMES = ("arboretum", "arraial", "arribada", "diadeplaya")


@pytest.mark.parametrize("game", GAMES)
def test_every_games_log_asks_for_messages_its_catalog_has(game: str) -> None:
    """The messages each game's log asks for through its declaration: the seat's
    stand-in, the separator of sentences and the move no event tells in every game; the
    final scores and the winners in those whose log says them (not Arribada's, whose end
    screen does); the tie-break where a count breaks it."""
    log = importlib.import_module(f"tablero.web.games.{game}.log").LOG
    keys = log.keys
    asked = {keys.default, keys.sentence_sep, keys.move}
    if game != "arribada":
        asked |= {keys.list_sep, keys.points_part, keys.final, keys.winner, keys.shared}
    if log.tiebreak_count:
        asked |= {keys.tiebreak, keys.tiebreak_shared, log.tiebreak_count}
    for lang in ("en", "ja", "es", "nl"):
        texts = catalog(game, lang)
        assert not sorted(k for k in asked if k not in texts), (game, lang)
    assert bool(log.tiebreak_count) == (game in ("arboretum", "arraial"))
