"""A time limit the bot fails to act on (Discord unreachable for a moment) shows its real instant
meanwhile, is tried again at the next minute's check, and fires once.

The bot holds a due item with a lease beside the seat's clock (``db.clocks.claim``); the clock a
player reads (``/games``, the board) is never the lease's end, and a failed action hands the
item back at once instead of keeping it for the lease's five minutes."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest
from simcord import Env

from bot.board_post import discord_time
from tests.bot.harness import Table

H = 3600
DAY = 24 * H


def timeouts(table: Table) -> list[str]:
    return [m.content for m in table.thread.history() if "ran out of time" in m.content]


def unreachable(env: Env, monkeypatch: pytest.MonkeyPatch, path: str, times: int = 1) -> list[str]:
    """Make the next ``times`` GET calls on ``path`` (a route's prefix) fail as a dropped
    connection to Discord does: not an HTTP error, which the bot handles where it asks, but an
    ``aiohttp`` error. Returns the list of the calls that failed."""
    http = env.bot.http  # type: ignore[attr-defined]
    real = http.request
    failed: list[str] = []

    async def request(route: Any, **kwargs: Any) -> Any:
        if len(failed) < times and route.method == "GET" and route.path.startswith(path):
            failed.append(route.url)
            raise aiohttp.ClientConnectionError("Connection reset by peer (injected by the test)")
        return await real(route, **kwargs)

    monkeypatch.setattr(http, "request", request)
    return failed


async def _at_the_limit(env: Env) -> tuple[Table, Any, str]:
    """A table a second before its first player's limit; that player and the limit as shown."""
    table = await Table.open(env)
    late = await table.to_act()
    row = await table.row()
    deadline = row.seats[row.seat_of(late.id) or 0].deadline
    assert deadline is not None
    await env.advance_time(deadline - 1 - env.now().timestamp())
    return table, late, f"time limit {discord_time(deadline)}"


async def test_a_time_limit_whose_action_fails_shows_the_real_limit_and_fires_once_a_minute_later(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, late, shown = await _at_the_limit(simcord_env)
    assert timeouts(table) == [] and shown in (await late.slash(table.thread, "games")).response.content
    failed = unreachable(simcord_env, monkeypatch, "/guilds/{guild_id}/members/")
    await simcord_env.advance_time(60)  # the check after the limit: is the player still here?
    assert failed, "the bot asked Discord whether the late player is still on the server"
    assert timeouts(table) == []  # the action failed: nothing was done
    games = (await late.slash(table.thread, "games")).response.content
    assert shown in games, "the real limit is shown, not the end of the bot's hold on it"
    await simcord_env.advance_time(60)  # Discord is back: the next minute's check acts
    (notice,) = timeouts(table)
    assert "minimal turn" in notice
    await simcord_env.advance_time(10 * 60)
    assert len(timeouts(table)) == 1, "once"


async def test_a_time_limit_that_keeps_failing_is_tried_again_only_when_the_bots_hold_ends(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One quick retry for a passing failure, then one try per hold (5 minutes): a lasting outage
    does not make the bot hammer Discord (and its log) every minute; the limit still fires once."""
    table, late, shown = await _at_the_limit(simcord_env)
    failed = unreachable(simcord_env, monkeypatch, "/guilds/{guild_id}/members/", times=3)
    await simcord_env.advance_time(60)
    assert len(failed) == 1
    await simcord_env.advance_time(60)  # the quick retry fails too
    assert len(failed) == 2 and timeouts(table) == []
    await simcord_env.advance_time(4 * 60)
    assert len(failed) == 2, "no try while the bot's hold lasts"
    assert shown in (await late.slash(table.thread, "games")).response.content
    await simcord_env.advance_time(60)  # the hold ended: tried again, fails a third time
    assert len(failed) == 3 and timeouts(table) == []
    await simcord_env.advance_time(60)  # still failing: no quick retry this time
    assert len(failed) == 3 and timeouts(table) == []
    await simcord_env.advance_time(5 * 60)
    assert len(timeouts(table)) == 1
    await simcord_env.advance_time(10 * 60)
    assert len(timeouts(table)) == 1, "once"
