"""One API test run over every game: each registered game plus Tiny Nim, in each of its
configurations (``Game.setups()``), three random games each (see
``conformance_checks.py`` for the driver and the checks themselves).

``case`` is one configuration of one game and ``game_id`` one game (both parametrized by
``conftest.py``).
"""

from __future__ import annotations

import pytest

from . import conformance_checks as cc


def test_legality_closure(case: cc.Case) -> None:
    """At sampled states (full, and the view of the player to move), every candidate text
    parses iff its canonical text is a legal move; legal moves parse back to themselves,
    are unique, and come in a stable order."""
    for g in case.games():
        for ply, s in g.samples:
            cc.check_turn(s, g.where(ply, s))
            cc.check_closure(s, g.where(ply, s))
            if not s.is_terminal():
                p = s.current_player
                cc.check_closure(s.view(p), g.where(ply, s, f"in the view of player {p}"))


def test_read_move_reads_every_legal_move(case: cc.Case) -> None:
    """``read_move`` (the protocol's reader, unchecked) reads each legal move's text back."""
    for g in case.games():
        for ply, s in g.samples:
            for m in s.legal_moves():
                try:
                    back = s.read_move(str(m))
                except NotImplementedError:
                    pytest.fail(f"{type(s).__name__} does not implement read_move{g.where(ply)}")
                assert back == m, f"read_move({str(m)!r}) gives {back!r}{g.where(ply, s)}"


def test_json_and_notation_round_trips(case: cc.Case) -> None:
    for g in case.games():
        for ply, s in g.samples:
            cc.check_json_round_trip(s, g.where(ply, s))
            cc.check_text_round_trip(case.game, s, g.where(ply, s))
            for p in range(s.num_players):
                why = g.where(ply, s, f"in the view of player {p}")
                cc.check_json_round_trip(s.view(p), why)
                cc.check_text_round_trip(case.game, s.view(p), why)


def test_notation_reads_comments_and_blank_lines(case: cc.Case) -> None:
    """Every sampled position and each player's view of it, written with comments and
    blank lines between and around its lines, reads back to the same position."""
    for g in case.games():
        for ply, s in g.samples:
            cc.check_text_with_comments(case.game, s, g.where(ply, s))
            for p in range(s.num_players):
                why = g.where(ply, s, f"in the view of player {p}")
                cc.check_text_with_comments(case.game, s.view(p), why)


def test_views_hide_only_hidden_facts(case: cc.Case) -> None:
    """Each player's view is byte-identical however the hidden parts are dealt, carries no
    seed or PRNG state, is its own view, and refuses to become another player's."""
    for g in case.games():
        for ply, s in g.samples:
            for p in range(s.num_players):
                cc.check_view(s, p, g.where(ply, s, f"view of player {p}"))


def test_views_are_checked_against_other_deals(game_id: str) -> None:
    """The view check above proves something only if ``determinize`` really deals the
    hidden parts again: somewhere in the game's configurations it must give a state that
    differs from the one viewed (beyond the PRNG state)."""
    cases = [c for c in cc.all_cases() if c.game == game_id]
    for case in cases:
        for g in case.games():
            for ply, s in g.samples:
                for p in range(s.num_players):
                    if cc.check_view(s, p, g.where(ply, s, f"view of player {p}")):
                        return
    pytest.fail(f"{game_id}: no determinization of any view differs from the state viewed")


def test_determinized_views_play_to_the_end(case: cc.Case) -> None:
    for g in case.games():
        ply, s = g.mid()
        for p in sorted({0, (ply + 1) % s.num_players}):
            cc.check_view_playable(s, p, 100 + ply, g.where(ply, s, f"view of player {p}"))


def test_same_seed_and_moves_give_the_same_game(case: cc.Case) -> None:
    for g in case.games():
        cc.check_replay(g)


def test_moves_never_change_the_state_they_apply_to(case: cc.Case) -> None:
    for g in case.games():
        for ply, s in g.samples:
            if not s.is_terminal():
                cc.check_no_mutation(s, g.where(ply, s))
                p = s.current_player
                view = s.view(p)
                cc.check_saved_data_is_a_copy(view, g.where(ply, s, f"view of player {p}"))


def test_terminal_invariants(case: cc.Case) -> None:
    for g in case.games():
        moves = list(g.kinds.values())
        cc.check_end(g.final, g.where(len(g.moves), g.final), moves)
        for p in range(g.final.num_players):
            cc.check_end(g.final.view(p), g.where(len(g.moves), g.final, f"view of {p}"), moves)


def test_bad_data_and_bad_text_are_refused(case: cc.Case) -> None:
    for g in case.games():
        for ply, s in (g.samples[0], g.mid(), g.samples[-1]):
            why = g.where(ply, s)
            cc.check_bad_data(s, why)
            cc.check_bad_text(case.game, s, why)
            cc.check_bad_moves(s, why)


def test_bad_view_data_is_refused(case: cc.Case) -> None:
    for g in case.games():
        for ply, s in (g.samples[0], g.mid(), g.samples[-1]):
            cc.check_bad_data(s.view(0), g.where(ply, s, "in the view of player 0"))


def test_bad_history_entries_are_refused(case: cc.Case) -> None:
    for g in case.games():
        ply, s = g.samples[-1]
        cc.check_bad_history(s, g.where(ply, s))


def test_a_move_of_the_wrong_kind_is_not_possible_now(case: cc.Case) -> None:
    tried = 0
    for g in case.games():
        for ply, s in g.samples:
            tried += cc.check_wrong_kind(s, g, g.where(ply, s))
    kinds = {k for g in case.games() for k in g.kinds}
    if len(kinds) > 1:
        assert tried, f"{case.id}: {len(kinds)} move kinds, yet no wrong-kind move was tried"


def test_make_refuses_bad_setups(game_id: str) -> None:
    case = next(c for c in cc.all_cases() if c.game == game_id)
    case.require()
    cc.check_make_errors(game_id)


def test_some_configuration_is_played_by_one_player() -> None:
    cases = cc.all_cases()
    assert any(c.players == 1 for c in cases), [c.id for c in cases]
    assert cc.TINY in {c.game for c in cases}
    assert set(cc.all_game_ids()) >= {"arribada", "arboretum", cc.TINY}


# --- chance steps -----------------------------------------------------------------------


def test_a_client_follows_the_referee_from_its_view(case: cc.Case) -> None:
    """At a table without a dealer, a game with random outcomes and random moves: each
    seat's client, fed the moves as that seat sees them and the outcomes it may see, equals
    the referee's view of that seat after every step; a private outcome changes no other
    seat's view; a waiting step refuses moves and bad outcomes."""
    case.require()
    followed = cc.follow_game(case.game, case.players, case.options_json, 1)
    assert followed.chances, f"{case.id}: no chance step in a whole game"


def test_seeded_games_never_wait(case: cc.Case) -> None:
    for g in case.games():
        cc.check_seeded_never_waits(g)


def test_the_randomness_comes_only_from_the_dealer(case: cc.Case) -> None:
    """In a seeded game played to its end, and in determinized views, every number drawn
    from the PRNG is drawn by the seeded dealer or by ``determinize``."""
    case.require()
    cc.check_prng_only_in_the_dealer(case.game, case.players, case.options_json)


def test_seeded_outcomes_fit_the_weights(game_id: str) -> None:
    """Over many seeds, the first outcome the seeded dealer deals (beyond the first
    player) comes as often as its chance step's weights say (a chi-square test at
    p = 0.001; the seeds are fixed, so it never flakes)."""
    case = next(c for c in cc.all_cases() if c.game == game_id)
    case.require()
    cc.check_seeded_fit(game_id, case.players, case.options_json)
