"""The pictures a player asks for privately carry a description too (what screen readers read and
what shows when a picture fails to load): RunArch's hand and the legends of the rules commands of
The Manhattan Project and MarsBot, in the reader's language."""

from __future__ import annotations

from simcord import Env

from engine.runarch import GAME
from tests.bot.harness import Table


def description(result: object, filename: str) -> str:
    found = [a for a in result.response.attachments if a.filename == filename]  # type: ignore[attr-defined]
    assert found, filename
    text = found[0].description or ""
    assert 0 < len(text) <= 1024, filename
    return text


async def test_the_runarch_hand_picture_names_its_cards(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await Table.open(simcord_env)
    player = await table.to_act()
    seat = (await table.row()).seat_of(player.id)
    hand = GAME.view(await table.state(), seat)["hand"]
    for lang, colour in (("en", {"R": "red", "B": "blue"}), ("cs", {"R": "červen", "B": "modr"})):
        user_locales[player.id] = lang
        alt = description(await player.slash(table.thread, "runarch hand"), "hand.png")
        assert all(card["id"] in alt for card in hand), alt
        codes = {c[1] for card in hand for c in card["pattern"]} & set(colour)
        assert all(colour[c] in alt.lower() for c in codes), alt


async def test_the_rules_legends_say_what_the_symbols_mean(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    for lang, laborer, greenery in (("en", "Laborer", "greenery"), ("cs", "Dělník", "zeleně")):
        user_locales[ann.id] = lang
        manhattan = description(await ann.slash(channel, "manhattan rules"), "legend.png")
        assert laborer in manhattan, manhattan
        marsbot = description(await ann.slash(channel, "marsbot rules"), "marsbot-legend.png")
        assert greenery in marsbot, marsbot
