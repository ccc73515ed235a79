"""One board post per turn: a step within a turn edits the turn's post; a new turn posts anew.

A turn begins when a seat is newly awaited or the game ends (:mod:`engine.core.turns`). Its
post mentions (and pings) whoever the game now waits for; every later step of the same turn
edits that post: new picture, fresh buttons (their custom ids carry the new version, so the
buttons of the older picture are gone and stale clicks stay refused), and the turn's lines so
far with the new ones below. The post's id is kept in ``game_tables.board_message_id``.

What a post already says lives in memory (``TurnPost``). After a restart that memory is gone,
so the first step then posts a new board (without a ping) rather than erase the lines shown.
When the edit fails (the post was deleted, Discord refuses) a new board is posted instead and
becomes the turn's post; the move was committed before any of this, so it is never lost.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.board_post import BoardPosts, Parts, rewound
from bot.digest import digest_lines
from bot.keyed_locks import KeyedLocks
from bot.private_events import by_audience
from bot.quiet import acknowledge_early, deferred_privately, leave_nothing
from bot.table_channel import deliver
from bot.turn_calls import call
from db.models import MoveRow, TableRow
from engine.core import Event
from engine.core.turns import awaited_by

if TYPE_CHECKING:
    from db.store import Store

log = logging.getLogger(__name__)


@dataclass
class TurnPost:
    """The board post of a table's running turn, as the bot last left it."""

    message_id: int
    version: int
    """The table version it shows: an older step arriving late never paints over a newer one."""
    lines: list[str] = field(default_factory=list)
    """What it says happened so far (in the table's language): an edit keeps them."""
    awaited: frozenset[int] = frozenset()
    """The seats it shows awaited: a step that awaits someone new within the turn calls them."""
    call_id: int | None = None
    """The short message that called the seats awaited now (see ``TurnPosts._call``)."""


class TurnPosts(BoardPosts):
    """Decides between editing the turn's post and posting a new one; needs the service's store."""

    store: Store

    def init_turn_posts(self) -> None:
        """The service's memory of posts (its ``__init__`` calls this)."""
        self.turn_posts: dict[int, TurnPost] = {}
        self._post_locks = KeyedLocks()
        self.init_board_posts()

    # ------------------------------------------------------------ after a move
    async def show_move(
        self,
        interaction: discord.Interaction,
        table: TableRow,
        events: Sequence[Event],
        *,
        mover: int,
        new_turn: bool,
        from_picker: bool = False,
        awaited_before: Collection[int] | None = None,
        moves: Sequence[MoveRow] | None = None,
    ) -> None:
        """Show a committed move to everyone, and answer its player so they see it at once.

        ``awaited_before``: the seats awaited before the move, so that a new post made for want
        of one to edit (after a restart) still pings a seat asked within the turn. ``moves``: the
        log as the commit left it, if it read it (for the digest of the turn it begins)."""
        committed = table.version
        # answered before waiting for the table's other posts and drawing the pictures
        await acknowledge_early(interaction, new_post=new_turn or table.id not in self.turn_posts)
        mine = {table.user_at(seat) for seat in by_audience(events)}
        async with self._post_locks.hold(table.id):
            table = await self._newest(table)
            post = self.turn_posts.get(table.id)
            if not new_turn and post is not None:
                parts = await self.board_message(table, events, mover=mover, earlier=post.lines, ping=False)
                edited = await self._edit(interaction, table, post, parts)
                if edited is not None:
                    called = self._edited(table, post, events, mover=mover)
                    await leave_nothing(interaction, private_follows=interaction.user.id in mine)
                    await self._call(table, post, called)
                    return
            log = moves if table.version == committed else None  # a later step was shown first
            digest = await digest_lines(self, table, log) if new_turn else []
            asked = awaited_before is not None and bool(self._awaited(table) - {mover, *awaited_before})
            parts = await self.board_message(
                table, events, mover=mover, notices=digest, ping=new_turn or asked
            )
            message_id = await self.post_here(interaction, table, parts, mover=mover, from_picker=from_picker)
            if deferred_privately(interaction):  # its private reply goes, as after an edit
                await leave_nothing(interaction, private_follows=interaction.user.id in mine)
            await self._remember(table, message_id, self.public_lines(table, events, digest))

    async def post_to_table(
        self,
        table: TableRow,
        events: Sequence[Event] = (),
        *,
        notices: Sequence[str] = (),
        new_turn: bool = True,
    ) -> bool:
        """Show what the bot did on its own (the scheduler's moves) in the table's thread or DM.

        The move is already saved, so a failed post is only logged."""
        async with self._post_locks.hold(table.id):
            table = await self._newest(table)
            post = self.turn_posts.get(table.id)
            if not new_turn and post is not None:
                parts = await self.board_message(
                    table, events, mover=None, notices=notices, earlier=post.lines, ping=False
                )
                if await self._edit(None, table, post, parts) is not None:
                    await self._call(table, post, self._edited(table, post, events, notices))
                    return True
            if new_turn:
                notices = [*await digest_lines(self, table), *notices]
            parts = await self.board_message(table, events, mover=None, notices=notices, ping=new_turn)
            message_id = await self.send_to_channel(table, parts)
            await self._remember(table, message_id, self.public_lines(table, events, notices))
            return message_id is not None

    async def show_undo(
        self,
        interaction: discord.Interaction,
        table: TableRow,
        lines: Sequence[str],
        undone: Sequence[str],
        *,
        mover: int,
    ) -> None:
        """Show a committed undo by editing the turn's post: its lines lose the undone steps'
        (when they are its last) and gain ``lines``; nobody is pinged, since the turn goes on.
        Without a post to edit (a restart, a deleted post) a new board, pinging nobody."""
        async with self._post_locks.hold(table.id):
            table = await self._newest(table)
            post = self.turn_posts.get(table.id)
            if post is not None:
                earlier = without_tail(post.lines, undone)
                parts = await self.board_message(
                    table, (), mover=mover, notices=lines, earlier=earlier, ping=False
                )
                if await self._edit(interaction, table, post, parts) is not None:
                    post.lines = earlier
                    self._edited(table, post, (), lines)
                    await leave_nothing(interaction)
                    await self._call(table, post, frozenset())
                    return
            parts = await self.board_message(table, (), mover=mover, notices=lines, ping=False)
            message_id = await self.post_here(interaction, table, parts, mover=mover)
            await self._remember(table, message_id, list(lines))

    # ------------------------------------------------------ a board on request
    async def post_board(
        self,
        interaction: discord.Interaction,
        table: TableRow,
        events: Sequence[Event] = (),
        *,
        mover: int | None = None,
        from_picker: bool = False,
        notices: Sequence[str] = (),
    ) -> None:
        """A new board post answering ``interaction`` (the start, ``board`` asked for): the turn's
        post from now on, so the next steps edit the newest picture."""
        async with self._post_locks.hold(table.id):
            table = await self._newest(table)
            parts = await self.board_message(table, events, mover=mover, notices=notices)
            message_id = await self.post_here(interaction, table, parts, mover=mover, from_picker=from_picker)
            await self._remember(table, message_id, self.public_lines(table, events, notices))

    # -------------------------------------------------------------- the parts
    async def _newest(self, table: TableRow) -> TableRow:
        """``table``, or the table as stored now if a later step was already shown (two seats
        acting at once may finish in either order): a post never goes back to an older board."""
        post = self.turn_posts.get(table.id)
        if post is None or post.version < table.version:
            return table
        newest = await self.store.table(table.id)
        return newest if newest is not None and newest.state is not None else table

    async def _edit(
        self, interaction: discord.Interaction | None, table: TableRow, post: TurnPost, parts: Parts
    ) -> discord.Message | discord.PartialMessage | None:
        """Edit the turn's post to ``parts`` (through the click itself when it was made on that
        post); ``None`` when that failed and a new post is needed."""
        content, files, view, _ = parts
        kwargs: dict[str, Any] = {
            "content": content,
            "attachments": files,
            "view": view,
            "allowed_mentions": discord.AllowedMentions.none(),
        }
        try:
            message = interaction.message if interaction is not None else None
            if interaction is not None and message is not None and message.id == post.message_id:
                if not interaction.response.is_done():
                    await interaction.response.edit_message(**kwargs)
                    return message
            channel = await self.channel_of(table)
            if channel is None or not hasattr(channel, "get_partial_message"):
                return None
            message = channel.get_partial_message(post.message_id)
            return await deliver(
                self, table, channel, lambda _: message.edit(**{**kwargs, "attachments": rewound(files)})
            )
        except discord.HTTPException as error:
            log.info("table %s: board post not edited (%s); posting a new one", table.id, error.status)
            return None

    async def _retire(self, table: TableRow, message_id: int) -> None:
        """Take the buttons off an older board post (its story and pictures stay). After a restart
        the stored ``board_message_id`` names it; a deleted post or a refusal is only logged."""
        channel = await self.channel_of(table)
        if channel is None or not hasattr(channel, "get_partial_message"):
            return
        try:
            await channel.get_partial_message(message_id).edit(view=None)
        except discord.HTTPException as error:
            log.info("table %s: the buttons of post %s stay (%s)", table.id, message_id, error.status)

    def _edited(
        self,
        table: TableRow,
        post: TurnPost,
        events: Sequence[Event],
        notices: Sequence[str] = (),
        *,
        mover: int | None = None,
    ) -> frozenset[int]:
        """Note what an edit of the post shows; the seats it awaits that it did not before (an
        answer out of turn: the next pick of a bomb design, a repair), but the mover's."""
        post.lines = [*post.lines, *self.public_lines(table, events, notices)]
        post.version = table.version
        awaited = self._awaited(table)
        called = awaited - post.awaited - {mover}
        post.awaited = awaited
        return called

    def _awaited(self, table: TableRow) -> frozenset[int]:
        assert table.state is not None
        game = self.adapters[table.game].game
        return frozenset(awaited_by(game, table.automated)(table.state))

    async def _call(self, table: TableRow, post: TurnPost, seats: frozenset[int]) -> None:
        """Call the seats newly awaited within the turn (``bot.turn_calls``); the last call goes."""
        if seats or post.call_id is not None:
            channel = await self.channel_of(table)
            post.call_id = await call(self, channel, table, post.message_id, seats, post.call_id)

    async def _remember(self, table: TableRow, message_id: int | None, lines: list[str]) -> None:
        """A new post is the turn's post (its id stored); none (it failed) leaves nothing to edit.
        The post it follows loses its buttons, so only the newest board looks playable."""
        assert table.state is not None
        previous = self.turn_posts.get(table.id)
        old_id = previous.message_id if previous is not None else table.board_message_id
        if message_id is not None and old_id is not None and old_id != message_id:
            await self._retire(table, old_id)
        if previous is not None and previous.call_id is not None:
            await self._call(table, previous, frozenset())  # the new post answers the call
        over = self.adapters[table.game].game.outcome(table.state) is not None
        if message_id is None or over:
            self.turn_posts.pop(table.id, None)
        else:
            self.turn_posts[table.id] = TurnPost(message_id, table.version, lines, self._awaited(table))
        if message_id is not None:
            await self.store.set_board_message(table.id, message_id)


def without_tail(lines: Sequence[str], tail: Sequence[str]) -> list[str]:
    """``lines`` without ``tail`` if they end with it (the lines of steps just taken back)."""
    if tail and len(lines) >= len(tail) and list(lines[-len(tail) :]) == list(tail):
        return list(lines[: -len(tail)])
    return list(lines)
