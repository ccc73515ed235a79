"""Issue 27, section 1: "At 400 px wide the owner, value and whether a relationship formed are
readable". A phone shows the 720 px board picture about 400 px wide; on every board size
(2, 3 and 4 players, the most crowded random layout of many: the widest board has the smallest
hexes) each tile's value digit, measured on its glyph box in the font the tile sprite draws it
with, stays at least 8 px tall once scaled to 400 px, inside its owner-coloured token; an
upgraded tile's second token shows beside the first. Checked on what is drawn, not on pixels."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont

from bot.i18n import Tr
from engine.moonriser import content
from render.moonriser import board as M
from render.moonriser import tiles as T
from render.moonriser.geometry import fields_key
from tests.render.moonriser_views import make_view

PHONE_W = 400
DIGIT_MIN_PX = 8.0
SEEDS = range(120)
"""Enough random layouts to meet the widest boards (4 players: hexes of r = 29 px)."""


def crowded_view(players: int) -> dict[str, Any]:
    """The view whose board has the smallest hexes among the layouts of ``SEEDS``."""
    best = min(
        SEEDS, key=lambda seed: M._layout(fields_key(make_view(players, seed)["fields"]), players)["geo"].r
    )
    return make_view(players, best, placed=30)


def glyph_px(font: ImageFont.FreeTypeFont, digits: str) -> float:
    """The drawn height of ``digits`` in ``font`` (measured 8 times larger: no whole-pixel rounding)."""
    top, bottom = font.font_variant(size=font.size * 8).getbbox(digits)[1::2]
    return (bottom - top) / 8


@contextmanager
def values_drawn() -> Iterator[list[tuple[str, ImageFont.FreeTypeFont]]]:
    """Every ``(text, font)`` the tile sprites draw meanwhile, on sprites drawn afresh."""
    seen: list[tuple[str, ImageFont.FreeTypeFont]] = []
    real, sprite = ImageDraw.ImageDraw.text, T.tile_rgba
    inside: list[bool] = []

    def spy(self: Any, xy: Any, text: str, *args: Any, **kwargs: Any) -> None:
        if inside:  # a tile sprite's text, not the player rows' counts
            seen.append((text, kwargs["font"]))
        real(self, xy, text, *args, **kwargs)

    def drawing_a_tile(*args: Any) -> Image.Image:
        inside.append(True)
        try:
            return sprite(*args)
        finally:
            inside.pop()

    T.tile_rgba.cache_clear()
    T.board_tile.cache_clear()
    ImageDraw.ImageDraw.text = spy  # type: ignore[method-assign]
    T.tile_rgba = drawing_a_tile  # type: ignore[assignment]
    try:
        yield seen
    finally:
        ImageDraw.ImageDraw.text = real  # type: ignore[method-assign]
        T.tile_rgba = sprite  # type: ignore[assignment]
        T.tile_rgba.cache_clear()
        T.board_tile.cache_clear()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_tile_value_is_8_px_tall_on_a_phone_on_every_board_size(players: int) -> None:
    view = crowded_view(players)
    r = M._layout(fields_key(view["fields"]), players)["geo"].r
    tileset = content.tiles()
    values = {str(tileset[e["tile"]].value) for e in view["tiles"].values() if not tileset[e["tile"]].is_base}
    with values_drawn() as seen:
        png = M.render_board(view, ["a", "b", "c", "d"], Tr("en"))
    width = Image.open(io.BytesIO(png)).width
    drawn = [(text, font) for text, font in seen if text in values]
    assert {text for text, _ in drawn} == values  # every value on the board is drawn as text
    for text, font in drawn:
        height = glyph_px(font, text)
        assert height * PHONE_W / width >= DIGIT_MIN_PX, (players, r, text, height)
        assert height < 2 * T.badge_radius(r) * 0.8  # inside its token, with room to spare


@pytest.mark.parametrize("players", [2, 3, 4])
def test_an_upgraded_tile_shows_its_second_token_on_a_phone(players: int) -> None:
    """The second token peeks out from under the first by at least 3 px at 400 px wide."""
    view = crowded_view(players)
    lay = M._layout(fields_key(view["fields"]), players)
    shown = T.SECOND_TOKEN_SHIFT[0] * T.badge_radius(lay["geo"].r)
    assert shown * PHONE_W / lay["size"][0] >= 3.0
