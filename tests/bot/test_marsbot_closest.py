"""MarsBot's closest-milestone question through the bot (issue 26): the post states the rulebook's
order (the one you also meet, the one you are closest to, the leftmost), offers a button per
milestone and "Equally close", and a tap claims the milestone tapped, on Hellas."""

from __future__ import annotations

from simcord import Env

from tests.bot.harness import moved
from tests.bot.marsbot_table import MarsBotTable, labels

MAX_MOVES = 200


async def test_the_closest_milestone_question_is_answered_by_a_tap(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=6)
    await table.start(map="hellas", corporation="C05", draft=True)
    for _ in range(MAX_MOVES):
        state = await table.state()
        if (state["question"] or {}).get("kind") == "closest":
            break
        notation = table.next_move(state)
        result = await table.play(notation)
        assert moved(result), (notation, state["phase"], result.response.content)
    else:
        raise AssertionError("MarsBot never met two milestones at once")
    assert state["question"]["milestones"] == ["tactician", "rim_settler"]
    post = table.posts()[-1]
    assert "❓ MarsBot meets several milestones: Tactician, Rim Settler." in post.content
    rule = "1. the one **you also meet**, 2. else the one **you are closest to**, 3. else the **leftmost**"
    assert rule in post.content
    assert "Your move." not in post.content
    assert {"Tactician", "Rim Settler", "Equally close"} <= set(labels(post))
    assert moved(await table.person.click(post, label="Rim Settler"))
    state = await table.state()
    assert state["milestones"] == {"rim_settler": "marsbot"} and state["question"] is None
    claimed = "🏅 MarsBot claims the milestone **Rim Settler**: put its marker there."
    assert claimed in table.posts()[-1].content
