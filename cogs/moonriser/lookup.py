"""Every tile can be read: the supply picture (the board's **Supply** button) and
``/moonriser tile`` for any tile on the board, in the supply or in your own hand.

Every answer is private, like the Supply button's, so the turn's board post stays the thread's
only post (one post per turn). Nothing here reveals another player's hand: a tile id that is
nowhere the asker may look gets the same answer wherever it really is.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot import outgoing
from bot.errors import UserError, send_ephemeral
from bot.i18n import Tr, lang_of
from bot.pictures import render
from bot.tables import TableService
from cogs.moonriser.alt_text import LIMIT as ALT_LIMIT
from cogs.moonriser.labels import CHOICES_MAX, clip, names_of, tile_label, tile_name
from engine.moonriser.content import tiles_of
from engine.moonriser.game import GAME

NAME = "moonriser"
SOURCES = ("field", "supply", "hand")


def folded(text: str) -> str:
    """``text`` compared as a player types it: any case, Czech letters without their háčky and
    čárky ("rafinerie kovu" is Rafinérie kovů)."""
    letters = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(c for c in letters if not unicodedata.combining(c))


@dataclass(frozen=True)
class Found:
    """Where a looked-up tile is: ``field`` (its label), ``supply`` (its number, from 1) or ``hand``."""

    tile: str
    source: str
    where: str


def visible(state: Mapping[str, Any], seat: int | None) -> list[Found]:
    """Every tile the asker may look at: the hand first (if seated), the supply, the board."""
    view = GAME.view(dict(state), seat)
    out = [Found(t, "hand", "") for t in dict.fromkeys(view.get("hand") or ())] if seat is not None else []
    out += [Found(t, "supply", str(i)) for i, t in enumerate(view.get("supply") or (), 1)]
    out += [Found(e["tile"], "field", f) for f, e in sorted(view.get("tiles", {}).items())]
    return out


def find(state: Mapping[str, Any], seat: int | None, typed: str) -> Found:
    """The tile ``typed`` names: a choice of the autocomplete (``field:C4``, ``supply:2``,
    ``hand:B03``), a field, a tile id or a tile's name; a refusal saying why not."""
    text = typed.strip()
    kind, _, rest = text.partition(":")
    seen = visible(state, seat)
    if kind in SOURCES and rest:
        key = rest.strip().upper()
        for found in seen:
            if found.source == kind and key in (found.where.upper(), found.tile.upper()):
                return found
    upper = text.upper()
    if upper in GAME.view(dict(state), None)["fields"]:
        on = next((f for f in seen if f.source == "field" and f.where == upper), None)
        if on is None:
            raise UserError("moonriser.lookup.no_tile_on", field=upper)
        return on
    tileset = tiles_of(state).tiles
    key = folded(text)
    for found in seen:
        tile = tileset.get(found.tile)
        names = {folded(found.tile)} | {folded(n) for n in (tile.name.values() if tile else ())}
        if key in names:
            return found
    raise UserError("moonriser.lookup.not_here", tile=text)


def words(tr: Tr, state: Mapping[str, Any], found: Found, names: list[str]) -> str:
    """The answer's sentence."""
    name = tile_name(tr, state, found.tile)
    if found.source == "hand":
        return tr("moonriser.lookup.in_hand", tile=name, id=found.tile)
    if found.source == "supply":
        return tr(
            "moonriser.lookup.in_supply",
            tile=name,
            id=found.tile,
            number=found.where,
            count=len(state["supply"]),
        )
    entry = state["tiles"][found.where]
    owner = entry.get("owner")
    key = "moonriser.lookup.on_board_upgraded" if entry.get("upgraded") else "moonriser.lookup.on_board"
    return tr(
        key,
        tile=name,
        id=found.tile,
        field=found.where,
        name=names[owner] if isinstance(owner, int) and owner < len(names) else "—",
        rotation=int(entry.get("rot", 0)),
    )


async def show_tile(interaction: discord.Interaction, typed: str) -> None:
    from render.moonriser.supply import render_tile

    service: TableService = interaction.client.tables  # type: ignore[attr-defined]
    table = await service.running_table_here(interaction, NAME)
    assert table.state is not None
    tr = Tr(lang_of(interaction.locale))
    seat = table.seat_of(interaction.user.id)
    found = find(table.state, seat, typed)
    names = service.names(table, tr)
    text = words(tr, table.state, found, names)
    where = (
        f"{found.where} · {names[table.state['tiles'][found.where]['owner']]}"
        if found.source == "field"
        else tr(f"moonriser.lookup.title_{found.source}", number=found.where)
    )
    field = found.where if found.source == "field" else None
    png = await render(render_tile, GAME.view(table.state, None), found.tile, tr, where, field=field)
    alt = outgoing.clip(text, ALT_LIMIT)
    await send_ephemeral(
        interaction, text, file=discord.File(io.BytesIO(png), filename="tile.png", description=alt)
    )


async def show_supply(interaction: discord.Interaction) -> None:
    """The supply's cards, privately to whoever asked (the board stays the thread's only post)."""
    from render.moonriser.supply import render_supply

    service: TableService = interaction.client.tables  # type: ignore[attr-defined]
    table = await service.running_table_here(interaction, NAME)
    assert table.state is not None
    tr = Tr(lang_of(interaction.locale))
    view = GAME.view(table.state, None)
    png = await render(render_supply, view, tr)
    text = tr("moonriser.lookup.supply", count=len(view["supply"]))
    supply = names_of(tr, view, view["supply"]) or "—"
    alt = outgoing.clip(tr("moonriser.alt.supply", tiles=supply), ALT_LIMIT)
    await send_ephemeral(
        interaction, text, file=discord.File(io.BytesIO(png), filename="supply.png", description=alt)
    )


def tile_choices(
    tr: Tr, state: Mapping[str, Any], seat: int | None, names: list[str], current: str
) -> list[app_commands.Choice[str]]:
    """The tiles the asker may look at, by name, id and field, filtered by what is typed."""
    wanted = folded(current)
    out = []
    for found in visible(state, seat):
        label = tile_label(tr, state, found.tile)
        if found.source == "field":
            owner = state["tiles"][found.where].get("owner")
            who = names[owner] if isinstance(owner, int) and owner < len(names) else ""
            text = tr("moonriser.lookup.choice_field", field=found.where, tile=label, name=who)
        else:
            text = tr(f"moonriser.lookup.choice_{found.source}", tile=label, number=found.where)
        if wanted in folded(text):
            value = f"{found.source}:{found.where or found.tile}"
            out.append(app_commands.Choice(name=clip(text), value=value))
    return out[:CHOICES_MAX]
