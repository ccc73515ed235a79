"""Setting up by difficulty, expansions and corporation, and the research phase between
generations: the action deck's size, B16 shuffled back in, the bonus deck refilled from its
discard, the first player alternating, the draft's random positions."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import IllegalMove
from engine.marsbot.game import GAME
from tests.engine.marsbot_support import RULES_1, V2, answer_all, marsbot_turn, of, play_card, position

State = dict[str, Any]


def deck(options: dict) -> list[str]:
    return GAME.new(1, options, 3)["action_deck"]


@pytest.mark.parametrize(
    ("options", "projects", "extra"),
    [
        ({}, 3, []),
        ({"difficulty": "easy"}, 3, []),
        ({"difficulty": "hard"}, 3, []),
        ({"difficulty": "brutal"}, 4, []),
        ({"prelude": True}, 6, []),
        ({"prelude": True, "difficulty": "brutal"}, 7, []),
        ({"venus": True}, 3, ["B16"]),
    ],
)
def test_the_first_action_deck(options: dict, projects: int, extra: list[str]) -> None:
    cards = deck(options)
    assert cards.count("P") == projects
    bonus = [c for c in cards if c != "P"]
    assert len(bonus) == 1 + len(extra) and all(c in bonus for c in extra)
    state = GAME.new(1, options, 3)
    assert state["phase"] == "person" and state["first"] == "person" and state["tr"] == 20
    assert GAME.view(state, None)["action_deck"] == {"size": len(cards), "empty": False}


def test_the_bonus_deck_is_b01_to_b08_without_b06_with_venus() -> None:
    plain = GAME.new(1, {}, 5)
    assert sorted(plain["bonus_deck"] + [c for c in plain["action_deck"] if c != "P"]) == [
        f"B0{i}" for i in range(1, 9)
    ]
    venus = GAME.new(1, {"venus": True}, 5)
    cards = venus["bonus_deck"] + [c for c in venus["action_deck"] if c not in ("P", "B16")]
    assert sorted(cards) == ["B01", "B02", "B03", "B04", "B05", "B07", "B08"]


def test_the_seed_shuffles_the_decks() -> None:
    orders = {tuple(GAME.new(1, {}, seed)["bonus_deck"]) for seed in range(6)}
    assert len(orders) > 1
    assert GAME.new(1, {}, 4) == GAME.new(1, {}, 4)


def end_generation(state: State) -> tuple[State, list]:
    """The person passes; MarsBot plays what it has left (default answers)."""
    state, events = GAME.apply(state, 0, "pass")
    state, more, _ = answer_all(state)
    return state, events + more


@pytest.mark.parametrize(("options", "size"), [({}, 4), ({"difficulty": "brutal"}, 5), ({"venus": True}, 5)])
def test_each_generation_gets_a_new_action_deck(options: dict, size: int) -> None:
    state = position(options, action_deck=[], passed={"person": False, "marsbot": True})
    state["action_deck"] = []
    state, events = end_generation(state)
    assert state["generation"] == 2 and state["first"] == "marsbot"
    generation = of(events, "generation")
    cards = 4 if options.get("difficulty") == "brutal" else 3  # the research post says this game's number
    assert generation == [{"generation": 2, "first": "marsbot", "cards": cards}]
    # MarsBot, first in generation 2, has already played its first card
    assert len(state["action_deck"]) == size - 1
    assert state["passed"] == {"person": False, "marsbot": False}


def test_prelude_adds_its_three_cards_in_generation_1_only() -> None:
    state = position({"prelude": True}, passed={"person": False, "marsbot": True})
    state, _ = end_generation(state)
    assert len(state["action_deck"]) == 3  # 3 projects + 1 bonus, one already played


def test_b16_comes_back_every_generation() -> None:
    state = position({"venus": True}, passed={"person": False, "marsbot": True})
    state, events = end_generation(state)
    played_b16 = {"card": "B16"} in of(events, "bonus")
    assert ("B16" in state["action_deck"]) != played_b16
    state["action_deck"] = []
    state["passed"] = {"person": False, "marsbot": True}
    state["phase"] = "person"
    state, _ = end_generation(state)
    assert state["generation"] == 3 and state["first"] == "person"
    assert "B16" in state["action_deck"] and len(state["action_deck"]) == 5


def test_an_empty_bonus_deck_is_refilled_from_the_discard_without_removed_cards() -> None:
    state = position(
        passed={"person": False, "marsbot": True},
        bonus_deck=[],
        bonus_discard=["B03"],
        removed=["B01", "B05"],
    )
    state, events = end_generation(state)
    assert of(events, "bonus_reshuffled") == [{"size": 1}]
    assert state["removed"] == ["B01", "B05"]
    assert "B01" not in state["action_deck"] and "B05" not in state["action_deck"]


def test_the_first_player_alternates() -> None:
    state = position(passed={"person": False, "marsbot": True})
    firsts = []
    for _ in range(4):
        state["passed"] = {"person": False, "marsbot": True}
        state["action_deck"] = []
        state["phase"] = "person"
        state["question"] = None
        state["todo"] = []
        state, _ = end_generation(state)
        firsts.append(state["first"])
    assert firsts == ["marsbot", "person", "marsbot", "person"]


def test_the_draft_variant_tells_which_cards_to_set_aside() -> None:
    state = position({"draft": True}, passed={"person": False, "marsbot": True})
    _, events = end_generation(state)
    positions = of(events, "generation")[0]["draft_positions"]
    picks = positions["picks"]
    assert len(picks) == 4 and all(1 <= p <= 4 - r for r, p in enumerate(picks))
    assert 1 <= positions["discard"] <= 4
    brutal = position({"draft": True, "difficulty": "brutal"}, passed={"person": False, "marsbot": True})
    _, events = end_generation(brutal)
    assert of(events, "generation")[0]["draft_positions"]["discard"] is None


def test_marsbot_passes_when_its_deck_is_empty_and_the_person_plays_on() -> None:
    state, events = GAME.apply(position(), 0, "done")
    assert of(events, "passed") == [{"who": "marsbot"}] and state["passed"]["marsbot"]
    state, events = GAME.apply(state, 0, "done")
    assert of(events, "turn") == [{"who": "person"}] and state["phase"] == "person"


def test_after_the_person_passes_marsbot_plays_all_its_cards() -> None:
    state = position(action_deck=["P", "B02", "P"])
    state, first = GAME.apply(state, 0, "pass")
    state, second = GAME.apply(state, 0, "card building 3 noreq vp0")
    assert of(second, "bonus") == [{"card": "B02"}] and state["question"] == {"kind": "card", "why": "action"}
    state, third = GAME.apply(state, 0, "card space 3 noreq vp0")
    assert of(first + second + third, "passed") == [{"who": "person"}, {"who": "marsbot"}]
    assert state["generation"] == 2 and len(state["played"]) >= 2


# ----------------------------------------------------------------- corporations


def test_c02_cubes_white_resolves_a_card_black_raises_the_temperature_in_rules_1() -> None:
    state = position({"corporation": "C02"}, versions=RULES_1, tracks={"building": 5, "earth": 2})
    assert state["cubes"]["white"]["energy"] == [5, 9] and state["cubes"]["black"]["earth"][0] == 3
    after, events, asked = play_card(state, "building 3 noreq vp0", ["card science 4 noreq vp0"])
    assert asked[1] == {"kind": "card", "why": "white_cube"}
    assert after["tracks"]["science"] == 2 and 6 not in after["cubes"]["white"].get("building", [])
    assert of(events, "cube") == [{"track": "building", "space": 6, "colour": "white"}]
    assert after["params"]["temperature"] == -28  # rules 1: building 6's temperature step too
    after, _, _ = play_card(state, "earth 3 noreq vp0")
    assert after["params"]["temperature"] == -28 and after["tr"] == 21


def test_c05_removes_lobbyists_and_pays_for_requirements() -> None:
    state = GAME.new(1, {"corporation": "C05"}, 2)
    assert "B06" in state["removed"] and "B06" not in state["bonus_deck"] + state["action_deck"]
    venus = GAME.new(1, {"corporation": "C05", "venus": True}, 2)
    assert "B16" in venus["removed"] and "B16" not in venus["action_deck"]
    after, _, _ = play_card(position({"corporation": "C05"}), "science 3 req vp0")
    assert after["money"] == 2


def test_c09_starts_with_25_and_gains_2_whenever_earth_rises() -> None:
    state = position({"corporation": "C09"}, tracks={"earth": 2}, reached={"earth": 4})
    assert GAME.new(1, {"corporation": "C09"}, 2)["money"] == 25
    after, _, _ = play_card(state, "earth 3 noreq vp0")
    assert after["money"] == 25 + 2 and after["tracks"]["earth"] == 3


@pytest.mark.parametrize(("cost", "money"), [(19, 0), (20, 4), (35, 4)])
def test_c01_pays_4_for_expensive_cards(cost: int, money: int) -> None:
    """C01 (content 3; CX1 in content 2): „Kdykoli za MarsBota vyhodnocujete kartu s náklady 20 € či
    více, MarsBot získá 4 €.\""""
    after, _, _ = play_card(position({"corporation": "C01"}), f"science {cost} noreq vp0")
    assert after["money"] == money
    old, _, _ = play_card(position({"corporation": "CX1"}, versions=V2), f"science {cost} noreq vp0")
    assert old["money"] == money


def test_cx2_starts_with_a_plant_tag_and_grows_plants() -> None:
    state = GAME.new(1, {"corporation": "CX2"}, 2)
    assert state["corp_plants"] == 3 and state["tracks"]["plant"] == 1 and state["reached"]["plant"] == 1
    state = position({"corporation": "CX2"})
    after, _, _ = play_card(state, "microbe+animal 3 noreq vp0")
    assert after["corp_plants"] == 5 and after["tracks"]["plant"] == 3
    after["action_deck"] = []
    after["passed"] = {"person": False, "marsbot": True}
    after, _ = end_generation(after)
    assert after["corp_plants"] == 0 and after["tracks"]["plant"] == 4


def test_a_random_corporation_comes_from_the_seed() -> None:
    drawn = {GAME.new(1, {"corporation": "random"}, seed)["corporation"] for seed in range(12)}
    assert drawn <= {"C01", "C02", "C03", "C05", "C09", "CX2"} and len(drawn) > 1  # CX1: C01 in content 3
    assert (
        GAME.new(1, {"corporation": "random"}, 9)["corporation"]
        == GAME.new(1, {"corporation": "random"}, 9)["corporation"]
    )
    with pytest.raises(IllegalMove):
        GAME.new(1, {"corporation": "C99"}, 1)


def test_easy_and_brutal_as_options() -> None:
    assert GAME.info.level_option == "difficulty" and GAME.info.solo_automa
    assert GAME.info.options["difficulty"].choices == ("easy", "medium", "hard", "brutal", "custom")
    assert GAME.automated_seats(position()) == [1] and GAME.to_act(position()) == [0]
    after, _, _ = marsbot_turn(
        position({"difficulty": "easy"}, tracks={"science": 18}), ("P",), ["card science 1 noreq vp0"]
    )
    assert after["money"] == 3
