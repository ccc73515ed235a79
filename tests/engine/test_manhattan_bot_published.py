"""The bot player with the published cards (content version 2): it counts what a building burns,
and it uses espionage when another player's building makes its turn (it never did before)."""

from __future__ import annotations

from typing import Any

from engine.manhattan.bot_value import WORKER_USE, context, virtual
from engine.manhattan.content import buildings, spaces
from engine.manhattan.game import GAME
from tests.engine.manhattan_support import V1, seat_row

V2 = {"buildings": 2, "bombs": 2, "spaces": 2, "market": 2}


def _position(
    seat0: dict[str, Any], seat1_buildings: list[str], free: set[str] | None = None
) -> dict[str, Any]:
    """Seat 0 to place in a 3-player game of the published cards; seat 2 holds every main-board
    space but ``free`` (all free when ``None``)."""
    state = GAME.new(3, {}, 5, V2)
    state.update(phase="play", pending=None, active=0, order=[0, 1, 2])
    state["seats"] = [seat_row(**seat0), seat_row(buildings=seat1_buildings), seat_row()]
    if free is not None:
        taken = [s.id for s in spaces(2) if s.id not in free and not s.unlimited]
        state["spaces"] = {space: {"seat": 2, "workers": ["L"]} for space in taken}
        state["market"], state["deck"] = [None] * 7, []
    return state


def _turn(state: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    played: list[str] = []
    while 0 in GAME.to_act(state) and len(played) < 20:
        move = GAME.bot_move(state, 0, "normal")
        played.append(move.notation)
        state, _ = GAME.apply(state, 0, move)
    return state, played


def test_the_bot_counts_the_enriched_uranium_a_reactor_burns() -> None:
    state = _position({"home": {"S": 1}, "eu": 1, "buildings": ["R03"]}, [])
    ctx = context(state, 0)
    card = buildings(2)["R03"]
    free = ctx.yield_value(card.outputs[0]) - WORKER_USE["S"]
    assert ctx.use_value(card) < free - 0.01


def test_the_bot_spies_to_use_anothers_enrichment_plant_for_its_bomb() -> None:
    # Blue's enrichment plant (2 scientists, 6 ore, $7: 3 enriched uranium) brings the bot's
    # 30-point bomb from 3 to 6 enriched uranium; the spaces left make far less.
    seat0 = {
        "home": {"L": 1, "E": 2, "S": 2},
        "pool": {"L": 3, "E": 2, "S": 2},
        "ore": 14,
        "money": 10,
        "eu": 3,
        "hand": ["B15"],
    }
    state = _position(seat0, ["E02"], free={"spy", "factory2", "air1", "air2", "mine2", "uni1"})
    after, played = _turn(state)
    assert played[:2] == ["place spy L", "work E02 S+S"]
    assert after["seats"][0]["eu"] == 6 and after["seats"][0]["spies"] == 1


def test_without_a_bomb_in_hand_the_bot_aims_at_an_average_bomb_of_the_decks_version() -> None:
    # the reconstruction's figure was a constant (6 enriched uranium, 32 points); the published
    # uranium bombs are smaller (3-6 fuel, 9-30 points)
    assert virtual(GAME.new(3, {}, 1, V1)) == (6, 32.0)
    assert virtual(GAME.new(3, {}, 1, V2)) == (4, 22.0)
