"""Issue 34 in The Manhattan Project: a placement in one select (the whole move, best first), the
own gained worker by default with the contractor beside it, the same moves stored as the long
way, undone as one step, and no private acknowledgement left behind (the whole measure over a
game: ``python -m bench.manhattan_taps``)."""

from __future__ import annotations

from typing import Any

from simcord import Env

from bench.acks import private_left
from bench.manhattan_taps import tap_move
from engine.manhattan.game import GAME
from tests.bot.harness import left_nothing
from tests.bot.manhattan_table import ManhattanTable
from tests.bot.test_manhattan_discord import components, message_of, mover, turn

OPENING = (("place build L 1", "work U01 L", "done"), ("place build L 3", "work U02 L", "done"))
"""Seed 6, two seats: afterwards the first seat has 47 placements (more than a select holds) and
two universities whose gained worker may be its own or a contractor."""


async def opened(env: Env) -> ManhattanTable:
    table = await ManhattanTable.open(env, players=2, seed=6)
    for notations in OPENING:
        await turn(table, *notations)
    return table


def select_of(response: Any) -> dict[str, Any]:
    return next(c for c in components(response) if "options" in c)


async def stored(table: ManhattanTable) -> list[tuple[int, str]]:
    return [(m.seat, m.notation) for m in await table.bot.store.moves(table.table_id)]


async def test_the_bots_placement_is_one_select_and_stores_what_the_steps_store(simcord_env: Env) -> None:
    """Main board, then the first option: the move the bot would make. The long way (space,
    workers, what) stores the very same engine moves, in the same order, to the same state."""
    quick, slow = await opened(simcord_env), await opened(simcord_env)
    seat, me = await mover(quick)
    state = await quick.state()
    advice = GAME.bot_move(state, seat, "normal")
    asked = await me.click(quick.boards()[-1], label="Main board")
    first = select_of(asked.response)["options"][0]
    assert first["value"] == f"={advice.notation}", "the bot's choice comes first"
    assert len(select_of(asked.response)["options"]) <= 25
    played = await me.select(message_of(asked.response), [first["value"]])
    assert private_left(played) == [], "no private acknowledgement of the move"
    _, other = await mover(slow)
    taps = await tap_move(slow, other, advice, whole=False)
    assert taps >= 3, "the long way: Main board, the space, then the rest"
    assert await stored(quick) == await stored(slow)
    assert await quick.state() == await slow.state()
    assert left_nothing(await me.slash(quick.thread, "undo"))
    assert "took back" in quick.boards()[-1].content
    assert await quick.state() == state, "one undo takes the whole move back"
    assert await stored(quick) == (await stored(slow))[:-1]


async def test_a_building_is_used_in_one_select_too(simcord_env: Env) -> None:
    table = await ManhattanTable.open(simcord_env, players=2, seed=6)
    seat, me = await mover(table)
    await turn(table, "place build L 1")
    state = await table.state()
    legal = [m.notation for m in GAME.legal_moves(state, seat) if m.kind == "work"]
    taps = await tap_move(table, me, GAME.parse_move(legal[0]))
    assert taps == 2 and (await stored(table))[-1] == (seat, legal[0])


async def test_the_own_gained_worker_is_the_default_and_the_contractor_sits_beside_it(
    simcord_env: Env,
) -> None:
    """A university with both kinds at hand: choosing the workers takes the seat's own engineer at
    once; the contractor is the option just below, one tap too (no step of its own any more)."""
    own, hired = await opened(simcord_env), await opened(simcord_env)
    seat, _ = await mover(own)
    before = (await own.state())["seats"][seat]
    for table, value, notation in ((own, "L", "place uni2 L"), (hired, "L|c1", "place uni2 L c1")):
        _, person = await mover(table)
        asked = await person.click(table.boards()[-1], label="Main board")
        assert "uni2" in [o["value"] for o in select_of(asked.response)["options"]], "the space step stays"
        step = await person.select(message_of(asked.response), ["uni2"])
        offered = [(o["value"], o.get("description")) for o in select_of(step.response)["options"]]
        at = offered.index(("L", "1 engineer"))
        assert offered[at + 1] == ("L|c1", "1 contractor engineer")
        await person.select(message_of(step.response), [value])
        assert (await stored(table))[-1] == (seat, notation)
    row, other = (await own.state())["seats"][seat], (await hired.state())["seats"][seat]
    assert row["home"]["E"] == before["home"]["E"] + 1 and row["contract"]["E"] == before["contract"]["E"]
    assert other["contract"]["E"] == before["contract"]["E"] + 1 and other["home"]["E"] == before["home"]["E"]


async def test_a_draft_pick_leaves_no_private_acknowledgement(simcord_env: Env) -> None:
    """The card picked was on the picker just used: no "You keep …" line after it; the hand
    (My bombs) has it."""
    table = await ManhattanTable.open(simcord_env, players=3, seed=6)
    for notations in (
        ("place uni2 L", "done"),
        ("place mine2 L", "done"),
        ("place mine1 L", "done"),
        ("place uni3 L", "done"),
        ("place factory2 L", "done"),
        ("place air1 L", "done"),
        ("place design E+S",),
    ):
        await turn(table, *notations)
    for _ in range(3):
        seat, person = await mover(table)
        asked = await person.click(table.boards()[-1], label="Pick a bomb")
        picker = asked.followups[-1]
        card = select_of(picker)["options"][0]["value"]
        picked = await person.select(message_of(picker), [card])
        assert private_left(picked) == [], "no private acknowledgement of the pick"
        assert card.split()[1] in GAME.view(await table.state(), seat)["hand"]
