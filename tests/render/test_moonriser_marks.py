"""Issue 27, section 1: the board marks what the tiles form, so nobody compares symbol halves
by eye: a formed Bonus relationship across its edge, a formed Productive neighbourhood at its
corner; the supply and one tile are drawn as readable cards."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from bot.i18n import Tr
from engine.core import Rng
from engine.moonriser.game import GAME
from engine.moonriser.randomplay import random_move
from render.moonriser import board as M
from render.moonriser.geometry import fields_key
from render.moonriser.supply import WIDTH, render_supply, render_tile

NAMES = ["Alice", "Bob", "Čeněk", "Dana"]


def played(moves: int, players: int = 4, seed: int = 11) -> dict:
    state = GAME.new(players, {}, seed)
    for _ in range(moves):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, GAME.bot_move(state, seat, "normal"))
    return GAME.view(state, None)


def changed_near(view: dict, other: dict, x: float, y: float, reach: int) -> bool:
    a = M.board_image(view, NAMES, Tr("en")).convert("RGB")
    b = M.board_image(other, NAMES, Tr("en")).convert("RGB")
    box = (round(x - reach), round(y - reach), round(x + reach), round(y + reach))
    return ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None


def test_a_formed_relationship_is_marked_across_its_edge() -> None:
    view = played(400)
    assert view["links"], "the game formed relationships"
    a, b, _ = view["links"][0]
    geo = M._layout(fields_key(view["fields"]), M.player_count(view))["geo"]
    (ax, ay), (bx, by) = geo.centre(a), geo.centre(b)
    unmarked = {**view, "links": []}
    assert changed_near(view, unmarked, (ax + bx) / 2, (ay + by) / 2, 4)
    # the mark is at the edge, not over the tokens carrying owner and value
    assert not changed_near({**view, "links": view["links"][:1]}, unmarked, ax, ay, 4)


def test_a_formed_neighbourhood_is_marked_at_its_corner() -> None:
    view = played(400)
    a, b, _ = view["links"][0]
    geo = M._layout(fields_key(view["fields"]), M.player_count(view))["geo"]
    third = next(
        f
        for f in view["tiles"]
        if f not in (a, b)
        and all(abs(complex(*geo.centre(f)) - complex(*geo.centre(g))) < 2 * geo.r for g in (a, b))
    )
    hooded = {**view, "hoods": [{"colour": "green", "fields": [a, b, third]}]}
    x = sum(geo.centre(f)[0] for f in (a, b, third)) / 3
    y = sum(geo.centre(f)[1] for f in (a, b, third)) / 3
    assert changed_near(hooded, view, x, y, 3)


def test_the_supply_shows_one_card_per_tile_narrow_enough_for_a_phone() -> None:
    state = GAME.new(4, {}, 5)
    rng = Rng(5)
    for _ in range(60):
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, random_move(state, seat, rng))
    view = GAME.view(state, None)
    for lang in ("en", "cs"):
        img = Image.open(io.BytesIO(render_supply(view, Tr(lang))))
        assert img.width == WIDTH <= 480  # shown 400 px wide, its 17 px sentences stay 14 px
        fewer = Image.open(io.BytesIO(render_supply({**view, "supply": view["supply"][:2]}, Tr(lang))))
        assert img.height > fewer.height * 2
    field, entry = next(iter(view["tiles"].items()))
    one = Image.open(io.BytesIO(render_tile(view, entry["tile"], Tr("cs"), f"{field} · Čeněk")))
    assert one.width == WIDTH and one.height < 400
