"""The one shared picker: private selects that build a move from ``Game.legal_moves``, step by step.

A game declares, per board action, which move kinds a picker builds, how a move is chosen
token by token (a swap: one stone, then the other) and the words of each choice (``PickSpec``,
registered in its ``GameAdapter``). The picker offers only what the engine lists as legal: the
first step every first token, each later step the tokens that continue what was chosen, and
the move is played when the choice is complete. A spec may also offer whole moves first (one
choice for a typical move) and answer a step for the player by default, its other answers beside
the choice before it (``PickSpec.whole``, ``PickSpec.default``; the select's options are built by
``bot.picker_options``).

Each decision checks the table version: a picker opened on one board is refused ("the board
has changed") once the board moved on, at the first step taken afterwards, never applied to a
position its player did not see. A spec may instead name what a choice that depends on nothing
another seat does is made from (``PickSpec.basis``: a simultaneous secret choice); the picker
is then refused only when that changed, whatever the other seats did meanwhile.

A picker lives only in the memory of the bot that showed it. Its select's custom id,
``<prefix>:<boot>:<table>:<action>:<nonce>``, names that bot (``boot_of``), the table and the
board action that opened it, so a picker used after a restart is recognised by the game's
catch-all (a subclass of ``ExpiredPicker``) and replaced by a fresh one instead of failing
silently. A picker left open for 10 minutes while the bot runs expires in place: its private
message says so and loses its select (``StepPicker.on_timeout``).
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.confirm import show_preview
from bot.errors import UserError, run_guarded
from bot.i18n import Tr, lang_of
from bot.pick_spec import Chosen, Labels, Pickers, PickSpec, Steps
from bot.picker_ids import TIMEOUT, boot_of, expired_template, picker_id
from bot.picker_options import OPTIONS_MAX, step_row
from bot.retry import MadeFrom
from db.models import TableRow
from engine.core import State

if TYPE_CHECKING:
    from bot.service import TableServiceLike as TableService

__all__ = [
    "OPTIONS_MAX",
    "TIMEOUT",
    "Chosen",
    "ExpiredPicker",
    "Labels",
    "PickSpec",
    "Pickers",
    "StepPicker",
    "Steps",
    "boot_of",
    "expired_template",
    "open_picker",
    "paths",
    "picker_id",
    "pickers_of",
]

log = logging.getLogger(__name__)


def pickers_of(client: discord.Client, game: str) -> Pickers:
    """The pickers a game registered in its adapter (a refusal if it has none)."""
    service: TableService = client.tables  # type: ignore[attr-defined]
    adapter = service.adapters.get(game)
    if adapter is None or adapter.pickers is None:
        raise UserError("errors.not_allowed")
    return adapter.pickers


def paths(pickers: Pickers, spec: PickSpec, state: State, seat: int) -> dict[Chosen, str]:
    """Every token sequence the spec's picker accepts now, with the notation of its move."""
    legal = [m for m in pickers.game.legal_moves(state, seat) if m.kind in spec.kinds]
    if spec.more is not None:
        legal.extend(spec.more(state, seat, legal))
    return {path: move.notation for move in legal for path in spec.steps(move)}


def open_picker(
    client: discord.Client, pickers: Pickers, table: TableRow, seat: int, action: str, tr: Tr
) -> tuple[str, StepPicker]:
    """The private prompt and first picker of a board action, or a refusal if it does not apply now."""
    spec = pickers.specs.get(action)
    if spec is None:
        raise UserError("errors.not_allowed")
    picker = StepPicker(client, pickers, action, table, seat, tr)
    assert table.state is not None
    return spec.prompt(tr, table.state, seat, ()), picker


class StepPicker(discord.ui.View):
    """One step of a private picker for one seat; only that player may use it.

    Show it with ``send`` or ``replace`` (they remember the interaction whose token can edit
    its message). When it expires, 10 minutes after it was shown, ``on_timeout`` edits that
    message to say so and removes the select, so a picker left open is never used in vain.

    Why the message is edited rather than a late use answered: discord.py finds the live view
    of a use synchronously when the use arrives, but asks the catch-all ``ExpiredPicker`` later,
    in a task of its own, and a view's dispatched callback runs even if the view times out
    meanwhile. A registry of live pickers consulted by the catch-all would therefore leave a
    window in which a view about to time out and the catch-all both answer one use. Edited
    away, the expired select cannot be used at all, and the catch-all keeps its exact rule (it
    answers only pickers of an earlier bot).
    """

    def __init__(
        self,
        client: discord.Client,
        pickers: Pickers,
        action: str,
        table: TableRow,
        seat: int,
        tr: Tr,
        chosen: Chosen = (),
    ) -> None:
        super().__init__(timeout=TIMEOUT)
        self.client, self.pickers, self.action = client, pickers, action
        self.table, self.seat, self.tr, self.chosen = table, seat, tr, chosen
        self.spec = pickers.specs[action]
        assert table.state is not None
        self.basis = self.spec.basis(table.state, seat) if self.spec.basis is not None else None
        self.paths = {
            p: n
            for p, n in paths(pickers, self.spec, table.state, seat).items()
            if p[: len(chosen)] == chosen
        }
        tokens = list(dict.fromkeys(p[len(chosen)] for p in self.paths if len(p) > len(chosen)))
        options = [o for o in self.spec.labels(tr, table.state, seat, chosen, tokens) if o.value in tokens]
        if not options:
            raise UserError(self.spec.unavailable)
        self.row = step_row(self.spec, tr, table.state, seat, self.paths, chosen, options)
        self._shown_by: discord.Interaction | None = None
        self._followup: discord.WebhookMessage | None = None
        self._deadline = time.monotonic() + TIMEOUT
        self.select: discord.ui.Select[StepPicker] = discord.ui.Select(
            custom_id=picker_id(client, pickers.prefix, table.id, action),
            placeholder=self.spec.placeholder(tr, chosen)[:150],
            options=self.row.options,
        )
        self.select.callback = self._picked  # type: ignore[method-assign]
        self.add_item(self.select)
        finishing = self.spec.and_then(tr, table.state, seat) if self.spec.and_then is not None else None
        completing = all(len(p) == len(chosen) + 1 for p in self.paths)
        ending = [
            o
            for o in self.row.options
            if completing or o.value in self.row.whole or (*chosen, o.value) in self.paths
        ]
        if finishing is not None and ending:
            placeholder, then = finishing
            # the options that complete a move: every option, the whole moves of a first step,
            # or the whole moves a step lists beside its first tokens (a whole placement)
            also: discord.ui.Select[StepPicker] = discord.ui.Select(
                custom_id=picker_id(client, pickers.prefix, table.id, action),
                placeholder=placeholder[:150],
                options=[
                    discord.SelectOption(label=o.label, value=o.value, description=o.description)
                    for o in ending
                ],
            )
            also.callback = self._picked_then(also, then)  # type: ignore[method-assign]
            self.add_item(also)
            self._add_ending(client, ending)

    def _add_ending(self, client: discord.Client, ending: list[discord.SelectOption]) -> None:
        """The third select (``PickSpec.and_end``): the second select's options whose move may
        also end the turn, each played with its ``and_end`` moves."""
        if self.spec.and_end is None or self.table.state is None:
            return
        found: list[tuple[discord.SelectOption, tuple[str, tuple[str, ...]]]] = []
        for option in ending:
            notation = self.row.whole.get(option.value) or self.paths.get((*self.chosen, option.value))
            ends = self.spec.and_end(self.tr, self.table.state, self.seat, notation) if notation else None
            if ends is not None:
                found.append((option, ends))
        if not found:
            return
        placeholder, then = found[0][1]
        select: discord.ui.Select[StepPicker] = discord.ui.Select(
            custom_id=picker_id(client, self.pickers.prefix, self.table.id, self.action),
            placeholder=placeholder[:150],
            options=[
                discord.SelectOption(label=o.label, value=o.value, description=o.description)
                for o, ends in found
                if ends[1] == then
            ],
        )
        select.callback = self._picked_then(select, then)  # type: ignore[method-assign]
        self.add_item(select)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.table.user_at(self.seat)

    async def send(self, interaction: discord.Interaction, content: str) -> None:
        """Show this picker in a new private message answering ``interaction``."""
        if interaction.response.is_done():
            self._followup = await interaction.followup.send(content, view=self, ephemeral=True, wait=True)
        else:
            await interaction.response.send_message(content, view=self, ephemeral=True)
        self._shown(interaction)

    async def replace(self, interaction: discord.Interaction, content: str) -> None:
        """Show this picker in place of the picker ``interaction`` was used on."""
        await interaction.response.edit_message(content=content, view=self)
        self._shown(interaction)

    def _shown(self, interaction: discord.Interaction) -> None:
        self._shown_by = interaction
        self._deadline = time.monotonic() + TIMEOUT

    async def on_timeout(self) -> None:
        """The picker expired unused: its message says so, without the select."""
        if self._shown_by is None:
            return
        service: TableService = self.client.tables  # type: ignore[attr-defined]
        text = Tr(lang_of(self._shown_by.locale))("picker.timed_out", **service.commands(self.table.game))
        try:
            if self._followup is not None:
                await self._followup.edit(content=text, view=None)
            else:
                await self._shown_by.edit_original_response(content=text, view=None)
        except discord.HTTPException as error:
            # Dismissed by the player (404) or Discord failed: there is nothing more to do.
            log.info("could not mark an expired picker of table %s (%s)", self.table.id, error.status)

    async def _picked(self, interaction: discord.Interaction) -> None:
        try:
            await run_guarded(interaction, self.decide(interaction, self.select.values[0]))
        finally:
            self._used(interaction)

    def _picked_then(
        self, select: discord.ui.Select[StepPicker], then: tuple[str, ...]
    ) -> Callable[[discord.Interaction], Awaitable[None]]:
        """The second select's choice: the move, then ``then`` (``PickSpec.and_then``)."""

        async def picked(interaction: discord.Interaction) -> None:
            try:
                await run_guarded(interaction, self.decide(interaction, select.values[0], then))
            finally:
                self._used(interaction)

        return picked

    def _used(self, interaction: discord.Interaction) -> None:
        """After a use: a picker whose message now shows something else (the next step, "done")
        is finished; one that stays (a refusal came as a new message) keeps its deadline,
        which discord.py has just pushed 10 minutes on from this use, past what the token that
        edits its message allows."""
        if interaction.response.type in (
            discord.InteractionResponseType.message_update,
            discord.InteractionResponseType.deferred_message_update,
        ):
            self.stop()
        else:
            self.timeout = max(self._deadline - time.monotonic(), 1.0)

    async def decide(self, interaction: discord.Interaction, token: str, then: tuple[str, ...] = ()) -> None:
        """One decision: play the move it completes (and ``then``), or show the next step (a
        move's tokens are never the start of another move's: a choice is complete or it goes on)."""
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        made_from = self._made_from()
        version = self.table.version if self.spec.check_version and made_from is None else None
        if token in self.row.whole:
            await self._whole(interaction, self.row.whole[token], version, made_from, then)
            return
        chosen = self.row.routes.get(token, (*self.chosen, token))
        going_on = [p for p in self.paths if p[: len(chosen)] == chosen]
        if not going_on:
            raise UserError("errors.not_allowed")
        while self.spec.skip_single and going_on != [chosen]:
            following = {p[len(chosen)] for p in going_on if len(p) > len(chosen)}
            if len(following) != 1:
                break
            chosen = (*chosen, following.pop())
            going_on = [p for p in going_on if p[: len(chosen)] == chosen]
        if going_on == [chosen]:  # complete: previewed or played, as a whole move is
            await self._whole(interaction, self.paths[chosen], version, made_from, then)
            return
        if self.spec.confirm is not None and self.spec.suggest is not None:
            suggest, seat, start = self.spec.suggest, self.seat, chosen
            if suggest(self.table.state or {}, seat, start) is not None:
                await self._preview(interaction, lambda state: suggest(state, seat, start), version)
                return
        table = await service.running_table_here(interaction, self.table.game)
        if table.id != self.table.id or (version is not None and table.version != version):
            raise service.stale(self.table.game)
        if made_from is not None and (table.state is None or not made_from(table.state)):
            raise service.stale(self.table.game)
        assert table.state is not None
        following = StepPicker(self.client, self.pickers, self.action, table, self.seat, self.tr, chosen)
        await following.replace(interaction, self.spec.prompt(self.tr, table.state, self.seat, chosen))

    async def _whole(
        self,
        interaction: discord.Interaction,
        notation: str,
        version: int | None,
        made_from: MadeFrom | None,
        then: tuple[str, ...],
    ) -> None:
        """A complete move (a whole move of ``PickSpec.whole``, or the steps' last answer):
        previewed when the spec confirms moves (its preview's own shortcuts then end the turn),
        else played, then ``then``. With ``then`` (the second select) it is played, not
        previewed: that select says what it plays."""
        if self.spec.confirm is not None and not then:
            await self._preview(interaction, lambda state: notation, version)
            return
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        await service.play(
            interaction,
            notation,
            game=self.table.game,
            expected_version=version,
            from_picker=True,
            made_from=made_from,
            then=then,
        )

    def _made_from(self) -> MadeFrom | None:
        """The check that this picker's choice still stands, if the spec has a basis here."""
        spec, seat, basis = self.spec, self.seat, self.basis
        if spec.basis is None or basis is None:
            return None
        judge = spec.basis
        return lambda state: judge(state, seat) == basis

    async def _preview(
        self, interaction: discord.Interaction, pick: Callable[[State], str | None], version: int | None
    ) -> None:
        """Show the preview of the move ``pick`` names on the current board, with Confirm/Cancel
        (and the preview's other moves), in place of this picker."""
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        table = await service.running_table_here(interaction, self.table.game)
        if table.id != self.table.id or (version is not None and table.version != version):
            raise service.stale(self.table.game)
        assert table.state is not None and self.spec.confirm is not None
        notation = pick(table.state)
        if notation is None:
            raise service.stale(self.table.game)
        # a picture: drawn off the event loop
        preview = await asyncio.to_thread(self.spec.confirm, self.tr, table.state, self.seat, notation)
        await show_preview(
            interaction,
            self.pickers.prefix,
            self.action,
            table,
            self.seat,
            notation,
            preview,
            self.tr,
            replace=True,
            make=self.spec.confirm,
        )


class ExpiredPicker(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"(?!)"):
    """The answer to a picker used after the bot that showed it has gone (a restart).

    Each game subclasses it with the template of its prefix (``expired_template``) and says
    how to open a fresh picker (``fresh``). Pickers are ordinary views held in memory; after a
    restart discord.py has no view for their custom ids and would drop the interaction.
    discord.py offers every component interaction to the registered dynamic items by pattern
    *and* to the live views by custom id, independently, so this item stays silent whenever a
    live view answers: by the boot token in the custom id, a picker of this very bot is left to
    its view, one of an earlier bot is answered here. The two sets never overlap, so every use
    is answered exactly once. (A picker of this bot whose view timed out is not answered here;
    its message was edited as it timed out, see ``StepPicker``.)

    The answer replaces the dead picker in place: "this picker has expired", with a fresh
    picker for the same action on the current board, or the reason it no longer applies.
    Nothing is played: the player chooses again.
    """

    def __init__(self, item: discord.ui.Select[Any], boot: str, table_id: int, action: str) -> None:
        super().__init__(item)
        self.boot, self.table_id, self.action = boot, table_id, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str], /
    ) -> ExpiredPicker:
        return cls(item, match["boot"], int(match["table"]), match["action"])

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return self.boot != boot_of(interaction.client)

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_guarded(interaction, self._reopen(interaction))

    async def _reopen(self, interaction: discord.Interaction) -> None:
        """A fresh picker in place of the expired one, or why there can be none; whatever else
        stops it (the store failing) is answered by ``run_guarded``, never left unanswered."""
        tr = Tr(lang_of(interaction.locale))
        try:
            content, picker = await self.fresh(interaction, tr)
        except UserError as error:
            text = f"{tr('picker.expired')}\n{tr(error.key, **error.params)}"
            await interaction.response.edit_message(content=text, view=None)
            return
        await picker.replace(interaction, f"{tr('picker.expired_fresh')}\n{content}")

    async def fresh(self, interaction: discord.Interaction, tr: Tr) -> tuple[str, StepPicker]:
        """The prompt and first step of a new picker for ``self.action``, or a ``UserError``."""
        raise NotImplementedError
