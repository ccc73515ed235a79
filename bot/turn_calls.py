"""Calling a seat asked within a turn, without a second picture.

Some steps await someone new without beginning a turn: The Manhattan Project's repairs and
bomb design ask the seats one by one inside the active seat's turn, and the turn then goes back
to it. Those steps edit the turn's post, and an edit notifies nobody, so the seats asked are
called by one short message that links the post. Only the newest call stays: once answered
(the next step, or a new turn's post) it is deleted, so a draft round leaves no trail.
"""

from __future__ import annotations

import logging
from collections.abc import Collection

import discord

from bot.i18n import Tr
from bot.table_channel import Posts, deliver
from db.models import TableRow

log = logging.getLogger(__name__)


async def call(
    posts: Posts,
    channel: discord.abc.Messageable | None,
    table: TableRow,
    post_id: int,
    seats: Collection[int],
    previous: int | None,
) -> int | None:
    """Call ``seats`` to the post ``post_id`` and delete the ``previous`` call; the new call's id.
    Posted through :func:`bot.table_channel.deliver` (``posts``: the table service), like a board:
    an archived thread is reopened, a deleted one marks the table lost, a rate limit waited out."""
    users = [u for s in sorted(seats) if (u := table.user_at(s)) is not None]
    if channel is None or not (users or previous is not None):
        return None
    called = None
    if users:
        tr = Tr(table.locale)
        link = f"https://discord.com/channels/{table.guild_id or '@me'}/{table.channel_id}/{post_id}"
        mention = ", ".join(f"<@{u}>" for u in users)
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(id=u) for u in users]
        )
        text = tr("posts.called", mention=mention, count=len(users), link=link)
        try:
            sent = await deliver(posts, table, channel, lambda c: c.send(text, allowed_mentions=allowed))
            called = sent.id
        except discord.HTTPException as error:
            log.info("table %s: could not call the seats awaited (%s)", table.id, error.status)
    if previous is not None and hasattr(channel, "get_partial_message"):
        answered = channel.get_partial_message(previous)
        try:
            await deliver(posts, table, channel, lambda _: answered.delete())
        except discord.HTTPException as error:
            log.info("table %s: an answered call stays (%s)", table.id, error.status)
    return called
