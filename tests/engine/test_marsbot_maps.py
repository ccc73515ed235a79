"""Hellas and Elysium, checked space by space against the open-source terraforming-mars project's
board definitions (HellasBoard.ts, ElysiumBoard.ts), and what each map changes for MarsBot: its
milestones and awards (the overview cards), its board, the map option."""

from __future__ import annotations

import pytest

from engine.marsbot import content
from engine.marsbot.awards import award_values, milestone_values, person_values, qualifies
from engine.marsbot.game import GAME, MarsBot
from engine.marsbot.maps import MAP_AWARDS, MAP_MILESTONES
from tests.engine.marsbot_support import marsbot_turn, position

# One token a space, rows A..I left to right: "~" = reserved for oceans, then one letter per
# bonus icon (p plant, s steel, t titanium, c card, h heat, o the south pole's ocean), "-" = none.
TABLE = {
    "hellas": [
        "~pp pp pp ps p",
        "~pp pp p ps p p",
        "~p p s s - pp pc",
        "~p p s ss s ~p ~p p",
        "c - - ss - ~c ~hhh ~ p",
        "t - s - - ~ ~s -",
        "~tt - - c - - t",
        "s c hh hh t t",
        "- hh o hh -",
    ],
    "elysium": [
        "~ ~t ~c ~s c",
        "t - - ~ ~ ss",
        "tt - c - ~p ~ ccc",
        "p p p ~pp p ~p ~p ps",
        "pp pp pp ~pp pp ppp pp pp pt",
        "s p p p p p p -",
        "t s - - s - -",
        "ss - - - ss -",
        "s - c c ss",
    ],
}
LETTER = {"p": "plants", "s": "steel", "t": "titanium", "c": "cards", "h": "heat", "o": "ocean"}


def expected(token: str) -> tuple[bool, dict[str, int]]:
    ocean, icons = token.startswith("~"), token.lstrip("~").strip("-")
    bonus: dict[str, int] = {}
    for letter in icons:
        bonus[LETTER[letter]] = bonus.get(LETTER[letter], 0) + 1
    return ocean, bonus


@pytest.mark.parametrize("name", ["hellas", "elysium"])
def test_every_space_matches_the_reference(name: str) -> None:
    mars = content.mars(1, name)
    for r, row in enumerate(TABLE[name]):
        tokens = row.split()
        assert len(tokens) == content.MAP_ROWS[r]
        for c, token in enumerate(tokens):
            space = mars.spaces[f"{'ABCDEFGHI'[r]}{c + 1}"]
            ocean, bonus = expected(token)
            assert (space.id, space.ocean, dict(space.bonus)) == (space.id, ocean, bonus)
            assert space.reserved is None  # Noctis City is Tharsis's
    assert sum(s.ocean for s in mars.spaces.values()) == 12


def test_named_places() -> None:
    elysium = content.mars(1, "elysium")
    names = {s.id: s.name for s in elysium.spaces.values() if s.name}
    assert names == {"B1": "hecates_tholus", "C1": "elysium_mons", "C7": "olympus_mons", "E9": "arsia_mons"}
    hellas = content.mars(1, "hellas")
    assert {s.id: s.name for s in hellas.spaces.values() if s.name} == {"I3": "south_pole"}
    assert hellas.spaces["E7"].bonus_count == 3  # three heat: MarsBot takes 3 M€ there


def test_each_maps_board_is_reconstructed_with_the_overview_cards_tracks() -> None:
    hellas = content.tracks(1, "tracks_hellas")
    assert hellas["science"].tags == ("science", "jovian")  # Rim Settler's "Jovian/science track"
    assert hellas["energy"].tags == ("power",)  # Energizer's "energy track"
    elysium = content.tracks(1, "tracks_elysium")
    assert elysium["plant"].tags == ("plant", "animal", "microbe")  # Ecologist's track
    for name in ("tracks_hellas", "tracks_elysium"):
        assert content.TRACK_LIBRARIES[name].content(1).reconstructed


def new(map_name: str | None = None, **options: object) -> dict:
    given = dict(options)
    if map_name is not None:
        given["map"] = map_name
    return MarsBot().new(1, given, seed=7)


@pytest.mark.parametrize("name", ["tharsis", "hellas", "elysium"])
def test_a_game_uses_its_maps_milestones_awards_and_board(name: str) -> None:
    state = new(name, venus=True)
    assert list(milestone_values(state)) == [*MAP_MILESTONES[name], "hoverlord"]
    assert list(award_values(state)) == [*MAP_AWARDS[name], "venuphile"]
    assert content.mars_of(state) is content.mars(1, content.MAP_FILES[name])


def test_the_default_map_is_tharsis_and_old_games_without_the_option_stay_on_it() -> None:
    assert new()["options"]["map"] == "tharsis"
    state = new()
    del state["options"]["map"]  # a game stored before the option existed
    for name in ("hellas", "elysium", "tracks_hellas", "tracks_elysium"):
        del state["content"][name]
    assert content.mars_of(state) is content.mars(1)
    old = {"tracks": 1, "mars": 1, "bonus": 1, "corporations": 1}
    assert content.pin(old) == old


def test_hellas_values_from_marsbots_board_money_and_tiles() -> None:
    state = new("hellas")
    state["tracks"] = dict.fromkeys(content.TRACK_IDS, 3) | {"energy": 6, "science": 6}
    state["money"] = 35
    state["map"] = {
        "H1": {"tile": "city", "owner": "marsbot"},
        "I1": {"tile": "greenery", "owner": "marsbot"},
        "I5": {"tile": "greenery", "owner": "marsbot"},
        "G2": {"tile": "greenery", "owner": "person"},
    }
    assert milestone_values(state) == {
        "diversifier": 3,
        "tactician": 35,
        "polar_explorer": 3,
        "energizer": 6,
        "rim_settler": 6,
    }
    assert qualifies(state) == list(MAP_MILESTONES["hellas"])
    values = award_values(state)
    assert values["cultivator"] == 2 and values["eccentric"] == 7 and values["space_baron"] == 6
    assert person_values(state, {})["cultivator"] == 1


def test_elysium_values_from_played_cards_tracks_and_tiles() -> None:
    state = new("elysium")
    state["tracks"] = dict.fromkeys(content.TRACK_IDS, 2) | {"plant": 10, "energy": 4}
    state["tr"] = 30
    card = {"req": False, "vp": "none"}
    state["played"] = [
        {"tags": ["event"], "cost": 20, **card},
        {"tags": ["building"], "cost": 25, **card},
        {"tags": [], "cost": 3, **card},
    ]
    state["map"] = {
        "F1": {"tile": "ocean", "owner": None},
        "F2": {"tile": "city", "owner": "marsbot"},
        "A5": {"tile": "city", "owner": "marsbot"},
        "G1": {"tile": "greenery", "owner": "person"},
    }
    assert milestone_values(state) == {
        "generalist": 2,
        "specialist": 10,
        "ecologist": 10,
        "tycoon": 2,
        "legend": 1,
    }
    assert award_values(state) == {
        "celebrity": 2,
        "industrialist": 9,
        "desert_settler": 1,
        "estate_dealer": 1,
        "benefactor": 15,
    }
    assert person_values(state, {"celebrity": 1, "industrialist": 2, "benefactor": 3}) == {
        "desert_settler": 1,
        "estate_dealer": 1,
        "celebrity": 1,
        "industrialist": 2,
        "benefactor": 3,
    }


def test_corporate_competition_on_elysium_helps_benefactor_with_two_tr() -> None:
    state = position({"map": "elysium"}, money=10, awards={"benefactor": "person"})
    after, events, asked = marsbot_turn(state, deck=("B08",), values={"benefactor": 30})
    assert [q["awards"] for q in asked] == [["benefactor"]]
    assert after["tr"] == state["tr"] + 2 and after["money"] == 5
    assert any(e.code == "marsbot.help" and e.params["award"] == "benefactor" for e in events)


def test_corporate_competition_on_hellas_places_a_greenery_for_cultivator() -> None:
    state = position({"map": "hellas"}, money=10, awards={"cultivator": "person"})
    after, events, asked = marsbot_turn(state, deck=("B08",))
    assert asked == [] or all(q["kind"] != "values" for q in asked)  # your greeneries are on the map
    assert [e["tile"] for e in after["map"].values()] == ["greenery"]
    assert any(e.code == "marsbot.help" and e.params["award"] == "cultivator" for e in events)


def test_magnate_help_reveals_until_a_card_is_not_an_event() -> None:
    """A game stored before rules version 4 keeps counting every non-event card (see
    ``test_marsbot_magnate`` for the green cards of new games)."""
    stored = {**GAME.new(1, {"map": "hellas"}, 7)["content"], "rules": 3}
    state = position({"map": "hellas"}, versions=stored, money=10, awards={"magnate": "person"})
    answers = ["values magnate=9", "card event 5 noreq vp0", "card building 8 noreq vp0"]
    after, events, asked = marsbot_turn(state, ("B08",), answers)
    assert [q["kind"] for q in asked] == ["values", "card", "card"]
    assert [q.get("why") for q in asked[1:]] == ["b08", "b08"]
    assert [e.params for e in events if e.code == "marsbot.card_unfit"] == [{"fits": "not_event"}]
    assert [c["tags"] for c in after["played"]] == [["building"]]  # the event was discarded
    assert after["tracks"]["building"] == 1 and after["money"] == 5


def test_celebrity_help_resolves_the_first_card_costing_20_or_more() -> None:
    state = position({"map": "elysium"}, money=10, awards={"celebrity": "person"})
    answers = ["values celebrity=9", "card space 19 noreq vp0", "card space 20 noreq vp0"]
    after, _, _ = marsbot_turn(state, ("B08",), answers)
    assert [c["cost"] for c in after["played"]] == [20]
    assert after["tracks"]["space"] == 2  # space 1 is "advance this track again"
