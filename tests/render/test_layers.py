"""The static layers kept packed for many tables (``render.layers``) come back pixel for pixel:
a board drawn on an unpacked layer is the same PNG as one drawn on a freshly drawn layer."""

from __future__ import annotations

import random

from bot.i18n import Tr
from engine.moonriser import GAME
from render import kit
from render.layers import Packed, layer_cache
from render.moonriser import board as B
from render.moonriser.geometry import fields_key


def test_a_packed_palette_picture_unpacks_to_the_same_png() -> None:
    img = B._base.__wrapped__(fields_key(GAME.view(GAME.new(3, GAME.options({}), 5), None)["fields"]), 3)
    again = Packed.of(img).unpacked()
    assert again.mode == img.mode == "P" and again.size == img.size
    assert kit.encode_png(again) == kit.encode_png(img)


def test_boards_of_many_tables_are_the_same_with_layers_unpacked() -> None:
    """More layouts than the hot cache holds: each table's board, drawn again once its layer has
    gone cold, is the same picture as the first time."""
    views = [GAME.view(GAME.new(2, GAME.options({}), seed), None) for seed in range(5)]
    names = ["Alice", "Bob"]
    original = B._base
    small = layer_cache(hot=1, cold=16)(original.__wrapped__)
    first = [B.render_board(view, names, Tr("en")) for view in views]
    B._base = small  # type: ignore[assignment]
    try:
        for _ in range(2):
            random.Random(1).shuffle(views)
            drawn = {fields_key(v["fields"]): B.render_board(v, names, Tr("en")) for v in views}
            assert sorted(drawn.values()) == sorted(first)
    finally:
        B._base = original
