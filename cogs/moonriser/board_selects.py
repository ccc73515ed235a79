"""Selects under a Moonriser board post: a decision of several answers in one tap, no button
to open a picker first.

In Phase I the **plan** select pays and draws at once ("Pay 1 blue: draw 3 Basic, keep 1",
``cogs.moonriser.planner``); while drawing, the **draw** select takes any number of the draws
left from either pile ("Draw 2 Advanced"). Each plays the moves of the long way (``plan n``,
then one ``draw <pile>`` per tile: the Draw button tapped that often), all or none. In Phase
II the **upgrade** selects and in Phase III the **trade** selects are the first step of the
Upgrade and Trade pickers (``cogs.moonriser.pickers``), each with its second select ("… and
produce", "… and end your turn"): the same choices, one tap less than button then picker. Nothing in
them is secret (the payment and the piles are public), so they sit on the public board; only
the seat to act may use them, and like the buttons (``mrs:<table>:<version>:<action>``) they
survive restarts and are refused once the board has moved on. In Phase III the **sell** select
names only what 4 hand tiles buy; it opens the private choice of the tiles
(``cogs.moonriser.sell``).
"""

from __future__ import annotations

import copy
import re
from typing import Any

import discord

from bot.board_guard import board_turn
from bot.errors import UserError, run_guarded
from bot.i18n import Tr, lang_of
from bot.picker import paths
from bot.tables import TableService
from cogs.moonriser.drawn import open_next
from cogs.moonriser.labels import clip, tokens_words
from cogs.moonriser.pickers import PICKERS, PREFIX
from cogs.moonriser.placing import ends_quietly
from cogs.moonriser.planner import choice_label, plan_choices, plan_moves
from cogs.moonriser.quotes import trade_terms, upgrade_costs
from cogs.moonriser.sell import ACTION as SELL_ACTION
from cogs.moonriser.sell import SellPicker, board_options
from engine.moonriser.game import GAME
from engine.moonriser.planning import available

NAME = "moonriser"
PLACE_NEXT = {"place": "place"}
"""After an upgrade alone, the Place picker opens when placing is the bot's next move."""
OPTIONS_MAX = 25
PILES = ("basic", "advanced")


def plan_options(tr: Tr, state: dict[str, Any], seat: int) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(label=clip(choice_label(tr, c)), value=f"{c[0]}:{c[1] or ''}")
        for c in plan_choices(state, seat)
    ]


def draw_options(tr: Tr, state: dict[str, Any], seat: int) -> list[discord.SelectOption]:
    """Every number of draws from each pile, the bot's draw first, then by number: the first
    25 (a plan of over 12 draws lists the larger numbers of one pile on its Draw N button)."""
    left = int(state["seats"][seat].get("draws_left", 0))
    found = [(pile, k) for k in range(1, left + 1) for pile in PILES if k <= available(state, pile)]
    advice = GAME.bot_move(state, seat, "normal").args
    best = (advice[0], int(advice[1]) if len(advice) > 1 else 1)
    found.sort(key=lambda d: d != best)
    return [
        discord.SelectOption(
            label=clip(tr(f"moonriser.pick.draw_option.{pile}", count=k)), value=f"{pile} {k}"
        )
        for pile, k in found[:OPTIONS_MAX]
    ]


OPTIONS = {"plan": plan_options, "draw": draw_options}


def decoded(action: str, value: str, state: dict[str, Any], seat: int, tr: Tr) -> tuple[str, tuple[str, ...]]:
    """The move and the moves after it that a chosen value plays."""
    if action in UPGRADES:
        before, then = UPGRADES[action]
        after = GAME.apply(copy.deepcopy(state), seat, before[0])[0] if before else state
        if value not in upgrade_costs(after, seat):
            raise UserError("errors.not_allowed")
        if "end" in then and not _quiet(after, seat, f"upgrade {value}"):
            raise UserError("errors.not_allowed")
        moves = (*before, f"upgrade {value}", *then)
        return moves[0], moves[1:]
    picker = action.removesuffix(THEN)
    if picker == "trade" and value == SUGGESTED:
        run = suggested_trades(state, seat)
        if len(run) < 2:
            raise UserError("errors.not_allowed")
        spec = PICKERS.specs[picker]
        finishing = spec.and_then(tr, state, seat) if spec.and_then is not None else None
        ending = finishing[1] if action.endswith(THEN) and finishing is not None else ()
        return run[0], (*run[1:], *ending)
    if picker in PICKED.values():
        notation = picker_paths(picker, state, seat).get((value,))
        if notation is None or names_tiles(value):
            raise UserError("errors.not_allowed")
        spec = PICKERS.specs[picker]
        finishing = spec.and_then(tr, state, seat) if spec.and_then is not None else None
        if action.endswith(THEN) and finishing is None:
            raise UserError("errors.not_allowed")
        return notation, finishing[1] if action.endswith(THEN) and finishing is not None else ()
    if action == "plan":
        paid, pile = value.split(":")
        after, _ = GAME.apply(dict(state), seat, f"plan {paid}")
        draws = int(after["seats"][seat].get("draws_left", 0))
        return plan_moves(int(paid), pile or None, draws)
    pile, count = value.split()
    return f"draw {pile}", (f"draw {pile}",) * (int(count) - 1)


PICKED = {"trade": "trade"}
"""The phases whose picker's first step is on the board, by the picker (``PICKERS``)."""
THEN = "then"
"""The suffix of a picker select's second select (its choice, then ``PickSpec.and_then``)."""


def _upgrade_paths(state: dict[str, Any], seat: int) -> dict[tuple[str, ...], str]:
    """The Upgrade picker's choices without listing the placements (the board is drawn after
    every move; there may be thousands of placements)."""
    return {(field,): f"upgrade {field}" for field in upgrade_costs(state, seat)}


def picker_paths(action: str, state: dict[str, Any], seat: int) -> dict[tuple[str, ...], str]:
    if action == "upgrade":
        return _upgrade_paths(state, seat)
    return paths(PICKERS, PICKERS.specs[action], state, seat)


def names_tiles(value: str) -> bool:
    """Whether a picker's value names tiles of the hand (the 1:2 trade paid with 2 tiles,
    ``swap red A04 B06``): never on the public board, whose option values any client can read;
    the private Trade picker offers it."""
    kind, *args = value.split()
    return kind == "swap" and len(args) > 2


SUGGESTED = "suggested"
"""The trade selects' first option when the bot would make several trades: all of them."""


def suggested_trades(state: dict[str, Any], seat: int) -> list[str]:
    """The bot's trades from here, in order, until its next move is no trade (at most 12)."""
    run: list[str] = []
    after = copy.deepcopy(state)
    while len(run) < 12 and after["phase"] == state["phase"] and GAME.to_act(after)[:1] == [seat]:
        move = GAME.bot_move(after, seat, "normal")
        if move.kind != "trade":
            break
        run.append(move.notation)
        after, _ = GAME.apply(after, seat, move.notation)
    return run


def suggested_option(tr: Tr, state: dict[str, Any], seat: int) -> discord.SelectOption | None:
    """ "Suggested: give 8 green + 4 blue, get 3 red" when the bot would make several trades."""
    run = suggested_trades(state, seat)
    if len(run) < 2:
        return None
    paid: dict[str, int] = {}
    got: dict[str, int] = {}
    after = copy.deepcopy(state)
    for notation in run:
        give, get, _ = trade_terms(after, seat, notation)
        for colour, n in give.items():
            paid[colour] = paid.get(colour, 0) + n
        for colour, n in get.items():
            got[colour] = got.get(colour, 0) + n
        after, _ = GAME.apply(after, seat, notation)
    label = tr("moonriser.pick.trade_suggested", paid=tokens_words(tr, paid), gained=tokens_words(tr, got))
    described = tr("moonriser.pick.trade_times", count=len(run))
    return discord.SelectOption(label=clip(label), value=SUGGESTED, description=described)


def picker_selects(
    table_id: int, version: int, state: dict[str, Any], seat: int, tr: Tr, action: str
) -> list[BoardSelect]:
    """A picker's first step as a board select, and its second select, when every choice of
    it completes a move (one select; the upgrade field, the trade)."""
    spec = PICKERS.specs[action]
    found = picker_paths(action, state, seat)
    if not found or any(len(p) != 1 for p in found):
        return []
    tokens = list(dict.fromkeys(p[0] for p in found if not names_tiles(p[0])))
    options = [o for o in spec.labels(tr, state, seat, (), tokens) if o.value in tokens]
    suggested = suggested_option(tr, state, seat) if action == "trade" and state["phase"] == "trade" else None
    options = ([suggested] if suggested is not None else []) + options
    options = options[:OPTIONS_MAX]
    if not options:
        return []
    selects = [BoardSelect(table_id, version, action, options, spec.placeholder(tr, ()))]
    finishing = spec.and_then(tr, state, seat) if spec.and_then is not None else None
    if finishing is not None:
        again = [
            discord.SelectOption(label=o.label, value=o.value, description=o.description) for o in options
        ]
        selects.append(BoardSelect(table_id, version, action + THEN, again, finishing[0]))
    return selects


UPGRADES = {
    "upgrade": ((), ()),
    "upgradethen": ((), ("done",)),
    "upgradeend": ((), ("done", "end")),
    "planupgradealone": (("plan 0",), ()),
    "planupgrade": (("plan 0",), ("done",)),
    "planupgradeend": (("plan 0",), ("done", "end")),
}
"""The board's upgrade selects: the moves before the upgrade and after it. In Phase II: the
upgrade alone, "… and produce", "… produce and end your turn"; in Phase I the same without
planning (``plan 0`` first, as **Don't plan**)."""


def _quiet(state: dict[str, Any], seat: int, notation: str) -> bool:
    """Whether the turn may end right after ``notation`` and production, warning of nothing."""
    return ends_quietly(state, seat, notation)


def upgrade_selects(
    table_id: int, version: int, state: dict[str, Any], seat: int, tr: Tr
) -> list[BoardSelect]:
    """The upgrade selects of Phase I (without planning) or Phase II, with their fields."""
    spec = PICKERS.specs["upgrade"]
    planning = state["phase"] == "plan"
    if planning:
        state, _ = GAME.apply(copy.deepcopy(state), seat, "plan 0")
    fields = list(upgrade_costs(state, seat))
    if not fields:
        return []
    options = spec.labels(tr, state, seat, (), fields)[:OPTIONS_MAX]
    selects = []
    for action, (before, then) in UPGRADES.items():
        if planning != bool(before):
            continue
        offered = options
        if "end" in then:
            offered = [o for o in options if _quiet(state, seat, f"upgrade {o.value}")]
        if not offered:
            continue
        again = [
            discord.SelectOption(label=o.label, value=o.value, description=o.description) for o in offered
        ]
        placeholder = tr(f"moonriser.pick.{action}_board_placeholder")
        selects.append(BoardSelect(table_id, version, action, again, placeholder))
    return selects


def board_selects(table_id: int, version: int, state: dict[str, Any], tr: Tr) -> list[BoardSelect]:
    """The selects a board shows now (the seat to act planning, drawing, upgrading or trading)."""
    active = state.get("active")
    phase = state.get("phase")
    if active is None or GAME.to_act(state) != [active]:
        return []
    if phase == "develop":
        return upgrade_selects(table_id, version, state, active, tr)
    if phase in PICKED:
        return [
            *picker_selects(table_id, version, state, active, tr, PICKED[phase]),
            *sell_selects(table_id, version, state, active, tr),
        ]
    if phase not in OPTIONS:
        return []
    options = OPTIONS[phase](tr, state, active)
    if not options:
        return []
    placeholder = tr(f"moonriser.pick.{phase}_board_placeholder")
    selects = [BoardSelect(table_id, version, phase, options, placeholder)]
    if phase == "plan":
        selects.extend(upgrade_selects(table_id, version, state, active, tr))
    return selects


def sell_selects(table_id: int, version: int, state: dict[str, Any], seat: int, tr: Tr) -> list[BoardSelect]:
    """The sell select, when the seat may sell: what 4 tiles buy, the tiles chosen privately."""
    options = board_options(tr, state, seat)
    placeholder = tr("moonriser.pick.sell_board_placeholder")
    return [BoardSelect(table_id, version, SELL_ACTION, options, placeholder)] if options else []


class BoardSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"mrs:(?P<table>\d+):(?P<version>\d+):(?P<action>[a-z]+)",
):
    """A select under a board post; the table and version in its id survive restarts."""

    def __init__(
        self,
        table_id: int,
        version: int,
        action: str,
        options: list[discord.SelectOption],
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"mrs:{table_id}:{version}:{action}",
                placeholder=(placeholder or "")[:150] or None,
                options=options,
            )
        )
        self.table_id, self.version, self.action = table_id, version, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str], /
    ) -> BoardSelect:
        return cls(int(match["table"]), int(match["version"]), match["action"], list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_guarded(interaction, self._act(interaction))

    async def _act(self, interaction: discord.Interaction) -> None:
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        table, seat = await board_turn(interaction, self.table_id, self.version)
        tr = Tr(lang_of(interaction.locale))
        if self.action == SELL_ACTION:  # the hand is private: its tiles are chosen in a private picker
            picker = SellPicker(interaction.client, table, seat, tr, PREFIX, self.item.values[0])
            await interaction.response.send_message(picker.prompt(), view=picker, ephemeral=True)
            return
        notation, then = decoded(self.action, self.item.values[0], table.state or {}, seat, tr)
        played = await service.play(
            interaction,
            notation,
            game=NAME,
            expected_version=self.version,
            from_picker=False,
            then=then,
            table=table,
        )
        if played is not None and self.action in ("upgrade", "planupgradealone"):
            await open_next(interaction, played.table, seat, tr, PLACE_NEXT)
