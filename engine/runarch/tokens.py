"""Bonus tokens of the complex game: each player's rising minimum and the opponent's abilities.

Every player holds a stack of four drawn minimums. Passing 25, 50 and 75 hands the top token
to the opponent, so the leader must score better cards while the other gains diagonal swaps,
then a double swap or a jump, then the diagonals and the match bonus (the catch-up rule).
"""

from __future__ import annotations

from types import MappingProxyType

from engine.core import Event, Rng, State

TOKEN_GROUPS: tuple[tuple[int, int, int], ...] = ((5, 6, 7), (7, 8, 9), (9, 10, 11), (11, 12, 13))
"""One token of each group is drawn per player, top of the stack first."""

MARKS: tuple[int, ...] = (25, 50, 75)
"""Passing (more than) a mark hands over the top token."""

ABILITIES: tuple[str, ...] = ("diagonal", "double", "diagonals")
"""What the n-th handed token gives its receiver: diagonal swaps; a double swap or a jump;
the long diagonals and the match bonus."""

BONUS_FROM_OWN = 2
"""A player who has handed over this many tokens (passed 50) counts the match bonus."""

NO_ABILITIES = MappingProxyType(dict.fromkeys(ABILITIES, False))


def draw_tokens(rng: Rng) -> list[int]:
    """One player's stack of minimums, one of three values per group."""
    return [rng.choice(group) for group in TOKEN_GROUPS]


def own_minimum(state: State, seat: int) -> int:
    """The minimum on ``seat``'s top token (the ones below stay hidden)."""
    return state["tokens"][seat][state["handed"][seat]]


def received(state: State, seat: int) -> int:
    """How many tokens the opponent of ``seat`` has handed over to it (0..3)."""
    return state["handed"][1 - seat]


def abilities(state: State, seat: int) -> dict[str, bool]:
    """``seat``'s abilities from the tokens it received; none in the simple game or for the automa."""
    if state["variant"] != "complex" or (state.get("solo") and seat == 1):
        return dict(NO_ABILITIES)
    count = received(state, seat)
    return {name: count > i for i, name in enumerate(ABILITIES)}


def counts_bonus(state: State, seat: int) -> bool:
    """Whether ``seat``'s cards add the match bonus: with the phase-4 token received from the
    opponent, or once its own minimum is shown on its phase-4 token (9/10/11) or its cross
    (11/12/13), i.e. its score passed 50. Those minimums are meant to be met with the bonus:
    an 11 is beyond any pattern alone (see docs/rules/runarch.md)."""
    if state["variant"] != "complex" or (state.get("solo") and seat == 1):
        return False
    return received(state, seat) >= len(MARKS) or state["handed"][seat] >= BONUS_FROM_OWN


def hand_over(new: State, seat: int, fixed_minimum: int | None = None) -> list[Event]:
    """Hand ``seat``'s top tokens to the opponent for every mark its score has now passed.

    ``new`` is the caller's copy; ``handed`` is replaced, never edited. One card passing two
    marks hands two tokens. ``fixed_minimum`` is the automa's, which tokens do not change.
    """
    handed = new["handed"][seat]
    score = new["scores"][seat]
    events = []
    while handed < len(MARKS) and score > MARKS[handed]:
        handed += 1
        minimum = fixed_minimum if fixed_minimum is not None else new["tokens"][seat][handed]
        params = {
            "seat": seat,
            "opponent": 1 - seat,
            "mark": MARKS[handed - 1],
            "ability": ABILITIES[handed - 1],
            "minimum": minimum,
        }
        events.append(Event("runarch.token_handed", params))
    if events:
        counts = list(new["handed"])
        counts[seat] = handed
        new["handed"] = counts
    return events
