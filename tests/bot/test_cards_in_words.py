"""Cards are described in words (a colour and a shape), never as stone codes like ``6B 5G 0Y``."""

from __future__ import annotations

import re
from typing import Any

from simcord import Env

from engine.runarch import GAME
from tests.bot.harness import Table

STONE_CODE = re.compile(r"\b[03456][RBGYV]\b")


def option_texts(message: Any) -> list[str]:
    """Labels and descriptions of every select option on a message."""
    texts = []
    for row in message.components:
        for item in getattr(row, "children", []):
            for option in getattr(item, "options", []):
                texts += [option.label, option.description or ""]
    return texts


async def test_the_private_hand_names_each_stone_in_words(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    player = await table.to_act()
    result = await player.slash(table.thread, "runarch hand")
    assert result.ephemeral
    text = result.response.content
    assert not STONE_CODE.findall(text), text
    seat = (await table.row()).seat_of(player.id)
    assert seat is not None
    card = GAME.view(await table.state(), seat)["hand"][0]
    colours = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "V": "violet"}
    shapes = {"0": "circle", "3": "triangle", "4": "square", "5": "star", "6": "hexagon"}
    words = ", ".join(f"{colours[c[1]]} {shapes[c[0]]}" for c in card["pattern"])
    assert f"{card['id']}: {words}" in text


async def test_the_setup_picker_describes_cards_in_words(simcord_env: Env) -> None:
    table = await Table.open(simcord_env, variant="complex")
    player = table.alice
    shown = await player.click(table.last_board(), label="Choose goals")
    texts = option_texts(shown.response.message)
    assert len(texts) == 8 and all(texts)  # 4 opening cards, a label and a description each
    assert not [t for t in texts if STONE_CODE.search(t)], texts
    assert all(len(t) <= 100 for t in texts)
    assert any("goal" in t and "match" in t for t in texts)
