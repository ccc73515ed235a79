"""A successful move leaves nothing behind but the turn's post.

Discord wants every interaction answered, and the natural answer ("✅ Done, the board shows
your move") piled up: a 4-player game left over a hundred of them. A move that edited the
turn's post answers invisibly instead: a slash command is deferred and its "thinking…"
reply deleted; a private picker or preview (an ephemeral message) is deferred and deleted,
so it closes. A public message's button (the board itself) is only acknowledged: the post
stays. Refusals are not answered here: they still get their private sentence.
"""

from __future__ import annotations

import logging

import discord

log = logging.getLogger(__name__)

OURS = "quiet.ours"
"""``interaction.extras`` key: whether its deferred original response is ours to delete (see
:func:`acknowledge`), kept for an answer made after an early acknowledgement."""


def private_source(interaction: discord.Interaction) -> bool:
    """Whether the interaction came from a message only its player sees (a picker, a preview)."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


async def acknowledge(interaction: discord.Interaction) -> bool:
    """Answer ``interaction`` so that it shows nothing yet; ``True`` if its original response
    is then ours to delete (a deferred command's reply, a private picker), ``False`` if it was
    answered already or came from a public message that must stay."""
    if interaction.response.is_done():
        return bool(interaction.extras.get(OURS, False))  # acknowledged early by us, or answered
    if interaction.message is None:  # a slash command (or a modal it opened)
        await interaction.response.defer(ephemeral=True, thinking=True)
        interaction.extras[OURS] = True
        return True
    await interaction.response.defer()
    interaction.extras[OURS] = private_source(interaction)
    return interaction.extras[OURS]


async def acknowledge_early(interaction: discord.Interaction | None, *, new_post: bool) -> None:
    """Acknowledge a saved move before its pictures are drawn, so that no answer misses Discord's
    3 seconds however busy the bot is: the answer that follows (an edited or a new board post)
    then goes through the deferred interaction.

    A click (a board button, a picker) is deferred invisibly, whatever follows. A slash command
    that edits the turn's post is deferred as :func:`leave_nothing` would (privately, deleted
    afterwards). A slash command that posts a new board is answered by that board directly: a
    deferred reply would make the board private (a private deferral) or every later refusal or
    failure note public (a public one)."""
    if interaction is None or interaction.response.is_done():
        return
    if interaction.message is None and new_post:
        return
    try:
        await acknowledge(interaction)
    except discord.HTTPException as error:  # the answer that follows will tell
        log.info("could not acknowledge a move early (%s)", error.status)


def deferred_privately(interaction: discord.Interaction) -> bool:
    """Whether a slash command was deferred with a private "thinking" reply (by
    :func:`acknowledge_early`): a board must then be posted in the channel, not as that reply."""
    return interaction.message is None and bool(interaction.extras.get(OURS))


async def leave_nothing(interaction: discord.Interaction, *, private_follows: bool = False) -> None:
    """Answer a move whose result is already on the turn's post, leaving no reply behind.

    ``private_follows``: the mover is about to be told something privately (a drawn card); a
    command's deferred reply then stays for it (the first follow-up fills it), since a deleted
    deferred reply takes no follow-up."""
    try:
        if await acknowledge(interaction) and not (private_follows and interaction.message is None):
            await dismiss(interaction)
    except discord.HTTPException as error:
        log.info("could not answer a move quietly (%s)", error.status)


async def dismiss(interaction: discord.Interaction) -> None:
    """Delete the interaction's original response (a deferred reply, a private picker)."""
    try:
        await interaction.delete_original_response()
    except discord.HTTPException as error:  # dismissed by the player already, or Discord failed
        log.info("could not delete the answer of a move (%s)", error.status)
