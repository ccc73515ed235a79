"""Two people play the complex RunArch game through the real bot; nothing private goes public."""

from __future__ import annotations

from typing import Any

from simcord import Env

from engine.runarch import GAME
from tests.bot.harness import Table, greedy_any_move, leaked_ids, moved, play_by_command

MAX_ACTIONS = 2500


async def choose_setup_by_picker(table: Table, player: Any, choice: list[str] | None = None) -> None:
    """Open the private setup picker from the board and choose the public goal, then the secret."""
    state = await table.state()
    seat = (await table.row()).seat_of(player.id)
    assert seat is not None
    cards = [c["id"] for c in GAME.view(state, seat)["setup_hand"]]
    shown = await player.click(table.last_board(), label="Choose goals")
    assert shown.ephemeral
    assert all(card in shown.response.content for card in cards), "the private message lists the 4 cards"
    choice = choice or cards[:2]
    await player.select(shown.response.message, choice[:1])
    await player.select(shown.response.message, [choice[1]])


async def play_by_button(table: Table, player: Any, notation: str) -> bool:
    """Bets, offer cards and jumps through the board's buttons and private pickers; False if the
    move has no button route."""
    kind, *args = notation.split()
    labels = {"bet": "Place bet", "take": "Take from offer", "jump": "Jump over one"}
    if kind not in labels:
        return False
    shown = await player.click(table.last_board(), label=labels[kind])
    assert shown.ephemeral, shown.response.content
    if kind == "bet":
        await player.select(shown.response.message, [notation])
    elif kind == "take":
        await player.select(shown.response.message, [args[0]])
    else:
        await player.select(shown.response.message, [args[0]])
        await player.select(shown.response.message, [args[1]])
    return True


async def test_setup_is_simultaneous_and_private(simcord_env: Env) -> None:
    table = await Table.open(simcord_env, variant="complex")
    board = table.last_board()
    assert table.alice.mention in board.content and table.bob.mention in board.content
    before = len(table.thread.history())
    await choose_setup_by_picker(table, table.alice)
    state = await table.state()
    assert GAME.to_act(state) == [(await table.row()).seat_of(table.bob.id)]
    # Nobody new is awaited: the choice is announced in the same board post, edited.
    assert len(table.thread.history()) == before
    assert "**alice** has made the opening choice in secret" in table.last_board().content
    secret = "the first choice stays secret until both have chosen"
    assert not leaked_ids(table.thread.history(), state), secret

    again = await table.alice.slash(table.thread, "runarch setup", goal="C01", secret="C03")
    assert again.ephemeral and "already" in again.response.content

    bob_seat = (await table.row()).seat_of(table.bob.id)
    assert bob_seat is not None
    bob_cards = [c["id"] for c in GAME.view(state, bob_seat)["setup_hand"]]
    result = await play_by_command(table.bob, table.thread, f"setup {bob_cards[3]} {bob_cards[0]}")
    assert moved(result), result.response.content
    state = await table.state()
    goals = GAME.view(state, None)["goals"]
    assert len(goals) == 2  # one public goal from each player
    shown = result.response.content if result.response is not None else ""
    assert all(g["id"] in shown or g["id"] in table.last_board().content for g in goals)

    # The post edited by a choice carries the buttons of the new board; a post left behind by a
    # new turn loses its setup buttons.
    assert "Choose goals" not in labels(table.last_board())
    assert not [m for m in table.thread.history() if "Choose goals" in labels(m)]


def labels(message: Any) -> list[str]:
    """The labels of a message's buttons."""
    return [getattr(item, "label", None) or "" for row in message.components for item in row.children]


async def test_complex_refusals_change_nothing(simcord_env: Env) -> None:
    table = await Table.open(simcord_env, variant="complex")
    for player in (table.alice, table.bob):
        seat = (await table.row()).seat_of(player.id)
        assert seat is not None
        state = await table.state()
        await play_by_command(player, table.thread, greedy_any_move(state, seat))
    snapshot = await table.snapshot()
    player = await table.to_act()
    for name, options, expected in (
        ("runarch jump", {"a": "A1", "b": "C3"}, "jump"),
        ("runarch bet", {"place": "left 3"}, "bet"),
        ("runarch draw", {}, "draw"),
    ):
        result = await player.slash(table.thread, name, **options)
        assert result.ephemeral, f"{name} was not refused"
        assert expected in result.response.content.lower() or result.response.content
    assert await table.snapshot() == snapshot


async def test_two_members_play_a_complete_complex_game(simcord_env: Env) -> None:
    """Seed 2: the test players earn tokens, jump, bet, draw and take from the offer on the way,
    and the game ends in the round of a 10th filed card."""
    table = await Table.open(simcord_env, seed=2, variant="complex")
    kinds_played: set[str] = set()
    for _ in range(MAX_ACTIONS):
        state = await table.state()
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        player = await table.player(seat)
        notation = greedy_any_move(state, seat)
        version = (await table.row()).version
        kind = notation.split()[0]
        if kind == "setup" and seat == 0:
            await choose_setup_by_picker(table, player, notation.split()[1:])
        elif kind in kinds_played and await play_by_button(table, player, notation):
            pass  # the second and later bets, offer cards and jumps go through the pickers
        else:
            result = await play_by_command(player, table.thread, notation)
            assert moved(result), f"{notation}: {result.response.content}"
        kinds_played.add(kind)
        assert (await table.row()).version == version + 1, f"{notation} was not applied once"
        leaks = leaked_ids(table.thread.history(), await table.state())  # edited posts too
        assert not leaks, f"after {notation}: hidden cards in public messages {leaks}"
    row = await table.row()
    assert row.status == "finished"
    assert {"setup", "swap", "jump", "score", "bet", "draw", "take", "end"} <= kinds_played
    assert row.state == await table.replayed()
    assert any("filed a 10th card" in m.content for m in table.thread.history())
    final = table.last_board().content
    outcome = GAME.outcome(row.state or {})
    assert outcome is not None
    for seat in range(2):
        breakdown = outcome.details["breakdown"][seat]
        assert f"{breakdown['total']}" in final
    results = await table.bot.store.results(row.id)
    assert sorted(r.place for r in results) == sorted(outcome.places)


async def test_the_hand_shows_the_secret_goal_only_to_its_owner(simcord_env: Env) -> None:
    table = await Table.open(simcord_env, variant="complex")
    for player in (table.alice, table.bob):
        seat = (await table.row()).seat_of(player.id)
        assert seat is not None
        await play_by_command(player, table.thread, greedy_any_move(await table.state(), seat))
    state = await table.state()
    for player in (table.alice, table.bob):
        seat = (await table.row()).seat_of(player.id)
        assert seat is not None
        shown = await player.slash(table.thread, "runarch hand")
        assert shown.ephemeral
        assert state["secret"][seat] in shown.response.content
        assert "secret goal" in shown.response.content
        assert all(card in shown.response.content for card in state["hands"][seat])
    assert not leaked_ids(table.thread.history(), state)


async def test_a_score_without_an_archive_asks_where_to_file_the_card(simcord_env: Env) -> None:
    table = await Table.open(simcord_env, seed=2, variant="complex")
    for _ in range(20):
        state = await table.state()
        seat = GAME.to_act(state)[0]
        notation = greedy_any_move(state, seat)
        if notation.startswith("score"):
            break
        await play_by_command(await table.player(seat), table.thread, notation)
    _, card, line, archive = notation.split()
    assert not any((await table.state())["archives"][seat].values()), "empty archives take any card"
    player = await table.player(seat)
    snapshot = await table.snapshot()
    asked = await player.slash(table.thread, "runarch score", card=card, line=line)
    assert asked.ephemeral
    assert "left archive, middle archive, right archive" in asked.response.content
    assert await table.snapshot() == snapshot
    filed = await player.slash(table.thread, "runarch score", card=card, line=line, archive=archive)
    assert moved(filed) and f"filed it in the {archive} archive" in table.last_board().content
