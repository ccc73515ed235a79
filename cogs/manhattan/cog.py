"""``/manhattan …``: slash commands and autocomplete, thin over the table service.

Every command resolves the table from the thread it is used in and hands a move in notation
to the service, which checks it against the engine: a refused move is answered privately and
changes nothing. Autocomplete offers only what ``legal_moves`` lists, in words.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.clock_settings import at_limit_choices, duration_choices
from bot.confirm import Preview, show_preview
from bot.errors import UserError
from bot.finished import show_board
from bot.i18n import Tr, cmd, lang_of, t
from bot.invites import default_seats
from bot.lobby import open_lobby
from bot.tables import GameAdapter, TableService
from cogs.manhattan.alt_text import alt_texts, gone, legend_words
from cogs.manhattan.board import BoardButton, ExpiredPicker, board_view
from cogs.manhattan.events import event_words
from cogs.manhattan.labels import CHOICES_MAX, bomb_label, building_label, clip, space_name, workers_words
from cogs.manhattan.pickers import (
    PICKERS,
    PREFIX,
    place_rest_words,
    repair_labels,
    rest_of,
    work_rest_words,
    workers_key,
)
from cogs.manhattan.private import own_choices, show_bombs
from cogs.manhattan.seats import COLOURS, player_words, seat_named, target_words
from cogs.manhattan.typed_words import space_typed, workers_or_refuse, workers_typed
from db.models import TableRow
from engine.core import Move
from engine.manhattan.game import GAME
from render.manhattan.board import board_image, render_board, render_details
from render.manhattan.legend import render_legend

NAME = "manhattan"
KINDS = ("E", "S")
STRIKES = ("fighter", "bomber")


def _choices(group: str, values: tuple[str, ...]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=cmd(f"cmd.manhattan.{group}.{v}"), value=v) for v in values]


class Manhattan(
    commands.GroupCog,
    group_name=cmd("cmd.manhattan.name"),
    group_description=cmd("cmd.manhattan.description"),
):
    """The Manhattan Project's commands; moves go through the table service, which owns their safety."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.service: TableService = bot.tables  # type: ignore[attr-defined]
        self.service.register(
            GameAdapter(
                game=GAME,
                title_key="manhattan.title",
                render_board=render_board,
                board_view=board_view,
                event_words=event_words,
                board_image=board_image,
                render_details=render_details,
                alt_text=alt_texts,
                gone=gone,
                pickers=PICKERS,
                show_private=own_choices,
            )
        )

    async def _play(self, interaction: discord.Interaction, notation: str) -> None:
        await self.service.play(interaction, notation, game=NAME)

    # ---- opening tables
    @app_commands.command(
        name=cmd("cmd.manhattan.new.name"), description=cmd("cmd.manhattan.new.description")
    )
    @app_commands.rename(
        players=cmd("cmd.manhattan.new.players.name"),
        opponents=cmd("cmd.manhattan.new.opponents.name"),
        rounds=cmd("cmd.manhattan.new.rounds.name"),
        reminder=cmd("cmd.table.settings.reminder.name"),
        limit=cmd("cmd.table.settings.limit.name"),
        at_limit=cmd("cmd.table.settings.at_limit.name"),
    )
    @app_commands.describe(
        players=cmd("cmd.manhattan.new.players.description"),
        opponents=cmd("cmd.manhattan.new.opponents.description"),
        rounds=cmd("cmd.manhattan.new.rounds.description"),
        reminder=cmd("cmd.table.settings.reminder.description"),
        limit=cmd("cmd.table.settings.limit.description"),
        at_limit=cmd("cmd.table.settings.at_limit.description"),
    )
    @app_commands.choices(at_limit=at_limit_choices())
    async def new(
        self,
        interaction: discord.Interaction,
        players: app_commands.Range[int, 2, 5] | None = None,
        opponents: str | None = None,
        rounds: app_commands.Range[int, 10, 100] | None = None,
        reminder: str | None = None,
        limit: str | None = None,
        at_limit: str | None = None,
    ) -> None:
        """A lobby of ``players`` seats (default: the host and the invited, at least 2)."""
        options = {"max_rounds": rounds} if rounds is not None else {}
        clock = self.service.typed_clock(NAME, reminder=reminder, limit=limit, at_limit=at_limit)
        seats = players if players is not None else default_seats(opponents, 5)
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
        name=cmd("cmd.manhattan.board.name"), description=cmd("cmd.manhattan.board.description")
    )
    async def board(self, interaction: discord.Interaction) -> None:
        await show_board(self.service, interaction, NAME)

    @app_commands.command(
        name=cmd("cmd.manhattan.bombs.name"), description=cmd("cmd.manhattan.bombs.description")
    )
    async def bombs(self, interaction: discord.Interaction) -> None:
        await show_bombs(interaction)

    @app_commands.command(
        name=cmd("cmd.manhattan.rules.name"), description=cmd("cmd.manhattan.rules.description")
    )
    async def rules(self, interaction: discord.Interaction) -> None:
        lang = lang_of(interaction.locale)
        embed = discord.Embed(
            title=t(lang, "manhattan.title"), description=t(lang, "manhattan.rules_summary")
        )
        embed.add_field(
            name=t(lang, "manhattan.rules_board_title"), value=t(lang, "manhattan.rules_board"), inline=False
        )
        embed.add_field(
            name=t(lang, "manhattan.rules_bombs_title"), value=t(lang, "manhattan.rules_bombs"), inline=False
        )
        embed.add_field(
            name=t(lang, "manhattan.rules_end_title"), value=t(lang, "manhattan.rules_end"), inline=False
        )
        legend = discord.File(
            io.BytesIO(render_legend(Tr(lang))), filename="legend.png", description=legend_words(Tr(lang))
        )
        embed.set_image(url="attachment://legend.png")
        await interaction.response.send_message(embed=embed, file=legend, ephemeral=True)

    @app_commands.command(
        name=cmd("cmd.manhattan.resign.name"), description=cmd("cmd.manhattan.resign.description")
    )
    async def resign(self, interaction: discord.Interaction) -> None:
        """Asked once more: leaving cannot be taken back (with three or more the game goes on)."""
        table = await self.service.running_table_here(interaction, NAME)
        seat = self.service.seat_of(table, interaction.user.id)
        tr = Tr(lang_of(interaction.locale))
        key = "manhattan.resign_confirm" if len(table.seats) > 2 else "manhattan.resign_confirm_two"
        await show_preview(
            interaction, PREFIX, "resign", table, seat, "resign", Preview(tr(key)), tr, check_version=False
        )

    # ---- moves
    @app_commands.command(
        name=cmd("cmd.manhattan.bonus.name"), description=cmd("cmd.manhattan.bonus.description")
    )
    @app_commands.rename(kind=cmd("cmd.manhattan.bonus.kind.name"))
    @app_commands.describe(kind=cmd("cmd.manhattan.bonus.kind.description"))
    @app_commands.choices(kind=_choices("kind", KINDS))
    async def bonus(self, interaction: discord.Interaction, kind: str) -> None:
        await self._play(interaction, f"bonus {kind}")

    @app_commands.command(
        name=cmd("cmd.manhattan.place.name"), description=cmd("cmd.manhattan.place.description")
    )
    @app_commands.rename(
        space=cmd("cmd.manhattan.place.space.name"),
        workers=cmd("cmd.manhattan.place.workers.name"),
        choice=cmd("cmd.manhattan.place.choice.name"),
    )
    @app_commands.describe(
        space=cmd("cmd.manhattan.place.space.description"),
        workers=cmd("cmd.manhattan.place.workers.description"),
        choice=cmd("cmd.manhattan.place.choice.description"),
    )
    async def place(
        self, interaction: discord.Interaction, space: str, workers: str, choice: str | None = None
    ) -> None:
        parts = ["place", space_typed(space), workers_or_refuse(workers)]
        if choice:
            parts.append(choice.strip().upper() if choice.strip().upper() in KINDS else choice.strip())
        await self._play(interaction, " ".join(parts))

    @app_commands.command(
        name=cmd("cmd.manhattan.work.name"), description=cmd("cmd.manhattan.work.description")
    )
    @app_commands.rename(
        building=cmd("cmd.manhattan.work.building.name"),
        workers=cmd("cmd.manhattan.work.workers.name"),
        choice=cmd("cmd.manhattan.work.choice.name"),
    )
    @app_commands.describe(
        building=cmd("cmd.manhattan.work.building.description"),
        workers=cmd("cmd.manhattan.work.workers.description"),
        choice=cmd("cmd.manhattan.work.choice.description"),
    )
    async def work(
        self, interaction: discord.Interaction, building: str, workers: str, choice: str | None = None
    ) -> None:
        parts = ["work", building.strip().upper(), workers_or_refuse(workers)]
        if choice:
            parts.append(choice.strip().lower())
        await self._play(interaction, " ".join(parts))

    @app_commands.command(
        name=cmd("cmd.manhattan.build.name"), description=cmd("cmd.manhattan.build.description")
    )
    @app_commands.rename(
        bomb=cmd("cmd.manhattan.build.bomb.name"), workers=cmd("cmd.manhattan.build.workers.name")
    )
    @app_commands.describe(
        bomb=cmd("cmd.manhattan.build.bomb.description"),
        workers=cmd("cmd.manhattan.build.workers.description"),
    )
    async def build(self, interaction: discord.Interaction, bomb: str, workers: str) -> None:
        await self._play(interaction, f"bomb {bomb.strip().upper()} {workers_or_refuse(workers)}")

    @app_commands.command(
        name=cmd("cmd.manhattan.test.name"), description=cmd("cmd.manhattan.test.description")
    )
    @app_commands.rename(bomb=cmd("cmd.manhattan.test.bomb.name"))
    @app_commands.describe(bomb=cmd("cmd.manhattan.test.bomb.description"))
    async def test(self, interaction: discord.Interaction, bomb: str) -> None:
        await self._play(interaction, f"test {bomb.strip().upper()}")

    @app_commands.command(
        name=cmd("cmd.manhattan.load.name"), description=cmd("cmd.manhattan.load.description")
    )
    @app_commands.rename(bomb=cmd("cmd.manhattan.load.bomb.name"))
    @app_commands.describe(bomb=cmd("cmd.manhattan.load.bomb.description"))
    async def load(self, interaction: discord.Interaction, bomb: str) -> None:
        await self._play(interaction, f"load {bomb.strip().upper()}")

    @app_commands.command(
        name=cmd("cmd.manhattan.strike.name"), description=cmd("cmd.manhattan.strike.description")
    )
    @app_commands.rename(
        target=cmd("cmd.manhattan.strike.target.name"), what=cmd("cmd.manhattan.strike.what.name")
    )
    @app_commands.describe(
        target=cmd("cmd.manhattan.strike.target.description"),
        what=cmd("cmd.manhattan.strike.what.description"),
    )
    async def strike(self, interaction: discord.Interaction, target: str, what: str) -> None:
        seat = await self._target_seat(interaction, target)
        aim = what.strip()
        if aim.lower() in STRIKES:
            await self._play(interaction, f"attack {seat} {aim.lower()}")
        else:
            await self._play(interaction, f"raid {seat} {aim.upper()}")

    async def _target_seat(self, interaction: discord.Interaction, target: str) -> int:
        """The seat a typed target names (a player's name or colour), or a refusal that lists them."""
        table = await self.service.running_table_here(interaction, NAME)
        assert table.state is not None
        tr = Tr(lang_of(interaction.locale))
        names = self.service.names(table, tr)
        players = table.state["players"]
        seat = seat_named(target, players, names)
        if seat is None:
            others = ", ".join(player_words(tr, s, names) for s in range(players))
            raise UserError("manhattan.pick.unknown_target", typed=target.strip(), players=others)
        return seat

    @app_commands.command(
        name=cmd("cmd.manhattan.repair.name"), description=cmd("cmd.manhattan.repair.description")
    )
    @app_commands.rename(buildings=cmd("cmd.manhattan.repair.buildings.name"))
    @app_commands.describe(buildings=cmd("cmd.manhattan.repair.buildings.description"))
    async def repair(self, interaction: discord.Interaction, buildings: str) -> None:
        words = buildings.split()
        cards = (
            ["none"] if not words or words[0].lower() in ("none", "nic", "-") else [w.upper() for w in words]
        )
        await self._play(interaction, " ".join(["repair", *cards]))

    @app_commands.command(
        name=cmd("cmd.manhattan.pick.name"), description=cmd("cmd.manhattan.pick.description")
    )
    @app_commands.rename(bomb=cmd("cmd.manhattan.pick.bomb.name"))
    @app_commands.describe(bomb=cmd("cmd.manhattan.pick.bomb.description"))
    async def pick(self, interaction: discord.Interaction, bomb: str) -> None:
        await self._play(interaction, f"pick {bomb.strip().upper()}")

    @app_commands.command(
        name=cmd("cmd.manhattan.end.name"), description=cmd("cmd.manhattan.end.description")
    )
    async def end(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "done")

    @app_commands.command(
        name=cmd("cmd.manhattan.retrieve.name"), description=cmd("cmd.manhattan.retrieve.description")
    )
    async def retrieve(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "retrieve")

    # ---- autocomplete: only what the engine would accept, in words
    async def _legal(
        self, interaction: discord.Interaction, kinds: Iterable[str]
    ) -> tuple[dict[str, Any], int, Tr, list[Move]] | None:
        """The table's state, the typing player's seat, their language and their legal moves of
        ``kinds`` (``None``: not playing here)."""
        found = await self._table(interaction)
        if found is None:
            return None
        table, seat = found
        assert table.state is not None
        wanted = set(kinds)
        moves = [m for m in GAME.legal_moves(table.state, seat) if m.kind in wanted]
        return table.state, seat, Tr(lang_of(interaction.locale)), moves

    async def _table(self, interaction: discord.Interaction) -> tuple[TableRow, int] | None:
        table = await self.service.store.open_table_in(interaction.channel_id or 0, NAME)
        if table is None or table.state is None:
            return None
        seat = table.seat_of(interaction.user.id)
        return None if seat is None else (table, seat)

    @staticmethod
    def _typed(interaction: discord.Interaction, name: str) -> str:
        return str(getattr(interaction.namespace, name, "") or "").strip()

    @staticmethod
    def _offer(
        values: Iterable[str], label: Callable[[str], str], current: str
    ) -> list[app_commands.Choice[str]]:
        wanted = current.strip().lower()
        out = []
        for value in dict.fromkeys(values):
            text = label(value)
            if not wanted or wanted in text.lower() or value.lower().startswith(wanted):
                out.append(app_commands.Choice(name=clip(text), value=value))
        return out[:CHOICES_MAX]

    @place.autocomplete("space")
    async def _spaces(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await self._legal(interaction, ("place",))
        if found is None:
            return []
        _, _, tr, moves = found
        return self._offer((m.args[0] for m in moves), lambda s: space_name(tr, s), current)

    @place.autocomplete("workers")
    @work.autocomplete("workers")
    @build.autocomplete("workers")
    async def _worker_mixes(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        command = interaction.command.name if interaction.command else ""
        kind = {
            t("en", "cmd.manhattan.place.name"): ("place", "space"),
            t("en", "cmd.manhattan.work.name"): ("work", "building"),
            t("en", "cmd.manhattan.build.name"): ("bomb", "bomb"),
        }.get(command, ("place", "space"))
        found = await self._legal(interaction, (kind[0],))
        if found is None:
            return []
        _, _, tr, moves = found
        first = self._typed(interaction, kind[1])
        first = space_typed(first) if kind[0] == "place" else first.upper()
        mixes = sorted({m.args[1] for m in moves if not first or m.args[0] == first}, key=workers_key)
        return self._offer(mixes, lambda w: workers_words(tr, w), current)

    @place.autocomplete("choice")
    async def _place_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._legal(interaction, ("place",))
        if found is None:
            return []
        state, seat, tr, moves = found
        space = space_typed(self._typed(interaction, "space"))
        workers = workers_typed(self._typed(interaction, "workers"))
        values = [
            rest_of(m)
            for m in moves
            if len(m.args) > 2 and m.args[0] == space and (not workers or m.args[1] == workers)
        ]
        return self._offer(values, lambda v: place_rest_words(tr, state, seat, space, v), current)

    @work.autocomplete("building")
    async def _buildings(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._legal(interaction, ("work",))
        if found is None:
            return []
        state, _, tr, moves = found
        return self._offer((m.args[0] for m in moves), lambda c: building_label(tr, state, c), current)

    @work.autocomplete("choice")
    async def _work_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._legal(interaction, ("work",))
        if found is None:
            return []
        state, seat, tr, moves = found
        card = self._typed(interaction, "building").upper()
        values = [rest_of(m) for m in moves if m.args[0] == card and len(m.args) > 2]
        return self._offer(values, lambda v: work_rest_words(tr, state, seat, card, v), current)

    @build.autocomplete("bomb")
    @test.autocomplete("bomb")
    @load.autocomplete("bomb")
    @pick.autocomplete("bomb")
    async def _bombs(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        command = interaction.command.name if interaction.command else ""
        kind = {
            t("en", "cmd.manhattan.build.name"): "bomb",
            t("en", "cmd.manhattan.test.name"): "test",
            t("en", "cmd.manhattan.load.name"): "load",
        }.get(command, "pick")
        found = await self._legal(interaction, (kind,))
        if found is None:
            return []
        state, _, tr, moves = found
        return self._offer((m.args[0] for m in moves), lambda b: bomb_label(tr, state, b), current)

    @strike.autocomplete("target")
    async def _targets(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._table(interaction)
        if found is None:
            return []
        table, seat = found
        assert table.state is not None
        tr = Tr(lang_of(interaction.locale))
        names = self.service.names(table, tr)
        moves = [m for m in GAME.legal_moves(table.state, seat) if m.kind in ("attack", "raid")]
        seats = sorted({int(m.args[0]) for m in moves})
        wanted = current.strip()
        out = []
        for target in seats:
            text = target_words(tr, table.state, target, names)
            typed_seat = seat_named(wanted, table.state["players"], names) if wanted else None
            if not wanted or wanted.lower() in text.lower() or typed_seat == target:
                out.append(app_commands.Choice(name=clip(text), value=COLOURS[target]))
        return out[:CHOICES_MAX]

    @strike.autocomplete("what")
    async def _strike_aims(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._legal(interaction, ("attack", "raid"))
        if found is None:
            return []
        state, _, tr, moves = found
        typed = self._typed(interaction, "target")
        names = []
        if typed:
            table = await self.service.store.open_table_in(interaction.channel_id or 0, NAME)
            names = self.service.names(table, tr) if table is not None else []
        target = seat_named(typed, state["players"], names) if typed else None
        values = [m.args[1] for m in moves if target is None or int(m.args[0]) == target]

        def label(value: str) -> str:
            if value in STRIKES:
                return tr(f"manhattan.pick.strike.{value}")
            return tr("manhattan.pick.raid_label", building=building_label(tr, state, value))

        return self._offer(values, label, current)

    @repair.autocomplete("buildings")
    async def _repairs(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._legal(interaction, ("repair",))
        if found is None:
            return []
        state, seat, tr, moves = found
        options = repair_labels(tr, state, seat, (), [m.notation for m in moves])
        return self._offer(
            (o.value.split(" ", 1)[1] for o in options),
            lambda v: next(o.label for o in options if o.value == f"repair {v}"),
            current,
        )


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(BoardButton, ExpiredPicker)
    await bot.add_cog(Manhattan(bot))
