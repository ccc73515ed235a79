"""The Manhattan Project's private pickers, on the shared picker (``bot.picker``).

Every choice comes from ``legal_moves``, so a picker offers only free spaces the seat can pay
for, its own undamaged buildings (and, in an espionage turn, the others'), and the worker
mixes that fit. A worker placement is chosen space → workers → (market slot or yield); a
building's use building → workers → (yield); a bomb action kind → bomb → workers. Select ids
are ``mhp:<boot>:<table>:<action>:<nonce>``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import discord

from bot.i18n import Tr
from bot.picker import Chosen, Pickers, PickSpec
from cogs.manhattan.labels import (
    amounts_words,
    bomb_label,
    building_label,
    building_name,
    clip,
    space_name,
    workers_words,
)
from engine.core import Move, State
from engine.manhattan.content import WORKER_KINDS, buildings_of, market_of, space_of
from engine.manhattan.game import GAME

PREFIX = "mhp"
COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple")
TOKEN_ORDER = {token: i for i, token in enumerate(("cL", "L", "cE", "E", "cS", "S"))}
"""Cheapest first: contractors leave at your next retrieval anyway, and laborers are the most
plentiful; the mixes a player most likely wants come first (a select shows 25)."""


def workers_key(workers: str) -> tuple[int, ...]:
    return tuple(sorted(TOKEN_ORDER.get(t, 9) for t in workers.split("+")))


def arguments(move: Move) -> Iterable[Chosen]:
    return (move.args,)


def bomb_steps(move: Move) -> Iterable[Chosen]:
    return ((move.kind, *move.args),)


def strike_steps(move: Move) -> Iterable[Chosen]:
    """``attack 2 fighter`` -> (2, fighter); ``raid 2 R03`` -> (2, raid, R03)."""
    if move.kind == "attack":
        return ((move.args[0], move.args[1]),)
    return ((move.args[0], "raid", move.args[1]),)


def whole(move: Move) -> Iterable[Chosen]:
    return ((move.notation,),)


def owner_of(state: State, card: str) -> int | None:
    for seat, row in enumerate(state["seats"]):
        if any(b["card"] == card for b in row["buildings"]):
            return seat
    return None


def seat_words(tr: Tr, state: State, seat: int) -> str:
    """``Blue (player 2): 3 fighters, 1 bomber`` — a picker has no names, the board shows colours."""
    row = state["seats"][seat]
    return tr(
        "manhattan.pick.target",
        colour=tr(f"manhattan.colour.{COLOURS[seat]}"),
        number=seat + 1,
        fighters=row["fighters"],
        bombers=row["bombers"],
    )


def _space_label(tr: Tr, state: State, space_id: str) -> str:
    space = space_of(state, space_id)
    if space is None:
        return space_id
    cost = {k: v for k, v in space.cost.items() if v}
    if space.action is not None:
        gain = tr(f"manhattan.action.{space.action}")
    else:
        gain = tr("manhattan.or").join(amounts_words(tr, g) for g in space.gains)
    if space.others:
        gain = tr("manhattan.pick.with_others", gain=gain, others=amounts_words(tr, space.others))
    key = "manhattan.pick.space_cost" if cost else "manhattan.pick.space_free"
    return tr(key, space=space_name(tr, space_id), cost=amounts_words(tr, cost), gain=gain)


def _worker_options(tr: Tr, tokens: Sequence[str]) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(label=clip(workers_words(tr, w)), value=w)
        for w in sorted(tokens, key=workers_key)
    ]


def place_labels(
    tr: Tr, state: State, seat: int, chosen: Chosen, tokens: Sequence[str]
) -> list[discord.SelectOption]:
    if not chosen:
        return [discord.SelectOption(label=clip(_space_label(tr, state, s)), value=s) for s in tokens]
    if len(chosen) == 1:
        return _worker_options(tr, tokens)
    if chosen[0] == "build":
        slots = market_of(state)
        engineer = "E" in chosen[1].replace("c", "").split("+")
        options = []
        for token in sorted(tokens, key=int):
            index = int(token) - 1
            slot = slots[index]
            price = 0 if engineer and slot.engineer_free else slot.price
            card = state["market"][index]
            label = tr(
                "manhattan.pick.slot_label", slot=token, price=price, building=building_label(tr, state, card)
            )
            options.append(discord.SelectOption(label=clip(label), value=token))
        return options
    return [
        discord.SelectOption(label=clip(amounts_words(tr, {t: 1} if t in WORKER_KINDS else {})), value=t)
        for t in tokens
    ]


def work_labels(
    tr: Tr, state: State, seat: int, chosen: Chosen, tokens: Sequence[str]
) -> list[discord.SelectOption]:
    if not chosen:
        options = []
        for card in sorted(tokens, key=lambda c: (owner_of(state, c) != seat, c)):
            owner = owner_of(state, card)
            label = building_label(tr, state, card)
            description = None
            if owner is not None and owner != seat:
                description = clip(tr("manhattan.pick.spied", building=building_name(tr, state, card)))
            options.append(discord.SelectOption(label=clip(label), value=card, description=description))
        return options
    if len(chosen) == 1:
        return _worker_options(tr, tokens)
    return [
        discord.SelectOption(label=clip(option_words(tr, state, chosen[0], token)), value=token)
        for token in tokens
    ]


def option_words(tr: Tr, state: State, card: str, option: str) -> str:
    """A building's choice in words: ``Take $2`` for its first or second yield, paying with
    enriched uranium for ``eu``; anything else as typed."""
    building = buildings_of(state).get(card)
    if option == "eu":
        return tr("manhattan.pick.pay_eu")
    if building is not None and option.isdigit() and 1 <= int(option) <= len(building.outputs):
        return tr("manhattan.pick.take", gain=amounts_words(tr, building.outputs[int(option) - 1]))
    return option


def bomb_labels(
    tr: Tr, state: State, seat: int, chosen: Chosen, tokens: Sequence[str]
) -> list[discord.SelectOption]:
    if not chosen:
        order = ("bomb", "test", "load")
        return [
            discord.SelectOption(label=tr(f"manhattan.pick.bomb_action.{t}"), value=t)
            for t in sorted(tokens, key=order.index)
        ]
    if len(chosen) == 1:
        return [
            discord.SelectOption(label=clip(bomb_label(tr, state, card)), value=card)
            for card in sorted(tokens)
        ]
    return _worker_options(tr, tokens)


def strike_labels(
    tr: Tr, state: State, seat: int, chosen: Chosen, tokens: Sequence[str]
) -> list[discord.SelectOption]:
    if not chosen:
        return [
            discord.SelectOption(label=clip(seat_words(tr, state, int(t))), value=t)
            for t in sorted(tokens, key=int)
        ]
    if len(chosen) == 1:
        return [discord.SelectOption(label=tr(f"manhattan.pick.strike.{t}"), value=t) for t in tokens]
    return [
        discord.SelectOption(label=clip(building_label(tr, state, card)), value=card)
        for card in sorted(tokens)
    ]


def repair_labels(
    tr: Tr, state: State, seat: int, chosen: Chosen, tokens: Sequence[str]
) -> list[discord.SelectOption]:
    options = []
    for notation in sorted(tokens, key=lambda n: (n != "repair none", -len(n.split()), n)):
        cards = notation.split()[1:]
        if cards == ["none"]:
            label = tr("manhattan.pick.repair_none")
        else:
            counted = dict.fromkeys(cards, 0)
            for card in cards:
                counted[card] += 1
            parts = [
                building_name(tr, state, c)
                if n == 1
                else tr("manhattan.pick.repair_times", building=building_name(tr, state, c), count=n)
                for c, n in counted.items()
            ]
            label = tr("manhattan.pick.repair_label", buildings=", ".join(parts), count=len(cards))
        options.append(discord.SelectOption(label=clip(label), value=notation))
    return options


def pick_labels(
    tr: Tr, state: State, seat: int, chosen: Chosen, tokens: Sequence[str]
) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=clip(bomb_label(tr, state, t.split()[1])), value=t) for t in tokens]


def _spec(kinds: set[str], labels: Any, key: str, steps: Any, **extra: Any) -> PickSpec:
    return PickSpec(
        kinds=frozenset(kinds),
        labels=labels,
        placeholder=lambda tr, chosen: tr(f"manhattan.pick.{key}_placeholder.{len(chosen)}"),
        prompt=lambda tr, state, seat, chosen: tr(f"manhattan.pick.{key}_prompt"),
        unavailable=f"manhattan.pick.no_{key}",
        steps=steps,
        skip_single=True,
        **extra,
    )


PICKERS = Pickers(
    prefix=PREFIX,
    game=GAME,
    specs={
        "place": _spec({"place"}, place_labels, "place", arguments),
        "work": _spec({"work"}, work_labels, "work", arguments),
        "bombs": _spec({"bomb", "test", "load"}, bomb_labels, "bombs", bomb_steps),
        "strike": _spec({"attack", "raid"}, strike_labels, "strike", strike_steps),
        "repair": _spec({"repair"}, repair_labels, "repair", whole),
        "pick": _spec({"pick"}, pick_labels, "pick", whole),
    },
)
"""Board actions that open a picker; each offers only what the engine lists as legal."""
