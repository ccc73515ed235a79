"""Step 2 of a placing turn: workers on buildings (``work <building> <workers> [1|2] [eu]``).

Exactly the card's number of workers, of its kind ("any": any mix), from the personal supply, on
an undamaged building with nobody on it; the card's cost is paid (a reactor marked so may take
one enriched uranium instead of its ore: ``eu``) and its output gained (``1``/``2`` chooses
between two outputs; ``c<N>``: of the workers it makes, N are contractors). A seat works its own
buildings, and — in a turn it placed on espionage — up to as many other seats' buildings as it has
spies (not those of a seat that resigned).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from engine.core import Event, IllegalMove, Move, State
from engine.manhattan import edit
from engine.manhattan.content import Building, buildings_of
from engine.manhattan.notation import EU, WORK, hire_word, join_tokens
from engine.manhattan.workers import ALLOWED, combos, has_tokens, hire_counts, supply, take_tokens
from engine.manhattan.yields import affordable, gain, pay


def locate(state: State, card: str) -> tuple[int, int] | None:
    """(owner, index in its buildings) of a built card, or ``None``."""
    for owner, row in enumerate(state["seats"]):
        for index, building in enumerate(row["buildings"]):
            if building["card"] == card:
                return owner, index
    return None


def spy_room(state: State, seat: int) -> bool:
    """Whether ``seat`` may still put workers on another seat's building this turn."""
    turn = state["turn"]
    return bool(turn["spy"]) and len(turn["spied"]) < state["seats"][seat]["spies"]


def cost_of(card: Building, eu: bool) -> dict[str, int]:
    """What working ``card`` costs; ``eu``: a marked reactor's ore paid with 1 enriched uranium."""
    cost = dict(card.cost)
    if eu:
        cost["ore"] = 0
        cost["eu"] += 1
    return cost


def _usable(state: State, seat: int, owner: int, building: dict[str, Any]) -> IllegalMove | None:
    if owner != seat:
        if state["seats"][owner]["resigned"] or not state["turn"]["spy"]:
            return IllegalMove("manhattan.not_yours", card=building["card"])
        if not spy_room(state, seat):
            return IllegalMove("manhattan.no_spies_left")
    if building["damage"]:
        return IllegalMove("manhattan.damaged", card=building["card"])
    if building["workers"] is not None:
        return IllegalMove("manhattan.building_taken", card=building["card"])
    return None


def work_error(
    state: State, seat: int, card_id: str, tokens: Sequence[str], option: str | None, eu: bool, hire: int = 0
) -> IllegalMove | None:
    """Why ``work`` is refused now, or ``None`` when it is legal."""
    where = locate(state, card_id)
    if where is None:
        return IllegalMove("manhattan.no_building", card=card_id)
    owner, index = where
    building = state["seats"][owner]["buildings"][index]
    unusable = _usable(state, seat, owner, building)
    if unusable is not None:
        return unusable
    card = buildings_of(state)[card_id]
    need = card.need
    if len(tokens) != need.count or any(t not in ALLOWED[need.kind] for t in tokens):
        return IllegalMove("manhattan.wrong_workers_building", card=card_id, count=need.count, kind=need.kind)
    row = state["seats"][seat]
    if not has_tokens(row, tokens):
        return IllegalMove("manhattan.no_workers")
    if (option is None) != (len(card.outputs) == 1):
        return IllegalMove("manhattan.bad_option", option=option or "")
    if eu and not card.eu_instead:
        return IllegalMove("manhattan.bad_option", option=EU)
    if not affordable(row, cost_of(card, eu)):
        return IllegalMove("manhattan.cannot_afford")
    if hire and hire not in hire_counts(state, row, card.outputs[int(option) - 1 if option else 0]):
        return IllegalMove("manhattan.no_contractors_to_hire", count=hire)
    return None


def work(
    state: State,
    seat: int,
    card_id: str,
    tokens: Sequence[str],
    option: str | None,
    eu: bool,
    hire: int = 0,
) -> tuple[State, list[Event]]:
    error = work_error(state, seat, card_id, tokens, option, eu, hire)
    if error is not None:
        raise error
    owner, index = locate(state, card_id) or (seat, 0)
    card = buildings_of(state)[card_id]
    new = dict(state)
    row = edit.seat(new, seat)
    take_tokens(row, tokens)
    paid = cost_of(card, eu)
    pay(row, paid)
    got = gain(new, row, card.outputs[int(option) - 1 if option else 0], hire)
    holder = row if owner == seat else edit.seat(new, owner)
    built = edit.buildings(holder)
    built[index] = {**built[index], "workers": {"seat": seat, "workers": list(tokens)}}
    turn = edit.turn(new)
    turn.update(
        placed=turn["placed"] + len(tokens), acted=True, strike=False, worked=[*turn["worked"], card_id]
    )
    if owner != seat:
        turn["spied"] = [*turn["spied"], card_id]
    params = {
        "seat": seat,
        "owner": owner,
        "card": card_id,
        "workers": list(tokens),
        "option": option,
        "paid": {k: v for k, v in paid.items() if v},
        "got": got,
    }
    if hire:
        params["contractors"] = hire
    return new, [Event("manhattan.worked", params)]


def _candidates(state: State, seat: int) -> Iterator[tuple[int, dict[str, Any]]]:
    for building in state["seats"][seat]["buildings"]:
        yield seat, building
    if spy_room(state, seat):
        for owner, row in enumerate(state["seats"]):
            if owner != seat and not row["resigned"]:
                for building in row["buildings"]:
                    yield owner, building


def work_moves(state: State, seat: int) -> Iterator[Move]:
    """Every legal ``work`` of ``seat`` now (the turn is known to be its placing turn)."""
    row = state["seats"][seat]
    available = supply(row)
    if not any(available):
        return
    cards = buildings_of(state)
    for _owner, building in _candidates(state, seat):
        if building["damage"] or building["workers"] is not None:
            continue
        card = cards[building["card"]]
        payments = [
            eu for eu in (False, True) if (not eu or card.eu_instead) and affordable(row, cost_of(card, eu))
        ]
        if not payments:
            continue
        options = [None] if len(card.outputs) == 1 else ["1", "2"]
        hires = {o: hire_counts(state, row, card.outputs[int(o) - 1 if o else 0]) for o in options}
        for tokens in combos(available, ALLOWED[card.need.kind], card.need.count):
            workers = join_tokens(tokens)
            for option in options:
                for eu in payments:
                    extra = tuple(word for word in (option, EU if eu else None) if word is not None)
                    yield Move(WORK, (card.id, workers, *extra))
                    for hire in hires[option]:
                        yield Move(WORK, (card.id, workers, *extra, hire_word(hire)))
