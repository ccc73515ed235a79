"""A whole MarsBot game on Hellas and one on Elysium, each with a corporation, through the real bot
in English and in Czech (issue 26): each ends with the score, and every post reads as a person at a
physical table needs it: no catalog key or placeholder left, every tile MarsBot places named by
its row and place on the printed board, every question stating itself, Czech speaking as "ty"."""

from __future__ import annotations

import re

import pytest
from simcord import Env

from engine.marsbot.game import GAME
from tests.bot.harness import moved
from tests.bot.marsbot_table import MarsBotTable
from tests.bot.test_czech_grammar import formal_words

MAX_MOVES = 600
PUBLISHED_NAMES = ("Udělejte",)
"""B25's printed name, „Udělejte to správně": a card's name, not the bot speaking."""
WORDS = {
    "en": {"tile": "Place a **MarsBot", "place": "(row ", "score": "MarsBot scores", "map": "two players on"},
    "cs": {"tile": "Polož za MarsBota", "place": "(řada ", "score": "MarsBot má v", "map": "dva hráče na"},
}


@pytest.mark.parametrize(
    ("map_name", "corporation", "lang", "seed", "difficulty"),
    [("hellas", "C05", "en", 4, "hard"), ("elysium", "C02", "cs", 7, "medium")],
)
async def test_a_whole_game_on_another_map_with_a_corporation_reads_as_the_table_needs(
    simcord_env: Env,
    user_locales: dict[int, str],
    map_name: str,
    corporation: str,
    lang: str,
    seed: int,
    difficulty: str,
) -> None:
    table = await MarsBotTable.open(simcord_env, seed=seed)
    user_locales[table.person.id] = lang
    await table.start(map=map_name, corporation=corporation, difficulty=difficulty, draft=True)
    for _ in range(MAX_MOVES):
        row = await table.row()
        if row.status != "active":
            break
        notation = table.next_move(row.state)
        result = await table.play(notation)
        assert lang != "en" or moved(result), f"{notation}: {result.response.content}"
    row = await table.row()
    assert row.status == "finished" and row.state["ended"] == "scored", row.state["phase"]
    assert row.state["options"]["map"] == map_name and row.state["corporation"] == corporation
    words = WORDS[lang]
    posts = [m.content for m in table.dm.history()]
    text = "\n".join(posts)
    assert words["map"] in posts[0] and words["score"] in posts[-1]
    assert not re.search(r"\bmarsbot\.[a-z_.]+|\{[a-z_]+\}", text), "a catalog key or placeholder was posted"
    tiles = [line for line in text.splitlines() if words["tile"] in line]
    assert tiles and all(words["place"] in line for line in tiles), tiles
    assert "❓" in text and "Your move.\n❓" not in text
    if lang == "cs":
        assert not [w for w in formal_words(text) if w not in PUBLISHED_NAMES]
    outcome = GAME.outcome(row.state)
    assert outcome is not None and outcome.scores[0] == 71
