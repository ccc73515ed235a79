"""The Moonriser bot player: it wins against random play and against its easy level, its games end,
it plays only legal moves, it cannot see hidden tiles, and it does the sensible thing in the
positions a player would check (a relationship formed, the Main base grown early, surplus traded
for what is short, everything turned into VP at the end, the hand limit kept).

Issue #14 asks for >= 90% wins over 100 seeded 3-player games; those 100 games take about a
minute on the 2-core machine, so ``python -m bench.moonriser`` plays them and this test asserts
on the first 30 of the same seeds (>= 27 wins).
"""

from __future__ import annotations

import copy
import random
from itertools import islice

import pytest

from bench.moonriser import bot_game, won
from engine.core import Move, Rng
from engine.moonriser.content import TOKENS
from engine.moonriser.game import GAME
from engine.moonriser.notation import KEEP
from engine.moonriser.randomplay import random_move
from tests.engine.moonriser_support import position, step

LEVELS = GAME.info.bot_levels


def test_the_normal_bot_beats_two_random_legal_players_in_27_of_30_seeded_games() -> None:
    wins = 0
    for game in range(30):
        seat = game % 3
        final, _, _ = bot_game(1 + game, seat)
        wins += won(final, seat)
    assert wins >= 27


def test_the_normal_bot_beats_two_easy_bots_in_most_seeded_games() -> None:
    """One normal bot against two easy ones: chance alone would give it 4 of 12."""
    wins = 0
    for game in range(12):
        seat = game % 3
        final, _, _ = bot_game(100 + game, seat, "normal", players=3, others="easy")
        wins += won(final, seat)
    assert wins >= 8


def _all_bot_game(players: int, seed: int) -> list[tuple[dict, int, Move]]:
    """A game of bots only (seats alternate easy and normal): every (state, seat, move)."""
    state = GAME.new(players, {}, seed)
    steps = []
    while state["phase"] != "over":
        seat = GAME.to_act(state)[0]
        move = GAME.bot_move(state, seat, LEVELS[seat % len(LEVELS)])
        steps.append((state, seat, move))
        state, _ = GAME.apply(state, seat, move)
        assert len(steps) < 5000, "the bots' game does not end"
    outcome = GAME.outcome(state)
    assert outcome is not None and min(outcome.places) == 1
    assert state["round"] <= state["options"]["max_rounds"]
    return steps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_of_bots_end_and_every_bot_move_is_legal(players: int) -> None:
    steps = _all_bot_game(players, 40 + players)
    for state, seat, move in steps:
        if move.kind == KEEP:  # thousands of ways to keep: check the choice itself
            row = state["seats"][seat]
            drawn = list(row["drawn"])
            for tile in move.args:
                drawn.remove(tile)
            assert len(move.args) == min(row["keep"], len(row["drawn"]))
        else:
            assert move in set(GAME.legal_moves(state, seat)), move.notation


def _scrambled(state: dict, seat: int, rnd: random.Random) -> dict:
    """``state`` with everything ``seat`` cannot see reshuffled: the piles' and discards' order
    and contents and the other seats' hands and drawn tiles swapped among themselves."""
    other = copy.deepcopy(state)
    pockets = [other["piles"][p] for p in other["piles"]] + [other["discards"][p] for p in other["discards"]]
    pockets += [row[part] for s, row in enumerate(other["seats"]) if s != seat for part in ("hand", "drawn")]
    pool = [tile for pocket in pockets for tile in pocket]
    rnd.shuffle(pool)
    for pocket in pockets:
        size = len(pocket)
        pocket[:] = pool[:size]
        del pool[:size]
    other["rng"] = rnd.randrange(2**32)
    return other


@pytest.mark.parametrize("players", [2, 4])
def test_the_bot_never_reads_hidden_tiles_and_is_deterministic(players: int) -> None:
    rnd = random.Random(players)
    state = GAME.new(players, {}, 70 + players)
    play = Rng(7)
    checked = 0
    while state["phase"] != "over":
        seat = GAME.to_act(state)[0]
        if checked < 400 and rnd.random() < 0.5:
            for level in LEVELS:
                before = copy.deepcopy(state)
                move = GAME.bot_move(state, seat, level)
                assert state == before, "the bot changed the state it was given"
                assert GAME.bot_move(copy.deepcopy(state), seat, level) == move
                for _ in range(2):
                    assert GAME.bot_move(_scrambled(state, seat, rnd), seat, level) == move
                checked += 1
        move = GAME.bot_move(state, seat, "normal") if seat == 0 else random_move(state, seat, play)
        state, _ = GAME.apply(state, seat, move)
    assert checked > 100


# --------------------------------------------------------------------------- sensible choices
def _turn(state: dict, seat: int, level: str = "normal", limit: int = 40) -> tuple[dict, list[str]]:
    """Let the bot play ``seat`` until another seat (or nobody) is awaited."""
    played = []
    while seat in GAME.to_act(state) and len(played) < limit:
        move = GAME.bot_move(state, seat, level)
        played.append(move.notation)
        state, _ = GAME.apply(state, seat, move)
    return state, played


def test_the_bot_turns_its_tile_to_form_a_bonus_relationship() -> None:
    """A He3 harvester from hand beside its Fusion power plant: placed so the radiation halves
    meet (the relationship's VP and the green both tiles then produce)."""
    state = position(
        tiles={"E5": ("A01", 0, 0)}, tokens=[{"green": 3}], hands=[["B01"]], supply=[], phase="develop"
    )
    state["round"] = 3
    move = GAME.bot_move(state, 0, "normal")
    assert move.kind == "place" and move.args[0] == "B01"
    after, _ = GAME.apply(state, 0, move)
    view = GAME.view(after, None)
    assert view["scores"][0]["relations"] == 2
    assert view["production"][0]["green"] == 2


def test_the_normal_bot_upgrades_its_main_base_early_and_the_easy_bot_does_not() -> None:
    state = position(tiles={"E5": ("M1", 0, 0)}, tokens=[{"blue": 1, "green": 3}], supply=["B11"])
    assert GAME.bot_move(state, 0, "normal") == Move("upgrade", ("E5",))
    assert GAME.bot_move(state, 0, "easy").kind != "upgrade"


def test_the_bot_trades_a_surplus_for_the_green_it_lacks() -> None:
    state = position(tiles={"E5": ("M1", 0, 0)}, tokens=[{"blue": 12}], phase="trade")
    state["round"] = 4
    after, played = _turn(state, 0)
    assert played[0] == "trade blue green"
    assert after["seats"][0]["tokens"]["green"] >= 1
    assert played[-1] == "end"


def test_the_bot_turns_everything_into_yellow_in_the_last_trades() -> None:
    state = position(
        tiles={"E5": ("M1", 0, 0), step("E5", 0): ("B11", 1, 0)},
        tokens=[{"blue": 9, "green": 4, "red": 3}, {"green": 8}],
        hands=[["B01", "B02", "B03", "B04", "B05"]],
        phase="final",
        active=None,
    )
    state["ending"] = True
    state["seats"][1]["final_done"] = True
    after, played = _turn(state, 0)
    assert played == ["convert", "end"]  # everything at once
    assert after["phase"] == "over"
    mine = after["seats"][0]
    assert mine["tokens"]["yellow"] == 9 // 4 + 4 // 4 + 1  # two blue trades, one green, one sale
    assert all(mine["tokens"][c] < 4 for c in TOKENS) and len(mine["hand"]) < 4


def test_the_bot_keeps_the_hand_limit_by_discarding_its_least_useful_tiles() -> None:
    hand = ["A04", "B11", "B01", "A01", "B21", "B05", "B19"]
    state = position(
        tiles={"E5": ("M1", 0, 0)}, tokens=[{"blue": 2, "green": 6, "red": 2}], hands=[hand], phase="trade"
    )
    state["round"] = 4
    after, played = _turn(state, 0)
    assert [p.split()[0] for p in played if p.startswith("discard")] == ["discard", "discard"]
    assert len(after["seats"][0]["hand"]) == 5 and played[-1] == "end"
    assert {"A04", "A01"} <= set(after["seats"][0]["hand"])


def test_random_legal_player_picks_each_kind_of_move_and_only_legal_ones() -> None:
    """The benchmark's opponent: in development it sometimes places, sometimes stops."""
    state = position(tiles={"E5": ("M1", 0, 0)}, tokens=[{"blue": 3, "green": 9}], hands=[["B01", "B11"]])
    rnd = Rng(3)
    kinds = set()
    for _ in range(60):
        move = random_move(state, 0, rnd)
        assert move in set(islice(GAME.legal_moves(state, 0), 5000))
        kinds.add(move.kind)
    assert kinds == {"place", "upgrade", "done"}
