"""Issue 27: the hand picture reads on a phone. Discord shows a picture about 400 px wide on a
phone; the hand, like the supply and a single tile, is one column of tile cards 480 px wide
whose smallest text is drawn large enough that, scaled to 400 px, a capital letter is at least
11 px tall. Checked on what is drawn (the column, the fonts), not on pixels."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont

from bot.i18n import Tr
from engine.moonriser import content
from render.moonriser import cards as C
from render.moonriser import hand as H
from render.moonriser import supply as S

PHONE_W = 400
CAP_MIN_PX = 11
HAND = ["A01", "A05", "A22", "B01", "B13", "A10", "A11", "B07"]
"""A full hand of 5 and 3 drawn tiles, the longest bonus sentences among them."""


@contextmanager
def drawn_texts() -> Iterator[list[tuple[str, ImageFont.FreeTypeFont]]]:
    """Every ``(text, font)`` drawn meanwhile, on cards drawn afresh (none from the cache)."""
    seen: list[tuple[str, ImageFont.FreeTypeFont]] = []
    real = ImageDraw.ImageDraw.text

    def spy(self: Any, xy: Any, text: str, *args: Any, **kwargs: Any) -> None:
        seen.append((text, kwargs["font"]))
        real(self, xy, text, *args, **kwargs)

    C._cards.clear()
    ImageDraw.ImageDraw.text = spy  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        ImageDraw.ImageDraw.text = real  # type: ignore[method-assign]


def cap_px(font: ImageFont.FreeTypeFont) -> float:
    """A capital letter's height in ``font`` (measured 8 times larger: no whole-pixel rounding)."""
    top, bottom = font.font_variant(size=font.size * 8).getbbox("H")[1::2]
    return (bottom - top) / 8


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_hand_is_one_phone_column_whose_smallest_letters_stay_11_px_at_400_px(lang: str) -> None:
    tr = Tr(lang)
    with drawn_texts() as seen:
        png = H.render_hand(HAND, tr)
    img = Image.open(io.BytesIO(png))
    assert img.width == C.WIDTH <= 480
    # one column: the cards one under another, each as wide as the picture allows
    cards = [C.card_image(None, t, tr, None) for t in HAND]
    assert all(card.width == C.WIDTH - 2 * C.MARGIN for card in cards)
    assert img.height == 2 * C.MARGIN + sum(card.height for card in cards) + C.GAP * (len(cards) - 1)
    texts = [(text, font) for text, font in seen if text.strip()]
    assert {content.tiles()[t].id for t in HAND} <= {text for text, _ in texts}
    smallest = min(cap_px(font) for _, font in texts)
    assert smallest * PHONE_W / img.width >= CAP_MIN_PX, smallest
    assert not [text for text, _ in texts if "…" in text]  # no sentence cut short


def test_the_supply_and_a_tile_use_the_same_cards_and_width() -> None:
    view = {"supply": ["B01", "A05"], "content": {"tiles": None}}
    tr = Tr("en")
    with drawn_texts() as seen:
        supply = Image.open(io.BytesIO(S.render_supply(view, tr)))
        tile = Image.open(io.BytesIO(S.render_tile(None, "A22", tr, "A22")))
    assert supply.width == tile.width == C.WIDTH
    smallest = min(cap_px(font) for text, font in seen if text.strip())
    assert smallest * PHONE_W / C.WIDTH >= CAP_MIN_PX


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("count", [1, 2, 4, 6])
def test_the_supply_title_is_whole_in_both_languages(lang: str, count: int) -> None:
    """The supply's title says which tile leaves at the round's end: cut off with "…" it did not
    (English, 5 tiles: "Supply: 5 tiles · no. 1 leaves at the round's e…")."""
    tr = Tr(lang)
    view = {"supply": ["B01", "B02", "B03", "B04", "B05", "B06"][:count], "content": {"tiles": None}}
    C._title.cache_clear()
    with drawn_texts() as seen:
        S.render_supply(view, tr)
    title = str(tr("render.moonriser.supply_title", count=count))
    assert title in [text for text, _ in seen], [text for text, _ in seen][:1]
