"""A Czech table's posts, as players read them in the thread: names declined by their role in
the sentence, several awaited players addressed in the plural, a player addressed as "ty"."""

from __future__ import annotations

import re

from simcord import Env

from bot.i18n import forms_table
from engine.manhattan.content import bombs, buildings
from engine.manhattan.game import GAME as MANHATTAN
from engine.moonriser.content import tiles
from engine.moonriser.game import GAME as MOONRISER
from tests.bot.manhattan_table import ManhattanTable
from tests.bot.manhattan_table import play as manhattan_play
from tests.bot.moonriser_table import MoonTable
from tests.bot.moonriser_table import play as moonriser_play
from tests.bot.test_czech_grammar import formal_words


async def test_a_czech_moonriser_post_declines_the_base_and_addresses_both_keepers_in_the_plural(
    simcord_env: Env,
) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    await table.people[0].slash(table.thread, "table language", language="cs")
    while (state := await table.state())["phase"] == "base":
        (seat,) = await table.awaited()
        move = MOONRISER.bot_move(state, seat, "normal")
        await moonriser_play(table, await table.person_at(seat), move.notation)
    posts = "\n".join(m.content for m in table.thread.history())
    placed = re.findall(r"🏠 \*\*\w+\*\* pokládá (Základn\w) \d na pole [A-Z]\d+\.", posts)
    assert placed == ["Základnu", "Základnu"], posts  # not "pokládá Základna 3"
    # A single player is "ty"; both keeping 3 of 5 tiles at the same time are named in the plural.
    assert "jsi na tahu" in posts
    assert state["phase"] == "setup_keep"
    last = table.boards()[-1].content
    both = sorted(p.mention for p in table.people)
    mentioned = re.findall(r"<@\d+>", last)
    assert sorted(mentioned) == both and "jste na tahu" in last and "jsi na tahu" not in last, last


async def test_a_czech_moonriser_player_is_told_privately_in_the_informal_singular(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    jana = table.people[1]
    user_locales[jana.id] = "cs"
    hand = await jana.slash(table.thread, "moonriser hand")
    assert hand.ephemeral
    assert "vidíš jen ty" in hand.response.content or "Nemáš" in hand.response.content, hand.response.content
    assert not formal_words(hand.response.content), hand.response.content


async def test_a_czech_manhattan_post_says_what_was_bought_in_the_accusative(simcord_env: Env) -> None:
    # seed 5: the $2 slot holds the start building F01, Dílna (with the published cards, content v2)
    table = await ManhattanTable.open(simcord_env, players=2, seed=5)
    await table.people[0].slash(table.thread, "table language", language="cs")
    (seat,) = await table.awaited()
    person = await table.person_at(seat)
    await manhattan_play(table, person, "place build L 1")
    bought = (await table.state())["seats"][seat]["buildings"][0]["card"]
    name = buildings()[bought].name["cs"]
    post = table.boards()[-1].content
    # The nominative ("kupuje Dílna") reads as broken Czech: the sentence asks for the accusative.
    assert forms_table("cs")[name]["acc"] != name, "a name whose accusative differs (Dílna -> Dílnu)"
    assert f"kupuje {forms_table('cs')[name]['acc']} ({bought}) z pole 1" in post, post


async def test_a_czech_manhattan_bomb_pick_is_told_privately_in_the_accusative(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    """The player's own pick is not acknowledged (issue 34: the card was on the picker); a pick the
    time limit makes for them is told to them privately (by DM), in Czech, the card in the
    accusative."""
    table = await ManhattanTable.open(simcord_env, players=2, seed=6, limit="1d")
    await table.bot.store.set_locale(table.table_id, "cs")
    for notation in (
        "place uni2 L",
        "done",
        "place mine2 L",
        "done",
        "place uni3 L",
        "done",
        "place factory2 L",
        "done",
    ):
        (seat,) = await table.awaited()
        await manhattan_play(table, await table.person_at(seat), notation)
    (seat,) = await table.awaited()
    designer = await table.person_at(seat)
    user_locales[designer.id] = "cs"
    await manhattan_play(table, designer, "place design E+S")
    (picker_seat,) = await table.awaited()
    person = await table.person_at(picker_seat)
    user_locales[person.id] = "cs"
    await simcord_env.advance_time(24 * 3600 + 60)
    (kept,) = set(MANHATTAN.view(await table.state(), picker_seat)["hand"])
    told = [m.content for m in person.user.dm_channel.history() if "Necháváš si" in m.content]
    acc = forms_table("cs")[bombs()[kept].name["cs"]]["acc"]
    assert acc != bombs()[kept].name["cs"], (
        "a name whose accusative differs (Dlouhá hlaveň -> Dlouhou hlaveň)"
    )
    assert any(f"Necháváš si {acc} ({kept})." in c for c in told), told


def _declines_differently(notation: str) -> bool:
    name = tiles().tiles[notation.split()[1]].name["cs"]
    return forms_table("cs")[name]["acc"] != name


async def test_a_czech_moonriser_post_says_what_was_built_in_the_accusative(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    await table.people[0].slash(table.thread, "table language", language="cs")
    for _ in range(80):
        state = await table.state()
        seat = (await table.awaited())[0]
        legal = MOONRISER.legal_moves(state, seat)
        # build a tile whose accusative differs ("Malou fúzní elektrárnu") as soon as one can be
        move = next((m for m in legal if m.kind == "place" and _declines_differently(m.notation)), None)
        move = move or MOONRISER.bot_move(state, seat, "normal")
        await moonriser_play(table, await table.person_at(seat), move.notation)
        if move.kind == "place":
            break
    else:
        raise AssertionError("nobody built a tile")
    built = tiles().tiles[move.args[0]].name["cs"]
    acc = forms_table("cs")[built]["acc"]
    posts = "\n".join(m.content for m in table.thread.history())
    assert f"staví {acc} na pole {move.args[1]}" in posts, posts
    assert acc != built and f"staví {built}" not in posts


async def test_a_czech_player_out_of_turn_is_told_who_plays_with_the_name_as_the_subject(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    """A nickname cannot decline ("čeká se na bob"): the sentence makes it the subject."""
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    await table.people[0].slash(table.thread, "table language", language="cs")
    (seat,) = await table.awaited()
    playing = await table.person_at(seat)
    other = next(p for p in table.people if p.id != playing.id)
    user_locales[other.id] = "cs"
    move = MOONRISER.bot_move(await table.state(), seat, "normal")
    refused = await moonriser_play(table, other, move.notation)
    assert refused.ephemeral
    told = refused.response.content
    assert f"Teď nejsi na tahu ty, ale {playing.name}." in told, told
    assert "čeká se na" not in told


async def test_a_czech_hosts_thread_names_the_host_in_brackets(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("hry")
    jana = guild.add_member(simcord_env.create_user("jana"))
    user_locales[jana.id] = "cs"
    opened = await jana.slash(channel, "moonriser new", players=2)
    assert not opened.ephemeral, opened.response.content
    name = channel.threads[-1].name
    assert name.endswith(": stůl (jana)") and "hráče" not in name, name
