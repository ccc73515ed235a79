"""Leaderboards and rating charts show a player where they stand, readably, whatever their name."""

from __future__ import annotations

import dataclasses
import io
import itertools
import math
import random
import re
from pathlib import Path

import pytest
from PIL import Image

from bot.i18n import Tr, catalog
from render import kit
from render import leaderboard as L
from render import rating_chart as C

NAMES = ["Žluťoučký kůň", "Alice", "Bob", "Petr Novák", "Zoë", "Ondřej", "Jana", "Karel", "Eva", "Lucie"]
SURFACE = kit.PALETTE["surface"]
BACKGROUND = kit.PALETTE["background"]
HIGHLIGHT = kit.PALETTE["highlight"]
ACCENT = kit.PALETTE["accent"]


# ----------------------------------------------------------------------------- helpers


def rows(count: int, you: int | None = None, names: list[str] = NAMES) -> list[L.BoardRow]:
    return [
        L.BoardRow(i + 1, names[i % len(names)], str(1600 - 37 * i), 12 + i, 7 - i // 2, you=i == you)
        for i in range(count)
    ]


def board(count: int = 3, lang: str = "en", **changes: object) -> L.BoardPicture:
    fields: dict[str, object] = {
        "title": "RunArch · complex",
        "scope": "This server",
        "kind": "rated",
        "rows": rows(count),
        "page": 1,
        "pages": 3,
    }
    fields.update(changes)
    return L.BoardPicture(**fields)  # type: ignore[arg-type]


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG"
    img.load()
    return img.convert("RGB")


def draw_board(picture: L.BoardPicture, lang: str = "en") -> Image.Image:
    return decode(L.render_leaderboard(picture, Tr(lang)))


def colours(img: Image.Image, box: tuple[float, float, float, float]) -> set[tuple[int, int, int]]:
    found = img.crop(tuple(round(v) for v in box)).getcolors(maxcolors=1 << 16) or []
    return {tuple(rgb) for _, rgb in found}


def gap_of_row(top: int) -> tuple[int, int, int, int]:
    """The strip between the name column and the value column of a row band: only the band shows."""
    return L.NAME_RIGHT + 1, top + 4, L.VALUE_LEFT - 1, top + L.ROW_H - 4


def band_colour(img: Image.Image, top: int) -> tuple[int, int, int]:
    return img.getpixel((L.NAME_RIGHT + 8, top + L.ROW_H // 2))  # type: ignore[return-value]


# ------------------------------------------------------------------------- leaderboard


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("kind", L.KINDS)
def test_board_is_a_phone_sized_png_as_tall_as_its_rows(lang: str, kind: str) -> None:
    png = L.render_leaderboard(board(10, kind=kind), Tr(lang))
    img = decode(png)
    assert img.size == (L.WIDTH, L.picture_height(10))
    assert 700 <= img.width <= 800
    three = draw_board(board(3, kind=kind), lang)
    assert three.height < img.height
    assert three.height == L.picture_height(3)


def test_a_full_page_with_the_askers_row_and_a_note_stays_small() -> None:
    picture = board(
        10,
        rows=rows(10, names=["Příliš dlouhé jméno hráče, který se nikam nevejde 🎲" * 3]),
        caller=L.BoardRow(1234, "Me", "1100", 400, 190, you=True),
        note="You are hidden from the global board.",
    )
    for lang in ("en", "cs"):
        png = L.render_leaderboard(picture, Tr(lang))
        assert len(png) < 150_000
        assert decode(png).height == L.picture_height(10, caller=True, note_lines=1)


def test_the_askers_row_is_highlighted_and_no_other() -> None:
    img = draw_board(board(6, rows=rows(6, you=4)))
    for index in range(6):
        expected = L.YOU if index == 4 else SURFACE
        assert band_colour(img, L.row_top(index)) == expected, index
    # its frame is the highlight colour; other bands have none
    assert HIGHLIGHT in colours(img, (L.MARGIN, L.row_top(4), L.WIDTH - L.MARGIN, L.row_top(4) + 3))
    assert HIGHLIGHT not in colours(img, (L.MARGIN, L.row_top(3), L.WIDTH - L.MARGIN, L.row_top(3) + 3))


def test_the_asker_off_the_page_is_drawn_below_a_separator() -> None:
    plain = draw_board(board(10))
    caller = L.BoardRow(57, "Me", "1100", 40, 19)
    with_caller = draw_board(board(10, caller=caller))
    assert with_caller.height > plain.height
    top = L.caller_top(10)
    assert top > L.row_top(9) + L.ROW_H
    assert band_colour(with_caller, top) == L.YOU  # the asker's own row, even without ``you``
    separator = L.body_bottom(10) + L.SEPARATOR_H // 2
    assert kit.PALETTE["muted"] in colours(with_caller, (0, separator - 1, L.WIDTH, separator + 2))


def test_the_top_three_wear_medals() -> None:
    img = draw_board(board(4))
    tops = [img.getpixel((L.PLACE_X - L.MEDAL_R + 3, L.row_top(i) + L.ROW_H // 2)) for i in range(4)]
    assert tops[0] == L.PAL.rgb("gold")
    assert tops[1] == L.PAL.rgb("silver")
    assert tops[2] == L.PAL.rgb("bronze")
    assert tops[3] == SURFACE  # from fourth place on, just the number


@pytest.mark.parametrize(
    "name",
    ["x" * 200, "W" * 200, "🎲🎲🎲 " * 40, "李小龍 " * 30, "Žluťoučký kůň úpěl ďábelské ódy " * 8, "a\nb\tc"],
)
def test_any_name_stays_inside_its_column(name: str) -> None:
    img = draw_board(board(2, rows=[L.BoardRow(1, name, "1600", 12, 7), L.BoardRow(2, name, "87", 3, 0)]))
    for index in range(2):
        top = L.row_top(index)
        assert colours(img, gap_of_row(top)) == {SURFACE}, index
    assert len(colours(img, (L.NAME_LEFT, L.row_top(0), L.NAME_RIGHT, L.row_top(0) + L.ROW_H))) > 3


def test_long_names_are_cut_with_an_ellipsis_near_the_column_edge() -> None:
    img = draw_board(board(1, rows=[L.BoardRow(1, "x" * 200, "1600", 12, 7)]))
    top = L.row_top(0)
    assert kit.PALETTE["ink"] in colours(img, (L.NAME_RIGHT - 40, top, L.NAME_RIGHT, top + L.ROW_H))


def test_glyphs_roboto_lacks_are_dropped_and_a_name_of_only_emoji_gets_a_placeholder() -> None:
    tr = Tr("en")
    one = [L.BoardRow(1, "Jana 🎉 Dvořáková", "1600", 12, 7)]
    same = [L.BoardRow(1, "Jana Dvořáková", "1600", 12, 7)]
    assert L.render_leaderboard(board(rows=one), tr) == L.render_leaderboard(board(rows=same), tr)
    emoji = [L.BoardRow(1, "🎲🎲", "1600", 12, 7)]
    unnamed = [L.BoardRow(1, tr("render.leaderboard.unnamed"), "1600", 12, 7)]
    assert L.render_leaderboard(board(rows=emoji), tr) == L.render_leaderboard(board(rows=unnamed), tr)


@pytest.mark.parametrize("kind", L.KINDS)
def test_an_empty_board_says_so(kind: str) -> None:
    en = draw_board(board(0, kind=kind, rows=[]))
    cs = draw_board(board(0, kind=kind, rows=[]), "cs")
    assert en.height == L.picture_height(0) < L.picture_height(1) + L.EMPTY_H
    box = (L.MARGIN + 40, L.ROWS_Y + 20, L.WIDTH - L.MARGIN - 40, L.ROWS_Y + L.EMPTY_H - 20)
    assert kit.PALETTE["muted"] in colours(en, box)  # the sentence, in the middle of the box
    assert en.crop(box).tobytes() != cs.crop(box).tobytes()
    other = draw_board(board(0, kind="solo" if kind == "rated" else "rated", rows=[]))
    assert en.crop(box).tobytes() != other.crop(box).tobytes()  # rated and solo boards say it differently


def test_czech_and_english_headers_differ_and_both_have_their_glyphs() -> None:
    en = draw_board(board(3))
    cs = draw_board(board(3), "cs")
    header = (0, L.HEADER_Y - 12, L.WIDTH, L.HEADER_Y + 12)
    assert en.crop(header).tobytes() != cs.crop(header).tobytes()
    page = (L.WIDTH // 2, 0, L.WIDTH, L.SCOPE_Y)
    assert en.crop(page).tobytes() != cs.crop(page).tobytes()
    rows_box = (0, L.ROWS_Y, L.WIDTH, L.row_top(1))
    assert en.crop(rows_box).tobytes() != cs.crop(rows_box).tobytes()  # "58%" against "58 %"


def test_rated_and_solo_boards_label_their_columns_differently() -> None:
    rated = draw_board(board(3, kind="rated"))
    solo = draw_board(board(3, kind="solo"))
    header = (L.VALUE_LEFT, L.HEADER_Y - 12, L.WIDTH, L.HEADER_Y + 12)
    assert rated.crop(header).tobytes() != solo.crop(header).tobytes()


def test_the_last_column_shows_wins_and_win_rate_in_each_language() -> None:
    row = L.BoardRow(1, "A", "1500", 12, 7)
    assert L.wins_cell(row, "rated", Tr("en")) == "7 (58%)"
    assert L.wins_cell(row, "rated", Tr("cs")) == "7 (58 %)"
    assert L.wins_cell(row, "solo", Tr("cs")) == "58 %"
    assert L.wins_cell(L.BoardRow(1, "A", "0", 0, 0), "rated", Tr("en")) == "–"
    assert L.percent(1, 3, Tr("en")) == "33%"
    assert L.percent(2, 3, Tr("en")) == "67%"
    assert L.percent(1, 8, Tr("en")) == "13%"  # halves round up, as people expect


def test_the_page_title_and_note_are_drawn_and_the_picture_is_deterministic() -> None:
    tr = Tr("en")
    first = L.render_leaderboard(board(3), tr)
    assert L.render_leaderboard(board(3), tr) == first
    assert L.render_leaderboard(board(3, page=2), tr) != first
    assert L.render_leaderboard(board(3, title="Moonriser"), tr) != first
    noted = decode(L.render_leaderboard(board(3, note="You are hidden from the global board."), tr))
    assert noted.height == L.picture_height(3, note_lines=1) > L.picture_height(3)


def test_a_solo_row_shows_its_best_game_under_the_name_inside_the_column() -> None:
    tall = L.ROW_H_DETAILED
    detailed = [
        L.BoardRow(1, "Jana", "71", 3, 2, detail="won 71–64 in generation 14"),
        L.BoardRow(2, "Petr", "60", 1, 0),
        L.BoardRow(3, "Eva", "58", 2, 1, detail="prohra 58:70 v 16. generaci " * 6),
    ]
    img = draw_board(board(3, kind="solo", rows=detailed))
    plain = draw_board(board(3, kind="solo", rows=[dataclasses.replace(r, detail=None) for r in detailed]))
    assert img.height == L.picture_height(3, row_h=tall) > plain.height == L.picture_height(3)

    def lower_half(index: int) -> tuple[float, float, float, float]:
        top = L.row_top(index, tall)
        return L.NAME_LEFT, top + tall * 0.62, L.NAME_RIGHT, top + tall - 4

    muted = kit.PALETTE["muted"]
    assert muted in colours(img, lower_half(0)) and muted in colours(img, lower_half(2))
    assert muted not in colours(img, lower_half(1))  # no best game known: the name alone
    for index in range(3):  # a long detail is cut before the value column
        top = L.row_top(index, tall)
        assert colours(img, (L.NAME_RIGHT + 1, top + 4, L.VALUE_LEFT - 1, top + tall - 4)) == {SURFACE}
    # the asker's own row below the page grows the same way
    me = L.BoardRow(40, "Me", "12", 1, 0, detail="lost 12–80 in generation 20")
    with_me = draw_board(board(3, kind="solo", rows=detailed, caller=me))
    assert with_me.height == L.picture_height(3, caller=True, row_h=tall)
    assert muted in colours(
        with_me, (L.NAME_LEFT, L.caller_top(3, tall) + tall * 0.62, L.NAME_RIGHT, with_me.height - 4)
    )


# ------------------------------------------------------------------------------ chart


def draw_chart(chart: C.ChartPicture, lang: str = "en") -> Image.Image:
    png = C.render_rating_chart(chart, Tr(lang))
    assert len(png) < 80_000
    img = decode(png)
    assert img.size == C.SIZE_PX
    return img


def near(img: Image.Image, xy: tuple[float, float], colour: kit.RGB, reach: int = 2) -> bool:
    """Whether ``colour`` (give or take anti-aliasing) is within ``reach`` px of ``xy``."""
    x, y = round(xy[0]), round(xy[1])
    box = (x - reach, y - reach, x + reach + 1, y + reach + 1)
    return any(math.dist(rgb, colour) < 30 for rgb in colours(img, box))


def walk(count: int, seed: int = 3) -> list[float]:
    rnd = random.Random(seed)
    values = [1000.0]
    for _ in range(count - 1):
        values.append(values[-1] + rnd.gauss(0, 30))
    return values


@pytest.mark.parametrize(
    "chart",
    [
        C.ChartPicture("RunArch rating", [1012.0]),
        C.ChartPicture("RunArch rating", [1012.0], start=1000.0),
        C.ChartPicture("RunArch rating", [1500.0] * 8),
        C.ChartPicture("RunArch rating", walk(500)),
        C.ChartPicture("RunArch rating", walk(5000)),
        C.ChartPicture("RunArch rating", [0.0, -3.5, 2.0]),
        C.ChartPicture("RunArch rating", [1e9, 1e9 + 1]),
        C.ChartPicture("RunArch rating", []),
        C.ChartPicture("RunArch rating", [math.nan, 1000.0]),
    ],
    ids=["one", "one-with-start", "flat", "500", "5000", "tiny", "huge", "empty", "nan"],
)
def test_every_series_draws_a_chart(chart: C.ChartPicture) -> None:
    draw_chart(chart)


def test_a_rising_series_ends_higher_than_it_starts_and_the_last_point_has_a_dot() -> None:
    values = [1000.0 + 10 * i for i in range(20)]
    chart = C.ChartPicture("RunArch rating", values)
    axes = C.axes_for(chart)
    first = (axes.x(axes.first_game), axes.y(values[0]))
    last = (axes.x(axes.last_game), axes.y(values[-1]))
    assert last[1] < first[1] and last[0] > first[0]
    img = draw_chart(chart)
    assert near(img, last, HIGHLIGHT)
    assert near(img, first, kit.PALETTE["muted"])  # the lowest point is marked
    assert near(img, (axes.x(axes.first_game + 1), axes.y(values[1])), ACCENT)
    assert not near(img, (last[0], first[1]), ACCENT)  # nothing is drawn where a flat line would be


def test_the_start_rating_is_game_zero() -> None:
    chart = C.ChartPicture("RunArch rating", [1010.0, 1020.0], start=1000.0)
    axes = C.axes_for(chart)
    assert (axes.first_game, axes.last_game) == (0, 2)
    img = draw_chart(chart)
    assert near(img, (axes.x(1), axes.y(1010.0)), ACCENT)
    assert near(img, (axes.x(0), axes.y(1000.0)), kit.PALETTE["muted"])  # the start is the lowest point
    assert C.axes_for(C.ChartPicture("t", [1010.0, 1020.0])).first_game == 1


def test_a_flat_series_sits_between_its_ticks() -> None:
    chart = C.ChartPicture("RunArch rating", [1500.0] * 8)
    axes = C.axes_for(chart)
    assert axes.ticks[0] < 1500 < axes.ticks[-1]
    assert C.PLOT_TOP < axes.y(1500) < C.PLOT_BOTTOM
    assert near(draw_chart(chart), (axes.x(4), axes.y(1500.0)), ACCENT)


@pytest.mark.parametrize("seed", range(40))
def test_ticks_are_three_to_five_round_numbers_covering_the_data(seed: int) -> None:
    rnd = random.Random(seed)
    low = rnd.uniform(-500, 3000)
    high = low + rnd.choice([0, 0.5, 3, 17, 140, 900, 12_000])
    ticks = C.nice_ticks(low, high)
    assert 3 <= len(ticks) <= 5
    assert ticks[0] <= low and high <= ticks[-1]
    steps = {round(b - a, 9) for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1
    assert all(float(t).is_integer() for t in ticks)


def test_game_ticks_are_few_and_inside_the_range() -> None:
    for first, last in [(1, 1), (0, 1), (1, 8), (0, 60), (1, 500), (1, 5000)]:
        ticks = C.game_ticks(first, last)
        assert 1 <= len(ticks) <= C.MAX_X_TICKS
        assert all(first <= t <= last for t in ticks)
        assert ticks == sorted(set(ticks))


def test_chart_titles_and_axis_labels_follow_the_language() -> None:
    chart = C.ChartPicture("RunArch rating", walk(30))
    en, cs = draw_chart(chart), draw_chart(chart, "cs")
    axis = (0, C.PLOT_BOTTOM + 32, C.WIDTH, C.HEIGHT)
    assert en.crop(axis).tobytes() != cs.crop(axis).tobytes()
    czech = draw_chart(C.ChartPicture("Hodnocení v RunArch", walk(30)), "cs")
    title = (0, 0, C.WIDTH, 40)
    assert czech.crop(title).tobytes() != cs.crop(title).tobytes()


# ----------------------------------------------------------------------------- catalog


def test_every_key_the_pictures_use_exists_in_both_languages() -> None:
    used: set[str] = set()
    for module in (L, C):
        source = Path(module.__file__).read_text(encoding="utf-8")
        used |= set(re.findall(r'"(render\.(?:leaderboard|chart)\.[a-z_]+)"', source))
    assert len(used) >= 15
    for lang in ("en", "cs"):
        assert used <= set(catalog(lang)), lang
    mine = {k for k in catalog("en") if k.startswith(("render.leaderboard.", "render.chart."))}
    assert mine == used  # no key left unused


def test_czech_picture_sentences_have_every_glyph() -> None:
    cs = [v for k, v in catalog("cs").items() if k.startswith(("render.leaderboard.", "render.chart."))]
    for weight in ("regular", "medium", "bold"):
        assert kit.missing_glyphs(" ".join(cs), kit.font(20, weight)) == set(), weight
