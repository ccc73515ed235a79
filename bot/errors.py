"""Errors a player can meet, answered privately in their language; everything else is logged.

Layers: a component or command raises :class:`UserError`; the cog/tree handlers (and
:func:`run_guarded` for components) turn it into one ephemeral sentence. Nothing has
been changed when a UserError is raised. A storage fault (disk full, read-only or locked
database, its server down) rolls its transaction back, and is answered at the same layers with
one sentence saying that nothing was saved; one whose COMMIT went unanswered and could not be
found out (``bot.outcome``) says just that.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Iterator
from contextlib import contextmanager
from typing import Any

import discord
from discord import app_commands

from bot.i18n import lang_of, t
from bot.outgoing import quote
from db.errors import OutcomeUnknown, is_storage_fault

log = logging.getLogger(__name__)


TYPED = frozenset({"text", "typed", "mention", "field", "tile", "space"})
"""Parameters of the bot's own refusals that quote what a user typed (an option, a modal field)."""

ECHOES = frozenset({"text", "card", "cell", "line", "milestone", "option", "slot", "space", "target", "tile"})
"""Parameters of an engine's refusal that may echo a piece of typed notation back."""


class UserError(Exception):
    """A refusal with a translation key and its parameters.

    Only what a user typed is clipped: a cell, a card, a duration may be thousands of characters
    of it, so a refusal quotes at most ``QUOTE_MAX`` characters of each and still reads as a
    sentence. What the bot composes (its lists of players, games, choices) is never cut: a name
    left out would mislead, and the message limit is kept where every message goes out."""

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = {k: quote(v) if k in TYPED else v for k, v in params.items()}

    @classmethod
    def worded(cls, key: str, params: dict[str, Any]) -> UserError:
        """A refusal whose parameters are all the bot's own words already (an engine's refusal
        after :func:`engine_params` and its game's words), none of them clipped."""
        error = cls(key)
        error.params = dict(params)
        return error


def engine_params(params: dict[str, Any]) -> dict[str, Any]:
    """An engine refusal's raw parameters, its echoes of typed notation quoted: its own ids are
    short, and the lists it joins (choices, archives, awards) stay whole."""
    return {k: quote(v) if k in ECHOES else v for k, v in params.items()}


NEEDS: dict[str, tuple[str, ...]] = {
    "create_thread": ("create_public_threads",),
    "post_lobby": ("send_messages_in_threads",),
    "post_board": ("attach_files",),
}
"""What each action of the bot needs from the channel (a 403 on it means one of these is missing)."""


def forbidden(lang: str, action: str, have: discord.Permissions | None = None) -> UserError:
    """The refusal for a 403 on ``action``: the permissions it needs that the bot lacks here
    (all it needs if Discord's view of them says none is missing), named as Discord names them."""
    needed = NEEDS[action]
    lacking = [p for p in needed if have is None or not getattr(have, p, False)] or list(needed)
    names = ", ".join(f"*{t(lang, f'permissions.{p}')}*" for p in lacking)
    return UserError(f"errors.forbidden.{action}", permissions=names)


async def send_ephemeral(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """Reply privately whether or not the interaction was already answered."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def reply_error(interaction: discord.Interaction, error: UserError) -> None:
    lang = lang_of(interaction.locale)
    await send_ephemeral(interaction, t(lang, error.key, **error.params))


async def reply_unexpected(interaction: discord.Interaction, error: BaseException) -> None:
    log.error("unexpected error in an interaction", exc_info=error)
    try:
        await send_ephemeral(interaction, t(lang_of(interaction.locale), "errors.unexpected"))
    except discord.HTTPException:
        log.warning("could not tell the user about an unexpected error")


UNKNOWN_ACTIONS = frozenset({"move", "undo", "join", "leave", "start"})
"""The writes whose unknown outcome has a sentence of its own (``errors.storage_unknown.<action>``);
any other change is told by ``errors.storage_unknown.change``."""


@contextmanager
def saving(action: str) -> Iterator[None]:
    """Name what the write inside is saving, so that should its COMMIT go unanswered the player
    hears "your undo" or "your joining", not "your move". The innermost name wins."""
    try:
        yield
    except OutcomeUnknown as error:
        if error.action is None:
            error.action = action
        raise


def storage_key(error: BaseException) -> str:
    """The sentence of a storage fault: nothing was saved, or (``OutcomeUnknown``) nobody can
    tell yet whether the named action was."""
    if not isinstance(error, OutcomeUnknown):
        return "errors.storage"
    action = error.action if error.action in UNKNOWN_ACTIONS else "change"
    return f"errors.storage_unknown.{action}"


async def reply_storage_fault(interaction: discord.Interaction, error: BaseException) -> None:
    """The database could not be used (disk full, read-only, locked, its server down): the
    transaction was rolled back, so the player hears that nothing was saved and the board is
    unchanged; or its COMMIT went unanswered (``OutcomeUnknown``), and the player hears just that,
    of what they did (:func:`saving`)."""
    log.error("the database could not be used during an interaction", exc_info=error)
    key = storage_key(error)
    try:
        await send_ephemeral(interaction, t(lang_of(interaction.locale), key))
    except discord.HTTPException:
        log.warning("could not tell the user about a storage fault")


async def run_guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Run a component's work, answering privately whatever stops it (the component layer):
    a UserError with its sentence, a storage fault with "nothing was saved", anything else with
    the generic sentence. discord.py would only log those last two, leaving the click unanswered."""
    try:
        await work
    except UserError as error:
        await reply_error(interaction, error)
    except Exception as error:
        if is_storage_fault(error):
            await reply_storage_fault(interaction, error)
        else:
            await reply_unexpected(interaction, error)


def install_tree_error_handler(tree: app_commands.CommandTree) -> None:
    """The last layer: slash-command errors not handled closer to the command."""

    async def on_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, UserError):
            await reply_error(interaction, original)
        elif isinstance(original, discord.Forbidden):
            log.warning("a 403 nobody closer handled", exc_info=original)
            await reply_error(interaction, UserError("errors.forbidden.general"))
        elif isinstance(error, app_commands.NoPrivateMessage):
            await reply_error(interaction, UserError("errors.guild_only"))
        elif isinstance(error, app_commands.CheckFailure):
            await reply_error(interaction, UserError("errors.not_allowed"))
        elif is_storage_fault(original):
            await reply_storage_fault(interaction, original)
        else:
            await reply_unexpected(interaction, original)

    tree.on_error = on_error
