"""Issue 27, section 2: rotation you can see. The placement preview turns the tile in place
(↺/↻) and moves it to the previous or next field (◀/▶, or a select of fields), each time redrawn
with the new price and VP, and Confirm builds exactly what is shown."""

from __future__ import annotations

import re
from collections.abc import Callable

from simcord import Env

from bot.client import GameBot
from bot.i18n import Tr
from cogs.moonriser.placing import place_preview
from engine.moonriser.game import GAME
from engine.moonriser.placement import check_place, placements
from engine.moonriser.suggest import best_on, ranked
from render.moonriser.hand import render_preview
from tests.bot.moonriser_table import MoonTable, first_select
from tests.bot.test_moonriser_discord import to_development
from tests.engine.moonriser_support import position, step
from tests.engine.test_moonriser_relations import HE3_FACING_WEST

SHOWN = re.compile(r"on \*\*(\w+)\*\*, rotation (\d)")


def shown(content: str) -> tuple[str, int]:
    found = SHOWN.search(content)
    assert found, content
    return found[1], int(found[2])


async def preview_with_turns(table: MoonTable, seat: int, me: object) -> tuple[object, str, str, str, int]:
    """``/moonriser place`` of a tile on a field where it fits in more than one rotation."""
    state = await table.state()
    rotations: dict[tuple[str, str, str], list[int]] = {}
    for p in placements(state, seat):
        rotations.setdefault((p.tile, p.field, p.source), []).append(p.rotation)
    (tile, field, source), legal = next((k, v) for k, v in rotations.items() if len(v) > 2)
    opened = await me.slash(  # type: ignore[attr-defined]
        table.thread, "moonriser place", tile=f"{tile}@{source}", field=field, rotation=legal[0]
    )
    assert opened.ephemeral and opened.response.attachments
    return opened.response, tile, field, source, legal[0]


async def test_turning_redraws_the_tile_in_place_with_its_vp_and_confirm_builds_it(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    message, tile, field, source, rotation = await preview_with_turns(table, seat, me)
    legal = sorted(
        p.rotation for p in placements(state, seat, tile) if p.field == field and p.source == source
    )
    turned = await me.click(message, label="↻")
    assert turned.response.attachments and turned.response.attachments[0].filename == "preview.png"
    now_field, now_rotation = shown(turned.response.content)
    assert now_field == field and now_rotation == min((r for r in legal if r > rotation), default=legal[0])
    priced = check_place(state, seat, tile, field, now_rotation, source)
    assert f"{priced.vp:+d} VP" in turned.response.content
    back = await me.click(turned.response, label="↺")
    assert shown(back.response.content) == (field, rotation)
    again = await me.click(back.response, label="↻")
    assert await table.state() == state  # turning plays nothing
    await me.click(again.response, label="Confirm")
    built = (await table.state())["tiles"][field]
    assert (built["tile"], built["rot"]) == (tile, now_rotation)


async def test_the_preview_steps_to_the_next_field_and_a_field_can_be_chosen(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    message, tile, field, source, _ = await preview_with_turns(table, seat, me)
    fields = {p.field for p in placements(state, seat, tile) if p.source == source}
    stepped = await me.click(message, label="▶")
    other, rotation = shown(stepped.response.content)
    assert other != field and other in fields
    best = max(p.vp for p in placements(state, seat, tile) if p.field == other and p.source == source)
    assert check_place(state, seat, tile, other, rotation, source).vp == best
    back = await me.click(stepped.response, label="◀")
    assert shown(back.response.content)[0] == field
    third = next(f for f in sorted(fields) if f not in (field, other))
    best_there = best_on(ranked(state, seat, tile, source), third)
    assert best_there is not None
    chosen = await me.select(back.response, [best_there.notation])
    assert shown(chosen.response.content) == (third, best_there.rotation)
    await me.click(chosen.response, label="Confirm")
    assert (await table.state())["tiles"][third]["tile"] == tile


async def test_turning_a_preview_after_the_board_moved_on_is_refused(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    message, *_ = await preview_with_turns(table, seat, me)
    await me.slash(table.thread, "moonriser done")  # the board moves on
    moved_on = await table.state()
    late = await me.click(message, label="↻")
    assert late.ephemeral and "changed" in (late.response.content or late.followups[-1].content)
    assert await table.state() == moved_on


async def test_the_placement_preview_reads_in_czech(simcord_env: Env, user_locales: dict[int, str]) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    user_locales[me.id] = "cs"
    state = await table.state()
    tile, source = next((m.args[0], m.args[3]) for m in GAME.legal_moves(state, seat) if m.kind == "place")
    opened = await me.click(table.boards()[-1], label="Place a tile")  # the board speaks the table's language
    step = await me.select(opened.response, [f"{tile}@{source}"], custom_id=first_select(opened.response))
    assert "Návrh" in step.response.content and "otočí dílek" in step.response.content


async def test_turning_a_preview_shown_before_a_restart_answers_with_a_fresh_picker(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    message, *_ = await preview_with_turns(table, seat, me)
    state = await table.state()
    await simcord_env.restart_bot(make_bot())
    late = await me.click(message, label="↻")
    assert "expired" in late.response.content and "Phase II" in late.response.content
    assert await table.state() == state


def test_the_preview_marks_the_relationship_a_rotation_forms() -> None:
    """Turning the He3 harvester so its radiation half faces the Fusion power plant forms a Bonus
    relationship: the preview marks it across the edge, as the board will (issue 27: nobody
    compares symbol halves by eye); a rotation that forms nothing has no mark."""
    plant, east = "D5", step("D5", 0)
    tokens = {"blue": 9, "red": 9, "green": 9}
    state = position(tiles={plant: ("A01", 0, 0)}, hands=[["B01"]], tokens=[tokens])
    tr = Tr("en")

    def shown(rotation: int) -> tuple[bytes, bytes]:
        priced = check_place(state, 0, "B01", east, rotation, "hand")
        plain = render_preview(GAME.view(state, None), "B01", east, rotation, priced.cost, priced.vp, tr)
        preview = place_preview(tr, state, 0, f"place B01 {east} {rotation} hand")
        assert preview.picture is not None  # drawn by the picture workers as it is shown
        draw, args = preview.picture
        return draw(*args), plain

    forming, plain = shown(HE3_FACING_WEST)
    after, _ = GAME.apply(state, 0, f"place B01 {east} {HE3_FACING_WEST} hand")
    assert [(a, b) for a, b, _ in GAME.view(after, None)["links"]] in ([(plant, east)], [(east, plant)])
    assert forming != plain
    legal = {p.rotation for p in placements(state, 0, "B01") if p.field == east}
    lonely = next(r for r in sorted(legal) if r != HE3_FACING_WEST)
    assert shown(lonely)[0] == shown(lonely)[1]
