"""The board picture tells the truth about hands and results: the "tiles in hand" column counts
the public view's ``hand_count``, and the winner is the engine's, never a seat that resigned."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from bot.i18n import Tr
from engine.moonriser.game import GAME
from render.moonriser import board as M
from tests.engine.moonriser_support import position

NAMES = ["ana", "jana", "petr"]


def rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_the_tiles_in_hand_column_counts_each_players_hand() -> None:
    empty = position(players=2, hands=[[], []])
    holding = position(players=2, hands=[["B01", "B01", "B01"], []])
    views = [GAME.view(s, None) for s in (empty, holding)]
    assert views[1]["seats"][0]["hand_count"] == 3 and "hand" not in views[1]["seats"][0]
    pictures = [rgb(M.render_board(v, NAMES[:2], Tr("en"))) for v in views]
    changed = ImageChops.difference(*pictures).getbbox()
    assert changed is not None, "the hand column shows the same number for 0 and 3 tiles"
    board_top = M.STATUS_Y + M.STATUS_H + 2 * M.ROW_H + 40
    assert changed[1] < board_top and changed[0] >= M.HAND_X - 5


def test_a_player_who_resigned_is_never_named_the_winner() -> None:
    state = position(players=3, active=1)
    state["seats"][1]["tokens"]["yellow"] = 9  # jana leads...
    state, _ = GAME.apply(state, 1, "resign")  # ...and resigns
    state, _ = GAME.apply(state, 2, "resign")
    view = GAME.view(state, None)
    assert view["outcome"]["places"] == [1, 2, 2]
    for lang, word in (("en", "ana wins"), ("cs", "ana")):
        line = M.status_line(view, NAMES, Tr(lang), 600)
        assert word in line and "jana" not in line, line


def test_a_player_over_the_hand_limit_is_told_on_the_board() -> None:
    """„Hráč může mít v ruce na konci kola maximálně 5 hracích dílků – přebytečné dílky zahodí."""
    state = position(players=2, hands=[["B01"] * 7, []], phase="trade")
    view = GAME.view(state, None)
    assert "discards down to 5" in M.status_line(view, NAMES, Tr("en"), 700)
    assert "zahazuje dílky na 5" in M.status_line(view, NAMES, Tr("cs"), 700)
    state["seats"][0]["hand"] = ["B01"] * 5
    assert "production and trade" in M.status_line(GAME.view(state, None), NAMES, Tr("en"), 700)
