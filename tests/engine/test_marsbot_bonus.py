"""MarsBot's bonus cards, each branch of each cascade, as the person plays them at the table: what
MarsBot gains or places, what the person is told to do, and whether the card is removed or goes
to the discard pile."""

from __future__ import annotations

from typing import Any

import pytest

from engine.marsbot.placement import rewards
from tests.engine.marsbot_support import FIRST_CONTENT, codes, marsbot_turn, of, position, tiles

State = dict[str, Any]


def bonus(state: State, card: str, answers: list[str] | None = None, values: dict | None = None) -> tuple:
    return marsbot_turn(state, (card,), answers or [], values)


def gone(state: State, card: str) -> str:
    """Where a resolved bonus card ended: ``removed`` or ``discard``."""
    if card in state["removed"]:
        return "removed"
    assert card in state["bonus_discard"]
    return "discard"


@pytest.mark.parametrize(("answer", "where"), [("plants yes", "removed"), ("plants no", "discard")])
def test_b01_asks_about_the_discarded_plants(answer: str, where: str) -> None:
    after, events, asked = bonus(position(), "B01", [answer])
    assert asked == [{"kind": "plants"}] and "discard_plants" in codes(events)
    assert gone(after, "B01") == where and after["money"] == 0


def test_b02_pays_5_or_2_and_a_floater_with_venus() -> None:
    after, events, _ = bonus(position(), "B02")
    assert after["money"] == 5 and "discard_animal" in codes(events) and gone(after, "B02") == "discard"
    after, _, _ = bonus(position({"venus": True}), "B02")
    assert after["money"] == 2 and after["floaters"] == 1


def test_b03_of_a_game_stored_with_version_1_advances_science_or_pays_5_at_its_end() -> None:
    after, _, _ = bonus(position(tracks={"science": 4}, versions=FIRST_CONTENT), "B03")
    assert after["tracks"]["science"] == 5 and after["money"] == 0 and gone(after, "B03") == "discard"
    after, _, _ = bonus(position(tracks={"science": 18}, versions=FIRST_CONTENT), "B03")
    assert after["tracks"]["science"] == 18 and after["money"] == 5


def test_b03_as_published_resolves_the_top_project_card_for_marsbot() -> None:
    shown = ["card science+building 12 noreq vp0"]
    after, events, asked = bonus(position(tracks={"science": 4}), "B03", shown)
    assert asked == [{"kind": "card", "why": "b03"}]
    assert after["tracks"]["science"] == 5 and after["tracks"]["building"] == 1 and after["money"] == 0
    assert after["played"][-1]["tags"] == ["science", "building"] and gone(after, "B03") == "discard"
    assert ("marsbot.card_needed", "b03") in [(e.code, e.params.get("why")) for e in events]


def test_b04_a_claims_a_milestone_and_is_removed() -> None:
    after, _, _ = bonus(position(tr=35), "B04")
    assert after["milestones"] == {"terraformer": "marsbot"} and gone(after, "B04") == "removed"


def test_b04_b_funds_an_award_from_generation_6() -> None:
    after, _, asked = bonus(position(generation=6, tracks={"energy": 3}), "B04")
    assert asked[0]["why"] == "fund" and after["awards"] == {"thermalist": "marsbot"}
    assert gone(after, "B04") == "removed" and after["money"] == 0
    lead = {"banker": 40, "scientist": 40, "thermalist": 40, "miner": 40}
    after, _, _ = bonus(position(generation=6), "B04", values=lead)
    assert after["awards"] == {} and after["money"] == 5 and gone(after, "B04") == "discard"


def test_b04_c_before_generation_6_pays_5() -> None:
    after, _, asked = bonus(position(generation=5, tracks={"energy": 3}), "B04")
    assert asked == [] and after["awards"] == {} and after["money"] == 5 and gone(after, "B04") == "discard"


def test_b05_places_a_city_by_two_greenery_or_ocean_tiles_or_does_nothing() -> None:
    state = position(map={"D4": ("greenery", "person"), "E5": ("ocean", "person")}, params={"oceans": 1})
    after, _, _ = bonus(state, "B05")
    assert tiles(after, tile="city") == ["D5"] and gone(after, "B05") == "removed"
    after, events, _ = bonus(position(), "B05")
    assert tiles(after) == [] and after["money"] == 0 and gone(after, "B05") == "discard"
    assert of(events, "no_effect") == [{"card": "B05"}]


@pytest.mark.parametrize(("start", "to", "money"), [(-26, -22, 2), (-28, -24, 2), (6, 8, 0), (-4, 0, 0)])
def test_b06_a_temperature_near_a_bonus_rises_by_two(start: int, to: int, money: int) -> None:
    after, _, _ = bonus(position(params={"temperature": start}), "B06")
    assert after["params"]["temperature"] == to and gone(after, "B06") == "removed"
    if to != 0:
        assert after["money"] == money and after["tr"] == 20 + (to - start) // 2


def test_b06_b_oxygen_near_a_bonus_gets_a_greenery_and_one_more_step() -> None:
    after, _, _ = bonus(position(params={"oxygen": 12}), "B06")
    assert after["params"]["oxygen"] == 14 and len(tiles(after, tile="greenery")) == 1
    assert after["tr"] == 22 and gone(after, "B06") == "removed"


def test_b06_c_ocean_next_to_two_oceans() -> None:
    state = position(map={"E4": ("ocean", "person"), "E6": ("ocean", "person")}, params={"oceans": 2})
    after, _, _ = bonus(state, "B06")
    assert tiles(after, tile="ocean") == ["E5"] and after["tr"] == 21 and gone(after, "B06") == "removed"


@pytest.mark.parametrize(
    ("params", "changed"),
    [
        ({}, ("temperature", -28)),
        ({"temperature": 0, "oxygen": 5}, ("oxygen", 6)),
        ({"temperature": 2, "oxygen": 14, "oceans": 6}, ("oceans", 7)),
    ],
)
def test_b06_d_raises_the_farthest_parameter(params: dict, changed: tuple[str, int]) -> None:
    after, _, _ = bonus(position(params=params), "B06")
    param, value = changed
    assert after["params"][param] == value and after["tr"] == 21 and gone(after, "B06") == "discard"


def test_b07_places_the_cmm_or_resolves_a_project_card() -> None:
    after, _, _ = bonus(position(), "B07", ["cost 1"])
    assert tiles(after, tile="cmm") == ["H3"] and gone(after, "B07") == "removed"
    crowded = {s: ("special", "person") for s in ("B3", "B4", "C2", "C3", "C4", "C5", "C6", "D4", "D5", "D6")}
    crowded |= {
        s: ("special", "person") for s in ("F3", "F4", "F5", "G2", "G3", "G4", "G5", "H2", "H3", "H4")
    }
    after, _events, asked = bonus(position(map=crowded), "B07", ["card space 12 noreq vp+"])
    assert asked == [{"kind": "card", "why": "cmm"}]
    assert after["tracks"]["space"] == 2 and gone(after, "B07") == "removed"
    assert after["played"] == [{"tags": ["space"], "cost": 12, "req": False, "vp": "pos"}]


def test_b08_helps_in_the_closest_funded_award_and_pays_5() -> None:
    state = position(money=7, awards={"scientist": "person", "miner": "person"}, tracks={"science": 4})
    after, _, asked = bonus(state, "B08", values={"scientist": 5, "miner": 20})
    assert asked == [{"kind": "values", "awards": ["scientist", "miner"], "why": "help"}]
    assert after["tracks"]["science"] == 5 and after["money"] == 2 and gone(after, "B08") == "discard"


def test_b08_where_marsbot_leads_everywhere_helps_where_it_leads_least() -> None:
    state = position(money=5, awards={"scientist": "person", "miner": "person"}, tracks={"science": 4})
    after, _, _ = bonus(state, "B08", values={"scientist": 0, "miner": 0})
    assert after["tracks"]["science"] == 5 and after["tracks"]["space"] == 0 and after["money"] == 0


@pytest.mark.parametrize(
    ("award", "tracks", "moved"),
    [
        ("banker", {"building": 2, "event": 1}, "event"),
        ("banker", {"building": 1, "event": 1}, "building"),
        ("thermalist", {"energy": 7}, "energy"),
        ("miner", {"space": 1}, "space"),
    ],
)
def test_b08_helper_actions(award: str, tracks: dict, moved: str) -> None:
    state = position(money=9, awards={award: "person"}, tracks=tracks)
    after, _, _ = bonus(state, "B08", values={award: 50})
    assert after["tracks"][moved] > tracks[moved] and after["money"] < 9


def test_b08_landlord_places_a_greenery_and_skips_awards_it_cannot_help() -> None:
    state = position(money=5, awards={"scientist": "person", "landlord": "person"}, tracks={"science": 18})
    after, _, _ = bonus(state, "B08", ["values scientist=18", "cost 1"])
    [space] = tiles(after, tile="greenery")
    assert after["params"]["oxygen"] == 1 and after["tracks"]["science"] == 18
    assert after["money"] == sum(rewards(after, space)) - 0  # 5 M€ paid, the tile's rewards gained


def test_b08_without_money_resolves_the_next_bonus_card_and_discards_both() -> None:
    state = position(money=4, awards={"scientist": "person"}, bonus_deck=["B02", "B03"])
    after, events, asked = bonus(state, "B08")
    assert asked == [] and of(events, "next_bonus") == [{"card": "B02"}]
    assert after["money"] == 9 and after["bonus_discard"] == ["B02", "B08"] and after["bonus_deck"] == ["B03"]


def test_b08_with_an_empty_bonus_deck_reshuffles_the_discard_not_the_removed() -> None:
    state = position(money=0, bonus_deck=[], bonus_discard=["B02"], removed=["B01"])
    after, events, _ = bonus(state, "B08")
    assert of(events, "bonus_reshuffled") == [{"size": 1}] and after["money"] == 5
    assert after["removed"] == ["B01"] and sorted(after["bonus_discard"]) == ["B02", "B08"]


@pytest.mark.parametrize(
    ("generation", "params", "changed"),
    [(3, {}, ("venus", 2)), (4, {}, ("temperature", -28)), (3, {"venus": 30}, ("temperature", -28))],
)
def test_b16_raises_a_parameter_without_tr_or_money(generation: int, params: dict, changed: tuple) -> None:
    state = position({"venus": True}, generation=generation, params={"temperature": -26} | params)
    state["params"]["temperature"] = -30
    after, _, _ = bonus(state, "B16")
    param, value = changed
    assert after["params"][param] == value
    assert after["tr"] == 20 and after["money"] == 0
    assert "B16" not in after["bonus_discard"] and "B16" not in after["removed"]


def test_b16s_bonus_ocean_that_cannot_be_placed_pays_nothing() -> None:
    """B16 raises the temperature to 0 °C with all oceans placed: "NEZÍSKÁ €", so no failed action."""
    state = position({"venus": True}, generation=4, params={"temperature": -2, "oxygen": 14, "oceans": 9})
    after, events, _ = bonus(state, "B16")
    assert after["params"]["temperature"] == 0
    assert of(events, "failed") == [] and after["money"] == 0 and after["tr"] == 20
