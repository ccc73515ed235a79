"""Venus Next's Hoverlord and Venuphile, and a card's gift to MarsBot (Private University's M€,
St. Joseph of Cupertino Mission's step on its lowest track), reported through the bot: the
pickers and autocomplete offer them only where they apply, the board says what happened, a
refusal is private and changes nothing, and undo takes a gift back."""

from __future__ import annotations

from simcord import Env

from tests.bot.harness import moved
from tests.bot.marsbot_table import MarsBotTable, components


def options_of(response: object) -> list[str]:
    return [o["label"] for o in components(response)[0]["options"]]


async def test_hoverlord_and_venuphile_are_offered_and_claimed_only_with_venus(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start(venus=True)
    asked = await table.person.click(table.posts()[-1], label="Milestone / award")
    offered = options_of(asked.response)
    assert "Milestone: Hoverlord" in offered and "Award: Venuphile" in offered
    assert offered.index("Milestone: Hoverlord") == offered.index("Milestone: Planner") + 1
    assert moved(await table.person.select(asked.response, ["milestone hoverlord"]))
    state = await table.state()
    assert state["milestones"] == {"hoverlord": "person"}
    assert "You claimed Hoverlord." in table.posts()[-1].content
    hints = await table.person.autocomplete("marsbot award", "which", "venu")
    assert [(h["name"], h["value"]) for h in hints] == [("Venuphile", "venuphile")]
    assert moved(await table.person.slash("marsbot award", which="Venuphile"))  # the name typed in full
    assert (await table.state())["awards"] == {"venuphile": "person"}
    assert "You funded Venuphile." in table.posts()[-1].content


async def test_without_venus_hoverlord_is_neither_offered_nor_accepted(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start()
    asked = await table.person.click(table.posts()[-1], label="Milestone / award")
    offered = options_of(asked.response)
    assert "Milestone: Planner" in offered
    assert not [o for o in offered if "Hoverlord" in o or "Venuphile" in o]
    assert await table.person.autocomplete("marsbot milestone", "which", "hover") == []
    before = await table.row()
    answer = await table.person.slash("marsbot milestone", which="hoverlord")
    assert answer.ephemeral and "this game is played without Venus" in answer.response.content
    after = await table.row()
    assert after.version == before.version and after.state["milestones"] == {}


async def test_a_cards_gifts_by_the_picker_and_the_command_and_undo(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start()
    money = (await table.state())["money"]
    asked = await table.person.click(table.posts()[-1], label="Attack on MarsBot")
    offered = options_of(asked.response)
    assert "It gained M€ instead of drawing a card" in offered
    assert "It advanced its lowest track instead of drawing a card" in offered
    amounts = await table.person.select(asked.response, ["gain"])
    assert options_of(amounts.response)[:2] == ["1 M€", "2 M€"]
    assert moved(await table.person.select(amounts.response, ["1"]))
    assert (await table.state())["money"] == money + 1
    assert f"Your card gives MarsBot **1 M€** (now {money + 1} M€)." in table.posts()[-1].content
    # every track at 0: the building track is the highest on the board
    assert moved(await table.person.slash("marsbot advance"))
    state = await table.state()
    assert state["tracks"]["building"] == 1 and state["reached"]["building"] == 1
    post = table.posts()[-1].content
    assert "Your card advances MarsBot on its lowest track, the **building** track." in post
    assert "Move MarsBot's **building** cube from 0 to **1**" in post
    await table.person.slash("marsbot undo")
    state = await table.state()
    assert state["tracks"]["building"] == 0 and state["money"] == money + 1


async def test_in_czech_the_name_typed_is_read_and_the_board_names_it(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3, name="jana")
    user_locales[table.person.id] = "cs"
    await table.start(venus=True)
    hints = await table.person.autocomplete("marsbot milestone", "which", "král")
    assert [(h["name"], h["value"]) for h in hints] == [("Král plošin", "hoverlord")]
    answer = await table.person.slash("marsbot milestone", which="král plošin")
    assert moved(answer), "a new post, or the edited one and no reply left behind"
    assert (await table.state())["milestones"] == {"hoverlord": "person"}
    assert "Zapsáno: čestný titul Král plošin je tvůj." in table.posts()[-1].content
    asked = await table.person.click(table.posts()[-1], label="Útok na MarsBota")
    assert "Získal € místo dobrání karty" in options_of(asked.response)
