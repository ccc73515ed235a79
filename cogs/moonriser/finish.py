"""The end of a turn and of a game in one step each: the hand limit's discards in one select, and
an ``end`` that warns once when tokens or tiles worth VP would be left unconverted.

Over the hand limit the board's End turn gives way to "Discard N tiles (hand limit)", which opens
one private multi-select of the hand asking for exactly the excess. At the end of the game
(the last trades, or the Phase III of the turn that filled the board) **End** with 4 or more
tokens of a colour or 4 leftover tiles first answers privately what they are worth, with
Confirm (end anyway) and **Convert all and end turn** (``convert``, then ``end``: the same
moves as the board's Convert all to VP and End).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.confirm import Preview, Shortcut, show_preview
from bot.errors import UserError
from bot.i18n import Tr
from bot.picker import TIMEOUT, picker_id
from bot.tables import TableService
from cogs.moonriser.keep import keep_option
from cogs.moonriser.labels import clip, tile_label, tokens_words
from cogs.moonriser.private import play_chosen
from db.models import TableRow
from engine.moonriser.content import TOKENS
from engine.moonriser.game import GAME
from engine.moonriser.notation import SELL_COUNT
from engine.moonriser.suggest import ranked_discards
from engine.moonriser.trading import HAND_LIMIT, STANDARD_RATE, convert_allowed, convertible, excess

OPTIONS_MAX = 25


def leftovers(state: dict[str, Any], seat: int) -> dict[str, int] | None:
    """What ``end`` would leave unconverted at the end of the game (4+ tokens of a colour, 4+
    tiles), with the VP it is worth; ``None`` when nothing worth a warning is left."""
    if not convert_allowed(state, seat):
        return None
    row = state["seats"][seat]
    left = {c: row["tokens"][c] for c in TOKENS if row["tokens"][c] >= STANDARD_RATE}
    tiles = len(row["hand"]) if len(row["hand"]) >= SELL_COUNT else 0
    if not left and not tiles:
        return None
    return {**left, "tiles": tiles, "vp": convertible(state, seat)["yellow"]}


def leftover_words(tr: Tr, left: dict[str, int]) -> str:
    """``5 red + 13 green + 4 tiles from the hand``."""
    tokens = {c: left[c] for c in TOKENS if left.get(c)}
    parts = [tokens_words(tr, tokens)] if tokens else []
    if left.get("tiles"):
        parts.append(tr("moonriser.source_tiles", count=left["tiles"]))
    return " + ".join(parts)


async def end_or_warn(
    interaction: discord.Interaction,
    service: TableService,
    table: TableRow,
    seat: int,
    tr: Tr,
    prefix: str,
    expected_version: int | None = None,
) -> None:
    """Play ``end``, or first warn once (privately) what would be left unconverted."""
    assert table.state is not None
    left = leftovers(table.state, seat)
    if left is None:
        await service.play(
            interaction, "end", game=table.game, expected_version=expected_version, table=table
        )
        return
    text = tr("moonriser.end_warning", left=leftover_words(tr, left), vp=left["vp"])
    convert_first = Shortcut(tr("moonriser.button.convert_end"), before=("convert",))
    simultaneous = table.state["phase"] == "final"
    preview = Preview(text, shortcuts=(convert_first,))
    await show_preview(
        interaction, prefix, "end", table, seat, "end", preview, tr, check_version=not simultaneous
    )


def discard_rule(state: dict[str, Any], seat: int) -> tuple[list[str], int, int]:
    """The hand to choose from and how many tiles to choose (least, most): exactly the excess
    over the hand limit, else any number; a refusal when there is nothing to discard."""
    if not any(m.kind == "discard" for m in GAME.legal_moves(state, seat)):
        raise UserError("moonriser.pick.no_discard")
    hand = list(GAME.view(state, seat)["hand"])[:OPTIONS_MAX]
    over = excess(state, seat)
    return (hand, over, over) if over else (hand, 1, len(hand))


class DiscardPicker(discord.ui.View):
    """A private multi-select of the hand that plays one ``discard`` of every tile chosen."""

    def __init__(self, client: discord.Client, table: TableRow, seat: int, tr: Tr, prefix: str) -> None:
        super().__init__(timeout=TIMEOUT)
        assert table.state is not None
        self.table, self.seat, self.tr = table, seat, tr
        self.hand, low, high = discard_rule(table.state, seat)
        self.over = excess(table.state, seat)
        placeholder = (
            tr("moonriser.button.discard_excess", count=self.over)
            if self.over
            else tr("moonriser.pick.discard_many_placeholder")
        )
        self.select: discord.ui.Select[DiscardPicker] = discord.ui.Select(
            custom_id=picker_id(client, prefix, table.id, "discard"),
            placeholder=clip(placeholder),
            min_values=low,
            max_values=high,
            options=[
                discord.SelectOption(label=clip(tile_label(tr, table.state, tile)), value=str(i))
                for i, tile in enumerate(self.hand)
            ],
        )
        self.select.callback = self._picked  # type: ignore[method-assign]
        self.ways = ranked_discards(table.state, seat, OPTIONS_MAX) if self.over > 1 else []
        """Over the limit by several tiles: whole discards, the bot's first, above the tiles."""
        if self.ways:
            self.best: discord.ui.Select[DiscardPicker] = discord.ui.Select(
                custom_id=picker_id(client, prefix, table.id, "discard"),
                placeholder=clip(tr("moonriser.pick.discard_best_placeholder")),
                options=[keep_option(tr, table.state, way, str(i)) for i, way in enumerate(self.ways)],
            )
            self.best.callback = self._picked_way  # type: ignore[method-assign]
            self.add_item(self.best)
        self.add_item(self.select)

    async def _picked_way(self, interaction: discord.Interaction) -> None:
        await self._discard(interaction, list(self.ways[int(self.best.values[0])]))

    def prompt(self) -> str:
        if self.over:
            held = len(self.hand) if len(self.hand) < OPTIONS_MAX else HAND_LIMIT + self.over
            return self.tr("moonriser.pick.discard_excess", count=self.over, held=held, limit=HAND_LIMIT)
        return self.tr("moonriser.pick.discard_prompt")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.table.user_at(self.seat)

    async def _picked(self, interaction: discord.Interaction) -> None:
        await self._discard(interaction, sorted(self.hand[int(v)] for v in self.select.values))

    async def _discard(self, interaction: discord.Interaction, tiles: list[str]) -> None:
        notation = " ".join(["discard", *tiles])
        await play_chosen(self, interaction, self.table, notation, expected_version=self.table.version)
