"""Posting in a table's thread when Discord says no: archived, locked, deleted, rate-limited.

A table lives for weeks in one thread, and Discord does things to threads meanwhile: it archives
one idle for 7 days (posting or editing then gives 50083 "Thread is archived"), a moderator
locks it (only someone with *Manage Threads* may reopen it) or deletes it (10003 "Unknown
Channel"), and a burst of posts meets rate limits (429). The move behind a post is always saved
before the post is tried, so what is at stake here is only that players see it:

- archived: the bot unarchives the thread (PATCH ``archived=false``) and posts again;
- locked, and the bot may not unarchive it: the parent channel is told, once, what to do;
- refused (50013, a permission taken away; or 50001 "Missing Access", the bot may no longer see
  the thread or read its history): the parent channel is told, once, which permission; and when
  the parent channel refuses too (a whole category hidden from the bot), the player whose turn it
  is gets one DM instead;
- deleted: the table is "lost" (marked in the database, so it outlives a restart and every
  process knows), the parent channel is told once with a button that re-opens it in a new
  thread (:mod:`bot.reopen`), and ``/games`` says so;
- 429 (discord.py retries those itself; it gives up after 5 tries): waited out and tried again,
  so a sweep of many reminders slows down instead of losing any.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import discord

from bot.i18n import Tr
from bot.permission_check import OPTIONAL, lacking
from bot.reopen import reopen_view
from db.errors import is_storage_fault

if TYPE_CHECKING:
    from db.models import TableRow

log = logging.getLogger(__name__)

T = TypeVar("T")


class Posts(Protocol):
    """What this needs of the table service (``bot.board_post.BoardPosts``, which imports this)."""

    bot: Any
    store: Any
    parent_told: set[tuple[int, str]]

    def title(self, game: str, tr: Tr) -> str: ...

    async def channel_of(self, table: TableRow) -> discord.abc.Messageable | None: ...


THREAD_ARCHIVED = 50083
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
MISSING_PERMISSIONS = 50013
MISSING_ACCESS = 50001
REFUSALS = ("locked", "forbidden", "no_access")
"""Why a thread cannot be used that ends once a post goes through (a lost thread is re-opened)."""
ACCESS = ("view_channel", "read_message_history")
"""What 50001 is about: seeing the channel at all, and its history (which editing a post needs)."""
RATE_LIMITED = 429

RATE_TRIES = 5
"""Tries of one post under rate limits (discord.py's own count before it gives up)."""
RATE_WAIT = 2.0
"""Seconds to wait after a 429 that does not say how long (doubled each time)."""
RATE_WAIT_MAX = 60.0


def retry_after(error: discord.HTTPException, attempt: int) -> float:
    """How long a 429 asks to wait: its ``Retry-After`` header, else a doubling guess."""
    headers = getattr(error.response, "headers", None) or {}
    try:
        given = float(headers.get("Retry-After", ""))
    except (TypeError, ValueError):
        given = RATE_WAIT * 2**attempt
    return min(max(given, 0.0), RATE_WAIT_MAX)


async def notice(
    posts: Posts, table: TableRow, text: str, *, mentions: discord.AllowedMentions | None = None
) -> bool:
    """Post a line of news in the table's thread (a vacation, an abandon, a player back) through
    :func:`deliver`, so an archived thread is reopened, a deleted one marks the table lost and a
    rate limit is waited out; ``False`` (logged) when it could not be posted. Pings nobody
    unless ``mentions`` says whom."""
    channel = await posts.channel_of(table)
    if channel is None:
        return False
    allowed = mentions or discord.AllowedMentions.none()
    try:
        await deliver(posts, table, channel, lambda c: c.send(text, allowed_mentions=allowed))
    except discord.HTTPException as error:
        log.warning("table %s: a notice was not posted (%s %s)", table.id, error.status, error.code)
        return False
    return True


async def unarchive(bot: Any, channel_id: int) -> bool:
    """Reopen an archived thread; ``False`` when Discord refuses (a locked thread needs *Manage
    Threads*) or the thread is gone."""
    try:
        await bot.http.edit_channel(channel_id, archived=False)
    except discord.HTTPException as error:
        log.warning("thread %s: could not unarchive it (%s %s)", channel_id, error.status, error.code)
        return False
    return True


async def deliver(posts: Posts, table: TableRow, channel: Any, act: Callable[[Any], Awaitable[T]]) -> T:
    """``act(channel)``, once more after unarchiving the thread and as often as 429s ask; raises
    the last ``HTTPException`` when it cannot be done (after telling the parent channel why)."""
    revived = False
    attempt = 0
    while True:
        try:
            done = await act(channel)
        except discord.HTTPException as error:
            if error.status == RATE_LIMITED and attempt < RATE_TRIES - 1:
                wait = retry_after(error, attempt)
                attempt += 1
                log.info("table %s: rate limited; posting again in %.1f s", table.id, wait)
                await asyncio.sleep(wait)
                continue
            if error.code == THREAD_ARCHIVED and not revived:
                revived = True
                if await unarchive(posts.bot, table.channel_id):
                    log.info("table %s: its thread was archived; unarchived it", table.id)
                    continue
                await tell_parent(posts, table, "locked")
            elif error.code == UNKNOWN_CHANNEL:
                await thread_lost(posts, table)
            elif error.code == MISSING_PERMISSIONS:
                await tell_parent(posts, table, "forbidden", permissions=missing_here(channel))
            elif error.code == MISSING_ACCESS:
                await tell_parent(posts, table, "no_access", permissions=access_missing(channel))
            raise
        if posts.parent_told:  # it works again: a later refusal is told again
            posts.parent_told = {told for told in posts.parent_told if not settled(told, table.id)}
        if table.thread_lost_at is not None:  # read as lost, yet the thread took the post
            await thread_back(posts, table)
        return done


def settled(told: tuple[int, str], table_id: int) -> bool:
    """Whether ``told`` (what was said where, :attr:`Posts.parent_told`) is about a refusal of
    this table that a post going through ends; a DM's mark is ``<why>.dm.<user>``."""
    return told[0] == table_id and told[1].partition(".")[0] in REFUSALS


def missing_here(channel: Any) -> list[str]:
    """What the bot lacks in a thread as discord.py computes it (the thread's needs when it sees
    nothing missing: Discord's refusal knows better than the cache)."""
    me = getattr(getattr(channel, "guild", None), "me", None)
    found: list[str] = []
    if me is not None and hasattr(channel, "permissions_for"):
        found = [p for p in lacking(channel.permissions_for(me), in_thread=True) if p not in OPTIONAL]
    return found or ["send_messages_in_threads", "attach_files"]


def access_missing(channel: Any) -> list[str]:
    """Which of :data:`ACCESS` the bot lacks in a thread as discord.py computes it (*View Channel*
    when the cache sees nothing missing: a thread nobody may see is the usual 50001)."""
    me = getattr(getattr(channel, "guild", None), "me", None)
    found: list[str] = []
    if me is not None and hasattr(channel, "permissions_for"):
        have = channel.permissions_for(me)
        found = [p for p in ACCESS if not getattr(have, p, False)]
    return found or ["view_channel"]


def permission_names(tr: Tr, permissions: Sequence[str]) -> str:
    return ", ".join(f"*{tr(f'permissions.{p}')}*" for p in permissions)


async def tell_parent(posts: Posts, table: TableRow, why: str, permissions: Sequence[str] = ()) -> None:
    """Once per table and refusal (while the bot runs): say in the thread's parent channel that
    the table cannot post in its thread, and what brings it back."""
    told: set[tuple[int, str]] = posts.parent_told
    if table.parent_id is None or (table.id, why) in told:
        return
    told.add((table.id, why))
    if not await say_in_parent(posts, table, why, permissions):
        told.discard((table.id, why))
        if why in ("forbidden", "no_access"):
            await tell_awaited(posts, table, why, permissions)


async def say_in_parent(posts: Posts, table: TableRow, why: str, permissions: Sequence[str] = ()) -> bool:
    """Post ``thread_trouble.<why>`` in the thread's parent channel, pinging the players (with
    the re-open button for a lost thread); ``False`` (logged) when Discord refused it."""
    if table.parent_id is None:
        return True  # nowhere to say it: nothing to try again
    tr = Tr(table.locale)
    users = [s.user_id for s in table.seats if s.user_id is not None]
    players = ", ".join(f"<@{u}>" for u in users)
    params = {"game": posts.title(table.game, tr), "thread": f"<#{table.channel_id}>", "players": players}
    if why in ("forbidden", "no_access"):
        params["permissions"] = permission_names(tr, permissions)
    view = reopen_view(table, tr) if why == "lost" else None
    # the players are pinged: their thread is gone or mute, this is where they hear of it
    pings = discord.AllowedMentions(users=[discord.Object(id=u) for u in users])
    kwargs: dict[str, Any] = {"allowed_mentions": pings}
    if view is not None:
        kwargs["view"] = view
    try:
        channel = posts.bot.get_channel(table.parent_id) or await posts.bot.fetch_channel(table.parent_id)
        await channel.send(tr(f"thread_trouble.{why}", **params), **kwargs)  # type: ignore[union-attr]
    except discord.HTTPException:
        log.warning("table %s: could not tell its parent channel either (%s)", table.id, why)
        return False
    return True


async def tell_awaited(posts: Posts, table: TableRow, why: str, permissions: Sequence[str]) -> None:
    """The thread and its channel both refuse: a DM to each player whose turn it is, once per
    player while the refusal lasts (every refused post would otherwise DM them again)."""
    awaited = [s.user_id for s in table.seats if s.user_id is not None and s.awaited_since is not None]
    link = f"https://discord.com/channels/{table.guild_id or '@me'}/{table.channel_id}"
    for user_id in awaited:
        key = (table.id, f"{why}.dm.{user_id}")
        if key in posts.parent_told:
            continue
        posts.parent_told.add(key)
        try:
            prefs = await posts.store.player(user_id)
            tr = Tr(prefs.locale or table.locale)
            text = tr(
                "thread_trouble.dm",
                game=posts.title(table.game, tr),
                link=link,
                permissions=permission_names(tr, permissions),
            )
            user = posts.bot.get_user(user_id) or await posts.bot.fetch_user(user_id)
            await user.send(text)
        except discord.HTTPException:
            log.info("table %s: could not DM the awaited player either (DMs closed?)", table.id)


async def thread_lost(posts: Posts, table: TableRow) -> None:
    """The table's thread was deleted: marked in the database (``TableRow.thread_lost_at``, which
    ``/games`` reads), and the players told in the parent channel by whichever post marked it
    first, once, across restarts and processes. A table that reads as lost already costs no
    write; if the parent channel refuses, the mark is taken back so the next post tells again."""
    if table.guild_id is None:
        return  # a DM's channel is not deleted by anyone but Discord
    log.warning("table %s: its thread %s is gone", table.id, table.channel_id)
    if table.thread_lost_at is not None or not await _marked(posts, table, lost=True):
        return
    if not await say_in_parent(posts, table, "lost"):
        await _marked(posts, table, lost=False)


async def thread_back(posts: Posts, table: TableRow) -> None:
    """A thread marked lost took a post after all (a 10003 Discord no longer gives): not lost,
    so ``/games`` stops saying so and a later loss is told again."""
    if await _marked(posts, table, lost=False):
        log.info("table %s: its thread %s is there after all", table.id, table.channel_id)


async def _marked(posts: Posts, table: TableRow, *, lost: bool) -> bool:
    """Mark the thread lost (or no longer); ``False`` when the mark did not change, or when the
    database cannot be used just now (logged: the post's own error is what its caller handles,
    and the next post that finds the thread gone marks and tells)."""
    store = posts.store
    try:
        if lost:
            return bool(await store.mark_thread_lost(table.id, table.channel_id))
        return bool(await store.unmark_thread_lost(table.id, table.channel_id))
    except Exception as error:
        if not is_storage_fault(error):
            raise
        log.warning("table %s: could not store whether its thread is lost (%s)", table.id, error)
        return False
