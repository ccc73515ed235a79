"""A city off Mars (Phobos Space Haven, Ganymede Colony) reported through the bot: by the tile
picker's own row and by the command, in the person's words, and counted for Landlord."""

from __future__ import annotations

from simcord import Env

from tests.bot.harness import moved
from tests.bot.marsbot_table import MarsBotTable, components


async def test_a_city_off_mars_by_the_picker_and_the_command(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=5)
    await table.start()
    asked = await table.person.click(table.posts()[-1], label="Tile")
    rows = await table.person.select(asked.response, ["city"])
    row_labels = {o["value"]: o["label"] for o in components(rows.response)[0]["options"]}
    assert row_labels["OFF"] == "Off Mars (Phobos, Ganymede)" and row_labels["C"] == "Row C"
    places = await table.person.select(rows.response, ["OFF"])
    offered = [(o["value"], o["label"]) for o in components(places.response)[0]["options"]]
    assert offered == [("PHOBOS", "Phobos"), ("GANYMEDE", "Ganymede")]
    placed = await table.person.select(places.response, ["PHOBOS"])
    assert moved(placed)
    state = await table.state()
    assert state["map"] == {"PHOBOS": {"tile": "city", "owner": "person"}}
    assert "Your city on Phobos is noted." in "\n".join(m.content for m in table.dm.history())

    greenery = await table.play("tile greenery GANYMEDE")  # only a city goes there
    assert greenery.ephemeral and "Only a city can be off Mars (Ganymede)." in greenery.response.content
    again = await table.play("tile city phobos")
    assert again.ephemeral and "Phobos already holds a tile." in again.response.content
    assert (await table.state())["map"] == state["map"]

    # Autocomplete offers what is left by name for a city, nothing off Mars for an ocean.
    typed = await table.person.autocomplete("marsbot tile", "space", "gan", kind="city")
    assert [(c["value"], c["name"]) for c in typed] == [("GANYMEDE", "Ganymede")]
    assert await table.person.autocomplete("marsbot tile", "space", "pho", kind="city") == []
    assert await table.person.autocomplete("marsbot tile", "space", "gan", kind="ocean") == []
    assert moved(await table.play("tile city ganymede"))
    assert len((await table.state())["map"]) == 2
