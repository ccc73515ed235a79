"""Moonriser's pictures show what a player needs: every tile, the board with owners and symbols,
the last turn, the supply; small enough to post and fast enough to draw for every move."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.i18n import Tr, catalog
from engine.moonriser import content
from render.moonriser import board as M
from render.moonriser import cards
from render.moonriser import hand as H
from render.moonriser.geometry import fields_key
from render.moonriser.style import RELATION_STYLE, TOKEN_RGB, seat_colour
from tests.render.moonriser_views import free_field, make_view, neighbours_of

NAMES = ["Alice", "Bob", "Čeněk", "Dana"]
MAX_BYTES = 500_000


def picture(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) < MAX_BYTES
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def colours_of(img: Image.Image) -> set[tuple[int, int, int]]:
    return {rgb for _, rgb in img.getcolors(1 << 20) or ()}


def board_box(view: dict[str, Any], label: str) -> tuple[int, int, int, int]:
    lay = M._layout(fields_key(view["fields"]), M.player_count(view))
    x, y = lay["geo"].centre(label)
    r = lay["geo"].r
    return x - r - 2, y - r - 2, x + r + 3, y + r + 3


def diff_box(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(a, b).getbbox()


class KeyTracker:
    """A ``Tr`` that remembers every key asked for."""

    def __init__(self, lang: str) -> None:
        self.tr = Tr(lang)
        self.lang = lang
        self.keys: set[str] = set()

    def __call__(self, key: str, /, **params: Any) -> str:
        self.keys.add(key)
        return self.tr(key, **params)


# ----------------------------------------------------------------------------- tiles


@pytest.mark.parametrize("tile_id", content.tiles().ids)
def test_every_tile_design_renders_as_a_hand_card_with_its_symbols(tile_id: str) -> None:
    tile = content.tiles()[tile_id]
    img = picture(H.render_hand([tile_id], Tr("en")))
    assert img.width == 480 and 120 < img.height < 600  # the phone column of the supply's cards
    seen = colours_of(img)
    for edge in tile.edges:  # every Bonus-relationship kind it carries, in its own colour
        assert RELATION_STYLE[edge.kind][1] in seen, edge.kind
    for colour in tile.price:
        if tile.price[colour]:
            assert TOKEN_RGB[colour] in seen, colour


def test_a_hand_of_every_design_and_an_empty_hand_render_in_both_languages() -> None:
    ids = list(content.tiles().ids)
    for lang in ("en", "cs"):
        img = picture(H.render_hand(ids, Tr(lang)))
        assert img.width == 480 and img.height < 260 * len(ids)  # one column: each card under 260 px
        empty = picture(H.render_hand([], Tr(lang)))
        assert empty.height < 200


def test_the_hand_card_names_the_tile_in_the_readers_language(monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[str] = []
    from PIL import ImageDraw

    real = ImageDraw.ImageDraw.text

    def spy(self: Any, xy: Any, text: str, *args: Any, **kwargs: Any) -> None:
        written.append(text)
        real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    monkeypatch.setattr(cards, "_cards", {})  # drawn afresh, not pasted from an earlier picture
    H.render_hand(["A01"], Tr("cs"))
    assert "Fúzní elektrárna" in written
    written.clear()
    H.render_hand(["A01"], Tr("en"))
    assert "Fusion power plant" in written


# ----------------------------------------------------------------------------- the board


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_full_board_renders_for_every_player_count(players: int) -> None:
    view = make_view(players, seed=players, placed=8 * (players + 2), empties=6)
    img = picture(M.render_board(view, NAMES[:players], Tr("en")))
    assert img.width == 720 and 600 < img.height < 1700
    seen = colours_of(img)
    for seat in range(players):  # every owner's colour is on the board
        assert TOKEN_RGB[seat_colour(seat)] in seen
    details = picture(M.render_details(view, NAMES[:players], Tr("cs")) or b"")
    assert details.width == 720


def test_turning_a_tile_changes_only_its_field() -> None:
    view = make_view(3, seed=5, placed=12)
    catalogue = content.tiles()
    label = next(
        f for f, t in view["tiles"].items() if catalogue[t["tile"]].edges and not catalogue[t["tile"]].is_base
    )
    view["last"] = None
    before = picture(M.render_board(view, NAMES, Tr("en")))
    turned = copy.deepcopy(view)
    turned["tiles"][label]["rot"] = (view["tiles"][label]["rot"] + 1) % 6
    after = picture(M.render_board(turned, NAMES, Tr("en")))
    box = diff_box(before, after)
    assert box is not None
    x0, y0, x1, y1 = board_box(view, label)
    assert x0 <= box[0] and y0 <= box[1] and box[2] <= x1 and box[3] <= y1


def test_the_last_turn_is_highlighted_on_its_fields() -> None:
    view = make_view(2, seed=4, placed=14)
    mine = [f for f, t in view["tiles"].items() if t["owner"] == 0][:2]
    view["last"] = {"seat": 0, "fields": mine[:1], "upgraded": mine[1:]}
    quiet = copy.deepcopy(view)
    quiet["last"] = None
    lit = picture(M.render_board(view, NAMES, Tr("en")))
    plain = picture(M.render_board(quiet, NAMES, Tr("en")))
    for label in mine:
        box = board_box(view, label)
        assert diff_box(lit.crop(box), plain.crop(box)) is not None, label


def test_placing_a_tile_upgrading_and_a_black_token_change_the_picture() -> None:
    view = make_view(2, seed=6, placed=6, empties=0)
    view["last"] = None
    base = picture(M.render_board(view, NAMES, Tr("en")))
    field = free_field(view)
    placed = copy.deepcopy(view)
    placed["tiles"][field] = {"tile": "A02", "owner": 1, "rot": 0, "upgraded": False, "level": 1}
    with_tile = picture(M.render_board(placed, NAMES, Tr("en")))
    assert diff_box(base.crop(board_box(view, field)), with_tile.crop(board_box(view, field)))
    upgraded = copy.deepcopy(placed)
    upgraded["tiles"][field]["upgraded"] = True
    assert diff_box(with_tile, picture(M.render_board(upgraded, NAMES, Tr("en"))))
    blocked = copy.deepcopy(view)
    blocked["empty"] = [field]
    assert diff_box(base, picture(M.render_board(blocked, NAMES, Tr("en"))))


def test_the_supply_shows_its_tiles() -> None:
    view = make_view(2, seed=2, placed=4)
    other = copy.deepcopy(view)
    other["supply"] = ["A01", *view["supply"][1:]]
    assert diff_box(
        picture(M.render_board(view, NAMES, Tr("en"))), picture(M.render_board(other, NAMES, Tr("en")))
    )


def test_board_image_is_the_palette_picture_that_render_board_encodes() -> None:
    view = make_view(4, seed=3, placed=30)
    img = M.board_image(view, NAMES, Tr("en"))
    assert img.mode == "P"
    assert img.convert("RGB").tobytes() == picture(M.render_board(view, NAMES, Tr("en"))).tobytes()


# ----------------------------------------------------------------------------- preview and words


def test_the_preview_draws_the_tile_in_place_and_turned() -> None:
    view = make_view(3, seed=1, placed=20)
    field = free_field(view)
    assert neighbours_of(view, field)
    shots = [
        picture(H.render_preview(view, "A01", field, rot, {"green": 2, "blue": 1}, 3, Tr("cs")))
        for rot in (0, 1)
    ]
    assert shots[0].size == shots[1].size and shots[0].width == 720
    assert diff_box(shots[0], shots[1])
    free = picture(H.render_preview(view, "B01", field, 0, {}, 0, Tr("en")))
    assert free.width == 720


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_every_sentence_the_pictures_ask_for_exists_in_both_languages(lang: str) -> None:
    tr = KeyTracker(lang)
    for phase in ("base", "setup_keep", "plan", "draw", "keep", "develop", "trade", "final", "over"):
        view = make_view(3, seed=2, placed=10, phase=phase)
        view["ending"] = phase == "trade"
        M.render_board(view, NAMES, tr)
    M.render_details(view, NAMES, tr)
    H.render_hand(list(content.tiles().ids), tr)
    H.render_hand([], tr)
    H.render_preview(view, "A02", free_field(view), 3, {"red": 2}, 1, tr)
    H.render_preview(view, "A02", free_field(view), 3, {}, 0, tr)
    known = catalog(lang)
    missing = {k for k in tr.keys if k not in known and not any(m.startswith(k + ".") for m in known)}
    assert not missing
    relations = {f"render.moonriser.relation_{k}" for k in RELATION_STYLE}
    assert relations <= tr.keys


def test_the_render_benchmark_prints_the_ratio_to_the_blank_floor(capsys: pytest.CaptureFixture[str]) -> None:
    from bench.moonriser_render import main

    assert main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert "render moonriser board" in out and "baseline: blank PNG encode" in out
    assert " x blank" not in out and "x blank  target <= 3x" in out
