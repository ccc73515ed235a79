"""Shard and pool settings: a value that cannot work stops ``python -m bot`` with one line and
status 2 before anything connects; good ones give the bot its shards and the store its pool."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import create_bot
from bot.__main__ import main
from bot.client import GameBot, ShardedGameBot
from bot.config import Config
from bot.sharding import Shards, parse_shards

SETTINGS = (
    "DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS", "DATABASE_POOL_SIZE",
)  # fmt: skip
PG = "postgresql://bot@127.0.0.1:1/games"


@pytest.fixture
def environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """A token and a SQLite path, no other setting; no .env in the working directory."""
    monkeypatch.chdir(tmp_path)
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "MTIz.fake.token")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "bot.sqlite3"))
    return monkeypatch


@pytest.mark.parametrize(
    ("settings", "says"),
    [
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "names shard 2, but SHARD_COUNT=2 numbers them 0 to 1."),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT=two must be a whole number of shards, 1 or more."),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT=0 must be a whole number of shards, 1 or more."),
        ({"SHARD_IDS": "0"}, "SHARD_IDS=0 needs SHARD_COUNT, the number of shards of all processes."),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0;1"}, "SHARD_IDS=0;1 must be shard numbers separated by commas"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0"}, "set DATABASE_URL to a PostgreSQL database"),
        ({"DATABASE_POOL_SIZE": "0"}, "DATABASE_POOL_SIZE=0 must be a whole number of connections"),
    ],
)
def test_a_setting_that_cannot_work_is_one_line_and_status_2(
    environment: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], settings: dict[str, str], says: str
) -> None:
    for name, value in settings.items():
        environment.setenv(name, value)
    assert main() == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and says in lines[0], lines


def test_several_processes_on_sqlite_are_refused_and_the_message_says_why(
    environment: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    environment.setenv("SHARD_COUNT", "2")
    environment.setenv("SHARD_IDS", "1")
    assert main() == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == (
        "SHARD_IDS=1 runs only some of SHARD_COUNT=2 shards: the other processes must share this "
        "database, so set DATABASE_URL to a PostgreSQL database (a SQLite file serves one process)."
    )


def test_every_shard_in_one_process_may_use_sqlite(environment: pytest.MonkeyPatch) -> None:
    environment.setenv("SHARD_COUNT", "2")
    config = Config.from_env()
    assert config.startup_problem is None
    assert config.shards == Shards(2, (0, 1)) and config.shards.scope() is None  # fires every table


def test_a_process_of_some_shards_on_postgresql_gets_its_shards_and_pool(
    environment: pytest.MonkeyPatch,
) -> None:
    environment.setenv("DATABASE_URL", PG)
    environment.setenv("SHARD_COUNT", "4")
    environment.setenv("SHARD_IDS", " 3, 1 ")
    environment.setenv("DATABASE_POOL_SIZE", "5")
    config = Config.from_env()
    assert config.startup_problem is None
    assert config.shards == Shards(4, (1, 3)) and config.database_pool_size == 5
    bot = create_bot(config)
    assert isinstance(bot, ShardedGameBot)
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])
    assert bot.scheduler.shards == (4, (1, 3))  # only its own shards' timers
    assert bot.store._pool_size == 5


def test_without_shard_settings_the_bot_is_one_unsharded_process(environment: pytest.MonkeyPatch) -> None:
    config = Config.from_env()
    assert config.shards is None and config.startup_problem is None
    bot = create_bot(config)
    assert type(bot) is GameBot and bot.scheduler.shards is None


def test_a_table_belongs_to_the_shard_of_its_server_and_a_dm_table_to_shard_0() -> None:
    shards = parse_shards("3", "")
    assert shards is not None and shards.all_here
    assert shards.of_guild(None) == 0
    assert [shards.of_guild(n << 22) for n in range(4)] == [0, 1, 2, 0]
    assert shards.of_guild(81384788765712384) == (81384788765712384 >> 22) % 3  # Discord's formula


@pytest.mark.parametrize(("ids", "pushes"), [((0,), True), ((1,), False)])
async def test_only_the_process_running_shard_0_pushes_the_slash_commands(
    tmp_path: Path, ids: tuple[int, ...], pushes: bool
) -> None:
    """N processes of one bot push the commands once (Discord rate-limits the push), and every
    process still learns their ids, which posts use to mention a command."""
    import simcord

    from bot.client import COMMANDS

    bot = create_bot(Config(token=None, database_path=str(tmp_path / "bot.sqlite3"), shards=Shards(2, ids)))
    bot.freeze_heap = False
    calls: list[str] = []
    sync, fetch = bot.tree.sync, bot.tree.fetch_commands

    async def spy_sync(**kwargs: object) -> object:
        calls.append("sync")
        return await sync(**kwargs)  # type: ignore[arg-type]

    fetched: list[object] = []

    async def spy_fetch(**kwargs: object) -> object:
        calls.append("fetch")
        known = await fetch(**kwargs)  # type: ignore[arg-type]
        fetched.extend(known)
        return known

    bot.tree.sync, bot.tree.fetch_commands = spy_sync, spy_fetch  # type: ignore[method-assign]
    COMMANDS.ids = {}
    try:
        async with simcord.run(bot):
            assert calls == (["sync"] if pushes else ["fetch"])
            if not pushes:  # the ids are what Discord already knows (shard 0's process pushed them)
                assert COMMANDS.ids == {c.name: c.id for c in fetched}  # type: ignore[attr-defined]
    finally:
        await bot.store.close()  # SimCord does not close the bot; its database thread would outlive the test
