"""The placement preview: a tile drawn in place with its price and VP, opened on the best
placement of the chosen tile and turned or moved in place.

The Place picker asks only for the tile; the preview then shows its best placement (as the
normal bot values it, ``engine.moonriser.suggest``) with ↺/↻ (the next legal rotation on that
field, anticlockwise or clockwise), ◀/▶ (the previous or next field, best first, in its best
rotation) and a select of the best fields. Taking the suggestion is Place → tile → Confirm.
**Confirm and produce** builds it and ends Phase II (``place …`` then ``done``, both or neither):
most turns build one tile, so the next tap is Done anyway. **Confirm, produce and end turn** adds
``end`` for a turn without trades, offered when the turn may then end without a word (within the
hand limit, nothing left to convert at the game's end, ``ends_quietly``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.confirm import Alternative, Preview, Shortcut
from bot.i18n import Tr
from cogs.moonriser.finish import leftovers
from cogs.moonriser.labels import clip, tile_name, tokens_words
from cogs.moonriser.quotes import placement
from engine.core import IllegalMove, State
from engine.moonriser.game import GAME
from engine.moonriser.placement import Placement
from engine.moonriser.suggest import best_on, fields_best_first, ranked
from engine.moonriser.trading import end_allowed

FIELDS_SHOWN = 25
"""Fields in the preview's select (Discord shows 25 options)."""


def suggest(state: State, seat: int, chosen: Sequence[str]) -> str | None:
    """After the tile (``B01@hand``), its best placement; after its field, the best rotation there."""
    if len(chosen) not in (1, 3):
        return None
    tile, source = chosen[0].split("@")
    ranking = ranked(state, seat, tile, source)
    best = ranking[0] if ranking and len(chosen) == 1 else best_on(ranking, chosen[-1])
    return None if best is None else best.notation


def _turned(ranking: list[Placement], now: Placement, step: int) -> Placement | None:
    """The next legal rotation of the tile on its field, ``step`` = +1 clockwise, -1 anticlockwise."""
    legal = {p.rotation: p for p in ranking if p.field == now.field}
    for k in range(1, 6):
        found = legal.get((now.rotation + step * k) % 6)
        if found is not None:
            return found
    return None


def alternatives(
    tr: Tr, ranking: list[Placement], now: Placement
) -> tuple[list[Alternative], list[Alternative]]:
    """The preview's buttons (↺ ↻ ◀ ▶, those that lead elsewhere) and its select of fields."""
    steps: list[Alternative] = []
    for label, step in (("↺", -1), ("↻", 1)):
        turned = _turned(ranking, now, step)
        if turned is not None and turned.rotation != now.rotation:
            steps.append(Alternative(label, turned.notation))
    fields = fields_best_first(ranking)
    if len(fields) > 1 and now.field in fields:
        at = fields.index(now.field)
        for label, step in (("◀", -1), ("▶", 1)):
            best = best_on(ranking, fields[(at + step) % len(fields)])
            assert best is not None
            steps.append(Alternative(label, best.notation))
    choices = []
    for field in fields[:FIELDS_SHOWN]:
        best = now if field == now.field else best_on(ranking, field)
        assert best is not None
        label = tr("moonriser.preview_field", field=field, cost=tokens_words(tr, best.cost), vp=best.vp)
        choices.append(Alternative(clip(label), best.notation))
    return steps, choices


def place_preview(tr: Tr, state: State, seat: int, notation: str) -> Preview:
    """The placement drawn in place on the board, with its price and the VP it earns now, and
    the other rotations and fields to step to."""
    from render.moonriser.hand import render_preview

    found = placement(state, seat, notation)
    text = tr(
        "moonriser.preview",
        tile=tile_name(tr, state, found.tile),
        field=found.field,
        rotation=found.rotation,
        cost=tokens_words(tr, found.cost),
        vp=found.vp,
        gained=tr(f"moonriser.symbol.{found.symbol}") if found.symbol else tr("moonriser.nothing"),
    )
    described = text  # the picture shows the tile where it would go, what it costs and scores
    ranking = ranked(state, seat, found.tile, found.source)
    steps, choices = alternatives(tr, ranking, found)
    if ranking and ranking[0].notation == found.notation:
        text += "\n" + tr("moonriser.preview_best")
    if steps:
        text += "\n" + tr("moonriser.preview_steps")
    view = GAME.view(dict(state), None)
    marks = formed(state, seat, notation, found.field)
    drawing = (view, found.tile, found.field, found.rotation, dict(found.cost), found.vp, tr, marks)
    return Preview(
        text,
        alt=described,
        picture=(render_preview, drawing),
        steps=tuple(steps),
        choices=tuple(choices) if len(choices) > 1 else (),
        choices_placeholder=tr("moonriser.preview_fields"),
        shortcuts=tuple(shortcuts(tr, state, seat, notation)),
    )


def formed(state: State, seat: int, notation: str, field: str) -> dict[str, list[Any]] | None:
    """The Bonus relationships and Productive neighbourhoods the placement forms (the public
    view's ``links`` and ``hoods`` that include ``field`` once it is built), for the preview's
    marks; ``None`` when the move is no longer legal (Confirm will say why)."""
    try:  # the engine copies what a move changes: ``state`` stays as it is
        after, _ = GAME.apply(dict(state), seat, notation)
    except IllegalMove:
        return None
    view = GAME.view(after, None)
    return {
        "links": [link for link in view.get("links") or () if field in link[:2]],
        "hoods": [hood for hood in view.get("hoods") or () if field in hood.get("fields", ())],
    }


def shortcuts(tr: Tr, state: State, seat: int, notation: str) -> list[Shortcut]:
    """**Confirm and produce**, and **Confirm, produce and end turn** when ``ends_quietly``."""
    produce = [Shortcut(tr("moonriser.preview_produce"), ("done",))]
    if ends_quietly(state, seat, notation):
        produce.append(Shortcut(tr("moonriser.preview_produce_end"), ("done", "end")))
    return produce


def ends_quietly(state: State, seat: int, notation: str) -> bool:
    """Whether the turn may end right after this placement and its production with nothing to
    ask first: End is legal (within the hand limit) and warns of nothing left to convert."""
    try:  # the engine copies what a move changes: ``state`` stays as it is
        after, _ = GAME.apply(dict(state), seat, notation)
        after, _ = GAME.apply(after, seat, "done")
    except IllegalMove:  # not this seat's Phase II any more: Confirm will say why
        return False
    if after["phase"] != "trade" or GAME.to_act(after)[:1] != [seat] or not end_allowed(after, seat):
        return False
    return leftovers(after, seat) is None
