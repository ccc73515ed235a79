"""Step 1 of a placing turn: one worker (two on bomb design) on a main-board space.

The space must be free (the build space takes any number), the workers must meet one of its
requirements and come from the personal supply, and its cost must be paid. The action then always
happens (the text lets a player only block a space, but taking the yield never hurts): the
chosen yield, capped at the tracks and the workers left; the others' yield to every other seat
still playing; $1 on the corruption pile from a factory space; or the space's action (build,
air strike, repair, bomb design, espionage).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.core import Event, IllegalMove, Move, State
from engine.manhattan import draft, edit, repair
from engine.manhattan.content import LIMITS, Space, market_of, space_of, spaces_of
from engine.manhattan.market import build, card_at, price
from engine.manhattan.notation import PLACE, join_tokens
from engine.manhattan.turns import playing
from engine.manhattan.workers import alternatives, fits, has_tokens, supply, take_tokens
from engine.manhattan.yields import affordable, gain, label, pay


def step_error(state: State) -> IllegalMove | None:
    """Why no main-board placement is possible in this turn any more."""
    turn = state["turn"]
    if turn["main"] is not None:
        return IllegalMove("manhattan.main_done", space=turn["main"])
    if turn["worked"]:
        return IllegalMove("manhattan.main_too_late")
    return None


def free(state: State, space: Space) -> bool:
    return space.unlimited or space.id not in state["spaces"]


def _arg_error(
    state: State, seat: int, space: Space, tokens: Sequence[str], arg: str | None
) -> IllegalMove | None:
    row = state["seats"][seat]
    if space.action == "build":
        if arg is None or not arg.isdigit() or card_at(state, int(arg)) is None:
            return IllegalMove("manhattan.bad_slot", slot=arg or "")
        if row["money"] < price(state, int(arg), tokens):
            return IllegalMove("manhattan.cannot_afford")
        return None
    if len(space.gains) > 1:
        if arg not in [label(option, i) for i, option in enumerate(space.gains)]:
            return IllegalMove("manhattan.bad_option", option=arg or "")
        return None
    if arg is not None:
        return IllegalMove("manhattan.bad_option", option=arg)
    return None


def place_error(
    state: State, seat: int, space_id: str, tokens: Sequence[str], arg: str | None
) -> IllegalMove | None:
    """Why ``place <space_id> <tokens> [arg]`` is refused now, or ``None`` when it is legal."""
    blocked = step_error(state)
    if blocked is not None:
        return blocked
    space = space_of(state, space_id)
    if space is None:
        return IllegalMove("manhattan.no_space", space=space_id)
    if not free(state, space):
        return IllegalMove("manhattan.space_taken", space=space_id)
    if not any(fits(tokens, kinds) for kinds in space.needs):
        return IllegalMove("manhattan.wrong_workers", space=space_id)
    row = state["seats"][seat]
    if not has_tokens(row, tokens):
        return IllegalMove("manhattan.no_workers")
    if not affordable(row, space.cost):
        return IllegalMove("manhattan.cannot_afford")
    if space.action == "design" and not state["offer"]:
        return IllegalMove("manhattan.design_closed")
    return _arg_error(state, seat, space, tokens, arg)


def place(
    state: State, seat: int, space_id: str, tokens: Sequence[str], arg: str | None
) -> tuple[State, list[Event]]:
    error = place_error(state, seat, space_id, tokens, arg)
    if error is not None:
        raise error
    space = space_of(state, space_id)
    assert space is not None
    new = dict(state)
    row = edit.seat(new, seat)
    take_tokens(row, tokens)
    entry = {"seat": seat, "workers": list(tokens)}
    if space.unlimited:
        new["build"] = [*new["build"], entry]
    else:
        new["spaces"] = {**new["spaces"], space_id: entry}
    pay(row, space.cost)
    turn = edit.turn(new)
    turn.update(main=space_id, placed=turn["placed"] + len(tokens), acted=True)
    events = [Event("manhattan.placed", {"seat": seat, "space": space_id, "workers": list(tokens)})]
    if space.corruption:
        new["corruption"] += 1
    if space.gains:
        index = 0 if len(space.gains) == 1 else [label(o, i) for i, o in enumerate(space.gains)].index(arg)
        got = gain(new, row, space.gains[index])
        if got:
            events.append(Event("manhattan.gained", {"seat": seat, **got}))
    if space.others:
        for other in playing(new):
            if other != seat:
                gain(new, edit.seat(new, other), space.others)
        events.append(Event("manhattan.others_gained", {"seat": seat, **space.others}))
    if space.action == "build":
        assert arg is not None
        build(new, row, seat, int(arg), tokens, events)
    elif space.action == "strike":
        turn["strike"] = True
    elif space.action == "spy":
        row["spies"] = min(LIMITS["spies"], row["spies"] + 1)
        turn["spy"] = True
        events.append(Event("manhattan.spy", {"seat": seat, "spies": row["spies"]}))
    elif space.action == "repair":
        repair.start(new, seat, events)
    elif space.action == "design":
        draft.start(new, seat, events)
    return new, events


def space_moves(state: State, seat: int, space: Space) -> Iterator[Move]:
    """Every legal placement of ``seat`` on ``space`` (the step is known to be open)."""
    if not free(state, space):
        return
    row = state["seats"][seat]
    if not affordable(row, space.cost):
        return
    if space.action == "design" and not state["offer"]:
        return
    for tokens in alternatives(supply(row), space.needs):
        workers = join_tokens(tokens)
        if space.action == "build":
            for slot in range(1, len(market_of(state)) + 1):
                if card_at(state, slot) is not None and row["money"] >= price(state, slot, tokens):
                    yield Move(PLACE, (space.id, workers, str(slot)))
        elif len(space.gains) > 1:
            for i, option in enumerate(space.gains):
                yield Move(PLACE, (space.id, workers, label(option, i)))
        else:
            yield Move(PLACE, (space.id, workers))


def place_moves(state: State, seat: int) -> Iterator[Move]:
    if step_error(state) is not None:
        return
    for space in spaces_of(state):
        yield from space_moves(state, seat, space)
