"""The card form: what a revealed project card shows, in a few taps on a phone.

MarsBot's action pile is made of the person's physical project cards, so when MarsBot plays one
the bot must learn its tags (in the printed order, left to right), its cost, whether it has a
requirement and the sign of its VP. The form is a private message of tag buttons: each tap adds
a tag, **Remove last** takes one back, and **Details…** opens a small form (``CardDetails``) for
the cost and, where the game uses them, requirement and VP, whose submission is the answer
(``card <tags> <cost> req|noreq|- vp0|vp+|vp-|-``). The quicker way in is the board post's tag
list (``tag_select``), which opens the same small form.

The buttons keep everything in their custom ids (``mbf:<table>:<version>:<tags>:<action>``), so
the form survives a restart, and the version refuses a form opened on an older board.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.errors import UserError, run_guarded
from bot.i18n import Tr, lang_of
from bot.tables import TableService, over_refusal
from cogs.marsbot.labels import clip, tag_name, tags_words
from cogs.marsbot.questions import asks_key
from db.models import TableRow
from engine.marsbot.content import TAGS
from engine.marsbot.notation import COLOURS
from engine.marsbot.reports import card_facts

NAME = "marsbot"
PREFIX = "mbf"
MAX_TAGS = 4
"""No project card prints more than four tags."""
COST_MAX_LENGTH = 3
REQ_WORD = {"noreq": "no", "req": "yes"}
ASKED_VP = ("vp0+", "vp-")
"""The hard level counts a card whose VP is not negative: none and positive are one answer."""
UNASKED = "-"


def extras_for(asked: frozenset[str]) -> list[tuple[str, str]]:
    """The requirement and VP choices of the card form, the "neither" one first: only what this
    game uses (``engine.marsbot.reports.card_facts``), the rest answered ``-``; in one select, so
    any card takes one tap at most."""
    reqs = tuple(REQ_WORD) if "req" in asked else (UNASKED,)
    vps = ASKED_VP if "vp" in asked else (UNASKED,)
    return [(req, vp) for vp in vps for req in reqs]


def _extra_words(tr: Tr, req: str, vp: str) -> str:
    words = [tr(f"marsbot.req.{REQ_WORD[req]}")] if req != UNASKED else []
    return ", ".join([*words, *([tr(f"marsbot.vp.{vp}")] if vp != UNASKED else [])])


def allowed_tags(options: dict[str, Any]) -> tuple[str, ...]:
    """The tag buttons of a game: the wild tag only with Prelude, Venus only with Venus Next."""
    return tuple(
        tag
        for tag in TAGS
        if (tag != "wild" or options.get("prelude")) and (tag != "venus" or options.get("venus"))
    )


def _code(tags: tuple[str, ...]) -> str:
    return ".".join(tags)


def _tags(code: str) -> tuple[str, ...]:
    return tuple(t for t in code.split(".") if t)


def form_prompt(tr: Tr, tags: tuple[str, ...], asked: frozenset[str]) -> str:
    """The tag buttons' prompt; ``asked``: what the Details form asks besides the cost (``card_facts``)."""
    asks = tr(f"marsbot.form.asks.{asks_key(asked)}")
    return tr("marsbot.form.prompt", tags=tags_words(tr, tags), count=len(tags), most=MAX_TAGS, asks=asks)


def form_view(table: TableRow, tags: tuple[str, ...], tr: Tr) -> discord.ui.View:
    """Tag buttons (disabled once four are chosen), then Remove last and Details…."""
    view = discord.ui.View(timeout=None)
    full = len(tags) >= MAX_TAGS
    options = dict(table.options or {})
    for tag in allowed_tags(options):
        view.add_item(FormButton(table.id, table.version, tags, tag, tr, disabled=full))
    view.add_item(FormButton(table.id, table.version, tags, "back", tr, disabled=not tags))
    view.add_item(FormButton(table.id, table.version, tags, "details", tr))
    return view


async def board_table(interaction: discord.Interaction, table_id: int, version: int) -> TableRow:
    """The table the form belongs to, if it is still the board the person sees and theirs."""
    service: TableService = interaction.client.tables  # type: ignore[attr-defined]
    table = await service.store.table(table_id)
    if table is None or table.status != "active" or table.state is None:
        raise over_refusal(table)
    service.seat_of(table, interaction.user.id)
    if table.version != version:
        raise service.stale(NAME)
    return table


class FormButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mbf:(?P<table>\d+):(?P<version>\d+):(?P<tags>[a-z.]*):(?P<action>[a-z]+)",
):
    """One button of the card form; everything it needs is in its custom id."""

    def __init__(
        self,
        table_id: int,
        version: int,
        tags: tuple[str, ...],
        action: str,
        tr: Tr | None = None,
        *,
        disabled: bool = False,
    ) -> None:
        words = tr or Tr("en")
        if action in TAGS:
            label, style = tag_name(words, action), discord.ButtonStyle.secondary
        else:
            label = words(f"marsbot.form.{action}")
            style = discord.ButtonStyle.success if action == "details" else discord.ButtonStyle.danger
        super().__init__(
            discord.ui.Button(
                label=clip(label),
                style=style,
                custom_id=f"mbf:{table_id}:{version}:{_code(tags)}:{action}",
                disabled=disabled,
            )
        )
        self.table_id, self.version, self.tags, self.action = table_id, version, tags, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str], /
    ) -> FormButton:
        return cls(int(match["table"]), int(match["version"]), _tags(match["tags"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_guarded(interaction, self._act(interaction))

    async def _act(self, interaction: discord.Interaction) -> None:
        tr = Tr(lang_of(interaction.locale))
        table = await board_table(interaction, self.table_id, self.version)
        if self.action == "details":
            asked = card_facts(table.state or {})
            await interaction.response.send_modal(
                CardDetails(table.id, table.version, self.tags, tr, asked=asked)
            )
            return
        if self.action == "back":
            tags = self.tags[:-1]
        elif self.action in allowed_tags(dict(table.options or {})) and len(self.tags) < MAX_TAGS:
            tags = (*self.tags, self.action)
        else:
            raise UserError("marsbot.form.no_such_tag")
        await interaction.response.edit_message(
            content=form_prompt(tr, tags, card_facts(table.state or {})), view=form_view(table, tags, tr)
        )


def parse_number(text: str, refusal: str, most: int) -> int:
    """A number typed in a form: digits only, at most ``most`` (else a friendly refusal)."""
    typed = text.strip()
    if not typed.isdigit() or len(typed) > len(str(most)) or int(typed) > most:
        raise UserError(refusal, most=most)
    return int(typed)


class CardDetails(discord.ui.Modal):
    """Cost, requirement and VP of the revealed card; submitting it answers MarsBot's question.

    ``asked``: which of the requirement and VP this game uses (``card_facts``); the others are
    not asked and answered ``-``.

    ``orders``: the orders the tags may be printed in, the likeliest first (from the board's tag
    list, which cannot tell the order); with more than one the form asks it, preset to the first.

    ``requirement``: already told (``req``/``noreq``, by the board list the tags came from), so
    the form does not ask it again."""

    def __init__(
        self,
        table_id: int,
        version: int,
        tags: tuple[str, ...],
        tr: Tr,
        *,
        asked: frozenset[str] = frozenset({"req", "vp"}),
        orders: list[tuple[str, ...]] | None = None,
        requirement: str | None = None,
    ) -> None:
        words = tags_words(tr, tags)
        title = tr(f"marsbot.form.title_{requirement}", tags=words) if requirement else None
        super().__init__(title=clip(title or tr("marsbot.form.title", tags=words))[:45])
        self.table_id, self.version, self.tags, self.tr = table_id, version, tags, tr
        self.requirement = requirement
        if requirement is not None:
            asked = asked - {"req"}
        self.orders = {_code(o): o for o in orders or ()}
        self.order: discord.ui.Select[CardDetails] | None = None
        if len(self.orders) > 1:
            self.order = discord.ui.Select(
                custom_id="mbf:order",
                options=[
                    discord.SelectOption(label=clip(tags_words(tr, o)), value=code, default=i == 0)
                    for i, (code, o) in enumerate(self.orders.items())
                ],
            )
            self.add_item(discord.ui.Label(text=tr("marsbot.form.order"), component=self.order))
        self.cost: discord.ui.TextInput[CardDetails] = discord.ui.TextInput(
            label=tr("marsbot.form.cost"),
            placeholder=tr("marsbot.form.cost_hint"),
            max_length=COST_MAX_LENGTH,
            custom_id="mbf:cost",
        )
        self.add_item(self.cost)
        self.extras_offered = extras_for(asked)
        self.extras: discord.ui.Select[CardDetails] | None = None
        if len(self.extras_offered) > 1:
            self.extras = discord.ui.Select(
                custom_id="mbf:extras",
                options=[
                    discord.SelectOption(
                        label=clip(_extra_words(tr, req, vp)), value=f"{req}:{vp}", default=i == 0
                    )
                    for i, (req, vp) in enumerate(self.extras_offered)
                ],
            )
            which = "extras" if asked >= {"req", "vp"} else "requirement" if "req" in asked else "vp"
            self.add_item(discord.ui.Label(text=tr(f"marsbot.form.{which}"), component=self.extras))
        self.colour_asked = "colour" in asked
        self.colour: discord.ui.Select[CardDetails] | None = None
        if self.colour_asked and "event" not in tags:  # an event is red: nothing to ask
            self.colour = discord.ui.Select(
                custom_id="mbf:colour",
                options=[
                    discord.SelectOption(label=tr(f"cmd.marsbot.colour.{colour}"), value=colour)
                    for colour in COLOURS
                ],
            )
            self.add_item(discord.ui.Label(text=tr("marsbot.form.colour"), component=self.colour))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await run_guarded(interaction, self._submit(interaction))

    async def _submit(self, interaction: discord.Interaction) -> None:
        cost = parse_number(self.cost.value, "marsbot.form.bad_cost", 99)
        first = ":".join(self.extras_offered[0])
        requirement, _, vp = ((self.extras.values if self.extras else None) or [first])[0].partition(":")
        if (requirement, vp) not in self.extras_offered:
            raise UserError("marsbot.form.no_such_tag")
        requirement = self.requirement or requirement
        chosen = self.tags
        if self.order is not None and self.order.values:
            if self.order.values[0] not in self.orders:
                raise UserError("marsbot.form.no_such_tag")
            chosen = self.orders[self.order.values[0]]
        tags = "+".join(chosen) or "none"
        notation = f"card {tags} {cost} {requirement} {vp}"
        if self.colour_asked:
            picked = (self.colour.values if self.colour is not None else None) or [UNASKED]
            if picked[0] not in (*COLOURS, UNASKED):
                raise UserError("marsbot.form.no_such_tag")
            notation += f" {picked[0]}"
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        await service.play(interaction, notation, game=NAME, expected_version=self.version)
