"""RunArch's private pickers, on the shared picker (``bot.picker``): which moves each board
action builds, step by step, and the words of every choice.

Every picker plays its move against the board version it was opened on, so a picker left
open while the board moved on is refused instead of applied to a different position. The
setup choice is the exception: both players choose at the same time and their choices do not
depend on each other. Select ids are ``rap:<boot>:<table>:<action>:<nonce>``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import discord

from bot.i18n import Tr
from bot.picker import Chosen, Labels, Pickers, PickSpec, Steps
from cogs.runarch.labels import (
    CELLS,
    bet_label,
    card_details,
    cell_label,
    clip,
    offer_label,
    pattern_words,
    scoring_label,
    scoring_values,
)
from cogs.runarch.private import hand_lines
from engine.core import Move, State
from engine.runarch import GAME

PREFIX = "rap"


def partners(state: Mapping[str, Any], seat: int, cell: str, kind: str = "swap") -> list[str]:
    """Cells the engine allows exchanging with ``cell`` now by a ``kind`` move (swap or jump)."""
    found = []
    for move in GAME.legal_moves(dict(state), seat):
        if move.kind == kind and cell in move.args:
            found.append(move.args[1] if move.args[0] == cell else move.args[0])
    return found


def either_order(move: Move) -> Iterable[Chosen]:
    """A swap or jump is chosen stone by stone, starting from either of its two stones."""
    return (move.args, move.args[::-1])


def whole(move: Move) -> Iterable[Chosen]:
    """Chosen in one step by the move's whole notation (a bet: ``bet left 3``)."""
    return ((move.notation,),)


def joined(move: Move) -> Iterable[Chosen]:
    """Chosen in one step by the move's arguments together (a scoring: card, line, archive)."""
    return ((" ".join(move.args),),)


def cell_options(
    tr: Tr, state: State, seat: int, chosen: Chosen, cells: Sequence[str]
) -> list[discord.SelectOption]:
    """Stones by cell, in reading order, each named by its colour and shape and the pad under it."""
    return [discord.SelectOption(label=clip(cell_label(tr, state, c)), value=c) for c in CELLS if c in cells]


def score_options(
    tr: Tr, state: State, seat: int, chosen: Chosen, values: Sequence[str]
) -> list[discord.SelectOption]:
    """The scorings the board allows now, best first (with the archive in the complex game)."""
    return [
        discord.SelectOption(
            label=clip(scoring_label(tr, option, archive)),
            description=clip(pattern_words(tr, GAME.card(option["card"], state)["pattern"])),
            value=value,
        )
        for value, option, archive in scoring_values(GAME.scoring_options(state, seat))
    ]


def bet_options(
    tr: Tr, state: State, seat: int, chosen: Chosen, bets: Sequence[str]
) -> list[discord.SelectOption]:
    """Where to place a bet token that was just earned."""
    goals = GAME.view(state, None).get("goals", [])
    return [
        discord.SelectOption(label=clip(bet_label(tr, notation, goals)), value=notation) for notation in bets
    ]


def offer_options(
    tr: Tr, state: State, seat: int, chosen: Chosen, places: Sequence[str]
) -> list[discord.SelectOption]:
    """A card of the public offer instead of the deck: only its match area is known."""
    offer = GAME.view(state, None).get("offer", [])
    return [
        discord.SelectOption(label=clip(offer_label(tr, i, match)), value=str(i))
        for i, match in enumerate(offer, start=1)
    ]


def setup_options(
    tr: Tr, state: State, seat: int, chosen: Chosen, cards: Sequence[str]
) -> list[discord.SelectOption]:
    """The complex game's opening choice: the public goal, then the secret goal among the rest."""
    return [
        discord.SelectOption(
            label=clip(pattern_words(tr, c["pattern"])), description=clip(card_details(tr, c)), value=c["id"]
        )
        for c in GAME.view(state, seat).get("setup_hand", [])
    ]


def cell_spec(kind: str, unavailable: str) -> PickSpec:
    """Two steps for ``swap`` or ``jump``: any stone that can move, then a stone it may change place with."""
    return PickSpec(
        kinds=frozenset({kind}),
        labels=cell_options,
        placeholder=lambda tr, chosen: (
            tr("runarch.pick_second", cell=chosen[0]) if chosen else tr("runarch.pick_first")
        ),
        prompt=lambda tr, state, seat, chosen: (
            tr(f"runarch.{kind}_prompt_second", cell=chosen[0]) if chosen else tr(f"runarch.{kind}_prompt")
        ),
        unavailable=unavailable,
        steps=either_order,
    )


def one_step(kind: str, labels: Labels, words: tuple[str, str], unavailable: str, steps: Steps) -> PickSpec:
    """A picker of one step: ``words`` are the keys of its placeholder and of its prompt."""
    placeholder, prompt = words
    return PickSpec(
        kinds=frozenset({kind}),
        labels=labels,
        placeholder=lambda tr, chosen: tr(placeholder),
        prompt=lambda tr, state, seat, chosen: tr(prompt),
        unavailable=unavailable,
        steps=steps,
    )


SETUP = PickSpec(
    kinds=frozenset({"setup"}),
    labels=setup_options,
    placeholder=lambda tr, chosen: tr("runarch.pick_secret") if chosen else tr("runarch.pick_goals"),
    prompt=lambda tr, state, seat, chosen: (
        tr("runarch.setup_prompt_secret", goals=chosen[0])
        if chosen
        else "\n".join(hand_lines(tr, state, seat))
    ),
    unavailable="runarch.setup_over",
    basis=lambda state, seat: tuple(state.get("setup_hands", [[]] * (seat + 1))[seat]) or None,
)
"""Both players choose goals at once from their own setup hand: the other's choice never makes
this picker stale, only a change of the hand it was opened on."""

PICKERS = Pickers(
    prefix=PREFIX,
    game=GAME,
    specs={
        "swap": cell_spec("swap", "runarch.already_swapped"),
        "jump": cell_spec("jump", "runarch.no_jump"),
        "score": one_step(
            "score",
            score_options,
            ("runarch.pick_scoring", "runarch.score_prompt"),
            "runarch.nothing_scores",
            joined,
        ),
        "bet": one_step(
            "bet", bet_options, ("runarch.pick_bet", "runarch.bet_prompt"), "runarch.no_bet_pending", whole
        ),
        "take": one_step(
            "take",
            offer_options,
            ("runarch.pick_offer", "runarch.take_prompt"),
            "runarch.no_offer_ability",
            lambda move: (move.args,),
        ),
        "setup": SETUP,
    },
)
"""The board actions that open a picker ("end" and "draw" play at once, "hand" shows the hand)."""
