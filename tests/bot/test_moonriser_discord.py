"""Moonriser's Discord side as a player meets it: the placement preview, the Place picker,
autocomplete that offers only legal choices, the private hand, and refusals that change nothing."""

from __future__ import annotations

import re
from typing import Any

from simcord import Env

from bot.i18n import Tr
from cogs.moonriser.labels import tile_name, tokens_words
from engine.moonriser.game import GAME
from engine.moonriser.placement import check_place, placements
from tests.bot.marsbot_table import components, labels
from tests.bot.moonriser_table import MoonTable, first_select, play


async def to_development(table: MoonTable) -> tuple[int, object]:
    """Bases down, three tiles kept each, the first player skips planning: their Phase II."""
    while (await table.state())["phase"] in ("base", "setup_keep"):
        for seat in await table.awaited():
            state = await table.state()
            await play(table, await table.person_at(seat), GAME.bot_move(state, seat, "normal").notation)
    (seat,) = await table.awaited()
    person = await table.person_at(seat)
    await play(table, person, "plan 0")
    assert (await table.state())["phase"] == "develop"
    return seat, person


async def test_a_placement_is_previewed_privately_and_built_only_on_confirm(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    move = next(m for m in GAME.legal_moves(state, seat) if m.kind == "place")
    tile, field, rotation, source = move.args
    boards = len(table.boards())
    shown = await me.slash(
        table.thread, "moonriser place", tile=f"{tile}@{source}", field=field, rotation=int(rotation)
    )
    assert shown.ephemeral and shown.response.attachments[0].filename == "preview.png"
    assert f"**{field}**" in shown.response.content and "costs" in shown.response.content
    # The price shown is what the build will take (the engine's price, symbol tokens aside).
    priced = check_place(state, seat, tile, field, int(rotation), source)
    assert f"It costs {tokens_words(Tr('en'), priced.cost)};" in shown.response.content
    assert f"{priced.vp:+d} VP" in shown.response.content
    assert await table.state() == state and len(table.boards()) == boards  # nothing played yet
    cancelled = await me.click(shown.response, label="Cancel")
    assert "nothing was played" in cancelled.response.content
    assert await table.state() == state
    shown = await me.slash(
        table.thread, "moonriser place", tile=f"{tile}@{source}", field=field, rotation=int(rotation)
    )
    await me.click(shown.response, label="Confirm")
    after = await table.state()
    assert after["tiles"][field]["tile"] == tile and after["tiles"][field]["rot"] == int(rotation)
    paid = {
        c: state["seats"][seat]["tokens"][c] + priced.gain.get(c, 0) - after["seats"][seat]["tokens"][c]
        for c in ("blue", "red", "green")
    }
    assert paid == {c: priced.cost.get(c, 0) for c in ("blue", "red", "green")}


async def test_a_preview_confirmed_after_the_board_moved_on_is_refused(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    move = next(m for m in GAME.legal_moves(state, seat) if m.kind == "place")
    tile, field, rotation, source = move.args
    shown = await me.slash(
        table.thread, "moonriser place", tile=f"{tile}@{source}", field=field, rotation=int(rotation)
    )
    await play(table, me, "done")  # the board moves on while the preview is open
    moved_on = await table.state()
    late = await me.click(shown.response, label="Confirm")
    assert late.ephemeral and "changed" in (late.response.content or late.followups[-1].content)
    assert await table.state() == moved_on and field not in moved_on["tiles"]


async def test_an_illegal_placement_gets_a_private_reason_and_no_preview(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    taken = next(iter(state["tiles"]))
    hand = GAME.view(state, seat)["hand"]
    refused = await me.slash(table.thread, "moonriser place", tile=hand[0], field=taken, rotation=0)
    assert refused.ephemeral and not refused.response.attachments
    assert taken in refused.response.content
    nowhere = await me.slash(table.thread, "moonriser place", tile=hand[0], field="Z99", rotation=0)
    assert nowhere.ephemeral and "no field Z99" in nowhere.response.content
    assert await table.state() == state


async def test_the_place_button_builds_a_move_in_three_taps_when_the_suggestion_is_taken(
    simcord_env: Env,
) -> None:
    """Place → tile → Confirm: the preview opens on the tile's best placement, in the rotation
    that scores most on that field (issue 27: at most 4 taps when the suggestion is taken)."""
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    tile, source = next((m.args[0], m.args[3]) for m in GAME.legal_moves(state, seat) if m.kind == "place")
    taps = 1
    shown = await me.click(table.boards()[-1], label="Place a tile")
    assert shown.ephemeral
    step = await me.select(shown.response, [f"{tile}@{source}"], custom_id=first_select(shown.response))
    taps += 1
    message = step.response
    assert message.attachments and "Preview" in message.content
    assert "Suggested" in message.content
    field, rotation = re.search(r"on \*\*(\w+)\*\*, rotation (\d)", message.content).groups()
    vps = {p.rotation: p.vp for p in placements(state, seat, tile) if p.field == field and p.source == source}
    assert vps[int(rotation)] == max(vps.values())
    await me.click(message, label="Confirm")
    taps += 1
    assert taps <= 4
    built = (await table.state())["tiles"][field]
    assert (built["tile"], built["rot"]) == (tile, int(rotation))


async def test_autocomplete_offers_only_legal_tiles_fields_and_rotations(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    legal = [m.args for m in GAME.legal_moves(state, seat) if m.kind == "place"]
    tiles = await me.autocomplete(table.thread, "moonriser place", "tile", "")
    offered, playable = {c["value"] for c in tiles}, {f"{t}@{s}" for t, _, _, s in legal}
    assert offered <= playable and (offered == playable or len(tiles) == 25)
    tile, field, _, source = legal[0]
    fields = await me.autocomplete(table.thread, "moonriser place", "field", "", tile=f"{tile}@{source}")
    wanted = {f for t, f, _, s in legal if (t, s) == (tile, source)}
    assert {c["value"] for c in fields} <= wanted and fields
    assert all("costs" in c["name"] for c in fields)
    rotations = await me.autocomplete(
        table.thread, "moonriser place", "rotation", "", tile=f"{tile}@{source}", field=field
    )
    assert {c["value"] for c in rotations} == {
        int(r) for t, f, r, s in legal if (t, f, s) == (tile, field, source)
    }


async def test_the_hand_is_shown_only_to_its_player(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    hand = GAME.view(await table.state(), seat)["hand"]
    shown = await me.slash(table.thread, "moonriser hand")
    assert shown.ephemeral and shown.response.attachments[0].filename == "hand.png"
    assert f"({hand[0]})" in shown.response.content
    other = next(p for p in table.people if p is not me)
    assert not any(f"({hand[0]})" in m.content for m in table.thread.history(viewer=other))


async def test_a_placement_can_be_taken_back(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    before = await table.state()
    move = next(m for m in GAME.legal_moves(before, seat) if m.kind == "place" and m.args[3] == "hand")
    await play(table, me, move.notation)
    assert move.args[1] in (await table.state())["tiles"]
    await me.slash(table.thread, "undo")
    after = await table.state()
    assert move.args[1] not in after["tiles"] and after["seats"][seat] == before["seats"][seat]


async def test_the_rules_are_summarised_privately_in_the_readers_language(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    english = await table.people[0].slash(table.thread, "moonriser rules")
    assert english.ephemeral and "Planning" in english.response.embeds[0].description
    user_locales[table.people[1].id] = "cs"
    czech = await table.people[1].slash(table.thread, "moonriser rules")
    assert czech.ephemeral and "Plánování" in czech.response.embeds[0].description


async def test_the_board_pictures_are_described_in_words_without_hidden_tiles(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    move = next(m for m in GAME.legal_moves(state, seat) if m.kind == "place" and m.args[3] == "hand")
    await play(table, me, move.notation)
    await me.slash(table.thread, "moonriser board")
    board, details = table.boards()[-1].attachments
    words = board.description or ""
    assert f"{move.args[1]} " in words and "VP" in words and "Supply" in words
    assert all(p.name in words for p in table.people)
    assert "Tiles" in (details.description or "") and "each round" in (details.description or "")
    after = await table.state()
    hidden = (
        {t for row in after["seats"] for t in row["hand"]}
        - set(after["supply"])
        - {t["tile"] for t in after["tiles"].values()}
    )
    assert not any(tile_name(Tr("en"), after, t) in words for t in hidden)


async def test_leaving_a_game_of_three_is_asked_once_more_and_the_others_play_on(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=3, seed=5)
    (active,) = await table.awaited()
    mover = await table.person_at(active)
    leaver = next(p for p in table.people if p is not mover)
    before = await table.state()
    asked = await leaver.slash(table.thread, "moonriser resign")
    assert asked.ephemeral and "the others play on" in asked.response.content
    assert await table.state() == before  # nothing yet
    cancelled = await leaver.click(asked.response, label="Cancel")
    assert "nothing was played" in cancelled.response.content and await table.state() == before
    asked = await leaver.slash(table.thread, "moonriser resign")
    await play(table, mover, GAME.bot_move(before, active, "normal").notation)
    await leaver.click(asked.response, label="Confirm")  # the board moved on: leaving still applies
    row = await table.row()
    seat = next(s.seat for s in row.seats if s.user_id == leaver.id)
    assert row.state["seats"][seat]["resigned"] and row.status == "active"


def select_options(message: Any, action: str | None = None) -> list[dict[str, Any]]:
    """The options of a message's first select (of the board's select of ``action``)."""
    return next(
        c["options"]
        for c in components(message)
        if "options" in c and (action is None or c["custom_id"].split(":")[-1] == action)
    )


def select_id(message: Any, action: str) -> str:
    """The custom id of the board's select of ``action``."""
    return next(c["custom_id"] for c in components(message) if c["custom_id"].split(":")[-1] == action)


async def _to_planning(table: MoonTable) -> tuple[int, Any, Any]:
    while (await table.state())["phase"] in ("base", "setup_keep"):
        for seat in await table.awaited():
            state = await table.state()
            await play(table, await table.person_at(seat), GAME.bot_move(state, seat, "normal").notation)
    (seat,) = await table.awaited()
    me = await table.person_at(seat)
    other = next(p for p in table.people if p is not me)
    return seat, me, other


async def test_planning_and_drawing_is_one_choice_and_the_hand_picture_asks_what_to_keep(
    simcord_env: Env,
) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me, other = await _to_planning(table)
    logged = len(await table.bot.store.moves(table.table_id))
    board = table.boards()[-1]
    assert "Plan" not in labels(board), "paying is the board's select"
    options = {o["label"]: o["value"] for o in select_options(board, "plan")}
    assert "Pay 1 blue: draw 3 Basic, keep 1" in options and "Pay nothing: draw no tiles" in options
    assert "Pay 1 blue: draw 3 one by one, keep 1" in options  # the long way stays open
    plan = select_id(board, "plan")
    refused = await other.select(board, [options["Pay 1 blue: draw 3 Basic, keep 1"]], custom_id=plan)
    assert refused.ephemeral, "only the seat to plan may"
    assert len(await table.bot.store.moves(table.table_id)) == logged
    planned = await me.select(board, [options["Pay 1 blue: draw 3 Basic, keep 1"]], custom_id=plan)
    # The moves of the long way (Plan 1, then Draw Basic tapped three times), in one tap.
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[logged:]]
    assert made == ["plan 1", "draw basic", "draw basic", "draw basic"]
    drawn = GAME.view(await table.state(), seat)["drawn"]
    assert len(drawn) == 3
    # No "You drew" line per tile: one private message, the hand picture with the keep select.
    private = [m for m in planned.followups if m.ephemeral]
    assert len(private) == 1, [m.content for m in planned.followups]
    (keeping,) = private
    assert keeping.attachments[0].filename == "hand.png" and "Choose 1 to keep" in keeping.content
    assert not any("You drew:" in m.content for m in planned.followups)
    names = [tile_name(Tr("en"), await table.state(), t) for t in drawn]
    assert not any(n in m.content for n in names for m in table.thread.history(viewer=other))
    offered = select_options(keeping)
    assert len(offered) == 3 and all(o["label"] for o in offered)
    advice = GAME.bot_move(await table.state(), seat, "normal").args
    assert offered[0]["label"].startswith(tile_name(Tr("en"), await table.state(), advice[0]))
    kept = await me.select(keeping, ["2"])
    after = await table.state()
    assert after["phase"] == "develop" and GAME.view(after, seat)["drawn"] == []
    assert not any("You keep:" in m.content for m in kept.followups)


async def test_draw_select_and_draw_all_button_store_one_draw_per_tile(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me, _other = await _to_planning(table)
    board = table.boards()[-1]
    options = {o["label"]: o["value"] for o in select_options(board, "plan")}
    await me.select(
        board, [options["Pay 1 blue: draw 3 one by one, keep 1"]], custom_id=select_id(board, "plan")
    )
    logged = len(await table.bot.store.moves(table.table_id))
    assert "Draw 3 Basic" in labels(table.boards()[-1])
    board = table.boards()[-1]
    drawing = {o["label"]: o["value"] for o in select_options(board, "draw")}
    drew = await me.select(board, [drawing["Draw 1 Basic"]], custom_id=select_id(board, "draw"))
    assert not [m for m in drew.followups if m.ephemeral], "no private message per drawn tile"
    assert "Draw 2 Basic" in labels(table.boards()[-1])
    drew = await me.click(table.boards()[-1], label="Draw 2 Advanced")
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[logged:]]
    assert made == ["draw basic", "draw advanced", "draw advanced"]
    (keeping,) = [m for m in drew.followups if m.ephemeral]
    assert keeping.attachments[0].filename == "hand.png"
    assert len(GAME.view(await table.state(), seat)["drawn"]) == 3


async def test_undo_after_the_turn_ended_says_why_in_a_whole_sentence(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    _, me = await to_development(table)
    await play(table, me, "done")
    await play(table, me, "end")
    moved_on = await table.state()
    refused = await me.slash(table.thread, "undo")
    assert refused.ephemeral
    assert refused.response.content == "Your turn has ended, so its moves can no longer be taken back."
    assert await table.state() == moved_on
