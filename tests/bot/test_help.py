"""``/help`` (``/napoveda``): a newcomer sees, privately and in their language, every game the bot
plays (from the games' own declarations), how to start one, and the commands at a table, each a
command they can click; all of it within one embed's limits."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from simcord import Env

from bot.adapter import GameAdapter
from bot.i18n import COMMANDS, Tr
from engine.core import GameInfo
from engine.registry import discovered
from engine.runarch import GAME, RunArch

MENTION = re.compile(r"</([a-z_ -]+):(\d+)>")
EMBED_DESCRIPTION = 4096
EMBED_TOTAL = 6000
TABLE_COMMANDS = {"games", "table settings", "table language", "table kick", "table abandon", "undo"}
TABLE_COMMANDS |= {"leaderboard"}


def players(info: GameInfo, lang: str) -> str:
    """What the answer says of a game's seats, worked out here from the declaration alone."""
    low, high = max(2, info.min_players), info.max_players
    word = {"en": "players", "cs": "hráči" if high < 5 else "hráčů"}[lang]
    return f"{low}–{high} {word}" if low < high else f"{high} {word}"


def game_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("• ")]


async def shown(who: Any, channel: Any = None) -> str:
    """The answer's text, checked to be one private embed that Discord accepts."""
    result = await (who.slash(channel, "help") if channel is not None else who.slash("help"))
    assert result.ephemeral
    (embed,) = result.response.embeds
    text = embed.description or ""
    assert len(text) <= EMBED_DESCRIPTION and len(embed) <= EMBED_TOTAL, (len(text), len(embed))
    assert "`/" not in text, "every command is a clickable mention"
    for name, command_id in MENTION.findall(text):
        assert COMMANDS.ids[name.partition(" ")[0]] == int(command_id), name
    return text


async def test_a_newcomer_sees_the_games_how_to_start_and_the_table_commands(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    text = await shown(alice, channel)
    games = simcord_env.bot.tables.adapters  # type: ignore[attr-defined]
    assert set(games) == set(discovered()) and len(game_lines(text)) == len(games)
    tr = Tr("en")
    for name, adapter in games.items():
        info = adapter.game.info
        (line,) = [line for line in game_lines(text) if line.startswith(f"• **{tr(adapter.title_key)}**")]
        mentioned = {command for command, _ in MENTION.findall(line)}
        assert f"{name} rules" in mentioned, line
        if info.max_players >= 2:
            assert players(info, "en") in line and f"{name} new" in mentioned, line
            assert ("Bot players can fill seats" in line) == bool(info.bot_levels), line
        if info.solo_automa:
            assert f"alone against {tr(info.automa_name_key)}" in line and "in a DM with me" in line, line
    assert "RunArch**, 2 players" in text and "runarch solo" in {c for c, _ in MENTION.findall(text)}
    assert "**MarsBot**, alone against MarsBot: </marsbot new:" in text
    mentioned = {command for command, _ in MENTION.findall(text)}
    assert TABLE_COMMANDS <= mentioned and "help" not in mentioned and "table" not in mentioned
    assert "Take back your last move here" in text  # each command with what it does
    assert "press **Join**" in text and "**Add bot player**" in text and "**Start**" in text
    in_dm = await shown(simcord_env.create_user("dana"))  # a newcomer may ask in a DM with the bot too
    assert in_dm == text


async def test_a_czech_newcomer_reads_it_in_czech(simcord_env: Env, user_locales: dict[int, str]) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("hry")
    jana = guild.add_member(simcord_env.create_user("jana"))
    user_locales[jana.id] = "cs"
    text = await shown(jana, channel)
    tr = Tr("cs")
    for adapter in simcord_env.bot.tables.adapters.values():  # type: ignore[attr-defined]
        info = adapter.game.info
        (line,) = [line for line in game_lines(text) if line.startswith(f"• **{tr(adapter.title_key)}**")]
        if info.max_players >= 2:
            assert players(info, "cs") in line, line
    assert "Projekt Manhattan**, 2–5 hráčů" in text and "Moonriser**, 2–4 hráči" in text
    assert "RunArch**, 2 hráči" in text and "v soukromé zprávě se mnou" in text
    assert "**Přisednout**" in text and "**Přidat bota**" in text and "použij příkaz hry" in text
    assert "Vezmi zpět svůj poslední tah" in text  # the commands' own Czech descriptions
    assert TABLE_COMMANDS <= {command for command, _ in MENTION.findall(text)}
    for english in ("players", "server's", "Rules:", "Take back"):
        assert english not in text, english


async def test_the_czech_name_of_the_command_is_napoveda(simcord_env: Env) -> None:
    tree = simcord_env.bot.tree  # type: ignore[attr-defined]
    command = tree.get_command("help")
    payload = await command.get_translated_payload(tree, tree.translator)
    assert payload["name"] == "help" and payload["name_localizations"]["cs"] == "napoveda"
    assert payload["description_localizations"]["cs"].startswith("Co hraju")


class Other(RunArch):
    """A game for 2–3 without a bot player or solo opponent, registered beside the shipped ones."""

    info = dataclasses.replace(GAME.info, name="othergame", max_players=3, bot_levels=(), solo_automa=False)


async def test_a_game_is_listed_from_its_declaration_not_a_list(simcord_env: Env) -> None:
    service: Any = simcord_env.bot.tables  # type: ignore[attr-defined]
    runarch = service.adapters["runarch"]
    service.register(
        GameAdapter(
            game=Other(),
            title_key="runarch.title",
            render_board=runarch.render_board,
            board_view=runarch.board_view,
            commands={"new": "othergame open"},
        )
    )
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "help")
    text = result.response.embeds[0].description or ""
    lines = game_lines(text)
    assert len(lines) == len(service.adapters) == len(discovered()) + 1
    (other,) = [line for line in lines if "othergame" in line]
    assert "2–3 players: `/othergame open` in a server's text channel." in other  # not synced: plain text
    assert "Bot players" not in other and "alone" not in other and "Rules" not in other
