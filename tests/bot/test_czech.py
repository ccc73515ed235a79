"""Czech players get Czech answers, command names and pictures."""

from __future__ import annotations

import re

from simcord import Env

from bot.i18n import catalog, placeholders


def test_english_and_czech_catalogs_are_complete_and_consistent() -> None:
    en, cs = catalog("en"), catalog("cs")
    assert set(en) == set(cs), sorted(set(en) ^ set(cs))
    mismatched = [key for key in en if placeholders(en[key]) != placeholders(cs[key])]
    assert not mismatched
    # A sentence must differ; a layout like "{card}: {pattern}" or a name like "RunArch" may be shared.
    untranslated = [
        k
        for k in en
        if en[k] == cs[k]
        and len(re.findall(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}", "", en[k]))) >= 2
        and not k.startswith("cmd.")
    ]
    assert not untranslated


async def test_czech_user_gets_czech_replies_and_the_board_follows_the_table(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("hry")
    jana = guild.add_member(simcord_env.create_user("jana"))
    petr = guild.add_member(simcord_env.create_user("petr"))
    user_locales[jana.id] = "cs"
    result = await jana.slash(channel, "runarch new", opponent=petr)
    assert "otevírá stůl" in result.response.content
    (thread,) = channel.threads
    lobby = thread.history()[0]
    assert "Přisednout" in lobby.content
    await petr.click(lobby, label="Přisednout")
    board = thread.history()[-1]
    assert "jsi na tahu" in board.content  # the table speaks the host's language
    # Petr's own locale is English: his private answers are English.
    refused = await petr.slash(channel, "runarch end")
    assert "no game in this channel" in refused.response.content
    refused = await jana.slash(channel, "runarch end")
    assert "nehraje žádná hra" in refused.response.content
    # The table's language can be changed.
    changed = await petr.slash(thread, "table language", language="en")
    assert "English" in changed.response.content
    await jana.slash(thread, "runarch board")
    assert "your move" in thread.history()[-1].content


async def test_command_names_and_descriptions_are_localised(simcord_env: Env) -> None:
    bot = simcord_env.bot
    translator = bot.tree.translator  # type: ignore[attr-defined]
    assert translator is not None
    payloads = [
        await command.get_translated_payload(bot.tree, translator) for command in bot.tree.get_commands()
    ]
    runarch = next(p for p in payloads if p["name"] == "runarch")
    assert runarch["description_localizations"]["cs"].startswith("RunArch: prohazuj")
    subs = {o["name"]: o for o in runarch["options"]}
    assert subs["swap"]["name_localizations"]["cs"] == "prohodit"
    assert subs["score"]["description_localizations"]["cs"]
