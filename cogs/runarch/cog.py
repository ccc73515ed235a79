"""``/runarch …``: slash commands and autocomplete, thin over the table service.

Every command resolves the table from the channel it is used in (a thread for two people,
the DM for a solo game), so no command takes a table id.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.clock_settings import at_limit_choices, duration_choices
from bot.errors import UserError
from bot.finished import show_board
from bot.i18n import Tr, cmd, lang_of, t
from bot.lobby import open_lobby
from bot.tables import GameAdapter, TableService
from cogs.runarch.alt_text import alt_texts, gone
from cogs.runarch.board import BoardButton, ExpiredPicker, ResignButton, board_view, resign_view
from cogs.runarch.labels import (
    ARCHIVES,
    CELLS,
    CHOICES_MAX,
    bet_label,
    card_label,
    card_with_goal,
    cell_choices,
    clip,
    event_words,
    offer_label,
    scoring_label,
)
from cogs.runarch.pickers import PICKERS, partners
from cogs.runarch.private import show_hand
from engine.runarch import GAME
from render.runarch.pictures import board_image, render_board, render_details

NAME = "runarch"
VARIANTS = ("simple", "complex")
DIFFICULTIES = ("easy", "normal", "hard")


def lobby_hides(options: Mapping[str, Any]) -> frozenset[str]:
    """A table for two has no automa; the complex rules end on the 10th card with rising minimums."""
    if options.get("variant") == "complex":
        return frozenset({"difficulty", "target", "minimum"})
    return frozenset({"difficulty"})


def solo_intro(tr: Tr, options: Mapping[str, Any]) -> str:
    """The first post of a solo game: the opponent, its level (and how it plays) and the goal."""
    level = options["difficulty"]
    words = {"level": tr(f"options.runarch.values.{level}"), "how": tr(f"runarch.solo_how.{level}")}
    if options["variant"] == "complex":
        return tr("runarch.solo_intro_complex", **words)
    return tr("runarch.solo_intro_simple", target=options["target"], minimum=options["minimum"], **words)


def _choices(group: str, values: tuple[str, ...]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=cmd(f"cmd.runarch.{group}.{v}"), value=v) for v in values]


class RunArch(
    commands.GroupCog, group_name=cmd("cmd.runarch.name"), group_description=cmd("cmd.runarch.description")
):
    """The RunArch commands; moves go through the table service, which owns their safety."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.service: TableService = bot.tables  # type: ignore[attr-defined]
        self.service.register(
            GameAdapter(
                game=GAME,
                title_key="runarch.title",
                render_board=render_board,
                board_view=board_view,
                event_words=event_words,
                lobby_hides=lobby_hides,
                board_image=board_image,
                render_details=render_details,
                alt_text=alt_texts,
                gone=gone,
                pickers=PICKERS,
            )
        )

    # ---- opening tables
    @app_commands.command(name=cmd("cmd.runarch.new.name"), description=cmd("cmd.runarch.new.description"))
    @app_commands.rename(
        opponent=cmd("cmd.runarch.new.opponent.name"),
        variant=cmd("cmd.runarch.new.variant.name"),
        target=cmd("cmd.runarch.new.target.name"),
        minimum=cmd("cmd.runarch.new.minimum.name"),
        bonus=cmd("cmd.runarch.new.bonus.name"),
        reminder=cmd("cmd.table.settings.reminder.name"),
        limit=cmd("cmd.table.settings.limit.name"),
        at_limit=cmd("cmd.table.settings.at_limit.name"),
    )
    @app_commands.describe(
        opponent=cmd("cmd.runarch.new.opponent.description"),
        variant=cmd("cmd.runarch.new.variant.description"),
        target=cmd("cmd.runarch.new.target.description"),
        minimum=cmd("cmd.runarch.new.minimum.description"),
        bonus=cmd("cmd.runarch.new.bonus.description"),
        reminder=cmd("cmd.table.settings.reminder.description"),
        limit=cmd("cmd.table.settings.limit.description"),
        at_limit=cmd("cmd.table.settings.at_limit.description"),
    )
    @app_commands.choices(variant=_choices("variant", VARIANTS), at_limit=at_limit_choices())
    async def new(
        self,
        interaction: discord.Interaction,
        opponent: discord.User | None = None,
        variant: str | None = None,
        target: app_commands.Range[int, 30, 150] | None = None,
        minimum: app_commands.Range[int, 5, 10] | None = None,
        bonus: app_commands.Range[int, 0, 20] | None = None,
        reminder: str | None = None,
        limit: str | None = None,
        at_limit: str | None = None,
    ) -> None:
        options = {
            key: value
            for key, value in (
                ("variant", variant),
                ("target", target),
                ("minimum", minimum),
                ("best_bonus", bonus),
            )
            if value is not None
        }
        clock = self.service.typed_clock(NAME, reminder=reminder, limit=limit, at_limit=at_limit)
        await open_lobby(interaction, NAME, options, max_seats=2, opponent=opponent, clock=clock)

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

    @app_commands.command(name=cmd("cmd.runarch.solo.name"), description=cmd("cmd.runarch.solo.description"))
    @app_commands.rename(
        variant=cmd("cmd.runarch.solo.variant.name"), difficulty=cmd("cmd.runarch.solo.difficulty.name")
    )
    @app_commands.describe(
        variant=cmd("cmd.runarch.solo.variant.description"),
        difficulty=cmd("cmd.runarch.solo.difficulty.description"),
    )
    @app_commands.choices(
        variant=_choices("variant", VARIANTS), difficulty=_choices("difficulty", DIFFICULTIES)
    )
    async def solo(
        self, interaction: discord.Interaction, variant: str | None = None, difficulty: str | None = None
    ) -> None:
        if interaction.guild is not None or not isinstance(interaction.channel, discord.DMChannel):
            raise UserError("runarch.solo_dm_only")
        if await self.service.store.open_table_in(interaction.channel_id or 0, NAME) is not None:
            raise UserError("runarch.solo_busy")
        options = {key: value for key, value in (("variant", variant), ("difficulty", difficulty)) if value}
        table = await self.service.open_solo(interaction, NAME, options)
        intro = solo_intro(Tr(table.locale), table.options)
        await self.service.post_board(interaction, table, notices=[intro])

    # ---- looking
    @app_commands.command(
        name=cmd("cmd.runarch.board.name"), description=cmd("cmd.runarch.board.description")
    )
    async def board(self, interaction: discord.Interaction) -> None:
        await show_board(self.service, interaction, NAME)

    @app_commands.command(name=cmd("cmd.runarch.hand.name"), description=cmd("cmd.runarch.hand.description"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await show_hand(interaction)

    @app_commands.command(
        name=cmd("cmd.runarch.rules.name"), description=cmd("cmd.runarch.rules.description")
    )
    async def rules(self, interaction: discord.Interaction) -> None:
        lang = lang_of(interaction.locale)
        embed = discord.Embed(title=t(lang, "runarch.title"), description=t(lang, "runarch.rules_summary"))
        embed.add_field(
            name=t(lang, "runarch.rules_complex_title"), value=t(lang, "runarch.rules_complex"), inline=False
        )
        embed.add_field(
            name=t(lang, "runarch.rules_solo_title"), value=t(lang, "runarch.rules_solo"), inline=False
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(
        name=cmd("cmd.runarch.resign.name"), description=cmd("cmd.runarch.resign.description")
    )
    async def resign(self, interaction: discord.Interaction) -> None:
        table = await self.service.running_table_here(interaction, NAME)
        self.service.seat_of(table, interaction.user.id)
        tr = Tr(lang_of(interaction.locale))
        await interaction.response.send_message(
            tr("runarch.resign_confirm"), view=resign_view(table.id, tr), ephemeral=True
        )

    # ---- moves
    @app_commands.command(
        name=cmd("cmd.runarch.setup.name"), description=cmd("cmd.runarch.setup.description")
    )
    @app_commands.rename(
        goal=cmd("cmd.runarch.setup.goal.name"),
        secret=cmd("cmd.runarch.setup.secret.name"),
    )
    @app_commands.describe(
        goal=cmd("cmd.runarch.setup.goal.description"),
        secret=cmd("cmd.runarch.setup.secret.description"),
    )
    async def setup_choice(self, interaction: discord.Interaction, goal: str, secret: str) -> None:
        await self.service.play(interaction, f"setup {goal.strip()} {secret.strip()}", game=NAME)

    @app_commands.command(name=cmd("cmd.runarch.swap.name"), description=cmd("cmd.runarch.swap.description"))
    @app_commands.describe(a=cmd("cmd.runarch.swap.a.description"), b=cmd("cmd.runarch.swap.b.description"))
    async def swap(self, interaction: discord.Interaction, a: str, b: str) -> None:
        await self.service.play(interaction, f"swap {a.strip()} {b.strip()}", game=NAME)

    @app_commands.command(name=cmd("cmd.runarch.jump.name"), description=cmd("cmd.runarch.jump.description"))
    @app_commands.describe(a=cmd("cmd.runarch.jump.a.description"), b=cmd("cmd.runarch.jump.b.description"))
    async def jump(self, interaction: discord.Interaction, a: str, b: str) -> None:
        await self.service.play(interaction, f"jump {a.strip()} {b.strip()}", game=NAME)

    @app_commands.command(
        name=cmd("cmd.runarch.score.name"), description=cmd("cmd.runarch.score.description")
    )
    @app_commands.rename(
        card=cmd("cmd.runarch.score.card.name"),
        line=cmd("cmd.runarch.score.line.name"),
        archive=cmd("cmd.runarch.score.archive.name"),
    )
    @app_commands.describe(
        card=cmd("cmd.runarch.score.card.description"),
        line=cmd("cmd.runarch.score.line.description"),
        archive=cmd("cmd.runarch.score.archive.description"),
    )
    @app_commands.choices(archive=_choices("archive", ARCHIVES))
    async def score(
        self, interaction: discord.Interaction, card: str, line: str, archive: str | None = None
    ) -> None:
        table = await self.service.running_table_here(interaction, NAME)
        assert table.state is not None
        if archive is None and table.state.get("variant") == "complex":
            archive = only_archive(table.state, self.service.seat_of(table, interaction.user.id), card)
        words = ["score", card.strip(), line.strip(), *([archive] if archive else [])]
        await self.service.play(interaction, " ".join(words), game=NAME, table=table)

    @app_commands.command(name=cmd("cmd.runarch.bet.name"), description=cmd("cmd.runarch.bet.description"))
    @app_commands.rename(place=cmd("cmd.runarch.bet.place.name"))
    @app_commands.describe(place=cmd("cmd.runarch.bet.place.description"))
    async def bet(self, interaction: discord.Interaction, place: str) -> None:
        words = place.strip().split()
        notation = " ".join(words if words[:1] == ["bet"] else ["bet", *words])
        await self.service.play(interaction, notation, game=NAME)

    @app_commands.command(name=cmd("cmd.runarch.draw.name"), description=cmd("cmd.runarch.draw.description"))
    @app_commands.rename(offer=cmd("cmd.runarch.draw.offer.name"))
    @app_commands.describe(offer=cmd("cmd.runarch.draw.offer.description"))
    async def draw(
        self, interaction: discord.Interaction, offer: app_commands.Range[int, 1, 4] | None = None
    ) -> None:
        await self.service.play(interaction, "draw" if offer is None else f"take {offer}", game=NAME)

    @app_commands.command(name=cmd("cmd.runarch.end.name"), description=cmd("cmd.runarch.end.description"))
    async def end(self, interaction: discord.Interaction) -> None:
        await self.service.play(interaction, "end", game=NAME)

    # ---- autocomplete: only what the engine would accept, labelled in words
    async def _state_and_seat(self, interaction: discord.Interaction) -> tuple[dict[str, Any], int] | None:
        table = await self.service.store.open_table_in(interaction.channel_id or 0, NAME)
        if table is None or table.state is None:
            return None
        seat = table.seat_of(interaction.user.id)
        return (table.state, seat) if seat is not None else None

    @staticmethod
    def _typed(interaction: discord.Interaction, name: str) -> str:
        return str(getattr(interaction.namespace, name, "") or "").strip()

    @swap.autocomplete("a")
    @jump.autocomplete("a")
    async def _cells_a(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._state_and_seat(interaction)
        if found is None:
            return []
        kind = command_kind(interaction)
        movable = {c for m in GAME.legal_moves(found[0], found[1]) if m.kind == kind for c in m.args}
        cells = [c for c in CELLS if c in movable] or CELLS
        return cell_choices(Tr(lang_of(interaction.locale)), found[0], cells, current)

    @swap.autocomplete("b")
    @jump.autocomplete("b")
    async def _cells_b(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._state_and_seat(interaction)
        if found is None:
            return []
        kind = command_kind(interaction)
        first = self._typed(interaction, "a").upper()
        cells = partners(found[0], found[1], first, kind) if first in CELLS else CELLS
        return cell_choices(Tr(lang_of(interaction.locale)), found[0], cells, current)

    @score.autocomplete("card")
    async def _cards(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await self._state_and_seat(interaction)
        if found is None:
            return []
        tr = Tr(lang_of(interaction.locale))
        view = GAME.view(found[0], found[1])
        label = card_with_goal if view["variant"] == "complex" else card_label
        wanted = current.strip().upper()
        return [
            app_commands.Choice(name=clip(label(tr, card)), value=card["id"])
            for card in view["hand"]
            if card["id"].startswith(wanted)
        ]

    @score.autocomplete("line")
    async def _lines(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await self._state_and_seat(interaction)
        if found is None:
            return []
        tr = Tr(lang_of(interaction.locale))
        card = self._typed(interaction, "card").upper()
        hand_ids = {c["id"] for c in GAME.view(found[0], found[1])["hand"]}
        options = GAME.scoring_options(found[0], found[1], card if card in hand_ids else None)
        wanted = current.strip().lower()
        return [
            app_commands.Choice(name=scoring_label(tr, o)[:100], value=o["line"])
            for o in options
            if o["line"].lower().startswith(wanted)
        ][:CHOICES_MAX]

    @setup_choice.autocomplete("goal")
    @setup_choice.autocomplete("secret")
    async def _setup_cards(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._state_and_seat(interaction)
        if found is None:
            return []
        tr = Tr(lang_of(interaction.locale))
        wanted = current.strip().upper()
        return [
            app_commands.Choice(name=clip(card_with_goal(tr, card)), value=card["id"])
            for card in GAME.view(found[0], found[1]).get("setup_hand", [])
            if card["id"].startswith(wanted)
        ]

    @bet.autocomplete("place")
    async def _bets(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await self._state_and_seat(interaction)
        if found is None:
            return []
        tr = Tr(lang_of(interaction.locale))
        goals = GAME.view(found[0], None).get("goals", [])
        wanted = current.strip().lower()
        return [
            app_commands.Choice(name=bet_label(tr, n, goals)[:100], value=n.removeprefix("bet "))
            for n in GAME.bet_options(found[0], found[1])
            if n.removeprefix("bet ").startswith(wanted)
        ][:CHOICES_MAX]

    @draw.autocomplete("offer")
    async def _offer(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        found = await self._state_and_seat(interaction)
        if found is None:
            return []
        tr = Tr(lang_of(interaction.locale))
        offer = GAME.view(found[0], None).get("offer", [])
        return [
            app_commands.Choice(name=offer_label(tr, i, m)[:100], value=i)
            for i, m in enumerate(offer, start=1)
        ]


def only_archive(state: dict[str, Any], seat: int, card: str) -> str | None:
    """The archive a card goes to when only one would take it; otherwise ``None``, and the engine
    asks the player to choose (or says why the scoring is refused)."""
    wanted = card.strip().upper()
    fitting = {a for o in GAME.scoring_options(state, seat, wanted) for a in o["archives"]}
    return fitting.pop() if len(fitting) == 1 else None


def command_kind(interaction: discord.Interaction) -> str:
    """``jump`` or ``swap``: which of the two cell commands is being typed (registered in English)."""
    command = interaction.command
    return "jump" if command is not None and command.name == t("en", "cmd.runarch.jump.name") else "swap"


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(BoardButton, ExpiredPicker, ResignButton)
    await bot.add_cog(RunArch(bot))
