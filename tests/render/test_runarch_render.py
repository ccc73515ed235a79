"""The RunArch pictures show what a player needs to see: stones, pads, the last move, who plays."""

from __future__ import annotations

import io
import math
from typing import Any

import pytest
from PIL import Image

from bot.i18n import Tr, catalog, placeholders, sentences
from engine.runarch import GAME
from engine.runarch.components import CELLS, SIMPLE_LINES
from render import kit
from render.runarch import board as R
from render.runarch import hand as H
from render.runarch import pictures
from render.runarch.stones import STONE_COLOURS

State = dict[str, Any]
NAMES = ["Alice", "Bob"]
MAX_BYTES = 300_000


# ----------------------------------------------------------------------------- helpers


def greedy_turn(state: State, *, finish: bool = True) -> State:
    """The swap that allows the best score, every score on offer, then (optionally) ``end``."""
    seat = GAME.to_act(state)[0]
    best: tuple[int, State] | None = None
    for move in GAME.legal_moves(state, seat):
        if move.kind != "swap":
            continue
        after, _ = GAME.apply(state, seat, move)
        options = GAME.scoring_options(after, seat)
        value = options[0]["points"] if options else 0
        if best is None or value > best[0]:
            best = (value, after)
    assert best is not None
    state = best[1]
    while options := GAME.scoring_options(state, seat):
        state, _ = GAME.apply(state, seat, f"score {options[0]['card']} {options[0]['line']}")
    if finish:
        state, _ = GAME.apply(state, seat, "end")
    return state


def start_state() -> State:
    return GAME.new(2, {}, seed=7)


def scored_state() -> State:
    """Mid-game, in the middle of a turn whose swap and at least one score are on the board."""
    state = start_state()
    for _ in range(5):
        state = greedy_turn(state)
    state = greedy_turn(state, finish=False)
    assert state["last"]["scores"], "the test needs a turn that scored"
    return state


def finished_state() -> State:
    state = GAME.new(2, {"target": 30}, seed=7)
    for _ in range(200):
        if state["over"]:
            break
        state = greedy_turn(state)
    assert state["over"]
    return state


def board(state: State, lang: str = "en", names: list[str] = NAMES) -> Image.Image:
    png = pictures.render_board(GAME.view(state, None), names, Tr(lang))
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def distance(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    return math.dist(a[:3], b[:3])


def count(img: Image.Image, box: tuple[int, int, int, int], colour: kit.RGB) -> int:
    colours = img.crop(box).getcolors(maxcolors=1 << 16) or []
    return sum(n for n, rgb in colours if tuple(rgb) == colour)


HIGHLIGHT = kit.PALETTE["highlight"]
ACCENT = kit.PALETTE["accent"]


# ------------------------------------------------------------------------------ board


@pytest.mark.parametrize("make", [start_state, finished_state], ids=["start", "finished"])
@pytest.mark.parametrize("lang", ["en", "cs"])
def test_board_is_a_valid_png_of_phone_friendly_size(make: Any, lang: str) -> None:
    png = pictures.render_board(GAME.view(make(), None), NAMES, Tr(lang))
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(png) < MAX_BYTES
    img = Image.open(io.BytesIO(png))
    img.verify()
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG"
    assert img.size == R.SIZE_PX
    assert 640 <= img.width <= 800
    assert img.height > img.width  # the board fits under the header without scrolling sideways


def test_every_stone_shows_its_colour_on_its_pad_tint() -> None:
    state = start_state()
    img = board(state)
    for index, cell in enumerate(CELLS):
        stone, pad = state["stones"][index], state["pads"][index]
        x, y = R.cell_centre(cell)
        centre = img.getpixel((x, y))
        assert distance(centre, STONE_COLOURS[stone[1]]) < 12, (cell, stone, centre)
        # a corner of the tile, beyond every pad shape, is the pad's tint
        left, top, _, _ = R.cell_box(cell)
        corner = img.getpixel((left + 14, top + 14))
        assert distance(corner, R.TINTS[pad[1]]) < 12, (cell, pad, corner)
        assert distance(centre, corner) > 40, (cell, stone, pad)


def test_the_same_colour_of_stone_and_pad_still_stand_apart() -> None:
    for colour in "RBGYV":
        assert distance(STONE_COLOURS[colour], R.TINTS[colour]) > 60, colour


def test_tiles_are_laid_out_on_a_grid_inside_the_picture() -> None:
    centres = [R.cell_centre(cell) for cell in CELLS]
    assert len(set(centres)) == 25
    assert R.cell_centre("A1")[0] < R.cell_centre("B1")[0]  # letters run left to right
    assert R.cell_centre("A1")[1] < R.cell_centre("A2")[1]  # digits run top to bottom
    for cell in CELLS:
        left, top, right, bottom = R.cell_box(cell)
        assert 0 < left < right < R.WIDTH and 0 < top < bottom < R.HEIGHT


def test_last_swap_is_ringed_and_nothing_is_ringed_before_a_move() -> None:
    start = start_state()
    before = board(start)
    assert all(count(before, R.cell_box(cell), HIGHLIGHT) == 0 for cell in CELLS)
    swapped, _ = GAME.apply(start, 0, "swap A1 B2")
    after = board(swapped)
    for cell in CELLS:
        ring = count(after, R.cell_box(cell), HIGHLIGHT)
        if cell in ("A1", "B2"):
            assert ring > 4 * R.TILE * 3, cell  # a ring a few px wide all around
        else:
            assert ring == 0, cell


def test_a_scored_line_is_framed_and_others_are_not() -> None:
    state = scored_state()
    lines = {s["line"] for s in state["last"]["scores"]}
    img = board(state)
    for line in SIMPLE_LINES:
        framed = count(img, R.line_box(line), ACCENT)
        if line in lines:
            assert framed > 2 * R.SIZE * R.CELL * 2, line  # a frame a few px wide all around
        elif all(line[:3] == other[:3] for other in lines):  # crossing frames would overlap
            assert framed == 0, line
    assert count(board(start_state()), (0, R.BOARD_Y - 40, R.WIDTH, R.BOARD_BOTTOM + 40), ACCENT) == 0


def test_the_active_player_panel_is_highlighted() -> None:
    state = start_state()
    panel_w = R.PANEL_W
    boxes = [
        (
            R.MARGIN + seat * (panel_w + R.PANEL_GAP),
            R.HEADER_Y,
            R.MARGIN + seat * (panel_w + R.PANEL_GAP) + panel_w,
            R.HEADER_Y + R.PANEL_H,
        )
        for seat in (0, 1)
    ]
    img = board(state)
    assert count(img, boxes[0], HIGHLIGHT) > panel_w  # seat 0 plays first
    assert count(img, boxes[1], HIGHLIGHT) == 0
    state, _ = GAME.apply(state, 0, "swap A1 B1")
    state, _ = GAME.apply(state, 0, "end")
    img = board(state)
    assert count(img, boxes[0], HIGHLIGHT) == 0
    assert count(img, boxes[1], HIGHLIGHT) > panel_w


def test_a_different_view_gives_a_different_picture() -> None:
    view = GAME.view(start_state(), None)
    tr = Tr("en")
    first = pictures.render_board(view, NAMES, tr)
    assert pictures.render_board(view, NAMES, tr) == first  # deterministic
    assert pictures.render_board({**view, "scores": [12, 0]}, NAMES, tr) != first
    assert pictures.render_board({**view, "final_round": True}, NAMES, tr) != first
    assert pictures.render_board(view, ["Carol", "Bob"], tr) != first
    assert pictures.render_board(view, NAMES, Tr("cs")) != first


def test_game_over_shows_places() -> None:
    state = finished_state()
    view = GAME.view(state, None)
    png = pictures.render_board(view, NAMES, Tr("en"))
    swapped = {**view, "outcome": {**view["outcome"], "places": view["outcome"]["places"][::-1]}}
    assert pictures.render_board(swapped, NAMES, Tr("en")) != png


# ------------------------------------------------------------------------------ Czech


def test_czech_render_sentences_have_every_glyph() -> None:
    cs = catalog("cs")
    texts = [value for key, value in cs.items() if key.startswith("render.")]
    assert texts
    sample = " ".join([*texts, "Žluťoučký kůň úpěl ďábelské ódy"])
    for weight in ("regular", "medium", "bold"):
        assert kit.missing_glyphs(sample, kit.font(22, weight)) == set(), weight


def test_render_keys_match_between_english_and_czech() -> None:
    en = {k: v for k, v in sentences("en").items() if k.startswith("render.")}
    cs = {k: v for k, v in sentences("cs").items() if k.startswith("render.")}
    assert en.keys() == cs.keys()
    assert all(len({frozenset(placeholders(s)) for s in en[k] + cs[k]}) == 1 for k in en)
    assert any(ch in "".join(map("".join, cs.values())) for ch in "áčďéěíňóřšťúůýž")  # real Czech


def test_czech_names_and_emoji_render_without_missing_glyph_boxes() -> None:
    name = "Žluťoučký kůň"
    assert kit.missing_glyphs(name, kit.font(26, "bold")) == set()
    assert kit.drawable(f"{name} 🎲") == name
    state = scored_state()
    tr = Tr("cs")
    long_name = "Příliš dlouhé jméno hráče, který se nevejde 🎲"
    png = pictures.render_board(GAME.view(state, None), [name, long_name], tr)
    assert len(png) < MAX_BYTES
    plain = pictures.render_board(GAME.view(state, None), ["Zlutoucky kun", "Prilis dlouhe jmeno"], tr)
    assert png != plain


def test_every_render_key_the_code_uses_exists() -> None:
    import re
    from pathlib import Path

    source = Path(R.__file__).read_text(encoding="utf-8")
    used = set(re.findall(r'"(render\.runarch\.[a-z_]+)"', source))
    assert used
    assert used <= set(sentences("en")) and used <= set(sentences("cs"))


# ------------------------------------------------------------------------------- hand


def hand_cards(n: int) -> list[dict[str, Any]]:
    return [GAME.card(f"C{i + 1:02d}") for i in range(n)]


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_hand_is_a_grid_two_cards_wide(lang: str) -> None:
    """Five cards in a row were 1750×222: at a phone's 400 px their text was 4 px tall. In rows
    of two the picture is as wide as the board, so it reads at the board's scale."""
    sizes = []
    for n in (1, 2, 3, 5):
        png = H.render_hand(hand_cards(n), Tr(lang), with_goals=n == 5)
        assert len(png) < MAX_BYTES
        img = Image.open(io.BytesIO(png))
        assert img.format == "PNG"
        sizes.append(img.size)
    assert sizes[0][0] < sizes[1][0] == sizes[2][0] == sizes[3][0] <= R.WIDTH
    assert sizes[0][1] == sizes[1][1] < sizes[2][1] < sizes[3][1] <= sizes[3][0] * 1.5


def test_hand_shows_each_pattern_in_order() -> None:
    cards = hand_cards(5)
    img = Image.open(io.BytesIO(H.render_hand(cards, Tr("en")))).convert("RGB")
    for i, card in enumerate(cards):
        for k, code in enumerate(card["pattern"]):
            pixel = img.getpixel(H.hand_slot_centre(i, k))
            assert distance(pixel, STONE_COLOURS[code[1]]) < 12, (card["id"], k, code)


def test_empty_hand_is_still_a_picture() -> None:
    png = H.render_hand([], Tr("cs"))
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.width > 0
