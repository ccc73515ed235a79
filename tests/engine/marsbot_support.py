"""Helpers for MarsBot's engine tests: hand-made positions and MarsBot turns driven through the
public ``apply``, answering its questions as a person would."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.core import Event, Rng
from engine.marsbot import content
from engine.marsbot.game import GAME
from engine.marsbot.randomplay import random_move

State = dict[str, Any]
RULES_1: dict[str, int] = {"tracks": 1, "mars": 1, "bonus": 1, "corporations": 1}
"""The content of a game stored before rules version 2 (``engine.marsbot.rules``): it names no
rules version, so it keeps the reading it was played with (``position(content=RULES_1)``)."""
DEFAULT_ANSWERS = {
    "cost": "cost 1",
    "plants": "plants no",
    "closest": "closest equal",
    "total": "total 50",
    "card": "card none 10 noreq vp0",
}


FIRST_CONTENT = {"tracks": 1, "mars": 1, "bonus": 1, "corporations": 1}
"""The content a game stored before version 2 of the bonus cards and corporations pinned."""
V2: dict[str, int] = {**content.newest(), "bonus": 2, "corporations": 2, "rules": 3}
"""A game stored with version 2 of the bonus cards and corporations (C01 with B23, CX1 the 4 M€
card), before version 3 read the corporation page card by card."""


def position(
    options: Mapping[str, Any] | None = None,
    seed: int = 7,
    versions: Mapping[str, int] | None = None,
    **top: Any,
) -> State:
    """The person's turn in generation 1 with an empty action deck and ``top`` overriding fields;
    ``tracks`` (and ``reached``, which follows ``tracks`` unless given) may name some tracks only,
    ``params`` some parameters only, ``map`` maps a space to ``(tile, owner)``; ``versions``: the
    content pinned (the newest unless given)."""
    state = GAME.new(1, dict(options or {}), seed, versions)
    state["action_deck"] = []
    tracks = top.pop("tracks", {})
    reached = top.pop("reached", tracks)
    state["tracks"].update(tracks)
    state["reached"].update(reached)
    state["params"].update(top.pop("params", {}))
    tiles = top.pop("map", {})
    state["map"] = {space: {"tile": tile, "owner": owner} for space, (tile, owner) in tiles.items()}
    state.update(top)
    return state


def values_answer(question: Mapping[str, Any], values: Mapping[str, int] | None = None) -> str:
    given = values or {}
    return "values " + " ".join(f"{a}={given.get(a, 0)}" for a in question["awards"])


def answer_all(
    state: State, answers: Sequence[str] = (), values: Mapping[str, int] | None = None
) -> tuple[State, list[Event], list[dict[str, Any]]]:
    """Answer every question in turn: ``answers`` first, then the defaults (values: ``values``,
    else 0). Returns the state, the events and the questions asked."""
    queue = list(answers)
    events: list[Event] = []
    asked: list[dict[str, Any]] = []
    while state["question"] is not None and state["phase"] != "over":
        question = state["question"]
        asked.append(question)
        if queue:
            move = queue.pop(0)
        elif question["kind"] == "values":
            move = values_answer(question, values)
        else:
            move = DEFAULT_ANSWERS[question["kind"]]
        state, more = GAME.apply(state, 0, move)
        events.extend(more)
    assert not queue, f"answers left over: {queue}"
    return state, events, asked


def marsbot_turn(
    state: State,
    deck: Sequence[str] = ("P",),
    answers: Sequence[str] = (),
    values: Mapping[str, int] | None = None,
) -> tuple[State, list[Event], list[dict[str, Any]]]:
    """The person ends their turn; MarsBot's action deck is ``deck`` (its top card first)."""
    state = dict(state)
    state["action_deck"] = list(deck)
    state, events = GAME.apply(state, 0, "done")
    state, more, asked = answer_all(state, answers, values)
    return state, events + more, asked


def play_card(
    state: State, card: str, answers: Sequence[str] = (), values: Mapping[str, int] | None = None
) -> tuple[State, list[Event], list[dict[str, Any]]]:
    """MarsBot resolves the project card ``card`` (notation without ``card``: ``"space 12 noreq vp0"``)."""
    return marsbot_turn(state, ("P",), [f"card {card}", *answers], values)


def codes(events: Iterable[Event]) -> list[str]:
    return [e.code.removeprefix("marsbot.") for e in events]


def of(events: Iterable[Event], code: str) -> list[dict[str, Any]]:
    """The params of each event ``marsbot.<code>``."""
    return [dict(e.params) for e in events if e.code == f"marsbot.{code}"]


def tiles(state: State, owner: str = "marsbot", tile: str | None = None) -> list[str]:
    return sorted(
        sid for sid, e in state["map"].items() if e["owner"] == owner and (tile is None or e["tile"] == tile)
    )


def random_game(
    seed: int,
    options: Mapping[str, Any] | None = None,
    limit: int = 5000,
    rare: bool = False,
    content: Mapping[str, int] | None = None,
) -> tuple[State, list[str], list[State], list[list[Event]]]:
    """A whole game of random legal moves: the final state, the log, every state, every event batch
    (``rare``: the reports only a few cards call for are drawn too; ``content``: a stored game's)."""
    state = GAME.new(1, dict(options or {}), seed, content)
    rng = Rng(seed ^ 0x5EED)
    log: list[str] = []
    states = [state]
    batches: list[list[Event]] = []
    while state["phase"] != "over":
        move = random_move(state, rng, rare)
        state, events = GAME.apply(state, 0, move)
        log.append(move.notation)
        states.append(state)
        batches.append(events)
        assert len(log) < limit, "a random game did not end"
    return state, log, states, batches
