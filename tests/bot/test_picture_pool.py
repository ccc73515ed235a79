"""Pictures drawn in a worker process (``bot.pictures``): a real move posts the same picture as
drawing it in the bot's own process would, a dying worker loses neither the move nor its picture,
and the last bot to close shuts the workers down."""

from __future__ import annotations

import dataclasses
import io
import logging
import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from simcord import Env

from bot import pictures
from bot.config import Config, render_workers_from_env
from bot.i18n import Tr
from cogs.moonriser.placing import place_preview
from engine.moonriser.game import GAME as MOONRISER
from engine.runarch import GAME
from render.runarch.pictures import render_board
from tests.bot.harness import Table, greedy_move, moved, play_by_command
from tests.bot.moonriser_table import MoonTable
from tests.bot.test_moonriser_discord import to_development
from tests.bot.worker_stubs import counted, counted_label, dies_in_a_worker, niceness, where_drawn


@pytest.fixture
def bot_config(tmp_path: Path) -> Config:
    return Config(token=None, database_path=str(tmp_path / "bot.sqlite3"), render_workers=1)


async def posted_board(table: Table) -> bytes:
    return await table.last_board().attachments[0].read()


async def test_a_move_with_the_pool_on_posts_the_board_drawn_by_a_worker(simcord_env: Env) -> None:
    assert pictures.workers() == 1
    assert await pictures.render(where_drawn) != os.getpid()  # a worker process draws
    table = await Table.open(simcord_env)
    player, _ = await table.open_turn_with_a_swap()
    row = await table.row()
    names = table.bot.tables.names(row)
    png = await posted_board(table)
    assert png == render_board(GAME.view(await table.state(), None), names, Tr("en"))
    assert Image.open(io.BytesIO(png)).size[0] >= 400
    assert player is not None


async def test_a_worker_that_dies_loses_neither_the_move_nor_its_picture(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    table = await Table.open(simcord_env)
    before = await table.row()
    adapters = table.bot.tables.adapters
    dying = dataclasses.replace(adapters["runarch"], render_board=dies_in_a_worker)
    monkeypatch.setitem(adapters, "runarch", dying)
    with caplog.at_level(logging.WARNING, logger="bot.pictures"):
        await table.open_turn_with_a_swap()
    assert "the picture worker died" in caplog.text
    after = await table.row()
    assert after.version == before.version + 1  # the move is saved once
    names = table.bot.tables.names(after)
    assert await posted_board(table) == render_board(GAME.view(after.state or {}, None), names, Tr("en"))
    monkeypatch.undo()
    pid = await pictures.render(where_drawn)  # the next picture has a fresh worker
    assert pid != os.getpid()
    state = await table.state()
    seat = GAME.to_act(state)[0]
    assert moved(await play_by_command(await table.player(seat), table.thread, greedy_move(state, seat)))
    shown = await table.row()
    assert await posted_board(table) == render_board(GAME.view(shown.state or {}, None), names, Tr("en"))


async def test_the_last_bot_to_close_stops_the_workers() -> None:
    pool = pictures.Pool()
    await pool.start(1)
    await pool.start(1)
    worker = await pool.render(where_drawn)
    await pool.stop()
    assert await pool.render(where_drawn) == worker  # another bot still uses it
    await pool.stop()
    with pytest.raises(ProcessLookupError):
        os.kill(worker, 0)  # shut down and reaped


async def test_every_games_pictures_cross_to_a_worker_and_back_unchanged(simcord_env: Env) -> None:
    """Each game's board and details renderer and its alt texts, with its public view, names and
    language, are picklable and give in a worker exactly what they give in the bot's own process."""
    adapters = simcord_env.bot.tables.adapters  # type: ignore[attr-defined]
    assert {"runarch", "moonriser", "manhattan", "marsbot"} <= set(adapters)
    for name, adapter in sorted(adapters.items()):
        game = adapter.game
        seats = max(1, game.info.min_players)
        view = game.view(game.new(seats, game.options({}), 7), None)
        names = [f"player {n}" for n in range(seats)]
        for draw in (adapter.render_board, adapter.render_details, adapter.alt_text):
            if draw is not None:
                drawn_here = draw(view, names, Tr("cs"))
                assert await pictures.render(draw, view, names, Tr("cs")) == drawn_here, name


async def test_a_picture_with_unchanged_inputs_is_not_drawn_again() -> None:
    """The same renderer with the same arguments gives the picture drawn before, without a
    worker drawing it again; other arguments are drawn anew."""
    pool = pictures.Pool()
    await pool.start(1)
    try:
        first = await pool.render(counted, "board")
        assert await pool.render(counted, "board") == first
        other = await pool.render(counted, "details")
        assert other != first and other.startswith(b"details")
        assert pool.cache.hits == 1
    finally:
        await pool.stop()


async def test_a_picture_is_keyed_by_what_its_renderer_declares_it_shows() -> None:
    """Arguments outside a renderer's declared inputs (``render.inputs``) do not make it draw again."""
    pool = pictures.Pool()
    await pool.start(1)
    try:
        first = await pool.render(counted_label, "details", {"turn": 1})
        assert await pool.render(counted_label, "details", {"turn": 2}) == first
        assert await pool.render(counted_label, "scores", {"turn": 2}) != first
    finally:
        await pool.stop()


async def test_a_posts_pictures_and_alt_texts_go_to_a_worker_in_one_trip(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A board post's board, details and alt texts share one view: one trip to a worker draws all
    the ones not drawn before, each as its own call would, and a cached picture stays home."""
    pool = pictures.Pool()
    await pool.start(1)
    trips: list[int] = []
    draw = pool._draw

    async def counting(fns: Any, renderers: bytes, arguments: bytes) -> list[Any]:
        trips.append(len(fns))
        return await draw(fns, renderers, arguments)

    monkeypatch.setattr(pool, "_draw", counting)
    try:
        board, nothing, drawer = await pool.render_set((counted, None, where_drawn), "board")
        assert board.startswith(b"board") and nothing is None and drawer != os.getpid()
        assert trips == [2]  # both renderers, one trip
        again, _, drawer_again = await pool.render_set((counted, None, where_drawn), "board")
        assert again == board  # the picture from the cache, not drawn again
        assert trips == [2, 1] and drawer_again == drawer  # only the uncached call travelled
        assert await pool.render(counted, "board") == board  # one cache for single calls and sets
    finally:
        await pool.stop()


def test_the_picture_cache_keeps_the_latest_pictures_within_its_bytes() -> None:
    cache = pictures.Cache(limit=10)
    cache.put(b"a", b"12345")
    cache.put(b"b", b"12345")
    assert cache.get(b"a") == b"12345"  # a is now the latest used
    cache.put(b"c", b"123")
    assert cache.get(b"b") is pictures._MISSING  # the least recently used went
    assert cache.get(b"a") == b"12345" and cache.get(b"c") == b"123"
    cache.put(b"d", 7)  # type: ignore[arg-type]  # not a picture: never kept
    assert cache.get(b"d") is pictures._MISSING and cache.size == 8


async def test_the_workers_yield_the_cpu_to_the_bot() -> None:
    """A worker runs at a lower CPU priority than the bot, so the event loop answers first."""
    pool = pictures.Pool()
    await pool.start(1)
    try:
        assert await pool.render(niceness) == min(19, os.nice(0) + pictures.WORKER_NICENESS)
    finally:
        await pool.stop()


def test_two_workers_by_default_on_two_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RENDER_WORKERS", raising=False)
    assert render_workers_from_env() == min(2, os.cpu_count() or 1)
    monkeypatch.setenv("RENDER_WORKERS", "0")
    assert render_workers_from_env() == 0


async def test_a_placement_preview_drawn_by_a_worker_shows_the_placement(simcord_env: Env) -> None:
    """``/moonriser place`` has its preview picture drawn by a worker (not on the event loop): the
    player sees the same picture as drawing it in the bot's own process gives."""
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    move = next(m for m in MOONRISER.legal_moves(state, seat) if m.kind == "place")
    tile, field, rotation, source = move.args
    shown = await me.slash(
        table.thread, "moonriser place", tile=f"{tile}@{source}", field=field, rotation=int(rotation)
    )
    assert shown.ephemeral and shown.response.attachments[0].filename == "preview.png"
    expected = place_preview(Tr("en"), state, seat, move.notation)
    assert expected.png is None and expected.picture is not None
    draw, args = expected.picture
    assert await shown.response.attachments[0].read() == draw(*args)
