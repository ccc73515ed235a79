"""The board picture in words: Discord's image description, read by screen readers and shown
when a picture fails to load. MarsBot's state is all public; the deck orders are never in the view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot import outgoing
from bot.i18n import Tr
from cogs.marsbot.labels import space_name, tile_name, track_name
from render.marsbot.claims import claim_rows

LIMIT = 1000
"""Discord takes 1024 characters of an attachment's description."""


def board_words(view: Mapping[str, Any], tr: Tr) -> str:
    params = view.get("params", {})
    parts = [
        tr(
            "marsbot.alt.status",
            generation=view.get("generation", 1),
            tr_value=view.get("tr", 0),
            money=view.get("money", 0),
            temperature=params.get("temperature", -30),
            oxygen=params.get("oxygen", 0),
            oceans=params.get("oceans", 0),
        )
    ]
    tracks = view.get("tracks", {})
    if isinstance(tracks, Mapping):
        positions = ", ".join(f"{track_name(tr, str(k))} {_position(v)}" for k, v in tracks.items())
        parts.append(tr("marsbot.alt.tracks", tracks=positions))
    tiles = view.get("map", {})
    if isinstance(tiles, Mapping) and tiles:
        listed = ", ".join(
            tr(
                "marsbot.alt.tile",
                space=space_name(tr, str(space)),
                tile=tile_name(tr, str(t.get("tile"))),
                owner=tr(f"marsbot.side.{t.get('owner')}"),
            )
            for space, t in tiles.items()
            if isinstance(t, Mapping)
        )
        parts.append(tr("marsbot.alt.tiles", tiles=listed))
    last = (view.get("last") or {}).get("spaces") or []
    if last:
        parts.append(tr("marsbot.alt.last", spaces=", ".join(space_name(tr, str(s)) for s in last)))
    return outgoing.clip(" ".join(parts), LIMIT)


def _position(value: Any) -> Any:
    return value.get("pos", value.get("position", "?")) if isinstance(value, Mapping) else value


def claims_words(view: Mapping[str, Any], tr: Tr) -> str:
    """The claims picture in words: each section's title and its rows."""
    parts = [
        tr(
            "marsbot.alt.claims",
            title=title,
            rows=", ".join(tr("marsbot.alt.claim", name=name, right=right) for _, name, right in rows),
        )
        for title, rows in claim_rows(view, tr)
    ]
    return outgoing.clip(" ".join(parts), LIMIT)


def alt_texts(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> list[str]:
    """The board's description, then the claims picture's when there is one."""
    claims = claims_words(view, tr)
    return [board_words(view, tr), claims] if claims else [board_words(view, tr)]


def legend_words(tr: Tr) -> str:
    """The legend picture in words: its title, then each section's symbols as the picture names them."""
    from render.marsbot.legend import MAP_ENTRIES, TRACK_ENTRIES

    sections = [
        f"{tr(f'render.marsbot.legend_{name}')}: "
        + "; ".join(tr(f"render.marsbot.legend_{key}") for _, key in entries)
        for name, entries in (("tracks", TRACK_ENTRIES), ("map", MAP_ENTRIES))
    ]
    return outgoing.clip(f"{tr('render.marsbot.legend_title')}. " + ". ".join(sections) + ".", LIMIT)
