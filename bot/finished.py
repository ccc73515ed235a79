"""A finished table still answers: its board and result, instead of "there's no game here".

A thread (or DM) keeps its table after the game ends. ``/<game> board`` there posts the final
board with the result; any other command of the game answers privately that the game is over,
with the result and where to see the rest (the board command, ``/record``). Where no table ever
finished either, the refusal says how to start one, worded for a DM where a DM is meant.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.errors import UserError
from bot.i18n import Tr, lang_of
from db.models import TableRow
from engine.core import Outcome

if TYPE_CHECKING:
    from bot.service import TableServiceLike as TableService


def outcome_lines(tr: Tr, outcome: Outcome, names: Sequence[str]) -> list[str]:
    """The result, best place first: "1. alice: 30 points"."""
    ranking = sorted(range(len(names)), key=lambda s: (outcome.places[s], s))
    return [
        tr("table.result_line", place=outcome.places[s], name=names[s], score=outcome.scores[s])
        for s in ranking
    ]


def over_here(service: TableService, table: TableRow, tr: Tr) -> UserError:
    """The refusal of a command at a finished table: it is over, how it ended, what still works."""
    adapter = service.adapters[table.game]
    outcome = adapter.game.outcome(table.state) if table.state is not None else None
    if outcome is None:
        return UserError("table.over.finished")
    result = "\n".join(outcome_lines(tr, outcome, service.names(table, tr)))
    return UserError("table.over.finished_here", result=result, **service.commands(table.game))


async def nothing_here(
    service: TableService, interaction: discord.Interaction, game: str | None
) -> UserError:
    """Why a command finds no open table here: the game here is over (with its result), or there
    is none, with the way to start one (in a DM, never "in a text channel")."""
    channel_id = interaction.channel_id or 0
    finished = await service.store.finished_table_in(channel_id, game)
    if finished is not None and finished.game in service.adapters:
        return over_here(service, finished, Tr(lang_of(interaction.locale)))
    key = "table.none_here_dm" if interaction.guild_id is None else "table.none_here"
    return UserError(key, **service.commands(game))


async def show_board(service: TableService, interaction: discord.Interaction, game: str) -> None:
    """``/<game> board``: the running table's board, or, once the game is over, its final board
    with the result (the table of this thread, or this DM's last one of ``game``)."""
    table = await service.store.open_table_in(interaction.channel_id or 0, game)
    if table is None:
        finished = await service.store.finished_table_in(interaction.channel_id or 0, game)
        if finished is not None and finished.state is not None:
            await service.post_board(interaction, finished)
            return
    await service.post_board(interaction, await service.running_table_here(interaction, game))
