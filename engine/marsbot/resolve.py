"""MarsBot's resolution as a list of small steps: what a step is, the registry of the handlers that
process them and the to-do list they push onto. The loop that runs them is ``steps.run``, which
imports every handler module; the handlers import this module, never the loop.

``state["todo"]`` holds dict steps (``{"do": "tag", "tag": "space"}``). A handler either finishes
(it may push new steps to the FRONT: an ``adv`` chain runs before what followed) or returns a
question; then the step goes back to the front, ``state["question"]`` is set and the loop stops.
The person's answer is stored into that step (``step["cost"] = 14``) and the loop runs again, so
the same step finishes with it. Replaying the log therefore rebuilds the state exactly, and an
answer is validated against the question before anything changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event, State

Step = dict[str, Any]
Question = dict[str, Any]
Handler = Callable[[State, Step, list[Event]], Question | None]

HANDLERS: dict[str, Handler] = {}


def handler(name: str) -> Callable[[Handler], Handler]:
    """Register the handler of steps ``{"do": name}``."""

    def register(function: Handler) -> Handler:
        HANDLERS[name] = function
        return function

    return register


def push(state: State, *steps: Step) -> None:
    """Put ``steps`` at the front of the to-do list, in the given order."""
    state["todo"][:0] = list(steps)


def append(state: State, *steps: Step) -> None:
    state["todo"].extend(steps)
