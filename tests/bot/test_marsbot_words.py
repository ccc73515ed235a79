"""MarsBot's words where players stumbled: Czech tag names typed into ``/marsbot card`` (with or
without diacritics), a refusal in words instead of the move's notation, a card question that
promises only what its form asks, and an undone greenery of the person's own that says to put
the oxygen and their TR back."""

from __future__ import annotations

from simcord import Env

from engine.marsbot import GAME
from tests.bot.harness import moved
from tests.bot.marsbot_table import MarsBotTable
from tests.bot.test_marsbot_discord import until_card_question


async def test_czech_tag_names_are_accepted_and_a_wrong_one_is_refused_in_words(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    user_locales[table.person.id] = "cs"
    await table.start()
    asked = await until_card_question(table)
    refused = await table.person.slash("marsbot card", tags="stavba kocka", cost=10)
    text = refused.response.content
    assert refused.ephemeral and "„kocka“" in text and "Stavba" in text and "Věda" in text, text
    assert "noreq" not in text and "vp0" not in text and "card " not in text, "no notation"
    assert await table.state() == asked, "a refusal changes nothing"
    assert moved(await table.person.slash("marsbot card", tags="Stavba, věda", cost=10))
    state = await table.state()
    assert state["played"][-1]["tags"] == ["building", "science"], state["played"][-1]


async def test_tags_without_diacritics_and_in_english_are_read_too(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start()
    await until_card_question(table)
    refused = await table.person.slash("marsbot card", tags="building cat", cost=10)
    text = refused.response.content
    assert refused.ephemeral and "“cat” is no tag this game uses" in text and "Building" in text, text
    assert "noreq" not in text and "vp0" not in text
    assert moved(await table.person.slash("marsbot card", tags="zeme+VESMIR", cost=10))
    moves = await simcord_env.bot.store.moves(table.table_id)  # type: ignore[attr-defined]
    assert any(m.notation.startswith("card earth+space 10 ") for m in moves), [m.notation for m in moves]


async def test_the_card_question_promises_only_what_the_form_asks(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    medium = await MarsBotTable.open(simcord_env, seed=3)
    await medium.start()
    await until_card_question(medium)
    post = medium.posts()[-1].content
    assert "asks their order left to right, then the cost (" in post, post
    assert "requirement and VP" not in post
    card = await medium.person.click(medium.posts()[-1], label="Card revealed…")
    assert "**Details…** (cost)" in card.response.content, card.response.content

    hard = await MarsBotTable.open(simcord_env, seed=3, name="erin")
    user_locales[hard.person.id] = "cs"
    await hard.start(difficulty="hard")
    await until_card_question(hard)
    post = hard.posts()[-1].content
    assert "se zeptá na jejich pořadí zleva doprava a pak na náklady a VB (" in post, post
    assert "podmínku" not in post.split("formulář")[1].split("(")[0]


async def test_an_undone_greenery_of_your_own_says_to_put_the_oxygen_and_your_tr_back(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    for lang in ("en", "cs"):
        table = await MarsBotTable.open(simcord_env, seed=3, name=f"dana-{lang}")
        user_locales[table.person.id] = lang
        await table.start()
        state = await table.state()
        assert state["question"] is None and state["phase"] == "person"
        space = GAME.view(state, 0)["legal"]["greenery"][0]
        oxygen = state["params"]["oxygen"]
        assert moved(await table.play(f"tile greenery {space}"))
        assert (await table.state())["params"]["oxygen"] == oxygen + 1
        await table.person.click(table.posts()[-1], label="Undo" if lang == "en" else "Vzít zpět")
        post = table.posts()[-1].content
        if lang == "en":
            assert f"put oxygen back to **{oxygen} %**" in post, post
            assert f"take your greenery off **{space}**" in post
            assert "move your own TR marker back by **1**" in post
        else:
            assert f"vrať obsah kyslíku zpět na **{oxygen} %**" in post, post
            assert f"z pole **{space}**" in post and "posuň svůj ukazatel TR zpět o **1**" in post
        assert (await table.state())["params"]["oxygen"] == oxygen


def test_an_undone_ocean_and_greenery_count_the_persons_tr_once_each_step() -> None:
    """An ocean is 1 TR, the greenery's oxygen step 1 and its temperature bonus (at 8 %) 1 more."""
    from bot.i18n import Tr
    from cogs.marsbot.taken_back import put_back
    from engine.core import Event

    undone = [
        Event("marsbot.tile", {"tile": "ocean", "space": "E5", "owner": "person", "reason": "report"}),
        Event("marsbot.oceans", {"from": 0, "to": 1}),
        Event("marsbot.tile", {"tile": "greenery", "space": "E6", "owner": "person", "reason": "report"}),
        Event("marsbot.oxygen", {"from": 7, "to": 8}),
        Event("marsbot.temperature", {"from": -30, "to": -28}),
        Event("marsbot.raised", {"param": "oxygen", "steps": 1, "from": 7, "to": 8}),
    ]
    (english,) = put_back(Tr("en"), {}, undone)
    assert "put oxygen back to **7 %**" in english and "put the temperature back to **-30 °C**" in english
    assert "take your ocean off **E5**" in english and "move your own TR marker back by **3**" in english
    (czech,) = put_back(Tr("cs"), {}, undone)
    assert "vrať obsah kyslíku zpět na **7 %**" in czech and "posuň svůj ukazatel TR zpět o **3**" in czech
