"""``/moonriser …``: slash commands and autocomplete, thin over the table service.

Every command resolves the table from the thread it is used in. ``place`` does not play at
once: it answers with a private preview (the tile drawn in place, its price, the VP it earns)
and **Confirm**, like the Place button's picker.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.clock_settings import at_limit_choices, duration_choices
from bot.confirm import Preview, show_preview
from bot.finished import show_board
from bot.i18n import Tr, cmd, lang_of, t
from bot.invites import default_seats
from bot.lobby import open_lobby
from bot.tables import GameAdapter, TableService
from cogs.moonriser.alt_text import alt_texts, gone
from cogs.moonriser.board import BoardButton, ExpiredPicker, board_view
from cogs.moonriser.board_selects import BoardSelect
from cogs.moonriser.drawn import after_confirm, show_private
from cogs.moonriser.finish import end_or_warn
from cogs.moonriser.labels import CHOICES_MAX, GAINS, clip, event_words, tile_label, tokens_words
from cogs.moonriser.lookup import folded, show_tile, tile_choices
from cogs.moonriser.pickers import PICKERS, PREFIX
from cogs.moonriser.placing import place_preview
from cogs.moonriser.private import show_hand
from cogs.moonriser.quotes import field_costs, rotation_vps, upgrade_costs
from engine.core import IllegalMove
from engine.moonriser.game import GAME
from engine.moonriser.planning import most_drawn
from render.moonriser.board import board_image, render_board, render_details

NAME = "moonriser"
BOARDS = ("random", "compact", "wide")
PILES = ("basic", "advanced")
PLAN_MAX = 999
"""The most blue ``/moonriser plan`` takes. Blue tokens are unlimited and the engine refuses more
than the seat holds, in words; Discord needs some bound (it once was 40, which a long game can pass)."""
DRAW_MAX = most_drawn()
"""``/moonriser draw``'s largest count: every number of tiles a pile can give in one draw."""
COLOURS = ("blue", "red", "green")


def _choices(group: str, values: tuple[str, ...]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=cmd(f"cmd.moonriser.{group}.{v}"), value=v) for v in values]


def tile_and_source(state: Mapping[str, Any], seat: int, typed: str) -> tuple[str, str]:
    """``B01`` or ``B01@supply`` -> (tile, source); a bare id comes from the hand when it is there."""
    tile, _, source = typed.strip().partition("@")
    tile = tile.strip().upper()
    if source:
        return tile, source.strip().lower()
    hand = GAME.view(dict(state), seat)["hand"]
    return tile, "hand" if tile in hand else "supply"


class Moonriser(
    commands.GroupCog,
    group_name=cmd("cmd.moonriser.name"),
    group_description=cmd("cmd.moonriser.description"),
):
    """The Moonriser commands; moves go through the table service, which owns their safety."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.service: TableService = bot.tables  # type: ignore[attr-defined]
        self.service.register(
            GameAdapter(
                game=GAME,
                title_key="moonriser.title",
                render_board=render_board,
                board_view=board_view,
                event_words=event_words,
                board_image=board_image,
                render_details=render_details,
                alt_text=alt_texts,
                gone=gone,
                pickers=PICKERS,
                show_private=show_private,
                after_confirm=after_confirm,
            )
        )

    async def _play(self, interaction: discord.Interaction, notation: str) -> None:
        await self.service.play(interaction, notation, game=NAME)

    # ---- opening tables
    @app_commands.command(
        name=cmd("cmd.moonriser.new.name"), description=cmd("cmd.moonriser.new.description")
    )
    @app_commands.rename(
        players=cmd("cmd.moonriser.new.players.name"),
        opponents=cmd("cmd.moonriser.new.opponents.name"),
        board=cmd("cmd.moonriser.new.board.name"),
        rounds=cmd("cmd.moonriser.new.rounds.name"),
        reminder=cmd("cmd.table.settings.reminder.name"),
        limit=cmd("cmd.table.settings.limit.name"),
        at_limit=cmd("cmd.table.settings.at_limit.name"),
    )
    @app_commands.describe(
        players=cmd("cmd.moonriser.new.players.description"),
        opponents=cmd("cmd.moonriser.new.opponents.description"),
        board=cmd("cmd.moonriser.new.board.description"),
        rounds=cmd("cmd.moonriser.new.rounds.description"),
        reminder=cmd("cmd.table.settings.reminder.description"),
        limit=cmd("cmd.table.settings.limit.description"),
        at_limit=cmd("cmd.table.settings.at_limit.description"),
    )
    @app_commands.choices(board=_choices("board_choice", BOARDS), at_limit=at_limit_choices())
    async def new(
        self,
        interaction: discord.Interaction,
        players: app_commands.Range[int, 2, 4] | None = None,
        opponents: str | None = None,
        board: str | None = None,
        rounds: app_commands.Range[int, 10, 60] | None = None,
        reminder: str | None = None,
        limit: str | None = None,
        at_limit: str | None = None,
    ) -> None:
        """A lobby of ``players`` seats (default: the host and the invited, at least 2)."""
        options = {k: v for k, v in (("board", board), ("max_rounds", rounds)) if v is not None}
        clock = self.service.typed_clock(NAME, reminder=reminder, limit=limit, at_limit=at_limit)
        seats = players if players is not None else default_seats(opponents, 4)
        await open_lobby(interaction, NAME, options, max_seats=seats, opponents=opponents, clock=clock)

    @new.autocomplete("reminder")
    async def _reminder_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return duration_choices(Tr(lang_of(interaction.locale)), current, "reminder")

    @new.autocomplete("limit")
    async def _limit_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return duration_choices(Tr(lang_of(interaction.locale)), current, "limit")

    # ---- looking
    @app_commands.command(
        name=cmd("cmd.moonriser.board.name"), description=cmd("cmd.moonriser.board.description")
    )
    async def board(self, interaction: discord.Interaction) -> None:
        await show_board(self.service, interaction, NAME)

    @app_commands.command(
        name=cmd("cmd.moonriser.hand.name"), description=cmd("cmd.moonriser.hand.description")
    )
    async def hand(self, interaction: discord.Interaction) -> None:
        await show_hand(interaction)

    @app_commands.command(
        name=cmd("cmd.moonriser.tile.name"), description=cmd("cmd.moonriser.tile.description")
    )
    @app_commands.rename(tile=cmd("cmd.moonriser.tile.tile.name"))
    @app_commands.describe(tile=cmd("cmd.moonriser.tile.tile.description"))
    async def tile(self, interaction: discord.Interaction, tile: str) -> None:
        """Any tile on the board or in the supply (public), or in your hand (private)."""
        await show_tile(interaction, tile)

    @tile.autocomplete("tile")
    async def _any_tile(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        table = await self.service.store.open_table_in(interaction.channel_id or 0, NAME)
        if table is None or table.state is None:
            return []
        tr = Tr(lang_of(interaction.locale))
        seat = table.seat_of(interaction.user.id)
        return tile_choices(tr, table.state, seat, self.service.names(table, tr), current)

    @app_commands.command(
        name=cmd("cmd.moonriser.rules.name"), description=cmd("cmd.moonriser.rules.description")
    )
    async def rules(self, interaction: discord.Interaction) -> None:
        lang = lang_of(interaction.locale)
        embed = discord.Embed(
            title=t(lang, "moonriser.title"), description=t(lang, "moonriser.rules_summary")
        )
        embed.add_field(
            name=t(lang, "moonriser.rules_scoring_title"),
            value=t(lang, "moonriser.rules_scoring"),
            inline=False,
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(
        name=cmd("cmd.moonriser.resign.name"), description=cmd("cmd.moonriser.resign.description")
    )
    async def resign(self, interaction: discord.Interaction) -> None:
        """Asked once more: leaving cannot be taken back (with three or four the game goes on)."""
        table = await self.service.running_table_here(interaction, NAME)
        seat = self.service.seat_of(table, interaction.user.id)
        tr = Tr(lang_of(interaction.locale))
        key = "moonriser.resign_confirm" if len(table.seats) > 2 else "moonriser.resign_confirm_two"
        await show_preview(
            interaction, PREFIX, "resign", table, seat, "resign", Preview(tr(key)), tr, check_version=False
        )

    # ---- moves
    @app_commands.command(
        name=cmd("cmd.moonriser.base.name"), description=cmd("cmd.moonriser.base.description")
    )
    @app_commands.rename(field=cmd("cmd.moonriser.base.field.name"))
    @app_commands.describe(field=cmd("cmd.moonriser.base.field.description"))
    async def base(self, interaction: discord.Interaction, field: str) -> None:
        await self._play(interaction, f"base {field.strip().upper()}")

    @app_commands.command(
        name=cmd("cmd.moonriser.plan.name"), description=cmd("cmd.moonriser.plan.description")
    )
    @app_commands.rename(tokens=cmd("cmd.moonriser.plan.tokens.name"))
    @app_commands.describe(tokens=cmd("cmd.moonriser.plan.tokens.description"))
    async def plan(
        self, interaction: discord.Interaction, tokens: app_commands.Range[int, 0, PLAN_MAX]
    ) -> None:
        await self._play(interaction, f"plan {tokens}")

    @app_commands.command(
        name=cmd("cmd.moonriser.draw.name"), description=cmd("cmd.moonriser.draw.description")
    )
    @app_commands.rename(pile=cmd("cmd.moonriser.draw.pile.name"), count=cmd("cmd.moonriser.draw.count.name"))
    @app_commands.describe(
        pile=cmd("cmd.moonriser.draw.pile.description"), count=cmd("cmd.moonriser.draw.count.description")
    )
    @app_commands.choices(pile=_choices("pile", PILES))
    async def draw(
        self,
        interaction: discord.Interaction,
        pile: str,
        count: app_commands.Range[int, 1, DRAW_MAX] | None = None,
    ) -> None:
        await self._play(interaction, f"draw {pile}" if count in (None, 1) else f"draw {pile} {count}")

    @app_commands.command(
        name=cmd("cmd.moonriser.keep.name"), description=cmd("cmd.moonriser.keep.description")
    )
    @app_commands.rename(tiles=cmd("cmd.moonriser.keep.tiles.name"))
    @app_commands.describe(tiles=cmd("cmd.moonriser.keep.tiles.description"))
    async def keep(self, interaction: discord.Interaction, tiles: str) -> None:
        await self._play(interaction, " ".join(["keep", *tiles.upper().split()]))

    @app_commands.command(
        name=cmd("cmd.moonriser.place.name"), description=cmd("cmd.moonriser.place.description")
    )
    @app_commands.rename(
        tile=cmd("cmd.moonriser.place.tile.name"),
        field=cmd("cmd.moonriser.place.field.name"),
        rotation=cmd("cmd.moonriser.place.rotation.name"),
    )
    @app_commands.describe(
        tile=cmd("cmd.moonriser.place.tile.description"),
        field=cmd("cmd.moonriser.place.field.description"),
        rotation=cmd("cmd.moonriser.place.rotation.description"),
    )
    async def place(
        self,
        interaction: discord.Interaction,
        tile: str,
        field: str,
        rotation: app_commands.Range[int, 0, 5] = 0,
    ) -> None:
        """A private preview with Confirm; the move is checked now and again when confirmed."""
        table = await self.service.running_table_here(interaction, NAME)
        seat = self.service.seat_of(table, interaction.user.id)
        assert table.state is not None
        tile_id, source = tile_and_source(table.state, seat, tile)
        notation = f"place {tile_id} {field.strip().upper()} {rotation} {source}"
        tr = Tr(lang_of(interaction.locale))
        try:
            GAME.apply(table.state, seat, notation)
        except IllegalMove as error:
            raise self.service.refusal(table, error, tr) from None
        # the ranking of its placements off the event loop; its picture by the picture workers
        preview = await asyncio.to_thread(place_preview, tr, table.state, seat, notation)
        await show_preview(
            interaction, PREFIX, "place", table, seat, notation, preview, tr, make=place_preview
        )

    @app_commands.command(
        name=cmd("cmd.moonriser.upgrade.name"), description=cmd("cmd.moonriser.upgrade.description")
    )
    @app_commands.rename(field=cmd("cmd.moonriser.upgrade.field.name"))
    @app_commands.describe(field=cmd("cmd.moonriser.upgrade.field.description"))
    async def upgrade(self, interaction: discord.Interaction, field: str) -> None:
        await self._play(interaction, f"upgrade {field.strip().upper()}")

    @app_commands.command(
        name=cmd("cmd.moonriser.done.name"), description=cmd("cmd.moonriser.done.description")
    )
    async def done(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "done")

    @app_commands.command(
        name=cmd("cmd.moonriser.trade.name"), description=cmd("cmd.moonriser.trade.description")
    )
    @app_commands.rename(
        give=cmd("cmd.moonriser.trade.give.name"),
        get=cmd("cmd.moonriser.trade.get.name"),
        times=cmd("cmd.moonriser.trade.times.name"),
    )
    @app_commands.describe(
        give=cmd("cmd.moonriser.trade.give.description"),
        get=cmd("cmd.moonriser.trade.get.description"),
        times=cmd("cmd.moonriser.trade.times.description"),
    )
    @app_commands.choices(give=_choices("colour", COLOURS), get=_choices("colour", GAINS))
    async def trade(
        self,
        interaction: discord.Interaction,
        give: str,
        get: str,
        times: app_commands.Range[int, 1, 99] | None = None,
    ) -> None:
        await self._play(interaction, f"trade {give} {get}" + (f" {times}" if times and times > 1 else ""))

    @app_commands.command(
        name=cmd("cmd.moonriser.convert.name"), description=cmd("cmd.moonriser.convert.description")
    )
    async def convert(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "convert")

    @app_commands.command(
        name=cmd("cmd.moonriser.sell.name"), description=cmd("cmd.moonriser.sell.description")
    )
    @app_commands.rename(tiles=cmd("cmd.moonriser.sell.tiles.name"), get=cmd("cmd.moonriser.sell.get.name"))
    @app_commands.describe(
        tiles=cmd("cmd.moonriser.sell.tiles.description"), get=cmd("cmd.moonriser.sell.get.description")
    )
    @app_commands.choices(get=_choices("colour", GAINS))
    async def sell(self, interaction: discord.Interaction, tiles: str, get: str) -> None:
        await self._play(interaction, " ".join(["sell", *tiles.upper().split(), get]))

    @app_commands.command(
        name=cmd("cmd.moonriser.swap.name"), description=cmd("cmd.moonriser.swap.description")
    )
    @app_commands.rename(get=cmd("cmd.moonriser.swap.get.name"), give=cmd("cmd.moonriser.swap.give.name"))
    @app_commands.describe(
        get=cmd("cmd.moonriser.swap.get.description"), give=cmd("cmd.moonriser.swap.give.description")
    )
    @app_commands.choices(get=_choices("colour", COLOURS))
    async def swap(self, interaction: discord.Interaction, get: str, give: str) -> None:
        words = give.split()
        given = [w.lower() if w.lower() in COLOURS else w.upper() for w in words]
        await self._play(interaction, " ".join(["swap", get, *given]))

    @app_commands.command(
        name=cmd("cmd.moonriser.discard.name"), description=cmd("cmd.moonriser.discard.description")
    )
    @app_commands.rename(tile=cmd("cmd.moonriser.discard.tile.name"))
    @app_commands.describe(tile=cmd("cmd.moonriser.discard.tile.description"))
    async def discard(self, interaction: discord.Interaction, tile: str) -> None:
        await self._play(interaction, " ".join(["discard", *tile.upper().split()]))

    @app_commands.command(
        name=cmd("cmd.moonriser.end.name"), description=cmd("cmd.moonriser.end.description")
    )
    async def end(self, interaction: discord.Interaction) -> None:
        """Ends at once, or first warns once what would be left unconverted at the game's end."""
        table, seat = await self.service.my_turn(interaction, NAME, None)
        tr = Tr(lang_of(interaction.locale))
        await end_or_warn(interaction, self.service, table, seat, tr, PREFIX)

    # ---- autocomplete: only what the engine would accept, in words
    async def _state_and_seat(self, interaction: discord.Interaction) -> tuple[dict[str, Any], int] | None:
        table = await self.service.store.open_table_in(interaction.channel_id or 0, NAME)
        if table is None or table.state is None:
            return None
        seat = table.seat_of(interaction.user.id)
        return (table.state, seat) if seat is not None else None

    async def _context(self, interaction: discord.Interaction) -> tuple[dict[str, Any], int, Tr] | None:
        """The table's state, the typing player's seat and their language (``None``: not playing here)."""
        found = await self._state_and_seat(interaction)
        return None if found is None else (*found, Tr(lang_of(interaction.locale)))

    @staticmethod
    def _typed(interaction: discord.Interaction, name: str) -> str:
        return str(getattr(interaction.namespace, name, "") or "").strip()

    @place.autocomplete("tile")
    async def _place_tiles(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._context(interaction)
        if found is None:
            return []
        state, seat, tr = found
        seen = dict.fromkeys(
            (m.args[0], m.args[3]) for m in GAME.legal_moves(state, seat) if m.kind == "place"
        )
        wanted = folded(current)
        out = []
        for tile, source in sorted(seen, key=lambda p: (p[1] != "hand", p[0])):
            label = tr(f"moonriser.pick.choice_{source}", tile=tile_label(tr, state, tile))
            if wanted in folded(label) or tile.lower().startswith(wanted):
                out.append(app_commands.Choice(name=clip(label), value=f"{tile}@{source}"))
        return out[:CHOICES_MAX]

    @place.autocomplete("field")
    async def _place_fields(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Fields where the typed tile fits now, with their price (any tile before one is typed)."""
        found = await self._context(interaction)
        if found is None:
            return []
        state, seat, tr = found
        typed = self._typed(interaction, "tile")
        if typed:
            costs = field_costs(state, seat, *tile_and_source(state, seat, typed))
        else:
            costs = {}
            for tile, source in dict.fromkeys(
                (m.args[0], m.args[3]) for m in GAME.legal_moves(state, seat) if m.kind == "place"
            ):
                for field, cost in field_costs(state, seat, tile, source).items():
                    costs.setdefault(field, cost)
        wanted = current.strip().upper()
        return [
            app_commands.Choice(
                name=clip(tr("moonriser.pick.field_label", field=field, cost=tokens_words(tr, cost))),
                value=field,
            )
            for field, cost in costs.items()
            if field.startswith(wanted)
        ][:CHOICES_MAX]

    @place.autocomplete("rotation")
    async def _place_rotations(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        found = await self._context(interaction)
        if found is None:
            return []
        state, seat, tr = found
        typed, field = self._typed(interaction, "tile"), self._typed(interaction, "field").upper()
        if not typed or not field:
            return []
        tile, source = tile_and_source(state, seat, typed)
        return [
            app_commands.Choice(name=clip(tr("moonriser.pick.rotation_label", rotation=r, vp=vp)), value=r)
            for r, vp in sorted(rotation_vps(state, seat, tile, field, source).items())
        ]

    @upgrade.autocomplete("field")
    async def _upgrade_fields(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._context(interaction)
        if found is None:
            return []
        state, seat, tr = found
        out = []
        for field, cost in upgrade_costs(state, seat).items():
            if field.startswith(current.strip().upper()):
                label = tr(
                    "moonriser.pick.upgrade_label",
                    field=field,
                    tile=tile_label(tr, state, state["tiles"][field]["tile"]),
                    cost=tokens_words(tr, cost),
                )
                out.append(app_commands.Choice(name=clip(label), value=field))
        return out[:CHOICES_MAX]

    @base.autocomplete("field")
    async def _base_fields(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._state_and_seat(interaction)
        if found is None:
            return []
        fields = [m.args[0] for m in GAME.legal_moves(*found) if m.kind == "base"]
        return [
            app_commands.Choice(name=f, value=f) for f in fields if f.startswith(current.strip().upper())
        ][:CHOICES_MAX]

    @discard.autocomplete("tile")
    @keep.autocomplete("tiles")
    @sell.autocomplete("tiles")
    async def _several_tiles(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """What is typed so far, followed by each tile still available (the drawn tiles for keep,
        the hand for sell), so a list of ids is built choice by choice."""
        found = await self._context(interaction)
        if found is None:
            return []
        state, seat, tr = found
        me = GAME.view(state, seat)
        command = interaction.command.name if interaction.command else ""
        pool = (
            list(me.get("drawn") or [])
            if command == t("en", "cmd.moonriser.keep.name")
            else list(me.get("hand") or [])
        )
        typed = current.upper().split()
        done = typed if current.endswith(" ") or not typed else typed[:-1]
        for tile in done:
            if tile in pool:
                pool.remove(tile)
        prefix = " ".join(done)
        out = []
        for tile in dict.fromkeys(pool):
            value = f"{prefix} {tile}".strip()
            out.append(
                app_commands.Choice(name=clip(f"{value} · {tile_label(tr, state, tile)}"), value=value)
            )
        return out[:CHOICES_MAX]


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(BoardButton, BoardSelect, ExpiredPicker)
    await bot.add_cog(Moonriser(bot))
