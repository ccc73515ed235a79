"""The quick way to say what MarsBot's revealed project card shows: one select on the board post.

The select lists every tag of the game, the tag combinations printed most often (in their printed
order, left to right), and "No tags". Choosing closes the list and opens the card's small form
(order, cost, requirement and VP) at once, so a typical card is End turn, its tags, Submit. The
form's **Order on the card** field is preset to the order tags are usually printed in
(``PRINTED_RANK``); MarsBot resolves the tags left to right, so it is there to be checked.
A card with a tag printed twice (Research) takes the tag-by-tag form (**Card revealed…**).

Where the game counts a card's requirement (C05's money), the post shows the list twice, one for a
card without a requirement and one for a card with one: the requirement is told by which list the
tags are picked in, in the same tap, and the form asks only the rest (a requirement card costs no
extra tap).

Ids are ``mbt:<table>:<version>`` and ``mbt:<table>:<version>:req|noreq`` (persistent across
restarts; an older board is refused).
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import discord

from bot.errors import UserError, run_guarded
from bot.i18n import Tr, lang_of
from cogs.marsbot.form import MAX_TAGS, CardDetails, allowed_tags, board_table
from cogs.marsbot.labels import clip, tag_name
from db.models import TableRow
from engine.marsbot.reports import card_facts

NO_TAGS = "none"
REQUIREMENT_LISTS: tuple[str, ...] = ("noreq", "req")
"""The two lists of a game that asks the requirement: without one first (most cards have none)."""
COMBOS: tuple[tuple[str, ...], ...] = (
    ("space", "event"),
    ("power", "building"),
    ("city", "building"),
    ("jovian", "space"),
    ("science", "building"),
    ("earth", "space", "event"),
    ("earth", "event"),
    ("science", "microbe"),
    ("plant", "building"),
    ("venus", "microbe"),
    ("venus", "space"),
)
"""The combinations printed on most cards of the base game, Corporate Era and Venus Next, the
most frequent first (counted from the open-source terraforming-mars project's card list: 78 of
the 123 cards with two or three tags); the event tag is printed last."""


def tag_choices(options: dict[str, Any]) -> list[tuple[str, ...]]:
    """What the select offers, as tag tuples (``()`` is "No tags"), only tags of this game."""
    allowed = allowed_tags(options)
    combos = [c for c in COMBOS if all(t in allowed for t in c)]
    return [*((t,) for t in allowed), *combos, ()]


def _value(tags: tuple[str, ...]) -> str:
    return ".".join(tags) or NO_TAGS


def chosen_tags(values: list[str], options: dict[str, Any]) -> tuple[str, ...]:
    """The select's values -> the card's tags in the order given; a friendly refusal for a choice
    that cannot be a card (No tags with tags, more than four tags, a tag not in this game)."""
    offered = {_value(c): c for c in tag_choices(options)}
    if any(v not in offered for v in values):
        raise UserError("marsbot.form.no_such_tag")
    if NO_TAGS in values and len(values) > 1:
        raise UserError("marsbot.quick.none_and_tags")
    tags = tuple(itertools.chain.from_iterable(offered[v] for v in values))
    if len(tags) > MAX_TAGS:
        raise UserError("marsbot.quick.too_many", most=MAX_TAGS)
    return tags


PRINTED_RANK = tuple(
    "science earth jovian power city venus animal plant microbe space wild building event".split()
)
"""The order tags are usually printed in, left to right (every combination above follows it, and
so do most other cards of the reference's list): the form's order is preset to it, since a
select tells which options were chosen, not in which order they were tapped."""


def orders(tags: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every order of ``tags``, the usual printed one first (at most 4! = 24: a select holds 25)."""
    likeliest = tuple(sorted(tags, key=PRINTED_RANK.index))
    return list(dict.fromkeys((likeliest, *itertools.permutations(tags))))


class TagSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"mbt:(?P<table>\d+):(?P<version>\d+)(?::(?P<req>req|noreq))?",
):
    """The board's list of tags; choosing opens the card's form. ``requirement``: the list of
    cards without (``noreq``) or with (``req``) a requirement, ``None``: the one list of a game
    that does not ask it."""

    def __init__(
        self, item: discord.ui.Select[Any], table_id: int, version: int, requirement: str | None = None
    ) -> None:
        super().__init__(item)
        self.table_id, self.version, self.requirement = table_id, version, requirement

    @classmethod
    def build(cls, table: TableRow, tr: Tr, requirement: str | None = None) -> TagSelect:
        choices = tag_choices(dict(table.options or {}))
        suffix = f":{requirement}" if requirement else ""
        placeholder = "marsbot.quick.placeholder" + (f"_{requirement}" if requirement else "")
        item: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"mbt:{table.id}:{table.version}{suffix}",
            placeholder=clip(tr(placeholder))[:150],
            min_values=1,
            max_values=MAX_TAGS,
            options=[
                discord.SelectOption(
                    label=clip(" + ".join(tag_name(tr, t) for t in c) if c else tr("marsbot.quick.none")),
                    value=_value(c),
                )
                for c in choices
            ],
        )
        return cls(item, table.id, table.version, requirement)

    @classmethod
    def build_all(cls, table: TableRow, tr: Tr) -> list[TagSelect]:
        """The board's lists: one, or where the game asks the requirement one per answer."""
        if "req" not in card_facts(table.state or {}):
            return [cls.build(table, tr)]
        return [cls.build(table, tr, requirement) for requirement in REQUIREMENT_LISTS]

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str], /
    ) -> TagSelect:
        return cls(item, int(match["table"]), int(match["version"]), match["req"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_guarded(interaction, self._choose(interaction))

    async def _choose(self, interaction: discord.Interaction) -> None:
        tr = Tr(lang_of(interaction.locale))
        table = await board_table(interaction, self.table_id, self.version)
        tags = chosen_tags(list(self.item.values), dict(table.options or {}))
        ordered = orders(tags)
        asked = card_facts(table.state or {})
        requirement = self.requirement if "req" in asked else None  # a list of an older board: ignored
        await interaction.response.send_modal(
            CardDetails(
                table.id, table.version, ordered[0], tr, asked=asked, orders=ordered, requirement=requirement
            )
        )
