"""A DM holds one open table per game: a RunArch solo game beside another game's table
(inserted through the store: the other game need not exist here), each command acting on the
table of its own game, and the generic commands on the right one or asking which."""

from __future__ import annotations

from typing import Any

from simcord import Env

from db.models import TableRow
from tests.bot.harness import left_nothing

OTHER = "chess"
"""A game this bot does not play (MarsBot, the name used before, is a real game now)."""


async def other_table(env: Env, user: Any) -> TableRow:
    """A running solo table of another game in the user's DM, as that game's cog would open it."""
    store = env.bot.store  # type: ignore[attr-defined]
    row = await store.create_table(
        game=OTHER, guild_id=None, channel_id=user.dm_channel.id, parent_id=None, host_id=user.id,
        host_name=user.name, options={}, locale="en", seed=1, max_seats=1,
    )  # fmt: skip
    return await store.start(row.id, {"round": 1}, awaited=(0,))


async def test_a_runarch_solo_game_opens_beside_another_games_table_and_commands_find_their_own(
    simcord_env: Env,
) -> None:
    store = simcord_env.bot.store  # type: ignore[attr-defined]
    dana = simcord_env.create_user("dana")
    other = await other_table(simcord_env, dana)
    opened = await dana.slash("runarch solo")
    assert not opened.ephemeral, opened.response.content
    runarch = await store.open_table_in(dana.dm_channel.id, "runarch")
    assert runarch is not None and runarch.status == "active"
    assert {t.game for t in await store.open_tables_in(dana.dm_channel.id)} == {"runarch", OTHER}
    again = await dana.slash("runarch solo")
    assert again.ephemeral and "already" in again.response.content, "still one RunArch table per DM"

    board = await dana.slash("runarch board")
    assert not board.ephemeral and board.response.attachments[0].filename == "runarch.png"
    hand = await dana.slash("runarch hand")
    assert hand.ephemeral and "C" in hand.response.content
    choices = await dana.autocomplete("runarch swap", "a", "")
    assert choices, "autocomplete reads the RunArch table, not the newer one of another game"
    moved = await dana.slash("runarch swap", a=choices[0]["value"], b=_neighbour(choices[0]["value"]))
    assert left_nothing(moved)  # a step edits the post and leaves no reply behind
    assert (await store.table(runarch.id)).version == 2
    assert await store.table(other.id) == other, "the other game's table is untouched"


def _neighbour(cell: str) -> str:
    row = int(cell[1:])
    return f"{cell[0]}{row + 1 if row < 5 else row - 1}"


async def test_generic_commands_in_a_dm_with_two_tables(simcord_env: Env) -> None:
    store = simcord_env.bot.store  # type: ignore[attr-defined]
    dana = simcord_env.create_user("dana")
    other = await other_table(simcord_env, dana)
    await dana.slash("runarch solo")
    runarch = await store.open_table_in(dana.dm_channel.id, "runarch")

    games = await dana.slash("games")
    assert games.ephemeral
    assert "RunArch in our DM" in games.response.content and f"{OTHER} in our DM" in games.response.content

    settings = await dana.slash("table settings")
    assert settings.ephemeral and "A solo game has no clock" in settings.response.content

    language = await dana.slash("table language", language="cs")
    assert "Tvoje stoly tady teď mluví česky." in language.response.content
    assert (await store.table(runarch.id)).locale == (await store.table(other.id)).locale == "cs"

    kick = await dana.slash("table kick", player=dana)  # any other generic command asks which
    assert (
        kick.ephemeral and f"Several of your tables are open here (RunArch, {OTHER})" in kick.response.content
    )

    asked = await dana.slash("table abandon")
    assert asked.ephemeral and "Which table do you want to abandon?" in asked.response.content
    buttons = {c["label"] for row in asked.response.components for c in row.get("components", [])}
    assert buttons == {"Abandon RunArch", f"Abandon {OTHER}", "Keep playing"}
    await dana.click(asked.response.message, label="Abandon RunArch")
    assert (await store.table(runarch.id)).status == "cancelled"
    assert (await store.table(other.id)).status == "active", "only the chosen table was abandoned"
    left = await dana.slash("runarch board")
    assert left.ephemeral, "RunArch has no table here any more"
    single = await dana.slash("table abandon")  # one table left: the usual question
    assert "Abandon this table?" in single.response.content
