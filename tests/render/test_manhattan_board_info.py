"""What players missed on the Manhattan Project board: the turn order, the grey contractors left
in the common supply, a start-bonus header clear of "Round 1", bomb cards whose labels don't
run into their numbers."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from PIL import ImageChops

from bot.i18n import Tr
from engine.manhattan.game import GAME
from render import kit
from render.manhattan import board as M
from render.manhattan import spaces as SP
from tests.render.manhattan_views import make_view
from tests.render.test_manhattan_render import drawn_texts, picture

NAMES = ["alice", "bob", "carol", "dave", "erin"]


def test_the_chips_go_in_turn_order_with_their_place(monkeypatch: pytest.MonkeyPatch) -> None:
    view = make_view(3, "mid")
    view["order"] = [2, 0, 1]
    drawn: list[tuple[tuple[float, float], str]] = []
    original = M.text

    def spy(img: Any, xy: tuple[float, float], words: str, **kwargs: Any) -> None:
        drawn.append((xy, words))
        original(img, xy, words, **kwargs)

    monkeypatch.setattr(M, "text", spy)
    chips_y = M.layout(M.versions_key(view), 3)["chips_y"]
    M.draw_chips(M._base(M.versions_key(view), 3).copy(), view, NAMES[:3], Tr("en"), chips_y)
    chips = [(round(y), x, words) for (x, y), words in drawn if chips_y <= y <= chips_y + M.CHIP_H]
    by_place = sorted(c for c in chips if c[2] in ("1", "2", "3", *NAMES[:3]))
    assert [words for _, _, words in by_place] == ["1", "carol", "2", "alice", "3", "bob"]


def test_the_grey_supply_is_on_the_university_panel() -> None:
    view = make_view(3, "mid")
    view["contractors"] = {"L": 4, "E": 4, "S": 4}
    fewer = copy.deepcopy(view)
    fewer["contractors"] = {"L": 1, "E": 0, "S": 3}
    a, b = (picture(M.render_board(v, NAMES[:3], Tr("en"))).convert("RGB") for v in (view, fewer))
    diff = ImageChops.difference(a, b).getbbox()
    spaces_y = M.layout(M.versions_key(view), 3)["spaces_y"]
    panel = next(p for p in SP.panels(M.versions(view).get("spaces"), spaces_y) if p.area == "university")
    assert diff is not None
    assert (
        panel.box[0] <= diff[0] and diff[2] <= panel.box[2] and panel.box[1] <= diff[1] <= panel.box[1] + 30
    )


def test_the_start_bonus_header_leaves_room_for_the_round() -> None:
    for lang in ("en", "cs"):
        view = GAME.view(GAME.new(5, {}, 3), None)
        tr = Tr(lang)
        line = M.status_line(view, NAMES, tr, 10_000)
        labels = [tr("render.manhattan.target", target=45), tr("render.manhattan.round", round=1)]
        right = M.WIDTH - M.MARGIN - 14 - sum(kit.text_length(x, M.NUMBER, "medium") + 14 for x in labels)
        assert kit.text_length(line, M.NUMBER, "bold") <= right - (M.MARGIN + 14), lang


def test_a_bomb_cards_labels_keep_clear_of_its_numbers() -> None:
    with drawn_texts() as seen:
        M.render_bombs(["B24", "B16"], Tr("en"), version=1)
    assert "Points / tested" not in [t for t, _ in seen]
    assert "Points" in [t for t, _ in seen]
