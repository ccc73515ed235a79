"""The options of one picker select (``bot.picker``): whole moves first, then the step's answers,
each answer followed by the other answers of a defaulted step after it.

Why here and not in the picker's view: what a select offers and what each value stands for is
plain data computed from the spec and the accepted paths, testable without Discord; the view
only shows it and plays what a value stands for. Values are the step's tokens, ``=<notation>``
for a whole move (``PickSpec.whole``), and tokens joined by ``|`` for an answer that also
answers a later step (``PickSpec.default``); the picker shows at most 25 options.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import discord

from bot.i18n import Tr
from bot.pick_spec import Chosen, PickSpec
from engine.core import State

OPTIONS_MAX = 25
"""Discord shows at most 25 options in a select."""
WHOLE = "="
JOIN = "|"
VALUE_MAX = 100
TEXT_MAX = 100


@dataclass
class Row:
    """One select's options and what each value stands for."""

    options: list[discord.SelectOption]
    whole: dict[str, str] = field(default_factory=dict)
    """Value -> the notation of the whole move it plays."""
    routes: dict[str, Chosen] = field(default_factory=dict)
    """Value -> the choice it stands for, when more than its one token (a default taken, or an
    answer of a later step joined to it)."""
    steps: int = 0
    """How many of the options are the step's own (not whole moves)."""


def settle(
    spec: PickSpec, state: State, seat: int, paths: Sequence[Chosen], chosen: Chosen
) -> tuple[Chosen, list[Chosen]]:
    """``chosen`` with the answers taken for the player after it (a single answer when the spec
    skips those, then at most one default), and the defaulted step's other answers (empty when
    no default was taken)."""
    going = [p for p in paths if p[: len(chosen)] == chosen]
    others: list[Chosen] = []
    while going and going != [chosen]:
        following = list(dict.fromkeys(p[len(chosen)] for p in going if len(p) > len(chosen)))
        if any(len(p) == len(chosen) for p in going):
            break  # a complete move is also the start of a longer one: nothing to take
        if spec.skip_single and len(following) == 1:
            taken = following[0]
        elif spec.default is not None and not others:
            taken = spec.default(state, seat, chosen, following) or ""
            if taken not in following:
                break
            others = [(*chosen, f) for f in following if f != taken]
        else:
            break
        chosen = (*chosen, taken)
        going = [p for p in going if p[: len(chosen)] == chosen]
    return chosen, others


def _described(option: discord.SelectOption, value: str, extra: str) -> discord.SelectOption:
    """``option`` for ``value``, its description followed by ``extra``."""
    words = " · ".join(w for w in (option.description or "", extra) if w)
    return discord.SelectOption(
        label=option.label, value=value, description=words[:TEXT_MAX] or None, emoji=option.emoji
    )


def _label_of(spec: PickSpec, tr: Tr, state: State, seat: int, path: Chosen) -> str:
    """The words of a path's last token at its step."""
    found = spec.labels(tr, state, seat, path[:-1], [path[-1]])
    return next((o.label for o in found if o.value == path[-1]), path[-1])


def step_row(
    spec: PickSpec,
    tr: Tr,
    state: State,
    seat: int,
    paths: Mapping[Chosen, str],
    chosen: Chosen,
    options: Sequence[discord.SelectOption],
) -> Row:
    """The step's ``options`` (the spec's labels, in order), each answer whose next steps end in
    a default followed by that default's other answers (``PickSpec.default``), and, at the first
    step, the whole moves before them (``PickSpec.whole``)."""
    row = Row(options=[])
    accepted = list(paths)
    for option in options:
        path = (*chosen, option.value)
        settled, others = (path, []) if spec.default is None else settle(spec, state, seat, accepted, path)
        if not others:
            row.options.append(option)
            continue
        taken = settled[: len(others[0])]  # up to the defaulted step: its answer in words
        row.options.append(_described(option, option.value, _label_of(spec, tr, state, seat, taken)))
        row.routes[option.value] = settled
        for other in others:
            value = JOIN.join(other[len(chosen) :])
            if len(value) > VALUE_MAX:
                continue
            row.options.append(_described(option, value, _label_of(spec, tr, state, seat, other)))
            row.routes[value] = other
    if len(row.options) > OPTIONS_MAX:  # no room for the other answers: the step asks as before
        row = Row(options=list(options))
    row.steps = len(row.options)
    if chosen or spec.whole is None:
        row.options = row.options[:OPTIONS_MAX]
        return row
    return _with_whole(row, spec.whole(tr, state, seat, list(dict.fromkeys(paths.values()))), paths)


def _with_whole(row: Row, offered: Sequence[discord.SelectOption], paths: Mapping[Chosen, str]) -> Row:
    """Whole moves first: all of them alone when they are every accepted move and fit, else as
    many as fit beside the step's options."""
    notations = set(paths.values())
    whole: list[discord.SelectOption] = []
    for option in offered:
        value = WHOLE + option.value
        if option.value in notations and value not in row.whole and len(value) <= VALUE_MAX:
            whole.append(
                discord.SelectOption(
                    label=option.label, value=value, description=option.description, emoji=option.emoji
                )
            )
            row.whole[value] = option.value
    every = set(row.whole.values()) == notations
    if every and len(whole) <= OPTIONS_MAX < len(whole) + row.steps:
        return Row(options=whole, whole=row.whole, steps=0)
    room = max(0, OPTIONS_MAX - row.steps)
    kept = whole[:room]
    row.whole = {o.value: row.whole[o.value] for o in kept}
    row.options = [*kept, *row.options[:OPTIONS_MAX]]
    return row
