"""MarsBot funding its first award asks the person's values in four awards at once: the board
post, its buttons and autocomplete must come at once (listing every combination of four
numbers 0–999 as moves froze the bot and filled memory until the process was killed)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from simcord import Env

from bench.marsbot_dm import command
from engine.core import Move, Rng
from engine.marsbot import GAME
from engine.marsbot.randomplay import random_move
from tests.bot.harness import moved
from tests.bot.marsbot_table import MarsBotTable, labels

SEED = 6
"""Random legal play of this seed meets MarsBot's award question (3 awards asked) with rules version 2
and content version 2 (seed 3 met it at move 68 before them; seed 0 while taking from MarsBot at
0 M€ was still a legal no-op)."""
MOST_LISTED = 100_000


async def test_the_award_question_posts_its_form_and_autocomplete_answers_at_once(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    listing = GAME.legal_moves

    def bounded(state: Any, seat: int) -> Iterator[Move]:
        for count, move in enumerate(listing(state, seat)):
            assert count < MOST_LISTED, "the bot lists every combination of award values"
            yield move

    monkeypatch.setattr(GAME, "legal_moves", bounded)
    table = await MarsBotTable.open(simcord_env, seed=SEED)
    await table.start()
    rng = Rng(SEED)
    for _ in range(200):
        state = await table.state()
        question = state["question"]
        if question is not None and question["kind"] == "values" and len(question["awards"]) >= 3:
            break
        name, options = command(random_move(state, rng).notation)
        assert moved(await table.person.slash(name, **options)), (name, options)
    else:
        raise AssertionError("random play never met the award question")
    board = table.posts()[-1]
    assert labels(board)[0] == "Enter your values"
    assert "Enter your values (**Enter your values**) — **" in board.content  # the question states itself
    assert "Your move." not in board.content
    assert await table.person.autocomplete("marsbot tile", "space", "") == []
    hint = await table.person.autocomplete("marsbot values", "values", "")
    assert [h["value"] for h in hint] == [" ".join(f"{a}=0" for a in question["awards"])]
    answer = " ".join(f"{a}=0" for a in question["awards"])
    assert moved(await table.person.slash("marsbot values", values=answer))
    assert (await table.state())["question"] != question
