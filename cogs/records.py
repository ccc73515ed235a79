"""``/record``: a finished game's record as a text file and as an animated replay."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Collection
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.i18n import Tr, cmd, lang_of
from bot.tables import TableService
from db.models import MoveRow, TableRow
from engine.core import Game, GameRecord, IllegalMove, State, format_record
from engine.core.record import CONTENT, content_header, result_text
from render.replay import Draw, replay_gif, turn_states

MAX_UPLOAD = 9_500_000
"""Stay under Discord's smallest upload limit (10 MB) with room for the text file."""

log = logging.getLogger(__name__)

_SOURCE_NOTES = {"automa": "record.source.automa", "timeout": "record.source.timeout"}
_SOURCE_NOTES |= {"kicked": "record.source.kicked", "left": "record.source.left"}
_SOURCE_NOTES |= {"standin": "record.source.standin"}


def build_record(service: TableService, table: TableRow, moves: list[MoveRow], tr: Tr) -> GameRecord:
    """The record of a finished table: what its log replays from, plus who played and the result."""
    engine: Game = service.adapters[table.game].game
    assert table.state is not None
    names = service.names(table, tr)
    headers = {
        "Table": str(table.id),
        "Date": datetime.fromtimestamp(table.updated_at, UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    outcome = engine.outcome(table.state)
    if outcome is not None:
        headers["Result"] = result_text(outcome, names)
    content = engine.content(table.state)
    if content:
        headers[CONTENT] = content_header(content)
    return GameRecord(
        game=table.game,
        seed=table.seed,
        seats=len(table.seats),
        options=dict(table.options),
        players=names,
        moves=[(m.seat, m.notation) for m in moves],
        comments=[tr(_SOURCE_NOTES[m.source]) if m.source in _SOURCE_NOTES else None for m in moves],
        headers=headers,
    )


def animation(
    game: Game, record: GameRecord, draw: Draw, tr: Tr, final: State, bots: Collection[int] = ()
) -> bytes | None:
    """The replay GIF (a frame per turn; ``bots``, the bot players' seats, never have a turn of
    their own), or ``None`` when the log no longer replays to the stored end: a game played under
    an earlier version of the rules (its text record is still given)."""
    try:
        states = list(turn_states(game, record, bots))
    except IllegalMove:
        log.info("the log of a %s game no longer replays; no animation", record.game)
        return None
    if states[-1] != final:
        log.info("the log of a %s game replays to another end; no animation", record.game)
        return None
    return replay_gif(draw(game.view(state, None), record.players, tr) for state in states)


class Records(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.service: TableService = bot.tables

    @app_commands.command(name=cmd("cmd.record.name"), description=cmd("cmd.record.description"))
    async def record(self, interaction: discord.Interaction) -> None:
        """Only once the game is over: the record and the seed would reveal hands and the deck."""
        table = await self.bot.store.last_table_in(interaction.channel_id or 0)
        if table is None or table.game not in self.service.adapters:
            raise UserError("record.none_here")
        if table.status != "finished" or table.state is None:
            key = {"lobby": "record.lobby", "active": "record.running"}.get(table.status, "record.cancelled")
            raise UserError(key)
        tr = Tr(lang_of(interaction.locale))
        await interaction.response.defer(thinking=True)
        moves = await self.bot.store.moves(table.id)
        game_record = build_record(self.service, table, moves, tr)
        stem = f"{table.game}-{table.id}"
        files = [discord.File(io.BytesIO(format_record(game_record).encode()), filename=f"{stem}.txt")]
        draw = self.service.adapters[table.game].board_image
        note = "record.posted"
        if draw is not None:
            engine = self.service.adapters[table.game].game
            gif = await asyncio.to_thread(
                animation, engine, game_record, draw, tr, table.state, tuple(table.bots)
            )
            if gif is None:
                note = "record.posted_no_replay"
            elif len(gif) <= MAX_UPLOAD:
                files.append(discord.File(io.BytesIO(gif), filename=f"{stem}.gif"))
        await interaction.followup.send(tr(note), files=files)


async def setup(bot: Any) -> None:
    await bot.add_cog(Records(bot))
