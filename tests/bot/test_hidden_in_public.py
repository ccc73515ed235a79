"""Hidden information never reaches a reader it is hidden from, not even in the parts of a message
the Discord client does not draw. Whole games are played (several seeds, with and without bot
players; some steps taken back with /undo and played again; now and then every onlooker clicks
every button of the board), and after each move every version of every message the bot sent, and
what each board picture is drawn from, is read for the hands of the seats that are not its
reader, the next cards of the decks, the generator and the seed. Ephemeral messages and DMs to a
hand's owner may name that hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from simcord import Env

from engine.core import Move, Rng
from engine.manhattan.randomplay import random_move as manhattan_random
from engine.moonriser.randomplay import random_move as moonriser_random
from tests.bot.four_games import GameSide, open_game
from tests.bot.hidden_scan import Watch, leaks, on_show, secrets
from tests.bot.marsbot_table import MarsBotTable, components

MOVES = 1000
"""Enough for a whole game of each (Moonriser's bot players end one in 300 to 470 moves)."""


async def onlookers_click(side: GameSide) -> int:
    """Every person not awaited clicks every button of the newest board: what each is answered
    privately (a hand, a picker, a refusal) must hold no other seat's hand, and change nothing."""
    row = await side.row()
    awaited = {row.user_at(s) for s in side.game.to_act(row.state or {})}
    board = side.posts()[-1]
    buttons = [c["custom_id"] for c in components(board) if c.get("type") == 2 and "custom_id" in c]
    clicks = 0
    for person in side.people:
        if person.id in awaited:
            continue
        for custom_id in buttons:
            await person.click(board, custom_id=custom_id)
            clicks += 1
    assert (await side.row()).version == row.version, "an onlooker's click changed the game"
    return clicks


async def users_of(side: GameSide) -> dict[int, int]:
    row = await side.row()
    return {s: user for s in range(len(row.seats)) if (user := row.user_at(s)) is not None}


def public_text(game: str, *states: dict[str, Any]) -> set[str]:
    """What is face up before and after a move is no leak (a tile type also on the board, a card
    that was face up when the move began)."""
    return set().union(*(on_show(game, state) for state in states))


RANDOM: dict[str, Callable[[dict[str, Any], int, Rng], Move]] = {
    "manhattan": manhattan_random,
    "moonriser": moonriser_random,
}
"""Random legal players, to reach moves the bot players do not make (Moonriser's sells, discards,
swaps and big plans whose keeps, of many tiles, the keep picker offers in whole names)."""


@pytest.mark.parametrize(
    ("name", "seed", "options", "mixed"),
    [
        ("moonriser", 4, {"players": 3}, False),  # a 1:2 trade paid with 2 hand tiles from move 214
        ("moonriser", 2, {"players": 4}, False),  # and from move 162
        ("moonriser", 5, {"players": 3, "bots": 1}, False),
        ("moonriser", 4, {"players": 3}, True),  # keeps of 10 of 30 and more, sells, discards
        ("manhattan", 1, {"players": 3}, False),
        ("manhattan", 4, {"players": 4}, False),
        ("manhattan", 2, {"players": 3, "bots": 2}, False),
        ("manhattan", 3, {"players": 3}, True),
        ("runarch", 2, {"variant": "complex"}, False),
        ("runarch", 5, {}, False),
    ],
)
async def test_no_public_message_names_a_hand_or_the_decks_next_cards(
    simcord_env: Env,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    seed: int,
    options: dict[str, Any],
    mixed: bool,
) -> None:
    """One move in three is a random player's where ``mixed``, the rest the bot player's."""
    rng = Rng(seed)
    watch = Watch(simcord_env)
    watch.pictures(monkeypatch)
    side = await open_game(simcord_env, name, seed=seed, **options)
    row = await side.row()
    users = await users_of(side)
    before = await side.state()
    found = leaks(watch.take(), secrets(name, before, row.seed), users, public_text(name, before))
    assert not found, f"{name} seed {seed}, the deal: {found[:3]}"
    moves = read = undone = clicks = 0

    def checked(was: dict[str, Any], now: dict[str, Any], what: str) -> None:
        nonlocal read
        sent = watch.take()
        read += len(sent)
        found = leaks(sent, secrets(name, now, row.seed), users, public_text(name, was, now))
        assert not found, f"{name} seed {seed}, move {moves} {what}: {found[:3]}"

    for moves in range(MOVES):
        if side.game.outcome(before) is not None:
            break
        person, seat = await side.awaited()
        if mixed and rng.below(3) == 0:
            move = RANDOM[name](before, seat, rng)
        else:
            move = side.game.bot_move(before, seat, "normal")
        await side.play(person, move.notation)
        after = await side.state()
        checked(before, after, move.notation)
        if moves % 15 == 7:
            clicks += await onlookers_click(side)
            checked(after, after, f"onlookers' clicks after {move.notation}")
        if moves % 3 == 0 and side.game.can_undo(before, seat, move, after):
            await side.undo(person)  # the undo post names what was taken back: its public words
            taken_back = await side.state()
            assert taken_back == before, f"/undo of {move.notation}"
            checked(after, taken_back, f"undo of {move.notation}")
            await side.play(person, move.notation)
            after = await side.state()
            checked(before, after, f"{move.notation} again")
            undone += 1
        before = after
    assert side.game.outcome(before) is not None, f"{name} seed {seed}: not over after {moves} moves"
    assert read >= moves > 20, "every move posts or edits a board, and each version was read"
    assert undone > 3, "steps were taken back and played again"
    assert clicks > 10 or len(side.people) == 1, "onlookers clicked the boards' buttons"


@pytest.mark.parametrize("seed", [3, 8])
async def test_marsbots_hidden_bonus_cards_never_reach_the_person(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """Solo in a DM: the person reads everything but which bonus card lies in MarsBot's action
    deck, which comes next, and the generator."""
    watch = Watch(simcord_env)
    watch.pictures(monkeypatch)
    table = await MarsBotTable.open(simcord_env, seed=seed)
    await table.start(corporation="random", venus=True)
    before = await table.state()
    found = leaks(watch.take(), secrets("marsbot", before, seed), {}, public_text("marsbot", before))
    assert not found, f"seed {seed}, the set-up: {found[:3]}"
    moves = read = 0
    for moves in range(MOVES):
        row = await table.row()
        if row.status != "active":
            break
        notation = table.next_move(before)
        await table.play(notation)
        after = await table.state()
        sent = watch.take()
        read += len(sent)
        found = leaks(sent, secrets("marsbot", after, seed), {}, public_text("marsbot", before, after))
        assert not found, f"seed {seed}, move {moves} {notation}: {found[:3]}"
        before = after
    assert (await table.row()).status == "finished"
    assert read >= moves > 20, "every report is answered, and each version was read"
