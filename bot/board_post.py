"""The board post: its words, pictures, buttons and pings, and where it goes.

A mixin of the table service (``TableService`` inherits it), kept apart so the order of
operations of a move (``bot.tables``) and the shape of what players see stay small modules.
Whether a move edits the turn's post or posts anew is decided in ``bot.turn_posts``.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.adapter import EventWords, GameAdapter, _no_words
from bot.departures import departures, with_departures
from bot.errors import forbidden, send_ephemeral
from bot.finished import outcome_lines
from bot.i18n import Tr, lang_of, t
from bot.outgoing import CONTENT_MAX, ELLIPSIS
from bot.pictures import render_set
from bot.post_lines import shortened
from bot.quiet import OURS, deferred_privately, dismiss, private_source
from bot.table_channel import THREAD_ARCHIVED, UNKNOWN_CHANNEL, deliver, thread_lost, unarchive
from bot.undo import offered as undo_offered
from bot.undo_button import with_undo
from db.models import TableRow
from engine.core import Event

if TYPE_CHECKING:
    from discord.ext import commands

log = logging.getLogger(__name__)

Parts = tuple[str, list[discord.File], discord.ui.View | None, discord.AllowedMentions]
"""A board post's content, pictures, buttons and pings (``BoardPosts.board_message``)."""


class BoardPosts:
    """Composes and sends board posts; needs ``bot``, ``adapters`` and ``names`` of the service."""

    bot: commands.Bot
    adapters: dict[str, GameAdapter]

    names: Callable[[TableRow, Tr], list[str]]
    """Display names by seat (the service's)."""
    commands: Callable[[str | None], dict[str, Any]]
    """The ``{…_cmd}`` parameters of a game (the service's)."""
    undo_offers: dict[int, int]
    """Table id -> the version whose board offers Undo (see :mod:`bot.undo`)."""
    title: Callable[[str, Tr], str]
    """A game's title in a language (the service's)."""
    parent_told: set[tuple[int, str]]
    """(table, why) already told in the parent channel that the thread cannot be used."""

    def init_board_posts(self) -> None:
        self.parent_told = set()

    def thread_found(self, table_id: int) -> None:
        """The table has a usable thread again (re-opened): forget what was told about the old one
        (that it is no longer lost is the database's, written with the move: ``Store.move_table``)."""
        self.parent_told = {told for told in self.parent_told if told[0] != table_id}

    store: Any
    """The service's store (how removed seats left, from the move log)."""

    def public_lines(
        self, table: TableRow, events: Sequence[Event], notices: Sequence[str] = ()
    ) -> list[str]:
        """What a board post says happened, in the table's language: ``notices`` (what the bot did
        on its own: a timeout, a removal), then the public events. A private event (one with an
        audience) never appears here: it goes to its player alone (``bot.private_events``)."""
        adapter = self.adapters[table.game]
        tr = Tr(table.locale)
        names = self.names(table, tr)
        lines = list(notices)
        lines.extend(
            self.event_text(tr, e, names, adapter.event_words, adapter.game.info.seat_params)
            for e in events
            if e.audience is None and not e.code.endswith("game_over")
        )
        return lines

    async def board_message(
        self,
        table: TableRow,
        events: Sequence[Event],
        *,
        mover: int | None,
        notices: Sequence[str] = (),
        earlier: Sequence[str] = (),
        ping: bool = True,
    ) -> Parts:
        """Content, pictures, buttons and pings of a board post, in the table's language.

        ``earlier`` are the lines the turn's post already shows (an edit keeps them above the new
        ones); ``ping`` ``False`` mentions the awaited players without notifying them (an edit, or
        a post that begins no turn)."""
        adapter = self.adapters[table.game]
        tr = Tr(table.locale)
        assert table.state is not None
        names = self.names(table, tr)
        history = shortened(tr, earlier, self.public_lines(table, events, notices), adapter.post_limit)
        lines: list[str] = []
        seats = adapter.game.info.seat_params
        outcome = adapter.game.outcome(table.state)
        public = adapter.game.view(table.state, None)
        pinged: list[discord.abc.Snowflake] = []
        if outcome is not None:
            lines.append(tr("table.game_over"))
            lines.extend(outcome_lines(tr, outcome, names))
            lines.extend(self.event_text(tr, tie, names, adapter.event_words, seats) for tie in outcome.ties)
        else:
            waiting = adapter.game.to_act(table.state)
            mentions = []
            gone = [s for s in waiting if (row := table.seat_row(s)) is not None and row.left_at is not None]
            for s in waiting:
                user_id = table.user_at(s)
                if user_id is None or s in gone:  # left the server: nobody to call (``bot.absence``)
                    continue
                mentions.append(f"<@{user_id}>")
                if s != mover and ping:
                    pinged.append(discord.Object(id=user_id))
            deadlines = [
                row.deadline
                for s in waiting
                if (row := table.seat_row(s)) is not None and row.deadline and s not in gone
            ]
            lines.extend(tr("left.waiting", name=f"**{names[s]}**") for s in gone if 0 <= s < len(names))
            asked = adapter.awaited(public, tr) if adapter.awaited is not None else None
            if table.guild_id is None and mentions:
                # a DM: there is only the one player to tell, and what is asked of them says it
                lines.append(asked or tr("table.your_move"))
                asked = None
            elif mentions and deadlines:
                limit = discord_time(min(deadlines))
                who = {"mention": ", ".join(mentions), "count": len(mentions)}
                lines.append(tr("waiting.to_act_limit", deadline=limit, **who))
            elif mentions:
                # several people at once are addressed in the plural ("jste na tahu")
                lines.append(tr("table.to_act", mention=", ".join(mentions), count=len(mentions)))
            if asked:
                lines.append(asked)
        # drawn in a worker process (``bot.pictures``): the view, names and language are plain data;
        # the pictures and their alt texts (0.2-0.6 ms of words) go in one trip
        drawn = (adapter.render_board, adapter.render_details, adapter.alt_text)
        if adapter.gone is not None and adapter.gone(public):
            public = with_departures(public, await departures(self.store, table, adapter.game))
        board, details, described = await render_set(drawn, public, names, tr)
        pictures = [(board, f"{table.game}.png")]
        if details is not None:
            pictures.append((details, f"{table.game}-details.png"))
        alts = [a[:1000] for a in described or ()]
        alts += [None] * (len(pictures) - len(alts))
        files = [
            discord.File(io.BytesIO(png), filename=name, description=alt)
            for (png, name), alt in zip(pictures, alts, strict=False)
        ]
        view = adapter.board_view(table, tr) if outcome is None else None
        if outcome is None and undo_offered(self.undo_offers, table):
            view = with_undo(view, table, tr)
        allowed = discord.AllowedMentions(everyone=False, roles=False, users=pinged)
        return fitted(history, lines) or tr("table.board"), files, view, allowed

    @staticmethod
    def event_text(
        tr: Tr,
        event: Event,
        names: Sequence[str],
        words: EventWords = _no_words,
        seat_params: Sequence[str] = ("seat",),
    ) -> str:
        """An event in words; the parameters the game declares as seats show the player's name."""
        code, params = words(tr, event.code, dict(event.params))
        for key in seat_params:
            if isinstance(params.get(key), int) and 0 <= params[key] < len(names):
                params[key] = f"**{names[params[key]]}**"
        return tr(code, **params)

    async def send_to_channel(self, table: TableRow, parts: Parts) -> int | None:
        """Post ``parts`` in the table's own thread or DM, outside any interaction; the new
        message's id, or ``None`` when Discord refused (logged: the move is already saved)."""
        content, files, view, allowed = parts
        kwargs: dict[str, Any] = {"content": content, "files": files, "allowed_mentions": allowed}
        if view is not None:
            kwargs["view"] = view
        channel = await self.channel_of(table)
        if channel is None:
            return None

        async def send(to: Any) -> discord.Message:
            return await to.send(**{**kwargs, "files": rewound(files)})

        try:
            message = await deliver(self, table, channel, send)
        except discord.HTTPException:
            log.warning("could not post the board of table %s", table.id, exc_info=True)
            return None
        return message.id

    async def channel_of(self, table: TableRow) -> discord.abc.Messageable | None:
        """The thread (or DM channel) of a table, from the cache or Discord."""
        channel = self.bot.get_channel(table.channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(table.channel_id)
            except discord.HTTPException as error:
                log.warning("table %s: its channel %s is gone", table.id, table.channel_id)
                if error.code == UNKNOWN_CHANNEL:
                    await thread_lost(self, table)
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def post_here(
        self,
        interaction: discord.Interaction,
        table: TableRow,
        parts: Parts,
        *,
        mover: int | None = None,
        from_picker: bool = False,
        revived: bool = False,
    ) -> int | None:
        """Post ``parts`` where the interaction happened; a failed post is reported, not fatal.
        An archived thread (50083) is unarchived and the post made once more (``revived``).

        ``mover`` is the seat whose move was just saved (``None``: the board was asked for, or
        the game has just started), so the report says "your move is saved" only after a move.
        Returns the new post's id (``None`` if it failed)."""
        content, files, view, allowed = parts
        kwargs: dict[str, Any] = {"content": content, "files": files, "allowed_mentions": allowed}
        if view is not None:
            kwargs["view"] = view
        try:
            closing = False  # a private picker that made the move closes once the board is out
            if from_picker and interaction.message is not None and not interaction.response.is_done():
                await interaction.response.defer()
                closing = private_source(interaction)
            elif from_picker and interaction.message is not None:  # deferred early (``bot.quiet``)
                closing = bool(interaction.extras.get(OURS))
            if deferred_privately(interaction) and interaction.channel is not None:
                # its reply is private: the board goes to the channel (the caller deletes the reply)
                return (await interaction.channel.send(**kwargs)).id  # type: ignore[union-attr]
            if interaction.response.is_done():
                message = await interaction.followup.send(wait=True, **kwargs)
                if closing:
                    await dismiss(interaction)
                return message.id
            sent = await interaction.response.send_message(**kwargs)
            return sent.message_id
        except discord.HTTPException as error:
            if error.code == THREAD_ARCHIVED and not revived and await unarchive(self.bot, table.channel_id):
                again = (content, rewound(files), view, allowed)
                return await self.post_here(
                    interaction, table, again, mover=mover, from_picker=from_picker, revived=True
                )
            log.warning("could not post the board of table %s (%s)", table.id, error.status, exc_info=True)
            # Only a move is saved; a board shown on request (or at the start) is simply not shown.
            lang = lang_of(interaction.locale)
            key = "table.post_failed" if mover is not None else "failed.board"
            text = t(lang, key, **self.commands(table.game))
            if isinstance(error, discord.Forbidden):
                refusal = forbidden(lang, "post_board", interaction.app_permissions)
                text = f"{text} {t(lang, refusal.key, **refusal.params)}"
            try:
                await send_ephemeral(interaction, text)
            except discord.HTTPException:
                log.warning("could not report the failed post either")
            return None


def rewound(files: Sequence[discord.File]) -> list[discord.File]:
    """The same pictures read from their start again, to send once more after a refused post."""
    for f in files:
        f.reset()
    return list(files)


def fitted(history: Sequence[str], tail: Sequence[str]) -> str:
    """A post's text within Discord's limit: what happened (a long turn's oldest lines give way
    first, with an ellipsis), then the result or who is to act, which always stays."""
    budget = CONTENT_MAX - sum(len(line) + 1 for line in tail)
    kept = list(history)
    if sum(len(line) + 1 for line in kept) > budget:
        budget -= len(ELLIPSIS) + 1
        while kept and sum(len(line) + 1 for line in kept) > budget:
            kept.pop(0)
        kept.insert(0, ELLIPSIS)
    return "\n".join([*kept, *tail])


def discord_time(instant: float, style: str = "R") -> str:
    """A Discord timestamp: every reader sees it in their own time zone and language."""
    return f"<t:{int(instant)}:{style}>"
