"""Issue 27, section 1: every tile can be read. The supply lies face up (a **Supply** button
shows its cards), and ``/moonriser tile`` shows any tile on the board, in the supply or in
your own hand privately to whoever asks (the turn's board post stays the thread's only post), and
never reveals another player's hand."""

from __future__ import annotations

import unicodedata

from simcord import Env

from bot.i18n import Tr
from cogs.moonriser.labels import tile_name
from engine.moonriser.game import GAME
from render.moonriser.supply import render_tile
from tests.bot.moonriser_table import MoonTable
from tests.bot.test_moonriser_discord import to_development


async def test_the_supply_button_shows_the_face_up_tiles_to_anyone(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    await to_development(table)
    state = await table.state()
    shown = await table.outsider.click(table.boards()[-1], label="Supply")
    assert shown.ephemeral and shown.response.attachments[0].filename == "supply.png"
    assert f"face up: {len(state['supply'])} tiles" in shown.response.content
    assert await table.state() == state


async def test_a_board_tile_is_shown_privately_with_its_owner_and_posts_nothing(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    field, entry = next((f, e) for f, e in state["tiles"].items() if e["owner"] != seat)
    owner = await table.person_at(entry["owner"])
    boards = len(table.boards())
    posts = len(table.thread.history())
    shown = await me.slash(table.thread, "moonriser tile", tile=field)
    assert shown.ephemeral and shown.response.attachments[0].filename == "tile.png"
    name = str(tile_name(Tr("en"), state, entry["tile"]))
    assert f"**{name}** ({entry['tile']}) on **{field}**: {owner.name}'s tile" in shown.response.content
    assert await table.state() == state and len(table.boards()) == boards  # no post, no move
    supplied = state["supply"][1]
    by_id = await me.slash(table.thread, "moonriser tile", tile=supplied)
    assert by_id.ephemeral and len(table.thread.history()) == posts
    assert f"in the common supply, no. 2 of {len(state['supply'])}" in by_id.response.content


async def test_your_hand_is_answered_privately_and_no_one_elses_hand_is_revealed(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    other = await table.person_at(1 - seat)
    mine = GAME.view(state, seat)["hand"][0]
    private = await me.slash(table.thread, "moonriser tile", tile=f"hand:{mine}")
    assert private.ephemeral and "only you can see this" in private.response.content
    assert private.response.attachments
    visible = set(state["supply"]) | {e["tile"] for e in state["tiles"].values()}
    theirs = next(
        t for t in state["seats"][1 - seat]["hand"] if t not in visible | set(state["seats"][seat]["hand"])
    )
    hidden = await me.slash(table.thread, "moonriser tile", tile=theirs)
    nowhere = await me.slash(table.thread, "moonriser tile", tile="Z77")
    assert hidden.ephemeral and hidden.response.content.replace(
        theirs, "?"
    ) == nowhere.response.content.replace("Z77", "?")
    assert "is on the board, in the supply or in your hand" in hidden.response.content
    free = next(f for f in GAME.view(state, None)["fields"] if f not in state["tiles"])
    empty = await other.slash(table.thread, "moonriser tile", tile=free)
    assert empty.ephemeral and f"There is no tile on {free}." in empty.response.content
    assert await table.state() == state


async def test_autocomplete_offers_the_board_the_supply_and_only_your_own_hand(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    offered = await me.autocomplete(table.thread, "moonriser tile", "tile", "")
    values = {c["value"] for c in offered}
    assert {f"field:{f}" for f in state["tiles"]} <= values
    assert {f"supply:{i}" for i in range(1, len(state["supply"]) + 1)} <= values
    assert {f"hand:{t}" for t in state["seats"][seat]["hand"]} <= values
    assert not any(v.startswith("hand:") and v[5:] not in state["seats"][seat]["hand"] for v in values)
    some = next(iter(state["tiles"]))
    narrowed = await me.autocomplete(table.thread, "moonriser tile", "tile", some)
    assert narrowed and all(some.lower() in c["name"].lower() for c in narrowed)


async def test_czech_readers_get_czech_answers(simcord_env: Env, user_locales: dict[int, str]) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    _, me = await to_development(table)
    user_locales[me.id] = "cs"
    state = await table.state()
    field = next(iter(state["tiles"]))
    shown = await me.slash(table.thread, "moonriser tile", tile=field)
    assert f"na poli **{field}**: " in shown.response.content and "otočení" in shown.response.content


async def test_a_czech_name_typed_without_diacritics_is_found(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    """Czech players often type without háčky and čárky: "rafinerie kovu" finds Rafinérie kovů, in
    the autocomplete of ``/moonriser tile`` and ``/moonriser place`` and typed whole."""
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    user_locales[me.id] = "cs"
    state = await table.state()
    placeable = [m.args[0] for m in GAME.legal_moves(state, seat) if m.kind == "place"]
    tile, name = next((t, n) for t in placeable if not (n := str(tile_name(Tr("cs"), state, t))).isascii())
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    looked = await me.autocomplete(table.thread, "moonriser tile", "tile", plain)
    assert any(name in c["name"] for c in looked), (plain, looked)
    placing = await me.autocomplete(table.thread, "moonriser place", "tile", plain)
    assert any(c["value"].startswith(f"{tile}@") for c in placing), (plain, placing)
    shown = await me.slash(table.thread, "moonriser tile", tile=plain)
    assert f"**{name}** ({tile})" in shown.response.content, shown.response.content


async def test_a_tile_on_the_board_is_drawn_as_it_lies(simcord_env: Env) -> None:
    """The card of a board tile shows its owner's colour, its rotation and its upgrade (it was
    drawn as in the supply: the field was looked for under the title "B3 · alice")."""
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    _, me = await to_development(table)
    state = await table.state()
    field, entry = next((f, e) for f, e in state["tiles"].items())
    owner = await table.person_at(entry["owner"])
    shown = await me.slash(table.thread, "moonriser tile", tile=field)
    picture = await shown.response.attachments[0].read()
    title = f"{field} · {owner.name}"
    loose = render_tile(None, entry["tile"], Tr("en"), title, version=state["content"]["tiles"])
    as_it_lies = render_tile(GAME.view(state, None), entry["tile"], Tr("en"), title, field=field)
    assert picture != loose and picture == as_it_lies
