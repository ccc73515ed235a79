"""The Manhattan Project's pictures show what a player needs and nothing they must not see: every
space with its occupants, the market, the bomb designs, every player's board, the last turn;
readable on a phone, small enough to post, in English and Czech."""

from __future__ import annotations

import copy
import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.i18n import Tr, catalog
from engine.manhattan import content
from render import kit
from render.manhattan import board as M
from render.manhattan import details as D
from render.manhattan import spaces as SP
from render.manhattan.legend import render_legend
from render.manhattan.style import TOKEN_RGB, seat_colour
from tests.render.manhattan_views import STAGES, make_view, played, private

NAMES = ["Alice", "Bob", "Čeněk", "Dana", "Eliška Nováková"]
MAX_BYTES = 500_000
PREVIEW_W = 400
MIN_TEXT_PX = 10


def picture(png: bytes | None) -> Image.Image:
    assert png is not None and png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) < MAX_BYTES
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def colours_of(img: Image.Image) -> set[tuple[int, int, int]]:
    return {rgb for _, rgb in img.getcolors(1 << 20) or ()}


def differs(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int] | None = None) -> bool:
    if box is not None:
        a, b = a.crop(box), b.crop(box)
    return ImageChops.difference(a, b).getbbox() is not None


def cell_box(view: dict[str, Any], space_id: str) -> tuple[int, int, int, int]:
    lay = M.layout(M.versions_key(view), M.player_count(view))
    cell = SP.cell_of(None, lay["spaces_y"], space_id)
    assert cell is not None
    return cell.box


def board(view: dict[str, Any], lang: str = "en") -> Image.Image:
    return picture(M.render_board(view, NAMES[: view["players"]], Tr(lang)))


def details(view: dict[str, Any], lang: str = "en") -> Image.Image:
    return picture(M.render_details(view, NAMES[: view["players"]], Tr(lang)))


class KeyTracker:
    """A ``Tr`` that remembers every key asked for."""

    def __init__(self, lang: str) -> None:
        self.tr = Tr(lang)
        self.lang = lang
        self.keys: set[str] = set()

    def __call__(self, key: str, /, **params: Any) -> str:
        self.keys.add(key)
        return self.tr(key, **params)


@contextmanager
def drawn_texts() -> Iterator[list[tuple[str, int]]]:
    """Every ``(text, size)`` drawn through the kit meanwhile."""
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


# ----------------------------------------------------------------------------- every count and stage


@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_board_and_the_players_boards_render_at_every_count_and_stage(players: int, stage: str) -> None:
    view = make_view(players, stage, seed=players)
    main = board(view)
    assert main.width == 720 and 900 < main.height <= 1.5 * main.width
    seen = colours_of(main)
    for seat in range(players):  # every seat's colour is on the board (its chip)
        assert TOKEN_RGB[seat_colour(seat)] in seen
    boards = details(view, "cs")
    assert boards.width == 720 and boards.height <= (2 if players <= 3 else 2.1) * boards.width


@pytest.mark.parametrize("moves", [0, 60, 200, None])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_real_games_render_from_start_to_end(players: int, moves: int | None) -> None:
    """Views of games the engine played (random legal moves, and its bot to the end)."""
    for bot in (False, True) if moves is None else (False,):
        _, view = played(players, moves, seed=players, bot=bot)
        main = board(view, "cs")
        assert main.width == 720 and main.height <= 1.5 * main.width
        boards = details(view)
        assert boards.width == 720 and boards.height <= 2 * boards.width


def test_board_image_is_the_palette_picture_that_render_board_encodes() -> None:
    view = make_view(4, "late", seed=2)
    img = M.board_image(view, NAMES, Tr("en"))
    assert img.mode == "P" and img.size == M.picture_size(view)
    assert img.convert("RGB").tobytes() == board(view).tobytes()


# ----------------------------------------------------------------------------- what the board shows


def test_a_worker_placed_on_a_space_shows_in_that_space_only() -> None:
    view = make_view(3, "new", seed=1)
    view["last"] = None
    empty = board(view)
    taken = copy.deepcopy(view)
    taken["spaces"]["mine2"] = {"seat": 1, "workers": ["L"]}
    after = board(taken)
    box = ImageChops.difference(empty, after).getbbox()
    assert box is not None
    x0, y0, x1, y1 = cell_box(view, "mine2")
    assert x0 <= box[0] and y0 <= box[1] and box[2] <= x1 and box[3] <= y1
    assert TOKEN_RGB["blue"] in colours_of(after.crop(cell_box(view, "mine2")))
    contractor = copy.deepcopy(view)
    contractor["spaces"]["mine2"] = {"seat": 1, "workers": ["cL"]}
    inside = colours_of(board(contractor).crop(cell_box(view, "mine2")))
    assert TOKEN_RGB["grey"] in inside and TOKEN_RGB["blue"] not in inside


def test_the_construction_space_shows_every_placement() -> None:
    view = make_view(3, "new", seed=1)
    one = copy.deepcopy(view)
    one["build"] = [{"seat": 0, "workers": ["L"]}]
    two = copy.deepcopy(view)
    two["build"] = [{"seat": 0, "workers": ["L"]}, {"seat": 2, "workers": ["E"]}]
    box = cell_box(view, "build")
    first, second = board(one).crop(box), board(two).crop(box)
    assert TOKEN_RGB["red"] in colours_of(first) and TOKEN_RGB["green"] not in colours_of(first)
    assert {TOKEN_RGB["red"], TOKEN_RGB["green"]} <= colours_of(second)


def test_the_last_turn_is_highlighted_on_its_spaces_and_buildings() -> None:
    view = make_view(3, "mid", seed=4)
    owner = next(s for s in range(3) if view["seats"][s]["buildings"])
    card = view["seats"][owner]["buildings"][0]["card"]
    view["last"] = {"seat": owner, "spaces": ["air1"], "buildings": [card], "bombs": []}
    quiet = copy.deepcopy(view)
    quiet["last"] = None
    lit, plain = board(view), board(quiet)
    assert differs(lit, plain, cell_box(view, "air1"))
    assert not differs(lit, plain, cell_box(view, "air2"))
    assert kit.PALETTE["highlight"] in colours_of(lit.crop(cell_box(view, "air1")))
    assert differs(details(view), details(quiet))


def test_a_retrieve_is_told_under_the_board() -> None:
    view = make_view(3, "mid", seed=4)
    view["last"] = {"seat": 2, "retrieved": True, "spaces": [], "buildings": [], "bombs": []}
    with drawn_texts() as seen:
        M.render_board(view, NAMES[:3], Tr("en"))
    assert "Last turn: Čeněk took the workers back" in {t for t, _ in seen}


def test_the_market_and_the_offer_show_their_cards() -> None:
    view = make_view(2, "mid", seed=2)
    other = copy.deepcopy(view)
    other["market"][3]["card"] = next(b for b in content.buildings() if b not in str(view["market"]))
    assert differs(board(view), board(other))
    fewer = copy.deepcopy(view)
    fewer["offer"] = view["offer"][:-1]
    assert differs(board(view), board(fewer))
    closed = copy.deepcopy(view)
    closed["offer"] = []
    assert differs(board(view), board(closed))


def test_a_draft_going_round_shows_face_down_cards() -> None:
    view = make_view(3, "mid", seed=3)
    drafting = copy.deepcopy(view)
    drafting["offer"] = []
    drafting["pending"] = {"kind": "draft", "queue": [1, 2, 0], "cards": 4}
    empty = copy.deepcopy(drafting)
    empty["pending"] = None
    assert differs(board(drafting), board(empty))


# ----------------------------------------------------------------------------- hidden information


def test_no_bomb_hand_or_draft_card_reaches_the_public_pictures() -> None:
    view = make_view(3, "late", seed=5)
    ids = list(content.bombs())
    one = private(view, 1, ids[:3], draft=ids[10:14])
    two = private(view, 1, ids[20:23], draft=ids[24:28])
    one["pending"] = {"kind": "draft", "queue": [1], "cards": ids[10:14]}
    two["pending"] = {"kind": "draft", "queue": [1], "cards": ids[24:28]}
    for lang in ("en", "cs"):
        tr = Tr(lang)
        assert M.render_board(one, NAMES[:3], tr) == M.render_board(two, NAMES[:3], tr)
        assert M.render_details(one, NAMES[:3], tr) == M.render_details(two, NAMES[:3], tr)


@pytest.mark.parametrize("players", [2, 5])
def test_real_hands_and_drafts_stay_out_of_the_public_pictures(players: int) -> None:
    """Two games alike but for the bombs in hands and in a draft going round draw alike."""
    from engine.manhattan.game import GAME

    state, _ = played(players, 150, seed=players + 20, bot=True)
    other = copy.deepcopy(state)
    held = [b for row in state["seats"] for b in row["hand"]]
    # Cards not in the offer, those nobody holds first (bots holding many leave few of them).
    spare = [b for b in content.bombs() if b not in held and b not in state["offer"]] + held
    spare.reverse()
    for row in other["seats"]:
        row["hand"] = [spare.pop() for _ in row["hand"]] or [spare.pop()]
    for row in state["seats"]:
        row["hand"] = row["hand"] or [held[0] if held else "B01"]
    for game_state in (state, other):  # a draft going round, its cards differing too
        game_state["pending"] = {"kind": "draft", "queue": [0], "cards": [spare.pop(), spare.pop()]}
    names, tr = NAMES[:players], Tr("en")
    views = [GAME.view(s, seat) for s in (state, other) for seat in (None, 0)]
    pictures = {M.render_board(v, names, tr) for v in views}
    assert len(pictures) == 1
    assert len({M.render_details(v, names, tr) for v in views}) == 1
    assert views[1]["hand"] != views[3]["hand"]  # the private views did differ


def test_the_hand_is_drawn_as_a_count() -> None:
    view = make_view(3, "mid", seed=6)
    more = copy.deepcopy(view)
    more["seats"][0]["hand_count"] = view["seats"][0]["hand_count"] + 1
    assert differs(details(view), details(more))


# ----------------------------------------------------------------------------- the players' boards


def test_damage_workers_spies_and_loaded_bombs_change_a_players_board() -> None:
    view = make_view(2, "late", seed=7)
    view["last"] = None
    building = {**view["seats"][0]["buildings"][0], "damage": 0, "workers": None}
    view["seats"][0]["buildings"][0] = building
    base = details(view)
    for change in (
        {"damage": 2},
        {"workers": {"seat": 0, "workers": ["L"]}},
        {"workers": {"seat": 1, "workers": ["cL"]}},
    ):
        other = copy.deepcopy(view)
        other["seats"][0]["buildings"][0] = {**building, **change}
        assert differs(base, details(other)), change
    two, three = copy.deepcopy(view), copy.deepcopy(view)
    two["seats"][0]["buildings"][0] = {**building, "damage": 2}
    three["seats"][0]["buildings"][0] = {**building, "damage": 3}
    assert differs(details(two), details(three))  # the count is drawn
    spied = copy.deepcopy(view)
    spied["seats"][0]["buildings"][0] = {**building, "damage": 0, "workers": {"seat": 1, "workers": ["L"]}}
    own = copy.deepcopy(view)
    own["seats"][0]["buildings"][0] = {**building, "damage": 0, "workers": {"seat": 0, "workers": ["L"]}}
    assert differs(details(spied), details(own))
    bombed = copy.deepcopy(view)
    bombed["seats"][1]["bombs"] = [{"card": "B07", "loaded": False, "workers": [], "points": 27}]
    loaded = copy.deepcopy(bombed)
    loaded["seats"][1]["bombs"][0]["loaded"] = True
    assert differs(details(bombed), details(loaded))


def test_a_resigned_seat_is_marked() -> None:
    view = make_view(4, "mid", seed=8)
    gone = copy.deepcopy(view)
    gone["seats"][2]["resigned"] = True
    assert differs(board(view), board(gone))
    assert differs(details(view), details(gone))


# ----------------------------------------------------------------------------- bombs in hand


def test_the_bomb_cards_render_every_design_and_an_empty_hand() -> None:
    ids = list(content.bombs())
    for lang in ("en", "cs"):
        img = picture(M.render_bombs(ids, Tr(lang)))
        assert img.width == 720 and img.height < 2200
        assert picture(M.render_bombs([], Tr(lang))).height < 200
    offer = picture(M.render_bombs(ids[:4], Tr("cs"), title_key="render.manhattan.draft_title"))
    assert offer.width == 720 and offer.height <= 1.5 * offer.width


def test_the_bomb_cards_name_each_bomb_in_the_readers_language(monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[str] = []
    from PIL import ImageDraw

    real = ImageDraw.ImageDraw.text

    def spy(self: Any, xy: Any, text: str, *args: Any, **kwargs: Any) -> None:
        written.append(text)
        real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    M.render_bombs(["B01"], Tr("cs"))
    assert "Dělové zařízení" in written
    written.clear()
    M.render_bombs(["B01"], Tr("en"))
    assert "Gun device" in written


# ----------------------------------------------------------------------------- words and phones


PICTURES: dict[str, Callable[[Tr], list[bytes | None]]] = {
    "board": lambda tr: [
        M.render_board(make_view(p, s, seed=p), NAMES[:p], tr) for p in (2, 5) for s in STAGES
    ],
    "details": lambda tr: [
        M.render_details(make_view(p, s, seed=p), NAMES[:p], tr) for p in (2, 5) for s in STAGES
    ],
    "bombs": lambda tr: [M.render_bombs(["B01", "B16", "B30"], tr), M.render_bombs([], tr)],
    "legend": lambda tr: [render_legend(tr)],
}


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("which", PICTURES)
def test_the_pictures_read_at_400_px_and_cut_no_sentence(which: str, lang: str) -> None:
    with drawn_texts() as seen:
        pngs = PICTURES[which](Tr(lang))
    width = picture(pngs[0]).width
    smallest = min(size for _, size in seen)
    assert smallest * PREVIEW_W / width >= MIN_TEXT_PX
    cut = [t for t, _ in seen if "…" in t and not any(n.startswith(t.rstrip("…")) for n in NAMES)]
    assert not cut


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_every_sentence_the_pictures_ask_for_exists_in_both_languages(lang: str) -> None:
    tr = KeyTracker(lang)
    for stage in STAGES:
        view = make_view(5, stage, seed=9)
        M.render_board(view, NAMES, tr)
        M.render_details(view, NAMES, tr)
    for phase, pending in (("bonus", None), ("play", {"kind": "repair", "queue": [2]})):
        M.render_board({**make_view(5, "mid"), "phase": phase, "pending": pending}, NAMES, tr)
    drafting = {**make_view(5, "mid"), "offer": [], "pending": {"kind": "draft", "queue": [3], "cards": 3}}
    M.render_board(drafting, NAMES, tr)
    shared = make_view(2, "end")
    shared["winner"], shared["scores"] = None, [{"total": 9}, {"total": 9}]
    M.render_board(shared, NAMES, tr)
    M.render_board({**make_view(3, "late"), "tests": []}, NAMES, tr)
    M.render_board({**make_view(3, "late"), "last": {"seat": 1, "retrieved": True, "spaces": []}}, NAMES, tr)
    M.render_details({**make_view(3, "new")}, NAMES, tr)
    M.render_bombs(["B01", "B16"], tr)
    M.render_bombs([], tr, title_key="render.manhattan.draft_title")
    render_legend(tr)
    known = catalog(lang)
    missing = {k for k in tr.keys if k not in known and not any(m.startswith(k + ".") for m in known)}
    assert not missing
    areas = {f"render.manhattan.area_{s.area}" for s in content.spaces()}
    assert areas <= tr.keys


def test_the_czech_pictures_are_czech() -> None:
    view = make_view(3, "mid", seed=10)
    assert differs(board(view, "cs"), board(view, "en"))
    assert differs(details(view, "cs"), details(view, "en"))
    with drawn_texts() as seen:
        M.render_board(view, NAMES[:3], Tr("cs"))
    words = {t for t, _ in seen}
    assert {"Továrna", "Důl", "Univerzita", "Špionáž"} <= words


def test_the_details_panel_grows_with_the_buildings() -> None:
    view = make_view(2, "new", seed=1)
    bare = D.panel_height(view, 0)
    view["seats"][0]["buildings"] = [
        {"card": c, "damage": 0, "workers": None} for c in list(content.buildings())[:8]
    ]
    assert D.panel_height(view, 0) > bare + 150  # two rows of cards


def test_the_render_benchmark_prints_the_ratio_to_the_blank_floor(capsys: pytest.CaptureFixture[str]) -> None:
    from bench.manhattan_render import main

    assert main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert "render manhattan board" in out and "render manhattan details" in out
    assert "baseline: blank PNG encode" in out and "x blank" in out
