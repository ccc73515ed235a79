"""C01's draft priority through the bot: the first post and every research post tell the person
which card MarsBot keeps in the draft (the most expensive), in English and in Czech ("ty")."""

from __future__ import annotations

from typing import Any

from simcord import Env

from tests.bot.marsbot_table import MarsBotTable


async def reach_generation_2(table: MarsBotTable) -> str:
    """Plays the scripted person until generation 2 begins; all DM text so far."""
    for _ in range(80):
        state: dict[str, Any] = await table.state()
        if state["generation"] == 2:
            return "\n".join(m.content for m in table.dm.history())
        await table.play(table.next_move(state))
    raise AssertionError("generation 2 did not begin")


async def test_c01_in_the_draft_sets_aside_the_most_expensive_card(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    opened = await table.start(corporation="C01", draft=True)
    assert "Its draft priority: **highest cost**." in opened.response.content
    text = await reach_generation_2(table)
    research = (await table.state())["research"]
    assert research["priority"] == "cost" and research["picks"] == []
    assert "set aside for MarsBot the card with the **highest cost** in its pile" in text
    assert "(if several cost the same, the one nearest the top)" in text
    assert f"discard card number {research['discard']}; if it has the highest cost of the four" in text
    assert "if all four cost the same, discard none" in text
    assert "card at position" not in text  # no random position: the priority decides


async def test_c01s_draft_in_czech(simcord_env: Env, user_locales: dict[int, str]) -> None:
    """C01: „PRIORITA DRAFTU" — „Nejvyšší náklady"."""
    table = await MarsBotTable.open(simcord_env, seed=3, name="jana")
    user_locales[table.person.id] = "cs"
    opened = await table.start(corporation="C01", draft=True)
    assert "Jeho priorita draftu: **Nejvyšší náklady**." in opened.response.content
    text = await reach_generation_2(table)
    discard = (await table.state())["research"]["discard"]
    assert "MarsBotova korporace má prioritu draftu „Nejvyšší náklady“" in text
    assert "odlož stranou kartu s **nejvyššími náklady** z jeho hromádky (při shodě tu nejblíž vrchu)" in text
    assert f"odhoď kartu číslo {discard}; má-li nejvyšší náklady ze všech čtyř" in text


async def test_other_corporations_still_draft_at_random(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    opened = await table.start(corporation="C05", draft=True)
    assert "draft priority" not in opened.response.content
    text = await reach_generation_2(table)
    assert "for MarsBot set aside the card at position" in text and "highest cost" not in text
