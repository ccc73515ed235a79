"""``/table check``: what the bot may not do in this channel or thread, as Discord computes it.

The interaction carries the bot's own permissions where it was used (``app_permissions``), so the
answer needs no extra request and is what Discord will enforce on the next post.
"""

from __future__ import annotations

import discord

from bot.i18n import Tr

IN_CHANNEL: tuple[str, ...] = (
    "view_channel",
    "create_public_threads",
    "send_messages_in_threads",
    "attach_files",
    "embed_links",
    "read_message_history",
    "manage_threads",
)
"""What the bot uses in a text channel where tables are opened (each table gets a thread)."""
IN_THREAD: tuple[str, ...] = (
    "view_channel",
    "send_messages_in_threads",
    "attach_files",
    "embed_links",
    "read_message_history",
    "manage_threads",
)
"""What the bot uses in a table's thread."""
OPTIONAL = frozenset({"manage_threads"})
"""Without these the games still run; something the bot could repair it cannot."""


def lacking(have: discord.Permissions, in_thread: bool) -> list[str]:
    """The permissions the bot uses here that ``have`` does not grant, in :data:`IN_CHANNEL` order."""
    return [p for p in (IN_THREAD if in_thread else IN_CHANNEL) if not getattr(have, p, False)]


def report(tr: Tr, have: discord.Permissions, in_thread: bool) -> str:
    """The answer of ``/table check``: all is well, or one line per missing permission and why."""
    missing = lacking(have, in_thread)
    where = tr("check.where_thread" if in_thread else "check.where_channel")
    if not missing:
        return tr("check.all_good", where=where)
    lines = [tr("check.missing", where=where, count=len(missing))]
    for name in missing:
        key = "check.optional_line" if name in OPTIONAL else "check.line"
        lines.append(tr(key, permission=tr(f"permissions.{name}"), why=tr(f"check.why.{name}")))
    return "\n".join(lines)
