"""The rulebook audit's corrections (rules version 2, ``engine.marsbot.rules``): each as the
rulebook says it, and a game stored before them replaying unchanged."""

from __future__ import annotations

import pytest

from engine.core import IllegalMove
from engine.core.game import replay
from engine.marsbot.game import GAME
from engine.marsbot.placement import person_spaces
from tests.engine.marsbot_support import RULES_1, marsbot_turn, of, play_card, position, random_game

MAXED = {"temperature": 8, "oxygen": 14, "oceans": 9}


def test_a_new_game_plays_the_latest_rules_and_a_stored_game_the_version_it_names() -> None:
    assert GAME.new(1, {}, 3)["content"]["rules"] == 4  # 4: Hellas's Magnate counts green cards
    assert GAME.content(GAME.new(1, {}, 3))["rules"] == 4
    assert "rules" not in GAME.new(1, {}, 3, RULES_1)["content"]
    assert GAME.new(1, {}, 3, {**RULES_1, "rules": 2})["content"]["rules"] == 2
    with pytest.raises(ValueError, match="rules version 7"):
        GAME.new(1, {}, 3, {**RULES_1, "rules": 7})


def test_c03s_white_cube_resolves_a_card_instead_of_the_temperature_step() -> None:
    """„vyhodnoťte za MarsBota horní kartu projektu z balíčku (namísto zvýšení teploty)\""""
    state = position({"corporation": "C03"}, tracks={"building": 5})
    after, events, asked = play_card(state, "building 3 noreq vp0", ["card science 4 noreq vp0"])
    assert asked[1] == {"kind": "card", "why": "white_cube"}
    assert after["params"]["temperature"] == -30 and after["tr"] == 20  # no temperature step
    assert of(events, "cube") == [{"track": "building", "space": 6, "colour": "white", "instead": "temp"}]
    assert of(events, "action") == [{"track": "science", "space": 1, "action": "adv"}]
    assert after["tracks"]["science"] == 2 and len(after["played"]) == 2


def test_c03s_black_cube_still_raises_the_temperature() -> None:
    after, events, _ = play_card(position({"corporation": "C03"}, tracks={"earth": 2}), "earth 3 noreq vp0")
    assert after["params"]["temperature"] == -28 and after["tr"] == 21
    assert of(events, "cube") == [{"track": "earth", "space": 3, "colour": "black"}]


def test_c09_gains_2_when_a_final_greenery_moves_the_earth_cube() -> None:
    """„Kdykoli se zvýší MarsBotův stav na stupnici Země, MarsBot získá 2 €\" — the final greenery too."""
    top = {"params": dict(MAXED), "passed": {"person": False, "marsbot": True}, "first": "marsbot"}
    state = position({"corporation": "C09"}, tracks={"earth": 11}, money=0, **top)
    after, events = GAME.apply(state, 0, "pass")
    assert of(events, "final_greenery") == [{"track": "earth", "space": 12}]
    assert {"amount": 2, "total": 2, "why": "corporation"} in of(events, "money")
    old = position({"corporation": "C09"}, tracks={"earth": 11}, money=0, content=RULES_1, **top)
    before, events = GAME.apply(old, 0, "pass")
    assert of(events, "final_greenery") == [{"track": "earth", "space": 12}]
    assert before["money"] == after["money"] - 2


@pytest.mark.parametrize(
    ("move", "what"),
    [
        ("tile special E4", "Mohole Area: a tile on an ocean space"),
        ("tile ocean C4", "Artificial Lake: an ocean off the ocean spaces"),
        ("tile special C4", "any special tile on land"),
        ("tile city E3", "Noctis City on its own space"),
    ],
)
def test_the_person_reports_what_the_base_game_allows(move: str, what: str) -> None:
    state, _ = GAME.apply(position(), 0, move)
    kind, space = move.split()[1:]
    assert state["map"][space] == {"tile": kind, "owner": "person"}, what
    if kind == "ocean":
        assert state["params"]["oceans"] == 1 and state["tr"] == 20


@pytest.mark.parametrize(
    ("move", "code"),
    [
        ("tile special E3", "marsbot.reserved_space"),
        ("tile ocean E3", "marsbot.reserved_space"),
        ("tile greenery E3", "marsbot.reserved_space"),
        ("tile greenery E4", "marsbot.ocean_space"),
        ("tile city E4", "marsbot.ocean_space"),
    ],
)
def test_the_base_game_refusals_stay(move: str, code: str) -> None:
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(position(), 0, move)
    assert refused.value.code == code


def test_the_pickers_offer_mohole_and_artificial_lake_spaces_but_not_noctis_for_a_special_tile() -> None:
    state = position()
    assert "E4" in person_spaces(state, "special") and "E3" not in person_spaces(state, "special")
    assert "C4" in person_spaces(state, "ocean") and "E3" not in person_spaces(state, "ocean")


def test_a_game_stored_before_rules_2_keeps_its_refusals() -> None:
    old = position(content=RULES_1)
    noctis, _ = GAME.apply(old, 0, "tile special E3")  # rules 1 took a special tile on Noctis' space
    assert noctis["map"]["E3"]["tile"] == "special"
    refusals = [("tile special E4", "marsbot.ocean_space"), ("tile ocean C4", "marsbot.not_ocean_space")]
    for move, code in refusals:
        with pytest.raises(IllegalMove) as refused:
            GAME.apply(old, 0, move)
        assert refused.value.code == code


@pytest.mark.parametrize(("seed", "corporation"), [(5, "C02"), (11, "C09"), (8, "C02")])
def test_a_game_stored_before_rules_2_replays_to_the_same_state(seed: int, corporation: str) -> None:
    """Its log, replayed with the content it names, gives the stored state (rules 1 stays rules 1)."""
    options = {"corporation": corporation, "difficulty": "hard"}
    final, log, _, _ = random_game(seed, options, content=RULES_1)
    assert "rules" not in final["content"]
    assert replay(GAME, 1, options, seed, [(0, m) for m in log], GAME.content(final)) == final


# ----------------------------------------------------------------- custom difficulty


def test_a_custom_level_plays_only_the_modifications_chosen() -> None:
    """„Můžete si obtížnost také nastavit individuálně tím, že zvolíte jen některé z navrhovaných úprav.\""""
    chosen = {"difficulty": "custom", "modifications": "card_vp+failed_3"}
    state = GAME.new(1, chosen, 4)
    assert state["options"]["modifications"] == "failed_3+card_vp"  # the rulebook's order
    assert state["action_deck"].count("P") == 3  # not the brutal four
    at_end = position(chosen, tracks={"science": 18})
    failed, _, _ = marsbot_turn(at_end, ("P",), ["card science 1 noreq vp0"])
    assert failed["money"] == 3  # the easy level's failed action
    again, events, _ = play_card(position(chosen), "space 1 noreq vp0")
    assert of(events, "ignored") == [] and again["tracks"]["space"] == 2  # "adv" is not ignored
    four = GAME.new(1, {"difficulty": "custom", "modifications": "four_cards"}, 4)
    assert four["action_deck"].count("P") == 4


def test_a_custom_level_with_nothing_chosen_plays_as_medium() -> None:
    medium = GAME.new(1, {"difficulty": "custom"}, 4)
    assert medium["options"]["modifications"] == ""
    failed, _, _ = marsbot_turn(
        position({"difficulty": "custom"}, tracks={"science": 18}), ("P",), ["card science 1 noreq vp0"]
    )
    assert failed["money"] == 5


def test_an_unknown_modification_is_refused_and_other_levels_store_no_modifications() -> None:
    with pytest.raises(IllegalMove) as refused:
        GAME.options({"difficulty": "custom", "modifications": "no_adv+cheat"})
    assert refused.value.code == "core.option_choice"
    assert "modifications" not in GAME.new(1, {"difficulty": "hard"}, 4)["options"]
    assert "modifications" not in GAME.new(1, {"difficulty": "hard", "modifications": "no_adv"}, 4)["options"]
