"""What a person at a physical table reads in MarsBot's posts (issue 26): a custom level chosen
modification by modification, the rulebook's card notes, and questions that state their rule."""

from __future__ import annotations

from simcord import Env

from engine.marsbot.game import GAME
from tests.bot.harness import moved
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


async def until_card_question(table: MarsBotTable) -> dict:
    """Reports ``done`` until MarsBot asks for a revealed project card."""
    for _ in range(10):
        state = await table.state()
        if state["question"] and state["question"]["kind"] == "card":
            return state
        assert moved(await table.play("done"))
    raise AssertionError("MarsBot never asked for a card")


async def test_the_tie_break_states_its_rule_and_the_tile_its_place_on_the_printed_board(
    simcord_env: Env,
) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start()
    await until_card_question(table)
    asking = table.posts()[-1].content
    assert "Turn over the **top card of MarsBot's action pile**" in asking and "Your move." not in asking
    assert "it goes on MarsBot's played pile" in asking
    assert moved(await table.play("card building+building 10 noreq vp0"))  # building 2: an ocean
    post = table.posts()[-1].content
    assert "Then put it on **MarsBot's played pile**." in post
    assert "❓ 7 spaces tie for MarsBot's ocean: **A2** (row A, 2nd space — 2 steel, an ocean space)" in post
    assert "enter its **cost** (**Enter the cost**), then discard it." in post
    assert "Your move." not in post
    assert moved(await table.play("cost 3"))
    post = table.posts()[-1].content
    assert "Discard the revealed card." in post
    assert "📍 Place a **MarsBot ocean** on **D8** (row D, 8th space — " in post


async def test_a_typed_space_off_the_map_gets_the_maps_sentence(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=5)
    await table.start()
    for typed in ("Z9", "C44", "12"):
        refused = await table.person.slash("marsbot tile", kind="city", space=typed)
        assert refused.ephemeral and f"There is no space {typed} on the map" in refused.response.content
    assert (await table.state())["map"] == {}


async def test_the_person_reports_mohole_area_and_artificial_lake_but_no_special_tile_on_noctis(
    simcord_env: Env,
) -> None:
    table = await MarsBotTable.open(simcord_env, seed=5)
    await table.start()
    assert moved(await table.play("tile special E4"))  # Mohole Area on an ocean space
    assert moved(await table.play("tile ocean C3"))  # Artificial Lake
    refused = await table.play("tile special E3")
    assert refused.ephemeral and "E3 is reserved for Noctis City." in refused.response.content
    state = await table.state()
    assert state["map"] == {
        "E4": {"tile": "special", "owner": "person"},
        "C3": {"tile": "ocean", "owner": "person"},
    }
    assert state["params"]["oceans"] == 1


async def test_the_research_post_says_this_games_number_of_cards(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start(difficulty="brutal")
    for _ in range(60):
        state = await table.state()
        if state["generation"] == 2:
            break
        await table.play(table.next_move(state))
    text = "\n".join(m.content for m in table.dm.history())
    assert "put the **top 4 project cards of your deck face down**" in text
    assert "4 on brutal" not in text


async def test_the_second_picture_shows_claims_funded_awards_with_marsbots_values_and_cities_off_mars(
    simcord_env: Env,
) -> None:
    table = await MarsBotTable.open(simcord_env, seed=5)
    await table.start()
    (post,) = table.posts()
    assert len(post.attachments) == 1  # nothing claimed yet: the board alone
    assert moved(await table.play("milestone mayor"))
    assert moved(await table.play("award banker"))
    assert moved(await table.play("tile city PHOBOS"))
    post = table.posts()[-1]
    board, claims = post.attachments
    assert (board.filename, claims.filename) == ("marsbot.png", "marsbot-details.png")
    described = claims.description or ""
    assert "Claimed milestones: Mayor (you)." in described
    assert "Funded awards (MarsBot's value now): Banker (funded by you · MarsBot 0)." in described
    assert "Off Mars: Phobos (city)." in described


async def test_the_generation_limit_post_gives_marsbots_breakdown(simcord_env: Env) -> None:
    """The person passes at once every generation and reveals only cards without tags."""
    table = await MarsBotTable.open(simcord_env, seed=4)
    await table.start()
    for _ in range(400):
        row = await table.row()
        if row.status != "active":
            break
        state = row.state
        question = state["question"]
        if question is not None and question["kind"] == "card":
            notation = "card none 0 noreq vp0"
        else:
            notation = table.next_move(state) if question is not None else "pass"
        await table.play(notation)
    else:
        raise AssertionError("the game did not reach the generation limit")
    state = await table.state()
    assert state["ended"] == "generation_limit"
    last = table.posts()[-1].content
    assert "⌛ Generation 20 would begin: **MarsBot wins**." in last
    total = GAME.outcome(state).scores[1]
    assert f"🧮 MarsBot scores **{total}** in generation 20: TR {state['tr']}, milestones " in last
    assert "money 0, cards 0." in last


async def test_the_tie_break_in_czech(simcord_env: Env, user_locales: dict[int, str]) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    user_locales[table.person.id] = "cs"
    await table.start()
    await until_card_question(table)
    assert "❓ Otoč **horní kartu MarsBotova akčního balíčku**" in table.posts()[-1].content
    assert moved(await table.play("card building+building 10 noreq vp0"))
    post = table.posts()[-1].content
    assert "Pak ji odlož na **hromádku MarsBotových zahraných karet**." in post
    assert "❓ Pro MarsBotovu destičku (oceán) je ve shodě 7 polí: **A2** (řada A, 2. pole — " in post
    assert "zadej její **náklady** (**Zadat náklady**) a kartu odhoď." in post
    assert moved(await table.play("cost 3"))
    post = table.posts()[-1].content
    placed = "📍 Polož za MarsBota na pole **D8** (řada D, 8. pole — 2 rostliny, pole pro oceán): **oceán**."
    assert placed in post
    assert "Otočenou kartu odhoď." in post
