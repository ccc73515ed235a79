"""Private pickers: selects that build one move for one seat, shown only to that player.

Each picker plays its move against the board version it was opened on, so a picker left
open while the board moved on is refused instead of applied to a different position. The
setup choice is the exception: both players choose at the same time and their choices
do not depend on each other.

A picker lives only in the memory of the bot that showed it. Its select's custom id,
``rap:<boot>:<table>:<action>:<nonce>``, names that bot (``boot_of``), the table and the
board action that opened it, so a picker used after a restart is recognised and answered
(see ``cogs.runarch.board.ExpiredPicker``) instead of failing silently.

A picker left open for 10 minutes while the bot runs expires in place: its private message
says so and loses its select (see ``MovePicker.on_timeout``).
"""

from __future__ import annotations

import logging
import secrets
import time
import weakref
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.errors import run_guarded
from bot.i18n import Tr, lang_of
from bot.tables import TableService
from cogs.runarch.labels import (
    CELLS,
    CHOICES_MAX,
    bet_label,
    card_details,
    cell_label,
    clip,
    offer_label,
    pattern_words,
    scoring_label,
    scoring_values,
)
from db.models import TableRow
from engine.runarch import GAME

NAME = "runarch"
TIMEOUT = 600.0
"""How long a picker waits for its player: less than the 15 minutes an interaction's token lives,
so the message it sits on can still be edited when it expires."""

log = logging.getLogger(__name__)

_BOOTS: weakref.WeakKeyDictionary[discord.Client, str] = weakref.WeakKeyDictionary()


def boot_of(client: discord.Client) -> str:
    """A random token for this bot (one per process in production, per bot under SimCord): the
    pickers it shows carry it, so a picker of an earlier bot is told apart from a live one."""
    if client not in _BOOTS:
        _BOOTS[client] = secrets.token_hex(4)
    return _BOOTS[client]


def picker_id(client: discord.Client, table_id: int, action: str) -> str:
    """A picker select's custom id; the nonce keeps two pickers of one table and action apart."""
    return f"rap:{boot_of(client)}:{table_id}:{action}:{secrets.token_hex(4)}"


def partners(state: Mapping[str, Any], seat: int, cell: str, kind: str = "swap") -> list[str]:
    """Cells the engine allows exchanging with ``cell`` now by a ``kind`` move (swap or jump)."""
    found = []
    for move in GAME.legal_moves(dict(state), seat):
        if move.kind == kind and cell in move.args:
            found.append(move.args[1] if move.args[0] == cell else move.args[0])
    return found


class MovePicker(discord.ui.View):
    """A private select of one seat's moves; only that player may use it.

    Show it with ``send`` or ``replace`` (they remember the interaction whose token can edit
    its message). When it expires, 10 minutes after it was shown, ``on_timeout`` edits that
    message to say so and removes the select, so a picker left open is never used in vain.

    Why the message is edited rather than a late use answered: discord.py finds the live view
    of a use synchronously when the use arrives, but asks the catch-all ``ExpiredPicker`` later,
    in a task of its own, and a view's dispatched callback runs even if the view times out
    meanwhile. A registry of live pickers consulted by ``ExpiredPicker`` would therefore leave
    a window in which a view about to time out and the catch-all both answer one use. Edited
    away, the expired select cannot be used at all, and ``ExpiredPicker`` keeps its exact rule
    (it answers only pickers of an earlier bot).
    """

    check_version = True

    def __init__(
        self,
        client: discord.Client,
        action: str,
        table: TableRow,
        seat: int,
        placeholder: str,
        options: list[discord.SelectOption],
        *,
        min_values: int = 1,
        max_values: int = 1,
    ) -> None:
        super().__init__(timeout=TIMEOUT)
        self.client, self.table, self.seat = client, table, seat
        self._shown_by: discord.Interaction | None = None
        self._followup: discord.WebhookMessage | None = None
        self._deadline = time.monotonic() + TIMEOUT
        self.select: discord.ui.Select[MovePicker] = discord.ui.Select(
            custom_id=picker_id(client, table.id, action),
            placeholder=placeholder[:150],
            options=options[:CHOICES_MAX],
            min_values=min_values,
            max_values=max_values,
        )
        self.select.callback = self._picked  # type: ignore[method-assign]
        self.add_item(self.select)

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
        text = Tr(lang_of(self._shown_by.locale))("picker.timed_out", **service.commands(NAME))
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
            await self.play(interaction, self.select.values)
        finally:
            self._used(interaction)

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

    async def play(self, interaction: discord.Interaction, values: Sequence[str]) -> None:
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        version = self.table.version if self.check_version else None
        await run_guarded(
            interaction,
            service.play(
                interaction, self.notation(values), game=NAME, expected_version=version, from_picker=True
            ),
        )

    def notation(self, values: Sequence[str]) -> str:
        raise NotImplementedError


class CellPicker(MovePicker):
    """Two private steps for ``swap`` or ``jump``: any stone, then a stone it may change place with."""

    def __init__(
        self,
        client: discord.Client,
        table: TableRow,
        seat: int,
        tr: Tr,
        kind: str = "swap",
        first: str | None = None,
    ) -> None:
        self.tr, self.kind, self.first = tr, kind, first
        state = table.state or {}
        if first is None:
            movable = {c for m in GAME.legal_moves(state, seat) if m.kind == kind for c in m.args}
            cells, placeholder = [c for c in CELLS if c in movable], tr("runarch.pick_first")
        else:
            cells = partners(state, seat, first, kind)
            placeholder = tr("runarch.pick_second", cell=first)
        options = [discord.SelectOption(label=clip(cell_label(tr, state, c)), value=c) for c in cells]
        super().__init__(client, kind, table, seat, placeholder, options)

    async def play(self, interaction: discord.Interaction, values: Sequence[str]) -> None:
        if self.first is None:
            picker = CellPicker(self.client, self.table, self.seat, self.tr, self.kind, first=values[0])
            await picker.replace(interaction, self.tr(f"runarch.{self.kind}_prompt_second", cell=values[0]))
            return
        await super().play(interaction, values)

    def notation(self, values: Sequence[str]) -> str:
        return f"{self.kind} {self.first} {values[0]}"


class ScorePicker(MovePicker):
    """The scorings the board allows now, best first (with the archive in the complex game)."""

    def __init__(
        self, client: discord.Client, table: TableRow, seat: int, tr: Tr, options: list[dict[str, Any]]
    ) -> None:
        choices = [
            discord.SelectOption(
                label=clip(scoring_label(tr, option, archive)),
                description=clip(pattern_words(tr, GAME.card(option["card"], table.state)["pattern"])),
                value=value,
            )
            for value, option, archive in scoring_values(options)
        ]
        super().__init__(client, "score", table, seat, tr("runarch.pick_scoring"), choices)

    def notation(self, values: Sequence[str]) -> str:
        return f"score {values[0]}"


class BetPicker(MovePicker):
    """Where to place a bet token that was just earned."""

    def __init__(self, client: discord.Client, table: TableRow, seat: int, tr: Tr) -> None:
        state = table.state or {}
        goals = GAME.view(state, None).get("goals", [])
        choices = [
            discord.SelectOption(label=clip(bet_label(tr, notation, goals)), value=notation)
            for notation in GAME.bet_options(state, seat)
        ]
        super().__init__(client, "bet", table, seat, tr("runarch.pick_bet"), choices)

    def notation(self, values: Sequence[str]) -> str:
        return values[0]


class OfferPicker(MovePicker):
    """A card from the public offer instead of the deck (only match areas are known)."""

    def __init__(self, client: discord.Client, table: TableRow, seat: int, tr: Tr) -> None:
        offer = GAME.view(table.state or {}, None).get("offer", [])
        choices = [
            discord.SelectOption(label=clip(offer_label(tr, i, match)), value=str(i))
            for i, match in enumerate(offer, start=1)
        ]
        super().__init__(client, "take", table, seat, tr("runarch.pick_offer"), choices)

    def notation(self, values: Sequence[str]) -> str:
        return f"take {values[0]}"


class SetupPicker(MovePicker):
    """The complex game's private opening choice: the public goal, then the secret goal."""

    check_version = False

    def __init__(
        self, client: discord.Client, table: TableRow, seat: int, tr: Tr, goals: Sequence[str] = ()
    ) -> None:
        self.tr, self.goals = tr, list(goals)
        cards = GAME.view(table.state or {}, seat).get("setup_hand", [])
        if not self.goals:
            placeholder, wanted = tr("runarch.pick_goals"), 1
        else:
            cards = [c for c in cards if c["id"] not in self.goals]
            placeholder, wanted = tr("runarch.pick_secret"), 1
        options = [
            discord.SelectOption(
                label=clip(pattern_words(tr, c["pattern"])),
                description=clip(card_details(tr, c)),
                value=c["id"],
            )
            for c in cards
        ]
        super().__init__(
            client, "setup", table, seat, placeholder, options, min_values=wanted, max_values=wanted
        )

    async def play(self, interaction: discord.Interaction, values: Sequence[str]) -> None:
        if not self.goals:
            picker = SetupPicker(self.client, self.table, self.seat, self.tr, goals=sorted(values))
            await picker.replace(
                interaction, self.tr("runarch.setup_prompt_secret", goals=", ".join(sorted(values)))
            )
            return
        await super().play(interaction, values)

    def notation(self, values: Sequence[str]) -> str:
        return f"setup {self.goals[0]} {values[0]}"
