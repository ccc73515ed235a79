"""Issue 15, section 6: a whole Manhattan Project game for three through the real bot.

Two people and a bot player. The people play every move by its slash command; what they play is
the engine's own bot player's choice, except where the test steers them into what a game must
show: a bomb design drafted round the table, an air strike, and a repair that asks another
player out of turn. On the way the bot restarts, one player lets the time limit pass (the bot
plays the smallest step for them), the other reads Czech, and no bomb card in a hand or in the
draft ever shows in the thread.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from simcord import Env

from bench.acks import private_left
from bot.client import GameBot
from engine.core import Move
from engine.core.game import replay
from engine.manhattan.content import TARGETS, bombs
from engine.manhattan.game import GAME
from engine.manhattan.scoring import total
from tests.bot.manhattan_table import ManhattanTable, play

DAY = 24 * 3600


def steered(state: dict[str, Any], seat: int, done: set[str], people: set[int]) -> Move:
    """The bot player's move, unless a move the test wants to see is legal now. The raid goes to
    a person when it can (the bot player strikes only at a leader near winning), so that a
    person has damage to repair out of turn; the repair is placed once a damaged seat has the $2
    of a first point (else it is not asked), and not by the damaged person itself."""
    legal = list(GAME.legal_moves(state, seat))
    kinds = {m.kind for m in legal}
    damaged = {
        s
        for s, row in enumerate(state["seats"])
        if s != seat and row["money"] >= 2 and any(b["damage"] for b in row["buildings"])
    }
    wanted = []
    if "design" not in done:
        wanted.append(lambda m: m.kind == "place" and m.args[0] == "design")
    if "raid" not in done:
        wanted.append(lambda m: m.kind == "raid" and int(m.args[0]) in people)
        wanted += [lambda m: m.kind == "raid", lambda m: m.kind == "attack"]
        wanted.append(
            lambda m: m.kind == "place" and m.args[0].startswith("strike") and "attack" not in kinds
        )
    if "repair" not in done and damaged:
        wanted.append(lambda m: m.kind == "place" and m.args[0] == "repair")
    if "repair" in kinds:
        wanted.append(lambda m: m.kind == "repair" and m.args != ("none",))
    for test in wanted:
        found = next((m for m in legal if test(m)), None)
        if found is not None:
            return found
    move = GAME.bot_move(state, seat, "normal")
    own_damage = any(b["damage"] for b in state["seats"][seat]["buildings"])
    if "repair" not in done and own_damage and move.kind == "place" and move.args[0] == "repair":
        # A damaged person leaves the repair to the other one, who asks them out of turn.
        return next((m for m in legal if m.kind in ("done", "retrieve")), None) or next(
            m for m in legal if m.kind == "place" and m.args[0] != "repair"
        )
    return move


@pytest.mark.both_backends
async def test_three_players_with_a_bot_play_a_whole_game(
    simcord_env: Env, make_bot: Callable[[], GameBot], user_locales: dict[int, str]
) -> None:
    table = await ManhattanTable.open(simcord_env, players=3, bots=1, seed=7, limit="1d")
    alice, bob = table.people
    user_locales[bob.id] = "cs"
    row = await table.row()
    assert len(row.bots) == 1 and row.status == "active"
    restarted = timed_out = False
    done: set[str] = set()
    repaired_out_of_turn = bob_picked = False
    moves = 0
    for _ in range(4000):
        row = await table.row()
        if row.status != "active":
            break
        state = row.state
        seat = (await table.awaited())[0]
        person = await table.person_at(seat)
        if moves == 80 and not restarted:
            await simcord_env.restart_bot(make_bot())
            restarted = True
        turn_start = state["turn"]["placed"] == 0 and not state["turn"]["acted"] and state["pending"] is None
        if moves >= 120 and not timed_out and person is alice and turn_start:
            logged = len(await table.bot.store.moves(row.id))
            await simcord_env.advance_time(DAY + 60)
            made = await table.bot.store.moves(row.id)
            assert len(made) > logged and made[logged].seat == seat, "the limit played for alice"
            timed_out = True
            continue
        move = steered(state, seat, done, {s for s in range(3) if s not in row.bots})
        if move.kind == "place" and move.args[0] == "design":
            done.add("design")
        if move.kind == "raid":
            done.add("raid")
        if move.kind == "repair" and seat != state["active"]:
            repaired_out_of_turn = True
            done.add("repair")
        logged = await table.bot.store.moves(row.id)
        result = await play(table, person, move.notation)
        made = await table.bot.store.moves(row.id)
        assert made[len(logged)].notation == move.notation, (move.notation, result.response.content)
        moves += 1
        if move.kind == "pick" and person is bob:
            # His own pick is not acknowledged privately (issue 34); his hand shows it, in Czech.
            assert private_left(result) == [], "no private acknowledgement of a pick"
            hand = await bob.slash(table.thread, "manhattan bombs")
            assert hand.ephemeral and "**Máš " in hand.response.content
            assert f"({move.args[0]})" in hand.response.content
            bob_picked = True
    row = await table.row()
    assert row.status != "active", f"the game did not end after {moves} moves"
    assert restarted and timed_out and repaired_out_of_turn and {"design", "raid"} <= done
    state = row.state
    assert state is not None and GAME.outcome(state) is not None
    winner = state["winner"]
    assert winner is not None and total(state, winner) >= TARGETS[3], "someone reached the 60 points"
    log = [(m.seat, m.notation) for m in await table.bot.store.moves(row.id)]
    assert replay(GAME, len(row.seats), row.options, row.seed, log, GAME.content(state)) == state
    # No bomb card that went into a hand shows in a message everyone sees, except while it lay
    # face up in the offer (the rules show the offer to all; who picked it stays secret); each
    # player saw their own picks privately.
    in_hand = {c for seat_row in state["seats"] for c in seat_row["hand"]}
    names = [f"{bombs()[c].name['en']} ({c})" for c in in_hand]
    laid_out = re.compile(r"New bomb designs are laid out: [^\n]*")
    for message in table.thread.history(viewer=table.outsider):
        told = laid_out.sub("", message.content)
        assert not any(name in told for name in names), message.content
    assert bob_picked, "bob's picks reached him in Czech, in his hand"
    assert table.boards()[-1].attachments
