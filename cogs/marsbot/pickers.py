"""MarsBot's private pickers for the person's reports, on the shared picker (``bot.picker``).

Every choice comes from ``legal_moves``: a tile is chosen kind → map row → space (a select shows
25 options and Tharsis has 61 spaces), a raised parameter parameter → steps, what a card of
the person's did to MarsBot (a cut production, M€ taken or gained → amount; its lowest track
advanced), a claim the milestone or award (Hoverlord and Venuphile only with Venus: the engine
lists them only then). Select ids are
``mbp:<boot>:<table>:<action>:<nonce>``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import discord

from bot.i18n import Tr
from bot.picker import Chosen, Pickers, PickSpec
from cogs.marsbot.labels import award_name, clip, cut_name, milestone_name, param_name, space_words, tile_name
from engine.core import Move, State
from engine.marsbot.content import OFF_MARS, mars_of
from engine.marsbot.game import GAME

PREFIX = "mbp"
PICKED: dict[str, set[str]] = {
    "tile": {"tile"},
    "raise": {"raise"},
    "attack": {"cut", "take", "gain", "advance"},
    "claim": {"milestone", "award"},
}
"""Board actions that open a picker, and the move kinds each builds."""


OCEAN_MARK = "🌊"
"""Marks an ocean space in the ocean's list of spaces."""
OFF_ROW = "OFF"
"""The picker's "row" of the spaces off Mars (Phobos, Ganymede)."""


def tile_steps(move: Move) -> Iterable[Chosen]:
    """``tile city C4`` -> (city, C, C4); ``tile city PHOBOS`` -> (city, OFF, PHOBOS)."""
    space = move.args[1]
    return ((move.args[0], OFF_ROW if space in OFF_MARS else space[:1], space),)


def kind_first(move: Move) -> Iterable[Chosen]:
    """``cut steel 2`` -> (cut:steel, 2); ``take 5`` -> (take, 5); ``gain 1`` -> (gain, 1);
    ``advance`` -> (advance,); ``raise oxygen 1`` -> (oxygen, 1)."""
    if move.kind == "cut":
        return ((f"cut:{move.args[0]}", move.args[1]),)
    if move.kind in ("take", "gain", "advance"):
        return ((move.kind, *move.args),)
    return (move.args,)


def whole(move: Move) -> Iterable[Chosen]:
    return ((move.notation,),)


def _options(pairs: Iterable[tuple[str, str]]) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=clip(label), value=value) for value, label in pairs]


def tile_labels(
    tr: Tr, state: State, seat: int, chosen: Chosen, tokens: Sequence[str]
) -> list[discord.SelectOption]:
    if not chosen:
        return _options((t, tile_name(tr, t)) for t in tokens)
    if len(chosen) == 1:
        return _options(
            (t, tr("marsbot.pick.off_mars") if t == OFF_ROW else tr("marsbot.pick.row", row=t))
            for t in tokens
        )
    spaces = mars_of(state).spaces

    def label(sid: str) -> str:
        words = space_words(tr, sid, spaces[sid].bonus if sid in spaces else None)
        # an ocean may go on land too (Artificial Lake): the ocean spaces stand out in its list
        marked = chosen[0] == "ocean" and sid in spaces and spaces[sid].ocean
        return f"{OCEAN_MARK} {words}" if marked else words

    return _options((t, label(t)) for t in tokens)


def raise_labels(
    tr: Tr, state: State, seat: int, chosen: Chosen, tokens: Sequence[str]
) -> list[discord.SelectOption]:
    if not chosen:
        return _options((t, param_name(tr, t)) for t in tokens)
    return _options((t, tr("marsbot.pick.steps", count=int(t))) for t in tokens if t.isdigit())


def attack_labels(
    tr: Tr, state: State, seat: int, chosen: Chosen, tokens: Sequence[str]
) -> list[discord.SelectOption]:
    if not chosen:
        return _options(
            (
                t,
                tr(f"marsbot.pick.{t}")
                if t in ("take", "gain", "advance")
                else tr("marsbot.pick.cut", resource=cut_name(tr, t[4:])),
            )
            for t in tokens
        )
    amounts = {"take": "marsbot.pick.money", "gain": "marsbot.pick.gained"}
    key = amounts.get(chosen[0], "marsbot.pick.steps_back")
    return _options((t, tr(key, count=int(t))) for t in tokens if t.isdigit())


def claim_labels(
    tr: Tr, state: State, seat: int, chosen: Chosen, tokens: Sequence[str]
) -> list[discord.SelectOption]:
    def label(notation: str) -> str:
        kind, _, which = notation.partition(" ")
        if kind == "milestone":
            return tr("marsbot.pick.milestone", milestone=milestone_name(tr, which))
        return tr("marsbot.pick.award", award=award_name(tr, which))

    return _options((t, label(t)) for t in tokens)


NOTES = frozenset({"attack"})
"""Pickers whose prompt carries the rulebook's card notes (Mons Insurance, Lawsuit …)."""


def _prompt(tr: Tr, key: str) -> str:
    prompt = tr(f"marsbot.pick.{key}_prompt")
    return f"{prompt}\n-# {tr(f'marsbot.pick.{key}_notes')}" if key in NOTES else prompt


def _spec(kinds: set[str], labels: Any, key: str, steps: Any) -> PickSpec:
    return PickSpec(
        kinds=frozenset(kinds),
        labels=labels,
        placeholder=lambda tr, chosen: tr(f"marsbot.pick.{key}_placeholder.{min(len(chosen), 2)}"),
        prompt=lambda tr, state, seat, chosen: _prompt(tr, key),
        unavailable=f"marsbot.pick.no_{key}",
        steps=steps,
        skip_single=True,
    )


PICKERS = Pickers(
    prefix=PREFIX,
    game=GAME,
    specs={
        "tile": _spec(PICKED["tile"], tile_labels, "tile", tile_steps),
        "raise": _spec(PICKED["raise"], raise_labels, "raise", lambda m: (m.args,)),
        "attack": _spec(PICKED["attack"], attack_labels, "attack", kind_first),
        "claim": _spec(PICKED["claim"], claim_labels, "claim", whole),
    },
)
