"""The global parameters: MarsBot's steps with their TR and bonuses, and the person's raises.

Each step MarsBot raises gives it 1 TR. Temperature -24 and -20 °C: 2 M€ each; 0 °C: MarsBot
places an ocean (oceans at 9: a failed action); oxygen 8 %: one temperature step (temperature at
its target: a failed action); Venus 8 %: 1 M€, 16 %: 1 TR. A ``plain`` step (B16) moves the
parameter and its bonus tiles and steps happen, but MarsBot gets no TR and no M€ from any of it.
The person's own raises give MarsBot nothing; oxygen reaching 8 % raises the temperature too.
"""

from __future__ import annotations

from engine.core import Event, State
from engine.marsbot.common import event, failed, gain_money, gain_tr
from engine.marsbot.content import (
    HEAT_BONUS_MONEY,
    OCEANS,
    OXYGEN,
    OXYGEN_TEMPERATURE_BONUS,
    TEMPERATURE,
    TEMPERATURE_MONEY_BONUS,
    TEMPERATURE_OCEAN_BONUS,
    VENUS,
    VENUS_CARD_BONUS,
    VENUS_TR_BONUS,
)
from engine.marsbot.resolve import Question, Step, handler, push

STEP = {"temperature": TEMPERATURE[2], "oxygen": 1, "venus": VENUS[2]}
TOP = {"temperature": TEMPERATURE[1], "oxygen": OXYGEN[1], "venus": VENUS[1]}
PRIORITY: tuple[str, ...] = ("oxygen", "oceans", "temperature")
"""B06 d and B16: the main parameter with most steps left; a tie goes in this order."""


def steps_left(state: State, param: str) -> int:
    params = state["params"]
    if param == "oceans":
        return max(0, OCEANS - params["oceans"])
    return max(0, (TOP[param] - params[param]) // STEP[param])


def is_maxed(state: State, param: str) -> bool:
    return steps_left(state, param) == 0


def farthest(state: State) -> str | None:
    """The main parameter with most steps left (oxygen > oceans > temperature on a tie)."""
    most = max(steps_left(state, p) for p in PRIORITY)
    if most == 0:
        return None
    return next(p for p in PRIORITY if steps_left(state, p) == most)


def _move(state: State, param: str, events: list[Event]) -> int:
    before = state["params"][param]
    after = before + STEP[param]
    state["params"][param] = after
    events.append(event(param, **{"from": before, "to": after}))
    return after


@handler("param")
def param_step(state: State, step: Step, events: list[Event]) -> Question | None:
    """One step MarsBot raises (``plain``: B16's, with no TR and no M€)."""
    param, plain = step["param"], bool(step.get("plain"))
    if is_maxed(state, param):
        if not step.get("optional"):
            failed(state, events, "maxed")
        return None
    value = _move(state, param, events)
    if not plain:
        gain_tr(state, events, 1)
    follow: list[Step] = []
    if param == "temperature":
        if value in TEMPERATURE_MONEY_BONUS and not plain:
            gain_money(state, events, HEAT_BONUS_MONEY, "temperature")
        if value == TEMPERATURE_OCEAN_BONUS:
            follow.append({"do": "bonus_step", "param": "oceans", "plain": plain})
    elif param == "oxygen" and value == OXYGEN_TEMPERATURE_BONUS:
        follow.append({"do": "bonus_step", "param": "temperature", "plain": plain})
    elif param == "venus" and not plain:
        if value == VENUS_CARD_BONUS:
            gain_money(state, events, 1, "venus")
        elif value == VENUS_TR_BONUS:
            gain_tr(state, events, 1)
    push(state, *follow)
    return None


@handler("bonus_step")
def bonus_step(state: State, step: Step, events: list[Event]) -> Question | None:
    """A parameter's bonus terraforming (0 °C: an ocean; 8 % oxygen: a temperature step); if it
    cannot be done, a failed action ("bonusovou teraformační akci, kterou MarsBot nemůže ... provést")."""
    param, plain = step["param"], bool(step.get("plain"))
    blocked = None if plain else "bonus_blocked"  # B16 ("plain") gains no M€: nothing to fail
    if is_maxed(state, param):
        if blocked:
            failed(state, events, blocked)
    elif param == "oceans":
        push(
            state,
            {
                "do": "place",
                "tile": "ocean",
                "reason": "temperature",
                "plain": plain,
                "failure": blocked,
            },
        )
    else:
        push(state, {"do": "param", "param": param, "plain": plain})
    return None


def person_raise(state: State, param: str, steps: int, events: list[Event]) -> None:
    """The person raised ``param`` by ``steps`` (already checked against the maximum)."""
    before = state["params"][param]
    for _ in range(steps):
        value = _move(state, param, events)
        if param == "oxygen" and value == OXYGEN_TEMPERATURE_BONUS and not is_maxed(state, "temperature"):
            _move(state, "temperature", events)
    events.append(event("raised", param=param, steps=steps, **{"from": before, "to": state["params"][param]}))


def raise_error(state: State, param: str, steps: int) -> str | None:
    """Why the person cannot raise ``param`` by ``steps`` (a refusal key), or ``None``."""
    if param == "venus" and not state["options"]["venus"]:
        return "marsbot.no_venus"
    if steps > steps_left(state, param):
        return "marsbot.beyond_maximum"
    return None
