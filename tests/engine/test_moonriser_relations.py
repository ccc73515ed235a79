"""Bonus relationships, Productive neighbourhoods, conditions, production and scoring on hand-made
positions, with the rulebooks' examples and their numbers.

Positions use only the seed tiles: M1–M4 (Main bases), B01 He3 harvester (radiation a on edges 0
and 2, Empty space on edge 4, +1 green per radiation relationship), A01 Fusion power plant
(radiation b on 0 and 2, energy b on 4, +1 green per radiation relationship) and A02 Energy lab
(energy a on 1 and 4, +1 blue, +1 green per energy relationship whose partner has a radiation one).
"""

from __future__ import annotations

from engine.moonriser.game import GAME
from engine.moonriser.production import production
from engine.moonriser.relations import colony, fulfilled, hoods, links
from engine.moonriser.scoring import scores
from tests.engine.moonriser_support import hex_of, position, special_tiles, step, tiles_folder

FUSION = "D5"
EAST, SOUTH_WEST, NORTH_WEST = step(FUSION, 0), step(FUSION, 2), step(FUSION, 4)
HE3_FACING_WEST = 3
"""He3 harvester turned 3: its radiation edge 0 faces west (and edge 2 north-east)."""


def fusion_example(upgraded: tuple[bool, bool] = (False, False), owners: tuple[int, int] = (0, 0)) -> dict:
    return position(
        tiles={
            FUSION: ("A01", owners[1], 0, upgraded[1]),
            EAST: ("B01", owners[0], HE3_FACING_WEST, upgraded[0]),
        }
    )


def test_a_relationship_forms_when_opposite_halves_meet_across_an_edge() -> None:
    state = fusion_example()
    tiles = colony(state)
    assert [(kind) for _, _, kind in links(tiles)] == ["radiation"]
    # Turned 0, no symbol faces the plant (its halves point east and south-west): nothing forms.
    state = position(tiles={FUSION: ("A01", 0, 0), EAST: ("B01", 0, 0)})
    assert links(colony(state)) == []
    # Two b halves (two plants) never form a relationship.
    state = position(tiles={FUSION: ("A01", 0, 0), EAST: ("A01", 0, 3)})
    assert links(colony(state)) == []


def test_vp_of_a_relationship_between_two_players_is_2_then_3_then_4_as_tiles_are_upgraded() -> None:
    """The book: A and B form a relationship for 2 VP (1 each); A upgraded: 3 (A 2, B 1); both: 4."""
    he3_value, fusion_value = 1, 3
    shares = []
    for upgraded in ((False, False), (True, False), (True, True)):
        rows = scores(fusion_example(upgraded, owners=(0, 1)))
        shares.append((rows[0]["relations"], rows[1]["relations"]))
        assert rows[0]["tiles"] == he3_value * (2 if upgraded[0] else 1)
        assert rows[1]["tiles"] == fusion_value * (2 if upgraded[1] else 1)
    assert shares == [(1, 1), (2, 1), (2, 2)]
    assert [a + b for a, b in shares] == [2, 3, 4]


def test_a_relationship_of_two_players_gives_each_tile_with_the_condition_its_bonus() -> None:
    """Jarda's He3 harvester and Honza's Fusion power plant: both produce +1 green."""
    state = fusion_example(owners=(0, 1))
    tiles = colony(state)
    assert production(tiles, 0) == {"blue": 0, "red": 0, "green": 1}
    assert production(tiles, 1) == {"blue": 0, "red": 0, "green": 1}
    rows = scores(state)
    assert (rows[0]["relations"], rows[1]["relations"]) == (1, 1)


def test_the_fusion_fellowship_example_produces_as_the_book_says() -> None:
    """He3 harvester 1 green, Fusion power plant 1 green, Energy lab 1 blue + 1 green; a second
    He3 harvester on the plant's other radiation edge makes the plant produce 2 green."""
    tiles_on = {
        FUSION: ("A01", 0, 0),
        EAST: ("B01", 0, HE3_FACING_WEST),
        NORTH_WEST: ("A02", 0, 0),
    }
    tiles = colony(position(tiles=tiles_on))
    assert fulfilled(tiles, hex_of(EAST), "radiation") == 1
    assert fulfilled(tiles, hex_of(FUSION), "radiation") == 1
    assert fulfilled(tiles, hex_of(NORTH_WEST), "energy", "radiation") == 1
    assert production(tiles, 0) == {"blue": 1, "red": 0, "green": 3}
    view = GAME.view(position(tiles=tiles_on), None)
    assert view["production"][0] == {"blue": 1, "red": 0, "green": 3}

    # Second He3 harvester south-west of the plant: its radiation edge 2 turned 3 faces north-east.
    tiles_on[SOUTH_WEST] = ("B01", 0, 3)
    tiles = colony(position(tiles=tiles_on))
    assert fulfilled(tiles, hex_of(FUSION), "radiation") == 2
    assert production(tiles, 0) == {"blue": 1, "red": 0, "green": 1 + 1 + 2 + 1}


def test_the_complex_condition_needs_the_partner_in_a_second_relationship() -> None:
    """Energy lab beside a Fusion power plant with no He3 harvester: only the blue bonus."""
    tiles = colony(position(tiles={FUSION: ("A01", 0, 0), NORTH_WEST: ("A02", 0, 0)}))
    assert [kind for _, _, kind in links(tiles)] == ["energy"]
    assert fulfilled(tiles, hex_of(NORTH_WEST), "energy", "radiation") == 0
    assert production(tiles, 0) == {"blue": 1, "red": 0, "green": 0}


def test_an_upgraded_tile_doubles_its_bonus() -> None:
    tiles = colony(fusion_example(upgraded=(True, False), owners=(0, 1)))
    assert production(tiles, 0)["green"] == 2
    assert production(tiles, 1)["green"] == 1


def test_a_main_base_produces_its_level_in_blue_and_green() -> None:
    state = position(tiles={"B2": ("M1", 0, 0)})
    assert production(colony(state), 0) == {"blue": 1, "red": 0, "green": 1}
    state["tiles"]["B2"]["level"] = 3
    assert production(colony(state), 0) == {"blue": 3, "red": 0, "green": 3}
    assert scores(state)[0]["total"] == 0


def test_unconditioned_bonus_counts_without_any_neighbour() -> None:
    tiles = colony(position(tiles={FUSION: ("A02", 1, 2)}))
    assert production(tiles, 1) == {"blue": 1, "red": 0, "green": 0}
    assert production(tiles, 0) == {"blue": 0, "red": 0, "green": 0}


def test_yellow_tokens_are_victory_points() -> None:
    state = fusion_example()
    state["seats"][0]["tokens"]["yellow"] = 4
    row = scores(state)[0]
    assert row == {"tiles": 4, "relations": 2, "neighbourhoods": 0, "yellow": 4, "total": 10}


# --------------------------------------------------------------------------- neighbourhoods
# Made-up tiles (the seed has no corner colours): B02 green and B07 red in all six corners.

POINT = (FUSION, step(FUSION, 0), step(FUSION, 1))
"""Three fields meeting at one point (the lower-right corner of the first)."""


def test_three_corners_of_one_colour_make_a_neighbourhood_that_produces_for_one_owner() -> None:
    with tiles_folder(special_tiles()):
        state = position(tiles={field: ("B02", 0, 0) for field in POINT})
        tiles = colony(state)
        assert [colour for colour, _ in hoods(tiles)] == ["green"]
        assert production(tiles, 0) == {"blue": 0, "red": 0, "green": 1}
        assert scores(state)[0]["neighbourhoods"] == 3
        (hood,) = GAME.view(state, None)["hoods"]
        assert hood["colour"] == "green" and sorted(hood["fields"]) == sorted(POINT)


def test_a_neighbourhood_of_several_owners_produces_nothing_and_shares_its_points() -> None:
    with tiles_folder(special_tiles()):
        state = position(
            tiles={POINT[0]: ("B02", 0, 0), POINT[1]: ("B02", 1, 0), POINT[2]: ("B02", 0, 0, True)}
        )
        tiles = colony(state)
        assert production(tiles, 0)["green"] == 0 and production(tiles, 1)["green"] == 0
        rows = scores(state)
        assert (rows[0]["neighbourhoods"], rows[1]["neighbourhoods"]) == (1 + 2, 1)


def test_corners_of_different_colours_make_no_neighbourhood() -> None:
    with tiles_folder(special_tiles()):
        state = position(tiles={POINT[0]: ("B02", 0, 0), POINT[1]: ("B02", 0, 0), POINT[2]: ("B07", 0, 0)})
        assert list(hoods(colony(state))) == []
        state = position(tiles={POINT[0]: ("B02", 0, 0), POINT[1]: ("B02", 0, 0)})
        assert list(hoods(colony(state))) == []
