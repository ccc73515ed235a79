"""What a player sees privately after their own draw or keep: no acknowledgement per move.

The tiles drawn are shown once, when the drawing is over, in the one private picture that
already shows the hand, with the keep select under it (the next decision, no Keep button to
find). After keeping, the next decision's picker opens at once (placing or upgrading, as the
bot would do next) instead of a "You keep" line; the board's buttons offer everything else.
A draw with more to draw shows nothing: the Hand button shows the tiles so far. Likewise after
an upgrade or **Don't plan** on the board, the Place picker opens when placing is the bot's
next move (``open_next``), and after a placement confirmed alone (``after_confirm``).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import Tr, lang_of
from bot.picker import open_picker, pickers_of
from bot.quiet import dismiss
from cogs.moonriser.keep import KeepPicker
from cogs.moonriser.pickers import PREFIX
from cogs.moonriser.private import hand_message
from db.models import TableRow
from engine.core import Event
from engine.moonriser.game import GAME

NAME = "moonriser"
NEXT_PICKER = {"place": "place", "upgrade": "upgrade"}
"""The picker opened after a keep, by the kind of the bot's next move for the seat."""


async def show_private(
    interaction: discord.Interaction, table: TableRow, seat: int, events: Sequence[Event]
) -> bool:
    """``GameAdapter.show_private`` for Moonriser: the hand picture with the keep select when
    the seat is to keep, the next picker after a keep, else nothing."""
    state = table.state or {}
    tr = Tr(lang_of(interaction.locale))
    codes = {event.code for event in events}
    if not codes <= {"moonriser.drew", "moonriser.kept_private"}:
        return False
    if any(m.kind == "keep" for m in GAME.legal_moves(state, seat)):
        keeping = KeepPicker(interaction.client, table, seat, tr, PREFIX)
        content, file = await hand_message(tr, state, seat, below=keeping.prompt())
        extra = {"file": file} if file is not None else {}
        await interaction.followup.send(content, view=keeping, ephemeral=True, **extra)
        return True
    shown = "moonriser.kept_private" in codes and await open_next(interaction, table, seat, tr, NEXT_PICKER)
    if not shown and interaction.message is None:
        await dismiss(interaction)  # a command's deferred reply was kept for a private line: none comes
    return True


async def open_next(
    interaction: discord.Interaction, table: TableRow, seat: int, tr: Tr, pickers: dict[str, str]
) -> bool:
    """After the player's own move: the private picker of the bot's next move for the seat, when
    ``pickers`` names one for its kind (the next decision, one tap nearer); whether it opened."""
    state = table.state or {}
    if seat not in GAME.to_act(state) or GAME.outcome(state) is not None:
        return False
    action = pickers.get(GAME.bot_move(state, seat, "normal").kind)
    if action is None:
        return False
    content, shown = open_picker(
        interaction.client, pickers_of(interaction.client, NAME), table, seat, action, tr
    )
    await shown.send(interaction, content)
    return True


async def after_confirm(
    interaction: discord.Interaction, table: TableRow, seat: int, moves: tuple[str, ...]
) -> None:
    """``GameAdapter.after_confirm``: after a placement confirmed alone (no Done), the Place
    picker again when placing is the bot's next move for the seat (one tap nearer)."""
    if [m.split()[0] for m in moves] == ["place"]:
        await open_next(interaction, table, seat, Tr(lang_of(interaction.locale)), {"place": "place"})
