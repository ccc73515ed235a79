"""Selling 4 hand tiles for a token by taps, not by typing ``/moonriser sell``.

In Phase III the board carries a **sell** select ("Sell 4 tiles from your hand for…") whose
options are only what the sale buys (1 blue, red, green or VP): the hand is hidden, and how
many tiles a seat holds is public, so nothing secret sits on the public board. Choosing one
opens a private picker of the hand (``SellPicker``): the ways to sell 4 tiles, the tiles the
player needs least first (``engine.moonriser.suggest.ranked_sells``; every way when they fit in
a select), a second select of the same ways that also ends the turn where it may end, and, when
the ways do not all fit, a multi-select of the hand for any other 4. Each plays the move the
slash command stores (``sell <4 tiles> <get>``), checked by the engine like a typed one, and is
refused as stale once the board has moved on (the picker's version is the board's).

After a restart the private picker's select is answered by the game's ``ExpiredPicker`` with a
fresh one: its custom id has the picker form, the action naming what it buys (``sellblue``).
"""

from __future__ import annotations

from functools import partial
from math import comb
from typing import Any

import discord

from bot.errors import UserError
from bot.i18n import Tr
from bot.picker import TIMEOUT, picker_id
from cogs.moonriser.keep import keep_option
from cogs.moonriser.labels import GAINS, clip, tile_label, tokens_words
from cogs.moonriser.private import play_chosen
from db.models import TableRow
from engine.moonriser.game import GAME
from engine.moonriser.notation import SELL, SELL_COUNT
from engine.moonriser.suggest import ranked_sells
from engine.moonriser.trading import ends_plainly, sale_gets

ACTION = "sell"
"""The board select's action (``mrs:<table>:<version>:sell``) and the picker's, before the get."""
OPTIONS_MAX = 25


def sell_gets(state: dict[str, Any], seat: int) -> tuple[str, ...]:
    """What a sale may buy for ``seat`` now, if it is to act; ``()`` when it cannot sell."""
    return sale_gets(state, seat) if seat in GAME.to_act(state) else ()


def sell_ends(state: dict[str, Any], seat: int) -> bool:
    """Whether the picker offers "sell and end your turn": the turn may end right after a sale
    without End's warnings (the rule: :func:`engine.moonriser.trading.ends_plainly`)."""
    return ends_plainly(state, seat, SELL_COUNT)


def gained(tr: Tr, get: str) -> str:
    return tokens_words(tr, {get: 1})


def board_options(tr: Tr, state: dict[str, Any], seat: int) -> list[discord.SelectOption]:
    """The board select's options: what a sale buys, never a tile (the hand is hidden)."""
    return [
        discord.SelectOption(label=clip(tr("moonriser.pick.sell_option", gained=gained(tr, g))), value=g)
        for g in sell_gets(state, seat)
        if g in GAINS
    ]


def sell_notation(tiles: list[str] | tuple[str, ...], get: str) -> str:
    """The move ``/moonriser sell tiles:<tiles> get:<get>`` stores (the tiles sorted)."""
    return " ".join([SELL, *sorted(tiles), get])


class SellPicker(discord.ui.View):
    """A private choice of the 4 hand tiles sold for ``get``; only their owner may use it."""

    def __init__(
        self, client: discord.Client, table: TableRow, seat: int, tr: Tr, prefix: str, get: str
    ) -> None:
        super().__init__(timeout=TIMEOUT)
        assert table.state is not None
        state = table.state
        if get not in sell_gets(state, seat):
            raise UserError("moonriser.pick.no_sell")
        self.table, self.seat, self.tr, self.get = table, seat, tr, get
        self.hand = list(GAME.view(state, seat)["hand"])
        self.ways = ranked_sells(state, seat, OPTIONS_MAX)
        listed = comb(len(self.hand), SELL_COUNT) <= OPTIONS_MAX
        action = ACTION + get
        options = [keep_option(tr, state, way, str(i)) for i, way in enumerate(self.ways)]
        placeholder = "sell_placeholder" if listed else "sell_best_placeholder"
        self.best: discord.ui.Select[SellPicker] = discord.ui.Select(
            custom_id=picker_id(client, prefix, table.id, action),
            placeholder=clip(tr(f"moonriser.pick.{placeholder}")),
            options=options,
        )
        self.best.callback = self._picked(self.best, ())  # type: ignore[method-assign]
        self.add_item(self.best)
        if sell_ends(state, seat):
            ending: discord.ui.Select[SellPicker] = discord.ui.Select(
                custom_id=picker_id(client, prefix, table.id, action),
                placeholder=clip(tr("moonriser.pick.sell_and_end")),
                options=[
                    discord.SelectOption(label=o.label, value=o.value, description=o.description)
                    for o in options
                ],
            )
            ending.callback = self._picked(ending, ("end",))  # type: ignore[method-assign]
            self.add_item(ending)
        self.tiles: discord.ui.Select[SellPicker] | None = None
        """With more ways than fit, a multi-select of the hand (its first 25 tiles) for any other."""
        if not listed:
            self.tiles = discord.ui.Select(
                custom_id=picker_id(client, prefix, table.id, action),
                placeholder=clip(tr("moonriser.pick.sell_placeholder")),
                min_values=SELL_COUNT,
                max_values=SELL_COUNT,
                options=[
                    discord.SelectOption(label=clip(tile_label(tr, state, tile)), value=str(i))
                    for i, tile in enumerate(self.hand[:OPTIONS_MAX])
                ],
            )
            self.tiles.callback = self._picked_tiles  # type: ignore[method-assign]
            self.add_item(self.tiles)

    def prompt(self) -> str:
        return self.tr("moonriser.pick.sell_prompt", gained=gained(self.tr, self.get), held=len(self.hand))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.table.user_at(self.seat)

    def _picked(self, select: discord.ui.Select[SellPicker], then: tuple[str, ...]) -> Any:
        async def picked(interaction: discord.Interaction) -> None:
            await self._sell(interaction, list(self.ways[int(select.values[0])]), then)

        return picked

    async def _picked_tiles(self, interaction: discord.Interaction) -> None:
        assert self.tiles is not None
        await self._sell(interaction, [self.hand[int(v)] for v in self.tiles.values], ())

    async def _sell(self, interaction: discord.Interaction, tiles: list[str], then: tuple[str, ...]) -> None:
        notation = sell_notation(tiles, self.get)
        await play_chosen(
            self, interaction, self.table, notation, expected_version=self.table.version, then=then
        )


PICKERS = {ACTION + g: partial(SellPicker, get=g) for g in GAINS}
"""The sell pickers by their custom ids' action, for ``ExpiredPicker`` (``board.SELECTS``)."""
