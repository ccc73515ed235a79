"""``/marsbot …``: the solo companion's slash commands, thin over the table service.

A MarsBot game lives in the person's DM (one per DM, beside other games' solo tables). Every
command hands a move in notation to the service, which checks it against the engine: a refused
move is answered privately and changes nothing. The buttons under each board post do the same
in a few taps (``cogs.marsbot.board``); the commands are for typing, and autocomplete offers
only what is legal now.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.confirm import Preview, show_preview
from bot.errors import UserError
from bot.finished import show_board
from bot.i18n import LANGS, Tr, cmd, lang_of, t
from bot.tables import GameAdapter, TableService
from bot.undo import take_back
from cogs.marsbot.alt_text import alt_texts, legend_words
from cogs.marsbot.board import BoardButton, ExpiredPicker, board_view, person_moves
from cogs.marsbot.custom_level import CustomLevel, level_view
from cogs.marsbot.events import event_words
from cogs.marsbot.form import FormButton, allowed_tags
from cogs.marsbot.labels import award_name, clip, milestone_name, space_words
from cogs.marsbot.opening import NAME, may_open, open_game
from cogs.marsbot.pickers import PICKERS, PREFIX
from cogs.marsbot.questions import awaited
from cogs.marsbot.tag_select import TagSelect
from cogs.marsbot.taken_back import put_back
from cogs.marsbot.typed_tags import typed_tags
from db.models import TableRow
from engine.core import Move
from engine.marsbot.content import ALL_AWARDS, ALL_MILESTONES, CUTS, OFF_MARS, mars_of
from engine.marsbot.game import GAME
from engine.marsbot.levels import CUSTOM
from engine.marsbot.maps import MAPS
from engine.marsbot.notation import COLOURS, UNASKED
from engine.marsbot.reports import card_facts
from engine.marsbot.setup import NEW_GAME_CORPORATIONS
from render.marsbot.board import board_image, render_board
from render.marsbot.claims import render_claims
from render.marsbot.legend import legend_png

TILES = ("ocean", "greenery", "city", "special")
PARAMS = ("temperature", "oxygen", "venus")
CORPORATIONS = NEW_GAME_CORPORATIONS
CHOICES_MAX = 25
LEVELS: tuple[str, ...] = GAME.info.options["difficulty"].choices


def _choices(group: str, values: Iterable[str]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=cmd(f"cmd.marsbot.{group}.{v}"), value=v) for v in values]


def claim_id(typed: str, ids: tuple[str, ...], name: Callable[[Tr, str], str]) -> str:
    """A milestone or award typed without its autocomplete: its id, or its name in either
    language ("Hoverlord", "král plošin") read as the id; anything else is left for the engine
    to refuse."""
    word = typed.strip().casefold()
    for which in ids:
        if word == which or any(word == name(Tr(lang), which).casefold() for lang in LANGS):
            return which
    return typed.strip()


class MarsBot(
    commands.GroupCog, group_name=cmd("cmd.marsbot.name"), group_description=cmd("cmd.marsbot.description")
):
    """MarsBot's commands; moves go through the table service, which owns their safety."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.service: TableService = bot.tables  # type: ignore[attr-defined]
        self.service.register(
            GameAdapter(
                game=GAME,
                title_key="marsbot.title",
                render_board=render_board,
                board_view=board_view,
                event_words=event_words,
                board_image=board_image,
                alt_text=alt_texts,
                pickers=PICKERS,
                taken_back=put_back,
                awaited=awaited,
                render_details=render_claims,
                post_limit=None,
            )
        )

    async def _play(
        self, interaction: discord.Interaction, notation: str, table: TableRow | None = None
    ) -> None:
        """``table``: the running table as the command just read it (not read again)."""
        await self.service.play(interaction, notation, game=NAME, table=table)

    # ---- a new game
    @app_commands.command(name=cmd("cmd.marsbot.new.name"), description=cmd("cmd.marsbot.new.description"))
    @app_commands.rename(
        difficulty=cmd("cmd.marsbot.new.difficulty.name"),
        map=cmd("cmd.marsbot.new.map.name"),
        corporation=cmd("cmd.marsbot.new.corporation.name"),
        prelude=cmd("cmd.marsbot.new.prelude.name"),
        venus=cmd("cmd.marsbot.new.venus.name"),
        draft=cmd("cmd.marsbot.new.draft.name"),
    )
    @app_commands.describe(
        difficulty=cmd("cmd.marsbot.new.difficulty.description"),
        map=cmd("cmd.marsbot.new.map.description"),
        corporation=cmd("cmd.marsbot.new.corporation.description"),
        prelude=cmd("cmd.marsbot.new.prelude.description"),
        venus=cmd("cmd.marsbot.new.venus.description"),
        draft=cmd("cmd.marsbot.new.draft.description"),
    )
    @app_commands.choices(
        difficulty=_choices("difficulty", LEVELS),
        map=_choices("map", MAPS),
        corporation=_choices("corporation", CORPORATIONS),
    )
    async def new(
        self,
        interaction: discord.Interaction,
        difficulty: str | None = None,
        map: str | None = None,
        corporation: str | None = None,
        prelude: bool | None = None,
        venus: bool | None = None,
        draft: bool | None = None,
    ) -> None:
        """A solo game against MarsBot in this DM, started at once (a custom level: once the
        person has chosen its modifications)."""
        await may_open(self.service, interaction)
        given = {
            "difficulty": difficulty,
            "map": map,
            "corporation": corporation,
            "prelude": prelude,
            "venus": venus,
            "draft": draft,
        }
        options = {key: value for key, value in given.items() if value is not None}
        if difficulty == CUSTOM:
            tr = Tr(lang_of(interaction.locale))
            view = level_view(tr, options)
            await interaction.response.send_message(tr("marsbot.custom.prompt"), view=view, ephemeral=True)
            return
        await open_game(self.service, interaction, options)

    # ---- looking
    @app_commands.command(
        name=cmd("cmd.marsbot.board.name"), description=cmd("cmd.marsbot.board.description")
    )
    async def board(self, interaction: discord.Interaction) -> None:
        await show_board(self.service, interaction, NAME)

    @app_commands.command(
        name=cmd("cmd.marsbot.rules.name"), description=cmd("cmd.marsbot.rules.description")
    )
    async def rules(self, interaction: discord.Interaction) -> None:
        lang = lang_of(interaction.locale)
        embed = discord.Embed(title=t(lang, "marsbot.title"), description=t(lang, "marsbot.rules.summary"))
        for part in ("turn", "you", "tiles", "cards", "end", "levels"):
            embed.add_field(
                name=t(lang, f"marsbot.rules.{part}_title"),
                value=t(lang, f"marsbot.rules.{part}"),
                inline=False,
            )
        embed.set_image(url="attachment://marsbot-legend.png")
        png, alt = legend_png(Tr(lang)), legend_words(Tr(lang))
        legend = discord.File(io.BytesIO(png), filename="marsbot-legend.png", description=alt)
        await interaction.response.send_message(embed=embed, file=legend, ephemeral=True)

    @app_commands.command(name=cmd("cmd.marsbot.undo.name"), description=cmd("cmd.marsbot.undo.description"))
    async def undo(self, interaction: discord.Interaction) -> None:
        await take_back(self.service, interaction, game=NAME)

    @app_commands.command(
        name=cmd("cmd.marsbot.resign.name"), description=cmd("cmd.marsbot.resign.description")
    )
    async def resign(self, interaction: discord.Interaction) -> None:
        table = await self.service.running_table_here(interaction, NAME)
        seat = self.service.seat_of(table, interaction.user.id)
        tr = Tr(lang_of(interaction.locale))
        await show_preview(
            interaction,
            PREFIX,
            "resign",
            table,
            seat,
            "resign",
            Preview(tr("marsbot.resign_confirm")),
            tr,
            check_version=False,
        )

    # ---- the person's reports
    @app_commands.command(name=cmd("cmd.marsbot.tile.name"), description=cmd("cmd.marsbot.tile.description"))
    @app_commands.rename(kind=cmd("cmd.marsbot.tile.kind.name"), space=cmd("cmd.marsbot.tile.space.name"))
    @app_commands.describe(
        kind=cmd("cmd.marsbot.tile.kind.description"), space=cmd("cmd.marsbot.tile.space.description")
    )
    @app_commands.choices(kind=_choices("tile", TILES))
    async def tile(self, interaction: discord.Interaction, kind: str, space: str) -> None:
        typed = "".join(space.split()).upper()
        table = await self.service.running_table_here(interaction, NAME)
        assert table.state is not None
        if typed not in OFF_MARS and typed not in mars_of(table.state).spaces:
            # "Z9", "C44" or "12" are not spaces of the map: the map's sentence, not "bad notation"
            raise UserError("marsbot.no_such_space", space=space.strip()[:20], tile=kind)
        await self._play(interaction, f"tile {kind} {typed}", table)

    @app_commands.command(
        name=cmd("cmd.marsbot.raise.name"), description=cmd("cmd.marsbot.raise.description")
    )
    @app_commands.rename(param=cmd("cmd.marsbot.raise.param.name"), steps=cmd("cmd.marsbot.raise.steps.name"))
    @app_commands.describe(
        param=cmd("cmd.marsbot.raise.param.description"), steps=cmd("cmd.marsbot.raise.steps.description")
    )
    @app_commands.choices(param=_choices("param", PARAMS))
    async def raise_(
        self, interaction: discord.Interaction, param: str, steps: app_commands.Range[int, 1, 19] = 1
    ) -> None:
        await self._play(interaction, f"raise {param} {steps}")

    @app_commands.command(name=cmd("cmd.marsbot.cut.name"), description=cmd("cmd.marsbot.cut.description"))
    @app_commands.rename(
        resource=cmd("cmd.marsbot.cut.resource.name"), steps=cmd("cmd.marsbot.cut.steps.name")
    )
    @app_commands.describe(
        resource=cmd("cmd.marsbot.cut.resource.description"), steps=cmd("cmd.marsbot.cut.steps.description")
    )
    @app_commands.choices(resource=_choices("resource", CUTS))
    async def cut(
        self, interaction: discord.Interaction, resource: str, steps: app_commands.Range[int, 1, 18] = 1
    ) -> None:
        await self._play(interaction, f"cut {resource} {steps}")

    @app_commands.command(name=cmd("cmd.marsbot.take.name"), description=cmd("cmd.marsbot.take.description"))
    @app_commands.rename(amount=cmd("cmd.marsbot.take.amount.name"))
    @app_commands.describe(amount=cmd("cmd.marsbot.take.amount.description"))
    async def take(self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, 99]) -> None:
        await self._play(interaction, f"take {amount}")

    @app_commands.command(name=cmd("cmd.marsbot.gain.name"), description=cmd("cmd.marsbot.gain.description"))
    @app_commands.rename(amount=cmd("cmd.marsbot.gain.amount.name"))
    @app_commands.describe(amount=cmd("cmd.marsbot.gain.amount.description"))
    async def gain(
        self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, 99] = 1
    ) -> None:
        await self._play(interaction, f"gain {amount}")

    @app_commands.command(
        name=cmd("cmd.marsbot.advance.name"), description=cmd("cmd.marsbot.advance.description")
    )
    async def advance(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "advance")

    @app_commands.command(
        name=cmd("cmd.marsbot.milestone.name"), description=cmd("cmd.marsbot.milestone.description")
    )
    @app_commands.rename(which=cmd("cmd.marsbot.milestone.which.name"))
    @app_commands.describe(which=cmd("cmd.marsbot.milestone.which.description"))
    async def milestone(self, interaction: discord.Interaction, which: str) -> None:
        await self._play(interaction, f"milestone {claim_id(which, ALL_MILESTONES, milestone_name)}")

    @app_commands.command(
        name=cmd("cmd.marsbot.award.name"), description=cmd("cmd.marsbot.award.description")
    )
    @app_commands.rename(which=cmd("cmd.marsbot.award.which.name"))
    @app_commands.describe(which=cmd("cmd.marsbot.award.which.description"))
    async def award(self, interaction: discord.Interaction, which: str) -> None:
        await self._play(interaction, f"award {claim_id(which, ALL_AWARDS, award_name)}")

    @app_commands.command(name=cmd("cmd.marsbot.done.name"), description=cmd("cmd.marsbot.done.description"))
    async def done(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "done")

    @app_commands.command(name=cmd("cmd.marsbot.pass.name"), description=cmd("cmd.marsbot.pass.description"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "pass")

    # ---- answers to MarsBot's questions
    @app_commands.command(name=cmd("cmd.marsbot.card.name"), description=cmd("cmd.marsbot.card.description"))
    @app_commands.rename(
        tags=cmd("cmd.marsbot.card.tags.name"),
        cost=cmd("cmd.marsbot.card.cost.name"),
        requirement=cmd("cmd.marsbot.card.requirement.name"),
        vp=cmd("cmd.marsbot.card.vp.name"),
        colour=cmd("cmd.marsbot.card.colour.name"),
    )
    @app_commands.describe(
        tags=cmd("cmd.marsbot.card.tags.description"),
        cost=cmd("cmd.marsbot.card.cost.description"),
        requirement=cmd("cmd.marsbot.card.requirement.description"),
        vp=cmd("cmd.marsbot.card.vp.description"),
        colour=cmd("cmd.marsbot.card.colour.description"),
    )
    @app_commands.choices(vp=_choices("vp", ("vp0", "vp+", "vp-")), colour=_choices("colour", COLOURS))
    async def card(
        self,
        interaction: discord.Interaction,
        tags: str,
        cost: app_commands.Range[int, 0, 99],
        requirement: bool = False,
        vp: str = "vp0",
        colour: str | None = None,
    ) -> None:
        table = await self.service.running_table_here(interaction, NAME)
        allowed = allowed_tags(dict(table.options or {}))
        named = typed_tags(tags, allowed, Tr(lang_of(interaction.locale)))
        typed = "+".join(named) if named else "none"
        notation = f"card {typed} {cost} {'req' if requirement else 'noreq'} {vp}"
        if "colour" in card_facts(table.state or {}):  # asked where Magnate counts green cards alone
            notation += f" {colour or UNASKED}"
        await self._play(interaction, notation, table)

    @app_commands.command(name=cmd("cmd.marsbot.cost.name"), description=cmd("cmd.marsbot.cost.description"))
    @app_commands.rename(cost=cmd("cmd.marsbot.cost.cost.name"))
    @app_commands.describe(cost=cmd("cmd.marsbot.cost.cost.description"))
    async def cost(self, interaction: discord.Interaction, cost: app_commands.Range[int, 0, 99]) -> None:
        await self._play(interaction, f"cost {cost}")

    @app_commands.command(
        name=cmd("cmd.marsbot.answer.name"), description=cmd("cmd.marsbot.answer.description")
    )
    @app_commands.rename(choice=cmd("cmd.marsbot.answer.choice.name"))
    @app_commands.describe(choice=cmd("cmd.marsbot.answer.choice.description"))
    async def answer(self, interaction: discord.Interaction, choice: str) -> None:
        await self._play(interaction, choice.strip())

    @app_commands.command(
        name=cmd("cmd.marsbot.values.name"), description=cmd("cmd.marsbot.values.description")
    )
    @app_commands.rename(values=cmd("cmd.marsbot.values.values.name"))
    @app_commands.describe(values=cmd("cmd.marsbot.values.values.description"))
    async def values(self, interaction: discord.Interaction, values: str) -> None:
        await self._play(interaction, f"values {values.strip()}")

    @app_commands.command(
        name=cmd("cmd.marsbot.total.name"), description=cmd("cmd.marsbot.total.description")
    )
    @app_commands.rename(score=cmd("cmd.marsbot.total.score.name"))
    @app_commands.describe(score=cmd("cmd.marsbot.total.score.description"))
    async def total(self, interaction: discord.Interaction, score: app_commands.Range[int, 0, 999]) -> None:
        await self._play(interaction, f"total {score}")

    # ---- autocomplete: only what is legal now
    async def _legal(
        self, interaction: discord.Interaction, kinds: tuple[str, ...]
    ) -> tuple[dict[str, Any], Tr, list[Move]] | None:
        table = await self.service.store.open_table_in(interaction.channel_id or 0, NAME)
        if table is None or table.state is None:
            return None
        seat = table.seat_of(interaction.user.id)
        if seat is None or seat not in GAME.to_act(table.state):
            return None
        moves = [m for m in person_moves(table.state, seat) if m.kind in kinds]
        return table.state, Tr(lang_of(interaction.locale)), moves

    @staticmethod
    def _offer(pairs: Iterable[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
        typed = current.strip().lower()
        found = [
            app_commands.Choice(name=clip(label), value=value)
            for value, label in dict(pairs).items()
            if typed in value.lower() or typed in label.lower()
        ]
        return found[:CHOICES_MAX]

    @tile.autocomplete("space")
    async def _spaces(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await self._legal(interaction, ("tile",))
        if found is None:
            return []
        state, tr, moves = found
        kind = str(getattr(interaction.namespace, "kind", "") or "")
        spaces = mars_of(state).spaces
        chosen = [m.args[1] for m in moves if not kind or m.args[0] == kind]
        words = (
            (s, space_words(tr, s, spaces[s].bonus if s in spaces else None)) for s in dict.fromkeys(chosen)
        )
        return self._offer(words, current)

    @milestone.autocomplete("which")
    async def _milestones(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._legal(interaction, ("milestone",))
        if found is None:
            return []
        _, tr, moves = found
        return self._offer(((m.args[0], milestone_name(tr, m.args[0])) for m in moves), current)

    @award.autocomplete("which")
    async def _awards(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await self._legal(interaction, ("award",))
        if found is None:
            return []
        _, tr, moves = found
        return self._offer(((m.args[0], award_name(tr, m.args[0])) for m in moves), current)

    @answer.autocomplete("choice")
    async def _answers(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._legal(interaction, ("plants", "closest"))
        if found is None:
            return []
        _, tr, moves = found

        def label(move: Move) -> str:
            if move.kind == "plants":
                return tr(f"marsbot.button.plants_{move.args[0]}")
            which = move.args[0]
            return tr("marsbot.button.equal") if which == "equal" else milestone_name(tr, which)

        return self._offer(((m.notation, label(m)) for m in moves), current)

    @values.autocomplete("values")
    async def _values_hint(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        table = await self.service.store.open_table_in(interaction.channel_id or 0, NAME)
        question = ((table.state or {}).get("question") or {}) if table is not None else {}
        awards = [str(a) for a in question.get("awards", [])]
        if not awards or current.strip():
            return []
        tr = Tr(lang_of(interaction.locale))
        example = " ".join(f"{a}=0" for a in awards)
        return [app_commands.Choice(name=clip(", ".join(award_name(tr, a) for a in awards)), value=example)]


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(BoardButton, FormButton, TagSelect, ExpiredPicker, CustomLevel)
    await bot.add_cog(MarsBot(bot))
