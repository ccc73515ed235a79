"""Issue 24, section 4: the post that pings a player back opens with what the others did since.

Three people play The Manhattan Project through the real bot. When the game comes back to the
first player, their turn's post begins with "Since your last turn" and one line per other seat
(the buildings each bought, in the game's words); ``/table settings digest:off`` removes it, and
a Czech table says it in Czech.
"""

from __future__ import annotations

from typing import Any

import pytest
import simcord.interactions as sim_interactions
from simcord import Env

from engine.core import Move
from engine.manhattan.game import GAME
from tests.bot.harness import moved
from tests.bot.manhattan_table import ManhattanTable, play


def builds_first(state: dict[str, Any], seat: int) -> Move:
    """The bot player's move, but a building from the market whenever one can be bought."""
    legal = list(GAME.legal_moves(state, seat))
    return next((m for m in legal if m.kind == "place" and m.args[0] == "build"), None) or GAME.bot_move(
        state, seat, "normal"
    )


async def round_back_to_first(table: ManhattanTable) -> tuple[Any, list[str]]:
    """Everyone plays until the first player to act is awaited again after the other two have
    played; returns that player and the names of the others."""
    row = await table.row()
    first_seat = (await table.awaited())[0]
    first = await table.person_at(first_seat)
    others_moved: set[int] = set()
    for _ in range(60):
        row = await table.row()
        assert row.state is not None and row.status == "active"
        seat = (await table.awaited())[0]
        if seat == first_seat and len(others_moved) == 2:
            break
        if seat != first_seat:
            others_moved.add(seat)
        person = await table.person_at(seat)
        move = builds_first(row.state, seat)
        result = await play(table, person, move.notation)
        assert moved(result), result.response.content
    else:
        raise AssertionError("the game never came back to the first player")
    others = [p.user.name for p in table.people if p.id != first.id]
    return first, others


def digest_of(post: str) -> list[str]:
    """The lines of a post from its digest's title up to the first line that is not the digest's."""
    lines = post.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("🕑"))
    return [lines[start], *(line for line in lines[start + 1 :] if line.startswith("• "))]


async def test_a_returning_player_sees_one_line_per_other_seat(simcord_env: Env) -> None:
    table = await ManhattanTable.open(simcord_env, players=3, seed=7)
    first, others = await round_back_to_first(table)
    post = table.thread.history()[-1]
    assert first.mention in post.content and post.attachments
    assert post.content.startswith(f"🕑 Since your last turn, {first.user.name}:"), post.content
    _, *lines = digest_of(post.content)
    assert len(lines) == 2, post.content
    for name, line in zip(sorted(others), sorted(lines), strict=True):
        assert line.startswith(f"• **{name}**: built "), line
    assert not any(first.user.name in line for line in lines)  # nothing about the reader's own turn


async def test_digest_off_removes_it_and_on_brings_it_back(simcord_env: Env) -> None:
    table = await ManhattanTable.open(simcord_env, players=3, seed=7)
    host = table.people[0]
    refused = await table.people[1].slash(table.thread, "table settings", digest="off")
    assert refused.ephemeral and "Only the host" in refused.response.content
    changed = await host.slash(table.thread, "table settings", digest="off")
    assert not changed.ephemeral and "turned off the summary" in changed.response.content
    shown = await table.people[1].slash(table.thread, "table settings")
    assert "no summary of the others' turns" in shown.response.content
    first, _ = await round_back_to_first(table)
    post = table.thread.history()[-1]
    assert first.mention in post.content and "🕑" not in post.content and "• **" not in post.content
    assert not (await table.row()).digest


async def test_a_czech_table_says_it_in_czech(simcord_env: Env) -> None:
    table = await ManhattanTable.open(simcord_env, players=3, seed=7)
    await table.people[0].slash(table.thread, "table language", language="cs")
    first, others = await round_back_to_first(table)
    post = table.thread.history()[-1].content
    assert post.startswith(f"🕑 {first.user.name}, od tvého minulého tahu:"), post
    _, *lines = digest_of(post)
    assert len(lines) == 2 and all("postaveno: " in line for line in lines), post
    assert {line.split("**")[1] for line in lines} == set(others)


async def test_a_forged_digest_value_is_refused_and_changes_nothing(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch, user_locales: dict[int, str]
) -> None:
    """Discord offers only "on" and "off", but an interaction can carry any text: the host is told
    to choose from the list, in their language, and the digest stays as it was."""
    original = sim_interactions.validate_option_value

    def forged(command: str, option: dict[str, Any], value: Any) -> Any:
        if option.get("name") in ("digest", "prehled"):
            return value  # what a hand-made interaction sends, past Discord's own check
        return original(command, option, value)

    monkeypatch.setattr(sim_interactions, "validate_option_value", forged)
    table = await ManhattanTable.open(simcord_env, players=3, seed=7)
    host = table.people[0]
    before = len(table.thread.history())
    for value in ("maybe", "OFF", "", "off "):
        refused = await host.slash(table.thread, "table settings", digest=value)
        assert refused.ephemeral, refused.response.content
        answer = refused.response.content
        assert "“on” or “off”" in answer and "Nothing was changed" in answer
        assert (await table.row()).digest, f"{value!r} turned the digest off"
    with_clock = await host.slash(table.thread, "table settings", digest="nope", reminder="6h")
    assert with_clock.ephemeral and "“on” or “off”" in with_clock.response.content
    user_locales[host.id] = "cs"
    czech = await host.slash(table.thread, "table settings", digest="ne")
    assert czech.ephemeral and "„zapnout“, nebo „vypnout“" in czech.response.content
    assert (await table.row()).digest and len(table.thread.history()) == before
    turned = await host.slash(table.thread, "table settings", digest="off")
    assert not turned.ephemeral and not (await table.row()).digest
