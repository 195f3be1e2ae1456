"""Challenge links and the daily deal (tablero.web.challenge): the tc1. format and its
errors, the daily seed, the saved target, and the shell opening a challenge, hiding its
target until the player's game is over, and sharing a finished game as a challenge."""

from __future__ import annotations

import base64
import datetime
import doctest
import itertools
import json
import re
import time
import zlib
from pathlib import Path
from typing import Any

import pytest
from tablero.core import CorruptDataError, Rng, State, from_text, make
from tablero.web import challenge as challenge_module
from tablero.web.app import App
from tablero.web.challenge import (
    CHALLENGE_VERSION,
    Challenge,
    challenge_game,
    challenge_problem,
    daily_day,
    daily_deal,
    daily_seed,
    day_text,
    decode_challenge,
    encode_challenge,
    is_challenge,
    local_day,
)
from tablero.web.games import get_ui
from tablero.web.i18n import LANGUAGES, Catalog
from tablero.web.i18n import translator as real_translator
from tablero.web.links import ShareError, decode_link, encode_link, link_game
from tablero.web.plugin import Seat
from tablero.web.saves import (
    SAVE_PREFIX,
    MemoryStorage,
    SavedGame,
    SaveStore,
    export_json,
    import_json,
)
from tablero.web.screens.table import play

from web.test_app import Page, clickables

WEB = Path(__file__).resolve().parents[2] / "pyapp" / "web" / "src" / "tablero" / "web"
EVIL = "<img src=x onerror=alert(1)>\u202e"


def finish(state: State, seed: int) -> State:
    """``state`` played to its end with random legal moves."""
    rng = Rng(seed)
    while not state.is_terminal():
        moves = state.legal_moves()
        state = state.apply(moves[rng.randbelow(len(moves))])
    return state


def solitaire(seed: int | str = 5, play_seed: int = 1, **options: Any) -> State:
    """A finished solitaire game of Día de Playa."""
    return finish(make("diadeplaya", players=1, seed=seed, mode="solitaire", **options), play_seed)


def payload_of(link: str) -> list[Any]:
    text = link.split(".", 1)[1]
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    payload: list[Any] = json.loads(zlib.decompress(raw[8:], -15))
    return payload


def craft(payload: Any, version: int = CHALLENGE_VERSION, raw_json: str | None = None) -> str:
    """A correctly framed challenge link around any payload (what a forger could make)."""
    text = raw_json if raw_json is not None else json.dumps(payload)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    body = packer.compress(text.encode()) + packer.flush()
    length = len(body).to_bytes(2, "big")
    raw = length + zlib.crc32(body).to_bytes(4, "big") + length + body
    return f"tc{version}." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


GAME = solitaire()
LINK = encode_challenge(GAME, "Ana")


# --- round trips ---------------------------------------------------------------------


def test_module_doctests() -> None:
    assert doctest.testmod(challenge_module).failed == 0


@pytest.mark.parametrize("seed", [1, 2, "a seed typed by someone", 2**40])
def test_round_trip_gives_the_same_deal_and_the_senders_game(seed: int | str) -> None:
    sender = solitaire(seed, play_seed=3, criteria=["surfers", "sand", "stalls"])
    link = encode_challenge(sender, "Ana")
    assert link.startswith("tc1.") and re.fullmatch(r"tc1\.[A-Za-z0-9_-]+", link)
    for form in (link, "#" + link, f"https://example.org/tablero/#{link}\n"):
        challenge = decode_challenge(form)
        assert challenge.target == sender and challenge.name == "Ana"
        assert challenge.link == link
    challenge = decode_challenge(link)
    assert challenge.score == sender.scores()[0]
    assert challenge.beach == sender.beach_reached()
    # the receiver's game: the same 14 cards, in the same order and faces, not yet played
    deal = challenge.deal()
    fresh = make(
        "diadeplaya", players=1, seed=seed, mode="solitaire",
        criteria=["surfers", "sand", "stalls"],
    )  # fmt: skip
    assert deal.to_json() == fresh.to_json() and not deal.history
    assert challenge.is_for(deal) and challenge.is_for(sender)
    assert not challenge.is_for(make("diadeplaya", players=1, seed=99, mode="solitaire"))
    assert challenge_game(link) == "diadeplaya"
    assert is_challenge(link) and is_challenge("#" + link)


def test_the_receiver_plays_the_senders_moves_to_the_senders_game() -> None:
    """The same deal: the sender's moves, played by the receiver, give the same beach."""
    state = decode_challenge(LINK).deal()
    for entry in GAME.history:
        state = state.apply(entry["move"])
    assert state.to_json() == GAME.to_json()


def test_a_challenge_is_not_a_game_link_and_the_other_way_round() -> None:
    game_link = encode_link(make("diadeplaya", players=2, seed=3), [Seat("A", 0), Seat("B", 1)])
    with pytest.raises(CorruptDataError) as caught:
        decode_challenge(game_link)
    assert caught.value.code == "challenge.not_a_link"
    with pytest.raises(CorruptDataError) as caught:
        decode_link(LINK)
    assert caught.value.code == "link.not_a_link"
    assert link_game(LINK) is None and challenge_game(game_link) is None
    assert not is_challenge(game_link)


def test_names_are_cleaned_and_kept_as_text() -> None:
    link = encode_challenge(GAME, "  Zoë\x00\n" + "x" * 60)
    assert decode_challenge(link).name == "Zoë" + "x" * 37
    crafted = payload_of(LINK)
    crafted[5] = EVIL + "\x07"
    assert decode_challenge(craft(crafted)).name == EVIL


def test_sizes_of_challenge_links() -> None:
    """Complete solitaire games: far below the 2,000-character budget of a link."""
    sizes = [len(encode_challenge(solitaire(seed, seed), "x" * 40)) for seed in range(20)]
    print(f"\nchallenge links: max {max(sizes)}, mean {sum(sizes) / len(sizes):.0f}")
    assert max(sizes) < 600
    t0 = time.perf_counter()
    decode_challenge(LINK)
    assert time.perf_counter() - t0 < 1.0


# --- what cannot be a challenge ------------------------------------------------------


def test_only_a_finished_one_player_game_with_a_seed_is_a_challenge() -> None:
    cases = [
        (make("diadeplaya", players=1, seed=5, mode="solitaire"), "challenge.unfinished"),
        (finish(make("diadeplaya", players=2, seed=5), 1), "challenge.not_solo"),
        (from_text("diadeplaya", GAME.to_text()), "challenge.no_seed"),
        (GAME.view(0), "challenge.view"),
    ]
    for state, code in cases:
        with pytest.raises(ShareError) as caught:
            encode_challenge(state, "Ana")
        assert caught.value.code == code, code


def test_a_game_whose_history_does_not_replay_is_refused() -> None:
    data = GAME.to_dict()
    replayed = make("diadeplaya", players=1, seed=5, mode="solitaire")
    for i, entry in enumerate(data["history"]):
        others = [str(m) for m in replayed.legal_moves() if str(m) != entry["move"]]
        if others:
            data["history"][i] = dict(entry, move=others[0])
            break
        replayed = replayed.apply(entry["move"])
    edited = type(GAME).from_dict(data)
    with pytest.raises(CorruptDataError) as caught:
        encode_challenge(edited, "Ana")
    assert caught.value.code == "challenge.no_replay"


# --- every bad input gets the documented error -----------------------------------------


def _payload(**changes: Any) -> list[Any]:
    fields = ["game", "version", "seed", "options", "moves", "name"]
    payload = payload_of(LINK)
    for key, value in changes.items():
        payload[fields.index(key)] = value
    return payload


def _cut(link: str, n: int) -> str:
    return link[:n]


def _changed(link: str, i: int) -> str:
    ch = "A" if link[i] != "A" else "B"
    return link[:i] + ch + link[i + 1 :]


MOVES = payload_of(LINK)[4]
BAD = {
    "challenge.not_a_link": [
        "",
        "   ",
        "hello",
        "tc0.abc",
        "tc01." + LINK[4:],
        "TC1." + LINK[4:],
        "tc\u0661." + LINK[4:],
        "tc\uff11." + LINK[4:],
        "tc1 ." + LINK[4:],
        "tcx",
    ],
    "challenge.truncated": ["tc", "tc1", "tc1.", _cut(LINK, 12), _cut(LINK, len(LINK) - 9)],
    "challenge.damaged": [
        _changed(LINK, 20),
        _changed(LINK, len(LINK) // 2),
        LINK + "AAAA",
        LINK + "*",
        craft({"a": 1}),
        craft(_payload()[:5]),
        craft(_payload() + [1]),
        craft(_payload(game=7)),
        craft(_payload(version="1")),
        craft(_payload(version=True)),
        craft(_payload(version=0)),
        craft(_payload(seed=None)),
        craft(_payload(seed=True)),
        craft(_payload(seed=[1])),
        craft(_payload(options=[])),
        craft(_payload(moves="take 1")),
        craft(_payload(moves=[*MOVES[:-1], 5])),
        craft(_payload(moves=[m.upper() for m in MOVES])),
        craft(_payload(name=None)),
        craft(None, raw_json=json.dumps(_payload())[:-1] + "," + "[" * 60 + "]" * 60 + "]"),
        craft(
            None, raw_json=json.dumps(_payload()).replace('"diadeplaya", 1,', '"diadeplaya", NaN,')
        ),
        "tc1." + "A" * 250_000,
    ],
    "challenge.newer": ["tc2." + LINK[4:], "tc9.anything", craft(_payload(version=99))],
    "challenge.unknown_game": [craft(_payload(game="chess")), craft(_payload(game="<b>x"))],
    "challenge.replay": [
        craft(_payload(moves=[*MOVES[:-1], "place 99,99"])),
        craft(_payload(options={"mode": "competitive"})),
        craft(_payload(game="arribada", options={})),
        craft(_payload(options={"mode": "solitaire", "criteria": ["sunburn"]})),
    ],
    "challenge.unfinished": [craft(_payload(moves=MOVES[:10])), craft(_payload(moves=[]))],
}


@pytest.mark.parametrize(
    ("code", "text"),
    [(code, text) for code, texts in BAD.items() for text in texts],
    ids=lambda x: x if isinstance(x, str) and len(x) < 30 else None,
)
def test_each_bad_link_gets_its_documented_error(code: str, text: str) -> None:
    with pytest.raises(CorruptDataError) as caught:
        decode_challenge(text)
    assert caught.value.code == code
    message = str(caught.value)
    assert message.endswith(".") and "\n" not in message
    # the game is read without replaying: only a readable frame names one
    game = challenge_game(text)
    assert game is None or isinstance(game, str)
    if code in ("challenge.not_a_link", "challenge.truncated") or text.startswith("tc2."):
        assert game is None


def test_messages_of_the_errors() -> None:
    def message(text: str) -> str:
        with pytest.raises(CorruptDataError) as caught:
            decode_challenge(text)
        return str(caught.value)

    assert message("hello") == challenge_module.MSG_NOT_A_CHALLENGE
    assert message(_changed(LINK, 20)) == challenge_module.MSG_DAMAGED
    assert message(_cut(LINK, 12)) == challenge_module.MSG_TRUNCATED
    assert message("tc2.x") == challenge_module.MSG_NEWER
    assert message(craft(_payload(moves=MOVES[:10]))) == challenge_module.MSG_UNFINISHED
    assert "game format 99; this app reads up to 1" in message(craft(_payload(version=99)))
    assert "('chess')" in message(craft(_payload(game="chess")))
    assert "'place 99,99'" in message(craft(_payload(moves=[*MOVES[:-1], "place 99,99"])))


def test_not_a_text_is_not_a_challenge() -> None:
    for value in (None, 5, b"tc1.x", ["tc1."]):
        with pytest.raises(CorruptDataError) as caught:
            decode_challenge(value)  # type: ignore[arg-type]
        assert caught.value.code == "challenge.not_a_link"


def test_every_code_has_a_message_in_every_language() -> None:
    codes = set(re.findall(r'"challenge\.([a-z_]+)"', (WEB / "challenge.py").read_text()))
    assert {"damaged", "not_a_link", "truncated", "newer", "unfinished", "no_replay"} <= codes
    assert {"no_seed", "view", "not_solo", "too_long", "unknown_game", "replay"} <= codes
    for lang in LANGUAGES:
        catalog = Catalog.load(lang)
        for code in codes:
            assert catalog.has(f"app.challenge.problem.{code}"), (lang, code)
        err = CorruptDataError("x", code="challenge.damaged")
        shown = catalog.t("app.challenge.bad", reason=challenge_problem(err))
        assert "app.challenge" not in shown
    assert challenge_problem(ValueError("plain")) == "plain"


# --- the daily deal --------------------------------------------------------------------


def test_the_daily_seed_is_a_function_of_the_date() -> None:
    days = [datetime.date(2026, 12, 2), datetime.date(2026, 12, 3), datetime.date(2027, 1, 1)]
    assert [daily_seed(d) for d in days] == [
        "daily:2026-12-02",
        "daily:2026-12-03",
        "daily:2027-01-01",
    ]
    deals = [daily_deal(d) for d in days]
    assert daily_deal(days[0]).to_json() == deals[0].to_json()  # the same for everyone
    assert len({d.to_json() for d in deals}) == 3  # another day, another deal
    assert [d.mode for d in deals] == ["solitaire"] * 3
    assert [daily_day(d) for d in deals] == days
    assert daily_day(finish(deals[1], 4)) == days[1]
    # the same seed with other options, or another seed: not the daily deal
    other = make("diadeplaya", players=1, seed=daily_seed(days[0]), mode="solitaire",
                 criteria=["sand"])  # fmt: skip
    assert daily_day(other) is None
    assert (
        daily_day(make("diadeplaya", players=1, seed="daily:2026-02-30", mode="solitaire")) is None
    )
    assert daily_day(GAME) is None
    assert daily_day(make("arribada", players=2, seed="daily:2026-12-02")) is None


def test_the_local_day_and_its_words() -> None:
    noon = time.mktime((2026, 7, 15, 12, 0, 0, 0, 0, -1)) * 1000
    assert local_day(noon) == datetime.date(2026, 7, 15)
    assert local_day(noon + 24 * 3600 * 1000) == datetime.date(2026, 7, 16)
    day = datetime.date(2026, 12, 2)
    words = {lang: day_text(day, real_translator(lang)) for lang in LANGUAGES}
    assert words == {
        "en": "2 December 2026",
        "ja": "2026年12月2日",
        "es": "2 de diciembre de 2026",
        "nl": "2 december 2026",
    }


# --- saves keep the challenge ----------------------------------------------------------


def _challenge_game(moves: int = 0, name: str = "Ana") -> SavedGame:
    challenge = decode_challenge(encode_challenge(GAME, name))
    state = challenge.deal()
    for entry in GAME.history[:moves]:
        state = state.apply(entry["move"])
    return SavedGame("abc", "Game", "diadeplaya", [Seat("Bo", 0)], state, 1.0, 2.0, challenge)


def test_a_save_keeps_its_challenge() -> None:
    store = SaveStore(MemoryStorage())
    game = _challenge_game(moves=7)
    store.save(game)
    record = json.loads(store.storage.get(SAVE_PREFIX + "abc") or "")
    assert record["format"] == 1 and record["challenge"] == game.challenge.link  # type: ignore[union-attr]
    loaded = store.load("abc")
    assert loaded.challenge == game.challenge and loaded.state == game.state
    assert store.list()[1] == []
    # a file keeps it too
    copy = import_json(export_json(loaded), store, now=5.0)
    assert copy.challenge == game.challenge and copy.id != "abc"


def test_an_old_save_without_a_challenge_reads_and_writes_as_before() -> None:
    store = SaveStore(MemoryStorage())
    state = make("diadeplaya", players=1, seed=5, mode="solitaire")
    game = SavedGame("old", "Old", "diadeplaya", [Seat("Bo", 0)], state, 1.0, 2.0)
    store.save(game)
    text = store.storage.get(SAVE_PREFIX + "old") or ""
    assert "challenge" not in json.loads(text)
    assert store.load("old").challenge is None
    # the compat fixtures' saves (written before challenges existed) load without one
    fixtures = Path(__file__).parents[1] / "platform" / "fixtures" / "compat"
    for path in sorted(fixtures.glob("**/*.save.json"))[:6]:
        imported = import_json(path.read_text(encoding="utf-8"), SaveStore(MemoryStorage()), 1.0)
        assert imported.challenge is None
        assert "challenge" not in export_json(imported)


@pytest.mark.parametrize(
    ("value", "code"),
    [
        (5, "save.damaged"),
        (None, "save.damaged"),
        ("tc1.garbage", "save.damaged"),
        ("tb1.garbage", "save.damaged"),
        (encode_challenge(solitaire(6), "Ana"), "save.damaged"),  # another deal
        ("tc2." + LINK[4:], "save.newer"),
    ],
)
def test_a_bad_challenge_in_a_record_is_reported_and_kept(value: Any, code: str) -> None:
    store = SaveStore(MemoryStorage())
    store.save(_challenge_game())
    key = SAVE_PREFIX + "abc"
    record = json.loads(store.storage.get(key) or "")
    record["challenge"] = value
    text = json.dumps(record, ensure_ascii=False)
    store.storage.set(key, text)
    summaries, problems = store.list()
    assert not summaries and [p.code for p in problems] == [code]
    with pytest.raises(CorruptDataError):
        import_json(text, SaveStore(MemoryStorage()), 1.0)
    assert store.storage.get(key) == text


def test_a_game_saved_with_another_deals_challenge_is_refused() -> None:
    game = _challenge_game()
    wrong = SavedGame(
        "x", "G", "diadeplaya", [Seat("Bo", 0)], solitaire(9), 1.0, 1.0, game.challenge
    )
    with pytest.raises(ValueError, match="another deal"):
        SaveStore(MemoryStorage()).save(wrong)


# --- the shell -----------------------------------------------------------------------


def make_app(now_ms: float | None = None, storage: MemoryStorage | None = None) -> App:
    ids = itertools.count(1)
    store = SaveStore(
        storage or MemoryStorage(), random_bytes=lambda n: next(ids).to_bytes(n, "big")
    )
    start = now_ms if now_ms is not None else time.mktime((2026, 12, 2, 12, 0, 0, 0, 0, -1)) * 1000
    clock = itertools.count(int(start), 1000)
    return App(store, get_ui, translator=real_translator, now=lambda: float(next(clock)))


def finish_on_page(page: Page, seed: int = 2) -> Page:
    """Play the game on the table to its end (the controller's ``play``, which every
    click of the table ends in), then through its end sequence, step by step, to the
    result (the summary, where a challenge's target is shown)."""
    rng = Rng(seed)
    while not page.state.is_terminal():
        moves = page.state.legal_moves()
        page.model = play(page.app, page.model, moves[rng.randbelow(len(moves))])
    for _ in range(50):
        step = page.model.end_step
        following = [d for d in page.find("app.end-step") if step and d["step"] == str(step[1] + 1)]
        if not following:
            break
        assert not target_shown(page.html), "the target shown before the end's summary"
        page.click("app.end-step", step=following[0]["step"])
    if page.find("app.end-skip"):
        page.click("app.end-skip")
    return page


def target_shown(html: str, challenge: Challenge | None = None) -> bool:
    """Whether anything of the target is on the page: its section, or (for
    ``challenge``) the sender's result or beach in words."""
    if "data-target" in html or "shell-challenge-target" in html:
        return True
    if challenge is None:
        return False
    t = real_translator("en")
    texts = [t("app.challenge.target-title"), t("app.challenge.picture", name=challenge.name)]
    texts.append(f"score: {challenge.score})")
    return any(text in html for text in texts)


def test_a_challenge_link_starts_the_same_deal_and_shows_the_target_only_at_the_end() -> None:
    app = make_app()
    link = encode_challenge(GAME, "Ana Lucía")
    page = Page(app, app.boot("en", "#" + link, "https://example.org/"))
    model = page.model
    assert model.screen == "game" and model.game is not None
    assert model.game.challenge is not None and model.game.challenge.target == GAME
    assert page.state.to_json() == decode_challenge(link).deal().to_json()
    assert [e.kind for e in model.effects][:1] == ["clear_hash"]
    assert model.toast == ("app.challenge.opened", {"name": "Ana Lucía"})
    stored = app.store.load(model.game.id)
    assert stored.challenge is not None and stored.challenge.link == link
    assert app.store.current() == model.game.id
    # during the game: nothing of the target (its score, beach, picture)
    challenge = decode_challenge(link)
    for _ in range(3):
        assert not target_shown(page.html, challenge)
        moves = page.state.legal_moves()
        page.model = play(app, page.model, moves[0])
    # reloaded mid-game: still hidden, still kept
    page = Page(app, app.boot("en"))
    assert page.model.game is not None and page.model.game.challenge is not None
    assert not target_shown(page.html, challenge)
    finish_on_page(page)
    html = page.html
    assert target_shown(html) and target_shown(html.replace("data-target", ""), challenge)
    assert "Ana Lucía" in html
    score, target = page.state.scores()[0], GAME.scores()[0]
    challenge_text = real_translator("en")
    if score > target:
        verdict = challenge_text("app.challenge.beat", name="Ana Lucía", points=score - target)
    elif score < target:
        verdict = challenge_text("app.challenge.behind", name="Ana Lucía", points=target - score)
    else:
        verdict = challenge_text("app.challenge.level", name="Ana Lucía")
    assert verdict in html.replace("&#x27;", "'")
    picture = html.split("data-target", 1)[1].split("</figure>", 1)[0]
    assert "<svg" in picture  # the sender's beach, as the game draws it
    assert "The beach of Ana Lucía" in html
    # the saved game keeps its challenge after the end
    assert app.store.load(page.model.game.id).challenge is not None  # type: ignore[union-attr]


def test_a_bad_challenge_link_leaves_a_notice_and_loses_nothing() -> None:
    app = make_app()
    page = Page(app, app.boot("en"))
    page.click("app.daily")
    kept = page.model.game
    assert kept is not None
    before = dict(app.store.storage.data)  # type: ignore[attr-defined]
    bad_links = ((_changed(LINK, 20), "damaged"), ("tc2.x", "newer"), ("tc", "truncated"))
    for bad, code in bad_links:
        model = app.boot("en", "#" + bad)
        assert model.screen == "home" and model.notice is not None
        key, params = model.notice
        assert key == "app.challenge.bad"
        assert params["reason"] == (f"app.challenge.problem.{code}", {})
        assert model.game is not None and model.game.id == kept.id  # the game to continue
        assert dict(app.store.storage.data) == before  # type: ignore[attr-defined]
        html = Page(app, model).html
        assert "could not be opened" in html
    # a pasted bad link while a game is on screen keeps it on screen
    page.send("app.open-link", fragment="tc1.damaged")
    assert page.model.game is not None and page.model.game.id == kept.id
    assert page.model.notice is not None and page.model.notice[0] == "app.challenge.bad"


def test_boot_games_reads_the_challenges_game() -> None:
    app = make_app()
    assert app.boot_games("#" + LINK) == ["diadeplaya"]
    assert len(app.boot_games("#tc1.damaged")) > 1  # unreadable: every game of the picker


def test_the_daily_deal_from_the_home_screen_names_the_day_and_shares_a_challenge() -> None:
    app = make_app()
    page = Page(app, app.boot("en", "", "https://example.org/"))
    home = page.html
    assert "2 December 2026" in home and page.find("app.daily")
    page.click("app.daily")
    assert page.model.screen == "game"
    assert page.state.setup["seed"] == "daily:2026-12-02"
    assert page.state.to_json() == daily_deal(datetime.date(2026, 12, 2)).to_json()
    assert "daily deal of 2 December 2026" in page.model.game.name  # type: ignore[union-attr]
    assert not page.find("app.challenge-share")  # not before the end
    finish_on_page(page, seed=7)
    html = page.html
    assert "Daily deal of 2 December 2026" in html
    beach = page.state.beach_reached()
    reached = (
        real_translator("en")("app.challenge.reached", beach=beach, score=page.state.scores()[0])
        if beach
        else real_translator("en")("app.challenge.reached-none", score=page.state.scores()[0])
    )
    assert reached in html
    assert not target_shown(html)  # no challenge: nothing to compare with
    page.click("app.challenge-share")
    url = page.model.share_url
    assert url is not None and url.startswith("https://example.org/#tc1.")
    assert [e.kind for e in page.model.effects] == ["share"]
    assert "Challenge a friend" in page.html
    challenge = decode_challenge(url)
    assert challenge.target == page.state and challenge.name == "Player 1"
    assert daily_day(challenge.deal()) == datetime.date(2026, 12, 2)
    # a reload right after sharing reopens the sender's game, adding no save
    saves = len(app.store.list()[0])
    model = app.boot("en", url.split("#", 1)[1])
    assert model.game is not None and model.game.id == page.model.game.id  # type: ignore[union-attr]
    assert len(app.store.list()[0]) == saves


def test_the_next_day_deals_another_deal() -> None:
    noon = time.mktime((2026, 12, 2, 12, 0, 0, 0, 0, -1)) * 1000
    seeds = []
    for ms in (noon, noon + 3_600_000, noon + 86_400_000):
        app = make_app(now_ms=ms)
        page = Page(app, app.boot("en")).click("app.daily")
        seeds.append((page.state.setup["seed"], page.state.to_json()))
    assert seeds[0] == seeds[1] and seeds[0] != seeds[2]
    assert seeds[2][0] == "daily:2026-12-03"


def test_the_receiver_sees_a_challenge_named_by_the_typed_name_only() -> None:
    app = make_app()
    default = encode_challenge(GAME, "Player 1")
    page = Page(app, app.boot("ja", "#" + default))
    assert page.model.toast == ("app.challenge.opened", {"name": "挑戦者"})
    finish_on_page(page)
    assert "挑戦者" in page.html
    # a hostile name is shown as text, cut to the name length, without its controls
    app = make_app()
    page = finish_on_page(Page(app, app.boot("en", "#" + encode_challenge(GAME, EVIL))))
    html = page.html
    assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "\u202e" not in html


def test_the_player_name_of_a_daily_or_challenge_game_is_the_last_typed_one() -> None:
    app = make_app()
    page = Page(app, app.boot("en"))
    page.click("app.new", game="diadeplaya")
    fields = {"players": "1", "name-0": "Marisol", "seed": "4"}
    page.send("app.form", **fields)
    page.send("app.start", **fields)
    assert page.model.game is not None and page.model.game.seats[0].name == "Marisol"
    page.click("app.home").click("app.daily")
    assert page.model.game.seats[0].name == "Marisol"  # type: ignore[union-attr]
    model = app.boot("en", "#" + LINK)  # the game to reopen names the player
    assert model.game is not None and model.game.seats[0].name == "Marisol"


def test_share_as_a_challenge_only_on_a_finished_solitaire_game() -> None:
    app = make_app()
    page = Page(app, app.boot("en")).click("app.daily")
    # before the end the button is not offered, and the act refuses with the reason
    page.send("app.challenge-share")
    assert page.model.toast == (
        "app.challenge.share-failed",
        {"reason": ("app.challenge.problem.unfinished", {})},
    )
    assert page.model.share_url is None
    # a finished two-player game offers no challenge
    two = finish(make("diadeplaya", players=2, seed=5), 1)
    saved = SavedGame("two", "Two", "diadeplaya", [Seat("A", 0), Seat("B", 1)], two, 1.0, 1.0)
    app.store.save(saved)
    page.click("app.saves").click("app.resume", id="two")
    assert page.model.game is not None and page.model.game.id == "two"
    assert "app.challenge-share" not in {a for _, a, _, _ in clickables(page.html)}
