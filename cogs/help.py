"""``/help`` (Czech ``/napoveda``): what a newcomer needs on one screen, privately, in their language.

The games come from the registered games' declarations (their players, a solo opponent, bot
players) and the commands from the synced command tree, so a new game or a new shared command
shows here without editing this file. Every command is a clickable mention; the answer is one
embed, whose description holds up to 4,096 characters (a message's content only 2,000).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter import GameAdapter
from bot.i18n import Commands, Tr, cmd, lang_of
from bot.tables import TableService

FIRST = ("games", "table", "undo", "leaderboard")
"""Shared commands a newcomer needs first, in this order; the others follow in the tree's order."""

SUBCOMMAND_TYPES = (1, 2)
"""Discord's option types of a subcommand and of a subcommand group."""


async def command_descriptions(tree: app_commands.CommandTree[Any], lang: str) -> dict[str, str]:
    """Every command's English qualified name -> its description as Discord shows it in ``lang``,
    in the tree's order (a group first, then its subcommands)."""
    found: dict[str, str] = {}

    def walk(node: Mapping[str, Any], name: str) -> None:
        local = node.get("description_localizations") or {}
        found[name] = local.get(lang) or node.get("description", "")
        for option in node.get("options", []):
            if option["type"] in SUBCOMMAND_TYPES:
                walk(option, f"{name} {option['name']}")

    translator = tree.translator
    for command in tree.get_commands():
        if translator is not None:
            payload = await command.get_translated_payload(tree, translator)
        else:
            payload = command.to_dict(tree)
        walk(payload, payload["name"])
    return found


def players_words(low: int, high: int, tr: Tr) -> str:
    """ "2–4 players", "2 players": the seats of a table played by people."""
    if low == high:
        return tr("help.players_exact", count=high)
    return tr("help.players_range", low=low, high=high)


def game_line(adapter: GameAdapter, known: Mapping[str, str], tr: Tr) -> str:
    """One game: its players and where and how a table of it starts, then its bot players and
    its rules command when it has them. ``known`` holds the commands that exist."""
    info = adapter.game.info
    title = tr(adapter.title_key)
    low, high = max(2, info.min_players), info.max_players
    solo = info.solo_automa or info.min_players == 1
    solo_name = adapter.command("new") if high < 2 else adapter.command("solo")
    automa = tr(info.automa_name_key)
    if high < 2:
        sentences = [tr("help.game.solo", game=title, automa=automa, solo_cmd=Commands((solo_name,)))]
    elif solo and solo_name in known:
        sentences = [
            tr(
                "help.game.group_solo",
                game=title,
                players=players_words(low, high, tr),
                new_cmd=Commands((adapter.command("new"),)),
                automa=automa,
                solo_cmd=Commands((solo_name,)),
            )
        ]
    else:
        sentences = [
            tr(
                "help.game.group",
                game=title,
                players=players_words(low, high, tr),
                new_cmd=Commands((adapter.command("new"),)),
            )
        ]
    if info.bot_levels and high >= 2:
        sentences.append(tr("help.game.bots"))
    rules = adapter.command("rules")
    if rules in known:
        sentences.append(tr("help.game.rules", rules_cmd=Commands((rules,))))
    return " ".join(sentences)


def shared_commands(known: Mapping[str, str], adapters: Mapping[str, GameAdapter]) -> list[str]:
    """The commands of no game (``/games``, ``/table …``, ``/undo``…), each a command that runs
    (a group's subcommands, not the group), those of :data:`FIRST` first; ``/help`` left out."""
    games = {name.partition(" ")[0] for name in adapters}
    for adapter in adapters.values():
        games.add(adapter.command("new").partition(" ")[0])
    tops = [name for name in known if " " not in name and name not in games and name != HELP]
    tops.sort(key=lambda name: FIRST.index(name) if name in FIRST else len(FIRST))
    leaves: list[str] = []
    for top in tops:
        family = [name for name in known if name == top or name.startswith(f"{top} ")]
        leaves += [name for name in family if not any(other.startswith(f"{name} ") for other in family)]
    return leaves


HELP = "help"
"""The English name of this command (left out of its own list)."""


def help_embed(adapters: Mapping[str, GameAdapter], known: Mapping[str, str], tr: Tr) -> discord.Embed:
    """The answer: the games, how to start one, the commands at a table. ``known`` maps every
    command's English qualified name to its description in the reader's language."""
    games = [game_line(adapters[name], known, tr) for name in sorted(adapters)]
    table = [
        tr("help.command", command=Commands((name,)), description=known[name])
        for name in shared_commands(known, adapters)
    ]
    start = tr(
        "help.start",
        join=tr("lobby.button.join"),
        addbot=tr("lobby.button.addbot"),
        start=tr("lobby.button.start"),
    )
    sections = [
        tr("help.intro"),
        "\n".join([tr("help.games_title"), *games]),
        "\n".join([tr("help.start_title"), start]),
        "\n".join([tr("help.table_title"), *table]),
    ]
    return discord.Embed(title=tr("help.title"), description="\n\n".join(sections))


class Help(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.service: TableService = bot.tables  # type: ignore[attr-defined]

    @app_commands.command(name=cmd("cmd.help.name"), description=cmd("cmd.help.description"))
    async def help(self, interaction: discord.Interaction) -> None:
        lang = lang_of(interaction.locale)
        known = await command_descriptions(self.bot.tree, lang)
        embed = help_embed(self.service.adapters, known, Tr(lang))
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: Any) -> None:
    await bot.add_cog(Help(bot))
