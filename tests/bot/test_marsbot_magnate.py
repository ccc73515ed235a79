"""Hellas's Magnate on Discord (rules version 4): the card question asks a card's colour, green or
blue, by the slash command's ``colour`` option and by the card form; a card left without one is
refused in words and changes nothing; only green cards count."""

from __future__ import annotations

from simcord import Env

from engine.marsbot.awards import award_values
from tests.bot.harness import moved
from tests.bot.marsbot_table import MarsBotTable
from tests.bot.test_marsbot_discord import until_card_question


async def test_hellas_asks_each_cards_colour_and_counts_green_cards(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start(map="hellas")
    asked = await until_card_question(table)
    post = table.posts()[-1].content
    assert "then the cost and colour (green or blue)" in post, post
    refused = await table.person.slash("marsbot card", tags="building", cost=8)
    text = refused.response.content
    assert refused.ephemeral and "green (automated) cards" in text and "green or blue" in text, text
    assert await table.state() == asked
    assert moved(await table.person.slash("marsbot card", tags="building", cost=8, colour="blue"))
    state = await table.state()
    assert state["played"][-1]["colour"] == "blue" and award_values(state)["magnate"] == 0

    user_locales[table.person.id] = "cs"
    await until_card_question(table)
    form = await table.person.click(table.posts()[-1], label="Card revealed…")
    assert "(náklady, barva)" in form.response.content, form.response.content
    form = await table.person.click(form.response, label="Stavba")
    details = await table.person.click(form.response, label="Podrobnosti…")
    assert "mbf:colour" in str(details.modal) and "Zelená (automatická)" in str(details.modal)
    assert moved(await table.person.submit_modal(details, {"mbf:cost": "7", "mbf:colour": ["green"]}))
    state = await table.state()
    assert state["played"][-1]["colour"] == "green" and award_values(state)["magnate"] == 1
