"""What a person at a physical table reads in MarsBot's posts (issue 26): a custom level chosen
modification by modification, the rulebook's card notes, and questions that state their rule."""

from __future__ import annotations

from simcord import Env

from tests.bot.marsbot_table import MarsBotTable, components


async def test_a_custom_level_lets_the_person_pick_the_rulebooks_modifications(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env)
    asked = await table.start(difficulty="custom")
    assert asked.ephemeral and "modifications" in asked.response.content
    (select,) = [c for c in components(asked.response) if c.get("type") == 3]
    values = [o["value"] for o in select["options"]]
    assert values == ["no_adv", "failed_3", "awards_5", "card_vp", "buy_milestone", "four_cards"]
    assert await simcord_env.bot.store.open_table_in(table.dm.id, "marsbot") is None  # type: ignore[attr-defined]
    await table.person.select(asked.response, ["four_cards", "failed_3"])
    table.table_id = (await simcord_env.bot.store.open_table_in(table.dm.id, "marsbot")).id  # type: ignore[attr-defined]
    state = await table.state()
    assert state["options"]["difficulty"] == "custom"
    assert state["options"]["modifications"] == "failed_3+four_cards"
    (post,) = table.posts()
    assert "**Custom**" in post.content and "A failed action gives MarsBot 3 M€, not 5" in post.content
    assert "MarsBot's action pile holds 4 project cards" in post.content
    assert "top **4** project cards" in post.content


async def test_a_custom_level_in_czech(simcord_env: Env, user_locales: dict[int, str]) -> None:
    table = await MarsBotTable.open(simcord_env)
    user_locales[table.person.id] = "cs"
    asked = await table.start(difficulty="custom")
    assert "Vyber úpravy obtížnosti" in asked.response.content
    await table.person.select(asked.response, ["no_adv"])
    (post,) = table.posts()
    assert "podle tvé volby: MarsBot ignoruje akci „postup na této stupnici“." in post.content


async def test_the_rulebooks_card_notes_are_in_the_rules_and_the_attack_picker(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await MarsBotTable.open(simcord_env)
    await table.start()
    shown = await table.person.slash("marsbot rules")
    text = str(shown.response.embeds[0].to_dict())
    assert shown.ephemeral and "Your cards against MarsBot" in text
    assert "**Mons Insurance** cannot be used against MarsBot" in text and "Protected Habitats" in text
    picker = await table.person.click(table.posts()[-1], label="Attack on MarsBot")
    assert picker.ephemeral and "Mons Insurance cannot be used against MarsBot." in picker.response.content
    user_locales[table.person.id] = "cs"
    czech = await table.person.slash("marsbot rules")
    assert "**Mons Insurance** proti MarsBotovi použít nemůžeš" in str(czech.response.embeds[0].to_dict())
