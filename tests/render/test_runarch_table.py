"""The complex-game and solo pictures: player boards, goals, tokens, track, automa, breakdown."""

from __future__ import annotations

import io
import itertools
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.i18n import Tr, sentences
from engine.runarch import GAME
from engine.runarch.components import CELLS
from render import kit
from render.runarch import board as R
from render.runarch import hand as H
from render.runarch import pictures, public
from render.runarch import pieces as P
from render.runarch import table as T
from render.runarch.players import automa_lines_key
from render.runarch.stones import STONE_COLOURS
from tests.render import runarch_views as V

View = dict[str, Any]
MAX_BYTES = 400_000
NAMES = ["Alice", "Bob"]
SOLO_NAMES = ["Alice", "Automa"]

VIEWS: dict[str, Callable[[], View]] = {
    "complex_mid": V.complex_mid,
    "complex_final": V.complex_final,
    "complex_setup": V.complex_setup,
    "solo_simple": V.solo_simple,
    "solo_complex": V.solo_complex,
}

HIGHLIGHT = kit.PALETTE["highlight"]
ACCENT = kit.PALETTE["accent"]
GOLD = P.PAL.rgb("gold")


def names_for(view: View) -> list[str]:
    return SOLO_NAMES if view.get("solo") else NAMES


def png_of(view: View, lang: str = "en", names: list[str] | None = None) -> bytes:
    return pictures.render_board(view, names or names_for(view), Tr(lang))


def picture(view: View, lang: str = "en", names: list[str] | None = None) -> Image.Image:
    img = Image.open(io.BytesIO(png_of(view, lang, names)))
    img.load()
    return img.convert("RGB")


def details(view: View, lang: str = "en", names: list[str] | None = None) -> Image.Image:
    png = pictures.render_details(view, names or names_for(view), Tr(lang))
    assert png is not None
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def count(img: Image.Image, box: tuple[int, int, int, int], colour: kit.RGB) -> int:
    colours = img.crop(box).getcolors(maxcolors=1 << 20) or []
    return sum(n for n, rgb in colours if tuple(rgb) == colour)


def band(view: View, name: str) -> tuple[int, int, int, int]:
    spot = T.section(view, name)
    assert spot is not None, name
    top, height = spot
    return 0, top, P.WIDTH, top + height


def distance(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    return math.dist(a[:3], b[:3])


# ----------------------------------------------------------------------------- the pictures


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("make", VIEWS.values(), ids=VIEWS.keys())
def test_every_picture_is_a_phone_sized_png_under_400_kb(make: Callable[[], View], lang: str) -> None:
    view = make()
    main = png_of(view, lang)
    more = pictures.render_details(view, names_for(view), Tr(lang))
    assert more is not None
    for png, size in ((main, R.SIZE_PX), (more, T.picture_size(view))):
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        assert len(png) < MAX_BYTES
        img = Image.open(io.BytesIO(png))
        img.verify()
        img = Image.open(io.BytesIO(png))
        assert img.mode == "P"  # the palette keeps pictures small
        assert img.size == size
        assert img.width == R.WIDTH  # as wide as the simple board: text as big on a phone
    assert T.picture_size(view)[1] < 2 * R.WIDTH  # the details open full screen on a phone


def test_the_crowded_final_picture_stays_far_below_the_limit_with_long_names() -> None:
    view = V.complex_final()
    assert all(n >= 10 for n in view["filed"])
    assert sum(len(bets) for bets in view["bets"]) == 10  # every bet token placed
    names = ["Žluťoučký kůň úpěl ďábelské ódy 🎲", "Příliš dlouhé jméno hráče, který se nevejde"]
    for lang in ("en", "cs"):
        assert len(png_of(view, lang, names)) < MAX_BYTES * 0.6
        assert len(pictures.render_details(view, names, Tr(lang)) or b"") < MAX_BYTES * 0.6


def test_the_picture_grows_with_the_fullest_archive() -> None:
    mid = V.complex_mid()
    fuller = V.with_changes(mid)
    fuller["archives"][0]["left"] += [V.card(c) for c in ("C16", "C21", "C23", "C28")]
    assert T.picture_size(fuller)[1] == T.picture_size(mid)[1] + 2 * P.MINI_ROW


@pytest.mark.parametrize("make", VIEWS.values(), ids=VIEWS.keys())
def test_the_board_sits_where_the_simple_board_does(make: Callable[[], View]) -> None:
    view = make()
    img = picture(view)
    for index, cell in enumerate(CELLS):
        x, y = R.cell_centre(cell)
        assert distance(img.getpixel((x, y)), STONE_COLOURS[view["stones"][index][1]]) < 12, cell


def test_simple_two_player_views_ignore_the_complex_keys() -> None:
    """The simple picture is chosen by "variant" and "solo" alone and stays 720×966."""
    view = GAME.view(GAME.new(2, {}, seed=7), None)
    tr = Tr("en")
    plain = pictures.render_board(view, NAMES, tr)
    extra = {k: v for k, v in V.complex_mid().items() if k not in view}
    noisy = {**view, **extra, "variant": "simple", "solo": False}
    assert pictures.render_board(noisy, NAMES, tr) == plain
    assert Image.open(io.BytesIO(plain)).size == R.SIZE_PX
    assert pictures.render_details(noisy, NAMES, tr) is None  # one picture: nothing else to show
    assert pictures.render_board({**noisy, "variant": "complex"}, NAMES, tr) != plain


def test_complex_and_solo_tops_match_the_simple_layout() -> None:
    """The board is drawn by the simple picture's code: a complex view with the same board
    keys gives the same pixels from the column letters above the board to those below it."""
    view = GAME.view(GAME.new(2, {}, seed=7), None)
    simple = Image.open(io.BytesIO(pictures.render_board(view, NAMES, Tr("en")))).convert("RGB")
    extended = picture({**V.complex_mid(), **view, "variant": "complex"}, names=NAMES)
    board = (0, R.BOARD_Y - 40, R.WIDTH, R.BOARD_BOTTOM + 40)
    assert simple.crop(board).tobytes() == extended.crop(board).tobytes()


# ------------------------------------------------------------------------------ player boards


def test_filed_cards_show_their_match_colour_in_their_archive() -> None:
    for make in (V.complex_mid, V.complex_final):
        view = make()
        img = details(view)
        for seat in (0, 1):
            for side in P.ARCHIVES:
                for k, card in enumerate(view["archives"][seat][side]):
                    x, y = T.archive_card_centre(view, seat, side, k)
                    pixel = img.getpixel((x, y))
                    assert distance(pixel, STONE_COLOURS[card["match"][1]]) < 14, (seat, side, card["id"])


def test_an_archive_card_adds_a_mini_card() -> None:
    view = V.complex_mid()
    more = V.with_changes(view)
    more["archives"][0]["right"] = [V.card("C33")]
    colour = STONE_COLOURS[V.card("C33")["match"][1]]
    x, y = T.archive_card_centre(view, 0, "right", 0)
    assert distance(details(view).getpixel((x, y)), colour) > 60
    assert distance(details(more).getpixel((x, y)), colour) < 14


def test_abilities_are_filled_only_when_held() -> None:
    view = V.complex_mid()
    players = band(view, "players")
    none = V.with_changes(view, abilities=[dict(V.NO_ABILITIES), dict(V.NO_ABILITIES)])
    every = V.ABILITIES_BY_TOKENS[3]
    all_three = V.with_changes(view, abilities=[dict(every), dict(every)])
    counts = [count(details(v), players, ACCENT) for v in (none, view, all_three)]
    assert counts[0] == 0  # no ability: nothing filled
    assert counts[0] < counts[1] < counts[2]


def test_minimum_and_bets_change_the_player_board() -> None:
    view = V.complex_mid()
    players = band(view, "players")
    base = details(view).crop(players).tobytes()
    assert details(V.with_changes(view, minimums=[9, 9])).crop(players).tobytes() != base
    no_bets = details(V.with_changes(view, bets=[[], []]))
    assert count(no_bets, players, GOLD) < count(details(view), players, GOLD)


def test_setup_shows_who_has_chosen() -> None:
    view = V.complex_setup()
    players = band(view, "players")
    one = count(details(view), players, ACCENT)
    none = count(details(V.with_changes(view, setup_done=[False, False], to_act=[0, 1])), players, ACCENT)
    both = count(details(V.with_changes(view, setup_done=[True, True], to_act=[])), players, ACCENT)
    assert none == 0 < one < both  # an accent "goals chosen" label per seat that has chosen


# ------------------------------------------------------------------------------ final breakdown


def test_the_final_breakdown_appears_only_when_the_game_is_over() -> None:
    final = V.complex_final()
    running = V.with_changes(final, over=False, outcome=None, to_act=[0])
    del running["final"], running["secrets"]
    # the breakdown's title and totals are the only highlight colour on the player boards
    assert count(details(final), band(final, "players"), HIGHLIGHT) > 200
    assert count(details(running), band(running, "players"), HIGHLIGHT) == 0
    assert T.section(final, "players")[1] > T.section(running, "players")[1]  # type: ignore[index]
    # "over" alone (no breakdown yet) does not invent one
    over_without = V.with_changes(final)
    del over_without["final"]
    assert count(details(over_without), band(over_without, "players"), HIGHLIGHT) == 0


def test_the_breakdown_and_the_revealed_secrets_are_drawn() -> None:
    view = V.complex_final()
    players = band(view, "players")
    base = details(view).crop(players).tobytes()
    changed = V.with_changes(view)
    changed["final"][0]["total"] = 99
    assert details(changed).crop(players).tobytes() != base
    swapped = V.with_changes(view, secrets=view["secrets"][::-1])
    assert details(swapped).crop(players).tobytes() != base


# ------------------------------------------------------------------------------ public parts


def test_the_offer_shows_each_match_area_in_its_position() -> None:
    view = V.complex_mid()
    img = details(view)
    for i, code in enumerate(view["offer"]):
        assert distance(img.getpixel(T.offer_centre(view, i)), STONE_COLOURS[code[1]]) < 14, (i, code)
    short = V.with_changes(view, offer=view["offer"][:2])
    x, y = T.offer_centre(short, 3)
    assert distance(details(short).getpixel((x, y)), STONE_COLOURS[view["offer"][3][1]]) > 60


def test_condition_tokens_show_whether_their_bet_is_still_there() -> None:
    view = V.complex_mid()
    img = details(view)
    for i, cond in enumerate(view["conditions"]):
        gold = count(img, T.condition_box(view, i), GOLD)
        assert (gold > 100) == (cond["bet"] == "gold"), cond
    taken = V.with_changes(view)
    taken["conditions"][2].update(bet=None, taken_by=0)
    assert count(details(taken), T.condition_box(view, 2), GOLD) == 0


def test_goal_bets_and_goal_text_are_drawn() -> None:
    view = V.complex_mid()
    goals = band(view, "goals")
    base = details(view)
    bet = V.with_changes(view)
    bet["bets"][0].append({"token": "gold", "on": "goal", "goal": "C05"})
    assert count(details(bet), goals, GOLD) > count(base, goals, GOLD)
    other = V.with_changes(view, goals=[V.card("C06"), *view["goals"][1:]])
    assert details(other).crop(goals).tobytes() != base.crop(goals).tobytes()


def test_goals_wait_for_the_setup() -> None:
    setup = V.complex_setup()
    assert setup["goals"] == []
    revealed = V.with_changes(setup, goals=V.complex_mid()["goals"])
    goals = band(setup, "goals")
    assert details(revealed).crop(goals).tobytes() != details(setup).crop(goals).tobytes()


def test_the_score_track_grows_with_the_score_and_shows_its_tokens() -> None:
    view = V.complex_mid()
    track = band(view, "track")
    seat0 = kit.PALETTE["player0"]
    low = count(details(view), track, seat0)
    high = count(details(V.with_changes(view, scores=[68, 41])), track, seat0)
    assert high > low * 1.5
    capped = count(details(V.with_changes(view, scores=[100, 41])), track, seat0)
    assert count(details(V.with_changes(view, scores=[140, 41])), track, seat0) == capped
    golds = count(details(view), track, GOLD)
    taken = V.with_changes(view)
    taken["track"][0].update(bet=None, taken_by=1)
    assert 0 < count(details(taken), track, GOLD) < golds


def test_close_track_tokens_are_pushed_apart_in_order() -> None:
    spots = public.spread([100.0, 110.0, 300.0, 305.0], 40, 50, 320)
    assert spots == sorted(spots)
    assert all(b - a >= 40 for a, b in itertools.pairwise(spots))
    assert spots[0] == 100.0 and spots[-1] <= 320
    assert public.spread([10.0], 40, 50, 320) == [50]


def test_pending_decisions_are_announced() -> None:
    view = V.complex_mid()
    status = (0, R.STATUS_Y, R.WIDTH, R.STATUS_Y + R.STATUS_H)
    base = picture(view).crop(status).tobytes()
    gold = V.with_changes(view, pending=[{"kind": "bet", "token": "gold", "source": "K07"}])
    silver = V.with_changes(view, pending=[{"kind": "bet", "token": "silver", "source": "track:58"}])
    draw = V.with_changes(view, pending=[{"kind": "draw"}])
    crops = {picture(v).crop(status).tobytes() for v in (gold, silver, draw)}
    assert len(crops) == 3 and base not in crops


def test_a_scored_diagonal_is_framed_cell_by_cell() -> None:
    final = V.complex_final()  # the last turn scored C59 on diag1
    assert any(s["line"] == "diag1" for s in final["last"]["scores"])
    img = picture(final)
    half = R.CELL // 2
    for cell in ("A1", "C3", "E5"):
        x, y = R.cell_centre(cell)
        assert count(img, (x - half, y - half, x + half, y + half), ACCENT) > 4 * R.TILE * 2, cell
    x, y = R.cell_centre("E1")
    assert count(img, (x - half, y - half, x + half, y + half), ACCENT) == 0


# ------------------------------------------------------------------------------ solo


def gap_between(a: str, b: str) -> tuple[int, int, int, int]:
    """The strip of background between two vertically neighbouring tiles."""
    (ax, _), (_, _) = R.cell_centre(a), R.cell_centre(b)
    top = min(R.cell_box(a)[3], R.cell_box(b)[3])
    bottom = max(R.cell_box(a)[1], R.cell_box(b)[1])
    return ax - 20, top, ax + 20, bottom


def test_the_automa_move_is_an_arrow_between_its_cells() -> None:
    view = V.solo_simple()  # the automa moved a stone from E2 to E1
    assert view["automa"]["last"]["moved"] == ["E2", "E1"]
    gap = gap_between("E1", "E2")
    assert count(picture(view), gap, HIGHLIGHT) > 100
    still = V.with_changes(view)
    still["last"]["automa"] = {**still["last"]["automa"], "moved": None}
    assert count(picture(still), gap, HIGHLIGHT) == 0
    for cell in ("E1", "E2"):  # both cells ringed like a swap
        assert count(picture(view), R.cell_box(cell), HIGHLIGHT) > 4 * R.TILE * 3


def test_the_automa_panel_shows_difficulty_and_last_turn() -> None:
    view = V.solo_simple()
    panel = band(view, "automa")
    base = details(view).crop(panel).tobytes()
    easier = V.with_changes(view, difficulty="easy")
    easier["automa"]["difficulty"] = "easy"
    assert details(easier).crop(panel).tobytes() != base
    discarded = V.with_changes(view)
    discarded["automa"]["last"] = {**view["automa"]["last"], "line": None, "points": None}
    assert details(discarded).crop(panel).tobytes() != base
    assert count(details(view), panel, ACCENT) > count(details(discarded), panel, ACCENT)  # the "scored" pill
    no_card = V.with_changes(view)
    no_card["automa"]["last"] = {"card": None, "moved": None, "stone": None, "line": None, "points": None}
    assert details(no_card).crop(panel).tobytes() != details(discarded).crop(panel).tobytes()
    fresh = V.with_changes(view, last=None)
    fresh["automa"]["last"] = None
    assert details(fresh).crop(panel).tobytes() != base


def test_complex_solo_puts_the_automa_beside_the_player() -> None:
    view = V.solo_complex()
    assert len(view["goals"]) == 2
    img = details(view)
    # the person's archives are drawn, the automa's column has none
    x, y = T.archive_card_centre(view, 0, "left", 0)
    assert distance(img.getpixel((x, y)), STONE_COLOURS["Y"]) < 14
    x, y = T.archive_card_centre(view, 1, "left", 0)
    assert distance(img.getpixel((x, y)), kit.PALETTE["surface_hi"]) > 10
    assert T.section(view, "automa") is None and T.section(view, "goals") is not None


def test_the_automa_lines_sentence_follows_its_lines() -> None:
    assert automa_lines_key(V.ROWS) == "render.runarch.automa_rows"
    assert automa_lines_key([*V.ROWS, *V.COLUMNS]) == "render.runarch.automa_rows_columns"
    assert automa_lines_key([*V.ROWS, *V.COLUMNS, "diag1", "diag2"]) == "render.runarch.automa_all_lines"


# ------------------------------------------------------------------------------ languages


@pytest.mark.parametrize("make", VIEWS.values(), ids=VIEWS.keys())
def test_czech_and_english_pictures_differ_and_names_matter(make: Callable[[], View]) -> None:
    view = make()
    en, cs = png_of(view, "en"), png_of(view, "cs")
    assert en != cs
    other = ["Žluťoučký kůň 🎲", "Ďábelská automa"]
    assert png_of(view, "cs", other) != cs
    assert pictures.render_details(view, NAMES, Tr("en")) != pictures.render_details(view, NAMES, Tr("cs"))
    assert pictures.render_details(view, other, Tr("cs")) != pictures.render_details(view, NAMES, Tr("cs"))


def test_every_key_of_the_table_module_exists_in_both_languages() -> None:
    source = "".join(p.read_text(encoding="utf-8") for p in Path(R.__file__).parent.glob("*.py"))
    used = set(re.findall(r'"(render\.runarch\.[a-z_]+)"', source))
    assert len(used) > 50
    assert used <= set(sentences("en")) and used <= set(sentences("cs"))


def test_goal_phrases_use_the_catalog_names() -> None:
    tr = Tr("cs")
    assert P.goal_phrase("colour", "B", 3, tr) == "modré ≥3"
    assert P.goal_phrase("shape", "3", 2, Tr("en")) == "≥2 triangles"
    assert kit.missing_glyphs("≥–−+", kit.font(19, "bold")) == set()


# ------------------------------------------------------------------------------ cost


def test_complex_hand_cards_show_their_match_area_and_goal() -> None:
    cards = [GAME.card("C01"), GAME.card("C02")]
    tr = Tr("en")
    plain = Image.open(io.BytesIO(H.render_hand(cards, tr)))
    extended = Image.open(io.BytesIO(H.render_hand(cards, tr, with_goals=True)))
    assert extended.height == plain.height + H.GOAL_ROW_H and extended.width == plain.width
    top = (0, 0, plain.width, R.HAND_MARGIN + 54)  # the title row, where the match area sits
    assert extended.crop(top).tobytes() != plain.crop(top).tobytes()
    goal_row = (0, plain.height - R.HAND_MARGIN, plain.width, extended.height - R.HAND_MARGIN)
    assert len(extended.crop(goal_row).getcolors(256) or []) > 2, "the goal row has glyphs and text"
