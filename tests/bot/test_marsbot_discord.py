"""MarsBot in a DM through the real bot: the card form, the person's reports, corrections by
undo, a restart, Czech, and a whole game through several generations to the solo record."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from simcord import Env

from bot.client import GameBot
from engine.core.game import replay
from engine.marsbot import GAME
from tests.bot.harness import left_nothing, moved
from tests.bot.marsbot_table import MarsBotTable, components, labels

MAX_MOVES = 400


def moved_cs(result: object) -> bool:
    """``moved`` for a Czech player: a new post, or the edited one and no reply left behind."""
    return moved(result)


async def until_card_question(table: MarsBotTable) -> dict:
    """Reports ``done`` until MarsBot asks for a revealed project card."""
    for _ in range(10):
        state = await table.state()
        if state["question"] and state["question"]["kind"] == "card":
            return state
        assert state["question"] is None, state["question"]
        assert moved(await table.play("done"))
    raise AssertionError("MarsBot never asked for a card")


async def test_only_in_a_dm_and_one_game_at_a_time(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    member = guild.add_member(simcord_env.create_user("erin"))
    refused = await member.slash(channel, "marsbot new")
    assert refused.ephemeral and "direct message" in refused.response.content
    assert await simcord_env.bot.store.open_table_in(channel.id) is None  # type: ignore[attr-defined]
    table = await MarsBotTable.open(simcord_env)
    opened = await table.start(difficulty="hard")
    assert not opened.ephemeral
    assert "**Hard**" in opened.response.content and "top **3** project cards" in opened.response.content
    again = await table.start()
    assert again.ephemeral and "already running" in again.response.content
    (post,) = table.posts()
    assert labels(post) == ["Tile", "Parameter", "Attack on MarsBot", "Milestone / award", "End turn", "Pass"]
    assert post.attachments[0].size < 500_000
    described = post.attachments[0].description or ""
    assert "Generation 1. MarsBot: TR 20, 0 M€" in described and "oceans 0 of 9" in described


async def test_a_revealed_card_by_the_form_and_a_bad_cost_changes_nothing(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start()
    await until_card_question(table)
    board = table.posts()[-1]
    assert "Turn over the **top card of MarsBot's action pile**" in board.content
    assert labels(board)[0] == "Card revealed…"
    form = await table.person.click(board, label="Card revealed…")
    assert form.ephemeral and "no tags" in form.response.content
    assert "Wild" not in labels(form.response) and "Venus" not in labels(form.response)  # base game
    form = await table.person.click(form.response, label="Building")
    form = await table.person.click(form.response, label="Space")
    form = await table.person.click(form.response, label="Event")
    form = await table.person.click(form.response, label="⌫ Remove last")
    assert "**Building, Space** (2 of at most 4)" in form.response.content
    before = await table.row()
    details = await table.person.click(form.response, label="Details…")
    assert details.modal is not None and details.modal["title"] == "Card: Building, Space"
    # a medium game without C03 uses neither the requirement nor the VP: the form asks the cost alone
    assert "mbf:extras" not in str(details.modal) and "mbf:cost" in str(details.modal)
    typed = {"mbf:cost": "x9"}
    bad = await table.person.submit_modal(details, typed)
    assert bad.ephemeral and "whole number from 0 to 99" in bad.response.content
    assert (await table.row()).version == before.version
    details = await table.person.click(form.response, label="Details…")
    done = await table.person.submit_modal(details, {"mbf:cost": "14"})
    assert moved(done)
    state = await table.state()
    assert state["played"][-1] == {"tags": ["building", "space"], "cost": 14, "req": None, "vp": None}
    # building 0 -> 1 (nothing); space 0 -> 1 is "advance this track again": space 2
    assert state["tracks"]["building"] == 1 and state["tracks"]["space"] == 2
    post = table.posts()[-1].content
    assert "Move MarsBot's **building** cube from 0 to **1**" in post
    assert "**Your turn.**" in post


async def test_reports_by_buttons_offer_only_legal_spaces(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=5)
    await table.start()
    board = table.posts()[-1]
    asked = await table.person.click(board, label="Tile")
    assert asked.ephemeral
    kinds = [o["label"] for o in components(asked.response)[0]["options"]]
    assert kinds == ["ocean", "greenery", "city", "special tile"]
    rows = await table.person.select(asked.response, ["ocean"])
    row_options = [o["value"] for o in components(rows.response)[0]["options"]]
    # every row: an ocean may go off the ocean spaces too (Artificial Lake), as in the base game
    assert row_options == ["A", "B", "C", "D", "E", "F", "G", "H", "I"]
    spaces = await table.person.select(rows.response, ["E"])
    offered = [o["label"] for o in components(spaces.response)[0]["options"]]
    assert offered[2:5] == ["🌊 E4 (2 plants)", "🌊 E5 (2 plants)", "🌊 E6 (2 plants)"]  # the ocean spaces
    assert offered[:2] == ["E1 (2 plants)", "E2 (2 plants)"] and "E3" not in str(offered)  # land; not Noctis
    await table.person.select(spaces.response, ["E5"])
    state = await table.state()
    assert state["map"]["E5"] == {"tile": "ocean", "owner": "person"} and state["params"]["oceans"] == 1
    taken = await table.play("tile city E5")
    assert taken.ephemeral and "E5 already holds a tile" in taken.response.content
    wrong = await table.play("tile greenery E4")
    assert wrong.ephemeral and "reserved for oceans" in wrong.response.content
    assert (await table.state())["map"] == {"E5": {"tile": "ocean", "owner": "person"}}


async def test_a_wrong_answer_is_corrected_with_what_marsbot_did_on_it(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start()
    asked = await until_card_question(table)
    wrong = await table.play("card power+power 9 noreq vp0")  # meant: one power tag
    assert moved(wrong)
    slipped = await table.state()
    # energy 1: advance again -> 2 (Venus, not played); the second tag: 3 = +3 TR
    assert slipped["tracks"]["energy"] == 3 and slipped["tr"] == asked["tr"] + 3
    posts = len(table.posts())
    undone = await table.person.click(table.posts()[-1], label="Undo")
    assert not undone.ephemeral and len(table.posts()) == posts, "the turn's post is edited, none added"
    post = table.posts()[-1].content
    assert "↩️ **dana** took back:" in post and "MarsBot plays a card" in post, post
    by_hand = next(line for line in post.splitlines() if line.startswith("🧹 On your table:"))
    assert "move MarsBot's **energy** cube back to 0;" in by_hand, "where it began, said once"
    assert by_hand.count("cube") == 1, by_hand
    assert f"move MarsBot's TR marker back to **{asked['tr']}**" in by_hand
    assert "put the revealed card back face down on top of the pile it came from" in by_hand
    assert "❓ MarsBot is again waiting to know what its revealed card shows." in post
    again = await table.state()
    assert again["question"] == asked["question"] and again["tracks"] == asked["tracks"]
    assert again["money"] == asked["money"] and again["tr"] == asked["tr"]
    assert moved(await table.play("card power 9 noreq vp0"))
    state = await table.state()
    assert state["tracks"]["energy"] == 2 and state["tr"] == asked["tr"] and len(state["played"]) == 1


async def test_undo_in_a_dm_that_also_holds_a_runarch_game(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    assert not (await table.person.slash("runarch solo")).ephemeral
    await table.start()
    assert moved(await table.play("raise temperature 2"))
    assert (await table.state())["params"]["temperature"] == -26
    await table.person.slash("marsbot undo")
    assert (await table.state())["params"]["temperature"] == -30
    # the Undo button under the board finds its own table among the DM's two
    assert moved(await table.play("raise temperature 2"))
    undone = await table.person.click(table.posts()[-1], label="Undo")
    assert undone.response is not None and "Several of your tables" not in undone.response.content
    assert (await table.state())["params"]["temperature"] == -30


@pytest.mark.both_backends
async def test_a_whole_game_in_czech_with_a_correction_and_a_restart(
    simcord_env: Env, make_bot: Callable[[], GameBot], user_locales: dict[int, str]
) -> None:
    table = await MarsBotTable.open(simcord_env, seed=11, name="jana")
    user_locales[table.person.id] = "cs"
    opened = await table.start(difficulty="hard")
    assert "Horní **3** karty projektů" in opened.response.content
    corrected = restarted = False
    generations: set[int] = set()
    for count in range(MAX_MOVES):
        row = await table.row()
        if row.status != "active":
            break
        state = row.state
        generations.add(state["generation"])
        notation = table.next_move(state)
        if not corrected and notation.startswith("card") and state["generation"] >= 2:
            assert moved_cs(await table.play("card none 0 noreq vp0"))  # a slip of the finger
            undone = await table.person.slash("marsbot undo")
            assert left_nothing(undone), "the turn's post shows the undo; no reply is left behind"
            assert (await table.state())["question"] == state["question"]
            post = table.posts()[-1].content
            assert "↩️ **jana** bere zpět:" in post and "🧹 Na svém stole:" in post, post
            assert "vrať otočenou kartu lícem dolů navrch balíčku" in post
            assert "❓ MarsBot znovu čeká na odpověď: co ukazuje otočená karta." in post
            table.moves.pop()
            corrected = True
        result = await table.play(notation)
        assert moved_cs(result), f"{notation}: {result.response.content if result.response else result}"
        if count == 40 and not restarted:
            await simcord_env.restart_bot(make_bot())
            restarted = True
    row = await table.row()
    assert row.status == "finished", row.state["phase"]
    state = row.state
    seen = (sorted(generations), table.moves[-5:])
    assert (corrected, restarted, state["ended"]) == (True, True, "scored"), seen
    assert len(generations) >= 3
    outcome = GAME.outcome(state)
    assert outcome is not None and state["ended"] == "scored" and outcome.scores[0] == 71
    moves = await simcord_env.bot.store.moves(row.id)  # type: ignore[attr-defined]
    log = [(m.seat, m.notation) for m in moves]
    assert replay(GAME, 1, row.options, row.seed, log, GAME.content(state)) == state
    texts = "\n".join(m.content for m in table.dm.history())
    assert "Generace 2" in texts and "Tah MarsBota" in texts and "Tvůj tah" in texts
    # The result gives the person's score first, as the solo board below does ("prohra 71:80").
    said = "**Vyhráváš** 71:" if outcome.places[0] == 1 else "**Vyhrává MarsBot**, prohráváš 71:"
    assert f"{said}{outcome.scores[1]}" in texts
    results = await simcord_env.bot.store.results(row.id)  # type: ignore[attr-defined]
    mine = next(r for r in results if r.user_id == table.person.id)
    assert mine.score == 71 and mine.level == "hard"
    # The solo board of the level shows the game: the score, MarsBot's, the result and the generation.
    board = await table.person.slash("leaderboard", game="marsbot", variant="solo::hard")
    assert board.response is not None
    (picture,) = board.response.attachments
    heading, line, *_ = (picture.description or "").splitlines()
    assert "MarsBot · sólo · vysoká" in heading
    result = "výhra" if outcome.places[0] == 1 else "prohra"
    generation = state["generation"]
    assert (
        line
        == f"1. jana: 71 (odehráno 1), nejlepší hra: {result} 71:{outcome.scores[1]} v {generation}. generaci"
    )


async def test_the_end_by_the_forms_values_then_the_score(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=8)
    await table.start()
    for _ in range(MAX_MOVES):
        state = await table.state()
        question = state["question"]
        if state["phase"] == "scoring":
            break
        assert moved(await table.play(table.next_move(state)))
    else:
        raise AssertionError("the game never reached its scoring")
    assert question["kind"] == "values" and "banker" in question["awards"]  # the person funded it
    board = table.posts()[-1]
    shown = await table.person.click(board, label="Enter your values")
    fields = [c["components"][0] for c in shown.modal["components"]]
    assert [f["custom_id"] for f in fields] == [f"mba:{a}" for a in question["awards"]]
    assert fields[0]["label"] in ("Landlord", "Banker", "Scientist", "Thermalist", "Miner")
    typed = {f["custom_id"]: "6" for f in fields}
    assert moved(await table.person.submit_modal(shown, typed))
    state = await table.state()
    assert state["question"]["kind"] == "total"
    board = table.posts()[-1]
    assert "Enter your score" in labels(board)
    shown = await table.person.click(board, label="Enter your score")
    refused = await table.person.submit_modal(shown, {"mba:total": "-4"})
    assert refused.ephemeral and "whole number from 0 to 999" in refused.response.content
    assert (await table.row()).status == "active"
    shown = await table.person.click(board, label="Enter your score")
    assert moved(await table.person.submit_modal(shown, {"mba:total": "64"}))
    row = await table.row()
    assert row.status == "finished"
    outcome = GAME.outcome(row.state)
    assert outcome is not None and outcome.scores[0] == 64
    last = table.dm.history()[-1].content
    assert "64" in last and str(outcome.scores[1]) in last
    final = row.state["final"]
    assert (
        f"MarsBot scores **{outcome.scores[1]}** in generation {row.state['generation']}: TR {final['tr']},"
        in last
    )


async def test_a_failure_after_the_move_is_saved_does_not_claim_nothing_changed(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start()
    before = await table.row()
    adapters = simcord_env.bot.tables.adapters  # type: ignore[attr-defined]

    def broken(*_: object) -> bytes:
        raise RuntimeError("the picture cannot be drawn")

    monkeypatch.setitem(adapters, "marsbot", dataclasses.replace(adapters["marsbot"], render_board=broken))
    failed = await table.play("raise temperature 2")
    assert failed.ephemeral and "if your move shows there, it was made" in failed.response.content
    assert "Nothing was changed" not in failed.response.content
    saved = await table.row()
    assert saved.version == before.version + 1 and saved.state["params"]["temperature"] == -26
    monkeypatch.undo()
    again = await table.play("raise temperature 2")  # the next move stands on the saved one
    assert moved(again)
    assert (await table.state())["params"]["temperature"] == -22


async def test_taking_from_marsbot_at_0_megacredits_is_refused_and_not_logged(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env)
    await table.start()
    assert (await table.state())["money"] == 0
    before = await table.row()
    refused = await table.person.slash("marsbot take", amount=99)
    assert refused.ephemeral and refused.response is not None
    assert refused.response.content == "MarsBot has 0 M€: there is nothing to take, so nothing was reported."
    assert (await table.row()).version == before.version
    assert await simcord_env.bot.store.moves(before.id) == []  # type: ignore[attr-defined]
