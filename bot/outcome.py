"""A move whose COMMIT went unanswered (the database's server died at that moment): find out
whether it was saved instead of telling the player it failed.

The store raises :class:`db.errors.OutcomeUnknown`; the interaction's id is stored with every
move it made (:mod:`db.interactions`), so once the database answers again, looking for that id
tells the truth. A move that was saved is shown as saved; one that was not is committed again
(its interaction id keeps it from ever counting twice). The wait may outlast Discord's three
seconds, so the interaction is acknowledged first. Should the database stay away longer than
``RESOLVE_SECONDS``, the player is told that the outcome of their move (or undo) is unknown
(``errors.storage_unknown.<action>``), never that nothing was saved.

After a change is saved, showing it may still need the database (the board post's id is stored,
a digest read): should it be gone by then, the player is not told that nothing was saved
(:func:`shown_after_saving`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.errors import saving, send_ephemeral
from bot.i18n import lang_of, t
from bot.quiet import acknowledge
from db.errors import OutcomeUnknown, StorageFault, is_storage_fault
from db.models import TableRow
from db.store import Store

log = logging.getLogger(__name__)

RESOLVE_SECONDS = 30.0
"""How long a move waits for the database to answer again (a crashed server's restart)."""
POLL_SECONDS = 0.25


async def commit_resolved(
    store: Store, interaction: discord.Interaction, table_id: int, **commit: Any
) -> TableRow:
    """``store.commit_moves(table_id, interaction_id=interaction.id, **commit)``, its outcome
    found out if the COMMIT went unanswered: the table as saved, or the store's refusal."""
    return await resolved(
        store,
        interaction,
        table_id,
        lambda: store.commit_moves(table_id, interaction_id=interaction.id, **commit),
        action="move",
    )


async def resolved(
    store: Store,
    interaction: discord.Interaction,
    table_id: int,
    write: Callable[[], Awaitable[TableRow]],
    *,
    action: str,
) -> TableRow:
    """``write()``, a write of ``interaction`` to ``table_id`` recorded under its id, its outcome
    found out if the COMMIT went unanswered: the table as saved, or what ``write`` raises when
    it is run again because it was not saved. ``action`` (``move``, ``undo``) names it in the
    sentence of an outcome that stays unknown (:func:`bot.errors.saving`)."""
    with saving(action):
        try:
            return await write()
        except OutcomeUnknown as unknown:
            if not await saved(store, interaction, unknown):
                log.info(
                    "interaction %s was not saved before the database went away: saving it", interaction.id
                )
                return await write()
    log.info("interaction %s was saved before the database went away", interaction.id)
    table = await store.table(table_id)
    assert table is not None, "a table is never deleted"
    return table


async def saved(store: Store, interaction: discord.Interaction, unknown: OutcomeUnknown) -> bool:
    """Whether the interaction took effect, read once the database answers; ``unknown`` again if
    it does not answer within ``RESOLVE_SECONDS``."""
    try:
        await acknowledge(interaction)
    except discord.HTTPException:
        log.warning("could not acknowledge interaction %s while its outcome is unknown", interaction.id)
    deadline = time.monotonic() + RESOLVE_SECONDS
    while True:
        try:
            return await store.interaction_seen(interaction.id)
        except StorageFault:
            if time.monotonic() > deadline:
                raise unknown from None
            await asyncio.sleep(POLL_SECONDS)


async def shown_after_saving(
    interaction: discord.Interaction, show: Awaitable[None], shown: Callable[[], bool]
) -> None:
    """Await ``show``, which shows a change already saved. A storage fault in it (the database
    went away after the commit) is logged; unless the board already ``shown()`` the change, the
    player hears that it was saved and the board will show it."""
    try:
        await show
    except Exception as error:
        if not is_storage_fault(error):
            raise
        log.warning("interaction %s saved; the database went away as it was shown: %s", interaction.id, error)
        if shown():
            return
        try:
            await send_ephemeral(interaction, t(lang_of(interaction.locale), "errors.storage_after_save"))
        except discord.HTTPException:
            log.warning("could not tell the user that interaction %s was saved", interaction.id)
