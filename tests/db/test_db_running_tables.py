"""The health line's table count (``Store.running_tables``): running games only, of a process's shards."""

from __future__ import annotations

from db import Store
from tests.db.db_support import ALICE, NewTable

SHARD_0_GUILD = 0 << 22 | 7
SHARD_1_GUILD = 1 << 22 | 7
"""Server ids whose shard of two is 0 and 1: ``(id >> 22) % 2``."""


async def _started(store: Store, new_table: NewTable, channel: int, guild_id: int | None) -> int:
    row = await new_table(channel_id=channel, guild_id=guild_id)
    await store.join(row.id, ALICE, "Alice")
    await store.start(row.id, {"ply": 0})
    return row.id


async def test_running_tables_counts_games_in_play_not_lobbies_nor_ended_ones(
    store: Store, new_table: NewTable
) -> None:
    assert await store.running_tables() == 0
    await new_table(channel_id=500)  # a lobby
    await _started(store, new_table, 501, SHARD_0_GUILD)
    await _started(store, new_table, 502, SHARD_1_GUILD)
    cancelled = await _started(store, new_table, 503, SHARD_1_GUILD)
    await store.cancel(cancelled)
    assert await store.running_tables() == 2


async def test_running_tables_of_some_shards_counts_only_theirs_and_dm_tables_are_shard_0s(
    store: Store, new_table: NewTable
) -> None:
    await _started(store, new_table, 501, SHARD_0_GUILD)
    await _started(store, new_table, 502, SHARD_1_GUILD)
    await _started(store, new_table, 503, SHARD_1_GUILD)
    await _started(store, new_table, 504, None)  # a DM table
    assert await store.running_tables((2, (0,))) == 2
    assert await store.running_tables((2, (1,))) == 2
    assert await store.running_tables((2, (0, 1))) == 4
    assert await store.running_tables() == 4
