"""A table's lobby: its post, its persistent buttons, the host's tools, and opening it.

Custom ids are ``lobby:<table>:<action>`` (buttons and the host's private selects alike), so
every control works after a restart. Everyone may Join and Leave (an invitee who leaves
declines the invitation); the host Starts, Cancels, adds and removes bot players and
withdraws invitations. The game starts by itself when the last seat is taken.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.bot_players import bot_name, level_word, seat_name
from bot.clock_settings import ClockSettings
from bot.errors import UserError, engine_params, forbidden, run_guarded, saving
from bot.i18n import Tr, lang_of, t
from bot.invites import check_count, check_people, parse_invitees
from bot.lobby_text import lobby_text, option_value
from bot.outgoing import plain
from bot.table_channel import deliver
from db.errors import (
    AlreadySeated,
    NotABot,
    NotInLobby,
    NotInvited,
    NotSeated,
    SeatsReserved,
    TableFull,
)
from db.models import TableRow

__all__ = ["LobbyButton", "LobbySelect", "lobby_text", "open_lobby", "option_value", "redraw_lobby"]

log = logging.getLogger(__name__)

ACTIONS = ("join", "leave", "start", "cancel")
HOST_TOOLS = ("addbot", "unbot", "uninvite")
SELECTS = ("botlevel", "botout", "inviteout")
"""The host's private selects: a bot's level, which bot leaves, whose invitation is withdrawn."""


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lobby:(?P<table>\d+):(?P<action>join|leave|start|cancel|addbot|unbot|uninvite)",
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
                label=tr(f"lobby.button.{action}"),
                style=style,
                custom_id=f"lobby:{table_id}:{action}",
                row=1 if action in HOST_TOOLS else 0,
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
        store = interaction.client.store  # type: ignore[attr-defined]
        table = await store.table(self.table_id)
        if table is None or table.status != "lobby":
            raise UserError("lobby.closed")
        user = interaction.user
        if self.action not in ("join", "leave") and user.id != table.host_id:
            raise UserError("lobby.host_only")
        if self.action in HOST_TOOLS:
            await host_tool(interaction, table, self.action)
            return
        try:
            if self.action == "join":
                with saving("join"):
                    table = await store.join(table.id, user.id, user.display_name)
            elif self.action == "leave":
                with saving("leave"):
                    table = await _leave(store, table, user.id)
            elif self.action == "cancel":
                table = await store.cancel(table.id, lobby_only=True)
        except AlreadySeated as error:
            raise UserError("lobby.already_seated") from error
        except SeatsReserved as error:
            raise UserError("lobby.reserved") from error
        except TableFull as error:
            raise UserError("lobby.full") from error
        except (NotSeated, NotInvited) as error:
            raise UserError("lobby.not_seated") from error
        except NotInLobby as error:
            raise await closed_meanwhile(store, table.id) from error
        await settle(interaction, table, start=self.action == "start")


async def _leave(store: Any, table: TableRow, user_id: int) -> TableRow:
    """Leave a seat, or decline an invitation; the host closes the table with Cancel instead."""
    if user_id == table.host_id:
        raise UserError("lobby.host_cannot_leave")
    if table.seat_of(user_id) is None and table.is_invited(user_id):
        return await store.uninvite(table.id, user_id)
    return await store.leave(table.id, user_id)


class LobbySelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"lobby-pick:(?P<table>\d+):(?P<action>botlevel|botout|inviteout)",
):
    """A host's private choice (a bot's level, which bot leaves, whose invitation ends); its
    custom id names the table, so a choice made after a restart still counts."""

    def __init__(self, item: discord.ui.Select[Any], table_id: int, action: str) -> None:
        super().__init__(item)
        self.table_id, self.action = table_id, action

    @classmethod
    def build(
        cls, table_id: int, action: str, options: Sequence[discord.SelectOption], tr: Tr
    ) -> LobbySelect:
        placeholder = {"botlevel": "bot_placeholder", "botout": "bot_out_placeholder"}.get(
            action, "uninvite_placeholder"
        )
        item: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"lobby-pick:{table_id}:{action}",
            options=list(options),
            placeholder=tr(f"lobby.{placeholder}"),
        )
        return cls(item, table_id, action)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str], /
    ) -> LobbySelect:
        return cls(item, int(match["table"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_guarded(interaction, self._choose(interaction))

    async def _choose(self, interaction: discord.Interaction) -> None:
        store = interaction.client.store  # type: ignore[attr-defined]
        table = await store.table(self.table_id)
        if table is None or table.status != "lobby":
            raise UserError("lobby.closed")
        if interaction.user.id != table.host_id:
            raise UserError("lobby.host_only")
        (value,) = self.item.values
        if self.action == "botlevel":
            await add_bot(interaction, table, value, private=True)
        elif self.action == "botout":
            seat = next((s.seat for s in table.seats if s.is_bot and s.name == value), None)
            await remove_bot(interaction, table, seat, private=True)
        else:
            await uninvite(interaction, table, int(value), private=True)


# ---------------------------------------------------------------- the host's tools
async def host_tool(interaction: discord.Interaction, table: TableRow, action: str) -> None:
    """Add bot player, Remove bot player, Withdraw invitation: at once when there is one thing
    to do, else a private select asks which (the level, the bot, the invitation)."""
    service: Any = interaction.client.tables  # type: ignore[attr-defined]
    tr = Tr(lang_of(interaction.locale))
    options: list[discord.SelectOption]
    if action == "addbot":
        levels = service.adapters[table.game].game.info.bot_levels
        if not levels:
            raise UserError("lobby.no_bots", game=service.title(table.game, tr))
        _check_room_for_bot(table)
        if len(levels) == 1:
            await add_bot(interaction, table, levels[0], private=False)
            return
        options = [discord.SelectOption(label=level_word(tr, table.game, lv), value=lv) for lv in levels]
        await _ask(interaction, tr("lobby.bot_pick"), LobbySelect.build(table.id, "botlevel", options, tr))
    elif action == "unbot":
        bots = [s for s in table.seats if s.is_bot]
        if not bots:
            raise UserError("lobby.no_bot_seated")
        if len(bots) == 1:
            await remove_bot(interaction, table, bots[0].seat, private=False)
            return
        options = [discord.SelectOption(label=seat_name(tr, table.game, s), value=s.name) for s in bots]
        await _ask(interaction, tr("lobby.bot_out_pick"), LobbySelect.build(table.id, "botout", options, tr))
    else:
        if not table.invites:
            raise UserError("lobby.no_invites")
        if len(table.invites) == 1:
            await uninvite(interaction, table, table.invites[0].user_id, private=False)
            return
        options = [discord.SelectOption(label=i.name[:100], value=str(i.user_id)) for i in table.invites]
        await _ask(
            interaction, tr("lobby.uninvite_pick"), LobbySelect.build(table.id, "inviteout", options, tr)
        )


def _check_room_for_bot(table: TableRow) -> None:
    if table.free_seats <= 0:
        raise UserError("lobby.full")
    if table.open_seats <= 0:
        raise UserError("lobby.reserved_for_bot")


async def _ask(interaction: discord.Interaction, question: str, select: LobbySelect) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(select)
    await interaction.response.send_message(question, view=view, ephemeral=True)


async def add_bot(interaction: discord.Interaction, table: TableRow, level: str, *, private: bool) -> None:
    store = interaction.client.store  # type: ignore[attr-defined]
    if level not in interaction.client.tables.adapters[table.game].game.info.bot_levels:  # type: ignore[attr-defined]
        raise UserError("errors.not_allowed")
    _check_room_for_bot(table)
    try:
        table = await store.add_bot(table.id, level)
    except SeatsReserved as error:
        raise UserError("lobby.reserved_for_bot") from error
    except TableFull as error:
        raise UserError("lobby.full") from error
    except NotInLobby as error:
        raise await closed_meanwhile(store, table.id) from error
    added = table.seats[-1]  # a bot takes the next seat
    tr = Tr(lang_of(interaction.locale))
    note = tr("lobby.bot_added", name=bot_name(tr, table.game, added.name, level))
    await settle(interaction, table, start=False, private=private, note=note)


async def remove_bot(
    interaction: discord.Interaction, table: TableRow, seat: int | None, *, private: bool
) -> None:
    store = interaction.client.store  # type: ignore[attr-defined]
    row = table.seat_row(seat) if seat is not None else None
    if row is None or not row.is_bot:
        raise UserError("lobby.bot_gone")
    try:
        table = await store.remove_bot(table.id, row.seat)
    except NotABot as error:
        raise UserError("lobby.bot_gone") from error
    except NotInLobby as error:
        raise await closed_meanwhile(store, table.id) from error
    tr = Tr(lang_of(interaction.locale))
    await settle(
        interaction,
        table,
        start=False,
        private=private,
        note=tr("lobby.bot_removed", name=seat_name(tr, table.game, row)),
    )


async def uninvite(interaction: discord.Interaction, table: TableRow, user_id: int, *, private: bool) -> None:
    store = interaction.client.store  # type: ignore[attr-defined]
    name = next((i.name for i in table.invites if i.user_id == user_id), None)
    try:
        table = await store.uninvite(table.id, user_id)
    except NotInvited as error:
        raise UserError("lobby.invitation_gone") from error
    except NotInLobby as error:
        raise await closed_meanwhile(store, table.id) from error
    note = Tr(lang_of(interaction.locale))("lobby.uninvited", name=plain(name or "?"))
    await settle(interaction, table, start=False, private=private, note=note)


# ------------------------------------------------------------------- the post
async def settle(
    interaction: discord.Interaction,
    table: TableRow,
    *,
    start: bool,
    private: bool = False,
    note: str | None = None,
) -> None:
    """After a change of the lobby: start the game when asked or when the last seat was taken,
    then answer. A click on the lobby post redraws that post; a private select's answer
    replaces the select with ``note`` and the lobby post is redrawn where it is."""
    service: Any = interaction.client.tables  # type: ignore[attr-defined]
    store = service.store
    events: list[Any] = []
    if table.status == "lobby" and (start or table.free_seats <= 0):
        try:
            played = await service.begin(table)
        except NotInLobby as error:
            raise await closed_meanwhile(store, table.id) from error
        table, events = played.table, played.events
    if table.status != "active":
        if private:
            await interaction.response.edit_message(content=note, view=None)
            await redraw_lobby(service, table)
        else:
            await refresh_lobby(interaction, table)
        return
    # The game has started (it is saved): whatever Discord refuses now, the start is
    # announced with the first board, which pings the first player and answers the click.
    if private:
        await redraw_lobby(service, table)
    else:
        try:
            await refresh_lobby(interaction, table)
        except discord.HTTPException:
            log.warning("table %s: lobby post not redrawn at the start; trying once more", table.id)
            await redraw_lobby(service, table)
    await service.post_board(interaction, table, events, from_picker=private)


async def closed_meanwhile(store: Any, table_id: int) -> UserError:
    """The answer to a click that lost a race: the lobby it read was cancelled or started
    (Join and Cancel pressed at the same moment, or two clicks that both start the game)."""
    table = await store.table(table_id)
    if table is None or table.status == "cancelled":
        return UserError("lobby.race.cancelled")
    if table.status in ("active", "finished"):
        return UserError("lobby.race.started")
    return UserError("lobby.closed")


def lobby_view(table: TableRow, tr: Tr, bot_levels: Sequence[str] = ()) -> discord.ui.View:
    """Join, Leave, Start, Cancel; below them the host's tools that apply now."""
    view = discord.ui.View(timeout=None)
    tools = [
        action
        for action, shown in (
            ("addbot", bool(bot_levels) and table.open_seats > 0),
            ("unbot", bool(table.bots)),
            ("uninvite", bool(table.invites)),
        )
        if shown
    ]
    for action in (*ACTIONS, *tools):
        view.add_item(LobbyButton(table.id, action, tr))
    return view


def _post(service: Any, table: TableRow) -> tuple[str, discord.ui.View | None]:
    """The lobby post's words and buttons (none once the lobby is over)."""
    adapter = service.adapters[table.game]
    tr = Tr(table.locale)
    levels = adapter.game.info.bot_levels
    text = lobby_text(table, tr, tr(adapter.title_key), adapter.lobby_hides(table.options), bot_levels=levels)
    return text, lobby_view(table, tr, levels) if table.status == "lobby" else None


async def refresh_lobby(interaction: discord.Interaction, table: TableRow) -> None:
    """Show the new roster on the lobby post the button sits on."""
    text, view = _post(interaction.client.tables, table)  # type: ignore[attr-defined]
    await interaction.response.edit_message(content=text, view=view)


async def redraw_lobby(service: Any, table: TableRow) -> None:
    """Redraw a lobby post outside a click on it (settings changed, a player left the server,
    a host's private choice)."""
    if table.lobby_message_id is None:
        return
    channel = await service.channel_of(table)
    if channel is None or not hasattr(channel, "get_partial_message"):
        return
    text, view = _post(service, table)
    post = channel.get_partial_message(table.lobby_message_id)
    try:  # like a board's edit: an archived thread is reopened, a deleted one marks the table lost
        await deliver(service, table, channel, lambda _: post.edit(content=text, view=view))
    except discord.HTTPException:
        log.info("table %s: lobby post not redrawn; the next click redraws it", table.id)


# ---------------------------------------------------------------- opening
async def open_lobby(
    interaction: discord.Interaction,
    game: str,
    options: Mapping[str, Any],
    *,
    max_seats: int,
    opponent: discord.abc.User | None = None,
    opponents: str | None = None,
    clock: ClockSettings | None = None,
) -> TableRow:
    """Open a table of ``max_seats`` in a new thread (or in the current thread) and post its lobby.

    The seat count must fit the game. ``opponent`` (a user option) and the people
    ``opponents`` mentions (a text option, see :mod:`bot.invites`) each get a seat reserved
    until they join. ``clock`` is the reminder and time limit (validated by the caller); the
    game's defaults otherwise.
    """
    bot: Any = interaction.client
    lang = lang_of(interaction.locale)
    channel = interaction.channel
    if interaction.guild is None or channel is None:
        raise UserError("lobby.guild_only")
    adapter = bot.tables.adapters[game]
    tr = Tr(lang)
    title = tr(adapter.title_key)
    info = adapter.game.info
    smallest = max(2, info.min_players)
    if not smallest <= max_seats <= info.max_players:
        raise UserError(
            "lobby.bad_seat_count", game=title, minimum=smallest, maximum=info.max_players, seats=max_seats
        )
    invited: list[discord.abc.User] = [opponent] if opponent is not None else []
    invited.extend(await parse_invitees(interaction, opponents, max_seats - len(invited)))
    check_count([u.id for u in invited], interaction.user.id, max_seats)
    check_people(invited)
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
            raise UserError.worded(code, engine_params(getattr(error, "params", {}))) from error
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
            invited=[(u.id, u.display_name) for u in invited],
        )
    except Exception:  # a refusal or a storage fault: the thread made for it would stay empty
        if created is not None:
            await _delete_thread(created)
        raise
    text, view = _post(bot.tables, table)
    try:
        message = await thread.send(text, view=view, allowed_mentions=discord.AllowedMentions(users=invited))
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
