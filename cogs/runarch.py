"""RunArch on Discord: slash commands, board buttons and pickers, all thin over the table service."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError, run_guarded, send_ephemeral
from bot.i18n import Tr, cmd, lang_of, t
from bot.lobby import open_lobby
from bot.tables import GameAdapter, TableService
from db.models import TableRow
from engine.runarch import GAME
from render.runarch import render_board, render_hand

NAME = "runarch"
CELLS = [f"{c}{r}" for r in range(1, 6) for c in "ABCDE"]
CHOICES_MAX = 25

# ----------------------------------------------------------------- helpers


def stone_label(tr: Tr, code: str) -> str:
    """'red star' for 5R: colour and shape in words, so no information is colour-only."""
    return tr("runarch.stone", colour=tr(f"runarch.colour.{code[1]}"), shape=tr(f"runarch.shape.{code[0]}"))


def cell_label(tr: Tr, state: dict[str, Any], cell: str) -> str:
    index = CELLS.index(cell)
    return tr(
        "runarch.cell_label",
        cell=cell,
        stone=stone_label(tr, state["stones"][index]),
        pad=stone_label(tr, state["pads"][index]),
    )


def card_label(tr: Tr, card: dict[str, Any]) -> str:
    return tr("runarch.card_label", card=card["id"], pattern=" ".join(card["pattern"]))


def swap_partners(state: dict[str, Any], seat: int, cell: str) -> list[str]:
    """Cells the engine allows swapping with ``cell`` now."""
    partners = []
    for move in GAME.legal_moves(state, seat):
        if move.kind == "swap" and cell in move.args:
            partners.append(move.args[1] if move.args[0] == cell else move.args[0])
    return partners


async def my_turn(interaction: discord.Interaction, version: int | None = None) -> tuple[TableRow, int]:
    """The running table here and the caller's seat, refusing politely if it is not their turn."""
    service: TableService = interaction.client.tables  # type: ignore[attr-defined]
    table = await service.running_table_here(interaction, NAME)
    seat = service.seat_of(table, interaction.user.id)
    if version is not None and version != table.version:
        raise UserError("table.stale")
    assert table.state is not None
    if seat not in GAME.to_act(table.state):
        names = service.names(table)
        raise UserError("table.not_your_turn", name=", ".join(names[s] for s in GAME.to_act(table.state)))
    return table, seat


async def show_hand(interaction: discord.Interaction) -> None:
    service: TableService = interaction.client.tables  # type: ignore[attr-defined]
    table = await service.running_table_here(interaction, NAME)
    seat = service.seat_of(table, interaction.user.id)
    assert table.state is not None
    tr = Tr(lang_of(interaction.locale))
    view = GAME.view(table.state, seat)
    hand = view["hand"]
    if not hand:
        await send_ephemeral(interaction, tr("runarch.hand_empty"))
        return
    lines = [tr("runarch.hand_title")]
    for card in hand:
        options = GAME.scoring_options(table.state, seat, card["id"])
        if options:
            best = ", ".join(tr("runarch.option", line=o["line"], points=o["points"]) for o in options[:3])
            lines.append(tr("runarch.hand_card_scores", card=card_label(tr, card), options=best))
        else:
            lines.append(tr("runarch.hand_card", card=card_label(tr, card)))
    png = render_hand(hand, tr)
    await send_ephemeral(
        interaction, "\n".join(lines), file=discord.File(io.BytesIO(png), filename="hand.png")
    )


def cell_choices(
    interaction: discord.Interaction, state: dict[str, Any], cells: Sequence[str], current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete entries for the cells starting with what the user typed, labelled in words."""
    tr = Tr(lang_of(interaction.locale))
    wanted = current.strip().upper()
    return [
        app_commands.Choice(name=cell_label(tr, state, c)[:100], value=c)
        for c in cells
        if c.startswith(wanted)
    ][:CHOICES_MAX]


# ------------------------------------------------------------------- views


class MovePicker(discord.ui.View):
    """A private select of one seat's moves; only that player may use it, and the choice is
    played against the board version the picker was opened on (a stale one is refused)."""

    def __init__(
        self, table: TableRow, seat: int, placeholder: str, options: list[discord.SelectOption]
    ) -> None:
        super().__init__(timeout=600)
        self.table, self.seat = table, seat
        self.select: discord.ui.Select[MovePicker] = discord.ui.Select(
            placeholder=placeholder, options=options[:CHOICES_MAX]
        )
        self.select.callback = self._picked  # type: ignore[method-assign]
        self.add_item(self.select)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.table.user_at(self.seat)

    async def _picked(self, interaction: discord.Interaction) -> None:
        await self.play(interaction, self.select.values[0])

    async def play(self, interaction: discord.Interaction, value: str) -> None:
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        notation = self.notation(value)
        await run_guarded(
            interaction,
            service.play(
                interaction, notation, game=NAME, expected_version=self.table.version, from_picker=True
            ),
        )

    def notation(self, value: str) -> str:
        raise NotImplementedError


class SwapPicker(MovePicker):
    """Two private steps: any stone, then one of its neighbours."""

    def __init__(self, table: TableRow, seat: int, tr: Tr, first: str | None = None) -> None:
        self.tr, self.first = tr, first
        state = table.state or {}
        if first is None:
            cells, placeholder = CELLS, tr("runarch.pick_first")
        else:
            cells, placeholder = swap_partners(state, seat, first), tr("runarch.pick_second", cell=first)
        options = [discord.SelectOption(label=cell_label(tr, state, c)[:100], value=c) for c in cells]
        super().__init__(table, seat, placeholder, options)

    async def play(self, interaction: discord.Interaction, value: str) -> None:
        if self.first is None:
            picker = SwapPicker(self.table, self.seat, self.tr, first=value)
            content = self.tr("runarch.swap_prompt_second", cell=value)
            await interaction.response.edit_message(content=content, view=picker)
            return
        await super().play(interaction, value)

    def notation(self, value: str) -> str:
        return f"swap {self.first} {value}"


class ScorePicker(MovePicker):
    """The scorings the board allows now, best first."""

    def __init__(self, table: TableRow, seat: int, tr: Tr, options: list[dict[str, Any]]) -> None:
        choices = [
            discord.SelectOption(
                label=tr("runarch.scoring_label", card=o["card"], line=o["line"], points=o["points"])[:100],
                value=f"{o['card']} {o['line']}",
            )
            for o in options
        ]
        super().__init__(table, seat, tr("runarch.pick_scoring"), choices)

    def notation(self, value: str) -> str:
        return f"score {value}"


class BoardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ra:(?P<table>\d+):(?P<version>\d+):(?P<action>[a-z]+)",
):
    """A button under a board post; table id and state version in the custom id survive restarts
    and let a click on an old board be refused instead of applied to a newer position."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "swap": discord.ButtonStyle.primary,
        "score": discord.ButtonStyle.success,
        "end": discord.ButtonStyle.secondary,
        "hand": discord.ButtonStyle.secondary,
    }

    def __init__(self, table_id: int, version: int, action: str, tr: Tr | None = None) -> None:
        label = (tr or Tr("en"))(f"runarch.button.{action}")
        super().__init__(
            discord.ui.Button(
                label=label,
                style=self.STYLES.get(action, discord.ButtonStyle.secondary),
                custom_id=f"ra:{table_id}:{version}:{action}",
            )
        )
        self.table_id, self.version, self.action = table_id, version, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str], /
    ) -> BoardButton:
        return cls(int(match["table"]), int(match["version"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_guarded(interaction, self._act(interaction))

    async def _act(self, interaction: discord.Interaction) -> None:
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        tr = Tr(lang_of(interaction.locale))
        if self.action == "hand":
            await show_hand(interaction)
            return
        table, seat = await my_turn(interaction, self.version)
        if table.id != self.table_id:
            raise UserError("table.stale")
        assert table.state is not None
        if self.action == "end":
            await service.play(interaction, "end", game=NAME, expected_version=self.version)
        elif self.action == "swap":
            if table.state.get("swapped"):
                raise UserError("runarch.already_swapped")
            await send_ephemeral(interaction, tr("runarch.swap_prompt"), view=SwapPicker(table, seat, tr))
        elif self.action == "score":
            options = GAME.scoring_options(table.state, seat)
            if not options:
                raise UserError("runarch.nothing_scores")
            await send_ephemeral(
                interaction, tr("runarch.score_prompt"), view=ScorePicker(table, seat, tr, options)
            )


def board_view(table: TableRow, tr: Tr) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    swapped = bool((table.state or {}).get("swapped"))
    for action in ("score", "end", "hand") if swapped else ("swap", "score", "hand"):
        view.add_item(BoardButton(table.id, table.version, action, tr))
    return view


# --------------------------------------------------------------------- cog


class RunArch(
    commands.GroupCog, group_name=cmd("cmd.runarch.name"), group_description=cmd("cmd.runarch.description")
):
    """``/runarch …``: every command resolves the table from the channel it is used in."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.service: TableService = bot.tables  # type: ignore[attr-defined]
        self.service.register(
            GameAdapter(
                game=GAME, title_key="runarch.title", render_board=render_board, board_view=board_view
            )
        )

    # ---- lobby and table
    @app_commands.command(name=cmd("cmd.runarch.new.name"), description=cmd("cmd.runarch.new.description"))
    @app_commands.rename(
        opponent=cmd("cmd.runarch.new.opponent.name"),
        target=cmd("cmd.runarch.new.target.name"),
        minimum=cmd("cmd.runarch.new.minimum.name"),
        bonus=cmd("cmd.runarch.new.bonus.name"),
    )
    @app_commands.describe(
        opponent=cmd("cmd.runarch.new.opponent.description"),
        target=cmd("cmd.runarch.new.target.description"),
        minimum=cmd("cmd.runarch.new.minimum.description"),
        bonus=cmd("cmd.runarch.new.bonus.description"),
    )
    async def new(
        self,
        interaction: discord.Interaction,
        opponent: discord.User | None = None,
        target: app_commands.Range[int, 30, 150] | None = None,
        minimum: app_commands.Range[int, 5, 10] | None = None,
        bonus: app_commands.Range[int, 0, 20] | None = None,
    ) -> None:
        options = {
            key: value
            for key, value in (("target", target), ("minimum", minimum), ("best_bonus", bonus))
            if value is not None
        }
        await open_lobby(interaction, NAME, options, max_seats=GAME.info.max_players, opponent=opponent)

    @app_commands.command(
        name=cmd("cmd.runarch.board.name"), description=cmd("cmd.runarch.board.description")
    )
    async def board(self, interaction: discord.Interaction) -> None:
        table = await self.service.running_table_here(interaction, NAME)
        await self.service.post_board(interaction, table)

    @app_commands.command(name=cmd("cmd.runarch.hand.name"), description=cmd("cmd.runarch.hand.description"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await show_hand(interaction)

    @app_commands.command(
        name=cmd("cmd.runarch.rules.name"), description=cmd("cmd.runarch.rules.description")
    )
    async def rules(self, interaction: discord.Interaction) -> None:
        lang = lang_of(interaction.locale)
        embed = discord.Embed(title=t(lang, "runarch.title"), description=t(lang, "runarch.rules_summary"))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(
        name=cmd("cmd.runarch.resign.name"), description=cmd("cmd.runarch.resign.description")
    )
    async def resign(self, interaction: discord.Interaction) -> None:
        table = await self.service.running_table_here(interaction, NAME)
        self.service.seat_of(table, interaction.user.id)
        tr = Tr(lang_of(interaction.locale))
        await interaction.response.send_message(
            tr("runarch.resign_confirm"), view=ResignConfirm(tr), ephemeral=True
        )

    # ---- moves
    @app_commands.command(name=cmd("cmd.runarch.swap.name"), description=cmd("cmd.runarch.swap.description"))
    @app_commands.describe(a=cmd("cmd.runarch.swap.a.description"), b=cmd("cmd.runarch.swap.b.description"))
    async def swap(self, interaction: discord.Interaction, a: str, b: str) -> None:
        await self.service.play(interaction, f"swap {a.strip()} {b.strip()}", game=NAME)

    @app_commands.command(
        name=cmd("cmd.runarch.score.name"), description=cmd("cmd.runarch.score.description")
    )
    @app_commands.rename(card=cmd("cmd.runarch.score.card.name"), line=cmd("cmd.runarch.score.line.name"))
    @app_commands.describe(
        card=cmd("cmd.runarch.score.card.description"), line=cmd("cmd.runarch.score.line.description")
    )
    async def score(self, interaction: discord.Interaction, card: str, line: str) -> None:
        await self.service.play(interaction, f"score {card.strip()} {line.strip()}", game=NAME)

    @app_commands.command(name=cmd("cmd.runarch.end.name"), description=cmd("cmd.runarch.end.description"))
    async def end(self, interaction: discord.Interaction) -> None:
        await self.service.play(interaction, "end", game=NAME)

    # ---- autocomplete: only what the engine would accept, labelled in words
    async def _state_and_seat(self, interaction: discord.Interaction) -> tuple[dict[str, Any], int] | None:
        table = await self.service.store.open_table_in(interaction.channel_id or 0)
        if table is None or table.game != NAME or table.state is None:
            return None
        seat = table.seat_of(interaction.user.id)
        return (table.state, seat) if seat is not None else None

    @swap.autocomplete("a")
    async def _cells_a(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._state_and_seat(interaction)
        return [] if found is None else cell_choices(interaction, found[0], CELLS, current)

    @swap.autocomplete("b")
    async def _cells_b(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._state_and_seat(interaction)
        if found is None:
            return []
        first = str(getattr(interaction.namespace, "a", "") or "").strip().upper()
        cells = swap_partners(found[0], found[1], first) if first in CELLS else CELLS
        return cell_choices(interaction, found[0], cells, current)

    @score.autocomplete("card")
    async def _cards(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await self._state_and_seat(interaction)
        if found is None:
            return []
        tr = Tr(lang_of(interaction.locale))
        hand = GAME.view(found[0], found[1])["hand"]
        wanted = current.strip().upper()
        return [
            app_commands.Choice(name=card_label(tr, card)[:100], value=card["id"])
            for card in hand
            if card["id"].startswith(wanted)
        ]

    @score.autocomplete("line")
    async def _lines(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await self._state_and_seat(interaction)
        if found is None:
            return []
        tr = Tr(lang_of(interaction.locale))
        card = str(getattr(interaction.namespace, "card", "") or "").strip().upper()
        hand_ids = {c["id"] for c in GAME.view(found[0], found[1])["hand"]}
        options = GAME.scoring_options(found[0], found[1], card if card in hand_ids else None)
        wanted = current.strip().lower()
        return [
            app_commands.Choice(
                name=tr("runarch.scoring_label", card=o["card"], line=o["line"], points=o["points"])[:100],
                value=o["line"],
            )
            for o in options
            if o["line"].lower().startswith(wanted)
        ][:CHOICES_MAX]


class ResignConfirm(discord.ui.View):
    """Resigning ends the game for both, so it asks once more."""

    def __init__(self, tr: Tr) -> None:
        super().__init__(timeout=120)
        button: discord.ui.Button[ResignConfirm] = discord.ui.Button(
            label=tr("runarch.button.resign"), style=discord.ButtonStyle.danger
        )
        button.callback = self._confirmed  # type: ignore[method-assign]
        self.add_item(button)

    async def _confirmed(self, interaction: discord.Interaction) -> None:
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        await run_guarded(interaction, service.play(interaction, "resign", game=NAME, from_picker=True))


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(BoardButton)
    await bot.add_cog(RunArch(bot))
