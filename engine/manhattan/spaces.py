"""Step 1 of a placing turn: one worker (two on bomb design) on a main-board space.

The space must be free (the build space takes any number), the workers must meet one of its
requirements and come from the personal supply, and its cost must be paid. Then the action:
the chosen yield, capped at the tracks and the workers left; the others' yield to every other seat
still playing; $1 on the corruption pile from a factory space; or the space's action (build,
air strike, repair, bomb design, espionage).

"Tuto akci nemusíte provést … jen proto, abyste políčko nebo kartu zablokovali": where the action
hands something to the other players (the bomb design's draft, the repair round), the placer may
only block the space (``place design E+S block``): the cost is paid, nothing else happens, and the
bomb design may be blocked even when no designs are left. The others' yield of a space comes
anyway („Ostatní hráči obdrží tento zisk i tehdy, když se rozhodnete akci … neprovést"), so
elsewhere the action only helps the placer, who takes it. A yield of
workers may be taken as contractors (``c<N>``, ``workers.hire_counts``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.core import Event, IllegalMove, Move, State
from engine.manhattan import draft, edit, repair
from engine.manhattan.content import LIMITS, Space, market_of, space_of, spaces_of
from engine.manhattan.market import build, card_at, price
from engine.manhattan.notation import BLOCK, PLACE, hire_word, join_tokens
from engine.manhattan.turns import playing
from engine.manhattan.workers import alternatives, fits, has_tokens, hire_counts, supply, take_tokens
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


def blockable(space: Space) -> bool:
    """Whether the placer may leave the action out: it would hand the others something (the
    draft's cards, the repair round). The others' yield of a space comes either way."""
    return space.action in ("design", "repair")


def chosen_gain(space: Space, arg: str | None) -> dict[str, int] | None:
    """The yield a placement takes (``arg`` names one of two), or ``None``."""
    labels = [label(option, i) for i, option in enumerate(space.gains)]
    if not space.gains or (len(labels) > 1 and arg not in labels):
        return None
    return dict(space.gains[0 if len(labels) == 1 else labels.index(arg or "")])


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
    state: State,
    seat: int,
    space_id: str,
    tokens: Sequence[str],
    arg: str | None,
    block: bool = False,
    hire: int = 0,
) -> IllegalMove | None:
    """Why ``place <space_id> <tokens> [arg] [block|c<N>]`` is refused now, or ``None``."""
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
    if block:
        if not blockable(space):
            return IllegalMove("manhattan.bad_option", option=BLOCK)
        return None if arg is None else IllegalMove("manhattan.bad_option", option=arg)
    if space.action == "design" and not state["offer"]:
        return IllegalMove("manhattan.design_closed")
    error = _arg_error(state, seat, space, tokens, arg)
    if error is None and hire:
        given = chosen_gain(space, arg)
        if given is None or hire not in hire_counts(state, row, given):
            return IllegalMove("manhattan.no_contractors_to_hire", count=hire)
    return error


def place(
    state: State,
    seat: int,
    space_id: str,
    tokens: Sequence[str],
    arg: str | None,
    block: bool = False,
    hire: int = 0,
) -> tuple[State, list[Event]]:
    error = place_error(state, seat, space_id, tokens, arg, block, hire)
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
    given = None if block else chosen_gain(space, arg)
    got = gain(new, row, given, hire) if given is not None else {}
    paid = {key: amount for key, amount in space.cost.items() if amount}
    placed = {"seat": seat, "space": space_id, "workers": list(tokens), "paid": paid, "got": got}
    if hire:
        placed["contractors"] = hire
    events = [Event("manhattan.placed", placed)]
    if space.corruption:
        new["corruption"] += 1
    if space.others:  # „Ostatní hráči obdrží tento zisk i tehdy, když se rozhodnete akci … neprovést"
        for other in playing(new):
            if other != seat:
                gain(new, edit.seat(new, other), space.others)
        events.append(Event("manhattan.others_gained", {"seat": seat, **space.others}))
    if block:
        events.append(Event("manhattan.blocked", {"seat": seat, "space": space_id}))
        return new, events
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
    acts = space.action != "design" or bool(state["offer"])
    for tokens in alternatives(supply(row), space.needs):
        workers = join_tokens(tokens)
        if space.action == "build":
            for slot in range(1, len(market_of(state)) + 1):
                if card_at(state, slot) is not None and row["money"] >= price(state, slot, tokens):
                    yield Move(PLACE, (space.id, workers, str(slot)))
            continue
        if acts:
            several = len(space.gains) > 1
            choices = [label(option, i) for i, option in enumerate(space.gains)] if several else [""]
            for choice in choices:
                head = (space.id, workers, choice) if choice else (space.id, workers)
                yield Move(PLACE, head)
                given = chosen_gain(space, choice or None)
                for hire in hire_counts(state, row, given) if given else ():
                    yield Move(PLACE, (*head, hire_word(hire)))
        if blockable(space):
            yield Move(PLACE, (space.id, workers, BLOCK))


def place_moves(state: State, seat: int) -> Iterator[Move]:
    if step_error(state) is not None:
        return
    for space in spaces_of(state):
        yield from space_moves(state, seat, space)
