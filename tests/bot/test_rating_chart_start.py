"""/stats draws the rating from the starting rating on: after one game it is a line, not a dot."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from simcord import Env

from bot.config import Config
from db.rating import DISPLAY_BASE
from render import kit
from render import rating_chart as C
from tests.bot.harness import Table


@pytest.fixture
def bot_config(tmp_path: Path) -> Config:
    return Config(token=None, database_path=str(tmp_path / "bot.sqlite3"), members_intent=True)


async def test_one_rated_game_draws_a_line_from_the_starting_rating(simcord_env: Env) -> None:
    table = await Table.open(simcord_env, at_limit="remove")
    table.channel.guild.remove_member(table.bob)  # bob leaves, out at once: alice wins, one rated game
    await simcord_env.advance_time(1)
    shown = await table.alice.slash(table.channel, "stats")
    png = await shown.response.attachments[0].read()
    img = Image.open(io.BytesIO(png)).convert("RGB")
    points = await table.bot.store.rating_history(table.alice.id, "runarch")
    assert len(points) == 1
    axes = C.axes_for(C.ChartPicture("", points, start=DISPLAY_BASE))
    start = (axes.x(0), axes.y(DISPLAY_BASE))
    end = (axes.x(1), axes.y(points[0]))
    for t in (0.3, 0.5, 0.7):  # the line between the start and the game
        x, y = start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1])
        around = [
            img.getpixel((round(x) + dx, round(y) + dy))
            for dx in (-2, -1, 0, 1, 2)
            for dy in (-2, -1, 0, 1, 2)
        ]
        assert kit.PALETTE["accent"] in around, (t, x, y)
