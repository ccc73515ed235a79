"""Small pieces every MarsBot rule module shares: copying the state, events, money and TR,
the failed action, which tracks a game uses and which track a tag moves.

Rules edit a fresh copy of the state (``game.apply`` makes it), so these helpers mutate the
dict they are given."""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.marsbot.content import (
    FAILED_ACTION,
    FAILED_ACTION_EASY,
    TRACK_IDS,
    VENUS_AWARDS,
    VENUS_MILESTONES,
    VENUS_TRACK,
    map_name,
    tracks_of,
)
from engine.marsbot.levels import FAILED_3, modified
from engine.marsbot.maps import MAP_AWARDS, MAP_MILESTONES

PERSON, MARSBOT = "person", "marsbot"
PERSON_SEAT, MARSBOT_SEAT = 0, 1
PREFIX = "marsbot."
BONUS_MONEY = 5
"""What a bonus card's money step gives (B02, B03 b, B04 c): not a failed action, so 5 on easy too."""


def plain_copy(value: Any) -> Any:
    """A deep copy of plain JSON data (much faster than ``copy.deepcopy``)."""
    if isinstance(value, list):
        return [plain_copy(item) for item in value]
    if isinstance(value, dict):
        return {key: plain_copy(item) for key, item in value.items()}
    return value


def event(code: str, **params: Any) -> Event:
    """A MarsBot event ``marsbot.<code>``."""
    return Event(PREFIX + code, params)


def venus(state: State) -> bool:
    return bool(state["options"]["venus"])


def level(state: State) -> str:
    return str(state["options"]["difficulty"])


def easy(state: State) -> bool:
    """The failed action's 3 M€ (the easy level's, or a custom level's choice)."""
    return modified(state, FAILED_3)


def track_ids(state: State) -> tuple[str, ...]:
    """The tracks this game uses: the seven, plus Venus with Venus Next."""
    return (*TRACK_IDS, VENUS_TRACK) if venus(state) else TRACK_IDS


def milestones_of(state: State) -> tuple[str, ...]:
    """The milestones this game uses, left to right: its map's five, plus Hoverlord with Venus."""
    own = MAP_MILESTONES[map_name(state)]
    return (*own, *VENUS_MILESTONES) if venus(state) else own


def awards_of(state: State) -> tuple[str, ...]:
    """The awards this game uses, left to right: its map's five, plus Venuphile with Venus."""
    own = MAP_AWARDS[map_name(state)]
    return (*own, *VENUS_AWARDS) if venus(state) else own


def tag_track(state: State, tag: str) -> str | None:
    """The track a tag advances (``None``: ignored, a Venus tag without Venus); wild is not here."""
    for track in track_ids(state):
        if tag in tracks_of(state)[track].tags:
            return track
    return None


def gain_money(state: State, events: list[Event], amount: int, why: str) -> None:
    if amount <= 0:
        return
    state["money"] += amount
    events.append(event("money", amount=amount, total=state["money"], why=why))


def pay(state: State, events: list[Event], amount: int, why: str) -> None:
    state["money"] -= amount
    events.append(event("paid", amount=amount, total=state["money"], why=why))


def gain_tr(state: State, events: list[Event], amount: int) -> None:
    if amount <= 0:
        return
    state["tr"] += amount
    events.append(event("tr", amount=amount, total=state["tr"]))


def failed(state: State, events: list[Event], reason: str) -> None:
    """A failed action: 5 M€ (3 on the easy level) instead of what could not be done."""
    money = FAILED_ACTION_EASY if easy(state) else FAILED_ACTION
    state["money"] += money
    events.append(event("failed", reason=reason, money=money, total=state["money"]))
