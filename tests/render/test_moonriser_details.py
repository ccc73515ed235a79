"""Moonriser's details picture (scores, production, legend) is drawn on every move, so its
legend is cached and its labels reuse their glyph masks (issue 27/28). These tests hold the
cached picture to the one drawn in one piece, the way it was drawn before the caches."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from PIL import Image, ImageDraw

from bot.i18n import Tr
from engine.core import Rng
from engine.moonriser.game import GAME
from engine.moonriser.randomplay import random_move
from render import kit
from render.moonriser import details as D
from render.moonriser.style import PAL

NAMES = ["Alice", "Bořivoj s velmi dlouhým jménem, které se nevejde", "Čeněk 🎲", ""]


def game_views(players: int, seed: int) -> list[dict[str, Any]]:
    """Public views along a random legal game: empty, middle game (scores, production, bases
    upgraded) and the end."""
    state = GAME.new(players, {}, seed)
    rng = Rng(seed)
    views = [GAME.view(state, None)]
    moves = 0
    while state["phase"] != "over":
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, random_move(state, seat, rng))
        moves += 1
        if moves % 300 == 0:
            views.append(GAME.view(state, None))
    return [*views, GAME.view(state, None)]


def drawn_in_one_piece(
    view: dict[str, Any], names: Sequence[str], tr: Any, monkeypatch: pytest.MonkeyPatch
) -> Image.Image:
    """The picture as it was drawn before the caches: every label by ``ImageDraw.text`` and
    the panels and the legend on one RGB canvas, mapped to the palette once."""

    def plain_text(
        draw: ImageDraw.ImageDraw, xy: Any, value: str, size: int, weight: str, fill: Any, anchor: str
    ) -> None:
        draw.text(xy, value, font=kit.font(size, weight), fill=fill, anchor=anchor)

    with monkeypatch.context() as patch:
        patch.setattr(D, "_text", plain_text)
        players = int(view.get("players") or len(view.get("seats") or ()) or 2)
        legend_top, height = D._size(players)
        img = Image.new("RGB", (D.WIDTH, height), PAL.rgb("background"))
        draw = ImageDraw.Draw(img)
        for seat in range(players):
            D._player(draw, view, names, tr, seat, D.MARGIN + seat * D.PLAYER_H)
        draw.rounded_rectangle(
            (D.MARGIN, legend_top, D.WIDTH - D.MARGIN, height - D.MARGIN), 14, fill=D.SURFACE
        )
        D._legend(draw, D._legend_words(tr), legend_top + 22)
        return PAL.quantize(img)


def same_pixels(a: Image.Image, b: Image.Image) -> bool:
    return (
        a.size == b.size
        and a.mode == b.mode == "P"
        and a.tobytes() == b.tobytes()
        and (a.getpalette() == b.getpalette())
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_cached_details_picture_is_pixel_for_pixel_the_one_drawn_in_one_piece(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    for lang in ("en", "cs"):
        tr = Tr(lang)
        for view in game_views(players, seed=40 + players):
            for names in (NAMES[:players], ["ann"] * players):
                first = D.details_image(view, names, tr)  # the legend and the labels cached by now
                again = D.details_image(view, names, tr)
                expected = drawn_in_one_piece(view, names, tr, monkeypatch)
                assert same_pixels(first, expected), (lang, names)
                assert same_pixels(again, expected), (lang, names)


def test_another_wording_gets_its_own_legend_and_leaves_the_cached_one_alone() -> None:
    view = game_views(2, seed=7)[-1]
    english = Tr("en")

    def reworded(key: str, /, **params: Any) -> str:
        said = english(key, **params)
        return said.upper() if key == "render.moonriser.legend_fields" else said

    plain = D.details_image(view, NAMES[:2], english)
    changed = D.details_image(view, NAMES[:2], reworded)
    legend_top, _ = D._size(2)
    assert (
        plain.crop((0, 0, D.WIDTH, legend_top)).tobytes()
        == changed.crop((0, 0, D.WIDTH, legend_top)).tobytes()
    )
    assert plain.tobytes() != changed.tobytes()
    assert same_pixels(D.details_image(view, NAMES[:2], english), plain)
