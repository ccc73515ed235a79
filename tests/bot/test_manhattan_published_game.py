"""A 5-player game of the published cards (content version 2) through the real bot, in Czech:
three people play every move by its slash command (the engine's bot player's choice), two bot
players play themselves; the game ends at the winning score and replays from its log."""

from __future__ import annotations

from simcord import Env

from engine.core.game import replay
from engine.manhattan.content import TARGETS
from engine.manhattan.game import GAME
from engine.manhattan.scoring import total
from tests.bot.manhattan_table import ManhattanTable, play

V2 = {"buildings": 2, "bombs": 2, "spaces": 2, "market": 2}


async def test_five_players_play_the_published_cards_to_the_end_in_czech(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await ManhattanTable.open(simcord_env, players=5, bots=2, seed=3)
    for person in table.people:
        user_locales[person.id] = "cs"
    await table.people[0].slash(table.thread, "table language", language="cs")
    assert (await table.state())["content"] == V2
    moves = 0
    for _ in range(3000):
        row = await table.row()
        if row.status != "active":
            break
        state = row.state
        assert state is not None
        seat = (await table.awaited())[0]
        person = await table.person_at(seat)
        move = GAME.bot_move(state, seat, "normal")
        logged = len(await table.bot.store.moves(row.id))
        result = await play(table, person, move.notation)
        made = await table.bot.store.moves(row.id)
        assert made[logged].notation == move.notation, (move.notation, result.response.content)
        moves += 1
    row = await table.row()
    state = row.state
    assert row.status != "active" and state is not None, f"the game did not end after {moves} moves"
    assert state["content"] == V2
    winner = state["winner"]
    assert winner is not None and total(state, winner) >= TARGETS[5]
    log = [(m.seat, m.notation) for m in await table.bot.store.moves(row.id)]
    assert replay(GAME, len(row.seats), row.options, row.seed, log, GAME.content(state)) == state
    last = table.boards()[-1]
    assert last.attachments and "Konec hry" in last.content and f"{total(state, winner)} bodů" in last.content
    assert not any(" points" in board.content for board in table.boards()), "an English post"
