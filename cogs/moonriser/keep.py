"""Choosing the tiles to keep: one private multi-select of the drawn tiles (keep exactly N).

The shared picker decides one token at a time; keeping 3 of 9 tiles is one decision, so it
has a select of its own that plays ``keep …`` at once. It offers whole keeps ("Mine + Farm"),
the bot's keep first, then by the worth the bot gives the tiles
(``engine.moonriser.suggest.ranked_keeps``): when all fit (at most 25: keep 1 of 3, 2 of 6,
3 of 5) one choice whatever is kept; otherwise the best 25, and under them a multi-select of
the drawn tiles for any other keep. It is private (the drawn tiles are
hidden from the others), and after a restart is answered by the game's ``ExpiredPicker`` with a
fresh one (its custom id has the picker form).

In the setup every seat keeps at once, and one seat's keep changes nothing of another's, so
the picker is checked against what the choice was made from (the seat's drawn tiles and how
many to keep, ``keep_basis``), not against the board's version: a keep is accepted whatever
the others kept meanwhile, and refused only when the seat's own tiles changed.
"""

from __future__ import annotations

from collections import Counter
from math import comb
from typing import Any

import discord

from bot.errors import UserError
from bot.i18n import Tr
from bot.picker import TIMEOUT, picker_id
from cogs.moonriser.labels import FIT_MAX, clip, fit, tile_label, tile_name
from cogs.moonriser.private import play_chosen
from db.models import TableRow
from engine.moonriser.game import GAME
from engine.moonriser.suggest import ranked_keeps

OPTIONS_MAX = 25


def keep_prompt(state: dict[str, Any], seat: int) -> tuple[list[str], int]:
    """The tiles to choose from and how many to keep (a refusal when there is no such choice)."""
    if not any(m.kind == "keep" for m in GAME.legal_moves(state, seat)):
        raise UserError("moonriser.pick.no_keep")
    view = GAME.view(state, seat)
    drawn = list(view["drawn"])
    return drawn, min(int(view["seats"][seat]["keep"]), len(drawn))


def keep_words(tr: Tr, state: dict[str, Any], choice: tuple[str, ...]) -> tuple[str, str | None]:
    """A whole keep (or sale, or discard) as a select option's label and description, each
    within Discord's 100 characters, in whole names (the hand picture above shows the tiles).

    One tile in full (``tile_label``); several by name and id ("Mine (B03) + 2× Farm (B11)")
    when that fits; else the names alone, with the ids to type in ``/moonriser keep`` below
    ("B03 B11 B11"); names too long for one line go on in the description ("Mine + 2 more" /
    "Farm + Dome"), or, for a keep that fills both, the label ends "+ 9 more" over the ids."""
    if len(choice) == 1:
        return tile_label(tr, state, choice[0]), None
    counted = Counter(choice)
    times = [f"{n}× " if n > 1 else "" for n in counted.values()]
    names = [f"{x}{tile_name(tr, state, t)}" for x, t in zip(times, counted, strict=True)]
    full = " + ".join(f"{name} ({t})" for name, t in zip(names, counted, strict=True))
    if len(full) <= FIT_MAX:
        return full, None
    more = lambda left: tr("moonriser.pick.keep_more", count=left)  # noqa: E731
    label, shown = fit(names, more, list(counted.values()))
    if 0 < shown < len(names):
        rest, rest_shown = fit(names[shown:], more, list(counted.values())[shown:])
        if rest_shown == len(names) - shown:
            return label, rest
    return label, fit(choice, lambda left: f"+ {more(left)}", sep=" ")[0]


def keep_option(tr: Tr, state: dict[str, Any], choice: tuple[str, ...], value: str) -> discord.SelectOption:
    label, description = keep_words(tr, state, choice)
    return discord.SelectOption(label=label, value=value, description=description)


def keep_basis(state: dict[str, Any], seat: int) -> tuple[Any, ...]:
    """What a keep is chosen from: the phase, the seat's drawn tiles and how many it keeps."""
    row = state["seats"][seat]
    return state["phase"], tuple(row.get("drawn", ())), row.get("keep")


class KeepPicker(discord.ui.View):
    """A multi-select of the drawn tiles; only their owner may use it."""

    def __init__(self, client: discord.Client, table: TableRow, seat: int, tr: Tr, prefix: str) -> None:
        super().__init__(timeout=TIMEOUT)
        assert table.state is not None
        self.table, self.seat, self.tr = table, seat, tr
        drawn, keep = keep_prompt(table.state, seat)
        self.drawn, self.keep = drawn, keep
        self.basis = keep_basis(table.state, seat)
        self.keeps = ranked_keeps(table.state, seat, OPTIONS_MAX)
        """The whole keeps offered, best first: all of them when they fit in one select."""
        listed = comb(len(drawn), keep) <= OPTIONS_MAX
        self.select: discord.ui.Select[KeepPicker] = discord.ui.Select(
            custom_id=picker_id(client, prefix, table.id, "keep"),
            placeholder=tr("moonriser.pick.keep_placeholder", count=keep)
            if listed
            else tr("moonriser.pick.keep_best_placeholder"),
            options=[keep_option(tr, table.state, choice, str(i)) for i, choice in enumerate(self.keeps)],
        )
        self.select.callback = self._picked  # type: ignore[method-assign]
        self.add_item(self.select)
        self.tiles: discord.ui.Select[KeepPicker] | None = None
        """With more keeps than fit, a multi-select of the tiles below the best keeps."""
        if not listed and keep <= OPTIONS_MAX:  # keeping over 25 is the /moonriser keep command's
            self.tiles = discord.ui.Select(
                custom_id=picker_id(client, prefix, table.id, "keep"),
                placeholder=tr("moonriser.pick.keep_placeholder", count=keep),
                min_values=keep,
                max_values=keep,
                options=[
                    discord.SelectOption(label=clip(tile_label(tr, table.state, tile)), value=str(i))
                    for i, tile in enumerate(drawn[:OPTIONS_MAX])
                ],
            )
            self.tiles.callback = self._picked_tiles  # type: ignore[method-assign]
            self.add_item(self.tiles)

    def prompt(self) -> str:
        return self.tr("moonriser.pick.keep_prompt", count=self.keep, drawn=len(self.drawn))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.table.user_at(self.seat)

    async def _picked(self, interaction: discord.Interaction) -> None:
        await self._keep(interaction, list(self.keeps[int(self.select.values[0])]))

    async def _picked_tiles(self, interaction: discord.Interaction) -> None:
        assert self.tiles is not None
        await self._keep(interaction, sorted(self.drawn[int(v)] for v in self.tiles.values))

    async def _keep(self, interaction: discord.Interaction, tiles: list[str]) -> None:
        made_from = lambda state: keep_basis(state, self.seat) == self.basis  # noqa: E731
        await play_chosen(self, interaction, self.table, " ".join(["keep", *tiles]), made_from=made_from)
