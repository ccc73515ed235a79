"""Which of Discord's shards this process connects, and so which tables' timers it fires.

Discord splits a bot's servers into shards: server ``g`` belongs to shard ``(g >> 22) % count``,
and direct messages always arrive on shard 0. A process runs the shards ``SHARD_IDS`` of
``SHARD_COUNT`` (discord.py's ``AutoShardedBot``, which runs one or several shards in one
process); the processes together run every shard once. A table's moves reach only the process
of its server's shard (a DM table's: shard 0's), and so do the server's caches (members, the
table's thread), so that process is also the one that fires the table's reminders and time
limits (:func:`db.clocks.claim`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shards:
    """``ids`` of ``count`` shards (sorted, unique, each below ``count``)."""

    count: int
    ids: tuple[int, ...]

    @property
    def all_here(self) -> bool:
        """Whether this process runs every shard (then it alone serves the bot)."""
        return len(self.ids) == self.count

    @property
    def ids_text(self) -> str:
        return ",".join(map(str, self.ids))

    @property
    def syncs_commands(self) -> bool:
        """Whether this process pushes the slash commands to Discord at start: the one running
        shard 0 does (once per bot, not once per process); the others only read their ids."""
        return 0 in self.ids

    def scope(self) -> Shards | None:
        """The shards whose timers this process fires: ``None`` (every table) if it runs them all."""
        return None if self.all_here else self

    def of_guild(self, guild_id: int | None) -> int:
        """The shard a table's events arrive on: its server's, or 0 for a DM."""
        return 0 if guild_id is None else (guild_id >> 22) % self.count


def parse_shards(count_text: str, ids_text: str) -> Shards | None:
    """``SHARD_COUNT`` and ``SHARD_IDS`` as :class:`Shards` (``None`` when both are unset);
    ``ValueError`` with a one-line message for a value that cannot work."""
    count_text, ids_text = count_text.strip(), ids_text.strip()
    if not count_text:
        if ids_text:
            raise ValueError(
                f"SHARD_IDS={ids_text} needs SHARD_COUNT, the number of shards of all processes."
            )
        return None
    if not count_text.isdigit() or int(count_text) < 1:
        raise ValueError(f"SHARD_COUNT={count_text} must be a whole number of shards, 1 or more.")
    count = int(count_text)
    if not ids_text:
        return Shards(count, tuple(range(count)))
    parts = [p.strip() for p in ids_text.split(",")]
    if not all(p.isdigit() for p in parts):
        raise ValueError(f"SHARD_IDS={ids_text} must be shard numbers separated by commas, such as 0,1.")
    ids = sorted({int(p) for p in parts})
    outside = [i for i in ids if i >= count]
    if outside:
        raise ValueError(
            f"SHARD_IDS={ids_text} names shard {outside[0]}, "
            f"but SHARD_COUNT={count} numbers them 0 to {count - 1}."
        )
    return Shards(count, tuple(ids))
