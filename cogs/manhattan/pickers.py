"""The Manhattan Project's private pickers, on the shared picker (``bot.picker``).

Every choice comes from ``legal_moves``, so a picker offers only free spaces the seat can pay
for, its own undamaged buildings (and, in an espionage turn, the others'), and the worker
mixes that fit. A worker placement is chosen space → workers → (market slot, yield, whether to
take the action or only block, how many gained workers are contractors); a building's use
building → workers → (yield, payment, contractors); a bomb action kind → bomb → workers. The last
step is one token for all of a move's words after the workers (``-`` for none), so no move's
steps begin another's; a step with one answer is taken for the player. Select ids are
``mhp:<boot>:<table>:<action>:<nonce>``.
"""

from __future__ import annotations

import re
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
from cogs.manhattan.seats import lent_names, target_words
from engine.core import Move, State
from engine.manhattan.content import WORKER_KINDS, buildings_of, market_of, space_of
from engine.manhattan.game import GAME
from engine.manhattan.notation import BLOCK, hire_of
from engine.manhattan.spaces import chosen_gain
from engine.manhattan.suggest import ranked

PREFIX = "mhp"
DEFAULT = "-"
"""The last step's token of a move with no word after its workers."""
HIRE = re.compile(r"c[1-9]")
"""The word that makes gained workers contractors (``engine.manhattan.notation``)."""
TOKEN_ORDER = {token: i for i, token in enumerate(("cL", "L", "cE", "E", "cS", "S"))}
"""Cheapest first: contractors leave at your next retrieval anyway, and laborers are the most
plentiful; the mixes a player most likely wants come first (a select shows 25)."""


def workers_key(workers: str) -> tuple[int, ...]:
    return tuple(sorted(TOKEN_ORDER.get(t, 9) for t in workers.split("+")))


def arguments(move: Move) -> Iterable[Chosen]:
    return (move.args,)


def rest_of(move: Move) -> str:
    """A move's words after its workers as one token (``S c1``; ``-`` when there are none)."""
    return " ".join(move.args[2:]) or DEFAULT


def with_rest(move: Move) -> Iterable[Chosen]:
    """``place uni4 L S c1`` -> (uni4, L, "S c1"): space or building, workers, the rest."""
    return ((move.args[0], move.args[1], rest_of(move)),)


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


def hire_words(tr: Tr, state: State, seat: int, given: dict[str, int], contractors: int | None) -> str:
    """The workers a yield brings, own and contractors: ``1 laborer + 2 contractor laborers``;
    ``None``: the default (own while the colour lasts). Other yields in amounts."""
    kinds = [k for k in given if k in WORKER_KINDS and given[k] > 0]
    if len(kinds) != 1 or len(given) != 1:
        return amounts_words(tr, given)
    kind = kinds[0]
    pool, free = state["seats"][seat]["pool"][kind], state["contractors"][kind]
    gained = min(given[kind], pool + free)
    hired = max(0, gained - pool) if contractors is None else contractors
    return workers_words(tr, [kind] * (gained - hired) + [f"c{kind}"] * hired)


def place_rest_words(tr: Tr, state: State, seat: int, space_id: str, rest: str) -> str:
    """The last step of a placement in words: a market slot, a yield, running or only blocking
    the action, the contractors among the gained workers."""
    space = space_of(state, space_id)
    words = [] if rest == DEFAULT else rest.split()
    if space is None:
        return rest
    if words[-1:] == [BLOCK]:
        return tr("manhattan.pick.block", space=space_name(tr, space_id))
    hire = hire_of(words)
    arg = next((w for w in words if not hire or w != words[-1]), None)
    if space.action == "build" and arg is not None:
        return tr(
            "manhattan.pick.slot_short",
            slot=arg,
            building=building_label(tr, state, state["market"][int(arg) - 1]),
        )
    given = chosen_gain(space, arg)
    if given is not None:
        return hire_words(tr, state, seat, given, hire or None)
    if space.action is not None:
        return tr(f"manhattan.pick.run.{space.action}")
    return tr("manhattan.nothing")


def work_rest_words(tr: Tr, state: State, seat: int, card: str, rest: str) -> str:
    """The last step of a building's use in words: its yield, paying with enriched uranium, the
    contractors among the gained workers."""
    building = buildings_of(state).get(card)
    words = [] if rest == DEFAULT else rest.split()
    if building is None:
        return rest
    hire = hire_of(words)
    option = next((w for w in words if w.isdigit()), None)
    given = dict(building.outputs[int(option) - 1 if option else 0])
    text = hire_words(tr, state, seat, given, hire or None)
    if "eu" in words:
        return tr("manhattan.pick.with_eu", gain=text)
    return tr("manhattan.pick.take", gain=text)


def _space_label(tr: Tr, state: State, space_id: str) -> str:
    space = space_of(state, space_id)
    if space is None:
        return space_id
    cost = {k: v for k, v in space.cost.items() if v}
    if space.action is not None:
        # An action is no amount to be given ("dostaneš koupit budovu"): its own sentence.
        action = tr(f"manhattan.action.{space.action}")
        if space.others:
            action = tr("manhattan.pick.with_others", gain=action, others=amounts_words(tr, space.others))
        key = "manhattan.pick.space_action_cost" if cost else "manhattan.pick.space_action"
        return tr(key, space=space_name(tr, space_id), cost=amounts_words(tr, cost), action=action)
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
        for token in sorted(tokens, key=lambda t: int(t) if t.isdigit() else 0):
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
        discord.SelectOption(label=clip(place_rest_words(tr, state, seat, chosen[0], t)), value=t)
        for t in sorted(tokens, key=_rest_order)
    ]


def _rest_order(token: str) -> tuple[int, str]:
    """The action before only blocking; fewer contractors first."""
    return (token.endswith(BLOCK), token)


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
        discord.SelectOption(label=clip(work_rest_words(tr, state, seat, chosen[0], token)), value=token)
        for token in sorted(tokens, key=_rest_order)
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
        names = lent_names()
        return [
            discord.SelectOption(label=clip(target_words(tr, state, int(t), names)), value=t)
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


WHOLE_MAX = 25
"""Whole moves labelled for the first select (the picker keeps as many as fit)."""


def whole_words(tr: Tr, state: State, seat: int, move: Move) -> tuple[str, str]:
    """A placement or a building's use in one option: where and which workers (its label), what
    it does (its description)."""
    where, workers, rest = move.args[0], move.args[1], rest_of(move)
    if move.kind == "work":
        place, what = building_name(tr, state, where), work_rest_words(tr, state, seat, where, rest)
    else:
        place, what = space_name(tr, where), place_rest_words(tr, state, seat, where, rest)
    return tr("manhattan.pick.whole", where=place, workers=workers_words(tr, workers)), what


def hired_after_own(notations: Sequence[str]) -> list[str]:
    """``notations`` in order, each move that hires contractors (``c<N>``) moved to just after
    the same move without them: the two ways of one move side by side."""
    base = {n: " ".join(w for w in n.split() if not HIRE.fullmatch(w)) for n in notations}
    later = {n for n in notations if base[n] != n and base[n] in base}
    out: list[str] = []
    for notation in notations:
        if notation in later:
            continue
        out.append(notation)
        out.extend(n for n in notations if n in later and base[n] == notation)
    return out


def whole_labels(tr: Tr, state: State, seat: int, notations: Sequence[str]) -> list[discord.SelectOption]:
    """The whole moves of a place or work picker, best first by the bot's valuation."""
    options = []
    for notation in hired_after_own(ranked(GAME, state, seat, notations))[:WHOLE_MAX]:
        label, what = whole_words(tr, state, seat, GAME.parse_move(notation))
        options.append(discord.SelectOption(label=clip(label), value=notation, description=clip(what)))
    return options


def own_first(state: State, seat: int, chosen: Chosen, tokens: Sequence[str]) -> str | None:
    """The last step's default when its answers differ only in how many gained workers are
    contractors: the seat's own colour while its pool lasts (the engine's default, no ``c<N>``),
    which keeps the most options; the contractors stay one tap away."""
    if len(chosen) != 2 or len(tokens) < 2:
        return None
    bases = {" ".join(w for w in t.split() if not HIRE.fullmatch(w)) or DEFAULT for t in tokens}
    if len(bases) != 1:
        return None
    (base,) = bases
    return base if base in tokens else None


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
        "place": _spec({"place"}, place_labels, "place", with_rest, whole=whole_labels, default=own_first),
        "work": _spec({"work"}, work_labels, "work", with_rest, whole=whole_labels, default=own_first),
        "bombs": _spec({"bomb", "test", "load"}, bomb_labels, "bombs", bomb_steps),
        "strike": _spec({"attack", "raid"}, strike_labels, "strike", strike_steps),
        "repair": _spec({"repair"}, repair_labels, "repair", whole),
        "pick": _spec({"pick"}, pick_labels, "pick", whole),
    },
)
"""Board actions that open a picker; each offers only what the engine lists as legal."""
