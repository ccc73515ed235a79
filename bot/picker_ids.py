"""The custom ids of the private pickers and previews (``bot.picker``, ``bot.confirm``) and how long
they wait: which bot showed them, for which table and board action."""

from __future__ import annotations

import re
import secrets
import weakref

import discord

TIMEOUT = 600.0
"""How long a picker waits for its player: less than the 15 minutes an interaction's token lives,
so the message it sits on can still be edited when it expires."""

_BOOTS: weakref.WeakKeyDictionary[discord.Client, str] = weakref.WeakKeyDictionary()


def boot_of(client: discord.Client) -> str:
    """A random token for this bot (one per process in production, per bot under SimCord): the
    pickers it shows carry it, so a picker of an earlier bot is told apart from a live one."""
    if client not in _BOOTS:
        _BOOTS[client] = secrets.token_hex(4)
    return _BOOTS[client]


def picker_id(client: discord.Client, prefix: str, table_id: int, action: str) -> str:
    """A picker select's custom id; the nonce keeps two pickers of one table and action apart."""
    return f"{prefix}:{boot_of(client)}:{table_id}:{action}:{secrets.token_hex(4)}"


def expired_template(prefix: str) -> str:
    """The custom ids of a game's pickers, for its ``ExpiredPicker`` subclass."""
    return rf"{re.escape(prefix)}:(?P<boot>[0-9a-f]+):(?P<table>\d+):(?P<action>[a-z]+):[0-9a-f]+"
