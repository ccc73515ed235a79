"""Where MarsBot puts its tiles on Tharsis, as the person would check it on the board: each kind's
legal spaces and ranking, the tie-break (adjacent oceans, then bonus icons, then counting through
the tied spaces by a revealed card's cost), its rewards, and the person's own tiles blocking and
counting."""

from __future__ import annotations

import pytest

from engine.core import IllegalMove
from engine.marsbot.game import GAME
from engine.marsbot.placement import best, counted, legal, person_spaces
from tests.engine.marsbot_support import RULES_1, of, play_card, position, tiles

CITY_CARD = "earth 10 noreq vp0"
"""Earth track space 1 is a city."""
OCEAN_CARD = "building+building 10 noreq vp0"
"""Building track space 2 is an ocean."""


def greenery(state: dict, answers: list[str] | None = None) -> tuple[dict, list, list]:
    """MarsBot's plant track moves from 2 to 3: a greenery."""
    state["tracks"]["plant"] = state["reached"]["plant"] = 2
    return play_card(state, "plant 10 noreq vp0", answers or [])


def test_an_ocean_on_an_empty_map_ties_seven_spaces_and_the_cost_counts_through_them() -> None:
    state = position()
    assert legal(state, "ocean") == ["A2", "A4", "A5", "B6", "D8", "E4", "E5", "E6", "F6", "F7", "F8", "I5"]
    _, tied, decided = best(state, "ocean")
    assert tied == ["A2", "B6", "D8", "E4", "E5", "E6", "I5"] and decided is None
    after, events, asked = play_card(state, "building+building 10 noreq vp0", ["cost 3"])
    assert asked[-1] == {"kind": "cost", "tile": "ocean", "tied": tied}
    assert tiles(after, tile="ocean") == ["D8"]
    assert of(events, "tie") == [{"tile": "ocean", "tied": tied, "count": 3, "space": "D8"}]
    assert after["money"] == 2 and after["tr"] == 21 and after["params"]["oceans"] == 1


@pytest.mark.parametrize(("cost", "space"), [(14, "B4"), (0, "B5"), (1, "A3"), (3, "B5"), (4, "A3")])
def test_three_tied_spaces_counted_by_cost(cost: int, space: str) -> None:
    """With an ocean on A4, the cities next to it (A3, B4, B5) tie: 1 ocean, no icons."""
    state = position(map={"A4": ("ocean", "person")}, params={"oceans": 1})
    _, tied, _ = best(state, "city")
    assert tied == ["A3", "B4", "B5"]
    after, _, asked = play_card(state, CITY_CARD, [f"cost {cost}"])
    assert asked[-1]["tied"] == ["A3", "B4", "B5"]
    assert tiles(after, tile="city") == [space]
    assert after["money"] == 2  # one adjacent ocean, no icon
    assert counted(tied, cost) == space


def test_adjacent_oceans_decide_before_bonus_icons() -> None:
    state = position(map={"E5": ("ocean", "person"), "F6": ("ocean", "person")}, params={"oceans": 2})
    after, events, asked = play_card(state, OCEAN_CARD)
    assert asked == [{"kind": "card", "why": "action"}]
    assert tiles(after, tile="ocean") == ["E6"]
    assert of(events, "tie_rank")[0]["rule"] == "oceans"
    assert after["money"] == 2 * 2 + 2  # two adjacent oceans, two plant icons


def test_bonus_icons_decide_when_oceans_tie() -> None:
    state = position(
        map={"D4": ("greenery", "person"), "D5": ("greenery", "person"), "C3": ("city", "person")}
    )
    _, tied, decided = best(state, "city")
    assert tied == ["D6"] and decided == "bonuses"
    after, events, _ = play_card(state, CITY_CARD)
    assert tiles(after, tile="city") == ["D6"]
    assert of(events, "tie_rank")[0] == {
        "tile": "city",
        "tied": ["C5", "D6"],
        "rule": "bonuses",
        "space": "D6",
    }


def test_a_city_goes_next_to_most_greeneries_of_either_owner_and_never_next_to_a_city() -> None:
    state = position(map={"D4": ("greenery", "person"), "D5": ("greenery", "marsbot")})
    after, _, asked = play_card(state, CITY_CARD)
    assert tiles(after, tile="city") == ["C4"] and len(asked) == 1
    blocked = position(map={"D4": ("greenery", "person"), "C3": ("city", "person")})
    assert "C4" not in legal(blocked, "city") and "D3" not in legal(blocked, "city")
    assert "C4" in legal(position(map={"C3": ("cmm", "marsbot")}), "city")  # the CMM is no city


def test_a_greenery_goes_next_to_marsbots_tiles_and_its_cities() -> None:
    state = position(map={"G3": ("city", "marsbot"), "G5": ("city", "marsbot")})
    assert set(legal(state, "greenery")) == {
        "G2",
        "G4",
        "F3",
        "F4",
        "H2",
        "H3",
        "G6",
        "F5",
        "F6",
        "H4",
        "H5",
    } - {"F6"}
    after, _, asked = greenery(state)
    assert tiles(after, tile="greenery") == ["G4"] and len(asked) == 1
    assert after["params"]["oxygen"] == 1 and after["tr"] == 21


def test_a_greenery_avoids_the_persons_cities() -> None:
    state = position(map={"I3": ("greenery", "marsbot"), "H3": ("city", "person")})
    assert legal(state, "greenery") == ["H4", "I2", "I4"]
    after, _, _ = greenery(state)
    assert tiles(after, tile="greenery") == ["I3", "I4"]


def test_without_marsbot_tiles_a_greenery_may_go_anywhere_and_ties_on_icons() -> None:
    state = position(map={"C4": ("city", "person")})
    _, tied, _ = best(state, "greenery")
    assert tied == ["A1", "D1", "E1", "E2", "E7", "E8", "E9", "F2", "H1", "I2"]
    after, _, _ = greenery(state, ["cost 14"])
    assert tiles(after, tile="greenery") == ["E2"]
    assert after["money"] == 2
    after, _, _ = greenery(state, ["cost 0"])
    assert tiles(after, tile="greenery") == ["I2"]


def test_b05_city_needs_two_greenery_or_ocean_neighbours() -> None:
    state = position(map={"D4": ("greenery", "person"), "E5": ("ocean", "person")}, params={"oceans": 1})
    assert legal(state, "city", "b05") == ["D5"]
    assert legal(position(map={"D4": ("greenery", "person")}), "city", "b05") == []


def test_the_cmm_keeps_off_the_edge_tiles_oceans_and_reserved_spaces() -> None:
    spaces = legal(position(), "cmm")
    assert "C3" in spaces and "C2" in spaces
    assert not {"D3", "B5", "A3", "E2", "D2", "E7"} & set(spaces)  # Noctis, ocean spaces, the edge
    assert "C3" not in legal(position(map={"C4": ("city", "person")}), "cmm")


def test_the_persons_tiles_block_spaces_and_are_refused_where_they_cannot_be_before_rules_2() -> None:
    state, events = GAME.apply(position(content=RULES_1), 0, "tile city C4")
    assert state["map"]["C4"] == {"tile": "city", "owner": "person"} and state["last"]["spaces"] == ["C4"]
    assert of(events, "tile") == [{"tile": "city", "space": "C4", "owner": "person", "reason": "report"}]
    assert "C4" not in legal(state, "city") and "C4" not in person_spaces(state, "greenery")
    for move, code in [
        ("tile city C4", "marsbot.space_taken"),
        ("tile ocean C5", "marsbot.not_ocean_space"),
        ("tile city E4", "marsbot.ocean_space"),
        ("tile greenery E3", "marsbot.reserved_space"),
        ("tile city A9", "marsbot.no_such_space"),
    ]:
        with pytest.raises(IllegalMove) as refused:
            GAME.apply(state, 0, move)
        assert refused.value.code == code
    noctis, _ = GAME.apply(state, 0, "tile city E3")
    assert noctis["map"]["E3"]["owner"] == "person"


def test_the_persons_ocean_and_greenery_move_the_parameters_without_marsbot_tr() -> None:
    state, _ = GAME.apply(position(params={"oxygen": 7}), 0, "tile greenery C4")
    assert state["params"]["oxygen"] == 8 and state["params"]["temperature"] == -28 and state["tr"] == 20
    state, _ = GAME.apply(state, 0, "tile ocean E4")
    assert state["params"]["oceans"] == 1 and state["tr"] == 20 and state["money"] == 0
    full = position(params={"oceans": 9})
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(full, 0, "tile ocean E4")
    assert refused.value.code == "marsbot.oceans_maxed"
