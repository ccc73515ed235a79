"""Opening a table: the thread, the lobby post and its persistent Join/Leave/Start/Cancel buttons."""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import Any

import discord

from bot.clock_settings import ClockSettings, describe, of_table
from bot.errors import UserError, forbidden, run_guarded
from bot.i18n import Tr, lang_of, t
from bot.outgoing import plain
from db.errors import AlreadySeated, NotInLobby, NotSeated, TableFull
from db.models import TableRow

log = logging.getLogger(__name__)

ACTIONS = ("join", "leave", "start", "cancel")


def option_value(tr: Tr, game: str, value: object) -> object:
    """Numbers as they are; word values (a variant, a difficulty) in the reader's language."""
    return tr(f"options.{game}.values.{value}") if isinstance(value, str) else value


def lobby_text(
    table: TableRow,
    tr: Tr,
    title: str,
    invited: discord.abc.User | None = None,
    hidden_options: frozenset[str] = frozenset(),
) -> str:
    names = ", ".join(plain(s.name) for s in sorted(table.seats, key=lambda s: s.seat))
    # Seats are drawn at the start, so the host is whoever opened the table, not seat 0.
    host = next((plain(s.name) for s in table.seats if s.user_id == table.host_id), "?")
    lines = [
        tr("lobby.title", game=title, host=host),
        tr("lobby.players", count=len(table.seats), max=table.max_seats, names=names),
    ]
    options = [
        tr(f"options.{table.game}.{key}", value=option_value(tr, table.game, value))
        for key, value in table.options.items()
        if key not in hidden_options
    ]
    if options:
        lines.append(" · ".join(options))
    if table.max_seats > 1:
        lines.append(describe(tr, of_table(table)))
    if table.status == "lobby":
        if invited is not None:
            lines.append(tr("lobby.invited", mention=invited.mention))
        lines.append(tr("lobby.how_to_start"))
    elif table.status == "cancelled":
        lines.append(tr("lobby.cancelled"))
    else:
        lines.append(tr("lobby.started"))
    return "\n".join(lines)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"lobby:(?P<table>\d+):(?P<action>[a-z]+)"
):
    """One lobby button; the custom id carries the table id, so it works after a restart."""

    def __init__(self, table_id: int, action: str, tr: Tr | None = None) -> None:
        tr = tr or Tr("en")
        style = {
            "join": discord.ButtonStyle.success,
            "start": discord.ButtonStyle.primary,
            "cancel": discord.ButtonStyle.danger,
        }.get(action, discord.ButtonStyle.secondary)
        super().__init__(
            discord.ui.Button(
                label=tr(f"lobby.button.{action}"), style=style, custom_id=f"lobby:{table_id}:{action}"
            )
        )
        self.table_id = table_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["table"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_guarded(interaction, self._act(interaction))

    async def _act(self, interaction: discord.Interaction) -> None:
        bot: Any = interaction.client
        store = bot.store
        table = await store.table(self.table_id)
        if table is None or table.status != "lobby":
            raise UserError("lobby.closed")
        user = interaction.user
        try:
            if self.action == "join":
                table = await store.join(table.id, user.id, user.display_name)
            elif self.action == "leave":
                if user.id == table.host_id:
                    raise UserError("lobby.host_cannot_leave")
                table = await store.leave(table.id, user.id)
            elif self.action == "cancel":
                if user.id != table.host_id:
                    raise UserError("lobby.host_only")
                table = await store.cancel(table.id, lobby_only=True)
            elif self.action == "start":
                if user.id != table.host_id:
                    raise UserError("lobby.host_only")
            else:
                raise UserError("errors.not_allowed")
        except AlreadySeated as error:
            raise UserError("lobby.already_seated") from error
        except TableFull as error:
            raise UserError("lobby.full") from error
        except NotSeated as error:
            raise UserError("lobby.not_seated") from error
        except NotInLobby as error:
            raise await closed_meanwhile(store, table.id) from error

        full = len(table.seats) >= table.max_seats
        if self.action == "start" or (self.action == "join" and full):
            try:
                table = await bot.tables.start(table)
            except NotInLobby as error:
                raise await closed_meanwhile(store, table.id) from error
        if table.status != "active":
            await refresh_lobby(interaction, table)
            return
        # The game has started (it is saved): whatever Discord refuses now, the start is
        # announced with the first board, which pings the first player and answers the click.
        try:
            await refresh_lobby(interaction, table)
        except discord.HTTPException:
            log.warning("table %s: lobby post not redrawn at the start; trying once more", table.id)
            await redraw_lobby(bot.tables, table)
        await bot.tables.post_board(interaction, table)


async def closed_meanwhile(store: Any, table_id: int) -> UserError:
    """The answer to a click that lost a race: the lobby it read was cancelled or started
    (Join and Cancel pressed at the same moment, or two clicks that both start the game)."""
    table = await store.table(table_id)
    if table is None or table.status == "cancelled":
        return UserError("lobby.race.cancelled")
    if table.status in ("active", "finished"):
        return UserError("lobby.race.started")
    return UserError("lobby.closed")


def lobby_view(table: TableRow, tr: Tr) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ACTIONS:
        view.add_item(LobbyButton(table.id, action, tr))
    return view


async def refresh_lobby(interaction: discord.Interaction, table: TableRow) -> None:
    """Show the new roster on the lobby post the button sits on."""
    bot: Any = interaction.client
    tr = Tr(table.locale)
    adapter = bot.tables.adapters[table.game]
    view = lobby_view(table, tr) if table.status == "lobby" else None
    text = lobby_text(table, tr, tr(adapter.title_key), hidden_options=adapter.lobby_hides(table.options))
    await interaction.response.edit_message(content=text, view=view)


async def redraw_lobby(service: Any, table: TableRow) -> None:
    """Redraw a lobby post outside a click (settings changed, a player left the server)."""
    if table.lobby_message_id is None:
        return
    channel = await service.channel_of(table)
    if channel is None or not hasattr(channel, "get_partial_message"):
        return
    adapter = service.adapters[table.game]
    tr = Tr(table.locale)
    text = lobby_text(table, tr, tr(adapter.title_key), hidden_options=adapter.lobby_hides(table.options))
    view = lobby_view(table, tr) if table.status == "lobby" else None
    try:
        await channel.get_partial_message(table.lobby_message_id).edit(content=text, view=view)
    except discord.HTTPException:
        log.info("table %s: lobby post not redrawn; the next click redraws it", table.id)


async def open_lobby(
    interaction: discord.Interaction,
    game: str,
    options: Mapping[str, Any],
    *,
    max_seats: int,
    opponent: discord.abc.User | None = None,
    clock: ClockSettings | None = None,
) -> TableRow:
    """Open a table in a new thread (or in the current thread) and post its lobby there.

    ``clock`` is the reminder and time limit (validated by the caller); the game's defaults otherwise.
    """
    bot: Any = interaction.client
    lang = lang_of(interaction.locale)
    channel = interaction.channel
    if interaction.guild is None or channel is None:
        raise UserError("lobby.guild_only")
    if opponent is not None and (opponent.bot or opponent.id == interaction.user.id):
        raise UserError("lobby.bad_opponent")
    adapter = bot.tables.adapters[game]
    tr = Tr(lang)
    title = tr(adapter.title_key)
    clock = clock or bot.tables.default_clock(game)
    created: discord.Thread | None = None
    if isinstance(channel, discord.Thread):
        thread = channel
    elif isinstance(channel, discord.TextChannel):
        # Validate the options before creating a thread that would stay empty.
        try:
            adapter.game.options(options)
        except Exception as error:
            code = getattr(error, "code", "errors.unexpected")
            raise UserError(code, **getattr(error, "params", {})) from error
        host = plain(interaction.user.display_name)
        name = t(lang, "lobby.thread_name", game=title, host=host)[:100]
        try:
            thread = created = await channel.create_thread(
                name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
            )
        except discord.Forbidden as error:
            raise forbidden(lang, "create_thread", interaction.app_permissions) from error
    else:
        raise UserError("lobby.text_channel_only")
    try:
        table = await bot.tables.open_table(
            interaction,
            game,
            options,
            channel_id=thread.id,
            parent_id=thread.parent_id,
            max_seats=max_seats,
            clock=clock,
        )
    except UserError:
        if created is not None:
            await _delete_thread(created)
        raise
    try:
        message = await thread.send(
            lobby_text(table, tr, title, opponent, hidden_options=adapter.lobby_hides(table.options)),
            view=lobby_view(table, tr),
            allowed_mentions=discord.AllowedMentions(users=[opponent] if opponent else []),
        )
    except discord.HTTPException as error:
        # Nobody could join a lobby without its post: the table goes, and the thread the bot made.
        log.warning("table %s: lobby post refused (%s); the table is removed", table.id, error.status)
        await bot.store.discard_lobby(table.id)
        if created is not None:
            await _delete_thread(created)
        if isinstance(error, discord.Forbidden):
            raise forbidden(lang, "post_lobby", interaction.app_permissions) from error
        raise UserError("failed.lobby_post") from error
    await bot.store.set_lobby_message(table.id, message.id)
    await interaction.response.send_message(
        t(lang, "lobby.opened", game=title, thread=thread.mention, host=interaction.user.mention),
        allowed_mentions=discord.AllowedMentions.none(),
    )
    return table


async def _delete_thread(thread: discord.Thread) -> None:
    """Remove a thread the bot made for a table that was not opened (kept if Discord refuses)."""
    try:
        await thread.delete()
    except discord.HTTPException:
        log.info("thread %s of a table that was not opened could not be deleted", thread.id)
