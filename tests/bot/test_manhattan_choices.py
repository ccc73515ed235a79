"""What players stumbled on in The Manhattan Project, as they meet it on Discord: strike targets
named by player and colour (typing "2" once hit the wrong player), only blocking the bomb design,
contractors or own workers, typed names of spaces and workers, refusals in the reader's language
and the start bonus first."""

from __future__ import annotations

from simcord import Env

from engine.manhattan.content import space_of
from engine.manhattan.game import GAME
from tests.bot.manhattan_table import ManhattanTable, play
from tests.bot.test_manhattan_discord import components, message_of, mover, options, turn

COLOURS = ("Red", "Blue", "Green", "Yellow", "Purple")


async def _names(table: ManhattanTable) -> list[str]:
    return [(await table.person_at(seat)).name for seat in range(len(table.people))]


async def test_strike_targets_are_named_by_player_and_colour(simcord_env: Env) -> None:
    """The list once read "Blue (player 2)" while the value behind it was 0-based: typing 2 hit
    Green. Now every list names the player and colour, and a name or a colour is what is typed."""
    table = await ManhattanTable.open(simcord_env, players=3, seed=4)
    striker_seat, striker = await mover(table)
    names = await _names(table)
    await turn(table, "place strike1 L")
    targets = [s for s in range(3) if s != striker_seat]

    asked = await striker.click(table.boards()[-1], label="Air strike")
    shown = options(asked.response)
    assert [label for label, _ in shown] == [
        f"{names[s]} ({COLOURS[s]}): 1 fighter, 1 bomber" for s in targets
    ], "named by player and colour, in words with the right plural"
    assert not any("player" in label for label, _ in shown)

    offered = await striker.autocomplete(table.thread, "manhattan strike", "target", "")
    assert [c["name"] for c in offered] == [label for label, _ in shown]
    assert [c["value"] for c in offered] == [COLOURS[s].lower() for s in targets]

    state = await table.state()
    refused = await striker.slash(table.thread, "manhattan strike", target="2", what="fighter")
    assert refused.ephemeral and all(
        f"{names[s]} ({COLOURS[s]})" in refused.response.content for s in range(3)
    )
    assert await table.state() == state, "a number names nobody: nothing happens"

    _, second = targets
    await striker.slash(table.thread, "manhattan strike", target=names[second].upper(), what="fighter")
    after = await table.state()
    assert [after["seats"][s]["fighters"] for s in targets] == [1, 0], "the player typed is hit"
    assert "shoots down a fighter of" in table.boards()[-1].content


async def test_a_strike_target_may_be_typed_as_a_colour_in_czech(simcord_env: Env) -> None:
    table = await ManhattanTable.open(simcord_env, players=3, seed=4)
    striker_seat, striker = await mover(table)
    await turn(table, "place strike1 L")
    target = next(s for s in range(3) if s != striker_seat)
    czech = {0: "červený", 1: "Modrá", 2: "zelený"}[target]
    await striker.slash(table.thread, "manhattan strike", target=czech, what="bomber")
    assert (await table.state())["seats"][target]["bombers"] == 0


async def _designer(env: Env) -> ManhattanTable:
    """A table whose player to move has an engineer and a scientist at home."""
    table = await ManhattanTable.open(env, players=3, seed=6)
    for notations in (("place uni2 L", "done"), ("place mine2 L", "done"), ("place mine1 L", "done")):
        await turn(table, *notations)
    for notations in (("place uni3 L", "done"), ("place factory2 L", "done"), ("place air1 L", "done")):
        await turn(table, *notations)
    return table


async def test_the_bomb_design_may_be_taken_only_to_block_it(simcord_env: Env) -> None:
    """„Tuto akci nemusíte provést … jen proto, abyste políčko nebo kartu zablokovali": the picker
    asks whether to design bombs or only block the space."""
    table = await _designer(simcord_env)
    seat, me = await mover(table)
    offer = (await table.state())["offer"]
    asked = await me.click(table.boards()[-1], label="Main board")
    step = await me.select(message_of(asked.response), ["design"])
    choices = options(step.response)
    assert [value for _, value in choices] == ["-", "block"]
    assert (
        choices[0][0].startswith("Design bombs")
        and choices[1][0] == "Only block Bomb design: leave its action out"
    )
    await me.select(message_of(step.response), ["block"])
    state = await table.state()
    assert state["spaces"]["design"]["seat"] == seat and state["pending"] is None
    assert state["offer"] == offer and not any(row["hand"] for row in state["seats"])
    assert "only blocks Bomb design" in table.boards()[-1].content
    assert (await table.bot.store.moves(table.table_id))[-1].notation == "place design E+S block"


async def test_gained_workers_are_own_or_contractors_as_the_player_chooses(simcord_env: Env) -> None:
    """„Můžete si zvolit trvalé anebo smluvní pracovníky (pokud jsou k dispozici)": offered only
    when both kinds are there, the own worker first and the contractor beside it, one tap each."""
    table = await ManhattanTable.open(simcord_env, players=2, seed=4)
    seat, me = await mover(table)
    asked = await me.click(table.boards()[-1], label="Main board")
    select = next(c for c in components(asked.response) if "options" in c)
    offered = [(o["value"], o["description"]) for o in select["options"]]
    own = offered.index(("=place uni2 L", "1 engineer"))
    assert offered[own + 1] == ("=place uni2 L c1", "1 contractor engineer")
    await me.select(message_of(asked.response), ["=place uni2 L c1"])
    row = (await table.state())["seats"][seat]
    assert row["contract"]["E"] == 1 and row["home"]["E"] == 0
    assert "gets 1 engineer (1 as a contractor)" in table.boards()[-1].content
    # Laborers: every colour's four are in play from the start, so the three come as contractors
    # without a question.
    await turn(table, "done")
    other, them = await mover(table)
    asked = await them.click(table.boards()[-1], label="Main board")
    await them.select(message_of(asked.response), ["=place uni1 L"])
    assert (await table.state())["seats"][other]["contract"]["L"] == 3


async def test_spaces_and_workers_may_be_typed_by_name(simcord_env: Env) -> None:
    table = await ManhattanTable.open(simcord_env, players=2, seed=4)
    seat, me = await mover(table)
    await me.slash(table.thread, "manhattan place", space="Mine (left)", workers="1 laborer")
    state = await table.state()
    assert state["spaces"]["mine1"]["seat"] == seat
    mine = space_of(state, "mine1")
    assert mine is not None
    paid, ore = mine.cost["money"], mine.gains[0]["ore"]  # the table's content version's numbers
    said = f"places 1 laborer on Mine (left), pays ${paid} and gets {ore} uranium ore"
    assert said in table.boards()[-1].content


async def test_refusals_speak_the_readers_language(simcord_env: Env, user_locales: dict[int, str]) -> None:
    """A Czech player at an English table reads refusals in Czech, with names, not codes."""
    table = await ManhattanTable.open(simcord_env, players=2, seed=4)
    seat, me = await mover(table)
    user_locales[me.id] = "cs"
    unknown = await me.slash(table.thread, "manhattan place", space="nikde", workers="L")
    assert unknown.ephemeral and unknown.response.content == "Políčko nikde na hlavní desce není."
    unread = await me.slash(table.thread, "manhattan place", space="mine1", workers="xyz")
    assert unread.ephemeral and unread.response.content.startswith("„xyz“ jako pracovníky nepřečtu.")
    await me.slash(table.thread, "manhattan place", space="Důl (vlevo)", workers="dělník")
    assert (await table.state())["spaces"]["mine1"]["seat"] == seat
    taken = await me.slash(table.thread, "manhattan place", space="mine2", workers="L")
    assert (
        taken.ephemeral
        and "Hlavní desku už máš v tomto tahu za sebou (Důl (vlevo))" in taken.response.content
    )


async def test_in_the_bonus_phase_a_refusal_says_to_take_the_start_bonus(simcord_env: Env) -> None:
    table = await ManhattanTable.open(simcord_env, players=4, seed=4)
    state = await table.state()
    fourth = await table.person_at(state["order"][3])
    refused = await fourth.slash(table.thread, "manhattan place", space="mine2", workers="L")
    assert refused.ephemeral and "First take your start bonus" in refused.response.content
    assert "/manhattan bonus" in refused.response.content or "</manhattan bonus:" in refused.response.content
    # The typed helper plays the start bonus through the command's own option (``worker``).
    await play(table, fourth, "bonus S")
    assert (await table.state())["seats"][state["order"][3]]["home"]["S"] == 1
    assert GAME.to_act(await table.state())


async def test_the_rules_name_the_round_limit_as_a_safety_stop(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await ManhattanTable.open(simcord_env, players=2, seed=4)
    _, me = await mover(table)
    shown = await me.slash(table.thread, "manhattan rules")
    fields = {f["name"]: f["value"] for f in shown.response.embeds[0].to_dict()["fields"]}
    assert "Safety stop" in fields["The end"] and "40 rounds" in fields["The end"]
    user_locales[me.id] = "cs"
    czech = await me.slash(table.thread, "manhattan rules")
    fields = {f["name"]: f["value"] for f in czech.response.embeds[0].to_dict()["fields"]}
    assert "Pojistka" in fields["Konec hry"] and "40 kol" in fields["Konec hry"]


async def test_the_board_is_described_with_the_turn_order_and_the_grey_supply(simcord_env: Env) -> None:
    table = await ManhattanTable.open(simcord_env, players=2, seed=4)
    state = await table.state()
    names = await _names(table)
    board = table.boards()[-1]
    described = " ".join(a.description or "" for a in board.attachments)
    order = ", ".join(names[s] for s in state["order"])
    assert f"Turn order: {order}." in described
    assert (
        "Grey contractors in the common supply: 4 contractor laborers + 4 contractor engineers" in described
    )
    assert "0 bomb cards in hand" in described and "1 bomb cards" not in described


async def test_the_private_pictures_of_bomb_cards_are_described(simcord_env: Env) -> None:
    table = await _designer(simcord_env)
    await turn(table, "place design E+S")
    _, me = await mover(table)
    asked = await me.click(table.boards()[-1], label="Pick a bomb")
    replies = [m for m in [asked.response, *asked.followups] if m is not None]
    pictures = [a for m in replies for a in m.attachments if a.filename == "draft.png"]
    (drafted,) = pictures
    assert drafted.description.startswith("The bomb designs passed to you: ")
    card = (await table.state())["pending"]["cards"][0]
    await play(table, me, f"pick {card}")
    shown = await me.slash(table.thread, "manhattan bombs")
    (picture,) = shown.response.attachments
    assert picture.description.startswith("Your bomb cards: ") and f"({card})" in picture.description


CZECH_COLOURS = ("červený", "modrý", "zelený", "žlutý", "fialový")


async def test_a_refusal_lists_every_player_however_long_the_list(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    """Five players' names and colours run past the 40 characters a refusal quotes of what was
    typed: the list was clipped like typed text and one player was left out. What the player typed
    is still quoted short; the bot's own list is whole, in either language."""
    table = await ManhattanTable.open(simcord_env, players=5, seed=4)
    names = await _names(table)
    striker = table.people[0]
    state = await table.state()
    typed = "nobody " * 20
    for lang, colours in (("en", COLOURS), ("cs", CZECH_COLOURS)):
        user_locales[striker.id] = lang
        refused = await striker.slash(table.thread, "manhattan strike", target=typed, what="fighter")
        text = refused.response.content
        assert refused.ephemeral
        assert all(names[s] in text for s in range(5)), text
        assert all(colours[s].lower() in text.lower() for s in range(5)), text
        assert typed.strip() not in text and "nobody nobody" in text, "the typed text is quoted short"
    assert await table.state() == state
