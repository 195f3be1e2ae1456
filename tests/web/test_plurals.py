"""Plural messages: "1 card" / "2 cards" and their equivalents in each language.

A message whose wording depends on a number is a plural message (``msgid`` and
``msgid_plural``, one form per plural form of the language), chosen by its ``count``
parameter: English, Spanish and Dutch have a form for one and one for the rest (zero
included), Japanese one form for all.  Here: the runtime's ``t`` (tablero.web.i18n) on
several of them, with the texts written out by hand, and real tables rendered through the
games' UIs in each language, where a count of one is written in the singular.
"""

from __future__ import annotations

import re

import pytest
from support.ui_helpers import parse, play_until
from tablero.core import make
from tablero.diadeplaya import Take
from tablero.diadeplaya.beach import covered, legal_spots
from tablero.web.games import get_ui
from tablero.web.i18n import Catalog, translator
from tablero.web.plugin import Seat, Selection

LANGS = ("en", "ja", "es", "nl")
COUNTS = (0, 1, 2, 5, 21)
SEATS = [Seat("Ana", 0), Seat("Bo", 1)]

#: (key, parameters besides the count) -> language -> the texts for COUNTS
EXPECTED: dict[tuple[str, tuple[tuple[str, str], ...]], dict[str, list[str]]] = {
    ("arboretum.garden.count", ()): {
        "en": ["0 cards", "1 card", "2 cards", "5 cards", "21 cards"],
        "ja": ["0枚", "1枚", "2枚", "5枚", "21枚"],
        "es": ["0 cartas", "1 carta", "2 cartas", "5 cartas", "21 cartas"],
        "nl": ["0 kaarten", "1 kaart", "2 kaarten", "5 kaarten", "21 kaarten"],
    },
    ("arboretum.deck.take_label", ()): {
        "en": [
            "Draw from the deck (0 cards left)",
            "Draw from the deck (1 card left)",
            "Draw from the deck (2 cards left)",
            "Draw from the deck (5 cards left)",
            "Draw from the deck (21 cards left)",
        ],
        "ja": [
            "山札から引く（残り0枚）",
            "山札から引く（残り1枚）",
            "山札から引く（残り2枚）",
            "山札から引く（残り5枚）",
            "山札から引く（残り21枚）",
        ],
        "es": [
            "Robar del mazo (quedan 0 cartas)",
            "Robar del mazo (queda 1 carta)",
            "Robar del mazo (quedan 2 cartas)",
            "Robar del mazo (quedan 5 cartas)",
            "Robar del mazo (quedan 21 cartas)",
        ],
        "nl": [
            "Trek van de trekstapel (nog 0 kaarten)",
            "Trek van de trekstapel (nog 1 kaart)",
            "Trek van de trekstapel (nog 2 kaarten)",
            "Trek van de trekstapel (nog 5 kaarten)",
            "Trek van de trekstapel (nog 21 kaarten)",
        ],
    },
    ("diadeplaya.spot.label", (("cell", "3,2"),)): {
        "en": [
            "Place the card at 3,2, covering 0 blocks",
            "Place the card at 3,2, covering 1 block",
            "Place the card at 3,2, covering 2 blocks",
            "Place the card at 3,2, covering 5 blocks",
            "Place the card at 3,2, covering 21 blocks",
        ],
        "ja": [
            "3,2に置く（0ブロックを覆う）",
            "3,2に置く（1ブロックを覆う）",
            "3,2に置く（2ブロックを覆う）",
            "3,2に置く（5ブロックを覆う）",
            "3,2に置く（21ブロックを覆う）",
        ],
        "es": [
            "Colocar la carta en 3,2, tapando 0 bloques",
            "Colocar la carta en 3,2, tapando 1 bloque",
            "Colocar la carta en 3,2, tapando 2 bloques",
            "Colocar la carta en 3,2, tapando 5 bloques",
            "Colocar la carta en 3,2, tapando 21 bloques",
        ],
        "nl": [
            "De kaart op 3,2 leggen, 0 blokken bedekt",
            "De kaart op 3,2 leggen, 1 blok bedekt",
            "De kaart op 3,2 leggen, 2 blokken bedekt",
            "De kaart op 3,2 leggen, 5 blokken bedekt",
            "De kaart op 3,2 leggen, 21 blokken bedekt",
        ],
    },
    ("diadeplaya.status.left", ()): {
        "en": [
            "0 cards to lay",
            "1 card to lay",
            "2 cards to lay",
            "5 cards to lay",
            "21 cards to lay",
        ],
        "ja": [
            "置くカード残り0枚",
            "置くカード残り1枚",
            "置くカード残り2枚",
            "置くカード残り5枚",
            "置くカード残り21枚",
        ],
        "es": [
            "Quedan 0 cartas por colocar",
            "Queda 1 carta por colocar",
            "Quedan 2 cartas por colocar",
            "Quedan 5 cartas por colocar",
            "Quedan 21 cartas por colocar",
        ],
        "nl": [
            "Nog 0 kaarten te leggen",
            "Nog 1 kaart te leggen",
            "Nog 2 kaarten te leggen",
            "Nog 5 kaarten te leggen",
            "Nog 21 kaarten te leggen",
        ],
    },
    ("arraial.seat.score", ()): {
        "en": ["0 points", "1 point", "2 points", "5 points", "21 points"],
        "ja": ["0点", "1点", "2点", "5点", "21点"],
        "es": ["0 puntos", "1 punto", "2 puntos", "5 puntos", "21 puntos"],
        "nl": ["0 punten", "1 punt", "2 punten", "5 punten", "21 punten"],
    },
    ("arraial.log.pairs_count", (("name", "Ana"),)): {
        "en": ["Ana 0 pairs", "Ana 1 pair", "Ana 2 pairs", "Ana 5 pairs", "Ana 21 pairs"],
        "ja": ["Ana ペア0", "Ana ペア1", "Ana ペア2", "Ana ペア5", "Ana ペア21"],
        "es": ["Ana 0 parejas", "Ana 1 pareja", "Ana 2 parejas", "Ana 5 parejas", "Ana 21 parejas"],
        "nl": ["Ana 0 paren", "Ana 1 paar", "Ana 2 paren", "Ana 5 paren", "Ana 21 paren"],
    },
    ("arribada.end.winner", (("name", "Ana"),)): {
        "en": [
            "Ana wins with 0 points!",
            "Ana wins with 1 point!",
            "Ana wins with 2 points!",
            "Ana wins with 5 points!",
            "Ana wins with 21 points!",
        ],
        "ja": [
            "Anaの勝利です!0点!",
            "Anaの勝利です!1点!",
            "Anaの勝利です!2点!",
            "Anaの勝利です!5点!",
            "Anaの勝利です!21点!",
        ],
        "es": [
            "¡Ana gana con 0 puntos!",
            "¡Ana gana con 1 punto!",
            "¡Ana gana con 2 puntos!",
            "¡Ana gana con 5 puntos!",
            "¡Ana gana con 21 puntos!",
        ],
        "nl": [
            "Ana wint met 0 punten!",
            "Ana wint met 1 punt!",
            "Ana wint met 2 punten!",
            "Ana wint met 5 punten!",
            "Ana wint met 21 punten!",
        ],
    },
    ("arraial.log.bar_drop_whites", (("name", "Ana"), ("bar", "7"))): {
        "en": [
            "Ana's level bar drops to over row 7; its 0 white visitors join the street.",
            "Ana's level bar drops to over row 7; its white visitor joins the street.",
            "Ana's level bar drops to over row 7; its 2 white visitors join the street.",
            "Ana's level bar drops to over row 7; its 5 white visitors join the street.",
            "Ana's level bar drops to over row 7; its 21 white visitors join the street.",
        ],
        "ja": [
            "Anaのレベルバーが7行目の上まで下がり、白い来場者0人が通りに入った。",
            "Anaのレベルバーが7行目の上まで下がり、白い来場者1人が通りに入った。",
            "Anaのレベルバーが7行目の上まで下がり、白い来場者2人が通りに入った。",
            "Anaのレベルバーが7行目の上まで下がり、白い来場者5人が通りに入った。",
            "Anaのレベルバーが7行目の上まで下がり、白い来場者21人が通りに入った。",
        ],
        "es": [
            "La barra de nivel de Ana baja hasta quedar sobre la fila 7; "
            "sus 0 visitantes blancos entran en la calle.",
            "La barra de nivel de Ana baja hasta quedar sobre la fila 7; "
            "su visitante blanco entra en la calle.",
            "La barra de nivel de Ana baja hasta quedar sobre la fila 7; "
            "sus 2 visitantes blancos entran en la calle.",
            "La barra de nivel de Ana baja hasta quedar sobre la fila 7; "
            "sus 5 visitantes blancos entran en la calle.",
            "La barra de nivel de Ana baja hasta quedar sobre la fila 7; "
            "sus 21 visitantes blancos entran en la calle.",
        ],
        "nl": [
            "De niveaubalk van Ana zakt naar boven rij 7; de 0 witte bezoekers komen de straat in.",
            "De niveaubalk van Ana zakt naar boven rij 7; de witte bezoeker komt de straat in.",
            "De niveaubalk van Ana zakt naar boven rij 7; de 2 witte bezoekers komen de straat in.",
            "De niveaubalk van Ana zakt naar boven rij 7; de 5 witte bezoekers komen de straat in.",
            "De niveaubalk van Ana zakt naar boven rij 7; "
            "de 21 witte bezoekers komen de straat in.",
        ],
    },
}


def _case_id(case: tuple[str, tuple[tuple[str, str], ...]]) -> str:
    return case[0]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", list(EXPECTED), ids=_case_id)
def test_a_plural_message_takes_the_form_of_its_count(case, lang):
    key, params = case
    t = Catalog.load(lang).t
    got = [t(key, count=n, **dict(params)) for n in COUNTS]
    assert got == EXPECTED[case][lang]


@pytest.mark.parametrize(
    ("lang", "want"),
    [("en", "1,234 points"), ("ja", "1,234点"), ("es", "1.234 puntos"), ("nl", "1.234 punten")],
)
def test_a_count_is_written_the_languages_way_in_its_plural_form(lang, want):
    assert Catalog.load(lang).t("arraial.seat.score", count=1234) == want


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "Your turn: 1 action point left, 0 of 1 placement made.",
         "Your turn: 2 action points left, 1 of 2 placements made."),
        ("ja", "あなたの手番：アクションポイント残り1、配置0／1。",
         "あなたの手番：アクションポイント残り2、配置1／2。"),
        ("es", "Tu turno: te queda 1 punto de acción; llevas 0 de 1 pieza colocada.",
         "Tu turno: te quedan 2 puntos de acción; llevas 1 de 2 piezas colocadas."),
        ("nl", "Jouw beurt: nog 1 actiepunt, 0 van 1 stuk gelegd.",
         "Jouw beurt: nog 2 actiepunten, 1 van 2 stukken gelegd."),
    ],
)  # fmt: skip
def test_a_sentence_of_two_counts_is_made_of_two_plural_messages(lang, one, two):
    """Arraial's status names the action points left and the placements needed: each
    count has its own plural message, passed translated (here also as ``(key, params)``
    pairs, which ``t`` translates first)."""
    t = Catalog.load(lang).t

    def status(ap: int, placed: int, need: int, *, pairs: bool = False) -> str:
        left = ("arraial.status.ap_left", {"count": ap})
        made = ("arraial.status.placements", {"placed": placed, "count": need})
        if pairs:
            return t("arraial.status.you.act", ap=left, placements=made)
        return t("arraial.status.you.act", ap=t(left[0], **left[1]),
                 placements=t(made[0], **made[1]))  # fmt: skip

    assert status(1, 0, 1) == one == status(1, 0, 1, pairs=True)
    assert status(2, 1, 2) == two == status(2, 1, 2, pairs=True)


# --- on the table -----------------------------------------------------------------------

#: a count of one written as if it were many, in each language (a count, not the end of
#: a bigger or negative number)
WRONG_ONE = {
    "en": r"(?<![-−\d.,])1 (cards|blocks|points|action points|placements)\b",
    "ja": r"$^",  # one form: nothing to get wrong
    "es": r"(?<![-−\d.,])1 (cartas|bloques|puntos|piezas)\b|\bquedan 1\b",
    "nl": r"(?<![-−\d.,])1 (kaarten|blokken|punten|actiepunten|stukken)\b",
}


def test_the_wrong_forms_are_recognised():
    assert re.search(WRONG_ONE["en"], "covering 1 blocks")
    assert re.search(WRONG_ONE["es"], "1 cartas") and re.search(WRONG_ONE["es"], "quedan 1")
    assert re.search(WRONG_ONE["nl"], "nog 1 kaarten")
    assert not re.search(WRONG_ONE["en"], "-1 points, 21 points, 1,001 points, 1 point")


def _placing_state():
    """Día de Playa, seat A holding a card taken from the market, to lay it."""

    def ready(x) -> bool:
        return x.phase == "take" and x.current_player == 0 and bool(x.grids[1])

    s = make("diadeplaya", players=2, seed=3, mode="competitive", first_player=0)
    return play_until(s, ready).apply(Take(1))


DP_ONE = {
    "en": "Place the card at {cell}, covering 1 block",
    "ja": "{cell}に置く（1ブロックを覆う）",
    "es": "Colocar la carta en {cell}, tapando 1 bloque",
    "nl": "De kaart op {cell} leggen, 1 blok bedekt",
}
DP_TWO = {
    "en": "Place the card at {cell}, covering 2 blocks",
    "ja": "{cell}に置く（2ブロックを覆う）",
    "es": "Colocar la carta en {cell}, tapando 2 bloques",
    "nl": "De kaart op {cell} leggen, 2 blokken bedekt",
}
DP_PREVIEW_ONE = {
    "en": "At {cell}, covering 1 block:",
    "ja": "{cell}（1ブロックを覆う）：",
    "es": "En {cell}, tapando 1 bloque:",
    "nl": "Op {cell}, 1 blok bedekt:",
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_beach_spot_covering_one_block_says_so_in_the_singular(lang):
    s = _placing_state()
    view, ui, t = s.view(0), get_ui("diadeplaya"), translator(lang)
    grid, face = s.grids[0], s.holding
    spots = {n: (x, y) for x, y in legal_spots(grid, face, 0)
             for n in [len(covered(grid, face, 0, x, y))]}  # fmt: skip
    assert 1 in spots and 2 in spots  # the deal of seed 3 has both
    html = ui.render_table(view, SEATS, Selection(), t)
    labels = {el.get("data-move"): el.get("aria-label") for el in parse(html).iter()
              if el.get("data-act") == "spot"}  # fmt: skip
    for n, want in ((1, DP_ONE), (2, DP_TWO)):
        x, y = spots[n]
        assert labels[f"place {x},{y}"] == want[lang].format(cell=f"{x},{y}")
    assert not re.search(WRONG_ONE[lang], html)
    # the spot chosen (the card turned for good): its preview's heading
    x, y = spots[1]
    sel, move = ui.on_click(view, Selection(), {"data-act": "spot", "data-move": f"place {x},{y}"})
    assert move is not None
    html = ui.render_table(s.apply(move).view(0), SEATS, sel, t)
    heads = ["".join(h.itertext()) for h in parse(html).iter("h2")]
    assert DP_PREVIEW_ONE[lang].format(cell=f"{x},{y}") in heads
    assert not re.search(WRONG_ONE[lang], html)


ARB_COUNTS = {
    "en": ("0 cards", "1 card"),
    "ja": ("0枚", "1枚"),
    "es": ("0 cartas", "1 carta"),
    "nl": ("0 kaarten", "1 kaart"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_an_arboretum_of_one_card_is_counted_in_the_singular(lang):
    s = play_until(
        make("arboretum", players=2, seed=2),
        lambda x: len(x.arbs[0]) == 1 and not x.arbs[1] and x.current_player == 1,
    )
    html = get_ui("arboretum").render_table(s.view(1), SEATS, Selection(), translator(lang))
    notes = ["".join(el.itertext()) for el in parse(html).iter()
             if "arb-note" in (el.get("class") or "").split()]  # fmt: skip
    none, one = ARB_COUNTS[lang]
    assert one in notes and none in notes
    assert not re.search(WRONG_ONE[lang], html)


ARL_STATUS = {
    "en": "Your turn: 1 action point left, 0 of 1 placement made.",
    "ja": "あなたの手番：アクションポイント残り1、配置0／1。",
    "es": "Tu turno: te queda 1 punto de acción; llevas 0 de 1 pieza colocada.",
    "nl": "Jouw beurt: nog 1 actiepunt, 0 van 1 stuk gelegd.",
}
ARL_METER = {
    "en": "1 action point left",
    "ja": "アクションポイント残り1",
    "es": "Queda 1 punto de acción",
    "nl": "Nog 1 actiepunt",
}


@pytest.mark.parametrize("lang", LANGS)
def test_arraials_last_action_point_is_counted_in_the_singular(lang):
    """Two turns of the octagon spend two of the three action points."""
    from tablero.arraial.data import ACTION_POINTS, ROTATE_COST

    s = make("arraial", players=2, seed=2)
    p = s.current_player
    rotate = next(m for m in s.legal_moves() if str(m) == "rotate")
    while s.ap > 1:
        s = s.apply(rotate)
    assert s.ap == 1 == ACTION_POINTS - 2 * ROTATE_COST and s.current_player == p
    html = get_ui("arraial").render_table(s.view(p), SEATS, Selection(), translator(lang))
    root = parse(html)
    text = "".join(root.itertext())
    assert ARL_STATUS[lang] in text
    assert ARL_METER[lang] in {el.get("aria-label") for el in root.iter()}
    assert not re.search(WRONG_ONE[lang], html)


@pytest.mark.parametrize(
    ("lang", "texts"),
    [
        ("en", ["-1 point", "-2 points", "-1,234 points"]),
        ("ja", ["-1点", "-2点", "-1,234点"]),
        ("es", ["-1 punto", "-2 puntos", "-1.234 puntos"]),
        ("nl", ["-1 punt", "-2 punten", "-1.234 punten"]),
    ],
)
def test_a_negative_count_takes_the_form_of_its_size(lang, texts):
    """Día de Playa's scores can fall below zero: -1 is one point, as CLDR's rules read
    a number by its size."""
    t = Catalog.load(lang).t
    assert [t("diadeplaya.seat.score", count=n) for n in (-1, -2, -1234)] == texts
