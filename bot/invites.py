"""Who a host invites when opening a table: several @mentions in one text option, checked.

Discord has no "several users" option for slash commands, so a game for 3–5 takes an
``opponents`` text: the client turns every typed @name into ``<@id>``. Each one must be a
person (not a bot), a member of this server, not the host, named once, and they must fit
the free seats. Every refusal is one sentence and nothing is opened.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import discord

from bot.errors import UserError

MENTION = re.compile(r"<@!?(\d{1,25})>")
"""A user mention as Discord writes it (``<@&id>``, a role, is not one)."""


def mentioned_ids(text: str) -> list[int]:
    """The user ids mentioned in ``text``, in order; anything else in it is refused."""
    leftover = MENTION.sub(" ", text).replace(",", " ").split()
    if leftover:
        raise UserError("lobby.invite.not_a_mention", text=leftover[0])
    return [int(found) for found in MENTION.findall(text)]


def default_seats(opponents: str | None, most: int) -> int:
    """Seats for a table when the host gave no count: the host and everyone invited, at least 2
    and at most ``most`` (a mention too many is then refused by the lobby, by name)."""
    return min(max(2, 1 + len(mentioned_ids(opponents or ""))), most)


async def parse_invitees(
    interaction: discord.Interaction, text: str | None, seats: int
) -> list[discord.Member]:
    """The members ``text`` mentions, for a table of ``seats`` (the host takes one)."""
    if text is None or not text.strip():
        return []
    guild = interaction.guild
    if guild is None:
        raise UserError("lobby.guild_only")
    ids = mentioned_ids(text)
    check_count(ids, interaction.user.id, seats)
    members: list[discord.Member] = []
    for user_id in ids:
        member = guild.get_member(user_id)
        if member is None:
            try:
                member = await guild.fetch_member(user_id)
            except discord.NotFound as error:
                raise UserError("lobby.invite.not_member", mention=f"<@{user_id}>") from error
        members.append(member)
    check_people(members)
    return members


def check_count(ids: Sequence[int], host_id: int, seats: int) -> None:
    """Not the host, nobody twice, and no more than the other seats."""
    if host_id in ids:
        raise UserError("lobby.invite.self")
    seen: set[int] = set()
    for user_id in ids:
        if user_id in seen:
            raise UserError("lobby.invite.twice", name=f"<@{user_id}>")
        seen.add(user_id)
    if len(ids) > seats - 1:
        raise UserError("lobby.invite.too_many", free=seats - 1)


def check_people(users: Sequence[discord.abc.User]) -> None:
    """Only people are invited: a bot player is seated with **Add bot player** instead."""
    for user in users:
        if user.bot:
            raise UserError("lobby.invite.bot", name=user.display_name)
