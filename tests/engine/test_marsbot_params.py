"""The global parameters as MarsBot raises them: 1 TR per step, 2 M€ at -24 and -20 °C, an ocean
at 0 °C, a temperature step at 8 % oxygen, 1 M€ at 8 % Venus and 1 TR at 16 %; the person's own
raises give MarsBot nothing and stop at the targets."""

from __future__ import annotations

import pytest

from engine.core import IllegalMove
from engine.marsbot.game import GAME
from tests.engine.marsbot_support import of, play_card, position, tiles

TEMP = "building 5 noreq vp0"
"""Building track 5 -> 6: +1 temperature step."""
TEMP2 = "event 5 noreq vp0"
"""Event track 15 -> 16: +2 temperature steps."""


@pytest.mark.parametrize(("start", "money"), [(-26, 2), (-22, 2), (-28, 0), (-24, 0)])
def test_minus_24_and_minus_20_pay_2(start: int, money: int) -> None:
    after, _, _ = play_card(position(tracks={"building": 5}, params={"temperature": start}), TEMP)
    assert after["params"]["temperature"] == start + 2
    assert after["money"] == money and after["tr"] == 21


def test_two_temperature_steps_past_both_heat_bonuses() -> None:
    after, _events, _ = play_card(position(tracks={"event": 15}, params={"temperature": -26}), TEMP2)
    assert after["params"]["temperature"] == -22 and after["money"] == 2 and after["tr"] == 22
    after, _, _ = play_card(position(tracks={"event": 15}, params={"temperature": 6}), TEMP2)
    assert after["params"]["temperature"] == 8 and after["tr"] == 21 and after["money"] == 0


def test_zero_degrees_places_marsbots_ocean() -> None:
    after, events, _ = play_card(position(tracks={"building": 5}, params={"temperature": -2}), TEMP)
    assert after["params"]["temperature"] == 0
    [_ocean] = tiles(after, tile="ocean")
    assert of(events, "tile")[0]["reason"] == "temperature"
    assert after["params"]["oceans"] == 1 and after["tr"] == 22


def test_eight_percent_oxygen_raises_the_temperature() -> None:
    before = position(tracks={"plant": 2}, params={"oxygen": 7})
    after, _, _ = play_card(before, "plant 5 noreq vp0")
    assert after["params"]["oxygen"] == 8 and after["params"]["temperature"] == -28
    assert after["tr"] == 22


def test_oxygen_at_its_target_still_gets_the_greenery_without_tr() -> None:
    before = position(tracks={"plant": 2}, params={"oxygen": 14})
    after, events, _ = play_card(before, "plant 5 noreq vp0")
    assert len(tiles(after, tile="greenery")) == 1 and after["tr"] == 20
    assert of(events, "failed") == []


@pytest.mark.parametrize(("start", "money", "tr"), [(6, 1, 21), (14, 0, 22), (10, 0, 21)])
def test_venus_bonuses(start: int, money: int, tr: int) -> None:
    before = position({"venus": True}, tracks={"space": 6}, params={"venus": start})
    after, _, _ = play_card(before, "space 5 noreq vp0")
    assert after["params"]["venus"] == start + 2
    assert after["money"] == money and after["tr"] == tr


def test_venus_at_its_target_is_a_failed_action() -> None:
    before = position({"venus": True}, tracks={"space": 6}, params={"venus": 30})
    after, events, _ = play_card(before, "space 5 noreq vp0")
    assert of(events, "failed")[0]["reason"] == "maxed" and after["money"] == 5


def test_the_persons_raises_give_marsbot_nothing() -> None:
    state, events = GAME.apply(position(params={"oxygen": 6}), 0, "raise oxygen 3")
    assert state["params"]["oxygen"] == 9 and state["params"]["temperature"] == -28
    assert state["tr"] == 20 and state["money"] == 0
    assert of(events, "raised") == [{"param": "oxygen", "steps": 3, "from": 6, "to": 9}]
    state, _ = GAME.apply(position(params={"temperature": -26}), 0, "raise temperature 2")
    assert state["params"]["temperature"] == -22 and state["money"] == 0


@pytest.mark.parametrize(
    ("move", "params", "options", "code"),
    [
        ("raise temperature 3", {"temperature": 4}, {}, "marsbot.beyond_maximum"),
        ("raise oxygen 1", {"oxygen": 14}, {}, "marsbot.beyond_maximum"),
        ("raise venus 1", {}, {}, "marsbot.no_venus"),
        ("raise venus 2", {"venus": 28}, {"venus": True}, "marsbot.beyond_maximum"),
    ],
)
def test_a_raise_beyond_the_target_is_refused(move: str, params: dict, options: dict, code: str) -> None:
    state = position(options, params=params)
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, move)
    assert refused.value.code == code
