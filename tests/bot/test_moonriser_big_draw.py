"""``/moonriser draw`` as a big plan meets it: blue tokens are unlimited, so a plan can pay for
more draws than a pile holds, and one command takes any number of tiles the pile can give."""

from __future__ import annotations

from typing import Any

from simcord import Env

from bot.i18n import Tr
from bot.outgoing import CONTENT_MAX
from cogs.moonriser.cog import DRAW_MAX
from cogs.moonriser.private import hand_lines
from engine.moonriser.content import TILE_LIBRARY, tiles
from engine.moonriser.game import GAME
from engine.moonriser.notation import PILES
from engine.moonriser.planning import draw_moves
from tests.bot.moonriser_table import MoonTable, play
from tests.bot.test_moonriser_discord import _to_planning, select_options
from tests.bot.test_moonriser_endgame import force

LIMIT = 100
"""Discord's limit on a select option's label and on its description."""


def test_no_pile_gives_more_in_one_draw_than_the_command_takes() -> None:
    """Blue tokens are unlimited, so a plan can pay for more draws than a pile holds: what one
    ``draw`` may take is bounded by the pile alone."""
    state = GAME.new(2, {}, seed=3)
    for seat in range(2):
        state["seats"][seat]["draws_left"] = 300
    counts = [int(m.args[1]) if len(m.args) > 1 else 1 for m in draw_moves(state, 0)]
    assert max(counts) <= DRAW_MAX
    assert DRAW_MAX == max(len(tiles(v).box(p)) for v in TILE_LIBRARY.versions() for p in PILES)


async def test_a_big_plan_draws_32_by_command_and_offers_keeps_that_fit(simcord_env: Env) -> None:
    """Paying 11 blue draws 33 tiles: 32 from Basic in one ``/moonriser draw`` (once refused over
    30), the rest from Advanced; the keep select's options then fit Discord's limits."""
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me, _other = await _to_planning(table)
    state = await table.state()
    state["seats"][seat]["tokens"]["blue"] = 11
    await force(table, state)
    await play(table, me, "plan 11")
    left = (await table.state())["seats"][seat]["draws_left"]
    assert left >= 33
    await play(table, me, "draw basic 32")
    assert len(GAME.view(await table.state(), seat)["drawn"]) == 32
    await play(table, me, f"draw advanced {left - 32}")
    assert (await table.state())["phase"] == "keep"
    shown = await me.click(table.boards()[-1], label="Keep tiles")
    assert shown.ephemeral and shown.response.components, shown.response.content
    best: list[dict[str, Any]] = select_options(shown.response.message)
    assert best and all(len(o["label"]) <= LIMIT and len(o.get("description") or "") <= LIMIT for o in best)
    assert all("…" not in o["label"] for o in best)


async def test_the_hand_message_of_a_draw_of_60_fits_and_names_every_tile(simcord_env: Env) -> None:
    """Paying 20 blue draws 60 tiles, shown privately with the keep select: one line per kind of
    tile, copies counted ("2× Deep mine (A09) · …"), and the value and cost left to the picture
    when all of them would not fit Discord's 2,000 characters (it once ran to 3,300, cut)."""
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me, _other = await _to_planning(table)
    state = await table.state()
    state["seats"][seat]["tokens"]["blue"] = 20
    await force(table, state)
    await play(table, me, "plan 20")
    left = (await table.state())["seats"][seat]["draws_left"]
    await play(table, me, "draw basic 40")
    last = await play(table, me, f"draw advanced {left - 40}")
    drawn = GAME.view(await table.state(), seat)["drawn"]
    assert len(drawn) == left >= 60
    (shown,) = [m for m in [last.response, *last.followups] if m is not None and "keep" in m.content]
    assert len(shown.content) < CONTENT_MAX and "…" not in shown.content
    assert all(f"({t})" in shown.content for t in drawn)


def test_a_small_draw_tells_each_tile_in_full() -> None:
    """Value and cost stay on every line while they fit: a plan of 1 draws 3."""
    state = GAME.new(2, {}, seed=3)
    state["seats"][0].update(drawn=["B01", "B01", "A06"], keep=1)
    lines = hand_lines(Tr("en"), state, 0)
    assert "• 2× He3 harvester (B01) · value 1 · costs 1 green" in lines
    assert any(line.startswith("• Automated robot factory (A06) · value 4") for line in lines)


async def test_a_plan_pays_more_than_40_blue_by_command_and_never_more_than_the_seat_holds(
    simcord_env: Env,
) -> None:
    """Blue tokens are unlimited: a seat holding 45 pays all 45 with ``/moonriser plan`` (Discord
    once refused any number over 40); paying more than it holds is the engine's refusal, in
    words, and changes nothing."""
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me, _other = await _to_planning(table)
    state = await table.state()
    state["seats"][seat]["tokens"]["blue"] = 45
    await force(table, state)
    before = await table.state()
    refused = await me.slash(table.thread, "moonriser plan", tokens=46)
    assert refused.ephemeral and "45" in refused.response.content, refused.response.content
    assert await table.state() == before
    await play(table, me, "plan 45")
    after = await table.state()
    assert after["seats"][seat]["tokens"]["blue"] == 0 and after["seats"][seat]["draws_left"] >= 135
