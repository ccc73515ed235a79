"""What to put back on the physical table when a report is taken back.

MarsBot is a companion to a physical game: whatever the bot told the person to do for MarsBot
(place its tile, move its cubes and TR, raise a parameter, claim or fund) is on their table.
When Undo takes a report back with everything MarsBot did on it, the post says how to undo
that by hand, from the undone events, and repeats the question MarsBot is waiting on again.
A report of the person's own (a greenery, an ocean, a raise) moved shared markers too: the post
says where the oxygen, temperature and Venus go back to, which of their tiles comes off, and by
how much their own TR goes back (a step of a parameter or an ocean is 1 TR).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import Tr
from cogs.marsbot.events import event_words
from engine.core import Event

PREFIX = "marsbot."
PARAMS = ("temperature", "oxygen", "venus")
"""Parameter events whose ``from`` is where the marker goes back."""
BY_HAND = frozenset(
    {"track", "tr", "tile", "milestone", "award", "card", "discard_plants", "discard_animal", *PARAMS}
)
PERSON = "person"


def own_tr(events: Sequence[Event]) -> int:
    """The TR the person's own undone reports gave them: each parameter step they raised (the
    run of steps a ``raised`` event closes, a bonus step of the temperature included) and each
    ocean they placed (the ocean count moving right after their ocean tile)."""
    total, run = 0, 0
    previous: Event | None = None
    for event in events:
        code = event.code.removeprefix(PREFIX)
        if code in PARAMS:
            run += 1
        else:
            if code == "raised":
                total += run
            elif code == "oceans" and previous is not None and _own_ocean(previous):
                total += 1
            run = 0
        previous = event
    return total


def _own_ocean(event: Event) -> bool:
    return (
        event.code == PREFIX + "tile"
        and event.params.get("owner") == PERSON
        and event.params.get("tile") == "ocean"
    )


def _inverse(tr: Tr, code: str, params: Mapping[str, Any]) -> str | None:
    """One undone event as the person's instruction to reverse it, or ``None`` if nothing on the
    table changed for it (MarsBot's money and bonus cards live in the bot alone)."""
    if code == "tr":
        params = {**params, "total": int(params["total"]) - int(params["amount"])}
    elif code == "tile" and params.get("owner") == PERSON:
        _, words = event_words(tr, PREFIX + code, dict(params))
        return tr("marsbot.undo.own_tile", **words)
    elif code in ("tile", "milestone", "award") and params.get("owner") != "marsbot":
        return None
    _, words = event_words(tr, PREFIX + code, dict(params))
    return tr(f"marsbot.undo.{code}", **words)


def put_back(tr: Tr, state: Mapping[str, Any], events: Sequence[Event]) -> list[str]:
    """The lines an undo post adds for the physical table: what to reverse (newest first, as one
    undoes a stack) and the question MarsBot is waiting on again, if any."""
    first: dict[tuple[str, Any], Event] = {}  # a marker moved several times goes back to where it began
    for event in events:
        code = event.code.removeprefix(PREFIX)
        if code in BY_HAND:
            first.setdefault((code, event.params.get("track") or event.params.get("space")), event)
    steps = [
        line
        for event in reversed(first.values())
        if (line := _inverse(tr, event.code.removeprefix(PREFIX), event.params)) is not None
    ]
    if (gained := own_tr(events)) > 0:
        steps.append(tr("marsbot.undo.own_tr", count=gained))
    lines = [tr("marsbot.undo.by_hand", steps="; ".join(steps))] if steps else []
    question = state.get("question") or {}
    if isinstance(question.get("kind"), str):
        lines.append(tr("marsbot.undo.asks_again", question=tr(f"marsbot.question.{question['kind']}")))
    return lines
