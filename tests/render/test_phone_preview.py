"""Every board and hand picture reads on a phone, and no sentence in it is cut off.

The criterion: Discord shows a picture at the chat's width, about 400 px on a phone. Scaled to
400 px wide, the smallest text of a picture must be at least ``MIN_TEXT_PX`` (10 px) tall in
font size. The board post's first picture and the hand are shown inline: at most 1.5 times as
tall as wide, so at 400 px wide they fit a phone's preview (about 600 px tall) whole; the
complex game's details picture opens full screen on a tap (about 400×800): at most twice as
tall as wide. No sentence is shortened with "…": only a name may be, where a column is narrow
(the score track, a player's board) or the name very long.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from PIL import Image

from bot.i18n import Tr
from engine.runarch import GAME
from render import kit
from render.runarch import hand as H
from render.runarch import pictures as R
from tests.render import runarch_views as V

PREVIEW_W = 400
MIN_TEXT_PX = 10
NAMES = ["Alžběta Nováková", "Bartholomew"]

VIEWS: dict[str, Callable[[], dict[str, Any]]] = {
    "simple": lambda: GAME.view(GAME.new(2, {}, seed=7), None),
    "complex_setup_both": lambda: V.with_changes(V.complex_setup(), setup_done=[False, False], to_act=[0, 1]),
    "complex_mid": V.complex_mid,
    "complex_pending_draw": lambda: V.with_changes(V.complex_mid(), pending=[{"kind": "draw"}]),
    "complex_final": V.complex_final,
    "solo_simple": V.solo_simple,
    "solo_complex": V.solo_complex,
}


@contextmanager
def drawn_texts() -> Iterator[list[tuple[str, int]]]:
    """Every ``(text, size)`` drawn meanwhile."""
    seen: list[tuple[str, int]] = []
    original = kit.draw_text

    def spy(img: Image.Image, xy: tuple[float, float], text: str, **kwargs: Any) -> None:
        seen.append((text, kwargs["size"]))
        original(img, xy, text, **kwargs)

    kit.draw_text = spy  # type: ignore[assignment]
    try:
        yield seen
    finally:
        kit.draw_text = original  # type: ignore[assignment]


def cut_sentences(seen: list[tuple[str, int]], names: list[str]) -> list[str]:
    """Texts shortened with "…" that are not a shortened name."""
    return [t for t, _ in seen if "…" in t and not any(n.startswith(t.rstrip("…")) for n in names)]


def size_of(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("make", VIEWS.values(), ids=VIEWS.keys())
def test_board_pictures_read_at_400_px_and_say_everything(
    make: Callable[[], dict[str, Any]], lang: str
) -> None:
    view, tr = make(), Tr(lang)
    with drawn_texts() as seen:
        board = R.render_board(view, NAMES, tr)
        details = R.render_details(view, NAMES, tr)
    width, height = size_of(board)
    assert height <= 1.5 * width
    if details is not None:
        d_width, d_height = size_of(details)
        assert d_width == width and d_height <= 2 * d_width
    smallest = min(size for _, size in seen)
    assert smallest * PREVIEW_W / width >= MIN_TEXT_PX
    assert not cut_sentences(seen, NAMES)


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_hand_reads_at_400_px(lang: str) -> None:
    cards = [GAME.card(f"C{i + 1:02d}") for i in range(5)]
    with drawn_texts() as seen:
        png = H.render_hand(cards, Tr(lang), with_goals=True)
    width, height = size_of(png)
    assert height <= 1.5 * width
    assert min(size for _, size in seen) * PREVIEW_W / width >= MIN_TEXT_PX
    assert not cut_sentences(seen, [])


def test_a_long_name_is_shortened_but_not_the_sentence_around_it() -> None:
    view = V.with_changes(V.complex_mid(), pending=[{"kind": "draw"}])
    names = ["Příliš dlouhé jméno hráče, který se nikam nevejde", "Bob"]
    for lang, words in (("en", "draws or takes from the offer"), ("cs", "líže, nebo bere z nabídky")):
        with drawn_texts() as seen:
            R.render_board(view, names, Tr(lang))
        status = [text for text, _ in seen if text.endswith(words)]
        assert status and "…" in status[0]
