"""Pushing the slash commands to Discord, and a refusal of them as one line a server admin can act on.

Discord checks every command it is sent (lengths, names, counts) and refuses the whole push with
400 and a tree of errors keyed by the path into what was sent, such as
``{"5": {"options": {"0": {"description": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH",
"message": "Must be 100 or fewer in length."}]}}}}}``. discord.py keeps that tree
(``HTTPException._errors``) and prints it over many lines; here the paths are mapped back to the
payload that was sent, so the line names the command, the option and the limit:
``/marsbot start, option level, description (105 characters): Must be 100 or fewer in length``
Such a refusal cannot pass by itself (the same texts would be refused again), so ``python -m bot``
stops with the "do not restart" status (:class:`CommandsRefused`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord import app_commands

SUBCOMMAND, GROUP = 1, 2
"""Option types that extend a command's name rather than being an option of it."""


class CommandsRefused(Exception):
    """Discord refused the commands the bot pushed (400): the message is one line naming them."""


async def sync(tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None = None) -> list[Any]:
    """``tree.sync(guild=guild)``; a refusal (400) raises :class:`CommandsRefused` with one line."""
    try:
        return await tree.sync(guild=guild)
    except discord.HTTPException as exc:
        if exc.status != 400:
            raise
        payload = await _payload(tree, guild)
        raise CommandsRefused(refusal_line(exc, payload, guild_id=guild.id if guild else None)) from exc


async def _payload(
    tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None
) -> list[dict[str, Any]]:
    """What ``tree.sync`` sent, in its order (the error paths index it)."""
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    if translator is None:
        return [command.to_dict(tree) for command in commands]
    return [await command.get_translated_payload(tree, translator) for command in commands]


def refusal_line(
    exc: discord.HTTPException, payload: Sequence[Mapping[str, Any]], *, guild_id: int | None
) -> str:
    """One line: where the commands went, each refused text (the first three) and what to do."""
    where = (
        "the slash commands"
        if guild_id is None
        else f"the slash commands of server {guild_id} (DEV_GUILD_ID)"
    )
    problems = [
        describe(path, messages, payload) for path, messages in flatten(getattr(exc, "_errors", None))
    ]
    if not problems:
        detail = " ".join(str(exc.text or exc).split()) or f"{exc.status} (error code {exc.code})"
        return f"Discord refused {where}: {detail}. Fix the commands and start again."
    shown = "; ".join(problems[:3])
    more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
    return f"Discord refused {where}: {shown}{more}. Fix these texts and start again."


def flatten(errors: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], list[str]]]:
    """Discord's error tree as (path, messages) pairs, in its order."""
    if not isinstance(errors, Mapping):
        return []
    found: list[tuple[tuple[str, ...], list[str]]] = []
    for key, value in errors.items():
        if key == "_errors" and isinstance(value, list):
            found.append(
                (path, [" ".join(str(e.get("message", "")).split()) for e in value if isinstance(e, Mapping)])
            )
        elif isinstance(value, Mapping):
            found.extend(flatten(value, (*path, str(key))))
    return found


def describe(path: Sequence[str], messages: Sequence[str], payload: Sequence[Mapping[str, Any]]) -> str:
    """``/game start, option level, description (105 characters): Must be 100 or fewer in length``

    The path is walked through the payload: a command's index gives its name, an ``options``
    index a subcommand (part of the name) or an option, a ``choices`` index a choice; the keys
    left name the field (``description``; ``name (cs, …)`` for ``name_localizations.cs``)."""
    parts: list[str] = []
    node: Any = payload
    words: list[str] = []
    field: list[str] = []
    keys = list(path)
    if keys and keys[0].isdigit() and int(keys[0]) < len(payload):
        node = payload[int(keys.pop(0))]
        words.append(f"/{node.get('name', '?')}")
    while keys:
        key = keys.pop(0)
        items = node.get(key) if isinstance(node, Mapping) else None
        if key in ("options", "choices") and keys and keys[0].isdigit() and isinstance(items, list):
            index = int(keys.pop(0))
            if index >= len(items):
                field = [key, str(index), *keys]
                break
            node = items[index]
            name = node.get("name", "?")
            if key == "choices":
                parts.append(f"choice {name}")
            elif node.get("type") in (SUBCOMMAND, GROUP):
                words.append(name)
            else:
                parts.append(f"option {name}")
            continue
        field = [key, *keys]
        break
    text: Any = node
    for key in field:
        text = text.get(key) if isinstance(text, Mapping) else None
    where = [" ".join(words) or "the commands", *parts]
    if field:
        name, notes = ".".join(field), []
        if len(field) == 2 and field[0].endswith("_localizations"):  # description (cs, 101 characters)
            name, notes = field[0].removesuffix("_localizations"), [field[1]]
        if isinstance(text, str):
            notes.append(f"{len(text)} characters")
        where.append(f"{name} ({', '.join(notes)})" if notes else name)
    said = " ".join(m.rstrip(".") for m in messages if m) or "refused"
    return f"{', '.join(where)}: {said}"
