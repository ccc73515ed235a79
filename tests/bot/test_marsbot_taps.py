"""Issue 26, measured: a MarsBot project-card turn through buttons is End turn, the card's tags in
the list on the board post, Submit (3 taps); a bonus-card turn is End turn alone. The whole
measure over a scripted game: ``python -m bench.marsbot_taps``."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from simcord import Env

from bench.marsbot_taps import card_by_taps, components_of, control, preset
from bot.client import GameBot
from cogs.marsbot.tag_select import TagSelect
from engine.marsbot.setup import PROJECT
from tests.bot.harness import moved
from tests.bot.marsbot_table import MarsBotTable


async def before_marsbot_draws(table: MarsBotTable, wanted: Callable[[str], bool]) -> None:
    """End the person's turns (answering MarsBot by the commands, passing once its action pile is
    empty) until it is the person's turn and MarsBot's next card is ``wanted``."""
    for _ in range(40):
        state = await table.state()
        question = state["question"]
        deck = state["action_deck"]
        if question is None and state["phase"] == "person" and deck and wanted(deck[0]):
            return
        move = table.next_move(state) if question else "done" if deck else "pass"
        assert moved(await table.play(move))
    raise AssertionError("MarsBot never drew such a card")


async def end_turn(table: MarsBotTable, label: str = "End turn") -> None:
    ended = await table.person.click(table.posts()[-1], label=label)
    assert moved(ended)


async def test_a_card_with_one_tag_is_three_taps(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start()
    await before_marsbot_draws(table, lambda card: card == PROJECT)
    await end_turn(table)
    assert (await table.state())["question"]["kind"] == "card"
    taps = await card_by_taps(table.person, table.posts()[-1], (("science",), 9, False, "vp0"), {})
    assert 1 + taps == 3
    state = await table.state()
    # a medium game without C05 (C03 in content 2) uses neither the requirement nor the VP: not asked
    assert state["played"][-1] == {"tags": ["science"], "cost": 9, "req": None, "vp": None}
    assert "MarsBot plays a card: Science; 9 M€. Then put it on" in "".join(
        p.content for p in table.posts()[-2:]
    )
    assert state["question"] is None or state["question"]["kind"] != "card"


async def test_a_card_with_two_tags_printed_together_is_three_taps_and_keeps_their_order(
    simcord_env: Env,
) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start()
    await before_marsbot_draws(table, lambda card: card == PROJECT)
    await end_turn(table)
    board = table.posts()[-1]
    offered = [o["label"] for o in _tag_list(board)["options"]]
    assert "Space + Event" in offered and "Power + Building" in offered and offered[-1] == "No tags"
    assert "Venus" not in offered and "Wild" not in offered  # the base game
    taps = await card_by_taps(table.person, board, (("space", "event"), 14, False, "vp0"), {})
    assert 1 + taps == 3
    assert (await table.state())["played"][-1]["tags"] == ["space", "event"]


async def test_two_tags_chosen_apart_come_in_their_usual_printed_order_and_the_form_can_change_it(
    simcord_env: Env,
) -> None:
    """On the hard level with C05 (both the requirement and the VP count) the requirement is told
    by the list the tags are picked in, and the form asks the order and the VP (the hard level
    asks only whether the VP is negative)."""
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start(difficulty="hard", corporation="C05")
    await before_marsbot_draws(table, lambda card: card == PROJECT)
    await end_turn(table)
    board = table.posts()[-1]
    shown = await table.person.select(board, ["space", "city"], custom_id=_list_id(board, "req"))
    assert shown.modal is not None and shown.modal["title"] == "Card: City, Space, with a requirement"
    order = control(shown.modal, "mbf:order")
    assert order is not None and preset(order) == "city.space"
    assert [o["label"] for o in order["options"]] == ["City, Space", "Space, City"]
    extras = control(shown.modal, "mbf:extras")
    assert extras is not None and preset(extras) == "-:vp0+" and len(extras["options"]) == 2
    typed = {"mbf:order": ["space.city"], "mbf:cost": "28", "mbf:extras": ["-:vp0+"]}
    assert moved(await table.person.submit_modal(shown, typed))
    post = table.posts()[-1].content
    assert "MarsBot plays a card: Space, City; 28 M€, has a requirement, no negative VP" in post


async def test_the_tag_list_still_answers_after_a_restart(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start()
    await before_marsbot_draws(table, lambda card: card == PROJECT)
    await end_turn(table)
    await simcord_env.restart_bot(make_bot())
    taps = await card_by_taps(table.person, table.posts()[-1], (("power", "building"), 11, False, "vp0"), {})
    assert taps == 2
    assert (await table.state())["played"][-1]["tags"] == ["power", "building"]


async def test_the_hard_level_asks_only_whether_the_vp_is_negative(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start(difficulty="hard")
    await before_marsbot_draws(table, lambda card: card == PROJECT)
    await end_turn(table)
    shown = await table.person.select(table.posts()[-1], ["science"])
    extras = control(shown.modal, "mbf:extras")
    assert extras is not None and [o["label"] for o in extras["options"]] == ["no negative VP", "negative VP"]
    assert moved(await table.person.submit_modal(shown, {"mbf:cost": "9", "mbf:extras": ["-:vp-"]}))
    assert (await table.state())["played"][-1] == {"tags": ["science"], "cost": 9, "req": None, "vp": "neg"}
    said = "".join(p.content for p in table.posts()[-2:])
    assert "MarsBot plays a card: Science; 9 M€, negative VP. Then" in said


async def test_impossible_tag_choices_are_refused_kindly_and_change_nothing(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start()
    await before_marsbot_draws(table, lambda card: card == PROJECT)
    await end_turn(table)
    before = await table.row()
    board = table.posts()[-1]
    mixed = await table.person.select(board, ["none", "building"])
    assert mixed.ephemeral and "either No tags or its tags" in mixed.response.content
    five = await table.person.select(board, ["earth.space.event", "jovian", "power"])
    assert five.ephemeral and "at most 4 tags" in five.response.content
    assert (await table.row()).version == before.version
    # the tag-by-tag form stays for a card with a tag printed twice (Research)
    taps = await card_by_taps(table.person, board, (("science", "science"), 11, False, "vp+"), {})
    assert taps == 1 + 2 + 1 + 1  # Card revealed…, the two tags, Details…, Submit
    assert "MarsBot plays a card: Science, Science; 11 M€" in table.posts()[-1].content
    # the answered question's post no longer offers the list
    answered = next(m for m in table.dm.history() if m.id == board.id)
    assert not [c for c in components_of({"components": _rows(answered)}) if c.get("type") == 3]


async def test_a_bonus_card_turn_is_one_tap(simcord_env: Env) -> None:
    """End turn alone: the bonus card resolves by itself. (B01 Meteor shower asks you about your
    plants, as before, and B08 may turn over a project card or the next bonus card.)"""
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start()
    await before_marsbot_draws(table, lambda card: card in ("B02", "B04", "B06", "B07"))
    turns = (await table.state())["turns"]
    await end_turn(table)
    state = await table.state()
    assert state["turns"] == turns + 1 and state["question"] is None and state["phase"] == "person"


async def test_the_tag_list_and_the_card_form_in_czech(
    simcord_env: Env, make_bot: Callable[[], GameBot], user_locales: dict[int, str]
) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    user_locales[table.person.id] = "cs"
    await table.start(venus=True, difficulty="hard", corporation="C05")
    await before_marsbot_draws(table, lambda card: card == PROJECT)
    await end_turn(table, "Konec tahu")
    board = table.posts()[-1]
    assert "vyber její symboly kategorií v seznamu níže" in board.content
    assert "u karty bez podmínky vyber symboly v **prvním seznamu**, u karty s podmínkou ve **druhém" in (
        board.content
    )
    lists = _tag_lists(board)
    assert [t["placeholder"] for t in lists] == [
        "Karta bez podmínky: vyber tady její symboly",
        "Karta s podmínkou: vyber tady její symboly",
    ]
    assert "Venuše + Mikrob" in [o["label"] for o in lists[0]["options"]]  # Venus Next: its combinations
    shown = await table.person.select(board, ["microbe", "venus"], custom_id=lists[0]["custom_id"])
    assert shown.modal is not None and shown.modal["title"].endswith(", bez podmínky")
    order = control(shown.modal, "mbf:order")
    assert order is not None and preset(order) == "venus.microbe"
    labels = [c.get("label") for c in components_of(shown.modal)]
    assert "Pořadí na kartě zleva doprava" in labels and "Vítězné body" in labels
    assert "Podmínka a vítězné body" not in labels


def _tag_list(message: object) -> dict:
    return _tag_lists(message)[0]


def _tag_lists(message: object) -> list[dict]:
    return [c for c in components_of({"components": _rows(message)}) if c.get("type") == 3]


def _list_id(message: object, requirement: str) -> str:
    """The custom id of the board's tag list for cards without (``noreq``) or with (``req``) a
    requirement."""
    return next(t["custom_id"] for t in _tag_lists(message) if t["custom_id"].endswith(f":{requirement}"))


@pytest.mark.parametrize(("difficulty", "requirement"), [("hard", True), ("hard", False), ("medium", True)])
async def test_with_c05_the_requirement_is_picked_with_the_tags_so_a_card_is_three_taps(
    simcord_env: Env, difficulty: str, requirement: bool
) -> None:
    """C05 counts a card's requirement: the board has a tag list for cards without one and one
    for cards with one, so a card with a requirement is End turn, its tags, Submit — 3 taps, as
    any other (the form asked it in a select of its own before: 4)."""
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start(difficulty=difficulty, corporation="C05")
    await before_marsbot_draws(table, lambda card: card == PROJECT)
    await end_turn(table)
    board = table.posts()[-1]
    assert "pick the tags in the **first list** for a card without one" in board.content
    assert [t["placeholder"] for t in _tag_lists(board)] == [
        "No requirement on the card: pick its tags here",
        "The card has a requirement: pick its tags here",
    ]
    taps = await card_by_taps(table.person, board, (("science",), 9, requirement, "vp+"), {})
    assert 1 + taps == 3
    state = await table.state()
    vp = "nonneg" if difficulty == "hard" else None  # not negative: all the hard level asks
    assert state["played"][-1] == {"tags": ["science"], "cost": 9, "req": requirement, "vp": vp}


def test_a_tag_list_posted_before_the_two_lists_still_answers() -> None:
    """A board posted before (one list, id ``mbt:<table>:<version>``) keeps working after the
    update: its list is read as the one list, whose form asks the requirement as before."""
    template = TagSelect.__discord_ui_compiled_template__  # type: ignore[attr-defined]
    old, no, yes = (template.fullmatch(i) for i in ("mbt:5:7", "mbt:5:7:noreq", "mbt:5:7:req"))
    assert old and no and yes
    assert (old["req"], no["req"], yes["req"]) == (None, "noreq", "req")


def _rows(message: object) -> list[dict]:
    found = getattr(message, "message", message)
    return [row if isinstance(row, dict) else row.to_dict() for row in found.components]  # type: ignore[attr-defined]
