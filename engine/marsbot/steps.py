"""The step loop, above every module that registers step handlers (so it knows them all by the time
it runs) and the registry they fill, ``resolve``."""

from __future__ import annotations

from engine.core import Event, State
from engine.marsbot import (  # noqa: F401  (each registers its handlers)
    actions,
    bonus,
    claims,
    corporations,
    generations,
    params,
    scoring,
    tracks,
)
from engine.marsbot.resolve import HANDLERS

MAX_STEPS = 10_000
"""A guard against a rule that loops: no real resolution comes near it."""


def run(state: State, events: list[Event]) -> None:
    """Process steps until the list is empty, a question is asked or the game is over."""
    for _ in range(MAX_STEPS):
        if not state["todo"] or state["question"] is not None or state["phase"] == "over":
            return
        step = state["todo"].pop(0)
        question = HANDLERS[step["do"]](state, step, events)
        if question is not None:
            state["todo"].insert(0, step)
            state["question"] = question
            return
    raise RuntimeError("MarsBot's resolution did not end")
