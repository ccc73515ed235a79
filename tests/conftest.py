"""Shared fixtures: the real bot under SimCord, with its database in a temporary folder."""

from __future__ import annotations

import functools
import json as json_text
import os
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import discord
import pytest
import simcord.http.router as sim_router
import simcord.interactions as sim_interactions

from bot import create_bot, outgoing
from bot.client import GameBot
from bot.config import Config
from tests import pg_support
from tests.discord_limits import COMMANDS_PATH, check_message, check_request, texts_at_their_limit

# Tests draw pictures in their own process (a test may replace a renderer; a worker process would
# not see it) unless a test asks for the pool (``Config(render_workers=1)``), and never freeze the
# heap: hundreds of bots start in one test run and each frozen one's garbage would stay.
os.environ["RENDER_WORKERS"] = "0"
# No health line either (``bot.monitor``): its lag sampler's sleeps would move SimCord's clock while a
# test waits; the tests of the line turn it on (``Config(health_seconds=...)``).
os.environ["HEALTH_SECONDS"] = "0"
GameBot.freeze_heap = False

# Discord sends each user's locale with every interaction; SimCord always says en-US,
# so tests say which users speak Czech here (user id -> Discord locale).
USER_LOCALES: dict[int, str] = {}


@pytest.fixture(autouse=True)
def user_locales(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[int, str]]:
    original = sim_interactions.base_payload

    def with_locale(backend, *, user_id: int, **kwargs):  # type: ignore[no-untyped-def]
        record, payload = original(backend, user_id=user_id, **kwargs)
        if user_id in USER_LOCALES:
            payload["locale"] = USER_LOCALES[user_id]
        return record, payload

    monkeypatch.setattr(sim_interactions, "base_payload", with_locale)
    USER_LOCALES.clear()
    yield USER_LOCALES
    USER_LOCALES.clear()


LIMITS_KEY = pytest.StashKey[list[str]]()
"""Where the guard below keeps what Discord would have refused during a test."""


@pytest.fixture(autouse=True)
def discord_limits(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every test checks Discord's limits on everything the bot sends (``tests.discord_limits``).

    SimCord accepts payloads that Discord refuses with 400, so each request the bot makes is
    checked where SimCord receives it, after discord.py built it and ``bot.outgoing`` fitted it:
    exactly what would be sent. ``bot.outgoing`` shortens over-long messages as a last resort, and
    pickers cut labels to their limit; our own texts must fit without either, so a message it had
    to shorten, or a text sent exactly at its limit (cut, most likely), is reported too, unless
    the test is marked ``clips_user_input`` (it sends what a user typed, unbounded, on purpose).
    A test with a problem fails, naming each request and limit."""
    found = request.node.stash.setdefault(LIMITS_KEY, [])
    dispatch = sim_router.dispatch
    fit_message = outgoing.fit_message
    clipping_allowed = request.node.get_closest_marker("clips_user_input") is not None

    def checked(backend, method, path, *, json=None, files=None, **kwargs):  # type: ignore[no-untyped-def]
        if COMMANDS_PATH.match(path):  # never cut: a description of exactly 100 is fine
            found.extend(_command_problems(method, path, json_text.dumps(json)))
        else:
            with texts_at_their_limit() as cut:
                found.extend(check_request(method, path, json, files or ()))
            if not clipping_allowed:
                found.extend(cut)
        return dispatch(backend, method, path, json=json, files=files, **kwargs)

    def fitting(params: dict) -> dict:  # type: ignore[type-arg]
        if not clipping_allowed:
            found.extend(_clipped(params))
        return fit_message(params)

    monkeypatch.setattr(sim_router, "dispatch", checked)
    monkeypatch.setattr(outgoing, "fit_message", fitting)
    yield found
    if found and not request.node.stash.get(REPORTED_KEY, False):
        pytest.fail(_limits_report(found), pytrace=False)


REPORTED_KEY = pytest.StashKey[bool]()


@functools.cache
def _command_problems(method: str, path: str, body: str) -> tuple[str, ...]:
    """Each bot start syncs the same commands: checked once per distinct payload."""
    return tuple(check_request(method, path, json_text.loads(body)))


def _clipped(params: dict) -> list[str]:  # type: ignore[type-arg]
    """What ``bot.outgoing`` is about to shorten in one message: our text is over Discord's limit."""
    message: dict[str, object] = {}
    content = params.get("content")
    if content is not None and content is not outgoing.MISSING:
        message["content"] = str(content)
    embeds = [params.get("embed"), *(params.get("embeds") or [])]
    message["embeds"] = [e.to_dict() for e in embeds if isinstance(e, discord.Embed)]
    return [f"before bot.outgoing shortened it, {p}" for p in check_message("message", message)]


def _limits_report(found: list[str]) -> str:
    unique = list(dict.fromkeys(found))
    shown = "\n  ".join(unique[:20])
    more = f"\n  … and {len(unique) - 20} more" if len(unique) > 20 else ""
    return f"Discord would refuse what the bot sent ({len(unique)} problems):\n  {shown}{more}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A test that sent something over Discord's limits fails (not only errors at teardown)."""
    result = yield
    found = item.stash.get(LIMITS_KEY, [])
    if found:
        item.stash[REPORTED_KEY] = True
        raise AssertionError(_limits_report(found))
    return result


BACKENDS = ("sqlite", "postgres")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test marked ``both_backends`` runs on SQLite and on PostgreSQL (``[sqlite]``, ``[postgres]``);
    the store tests in tests/db are parametrised by their own conftest."""
    if metafunc.definition.get_closest_marker("both_backends") is not None:
        metafunc.parametrize("backend", BACKENDS, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """Which database the store runs on: "sqlite" (unless a test is parametrised) or "postgres"."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture(scope="session")
def pg_databases() -> Iterator[pg_support.Databases]:
    """Databases on the tests' PostgreSQL server (``TEST_DATABASE_URL``, else a throwaway one)."""
    with pg_support.server() as url:
        databases = pg_support.Databases(url)
        try:
            yield databases
        finally:
            if os.environ.get("TEST_DATABASE_URL", "").strip():  # a server of our own goes whole
                databases.drop_all()


@pytest.fixture
def pg_url(pg_databases: pg_support.Databases) -> str:
    """A PostgreSQL database of this test's own, with the store's schema and no rows."""
    return pg_databases.fresh()


@pytest.fixture
def bot_config(tmp_path: Path, backend: str, request: pytest.FixtureRequest) -> Config:
    url = request.getfixturevalue("pg_url") if backend == "postgres" else None
    return Config(token=None, database_path=str(tmp_path / "bot.sqlite3"), database_url=url)


@pytest.fixture
async def make_bot(bot_config: Config) -> AsyncIterator[Callable[[], GameBot]]:
    """Build bots on the test's database; close every one's store at the end.

    SimCord detaches a bot (at a restart or the end of a test) without calling ``close``,
    and an open aiosqlite connection is a thread that would keep pytest from exiting.
    """
    made: list[GameBot] = []

    def make() -> GameBot:
        made.append(create_bot(bot_config))
        return made[-1]

    yield make
    for bot in made:
        await bot.store.close()


@pytest.fixture
def simcord_bot(make_bot: Callable[[], GameBot]) -> GameBot:
    return make_bot()
