"""Small texts a player reads, as they read them: a title that has its own article, when a turn
began (a relative time that stands alone), Czech command descriptions that speak to the player,
the Czech edition's name of a Manhattan space."""

from __future__ import annotations

import re
from typing import Any

from simcord import Env

from tests.bot.harness import Table
from tests.bot.manhattan_table import ManhattanTable

H = 3600
CZECH_NOT_IMPERATIVE = re.compile(r"^(\w+(ře|áže|čí|dá|me)|\w+at|odejdeš)$", re.IGNORECASE)
"""First words of a Czech command description that are no order to the player: a third person
("Otevře", "ukáže", "Ukončí", "Vzdá", "Vezme"), an infinitive ("Obodovat") or "Odejdeš"."""


async def test_a_title_with_its_own_article_gets_no_second_one(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    opened = await alice.slash(channel, "manhattan new")
    assert "opened a table for The Manhattan Project: " in opened.response.content
    assert "a The" not in opened.response.content


async def test_czech_reminders_and_games_say_when_the_turn_began(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    """A Discord relative time reads "před 3 hodinami" ("3 hours ago"): "od" before it made
    "od před 3 hodinami", and English "since 3 hours ago"."""
    table = await Table.open(simcord_env)
    await table.alice.slash(table.thread, "table language", language="cs")
    waiting = await table.to_act()
    other = table.bob if waiting.id == table.alice.id else table.alice
    await simcord_env.advance_time(12 * H + 60)
    (reminder,) = [m.content for m in table.thread.history() if m.content.startswith("⏰")]
    assert re.search(r"čeká na tvůj tah: začal <t:\d+:R>\. Časový limit: <t:", reminder), reminder
    user_locales[waiting.id] = user_locales[other.id] = "cs"
    mine = (await waiting.slash(table.thread, "games")).response.content
    assert re.search(r"\*\*jsi na tahu\*\* \(tah začal <t:\d+:R>\), časový limit <t:", mine), mine
    theirs = (await other.slash(table.thread, "games")).response.content
    assert re.search(rf"na tahu: {waiting.user.name}; tah začal <t:\d+:R>", theirs), theirs
    for text in (reminder, mine, theirs):
        assert not re.search(r"\bod <t:", text), text


async def test_czech_command_descriptions_speak_to_the_player(simcord_env: Env) -> None:
    tree: Any = simcord_env.bot.tree  # type: ignore[attr-defined]
    described: dict[str, str] = {}

    def walk(node: dict[str, Any], name: str) -> None:
        described[name] = (node.get("description_localizations") or {}).get("cs", "")
        for option in node.get("options", []):
            if option["type"] in (1, 2):  # subcommands and groups: what a player picks to run
                walk(option, f"{name} {option['name']}")

    for command in tree.get_commands():
        payload = await command.get_translated_payload(tree, tree.translator)
        walk(payload, payload["name"])
    assert len(described) > 60
    for name, text in described.items():
        assert text, name
        words = re.findall(r"\w+", text.partition(": ")[2] if ": " in text[:20] else text)
        assert not any(CZECH_NOT_IMPERATIVE.match(word) for word in words[:2]), f"/{name}: {text}"
    assert described["marsbot resign"].startswith("Vzdej tuto hru")  # the player resigns, not MarsBot
    assert described["manhattan new"].startswith("Otevři stůl")
    assert described["moonriser new"].startswith("Otevři stůl")
    assert "tím, že znovu zaplatíš jeho cenu" in described["moonriser upgrade"]


async def test_the_enrichment_space_has_the_czech_editions_name(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await ManhattanTable.open(simcord_env, players=2, seed=4)
    (seat,) = await table.awaited()
    me = await table.person_at(seat)
    user_locales[me.id] = "cs"
    refused = await me.slash(table.thread, "manhattan place", space="enrich", workers="L")
    assert refused.ephemeral
    assert "na políčko Obohacovací závod nemohou" in refused.response.content, refused.response.content
